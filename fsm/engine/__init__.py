"""The generic engine: what runs rules written as data. It knows no word of its host and imports
nothing else of the package: the host gives it its tables, its events and a vocabulary (the
context its expressions read and the operators they use, the effects its actions apply)."""

from fsm.engine.expr import BUILTINS, Definition, ExpressionError, Operator, Variable, Vocabulary

__all__ = ["BUILTINS", "Definition", "ExpressionError", "Operator", "Variable", "Vocabulary"]
