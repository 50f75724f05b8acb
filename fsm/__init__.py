"""An executable, drawable model of the bridge auction under the Laws of Duplicate Bridge (2017)."""

from fsm.bridge.calls import Call, Card, Seat, Strain, parse_call, parse_card, parse_seat
from fsm.bridge.errors import FsmError, IllegalEvent, InputError, ScenarioError
from fsm.model.board import Board, Step

__all__ = [
    "Board", "Step", "Call", "Card", "Seat", "Strain", "parse_call", "parse_card", "parse_seat",
    "FsmError", "IllegalEvent", "InputError", "ScenarioError",
]  # fmt: skip


def __getattr__(name: str) -> str:
    """``fsm.__version__``, read from the installed package's metadata when first asked."""
    if name != "__version__":
        raise AttributeError(name)
    from fsm.interop import version

    return version()
