"""One module per law family; each contributes states, rules (transitions) and options."""
