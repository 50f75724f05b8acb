"""An executable, drawable model of the bridge auction under the Laws of Duplicate Bridge (2017)."""

from importlib.metadata import PackageNotFoundError, version

from fsm.board import Board, Step
from fsm.calls import Call, Card, Seat, Strain, parse_call, parse_card, parse_seat
from fsm.errors import FsmError, IllegalEvent, InputError, ScenarioError

__all__ = [
    "Board", "Step", "Call", "Card", "Seat", "Strain", "parse_call", "parse_card", "parse_seat",
    "FsmError", "IllegalEvent", "InputError", "ScenarioError",
]  # fmt: skip
try:
    __version__ = version("fsm-bridge-auction")
except PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0+unknown"
