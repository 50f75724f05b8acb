"""PBN records in and out: read games (PBN 1.0 to 2.1), replay their auctions through the machine,
report what happened in law, and write a board's auction back with the PBN 2.1 irregularity marks.

What real files hold and the reader survives: ``#`` tag values (the previous game's value), games
not separated by a blank line, ``{...}`` and ``;`` comments, ``%`` escape lines, ``=n=`` note
references with ``[Note]`` tags, suffixes (``!``, ``?``) and ``$n`` codes, ``AP``, ``-``, ``+``,
``*``, an ``[Auction]`` tag naming a seat before the dealer, and the marks ``^I`` (the next bid was
insufficient and accepted), ``^S`` (this player was skipped by an accepted call out of rotation),
``^L`` (a lead out of turn) and ``^`` before a Declarer or Result value (declarer and dummy swapped,
54A). A malformed game is reported with its file, number and line, and reading goes on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fsm.board import Board
from fsm.calls import SEATS, Call, Card, Seat, parse_call, parse_card
from fsm.errors import FsmError

TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
SUFFIX = re.compile(r"^(.*?)([!?]{1,2})$")
SKIP = "^S"
INSUFFICIENT = "^I"


@dataclass
class Game:
    """One game as read: its tags, its auction and play tokens, where it stands in its file."""

    file: str
    number: int
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    auction: list[str] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def board(self) -> str:
        return self.tags.get("Board", "?")

    def where(self) -> str:
        return f"{self.file}, game {self.number} (board {self.board}), line {self.line}"


# --- reading ------------------------------------------------------------------------------------
def read_text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")  # the older championship files are ISO-8859


TAG_IN_LINE = re.compile(r'\[\s*(\w+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
COMMENT_ONLY = "\0"  # a line that held only a comment: not a blank line between games


def _strip_comments(text: str) -> Iterator[tuple[int, str]]:
    """Lines without ``{...}`` comments (possibly over several lines), ``;`` rest-of-line comments
    and ``%`` escape lines; quotes in tag values are respected."""
    depth = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r")
        if not depth and line.startswith("%"):
            yield number, COMMENT_ONLY
            continue
        was_comment = depth
        out: list[str] = []
        quoted = False
        i = 0
        while i < len(line):
            ch = line[i]
            if depth:
                depth = ch != "}"
            elif quoted:
                out.append(ch)
                if ch == "\\" and i + 1 < len(line):
                    out.append(line[i + 1])
                    i += 1
                elif ch == '"':
                    quoted = False
            elif ch == '"':
                quoted = True
                out.append(ch)
            elif ch == "{":
                depth = True
                out.append(" ")
            elif ch == ";":
                break
            else:
                out.append(ch)
            i += 1
        text = "".join(out)
        yield number, COMMENT_ONLY if (was_comment or depth) and not text.strip() else text


def games(path: str | Path) -> Iterator[Game]:
    """The games of one file, with ``#`` values resolved from the previous game."""
    yield from parse_games(read_text(Path(path)), str(path))


def parse_games(text: str, name: str = "<pbn>") -> Iterator[Game]:
    """The games of a PBN text: a tag the current game already has opens the next one."""
    previous: dict[str, str] = {}
    current: Game | None = None
    section: list[str] | None = None
    number = 0
    boundary = False

    def finish(game: Game | None) -> Game | None:
        nonlocal previous
        if game is None or not game.tags:
            return None
        for key, value in game.tags.items():
            if value == "#":
                game.tags[key] = previous.get(key, "")
        previous = dict(game.tags)
        return game

    for line_number, line in _strip_comments(text):
        if line == COMMENT_ONLY:
            continue
        stripped = line.strip()
        if not stripped:
            # Not a separator by itself: real files put blank lines inside games (before a
            # commented auction) and none between some games. It is one when the next tag is one
            # the game already has, or opens a game (Event, Board).
            section = None
            boundary = True
            continue
        if stripped.startswith("["):
            found = list(TAG_IN_LINE.finditer(stripped))
            if not found:
                if current is None:
                    number += 1
                    current = Game(name, number, line_number)
                current.error = current.error or f"line {line_number}: unreadable tag {stripped[:40]!r}"
                continue
            for match in found:
                tag, value = match.group(1), match.group(2).replace('\\"', '"')
                opens = tag in current.tags or (boundary and tag in ("Event", "Board")) if current else True
                if current is None or (opens and tag != "Note"):
                    done = finish(current)
                    if done:
                        yield done
                    number += 1
                    current = Game(name, number, line_number)
                if tag == "Note":
                    current.tags["Note"] = current.tags.get("Note", "") + value + "\n"
                else:
                    current.tags[tag] = value
                section = current.auction if tag == "Auction" else current.play if tag == "Play" else None
            boundary = False
            rest = TAG_IN_LINE.sub("", stripped).strip()
            if rest and section is not None:
                section.extend(rest.split())
            continue
        boundary = False
        if current is not None and section is not None:
            section.extend(stripped.split())
    done = finish(current)
    if done:
        yield done


