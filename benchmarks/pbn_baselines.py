"""The two baselines of `fsm check`, each run as its own child process by bench_pbn.py.

    python benchmarks/pbn_baselines.py floor FOLDER    # the pure-Python floor written here
    python benchmarks/pbn_baselines.py endplay FOLDER  # endplay's PBN parse alone

Each prints one JSON object of counts (and, for endplay, the CPU its parse took). Neither imports
fsm: the floor is what any checker must do at least, so its CPU is the bar fsm's CPU is held to.

The floor reads every file, splits it into games, tokenises the [Auction] sections (skipping notes
``=n=``, ``$n`` codes, ``{}`` and ``;`` comments, ``!?`` suffixes, ``*``, ``+`` and ``^`` marks,
expanding ``AP``), checks each call minimally (a bid must be sufficient, a double or redouble
admissible, no call after the auction ended) and computes the contract and declarer, which it
compares with the record's tags. It handles only what every real file needs, nothing more.
"""

from __future__ import annotations

import json
import os
import sys
import time

SEATS = "NESW"
STRAINS = ("C", "D", "H", "S", "N")
# every bid as written in records, to its rank (1C lowest) and strain
BIDS = {f"{level}{s}": (level * 5 + i, s) for level in range(1, 8) for i, s in enumerate(STRAINS)}
BIDS.update({f"{level}NT": (level * 5 + 4, "N") for level in range(1, 8)})


def pbn_files(root: str) -> list[str]:
    """Every ``*.pbn`` under ``root`` (any case), in a fixed order."""
    found = []
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        found += [os.path.join(folder, n) for n in sorted(names) if n.lower().endswith(".pbn")]
    return found


def read_text(path: str) -> str:
    with open(path, "rb") as f:
        data = f.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")  # PBN's own character set: every byte is a character


def split_games(text: str) -> list[tuple[dict[str, str], list[str]]]:
    """Games as (tags, auction lines). A game ends at a blank line, or where one of its tags comes again."""
    out: list[tuple[dict[str, str], list[str]]] = []
    tags: dict[str, str] = {}
    auction: list[str] = []
    in_auction = False
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("%"):
            if not line and tags:
                out.append((tags, auction))
                tags, auction, in_auction = {}, [], False
            continue
        if line.startswith("["):
            name, _, rest = line[1:].partition(" ")
            if name in tags and name != "Note":  # games not separated by a blank line (notes may repeat)
                out.append((tags, auction))
                tags, auction = {}, []
            value = rest.split('"', 2)[1] if rest.count('"') >= 2 else ""
            tags[name] = value
            in_auction = name == "Auction"
            tail = rest.split("]", 1)[1] if "]" in rest else ""
            if in_auction and tail.strip():
                auction.append(tail)
        elif in_auction:
            auction.append(line)
    if tags:
        out.append((tags, auction))
    return out


def tokens(lines: list[str]) -> list[str]:
    """The auction's tokens, comments and notes removed (a ``{}`` comment may span lines)."""
    out = []
    text = "\n".join(lines)
    while "{" in text:
        head, _, rest = text.partition("{")
        text = head + " " + rest.partition("}")[2]
    for line in text.split("\n"):
        for token in line.partition(";")[0].split():
            body = token.rstrip("!?")
            if body and body[0] not in "=$*+":
                out.append(body.upper())
    return out


