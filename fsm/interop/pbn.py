"""PBN records in and out: read games (PBN 1.0 to 2.1), replay their auctions through the machine,
report what happened in law, and write a board's auction back with the PBN 2.1 irregularity marks.

Reading streams: a file is read in blocks of 64 KiB of whole lines (a line longer than 1 MiB in
pieces), one game at a time, in time linear in its size; a game keeps at most 1,000 tokens of a section and 64 KiB of a
tag value. Lines are UTF-8 or Latin-1 (ISO 8859-1, the standard's set), with or without a BOM,
ending in LF, CRLF or CR.

Games are separated by a semi-empty line, as the standard says; a line holding only a comment or a
``%`` escape is not one. A file that does not separate its games starts the next one where the tag
that opened the current game comes again (``[Event]`` after a ``[Declarer]``). Any other tag given
twice in a game stays in it: the repetition is ignored, as in the standard's import format, with a
warning. A tag pair may span lines (``[``, name, value, ``]`` on lines of their own), and so may a
value (its line breaks read as one space).

What real files hold and the reader survives: ``#`` tag values (the previous game's value), ``{...}``
and ``;`` comments, ``%`` escape lines, ``=n=`` note references with ``[Note]`` tags, suffixes
(``!``, ``?``, ``!?``…) and ``$n`` codes, ``AP``, ``-``, ``+``, ``*``, an ``[Auction]`` tag naming
a seat before the dealer, and the marks ``^I`` (the next bid was insufficient and accepted), ``^S``
(this player was skipped by an accepted call out of rotation), ``^L`` (a lead out of turn) and
``^`` before a Declarer or Result value (declarer and dummy swapped, 54A).

A defect costs what it touches, never the game: a malformed tag pair that tag, an unknown suffix
(``!!!``) or mark that token, each with a warning naming its line; a ``^I`` before a sufficient bid
is a warning. A call that cannot be read stops the replay of its game, which is reported with its
file, number and line; reading goes on.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import stat
import tempfile
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, NamedTuple, Protocol

from fsm.bridge.calls import PASS, SEATS, Call, Card, Seat, parse_call, parse_card
from fsm.bridge.errors import FsmError
from fsm.bridge.events import Event
from fsm.bridge.jsontext import escape
from fsm.engine.journal import Step
from fsm.model import workers
from fsm.model.board import Board
from fsm.model.workers import default_jobs as default_jobs  # the command line and the tests read it here

SKIP = "^S"
INSUFFICIENT = "^I"
SUFFIXES = frozenset({"!", "?", "!!", "??", "!?", "?!"})  # PBN 2.1 §3.2: one or two of ! and ?

MAX_PIECE = 1 << 20  # bytes read at once: a longer line is read in pieces
MAX_SECTION = 1000  # tokens kept of one auction or play section (319 calls make the longest auction)
MAX_VALUE = 1 << 16  # characters kept of one tag value, notes included
MAX_TAG_LINES = 8  # lines one tag pair may span
MAX_WARNINGS = 20  # warnings kept for one game
MAX_CALLS = 400  # calls replayed: more is no auction
MAX_TOKEN = 32  # characters of the longest call or card token worth parsing


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
    warnings: list[str] = field(default_factory=list)
    auction_lines: list[int] = field(default_factory=list)  # the line of each auction token

    @property
    def board(self) -> str:
        return self.tags.get("Board", "?")

    def where(self) -> str:
        return f"{self.file}, game {self.number} (board {self.board}), line {self.line}"

    def warn(self, text: str) -> None:
        if len(self.warnings) < MAX_WARNINGS:
            self.warnings.append(text)
        elif len(self.warnings) == MAX_WARNINGS:
            self.warnings.append("further warnings left out")


class NotAFile(OSError):
    """A path that is no regular file (a named pipe, a device, a socket): refused, never read."""

    def __init__(self, path: str, kind: str):
        super().__init__(f"{kind}: not read")
        self.path = path
        self.kind = kind


# --- reading ------------------------------------------------------------------------------------
SPECIAL = re.compile(r'[\[\]{};"]')  # what ends a run of plain tokens
RESUME = re.compile(r"[\[\]{;]")
SPACE = re.compile(r"[ \t\v\f\r\n]*")
NAME = re.compile(r"[A-Za-z0-9_]+")
# Strings are matched "unrolled" (a run of plain characters, then escapes each followed by a run):
# every repetition starts with a character the one before cannot take, so nothing backtracks.
# TAG_PAIR is a whole pair on one line; it is tried at each '[' and stays linear over a line, for
# each try scans its value only up to the next quote, and the quote opening the next pair ends it.
TAG_PAIR = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]*"([^"\\]*(?:\\.[^"\\]*)*)"[ \t]*\]')
# A line of a block (each ends in LF) as (text, name, value): name and value when the line is one
# whole tag pair, as TAG_PAIR reads it, and nothing else.
LINES = re.compile(r'(\[[ \t]*([A-Za-z0-9_]+)[ \t]*"([^"\\\n]*(?:\\.[^"\\\n]*)*)"[ \t]*\]|.*)\n')
STRING_BODY = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*')
BRACKETS = re.compile(r"\[+")
# The longest start of a pair (bracket, name, value, closing quote): where it stops, the pair breaks.
PAIR_START = re.compile(
    r'\[[ \t\v\f]*(?:(?P<name>[A-Za-z0-9_]+)[ \t\v\f]*(?:(?P<value>"[^"\\]*(?:\\.[^"\\]*)*)(?P<close>"[ \t\v\f]*)?)?)?'
)
UNESCAPE = re.compile(r'\\(["\\])')
LOOKS_LIKE_TAG = re.compile(r'[ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]*"')
SECTION_TAGS = frozenset({"Auction", "Play", "Note"})
BOM_UTF8 = b"\xef\xbb\xbf"


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "named pipe"
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISBLK(mode):
        return "block device"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISDIR(mode):
        return "folder"
    return "special file"


def open_pbn(path: str | Path) -> IO[bytes]:
    """A regular file opened for reading; anything else (a pipe, a device) raises :class:`NotAFile`.

    The file is opened without blocking and checked on its descriptor, so that a named pipe is
    refused without waiting for a writer, and no path swapped in between is read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotAFile(str(path), _kind(mode))
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")  # the standard's own set: every byte is a character


class _Readable(Protocol):
    def readline(self, limit: int, /) -> bytes: ...


