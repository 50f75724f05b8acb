"""The boards of a PBN file as scenarios, for the classroom pages (``python -m fsm teach --pbn``).

Each game is replayed as ``python -m fsm check`` replays it (:func:`fsm.interop.pbn.replay`: the
recorded auction with its irregularity marks, ``^I`` and ``^S``, and the opening lead); the
events the board took become the scenario's events, and the ``Deal`` tag its deal. The pages are
written by :mod:`fsm.teach.pages`, which knows nothing of PBN: the CLI hands these scenarios over.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fsm.bridge.deal import DealError, parse_deal
from fsm.interop.pbn import games, replay
from fsm.model.scenario import Scenario


def _id(stem: str, board: str, number: int) -> str:
    """A page name from the file and the board: letters, digits and dashes only."""
    text = f"{stem}-{board if board not in ('', '?') else number}"
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-") or f"board-{number}"


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
    path = Path(path)
    out: list[Scenario] = []
    skipped: list[str] = []
    seen: set[str] = set()
    for game in games(path):
        outcome = replay(game)
        board = outcome.board
        if outcome.error or board is None or not board.events:
            skipped.append(f"{game.where()}: {outcome.error or 'aucune enchère / no auction'}")
            continue
        sid = _id(path.stem, game.board, game.number)
        while sid in seen:
            sid += "-bis"
        seen.add(sid)
        events: list[dict[str, Any]] = board.record()["events"]
        laws = list(dict.fromkeys(finding.law for finding in outcome.findings))
        event = game.tags.get("Event", "").strip()
        where = f"{event}, " if event and event != "#" else ""
        title = {
            "fr": f"{where}donne {game.board} ({path.name})",
            "en": f"{where}board {game.board} ({path.name})",
        }
        out.append(
            Scenario(
                id=sid, file=str(path), events=events, dealer=board.dealer.value, vulnerable=board.vulnerable,
                title=title, laws=laws, source=f"{path.name}, game {game.number}", deal=_deal(game.tags.get("Deal")),
            )
        )  # fmt: skip
    return out, skipped
