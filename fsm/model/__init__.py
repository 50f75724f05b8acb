"""The executable model: the machine the law families make, run by the engine with the bridge as
its host; the Board that drives one deal through it; the scenario format that plays and checks a
board; and the drawings of the machine and of a board's path."""
