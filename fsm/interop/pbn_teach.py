"""The boards of a PBN file as scenarios, for the classroom pages (``python -m fsm teach --pbn``).

Each game is replayed as ``python -m fsm check`` replays it (:func:`fsm.interop.pbn.replay`: the
recorded auction with its irregularity marks, ``^I`` and ``^S``, and the opening lead); the
events the board took become the scenario's events, and the ``Deal`` tag its deal. The pages are
written by :mod:`fsm.teach.pages`, which knows nothing of PBN: the CLI hands these scenarios over.

Pages are made one board at a time (:func:`each`): a file of 10,000 boards is never held in memory,
and each page can be written as soon as it is made. A page's name is bounded
(:data:`MAX_NAME` characters, a hash of the whole name at its end when cut), whatever the board
number or the number of games that share it; a file name that is no valid UTF-8 is shown with
U+FFFD in the titles, never a failure to write the page.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fsm.bridge.deal import DealError, parse_deal
from fsm.interop.pbn import games, replay
from fsm.model.scenario import Scenario

MAX_NAME = 80  # characters of a page's name, before ".html": far below any file system's 255 bytes


def _id(stem: str, board: str, number: int) -> str:
    """A page name from the file and the board: letters, digits and dashes only, bounded."""
    text = f"{stem}-{board if board not in ('', '?') else number}"
    return _bounded(re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-") or f"board-{number}")


def _bounded(name: str) -> str:
    """The name, or its start and a hash of it all when it is longer than :data:`MAX_NAME`."""
    if len(name) <= MAX_NAME:
        return name
    digest = hashlib.sha256(name.encode("ascii")).hexdigest()[:12]
    return f"{name[: MAX_NAME - 13]}-{digest}"


def _shown(name: str) -> str:
    """A file name as a page shows it: bytes that are no UTF-8 (kept by ``surrogateescape``) as U+FFFD."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _deal(text: str | None) -> str | None:
    """The Deal tag when it gives four complete hands (a partial deal is left out)."""
    if not text:
        return None
    try:
        hands = parse_deal(text)
    except DealError:
        return None
    return text.strip() if all(sum(len(r) for r in h.values()) == 13 for h in hands.values()) else None


def scenarios(path: str | Path) -> tuple[list[Scenario], list[str]]:
    """The boards of the file that replay, as scenarios; and a line for each game left out."""
    skipped: list[str] = []
    return list(each(path, skipped.append)), skipped


def each(path: str | Path, skip: Callable[[str], object]) -> Iterator[Scenario]:
    """The boards of the file that replay, one scenario at a time; ``skip`` is told of each game
    left out, when it is met."""
    path = Path(path)
    name = _shown(path.name)
    seen: dict[str, int] = {}  # each name given, with how many games have asked for it
    for game in games(path):
        outcome = replay(game)
        board = outcome.board
        if outcome.error or board is None or not board.events:
            skip(f"{game.where()}: {outcome.error or 'aucune enchère / no auction'}")
            continue
        sid = _id(path.stem, game.board, game.number)
        if sid in seen:  # the same board number again: -bis, then -bis-2, -bis-3…, never longer
            seen[sid] += 1
            twice = seen[sid]
            sid = _bounded(f"{sid}-bis" if twice == 2 else f"{sid}-bis-{twice - 1}")
            while sid in seen:
                twice += 1
                sid = _bounded(f"{sid}-{twice}")
        seen[sid] = 1
        events: list[dict[str, Any]] = board.record()["events"]
        laws = list(dict.fromkeys(finding.law for finding in outcome.findings))
        event = game.tags.get("Event", "").strip()
        where = f"{event}, " if event and event != "#" else ""
        title = {
            "fr": f"{where}donne {game.board} ({name})",
            "en": f"{where}board {game.board} ({name})",
        }
        yield Scenario(
            id=sid, file=_shown(str(path)), events=events, dealer=board.dealer.value, vulnerable=board.vulnerable,
            title=title, laws=laws, source=f"{name}, game {game.number}", deal=_deal(game.tags.get("Deal")),
        )  # fmt: skip