# --- replay -------------------------------------------------------------------------------------
@dataclass
class Outcome:
    """What the machine found for one game, beside what the record says."""

    game: Game
    contract: str | None = None
    declarer: str | None = None
    opening_leader: str | None = None
    recorded_contract: str | None = None
    recorded_declarer: str | None = None
    recorded_leader: str | None = None
    complete: bool = False
    findings: list[tuple[str, str]] = field(default_factory=list)  # (law, what)
    error: str | None = None
    board: Board | None = None

    @property
    def agrees(self) -> bool | None:
        """Contract and declarer as recorded (None when the record has nothing to compare)."""
        if not self.complete or self.recorded_contract in (None, "", "?"):
            return None
        if self.contract == "Pass":
            return self.recorded_contract.upper() in ("PASS", "AP")
        return self.contract == _norm_contract(self.recorded_contract) and self.declarer == self.recorded_declarer

    @property
    def internal_error(self) -> bool:
        return bool(self.error and self.error.startswith("internal error"))

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.game.file, "game": self.game.number, "board": self.game.board, "line": self.game.line,
            "contract": self.contract, "declarer": self.declarer, "opening_leader": self.opening_leader,
            "recorded": {"contract": self.recorded_contract, "declarer": self.recorded_declarer, "opening_leader": self.recorded_leader},
            "complete": self.complete, "agrees": self.agrees,
            "findings": [{"law": law, "what": what} for law, what in self.findings], "error": self.error,
        }  # fmt: skip


def _norm_contract(text: str) -> str:
    text = text.strip().upper().replace("N", "NT").replace("NTT", "NT")
    return text


@dataclass(frozen=True)
class Token:
    seat: Seat | None  # None for a skipped seat (^S) or a placeholder (-)
    call: Call | None
    marked_insufficient: bool = False
    skipped: bool = False


def auction_tokens(game: Game) -> list[Token]:
    """The auction as seats and calls: notes, suffixes and codes dropped, ``AP`` expanded later."""
    first = game.tags.get("Auction", "").strip()
    if first not in {s.value for s in SEATS}:
        raise ValueError(f"[Auction] names no seat: {first!r}")
    seat = Seat(first)
    out: list[Token] = []
    insufficient = False
    for raw in game.auction:
        token = raw.strip()
        if not token or token.startswith("=") or token.startswith("$") or token in ("*", "+"):
            continue
        if token == INSUFFICIENT:
            insufficient = True
            continue
        if token in (SKIP, "-"):
            out.append(Token(None, None, skipped=token == SKIP))
            seat = seat.lho
            continue
        if not SUFFIX.sub(r"\1", token):
            continue  # a lone annotation (!, ?)
        if token.upper() == "AP":
            out.append(Token(seat, None))  # expanded by the replay: passes until the auction ends
            continue
        token = SUFFIX.sub(r"\1", token)
        call = parse_call(token)
        out.append(Token(seat, call, insufficient))
        insufficient = False
        seat = seat.lho
    return out


