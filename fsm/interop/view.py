"""The board context as JSON: what the guards' expressions read, one value per variable.

Another implementation builds the same mapping from its own board (the variables are listed, with
their types and meanings, in the export's ``context`` and in docs/expressions.md) and evaluates
the exported expressions over it. Within the project the expressions are compiled to closures
that read the board directly (:mod:`fsm.bridge.context`); a test checks, at every event of the corpus,
that an evaluation over this JSON mapping gives what the closures give.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from fsm.bridge.context import CONTEXT

if TYPE_CHECKING:
    from fsm.bridge.events import Event
    from fsm.bridge.table import Table


def data_view(table: Table, event: Event) -> dict[str, Any]:
    """Each variable of the context by its dotted name, as a JSON value."""
    values = {name: v.get(table, event) for name, v in CONTEXT.variables.items()}
    return json.loads(json.dumps(values))  # seats and strains become their letters, tuples arrays