def _lines(
    stream: _Readable, notes: list[str] | None = None, number: int = 1, first: bool = True
) -> Iterator[tuple[int, str, bool]]:
    """``(number, text, ends)`` for each line, without its line end: UTF-8 or else Latin-1, line by
    line. A line longer than MAX_PIECE comes in pieces cut after a blank (``ends`` False but for the
    last piece), so that no token is cut and memory stays bounded.

    The reference reading, line by line: :func:`_batches` gives the same lines faster and hands
    over to this one from ``number`` on (``first`` False past the first line) at a long line."""
    carry = b""
    while True:
        data = carry + stream.readline(MAX_PIECE)
        carry = b""
        if first:
            first = False
            if data.startswith(BOM_UTF8):
                data = data[len(BOM_UTF8) :]
            elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
                if notes is not None:
                    notes.append("UTF-16 text: PBN is Latin-1 or UTF-8; not read")
                return
        if not data:
            return
        if data.endswith(b"\n"):
            ends = True
            data = data[:-1]
        elif len(data) >= MAX_PIECE:
            ends = False
            cut = max(data.rfind(b" "), data.rfind(b"\t"))
            if cut > 0:
                data, carry = data[: cut + 1], data[cut + 1 :]
        else:
            ends = True  # the last line, without a line end
        if data.endswith(b"\r"):
            data = data[:-1]
        text = _decode(data)
        if "\r" in text:  # old Macintosh line ends
            parts = text.split("\r")
            for part in parts[:-1]:
                yield number, part, True
                number += 1
            text = parts[-1]
        yield number, text, ends
        if ends:
            number += 1


class _Prefixed:
    """A stream with bytes already taken from it put back in front: what :func:`_lines` reads on
    when :func:`_batches` hands over to it."""

    def __init__(self, head: bytes, stream: IO[bytes]):
        self.head = head
        self.stream = stream

    def readline(self, limit: int) -> bytes:
        head = self.head
        if not head:
            return self.stream.readline(limit)
        end = head.find(b"\n", 0, limit)
        if end >= 0:
            self.head = head[end + 1 :]
            return head[: end + 1]
        if len(head) >= limit:
            self.head = head[limit:]
            return head[:limit]
        self.head = b""
        return head + self.stream.readline(limit - len(head))


BLOCK = 1 << 16  # bytes read at once by _batches (at most MAX_PIECE)


def _decode_lines(data: bytes) -> str:
    """The lines of ``data`` (whole lines, each ending in LF) decoded as :func:`_lines` decodes them,
    each ending in LF."""
    try:
        text = data.decode("utf-8")  # every line is UTF-8: the whole is, and reads the same at once
    except UnicodeDecodeError:
        text = None
    if text is not None:
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        if "\r" not in text:
            return text
    lines = []  # some line is Latin-1, or holds a lone CR: line by line, as _lines does
    for raw in data.split(b"\n")[:-1]:
        line = _decode(raw[:-1] if raw.endswith(b"\r") else raw)
        if "\r" in line:
            lines += line.split("\r")
        else:
            lines.append(line)
    lines.append("")  # the last line's end
    return "\n".join(lines)


def _batches(stream: IO[bytes], notes: list[str] | None = None) -> Iterator[tuple[int, str, bool]]:
    """The lines of :func:`_lines` in batches, ``(number of the first, text, ends)``: whole lines, each
    ending in LF, or (``ends`` False) a piece of a long line. A block of whole lines is decoded at
    once, which is most of the reading's speed. A line of MAX_PIECE bytes or more is left to
    :func:`_lines` (from there to the end), which cuts it."""
    limit = MAX_PIECE
    block = min(BLOCK, limit)  # so that a line within one block is never a long one
    head = b""
    while len(head) < len(BOM_UTF8):
        data = stream.read(block - len(head))  # never more than a block: see the long line below
        if not data:
            break
        head += data
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) and not head.startswith(BOM_UTF8):
        if notes is not None:
            notes.append("UTF-16 text: PBN is Latin-1 or UTF-8; not read")
        return
    bom = len(BOM_UTF8) if head.startswith(BOM_UTF8) else 0  # it counts in the first line's length
    buf = head[bom:]
    number = 1
    at_end = False
    while True:
        end = buf.rfind(b"\n")
        first = buf.find(b"\n")  # the first line is the only one that may be long (tail + block)
        if (first if first >= 0 else len(buf)) + bom >= limit:
            # A long line: the reference reading from here on, the bytes read put back in front
            # (with the BOM, if the long line is the first, for _lines to strip it itself).
            rest = _Prefixed(BOM_UTF8 + buf if bom else buf, stream)
            for n, text, ends in _lines(rest, notes, number, first=bool(bom)):
                yield n, text + "\n" if ends else text, ends
            return
        if end >= 0:
            text = _decode_lines(buf[: end + 1])
            buf = buf[end + 1 :]
            bom = 0
            yield number, text, True
            number += text.count("\n")
        if at_end:
            if buf:
                yield number, _decode_lines(buf + b"\n"), True  # the last line, without a line end
            return
        data = stream.read(block)
        if data:
            buf += data
        else:
            at_end = True


@dataclass
class _Tag:
    """A tag pair being read: possibly over several lines."""

    line: int
    snippet: str
    stage: str = "name"  # name, value, string, close
    name: str = ""
    parts: list[str] = field(default_factory=list)
    size: int = 0
    lines: int = 1
    broken: bool = False  # the value's string crossed a line end

    def add(self, text: str) -> None:
        if self.broken:
            self.broken = False
            text = text.lstrip(" \t")
            if self.parts:
                self.parts[-1] = self.parts[-1].rstrip(" \t")
            text = " " + text
        room = MAX_VALUE - self.size
        if room > 0:
            self.parts.append(text[:room])
        self.size += len(text)


