"""Fuzzing ``check``: mutated PBN texts never raise, never hang, and every damaged game is named.

The seeds are the small texts in ``tests/data/pbn`` and one written here; the mutations are
seeded, hence the same on every run: truncation, byte flips, deleted tag lines, binary garbage,
a huge line. A generous alarm guards against a hang; it is no speed assertion.
"""

import contextlib
import functools
import io
import json
import random
import re
import signal
from pathlib import Path

import pytest

from fsm.cli import main
from fsm.interop import pbn

DATA = Path(__file__).parent / "data" / "pbn"
WRITTEN = b"""[Event "Fuzz"]
[Board "9"]
[Dealer "W"]
[Vulnerable "EW"]
[Declarer "^N"]
[Contract "4SX"]
[Auction "W"]
1H ^I 1D! Pass 1S =1= {why} ;
- ^S 2H X 4S? $2
X AP
[Note "1:note"]
[Play "E"]
^L HA H2 H3 H4
*

[Event "#"]
[Board "10"]
[Dealer "N"]
[Auction "N"]
Pass Pass Pass Pass
"""
HANG_GUARD = 60  # seconds for one input: only a hang takes that long
HEAD = re.compile(r"^(?P<file>.+?), game (?P<game>\d+) \(board .*\), line (?P<line>\d+): ")


def _seeds() -> list[tuple[str, bytes]]:
    seeds = [("written", WRITTEN), ("session", (DATA / "session.pbn").read_bytes())]
    seeds += [(p.stem, p.read_bytes()) for p in sorted((DATA / "reference").glob("*.pbn"))]
    return seeds


@functools.cache
def _mutants() -> list[tuple[str, bytes]]:
    rng = random.Random(2017)
    out: list[tuple[str, bytes]] = []
    for name, data in _seeds():
        size = len(data)
        for i in range(6):
            out.append((f"{name}-truncated-{i}", data[: rng.randrange(size)]))
        for i in range(6):
            flipped = bytearray(data)
            for _ in range(rng.randint(1, 12)):
                flipped[rng.randrange(size)] = rng.randrange(256)
            out.append((f"{name}-flipped-{i}", bytes(flipped)))
        lines = data.split(b"\n")
        for i in range(4):
            kept = [line for line in lines if not (line.lstrip().startswith(b"[") and rng.random() < 0.3)]
            out.append((f"{name}-untagged-{i}", b"\n".join(kept)))
        for i in range(3):
            at = rng.randrange(size)
            garbage = bytes(rng.randrange(256) for _ in range(rng.randint(1, 2000)))
            out.append((f"{name}-garbage-{i}", data[:at] + garbage + data[at:]))
        punctuation = bytes(rng.choice(b'[]{}";%\\^=$!?* \t\r\n') for _ in range(400))
        out.append((f"{name}-punctuation", data[: size // 2] + punctuation + data[size // 2 :]))
    out.append(("binary", bytes(random.Random(1).randrange(256) for _ in range(50_000))))
    out.append(("huge-auction-line", WRITTEN.replace(b"X AP", b"Pass 1H " * 150_000)))
    out.append(("huge-value", b'[Event "' + b"v" * 1_500_000 + b'"]\n[Dealer "N"]\n'))
    out.append(("huge-tags", b'[Event "x"][Dealer "N"] [a "' * 40_000))
    out.append(("huge-brackets", b"[{" * 300_000 + b"\n" + WRITTEN))
    return out


@contextlib.contextmanager
def _hang_guard(seconds: int):
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def hung(signum, frame):  # noqa: ANN001, ANN202
        raise TimeoutError(f"no answer after {seconds} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _check(path: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with _hang_guard(HANG_GUARD), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", "--jobs", "1", *args, str(path)])
    return code, out.getvalue(), err.getvalue()


def test_mutated_records_are_answered_and_every_damaged_game_is_named(tmp_path):
    checked = damaged = 0
    for name, data in _mutants():
        path = tmp_path / f"{name}.pbn"
        path.write_bytes(data)
        code, out, err = _check(path)
        assert code in (0, 2), (name, out[-2000:], err)
        assert "Traceback" not in out + err and "erreur interne" not in out.split("\n\n")[0], name
        # Every game the reader found damaged (a warning, an error) has its head: file, game, line.
        heads = {(m["game"], m["line"]) for m in map(HEAD.match, out.splitlines()) if m and m["file"] == str(path)}
        count = 0
        for count, game in enumerate(pbn.games(path), 1):  # noqa: B007 (counted)
            outcome = pbn.replay_safe(game)
            assert not outcome.internal_error, (name, outcome.error)
            if outcome.error or outcome.warnings:
                damaged += 1
                assert (str(game.number), str(game.line)) in heads, (name, game.number, out[-2000:])
                assert all(re.match(r"line \d+: |further warnings", w) for w in outcome.warnings), outcome.warnings
        assert (count == 0) == ("no PBN game" in out), name
        checked += 1
    assert checked > 100 and damaged > 50, (checked, damaged)


@pytest.mark.parametrize("name", ["huge-auction-line", "binary", "written-garbage-0"])
def test_mutants_in_json(tmp_path, name):
    data = dict(_mutants())[name]
    path = tmp_path / "m.pbn"
    path.write_bytes(data)
    code, out, _ = _check(path, "--json")
    assert code in (0, 2)
    report = json.loads(out)
    for board in report["boards"]:
        assert board["file"] == str(path) and board["game"] >= 1 and board["line"] >= 1
