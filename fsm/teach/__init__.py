"""What the classroom sees: sentences, the stepping through a board, the overview, the A4 sheets,
the pages, the quiz, the stepper widgets, and the demo."""
