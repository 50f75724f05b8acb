"""The random events of the fuzz and thread tests are the package's own (the corpus's random tier
is made of them too)."""

from fsm.interop.randomplay import CALLS, CARDS, JUNK, SEATS, SUITS, arguments, play, random_event

__all__ = ["CALLS", "CARDS", "JUNK", "SEATS", "SUITS", "arguments", "play", "random_event"]