def check_auction(dealer: str, calls: list[str]) -> tuple[str | None, str | None, int, bool]:
    """(contract, declarer, illegal calls, complete) of one auction; an illegal call is counted, then
    taken as made (a record holds what was accepted at the table)."""
    seat = SEATS.index(dealer)
    rank, bid_side, strain, doubled, double_side, passes, ended = -1, -1, "", 0, -1, 0, False
    first: dict[tuple[int, str], int] = {}  # (side, strain) -> the side's first seat to name it
    declarer, illegal, insufficient_accepted = -1, 0, False
    queue = list(calls)
    while queue:
        call = queue.pop(0)
        if call in ("^S", "-"):  # a skipped seat, or a seat with no call recorded
            seat = (seat + 1) % 4
            continue
        if call == "^I":  # the next bid is insufficient, and was accepted
            insufficient_accepted = True
            continue
        if call.startswith("^"):
            continue
        if call == "AP":
            queue[:0] = ["PASS"] * (0 if ended else (4 if rank < 0 else 3) - passes)
            continue
        if ended:
            illegal += 1
            continue
        side = seat % 2
        if call in ("PASS", "P"):
            passes += 1
            ended = passes == (4 if rank < 0 else 3)
        elif call == "X":
            illegal += rank < 0 or doubled != 0 or bid_side == side
            doubled, double_side, passes = 1, side, 0
        elif call == "XX":
            illegal += doubled != 1 or double_side == side
            doubled, passes = 2, 0
        elif call in BIDS:
            new_rank, strain = BIDS[call]
            illegal += new_rank <= rank and not insufficient_accepted
            rank, bid_side, doubled, passes, insufficient_accepted = new_rank, side, 0, 0, False
            declarer = first.setdefault((side, strain), seat)
        else:
            illegal += 1  # not a call
        seat = (seat + 1) % 4
    if rank < 0:
        return ("Pass" if ended else None), None, illegal, ended
    contract = f"{rank // 5}{'NT' if strain == 'N' else strain}{['', 'X', 'XX'][doubled]}"
    return contract, SEATS[declarer], illegal, ended


def floor(root: str) -> dict[str, int]:
    counts = dict.fromkeys(("files", "games", "auctions", "complete", "calls", "illegal", "agree", "disagree"), 0)
    for path in pbn_files(root):
        counts["files"] += 1
        for tags, lines in split_games(read_text(path)):
            counts["games"] += 1
            dealer = tags.get("Auction", "")
            if dealer not in ("N", "E", "S", "W"):
                continue
            calls = tokens(lines)
            contract, declarer, illegal, complete = check_auction(dealer, calls)
            counts["auctions"] += 1
            counts["complete"] += complete
            counts["calls"] += len(calls)
            counts["illegal"] += illegal
            recorded = tags.get("Contract", "").upper().replace("NT", "N").replace("N", "NT")
            if complete and recorded and recorded != "#":
                same = recorded == (contract or "").upper() and (contract == "Pass" or tags.get("Declarer") == declarer)
                counts["agree" if same else "disagree"] += 1
    return counts


def endplay_parse(root: str) -> dict:
    """endplay's ``parsers.pbn.load`` over every file; a file it cannot parse is counted, not fatal.

    The CPU of the parse alone is measured here, because importing endplay (numpy, matplotlib)
    costs more than half a second that has nothing to do with parsing."""
    try:
        from endplay.parsers import pbn
    except ImportError:
        return {"unavailable": "endplay is not installed"}
    out: dict = {"files": 0, "failed_files": 0, "games": 0, "parse_cpu_s": 0.0, "ok_files_cpu_s": 0.0, "errors": {}}
    for path in pbn_files(root):
        out["files"] += 1
        start = time.process_time()
        try:
            # UTF-8 as the locale gives, but a Latin-1 byte is replaced, not fatal: endplay is judged
            # on its parsing, not on Python's decoder
            with open(path, encoding="utf-8", errors="replace") as f:
                games = pbn.load(f)
        except Exception as err:  # its parser raises many kinds; each failure is only counted
            out["parse_cpu_s"] += time.process_time() - start
            out["failed_files"] += 1
            out["errors"][type(err).__name__] = out["errors"].get(type(err).__name__, 0) + 1
            continue
        spent = time.process_time() - start
        out["parse_cpu_s"] += spent
        out["ok_files_cpu_s"] += spent
        out["games"] += len(games)
    return out


if __name__ == "__main__":
    mode, folder = sys.argv[1], sys.argv[2]
    print(json.dumps(floor(folder) if mode == "floor" else endplay_parse(folder)))