def replay(game: Game) -> Outcome:
    """Feed the recorded auction and opening lead to a board, as the events they record."""
    tags = game.tags
    out = Outcome(game)
    out.recorded_contract = tags.get("Contract")
    recorded_declarer = tags.get("Declarer", "")
    swapped = recorded_declarer.startswith("^")
    out.recorded_declarer = recorded_declarer.lstrip("^") or None
    out.recorded_leader = tags.get("Play") or None
    if game.error:
        out.error = game.error
        return out
    if "Auction" not in tags:
        return out  # a game without auction (a deal, a score): nothing to replay
    try:
        # Without a Dealer tag the first caller of the [Auction] tag opens (PBN 2.1 §3.5).
        dealer = Seat((tags.get("Dealer") or tags.get("Auction") or "").strip())
    except ValueError:
        out.error = f"no dealer ({tags.get('Dealer')!r})"
        return out
    vulnerable = {"NONE": "None", "LOVE": "None", "-": "None", "NS": "NS", "EW": "EW", "ALL": "All", "BOTH": "All"}.get(
        tags.get("Vulnerable", "None").strip().upper(), "None"
    )
    board = Board(dealer=dealer, vulnerable=vulnerable)
    out.board = board
    try:
        tokens = auction_tokens(game)
    except (ValueError, FsmError) as err:
        out.error = f"auction: {err}"
        return out

    marks: Counter[str] = Counter()
    try:
        _feed(board, tokens, marks, out)
    except FsmError as err:
        out.error = f"auction, call {len(board.events) + 1}: {err.message_en}"
        return out
    out.complete = board.state not in ("auction.calling",) and board.contract() is not None
    out.contract = board.contract()
    declarer = board.declarer()
    out.declarer = declarer.value if declarer else None
    if out.complete and board.contract() != "Pass" and out.recorded_leader in {s.value for s in SEATS}:
        _lead(board, game, Seat(out.recorded_leader), swapped, out)
    final = board.declarer()
    if swapped and final is not None and not board.roles_swapped:
        out.findings.append(("54A", "declarer and dummy swapped in the record; no opening lead recorded to replay it"))
        final = final.partner
    out.declarer = final.value if final else out.declarer
    out.opening_leader = final.lho.value if final else None
    _findings(board, marks, out)
    if out.agrees is False:
        out.findings.append(
            ("22A", f"the record says {out.recorded_contract} by {out.recorded_declarer}: not what its auction gives")
        )
    return out


def _feed(board: Board, tokens: list[Token], marks: Counter, out: Outcome) -> None:
    for token in tokens:
        if token.seat is None:
            marks["skip"] += token.skipped
            continue
        irr = board.irregularity
        if irr is not None and token.call is not None and token.seat is not irr.entry.seat.lho:
            # The record goes on past the irregularity: it stood, so its option holder accepted it.
            board.accept(irr.entry.seat.lho)
        if token.call is None:  # AP: every remaining player passes
            guard = 0
            while board.state.startswith("auction") and guard < 8:
                board.call(_caller(board), "Pass")
                guard += 1
            continue
        if token.marked_insufficient:
            marks["insufficient"] += 1
        board.call(token.seat, token.call.pbn())


def _caller(board: Board) -> Seat:
    """Who calls next in a recorded auction: the LHO of the last call made, pending or not."""
    last = board.auction.entries[-1] if board.auction.entries else None
    return last.seat.lho if last is not None else board.dealer


def _lead(board: Board, game: Game, leader: Seat, swapped: bool, out: Outcome) -> None:
    """The recorded opening lead: in turn, or out of turn and then spread (54A) or accepted (54B)."""
    card = _first_card(game)
    if card is None or not board.state.startswith("clarification"):
        return
    try:
        board.lead(leader, card.pbn())
        if board.state == "lead_out_of_turn":
            if swapped:
                board.spread(board.auction.declarer())  # type: ignore[arg-type]
            else:
                board.accept(board.auction.declarer())  # type: ignore[arg-type]
    except FsmError as err:
        out.findings.append((err.law or "?", f"opening lead: {err.message_en}"))


def _first_card(game: Game) -> Card | None:
    for raw in game.play:
        token = SUFFIX.sub(r"\1", raw.strip())
        if not token or token.startswith(("^", "=", "$")) or token in ("-", "*", "+"):
            continue
        try:
            return parse_card(token)
        except FsmError:
            return None
    return None


LAW_NAMES = {
    "27A1": "insufficient bid accepted", "27B4": "second insufficient bid accepted", "29A": "call out of rotation accepted",
    "28B": "call out of rotation cancelled", "17D3": "three passes after a skipped player", "54A": "lead out of turn, declarer spread",
    "54B": "lead out of turn accepted", "39B": "call after the final pass", "19A3": "double naming the wrong bid",
    "54E": "opening lead attempted by the declaring side", "54C": "lead out of turn, declarer could see dummy",
}  # fmt: skip


def _findings(board: Board, marks: Counter, out: Outcome) -> None:
    marked = {"27A1": marks["insufficient"], "27B4": 0, "29A": marks["skip"]}
    for law in board.rulings:
        family = law
        what = LAW_NAMES.get(law, "irregularity")
        if law in marked:
            if marked[law] > 0:
                marked[law] -= 1
                what += " (marked)"
            else:
                what += " (not marked in the record)"
        out.findings.append((family, what))
    for p in board.pending:
        out.findings.append((p.law, f"{p.source}: the LHO called over it; awaits the Director"))
    if board.irregularity is not None:
        irr = board.irregularity
        out.findings.append(
            (irr.law, f"{irr.entry.token()}: {irr.classification.kind.en}, left unresolved by the record")
        )


