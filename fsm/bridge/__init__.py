"""The game: seats, calls and cards, the auction and what it asks of its calls, the records a
table holds, the table itself, the event vocabulary, and what the Laws' expressions and effects
read and change on it (the context and the effects). It knows no law family: the Laws are
written over it, in :mod:`fsm.laws`."""
