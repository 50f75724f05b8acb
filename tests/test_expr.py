"""The generic expression compiler (fsm.engine.expr), on a toy vocabulary that knows no bridge."""

import pytest

from fsm.engine import ExpressionError, Vocabulary


def toy() -> Vocabulary:
    v = Vocabulary()
    v.variable("box.size", "integer", "how big")(lambda r, e: r["size"])
    v.variable("box.items", "object[]", "what is inside", items={"colour": "string", "weight": "integer"})(
        lambda r, e: r["items"]
    )
    v.variable("box.label", "string|null", "its label")(lambda r, e: r.get("label"))
    v.variable("event.colour", "string", "the colour asked for")(lambda r, e: e)
    v.operator("double", ("n",), "twice n", (({"double": 2}, "", 4),))(lambda r, e, n: None if n is None else 2 * n)
    return v


RECORD = {"size": 3, "items": [{"colour": "red", "weight": 2}, {"colour": "blue", "weight": 5}]}


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        ({"==": [{"var": "box.size"}, 3]}, True),
        ({"!=": [{"var": "box.size"}, 3]}, False),
        ({"==": [{"var": "box.label"}, None]}, True),
        ({"var": ["box.label", "none"]}, "none"),
        ({"!": {"var": "box.size"}}, False),
        ({"!!": [[]]}, False),
        ({"and": [True, {"var": "box.size"}]}, 3),
        ({"and": [0, 1]}, 0),
        ({"or": [None, 0, "x"]}, "x"),
        ({"if": [False, "a", {"==": [1, 1]}, "b", "c"]}, "b"),
        ({"if": [False, "a", "c"]}, "c"),
        ({"first": [{"var": "box.items"}]}, {"colour": "red", "weight": 2}),
        ({"first": [{"var": "box.items"}, {">": [{"var": "weight"}, 3]}]}, {"colour": "blue", "weight": 5}),
        ({"first": [{"var": "box.items"}, {">": [{"var": "weight"}, 9]}]}, None),
        ({"cat": ["a", {"var": "box.size"}, None, ":", True]}, "a3:true"),
        ({"<": [1, {"var": "box.size"}, 5]}, True),
        ({">": [{"var": "box.label"}, 0]}, False),  # a comparison with null is false
        ({"in": ["red", ["red", "blue"]]}, True),
        ({"in": ["red", {"var": "box.label"}]}, False),
        ({"some": [{"var": "box.items"}, {"==": [{"var": "colour"}, {"ctx": "event.colour"}]}]}, True),
        ({"all": [{"var": "box.items"}, {">": [{"var": "weight"}, 1]}]}, True),
        ({"all": [[], True]}, False),
        ({"none": [{"var": "box.items"}, {">": [{"var": "weight"}, 4]}]}, False),
        ({"count": [{"var": "box.items"}]}, 2),
        ({"count": [{"var": "box.items"}, {">": [{"var": "weight"}, 4]}]}, 1),
        ({"filter": [[1, 2, 3], {">": [{"var": ""}, 1]}]}, [2, 3]),
        ({"double": [{"var": "box.size"}]}, 6),
        ({"some": [{"var": "box.items"}, {"==": [{"double": [{"var": "weight"}]}, 10]}]}, True),
        ([{"var": "box.size"}, 1], [3, 1]),
        ({"map": [{"var": "box.items"}, {"var": "colour"}]}, ["red", "blue"]),
        # an array operation inside another reads its array from the outer item
        ({"some": [[[1, 5], [2]], {"some": [{"var": ""}, {">": [{"var": ""}, 4]}]}]}, True),
        ({"filter": [[[1, 5], [2]], {"none": [{"var": ""}, {">": [{"var": ""}, 4]}]}]}, [[2]]),
    ],
)
def test_builtins_and_host_operators(expr, value):
    assert toy().compile(expr)(RECORD, "red") == value


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ({"var": "box.colour"}, "unknown variable 'box.colour'"),
        ({"triple": [1]}, "unknown operator 'triple'"),
        ({"double": [1, 2]}, "'double' takes 1 argument"),
        ({"==": [1]}, "'==' takes two arguments"),
        ({"some": [[1]]}, "'some' takes an array and a predicate"),
        ({"a": 1, "b": 2}, "not an expression"),
        ({"!": [1, 2]}, "'!' takes one argument"),
        ({"and": [{"var": "box.colour"}, True]}, "unknown variable 'box.colour'"),
    ],
)
def test_a_bad_expression_is_refused_when_compiled(expr, message):
    with pytest.raises(ExpressionError, match=message):
        toy().compile(expr)


def test_what_an_expression_reads_and_uses():
    v = toy()
    expr = {"and": [{"double": [{"var": "box.size"}]}, {"some": [{"var": "box.items"}, {"ctx": "event.colour"}]}]}
    assert v.reads(expr) == {"box.size", "box.items", "event.colour"}  # an item's field is no variable
    assert v.uses(expr) == {"double"}
