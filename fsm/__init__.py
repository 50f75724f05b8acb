"""An executable, drawable model of the bridge auction under the Laws of Duplicate Bridge (2017)."""

from fsm.board import Board, Step
from fsm.calls import Call, Card, Seat, Strain, parse_call, parse_card, parse_seat
from fsm.errors import FsmError, IllegalEvent, InputError, ScenarioError

__all__ = [
    "Board", "Step", "Call", "Card", "Seat", "Strain", "parse_call", "parse_card", "parse_seat",
    "FsmError", "IllegalEvent", "InputError", "ScenarioError",
]  # fmt: skip


def __getattr__(name: str) -> str:
    """``fsm.__version__``, read from the installed package's metadata when first asked."""
    if name != "__version__":
        raise AttributeError(name)
    from importlib.metadata import PackageNotFoundError, version  # slow to import: only when asked

    try:
        return version("fsm-bridge-auction")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0+unknown"