class _Reader:
    """The state of reading one PBN text: fed line by line, it collects finished games in ``done``."""

    def __init__(self, name: str, notes: list[str] | None = None):
        self.name = name
        self.notes = notes if notes is not None else []  # warnings outside any game
        self.number = 0
        self.game: Game | None = None
        self.opener = ""  # the tag that opened the current game
        self.tag_lines: dict[str, int] = {}
        self.previous: dict[str, str] = {}
        self.section: list[str] | None = None
        self.section_lines: list[int] | None = None
        self.section_full = False
        self.loose = False  # text after the last tag would be out of place
        self.comment = 0  # line where an open {comment} started, 0 if none
        self.tag: _Tag | None = None
        self.orphans: list[str] = []  # warnings waiting for the game they belong to
        self.done: list[Game] = []
        self.line_start = True

    # warnings
    def warn(self, text: str) -> None:
        if self.game is not None:
            self.game.warn(text)
        elif len(self.orphans) < MAX_WARNINGS:
            self.orphans.append(text)

    def can_warn(self) -> bool:
        """Room for one more warning (garbage may hold a million defects: they are not all formatted)."""
        held = self.game.warnings if self.game is not None else self.orphans
        return len(held) <= MAX_WARNINGS

    # games
    def _open(self, line: int) -> Game:
        self.number += 1
        game = Game(self.name, self.number, line)
        for text in self.orphans:
            game.warn(text)
        self.orphans = []
        self.game = game
        self.tag_lines = {}
        self.opener = ""
        self.section = self.section_lines = None
        return game

    def note(self, text: str) -> None:
        if len(self.notes) < MAX_WARNINGS:
            self.notes.append(text)
        elif len(self.notes) == MAX_WARNINGS:
            self.notes.append("further warnings left out")

    def finish(self) -> None:
        game = self.game
        self.game = None
        self.section = self.section_lines = None
        if game is None:  # warnings between games belong to the file
            for text in self.orphans:
                self.note(text)
            self.orphans = []
        if game is None or not game.tags:
            return
        for key, value in game.tags.items():
            if value == "#":
                game.tags[key] = self.previous.get(key, "")
        self.previous = dict(game.tags)
        self.done.append(game)

    def end(self) -> None:
        """The end of the text: what is still open is reported, the last game finished."""
        if self.tag is not None:
            self._bad_tag(self.tag, "not closed at the end of the file")
        if self.comment:
            self.warn(f"line {self.comment}: comment not closed at the end of the file")
            self.comment = 0
        self.finish()

    # tags
    def _bad_tag(self, tag: _Tag, why: str) -> None:
        self.tag = None
        if self.can_warn():
            self.warn(f"line {tag.line}: unreadable tag {tag.snippet!r} ({why}): ignored")

    def _tag(self, tag: _Tag) -> None:
        self.tag = None
        self._pair(tag.name, "".join(tag.parts), tag.line, tag.size)

    def _pair(self, name: str, raw: str, line: int, size: int) -> None:
        """A tag pair read: it opens a game, joins the current one, or is a repetition ignored."""
        value = UNESCAPE.sub(r"\1", raw) if "\\" in raw else raw
        if size > MAX_VALUE:
            value = value[:MAX_VALUE]
            self.warn(f"line {line}: [{name}] value longer than {MAX_VALUE} characters: cut")
        game = self.game
        if game is not None and name in self.tag_lines and name != "Note":
            if name == self.opener and name not in SECTION_TAGS:
                self.finish()  # games not separated by a blank line: the opening tag again
                game = None
            else:
                self.warn(f"line {line}: [{name}] repeated (first at line {self.tag_lines[name]}): ignored")
                self.section = self.section_lines = None
                self.loose = False  # its section goes with it
                return
        if game is None:
            game = self._open(line)
        if not self.opener:
            self.opener = name
        if name == "Note":
            notes = game.tags.get("Note", "")
            if len(notes) < MAX_VALUE:
                game.tags["Note"] = notes + value + "\n"
        else:
            game.tags[name] = value
        self.tag_lines.setdefault(name, line)
        self.section_full = False
        self.loose = not name.endswith("Table")  # a supplemental table's rows are no loose text
        if name == "Auction":
            self.section, self.section_lines = game.auction, game.auction_lines
        elif name == "Play":
            self.section, self.section_lines = game.play, None
        else:
            self.section = self.section_lines = None

    def _words(self, text: str, number: int) -> None:
        section = self.section
        if section is None:
            if self.loose and self.game is not None and not text.isspace():
                self.loose = False  # said once per tag
                self.warn(f"line {number}: text outside any section ignored: {text.strip()[:20]!r}")
            return
        if self.section_full:
            return
        room = MAX_SECTION - len(section)
        words = text.split(None, room)  # at most room + 1 pieces: a huge line is not split whole
        if not words:
            return
        if len(words) > room:
            words = words[: max(room, 0)]
            self.section_full = True
            self.warn(f"line {number}: section longer than {MAX_SECTION} tokens: the rest ignored")
        section.extend(words)
        if self.section_lines is not None:
            self.section_lines.extend([number] * len(words))

    # lines
    def feed(self, number: int, text: str, ends: bool = True) -> None:
        start = self.line_start
        self.line_start = ends
        tag = self.tag
        if start and tag is not None and tag.stage == "string" and (LOOKS_LIKE_TAG.match(text) or not text.strip()):
            self._bad_tag(tag, "its value has no closing quote")
            tag = None
        if start and not self.comment and tag is None:
            if text.startswith("%"):
                return  # escape line: not a blank line
            if ends and not text.strip(" \t\v\f"):
                self.finish()  # a semi-empty line: the game ends
                return
        elif start and ends and tag is not None and not text.strip(" \t\v\f"):
            self._bad_tag(tag, "a blank line inside it")
            self.finish()
            return
        self._scan(number, text)
        tag = self.tag
        if ends and tag is not None:
            tag.lines += 1
            if tag.lines > MAX_TAG_LINES:
                self._bad_tag(tag, f"over more than {MAX_TAG_LINES} lines")
            elif tag.stage == "string":
                tag.broken = True

    def _scan(self, number: int, text: str) -> None:
        pos, n = 0, len(text)
        while pos < n:
            if self.comment:
                end = text.find("}", pos)
                if end < 0:
                    return
                self.comment = 0
                pos = end + 1
                continue
            tag = self.tag
            if tag is None:
                match = SPECIAL.search(text, pos)
                end = match.start() if match else n
                if end > pos:
                    self._words(text[pos:end], number)
                if match is None:
                    return
                ch = text[end]
                pos = end + 1
                if ch == "[":
                    match = TAG_PAIR.match(text, end)
                    if match:  # the whole pair on this line: the common case, read at once
                        raw = match.group(2)
                        self._pair(match.group(1), raw, number, len(raw))
                        pos = match.end()
                    else:
                        if text.startswith("[[", end):  # a run of '[': only the last may open a pair
                            last = BRACKETS.match(text, end).end() - 1  # type: ignore[union-attr]
                            if self.can_warn():
                                self.warn(f"line {number}: {last - end} stray '[' ignored")
                            end, pos = last, last + 1
                        start = PAIR_START.match(text, end)
                        stop = start.end()  # type: ignore[union-attr]
                        if stop >= n or (stop == n - 1 and text[stop] == "\\"):  # the pair goes on over the next line
                            self.tag = _Tag(number, text[end : end + 40])
                            continue
                        if self.can_warn():  # the pair is broken on this line, at ``stop``
                            stage = "close" if start["close"] else "value" if start["name"] else "name"  # type: ignore[index]
                            self.warn(
                                f"line {number}: unreadable tag {text[end : end + 40]!r} "
                                f"({text[stop]!r} where {_EXPECTED[stage]} was expected): ignored"
                            )
                        pos = self._resume(text, stop)
                elif ch == "{":
                    self.comment = number
                elif ch == ";":
                    return  # the rest of the line is a comment
                elif ch == '"':  # a string among tokens (a supplemental table's): one token
                    body = STRING_BODY.match(text, pos).end()  # type: ignore[union-attr]
                    if self.section is not None and not self.section_full:
                        self._words(text[end : body + 1].replace(" ", "_"), number)
                    pos = body + 1
                elif self.game is not None and self.can_warn():
                    self.warn(f"line {number}: stray {ch!r} ignored")
                continue
            if tag.stage == "string":
                end = STRING_BODY.match(text, pos).end()  # type: ignore[union-attr]
                if end < n and text[end] == "\\":  # a lone backslash ends the line: taken as is
                    end += 1
                tag.add(text[pos:end])
                if end < n:  # the closing quote
                    tag.stage = "close"
                    end += 1
                pos = end
                continue
            pos = SPACE.match(text, pos).end()  # type: ignore[union-attr]
            if pos >= n:
                return
            ch = text[pos]
            if tag.stage == "name":
                match = NAME.match(text, pos)
                if match:
                    tag.name = match.group()
                    tag.stage = "value"
                    pos = match.end()
                    continue
            elif tag.stage == "value":
                if ch == '"':
                    tag.stage = "string"
                    pos += 1
                    continue
            elif ch == "]":
                pos += 1
                self._tag(tag)
                continue
            self._bad_tag(tag, f"{ch!r} where {_EXPECTED[tag.stage]} was expected")
            pos = self._resume(text, pos)

    @staticmethod
    def _resume(text: str, pos: int) -> int:
        """Where reading goes on after a pair broken at ``pos``: at a '[' or '{' there, else after the
        pair's ']' unless a tag or a comment opens first (the end of the line at a ';')."""
        if text[pos] in "[{":
            return pos
        match = RESUME.search(text, pos)
        if match is None or match.group() == ";":
            return len(text)
        return match.end() if match.group() == "]" else match.start()


