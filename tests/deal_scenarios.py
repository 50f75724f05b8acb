"""Deal the corpus's boards: a deal for every scenario that has none, written into its YAML file.

``python -m tests.deal_scenarios [--write]`` (without ``--write`` it only says what it would deal).

A deal must hold every card the events lead or expose in the hand of the seat that shows it (the
scenario loader refuses one that does not). Beyond that, a class reads the hands beside the
auction, so the deal follows the calls roughly, as a teacher dealing a board by hand would: the
first bid of the auction comes from a hand of 11 points or more, and the first two suits each
player bids naturally are suits of four cards or more in his hand. The deal is drawn at random
under those constraints, from a seed made of the scenario's id, so dealing again gives the same
deal. Nothing here decides a ruling: no law the model applies depends on the hands.
"""

from __future__ import annotations

import argparse
import random
import re
import zlib
from pathlib import Path

from fsm.bridge.calls import SEATS, parse_card
from fsm.bridge.errors import FsmError
from fsm.model.scenario import Scenario, corpus_files, load, play

RANKS = "AKQJT98765432"
SUITS = "SHDC"
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
DECK = [s + r for s in SUITS for r in RANKS]


def shown_cards(s: Scenario) -> dict[str, str]:
    """Card → seat, for every card an event leads or exposes (refused events included: the card
    was shown at the table all the same)."""
    out: dict[str, str] = {}
    for entry in s.events:
        ((name, args),) = entry.items()
        if name == "rejected" and isinstance(args, dict) and len(args) == 1:
            ((name, args),) = args.items()
        if name not in ("lead", "expose") or not isinstance(args, dict):
            continue
        try:
            cards = [parse_card(c).pbn() for c in ([args.get("card")] if name == "lead" else args.get("cards") or [])]
        except FsmError:
            continue
        for card in cards:
            out.setdefault(card, str(args.get("seat")))
    return out


def wishes(s: Scenario) -> tuple[dict[str, dict[str, int]], str | None]:
    """Each seat's wished suit lengths (its first two natural suit bids, four cards each) and the
    opener (the first seat to bid)."""
    try:
        board = play(s)
    except FsmError:
        return {}, None
    lengths: dict[str, dict[str, int]] = {seat.value: {} for seat in SEATS}
    opener = None
    for e in board.auction.entries:
        m = re.fullmatch(r"([1-7])([SHDC])", e.call.pbn() if hasattr(e.call, "pbn") else str(e.call))
        if not m:
            if re.fullmatch(r"[1-7]NT?", str(e.call)) and opener is None:
                opener = e.seat.value
            continue
        seat = e.seat.value
        opener = opener or seat
        if len(lengths[seat]) < 2:
            lengths[seat].setdefault(m.group(2), 4)
    return lengths, opener


def _points(cards: list[str]) -> int:
    return sum(POINTS.get(c[1], 0) for c in cards)


def deal(s: Scenario, tries: int = 3000) -> str:
    rng = random.Random(zlib.crc32(s.id.encode()))
    fixed = shown_cards(s)
    lengths, opener = wishes(s)
    for attempt in range(tries):
        strict = attempt < tries // 2  # the second half drops the point count, then the lengths
        hands: dict[str, list[str]] = {seat.value: [] for seat in SEATS}
        for card, seat in fixed.items():
            hands[seat].append(card)
        rest = [c for c in DECK if c not in fixed]
        rng.shuffle(rest)
        ok = True
        if attempt < tries * 3 // 4:
            for seat, wanted in lengths.items():
                for suit, n in wanted.items():
                    have = sum(1 for c in hands[seat] if c[0] == suit)
                    take = [c for c in rest if c[0] == suit][: max(0, n - have)]
                    if len(take) < n - have or len(hands[seat]) + len(take) > 13:
                        ok = False
                        break
                    hands[seat] += take
                    rest = [c for c in rest if c not in take]
        if not ok:
            continue
        for seat in hands:
            need = 13 - len(hands[seat])
            if need < 0:
                break
            hands[seat] += rest[:need]
            rest = rest[need:]
        if any(len(h) != 13 for h in hands.values()):
            continue
        if strict and opener is not None and _points(hands[opener]) < 11:
            continue
        return _pbn(hands)
    raise RuntimeError(f"no deal for {s.id}")


def _pbn(hands: dict[str, list[str]]) -> str:
    def hand(cards: list[str]) -> str:
        return ".".join("".join(sorted((c[1] for c in cards if c[0] == suit), key=RANKS.index)) for suit in SUITS)

    return "N:" + " ".join(hand(hands[seat.value]) for seat in SEATS)


def write(path: Path, deals: dict[str, str]) -> int:
    """Insert ``deal:`` after each dealt scenario's ``title`` line (else its id line), at its indent."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    out: list[str] = []
    pending: tuple[str, str] | None = None  # (indent, deal) waiting for the title line
    written = 0
    for line in lines:
        m = re.match(r"^(\s*)- id: (\S+)\s*$", line)
        if pending is not None and (m or not line.startswith(pending[0])):
            out.append(f'{pending[0]}deal: "{pending[1]}"\n')
            written += 1
            pending = None
        out.append(line)
        if m and m.group(2) in deals:
            pending = (m.group(1) + "  ", deals[m.group(2)])
            continue
        if pending is not None and line.startswith(pending[0] + "title:"):
            out.append(f'{pending[0]}deal: "{pending[1]}"\n')
            written += 1
            pending = None
    if pending is not None:
        out.append(f'{pending[0]}deal: "{pending[1]}"\n')
        written += 1
    path.write_text("".join(out), encoding="utf-8")
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    for path in corpus_files():
        deals = {s.id: deal(s) for s in load(path) if not s.deal}
        print(f"{Path(path).name}: {len(deals)} deals")
        if args.write and deals:
            print(f"  {write(Path(path), deals)} written")


if __name__ == "__main__":
    main()
