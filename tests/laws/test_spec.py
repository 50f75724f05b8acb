"""What the law modules write with (fsm.laws.spec): a guard is registered once under its name,
and an expression that reads or uses what the board context does not declare is refused when it
is written, before any machine is built."""

import pytest

from fsm.engine import ExpressionError
from fsm.laws.spec import guard


def test_a_name_is_registered_once():
    guard("a", "a", "twice_registered_example", True)
    with pytest.raises(ValueError, match="registered twice"):
        guard("b", "b", "twice_registered_example", False)


def test_a_guard_reading_an_unknown_variable_is_refused_when_written():
    with pytest.raises(ExpressionError, match="unknown variable 'table.no_such_thing'"):
        guard("c", "c", "reads_nothing_known", {"var": "table.no_such_thing"})
    with pytest.raises(ExpressionError, match="unknown operator 'lhoo'"):
        guard("c", "c", "misspelt_operator", {"lhoo": ["N"]})
    with pytest.raises(ExpressionError, match="'lho' takes 1 argument"):
        guard("c", "c", "wrong_arity", {"lho": ["N", "E"]})