_EXPECTED = {"name": "a tag name", "value": "a quoted value", "close": "']'"}


def read_stream(stream: IO[bytes], name: str = "<pbn>", notes: list[str] | None = None) -> Iterator[Game]:
    """The games of a binary stream, one at a time, as they are read; ``#`` values resolved from the
    previous game. Warnings outside any game go to ``notes``."""
    reader = _Reader(name, notes)
    done = reader.done
    lines = LINES.findall
    special = SPECIAL.search
    plain = True  # no tag, no comment left open, at the start of a line: only feed() changes that
    for number, block, ends in _batches(stream, reader.notes):
        if not ends:  # a piece of a long line
            reader.feed(number, block, False)
            plain = reader.tag is None and not reader.comment and reader.line_start
            if done:
                yield from done
                done.clear()
            continue
        for text, name, raw in lines(block):
            # The common lines, read here as feed() reads them but without its general scan: a
            # whole tag pair, a line of tokens, a blank line, an escape. Anything else goes to feed().
            if plain:
                if name:
                    reader._pair(name, raw, number, len(raw))
                    number += 1
                    if done:
                        yield from done
                        done.clear()
                    continue
                if text.startswith("%"):
                    number += 1
                    continue
                if not text.strip(" \t\v\f"):
                    reader.finish()
                    number += 1
                    if done:
                        yield from done
                        done.clear()
                    continue
                if special(text) is None:
                    reader._words(text, number)
                    number += 1
                    continue
            reader.feed(number, text)
            plain = reader.tag is None and not reader.comment and reader.line_start
            number += 1
            if done:
                yield from done
                done.clear()
    reader.end()
    yield from done


def games(path: str | Path, notes: list[str] | None = None) -> Generator[Game, None, None]:
    """The games of one file, read as they come (see :func:`read_stream`)."""
    with open_pbn(path) as stream:
        yield from read_stream(stream, str(path), notes)


def parse_games(text: str, name: str = "<pbn>", notes: list[str] | None = None) -> Iterator[Game]:
    """The games of a PBN text already in memory (read as its UTF-8 bytes would be)."""
    yield from read_stream(io.BytesIO(text.encode("utf-8")), name, notes)


# --- replay -------------------------------------------------------------------------------------
class Finding(NamedTuple):
    """What the replay found under a law, in French (first: the report is French first) and English."""

    law: str
    fr: str
    en: str


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
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None
    board: Board | None = None
    warnings: list[str] = field(default_factory=list)  # the reader's and the replay's, each naming its line

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

    @property
    def shown(self) -> bool:
        """Worth a line in the report: a finding, an error, a warning or a record its auction contradicts."""
        return bool(self.findings or self.error or self.warnings or self.agrees is False)

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.game.file, "game": self.game.number, "board": self.game.board, "line": self.game.line,
            "contract": self.contract, "declarer": self.declarer, "opening_leader": self.opening_leader,
            "recorded": {"contract": self.recorded_contract, "declarer": self.recorded_declarer, "opening_leader": self.recorded_leader},
            "complete": self.complete, "agrees": self.agrees,
            # `what` is the English text, the field's only one before `fr` and `en`: kept for readers of it
            "findings": [{"law": f.law, "fr": f.fr, "en": f.en, "what": f.en} for f in self.findings],
            "error": self.error,
            "warnings": self.warnings,
        }  # fmt: skip

    def text(self) -> str:
        """The report's lines for this game (``python -m fsm check``)."""
        head = f"{self.game.where()}: "
        if self.error:
            lines = [head + f"illisible / unreadable: {self.error}"]
        else:
            agree = (
                ""
                if self.agrees is not False
                else f"  ≠ relevé / record {self.recorded_contract} {self.recorded_declarer}"
            )
            lines = [head + f"{self.contract} {self.declarer}{agree}"]
            lines += [f"    Loi {f.law} : {f.fr} / Law {f.law}: {f.en}" for f in self.findings]
        lines += [f"    avertissement / warning: {w}" for w in self.warnings]
        return "\n".join(lines) + "\n"


def _norm_contract(text: str) -> str:
    text = text.strip().upper().replace("N", "NT").replace("NTT", "NT")
    return text


class Token(NamedTuple):
    seat: Seat | None  # None for a skipped seat (^S) or a placeholder (-)
    call: Call | None
    marked_insufficient: bool = False
    skipped: bool = False
    line: int = 0


SEAT_NAMES = {s.value: s for s in SEATS}
# What a raw auction token is (see _read_token): ignored (a note, a code, an end mark), ^I, a
# placeholder (^S or -), a lone annotation, an unknown mark, AP, a call, too long, not a call.
IGNORED, MARK_I, PLACE, LONE, MARK, ALL_PASS, CALL, TOO_LONG, NO_CALL = range(9)
_READ_TOKENS: dict[str, tuple[int, Any, str | None]] = {}  # real auctions use a few dozen tokens
MAX_READ_TOKENS = 4096  # tokens remembered: garbage may hold millions of distinct ones


def _read_token(raw: str) -> tuple[int, Any, str | None]:
    """``(kind, what, unknown suffix)`` of one raw auction token: the call, the skip flag, or the text
    a warning or an error quotes. A pure function of the text, hence remembered."""
    token = raw.strip()
    if not token or token.startswith("=") or token.startswith("$") or token in ("*", "+"):
        return IGNORED, None, None
    if token == INSUFFICIENT:
        return MARK_I, None, None
    if token in (SKIP, "-"):
        return PLACE, token == SKIP, None
    body = token.rstrip("!?")
    suffix = token[len(body) :]
    unknown = suffix[:10] if suffix and suffix not in SUFFIXES else None
    if not body:
        return LONE, None, unknown
    if body.startswith("^"):
        return MARK, body[:10], unknown
    if body.upper() == "AP":
        return ALL_PASS, None, unknown
    if len(body) > MAX_TOKEN:
        return TOO_LONG, body[:MAX_TOKEN], unknown
    try:
        return CALL, parse_call(body), unknown
    except FsmError as err:
        return NO_CALL, str(err), unknown