# --- reporting ----------------------------------------------------------------------------------
@dataclass
class Report:
    files: int = 0
    outcomes: list[Outcome] = field(default_factory=list)
    unreadable_files: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        complete = [o for o in self.outcomes if o.complete]
        compared = [o for o in complete if o.agrees is not None]
        flagged = [o for o in compared if o.findings]
        by_law: Counter[str] = Counter(law for o in self.outcomes for law, _ in o.findings)
        return {
            "files": self.files,
            "games": len(self.outcomes),
            "unreadable_games": sum(1 for o in self.outcomes if o.error),
            "unreadable_files": len(self.unreadable_files),
            "complete_auctions": len(complete),
            "compared_with_record": len(compared),
            "agree": sum(1 for o in compared if o.agrees),
            "disagree": sum(1 for o in compared if not o.agrees),
            "disagree_unflagged": sum(1 for o in compared if not o.agrees and not o.findings),
            "flagged_boards": len(flagged),
            "findings_by_law": dict(sorted(by_law.items())),
        }


def iter_pbn_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(x for x in p.rglob("*") if x.is_file() and x.suffix.lower() == ".pbn")
        else:
            yield p


def check(paths: Iterable[str | Path], progress: Any = None) -> Report:
    files = list(iter_pbn_files(paths))
    report = Report(files=len(files))
    for n, path in enumerate(files, 1):
        if progress is not None:
            progress(n, len(files), path)
        try:
            found = list(games(path))
        except OSError as err:
            report.unreadable_files.append(f"{path}: {err.strerror}")
            continue
        for game in found:
            try:
                report.outcomes.append(replay(game))
            except Exception as err:  # a board the engine cannot take is a finding, never a crash
                report.outcomes.append(Outcome(game, error=f"internal error {type(err).__name__}: {err}"))
    return report


# --- writing ------------------------------------------------------------------------------------
def write_auction(board: Board) -> str:
    """A board's auction as a PBN 2.1 auction section, with the marks the Laws let it carry.

    An accepted insufficient bid is preceded by ``^I``; a player skipped by an accepted call out
    of rotation is ``^S``; ``^`` before the Declarer value when declarer and dummy swapped (54A);
    a lead out of turn is ``^L`` before its card in the play section.
    """
    lines = [f'[Dealer "{board.dealer.value}"]', f'[Vulnerable "{board.vulnerable}"]']
    declarer = board.declarer()
    contract = board.contract()
    if contract is not None:
        lines.append(f'[Contract "{contract}"]')
        if declarer is not None:
            lines.append(f'[Declarer "{"^" if board.roles_swapped else ""}{declarer.value}"]')
    standing = board.auction.standing()
    # The dealer's RHO who called first, accepted by the dealer (29A), opens the section himself.
    start = standing[0].seat if standing and standing[0].seat is board.dealer.rho else board.dealer
    lines.append(f'[Auction "{start.value}"]')
    tokens: list[str] = []
    expected = start
    accepted_insufficient = _accepted_insufficient(board)
    for entry in standing:
        while entry.seat is not expected:
            tokens.append(SKIP)
            expected = expected.lho
        if id(entry) in accepted_insufficient:
            tokens.append(INSUFFICIENT)
        tokens.append(entry.call.pbn())
        expected = expected.lho
    lines += _rows(tokens)
    lead = board.opening_lead
    if lead is not None and lead.faced:
        lines.append(f'[Play "{lead.seat.value}"]')
        leader = declarer.lho if declarer else lead.seat
        mark = "^L " if lead.seat is not leader or board.roles_swapped else ""
        lines.append(f"{mark}{lead.card.pbn()}")
        lines.append("*")
    return "\n".join(lines) + "\n"


def _accepted_insufficient(board: Board) -> set[int]:
    """Standing bids that did not supersede the bid before them: insufficient bids accepted."""
    out = set()
    last: Call | None = None
    for entry in board.auction.standing():
        if entry.call.is_bid:
            if last is not None and entry.call.rank <= last.rank:
                out.add(id(entry))
            last = entry.call
    return out


def _rows(tokens: list[str]) -> list[str]:
    rows, row, calls = [], [], 0
    for t in tokens:
        row.append(t)
        if t not in (INSUFFICIENT,):
            calls += 1
        if calls == 4:
            rows.append(" ".join(row))
            row, calls = [], 0
    if row:
        rows.append(" ".join(row))
    return rows


def read_board(text: str, name: str = "<pbn>") -> Outcome:
    """Read the first game of a PBN text and replay it (the writer's counterpart)."""
    return replay(next(parse_games(text, name)))
