"""The Laws: one module per law family, each contributing states, rules (transitions), options,
decisions and triggers (found through :mod:`fsm.laws.registry`); what the families write with
(:mod:`fsm.laws.spec`); shared pieces of law (offenders and option holders, acceptance, what a
withdrawn call leaves behind, the classification of a call); and the FFB's words of the Laws
(:mod:`fsm.laws.lawtext`)."""

# The words of the Laws the expressions call (« suffisante », « licite »...), defined before any rule is compiled.
from fsm.laws import definitions as definitions  # noqa: E402