def auction_tokens(game: Game, warnings: list[str] | None = None) -> list[Token]:
    """The auction as seats and calls: notes, suffixes and codes dropped, ``AP`` expanded later.

    An unknown suffix (``!!!``) or mark (``^X``) is dropped with a warning; a token that is no call
    raises ValueError naming its line."""
    first = game.tags.get("Auction", "").strip()
    if first not in SEAT_NAMES:
        raise ValueError(f"[Auction] names no seat: {first[:20]!r}")
    turn = SEATS.index(SEAT_NAMES[first])  # who calls next, as an index in SEATS
    out: list[Token] = []
    insufficient = False
    lines = game.auction_lines if len(game.auction_lines) == len(game.auction) else [game.line] * len(game.auction)
    calls = 0
    known = _READ_TOKENS
    for raw, line in zip(game.auction, lines, strict=True):
        read = known.get(raw)
        if read is None:
            read = _read_token(raw)
            if len(known) < MAX_READ_TOKENS:
                known[raw] = read
        kind, what, unknown = read
        if kind == IGNORED:
            continue
        if kind == MARK_I:
            insufficient = True
            continue
        if kind == PLACE:
            out.append(Token(None, None, False, what, line))
            turn = (turn + 1) & 3
            continue
        if unknown is not None and warnings is not None:
            warnings.append(f"line {line}: unknown suffix {unknown!r} ignored")
        if kind == LONE:
            continue  # a lone annotation (!, ?)
        if kind == MARK:
            if warnings is not None:
                warnings.append(f"line {line}: unknown mark {what!r} ignored")
            continue
        calls += 1
        if calls > MAX_CALLS:
            raise ValueError(f"line {line}: more than {MAX_CALLS} calls: not an auction")
        if kind == CALL:
            out.append(Token(SEATS[turn], what, insufficient, False, line))
            insufficient = False
            turn = (turn + 1) & 3
        elif kind == ALL_PASS:
            out.append(Token(SEATS[turn], None, False, False, line))  # expanded by the replay: passes until the end
        elif kind == TOO_LONG:
            raise ValueError(f"line {line}: '{what}…' is not a call")
        else:
            raise ValueError(f"line {line}: {what}")
    return out


VULNERABLE = {"NONE": "None", "LOVE": "None", "-": "None", "NS": "NS", "EW": "EW", "ALL": "All", "BOTH": "All"}


class CheckedBoard(Board):
    """A board that is only checked (``fsm check``): what the floor of a checker does not pay is
    left out. It keeps no event log and no trace, only how many events it took (the report names
    the call that failed by it), and a refused call is not undone: the replay of that game stops
    there. Any other refused event (the opening lead, a finding) leaves it as it was."""

    taken = 0

    def _run(self, event: Event) -> list[Step]:
        steps = self.engine.dispatch(self.table, event, self.runner, event.name != "call")
        self.taken += 1
        return steps


def replay(game: Game, checked: bool = False) -> Outcome:
    """Feed the recorded auction and opening lead to a board, as the events they record; with
    ``checked``, to a :class:`CheckedBoard`, which the outcome does not keep."""
    tags = game.tags
    out = Outcome(game, warnings=list(game.warnings))
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
    # Without a Dealer tag the first caller of the [Auction] tag opens (PBN 2.1 §3.5).
    dealer = SEAT_NAMES.get((tags.get("Dealer") or tags.get("Auction") or "").strip())
    if dealer is None:
        out.error = f"no dealer ({tags.get('Dealer', '')[:20]!r})"
        return out
    vulnerable = VULNERABLE.get(tags.get("Vulnerable", "None").strip().upper(), "None")
    board = (CheckedBoard if checked else Board)(dealer=dealer, vulnerable=vulnerable)
    if not checked:
        out.board = board
    try:
        tokens = auction_tokens(game, out.warnings)
    except (ValueError, FsmError) as err:
        out.error = f"auction: {err}"
        return out

    marks = {"insufficient": 0, "skip": 0}
    fed = 0
    try:
        for fed, token in enumerate(tokens, 1):  # noqa: B007 (fed names the call in the error)
            _feed(board, token, marks, out)
    except FsmError as err:
        line = tokens[fed - 1].line if fed else game.line
        taken = board.taken if isinstance(board, CheckedBoard) else len(board.events)
        out.error = f"auction, call {taken + 1} (line {line}): {err.message_en}"
        return out
    contract = board.contract()
    out.complete = board.state not in ("auction.calling",) and contract is not None
    out.contract = contract
    final = board.declarer()
    out.declarer = final.value if final else None
    if out.complete and contract != "Pass" and out.recorded_leader in SEAT_NAMES:
        _lead(board, game, SEAT_NAMES[out.recorded_leader], swapped, out)  # type: ignore[index]
        final = board.declarer()  # a lead out of turn may change who declares (54A)
    if swapped and final is not None and not board.roles_swapped:
        out.findings.append(
            Finding(
                "54A",
                "déclarant et mort intervertis dans le relevé ; aucune entame relevée pour le rejouer",
                "declarer and dummy swapped in the record; no opening lead recorded to replay it",
            )
        )
        final = final.partner
    out.declarer = final.value if final else out.declarer
    out.opening_leader = final.lho.value if final else None
    _findings(board, marks, out)
    if out.agrees is False:
        out.findings.append(
            Finding(
                "22A",
                f"le relevé dit {out.recorded_contract} par {out.recorded_declarer} : ce n'est pas ce que ses annonces donnent",
                f"the record says {out.recorded_contract} by {out.recorded_declarer}: not what its auction gives",
            )
        )
    return out


def _feed(board: Board, token: Token, marks: dict[str, int], out: Outcome) -> None:
    seat, call = token.seat, token.call
    if seat is None:
        marks["skip"] += token.skipped
        return
    irr = board.table.irregularity  # the table's own field: Board.__getattr__ is slower
    if irr is not None and call is not None and seat is not irr.entry.seat.lho:
        # The record goes on past the irregularity: it stood, so its option holder accepted it.
        board.accept(irr.entry.seat.lho)
    if call is None:  # AP: every remaining player passes
        guard = 0
        while board.state.startswith("auction") and guard < 8:
            board.call(_caller(board), PASS)
            guard += 1
        return
    if token.marked_insufficient:
        if _sufficient(board, call):
            what = "a sufficient bid" if call.is_bid else "not a bid"
            out.warnings.append(f"line {token.line}: ^I marks {call.pbn()} insufficient, but it is {what}")
        else:
            marks["insufficient"] += 1
    board.call(seat, call)  # the Call itself: the engine need not read its text again


def _sufficient(board: Board, call: Call) -> bool:
    """Whether a call marked ``^I`` supersedes the last standing bid (or is no bid at all)."""
    if not call.is_bid:
        return True
    irr = board.irregularity  # a call awaiting its option holder, who accepts it by calling over it
    if irr is not None and irr.entry.call.is_bid:
        return call.rank > irr.entry.call.rank
    last = next((e.call for e in reversed(board.auction.standing()) if e.call.is_bid), None)
    return last is None or call.rank > last.rank


def _caller(board: Board) -> Seat:
    """Who calls next in a recorded auction: the LHO of the last call made, pending or not."""
    last = board.auction.last_entry()
    return last.seat.lho if last is not None else board.dealer


