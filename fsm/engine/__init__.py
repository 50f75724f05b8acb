"""The generic engine: what runs rules written as data. It knows no bridge and imports nothing
else of the package; the bridge gives it a vocabulary (the context and its operators)."""

from fsm.engine.expr import BUILTINS, ExpressionError, Operator, Variable, Vocabulary

__all__ = ["BUILTINS", "ExpressionError", "Operator", "Variable", "Vocabulary"]
