"""Boards may be driven from many threads at once: the shared engine holds no board, and each
board's outcome is the one a sequential run gives."""

import threading

import pytest

from fsm import Board, FsmError

from .randomplay import SEATS, play

BOARDS = 200
THREADS = 8


def outcome(seed, events, runner):
    board = Board(dealer=SEATS[seed % 4], runner=runner)
    out = []
    for name, args in events:
        try:
            board.apply(name, args)
            out.append(("ok", board.snapshot()))
        except FsmError as err:
            out.append(("refused", err.law))
    return out


@pytest.mark.parametrize("runner", ["compiled", "transitions"])
def test_eight_threads_give_the_sequential_outcomes(runner):
    sequences = {seed: play(seed, 40) for seed in range(BOARDS)}
    expected = {seed: outcome(seed, events, runner) for seed, events in sequences.items()}
    got: dict[int, list] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def work(seeds):
        start.wait()
        try:
            for seed in seeds:
                got[seed] = outcome(seed, sequences[seed], runner)
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=work, args=(range(i, BOARDS, THREADS),)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]
    diverged = [seed for seed in sequences if got[seed] != expected[seed]]
    assert not diverged, f"{len(diverged)} boards differ from their sequential run, e.g. seed {diverged[0]}"


def test_both_runners_agree_on_random_events():
    """The compiled dispatch and the transitions machine: the same steps, snapshots and refusals."""
    for seed in range(150):
        events = play(seed, 40)
        compiled, transitions = Board(dealer=SEATS[seed % 4]), Board(dealer=SEATS[seed % 4], runner="transitions")
        for name, args in events:
            outcomes = []
            for board in (compiled, transitions):
                try:
                    steps = board.apply(name, args)
                    outcomes.append(([s.as_dict() for s in steps], board.snapshot(), board.options()))
                except FsmError as err:
                    outcomes.append((type(err).__name__, err.law))
            assert outcomes[0] == outcomes[1], (seed, name, args)