def _lead(board: Board, game: Game, leader: Seat, swapped: bool, out: Outcome) -> None:
    """The recorded opening lead: in turn, or out of turn and then spread (54A) or accepted (54B)."""
    card = _first_card(game)
    if card is None or not board.state.startswith("clarification"):
        return
    try:
        board.lead(leader, card)
        if board.state == "lead_out_of_turn":
            if swapped:
                board.spread(board.auction.declarer())  # type: ignore[arg-type]
            else:
                board.accept(board.auction.declarer())  # type: ignore[arg-type]
    except FsmError as err:
        out.findings.append(Finding(err.law or "?", f"entame : {err.message_fr}", f"opening lead: {err.message_en}"))


_CARDS: dict[str, Card | None] = {}  # play tokens read as cards: 52 cards and a few spellings


def _first_card(game: Game) -> Card | None:
    for raw in game.play:
        token = raw.strip().rstrip("!?")
        if not token or token.startswith(("^", "=", "$")) or token in ("-", "*", "+"):
            continue
        if len(token) > MAX_TOKEN:
            return None
        if token in _CARDS:
            return _CARDS[token]
        try:
            card: Card | None = parse_card(token)
        except FsmError:
            card = None
        if len(_CARDS) < MAX_READ_TOKENS:
            _CARDS[token] = card
        return card
    return None


LAW_NAMES = {
    "27A1": "insufficient bid accepted", "27B4": "second insufficient bid accepted", "29A": "call out of rotation accepted",
    "28B": "call out of rotation cancelled", "17D3": "three passes after a skipped player", "54A": "lead out of turn, declarer spread",
    "54B": "lead out of turn accepted", "39B": "call after the final pass", "19A3": "double naming the wrong bid",
    "54E": "opening lead attempted by the declaring side", "54C": "lead out of turn, declarer could see dummy",
}  # fmt: skip
LAW_NAMES_FR = {
    "27A1": "enchère insuffisante acceptée", "27B4": "seconde enchère insuffisante acceptée",
    "29A": "déclaration hors tour acceptée", "28B": "déclaration hors tour annulée",
    "17D3": "trois Passe après un joueur sauté", "54A": "entame hors tour, le déclarant étale son jeu",
    "54B": "entame hors tour acceptée", "39B": "déclaration après le Passe final",
    "19A3": "Contre qui nomme une autre enchère", "54E": "entame tentée par le camp du déclarant",
    "54C": "entame hors tour, le déclarant pouvait voir la main du mort",
}  # fmt: skip


def _findings(board: Board, marks: dict[str, int], out: Outcome) -> None:
    marked = {"27A1": marks["insufficient"], "27B4": 0, "29A": marks["skip"]}
    for law in board.rulings:
        fr, en = LAW_NAMES_FR.get(law, "irrégularité"), LAW_NAMES.get(law, "irregularity")
        if law in marked:
            if marked[law] > 0:
                marked[law] -= 1
                fr, en = fr + " (signalée)", en + " (marked)"
            else:
                fr, en = fr + " (non signalée dans le relevé)", en + " (not marked in the record)"
        out.findings.append(Finding(law, fr, en))
    for p in board.pending:
        out.findings.append(
            Finding(
                p.law,
                f"{p.source} : l'adversaire de gauche a déclaré par-dessus ; en attente de l'arbitre",
                f"{p.source}: the LHO called over it; awaits the Director",
            )
        )
    if board.irregularity is not None:
        irr = board.irregularity
        token = irr.entry.token()
        out.findings.append(
            Finding(
                irr.law,
                f"{token} : {irr.classification.kind.fr}, laissée sans suite par le relevé",
                f"{token}: {irr.classification.kind.en}, left unresolved by the record",
            )
        )


def replay_safe(game: Game) -> Outcome:
    """:func:`replay` on a :class:`CheckedBoard`, where a board the engine cannot take is an internal
    error, never a crash."""
    try:
        return replay(game, checked=True)
    except Exception as err:
        return Outcome(
            game, error=f"internal error {type(err).__name__}: {str(err)[:200]}", warnings=list(game.warnings)
        )


# --- checking many files ------------------------------------------------------------------------
@dataclass
class Notice:
    """What is said of a path rather than a game: not found, unreadable, refused, holding no game."""

    path: str
    kind: str  # "not found", "unreadable", "refused", "no game", "warning", "internal error"
    what: str

    LABELS = {
        "not found": "introuvable / not found",
        "unreadable": "illisible / unreadable",
        "refused": "refusé / refused",
        "no game": "avertissement / warning",
        "warning": "avertissement / warning",
        "internal error": "erreur interne / internal error",
    }

    @property
    def unreadable(self) -> bool:
        return self.kind in ("not found", "unreadable", "refused")

    def as_dict(self) -> dict[str, str]:
        return {"path": self.path, "kind": self.kind, "what": self.what}

    def text(self) -> str:
        return f"{self.path}: {self.LABELS.get(self.kind, self.kind)}: {self.what}\n"


Item = Outcome | Notice


@dataclass
class Tally:
    """The counters of a check: all it keeps of the games once they are reported."""

    files: int = 0
    games: int = 0
    unreadable_games: int = 0
    complete: int = 0
    compared: int = 0
    agree: int = 0
    disagree_unflagged: int = 0
    flagged: int = 0
    warnings: int = 0
    games_with_warnings: int = 0
    internal_errors: int = 0
    by_law: Counter = field(default_factory=Counter)
    paths: list[dict[str, str]] = field(default_factory=list)  # notices: few, one per path at most

    def add(self, item: Item) -> None:
        if isinstance(item, Notice):
            self.paths.append(item.as_dict())
            self.internal_errors += item.kind == "internal error"
            return
        self.games += 1
        self.unreadable_games += bool(item.error)
        self.internal_errors += item.internal_error
        self.warnings += len(item.warnings)
        self.games_with_warnings += bool(item.warnings)
        if item.findings:
            self.by_law.update(f.law for f in item.findings)
        if item.complete:
            self.complete += 1
            agrees = item.agrees
            if agrees is not None:
                self.compared += 1
                self.agree += agrees
                self.flagged += bool(item.findings)
                self.disagree_unflagged += not agrees and not item.findings

    def merge(self, other: Tally) -> None:
        for name in ("files", "games", "unreadable_games", "complete", "compared", "agree", "disagree_unflagged",
                     "flagged", "warnings", "games_with_warnings", "internal_errors"):  # fmt: skip
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.by_law.update(other.by_law)
        self.paths.extend(other.paths)

    @property
    def unreadable_paths(self) -> list[dict[str, str]]:
        return [p for p in self.paths if p["kind"] in ("not found", "unreadable", "refused")]

    def summary(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "games": self.games,
            "unreadable_games": self.unreadable_games,
            "unreadable_files": len(self.unreadable_paths),
            "complete_auctions": self.complete,
            "compared_with_record": self.compared,
            "agree": self.agree,
            "disagree": self.compared - self.agree,
            "disagree_unflagged": self.disagree_unflagged,
            "flagged_boards": self.flagged,
            "findings_by_law": dict(sorted(self.by_law.items())),
            "warnings": self.warnings,
            "games_with_warnings": self.games_with_warnings,
            "internal_errors": self.internal_errors,
            "paths": list(self.paths),
        }


def _sort_key(path: Path) -> tuple[str, ...]:
    return path.parts


def inputs(paths: Iterable[str | Path]) -> Iterator[Path | Notice]:
    """Each path given, in order: a file as itself (of any name), a folder as its ``.pbn`` files (any
    case, sorted, subfolders included, symbolic links to folders not followed); what cannot be
    listed is a Notice naming it."""
    for arg in paths:
        path = Path(arg)
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            yield Notice(str(path), "not found", "aucun fichier ni dossier / no such file or folder")
            continue
        except OSError as err:
            yield Notice(str(path), "unreadable", err.strerror or str(err))
            continue
        if not stat.S_ISDIR(mode):
            yield path
            continue
        found: list[tuple[tuple[str, ...], Path | Notice]] = []
        _walk(path, found)
        if not any(isinstance(item, Path) for _, item in found):
            found.append(((), Notice(str(path), "no game", "aucun fichier .pbn / no .pbn file in this folder")))
        found.sort(key=lambda pair: pair[0])
        yield from (item for _, item in found)


def _walk(folder: Path, found: list[tuple[tuple[str, ...], Path | Notice]]) -> None:
    stack = [folder]
    while stack:
        here = stack.pop()
        try:
            with os.scandir(here) as entries:
                listed = list(entries)
        except OSError as err:
            found.append((here.parts, Notice(str(here), "unreadable", err.strerror or str(err))))
            continue
        for entry in listed:
            path = here / entry.name
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(path)
                elif entry.name.lower().endswith(".pbn"):
                    found.append((path.parts, path))
            except OSError as err:
                found.append((path.parts, Notice(str(path), "unreadable", err.strerror or str(err))))


def iter_pbn_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files :func:`inputs` finds, without its notices."""
    return (item for item in inputs(paths) if isinstance(item, Path))


def check_file(path: str | Path, start: int = 0, stop: int | None = None) -> Iterator[Item]:
    """One file's outcomes, one game at a time, then what is said of the file itself.

    With ``start`` and ``stop``, only the games that open on a line in [start, stop): one part of a
    file spread over processes (see :func:`check`). Each part reads from the top (``#`` values need
    the games before), and stops after its own; what ends the file (a read error, no game, the
    file's warnings) is said by the part holding the last game read, the first when none was read,
    so that the parts, one after the other, say what the whole file says."""
    name = str(path)
    notes: list[str] = []
    count = 0
    last = 0  # the line of the last game read (lines start at 1)

    def owns_the_end() -> bool:
        return start <= last and (stop is None or last < stop)

    try:
        with contextlib.closing(games(path, notes)) as found:
            for game in found:
                if stop is not None and game.line >= stop:
                    return  # the next part's games: the rest of the file is theirs
                count += 1
                last = game.line
                if game.line >= start:
                    yield replay_safe(game)
    except NotAFile as err:
        if owns_the_end():
            yield Notice(name, "refused", f"{err.kind}, non lu / not read")
        return
    except OSError as err:
        if owns_the_end():
            yield Notice(name, "unreadable", err.strerror or str(err))
        return
    except Exception as err:  # a reader bug: said, never a traceback
        if owns_the_end():
            yield Notice(name, "internal error", f"{type(err).__name__}: {str(err)[:200]}")
        return
    if not owns_the_end():
        return
    if count == 0:
        first = f" ({notes[0]})" if notes else ""
        yield Notice(name, "no game", f"aucune partie PBN / no PBN game{first}")
        return
    for note in notes:
        yield Notice(name, "warning", note)


def render(item: Item, fmt: str) -> str:
    """An item as the report prints it: text lines, or one JSON object (``""`` when not shown).

    The text is for a terminal: a control character of the file (an ESC in a tag, a call token or
    a file name) is shown as ``\\x1b``, never sent to it. JSON escapes them by itself."""
    if isinstance(item, Notice):
        return terminal_text(item.text()) if fmt == "text" else ""
    if not item.shown:
        return ""
    return terminal_text(item.text()) if fmt == "text" else json.dumps(item.as_dict(), ensure_ascii=False)


def terminal_text(text: str) -> str:
    """Lines safe to print: each line's control characters escaped, the line breaks kept."""
    return "\n".join(escape(line) for line in text.split("\n"))


SPILL = 1 << 20  # a worker keeps a file's report in memory up to this size, then writes it to disk


def _job(path: str, fmt: str, spill_dir: str, start: int = 0, stop: int | None = None) -> tuple[Tally, str, str | None]:
    """One file, or one part of it, checked in a worker process: its counters and its report (spilled
    to a temporary file in ``spill_dir`` past SPILL characters, so that a huge file does not fill the
    memory). The file counts once, in its first part."""
    tally = Tally(files=int(start == 0))
    chunks: list[str] = []
    size = 0
    spilled: IO[str] | None = None
    sep = "\n" if fmt == "text" else ",\n"
    first = True
    try:
        for item in check_file(path, start, stop):
            tally.add(item)
            text = render(item, fmt)
            if not text:
                continue
            if fmt == "json":
                text = text if first else sep + text
                first = False
            if spilled is not None:
                spilled.write(text)
                continue
            chunks.append(text)
            size += len(text)
            if size > SPILL:
                spilled = tempfile.NamedTemporaryFile(  # noqa: SIM115 (closed below)
                    "w", encoding="utf-8", errors="surrogateescape", dir=spill_dir, delete=False
                )
                spilled.write("".join(chunks))
                chunks = []
    finally:
        if spilled is not None:
            spilled.close()
    return tally, "".join(chunks), spilled.name if spilled is not None else None


def _group_job(
    parts: list[tuple[str, int, int | None]], fmt: str, spill_dir: str
) -> list[tuple[Tally, str, str | None]]:
    """A few consecutive files or parts checked in one worker task: one round trip for many small
    files. Each is answered, an internal error as its own notice."""
    results = []
    for path, start, stop in parts:
        try:
            results.append(_job(path, fmt, spill_dir, start, stop))
        except Exception as err:
            results.append(_failed(path, start, f"{type(err).__name__}: {str(err)[:200]}", fmt))
    return results


def _failed(path: str, start: int, why: str, fmt: str) -> tuple[Tally, str, None]:
    """What a file, or a part of it, that could not be checked says: an internal error."""
    notice = Notice(path, "internal error", why)
    tally = Tally(files=int(start == 0))
    tally.add(notice)
    return tally, render(notice, fmt), None


def _alone(task: Task, fmt: str, spill_dir: str) -> tuple[Tally, str, str | None]:
    """One file, or part, checked in a process of its own: whether it is the one that kills its worker."""
    from concurrent.futures.process import BrokenProcessPool

    item, start, stop, *_ = task
    pool = workers.pool(1)
    try:
        return pool.submit(_group_job, [(str(item), start, stop)], fmt, spill_dir).result()[0]
    except BrokenProcessPool:
        return _failed(str(item), start, "le processus est mort / the worker process died", fmt)
    except Exception as err:
        return _failed(str(item), start, f"{type(err).__name__}: {str(err)[:200]}", fmt)
    finally:
        pool.shutdown(wait=True)


class _Out:
    """Writes the report's pieces in order; in JSON, pieces are objects of one list."""

    def __init__(self, out: IO[str] | None, fmt: str):
        self.out = out
        self.fmt = fmt
        self.first = True

    def write(self, text: str) -> None:
        if not text or self.out is None:
            return
        if self.fmt == "json":
            if not self.first:
                self.out.write(",\n")
            self.first = False
        self.out.write(text)

    def copy(self, path: str) -> None:
        """A worker's report spilled to a file: copied, then removed."""
        try:
            if self.out is not None:
                if self.fmt == "json" and not self.first:
                    self.out.write(",\n")
                self.first = False
                with open(path, encoding="utf-8", errors="surrogateescape") as spilled:
                    shutil.copyfileobj(spilled, self.out)
        finally:
            os.unlink(path)


def check(
    paths: Iterable[str | Path],
    out: IO[str] | None = None,
    fmt: str = "text",
    jobs: int = 1,
    progress: Callable[[int, int, Path], None] | None = None,
) -> Tally:
    """Check every PBN file found in ``paths``: write each shown outcome and notice to ``out`` as it
    comes (text lines, or JSON objects separated by commas), keep only counters.

    With ``jobs`` > 1 the files, in groups of small ones and in parts of a big one, are spread over
    processes; the report comes in the same order as with one, the order of the paths and, in a
    folder, of the sorted file names. A file whose worker dies is said so, the others go on."""
    items = list(inputs(paths))
    total = sum(isinstance(item, Path) for item in items)
    tally = Tally()
    writer = _Out(out, fmt)
    tasks = _tasks(items, jobs) if jobs > 1 else []
    if sum(isinstance(item, Path) for item, *_ in tasks) <= 1:
        done = 0
        for item in items:
            if isinstance(item, Notice):
                tally.add(item)
                writer.write(render(item, fmt))
                continue
            tally.files += 1
            for result in check_file(item):
                tally.add(result)
                writer.write(render(result, fmt))
            done += 1
            if progress is not None:
                progress(done, total, item)
        return tally
    _check_parallel(tasks, total, tally, writer, fmt, jobs, progress)
    return tally


MIN_PART = 1 << 16  # bytes: a smaller piece of a file is not worth a process of its own
# A file or a notice, its lines [start, stop), whether it is the file's last part, its size in bytes.
Task = tuple[Path | Notice, int, int | None, bool, int]


def _tasks(items: list[Path | Notice], jobs: int) -> list[Task]:
    """What the processes do, in the report's order: each file, a big one cut into parts by its
    lines, so that the last one taken does not keep one process working long after the others are
    done. A part is about 1/(32 × jobs) of the whole (see :func:`_groups`); a file has at most
    2 × jobs parts, for each part reads the file from its top."""
    sizes = {}
    for item in items:
        if isinstance(item, Path):
            try:
                sizes[item] = os.stat(item).st_size
            except OSError:
                sizes[item] = 0  # its worker says why it cannot be read
    part = max(MIN_PART, sum(sizes.values()) // (32 * jobs))
    tasks: list[Task] = []
    for item in items:
        count = min(round(sizes[item] / part), 2 * jobs) if isinstance(item, Path) else 1
        cuts = _cuts(item, count) if count > 1 else []  # type: ignore[arg-type]
        starts, stops = [0, *cuts], [*cuts, None]
        share = sizes[item] // len(starts) if isinstance(item, Path) else 0
        tasks += [(item, a, b, b is None, share) for a, b in zip(starts, stops, strict=True)]
    return tasks


def _groups(tasks: list[Task], jobs: int) -> list[list[Task]]:
    """The tasks in groups of consecutive files or parts of about 1/(32 × jobs) of the whole, one
    worker round trip each (the parent's own work is per round trip); a notice stands alone."""
    size = max(MIN_PART, sum(task[4] for task in tasks) // (32 * jobs))
    groups: list[list[Task]] = []
    group: list[Task] = []
    held = 0
    for task in tasks:
        if isinstance(task[0], Notice):
            groups += [group, [task]] if group else [[task]]
            group, held = [], 0
            continue
        group.append(task)
        held += task[4]
        if held >= size:
            groups.append(group)
            group, held = [], 0
    if group:
        groups.append(group)
    return groups


def _cuts(path: Path, count: int) -> list[int]:
    """The lines (2 and more) that cut a file into ``count`` parts of as many lines; its line ends are
    counted at C speed. Any cut makes parts that say together what the file says: only their
    balance depends on it."""
    lines = 0
    try:
        with open_pbn(path) as stream:
            for block in iter(lambda: stream.read(MAX_PIECE), b""):
                lines += max(block.count(b"\n"), block.count(b"\r"))  # LF, CRLF or CR ends
    except OSError:
        return []
    return sorted({1 + lines * i // count for i in range(1, count)} - {0, 1})


def _check_parallel(
    tasks: list[Task],
    total: int,
    tally: Tally,
    writer: _Out,
    fmt: str,
    jobs: int,
    progress: Callable[[int, int, Path], None] | None,
) -> None:
    from concurrent.futures.process import BrokenProcessPool

    jobs = min(jobs, sum(isinstance(item, Path) for item, *_ in tasks))
    window: deque[tuple[list[Task], Any]] = deque()
    pending = iter(_groups(tasks, jobs))
    done = 0
    with tempfile.TemporaryDirectory(prefix="fsm-check-") as spill_dir:
        pool = workers.pool(jobs)

        def submit(group: list[Task]) -> Any:
            if isinstance(group[0][0], Notice):
                return None
            return pool.submit(_group_job, [(str(t[0]), t[1], t[2]) for t in group], fmt, spill_dir)

        try:

            def fill() -> None:
                while len(window) < 4 * jobs:
                    group = next(pending, None)
                    if group is None:
                        return
                    window.append((group, submit(group)))

            fill()
            while window:
                group, future = window.popleft()
                if future is None:  # a notice
                    tally.add(group[0][0])  # type: ignore[arg-type]
                    writer.write(render(group[0][0], fmt))  # type: ignore[arg-type]
                    fill()
                    continue
                try:
                    results = future.result()
                except BrokenProcessPool:
                    # A worker died (killed, out of memory), and the pool with it. This group's files
                    # are checked again, each alone in a process of its own, so that only a file that
                    # kills its worker by itself is said so; then a new pool takes what was waiting.
                    pool.shutdown(wait=True, cancel_futures=True)  # its threads gone, fork is safe again
                    results = [_alone(task, fmt, spill_dir) for task in group]
                    pool = workers.pool(jobs)
                    window = deque((g, submit(g)) for g, _ in window)
                except Exception as err:
                    why = f"{type(err).__name__}: {str(err)[:200]}"
                    results = [_failed(str(t[0]), t[1], why, fmt) for t in group]
                for (item, _, _, last, _), (sub, text, spilled) in zip(group, results, strict=True):
                    tally.merge(sub)
                    writer.write(text)
                    if spilled is not None:
                        writer.copy(spilled)
                    if last:
                        done += 1
                        if progress is not None:
                            progress(done, total, item)  # type: ignore[arg-type]
                fill()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


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
