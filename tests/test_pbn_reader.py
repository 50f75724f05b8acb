"""Reading PBN as robustly as the PBN verifier: texts written here and the verifier's own files."""

import io
import itertools
import textwrap
import tracemalloc
from pathlib import Path

import pytest

from fsm.interop import pbn
from fsm.interop.pbn import games, parse_games, read_stream, replay

DATA = Path(__file__).parent / "data" / "pbn"
REFERENCE = DATA / "reference"


def _one(text: str):
    found = list(parse_games(textwrap.dedent(text), "t.pbn"))
    assert len(found) == 1, [g.tags for g in found]
    return found[0]


@pytest.mark.parametrize(("name", "count"), [("correct_10.pbn", 31), ("correct_20.pbn", 46), ("correct_21.pbn", 2)])
def test_the_verifiers_correct_files_read_game_for_game(name, count):
    # Each file numbers its games in comments ("==== game 31 ===="): so many games, none unreadable.
    notes: list[str] = []
    found = list(games(REFERENCE / name, notes))
    assert len(found) == count
    assert notes == []
    outcomes = [replay(g) for g in found]
    assert not [o.error for o in outcomes if o.error]
    assert not [o.warnings for o in outcomes if o.warnings]


def test_the_verifiers_layouts_of_a_tag_pair():
    found = {g.number: g for g in games(REFERENCE / "correct_10.pbn")}
    assert found[20].tags == {"Event": "No space after 'event'"}
    assert found[21].tags == {"Event": "Spaces after '[' and before ']'"}
    assert found[22].tags == {"Event": "use new lines"}  # '[', name, value and ']' on lines of their own
    assert found[23].tags == {"Event": "my event", "Date": "1998.03.21"}
    assert found[4].tags["South"].split()[:3] == ["¡", "¢", "£"]  # Latin-1 bytes A1, A2, A3
    assert found[4].tags["East"] == '\\"\\""\\  \\a'
    irregular = replay(found[3])
    assert [f.law for f in irregular.findings] == ["29A", "27A1", "27A1", "29A", "54A"]


def test_a_repeated_tag_stays_in_its_game_with_a_warning():
    game = _one("""\
        [Event "One game"]
        [Dealer "N"]
        [Auction "N"]
        1H Pass 2H Pass
        [Auction "E"]
        3H Pass
        Pass Pass
        [Contract "2H"]
        [Declarer "N"]
        """)
    assert game.tags["Auction"] == "N"
    assert game.auction == ["1H", "Pass", "2H", "Pass"]  # the repetition's section goes with it
    assert game.warnings == ["line 5: [Auction] repeated (first at line 3): ignored"]
    outcome = replay(game)
    assert outcome.contract is None and outcome.warnings == game.warnings  # the auction stops at 2H Pass


def test_the_warning_names_file_game_and_line(tmp_path, capsys):
    from fsm.cli import main

    path = tmp_path / "twice.pbn"
    path.write_text('[Event "e"]\n[Dealer "N"]\n[Board "7"]\n[Board "8"]\n[Auction "N"]\nPass Pass Pass Pass\n')
    assert main(["check", "--jobs", "1", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}, game 1 (board 7), line 1: Pass None" in out
    assert "warning: line 4: [Board] repeated (first at line 3): ignored" in out


def test_games_without_blank_line_split_where_their_opening_tag_comes_again():
    text = '[Event "a"]\n[Board "1"]\n[Dealer "N"]\n[Board "1"]\n[Event "b"]\n[Board "2"]\n[Event "c"]\n'
    found = list(parse_games(text))
    assert [(g.tags["Event"], g.board, g.line) for g in found] == [("a", "1", 1), ("b", "2", 5), ("c", "?", 7)]
    assert found[0].warnings == ["line 4: [Board] repeated (first at line 2): ignored"]


def test_a_blank_line_ends_a_game_but_a_comment_line_or_an_escape_does_not():
    text = textwrap.dedent("""\
        [Event "a"]
        [Dealer "N"]
        [Auction "N"]
        1H Pass
        {a comment on a line of its own}
        ; another
        % an escape
        2H Pass Pass Pass

        [Dealer "E"]
        """)
    first, second = parse_games(text)
    assert first.auction == ["1H", "Pass", "2H", "Pass", "Pass", "Pass"]
    assert replay(first).contract == "2H"
    assert (second.tags, second.line) == ({"Dealer": "E"}, 10)


def test_a_value_split_over_lines_is_read():
    game = _one("""\
        [Event "International Amsterdam
           Airport Schiphol"]
        [Site "Amsterdam"]
        """)
    assert game.tags == {"Event": "International Amsterdam Airport Schiphol", "Site": "Amsterdam"}
    assert game.warnings == []


def test_an_unknown_suffix_costs_the_suffix_not_the_game():
    game = _one("""\
        [Dealer "N"]
        [Contract "2H"]
        [Declarer "N"]
        [Auction "N"]
        1H!!! Pass 2H !!?! Pass
        Pass!? Pass
        """)
    outcome = replay(game)
    assert (outcome.contract, outcome.declarer, outcome.agrees, outcome.error) == ("2H", "N", True, None)
    assert outcome.warnings == ["line 5: unknown suffix '!!!' ignored", "line 5: unknown suffix '!!?!' ignored"]


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ('[Event "x" junk]', "'j' where ']' was expected"),
        ("[Event x]", "'x' where a quoted value was expected"),
        ('[Event "no closing quote', "its value has no closing quote"),
        ('["no name"]', "'\"' where a tag name was expected"),
        ('[Event "x"', "'[' where ']' was expected"),
    ],
)
def test_one_malformed_tag_costs_that_tag_not_the_game(bad, why):
    text = f'[Board "3"]\n{bad}\n[Dealer "S"]\n[Contract "1NT"]\n[Declarer "S"]\n[Auction "S"]\n1NT AP\n'
    (game,) = parse_games(text)
    assert game.tags == {"Board": "3", "Dealer": "S", "Contract": "1NT", "Declarer": "S", "Auction": "S"}
    assert len(game.warnings) == 1 and game.warnings[0].startswith("line 2: unreadable tag")
    assert why in game.warnings[0]
    assert replay(game).agrees is True


def test_a_malformed_first_tag_is_reported_with_the_game_it_would_have_opened():
    first, second = parse_games('[Event "a"]\n\n[Event "b\n[Board "2"]\n')
    assert second.tags == {"Board": "2"} and second.line == 4
    assert second.warnings and second.warnings[0].startswith("line 3: unreadable tag '[Event \"b'")


def test_insufficient_mark_on_a_sufficient_bid_is_a_warning():
    game = _one("""\
        [Dealer "N"]
        [Auction "N"]
        1H Pass ^I 2H Pass
        Pass ^I Pass
        """)
    outcome = replay(game)
    assert outcome.contract == "2H" and outcome.findings == []
    assert outcome.warnings == [
        "line 3: ^I marks 2H insufficient, but it is a sufficient bid",
        "line 4: ^I marks Pass insufficient, but it is not a bid",
    ]


def test_a_marked_insufficient_bid_gives_no_warning():
    outcome = replay(_one('[Dealer "N"]\n[Auction "N"]\n1H ^I 1D Pass Pass\nPass\n'))
    assert outcome.warnings == [] and outcome.findings == [
        ("27A1", "enchère insuffisante acceptée (signalée)", "insufficient bid accepted (marked)")
    ]


TEXT = '[Event "Sébastien à Zürich"]\n[Dealer "N"]\n[Auction "N"]\n1H Pass Pass Pass\n\n[Event "#"]\n[Dealer "E"]\n'


@pytest.mark.parametrize(
    "data",
    [
        TEXT.encode("latin-1"),
        TEXT.encode("utf-8"),
        b"\xef\xbb\xbf" + TEXT.encode("utf-8"),
        b"\xef\xbb\xbf" + TEXT.replace("\n", "\r\n").encode("utf-8"),
        TEXT.replace("\n", "\r\n").encode("latin-1"),
        TEXT.replace("\n", "\r").encode("latin-1"),
    ],
    ids=["latin-1", "utf-8", "utf-8 BOM", "utf-8 BOM CRLF", "latin-1 CRLF", "CR"],
)
def test_every_encoding_the_standard_allows(tmp_path, data):
    path = tmp_path / "e.pbn"
    path.write_bytes(data)
    first, second = games(path)
    assert first.tags["Event"] == second.tags["Event"] == "Sébastien à Zürich"
    assert (first.line, second.line) == (1, 6)
    assert replay(first).contract == "1H"


def test_utf16_is_said_not_guessed():
    notes: list[str] = []
    assert list(read_stream(io.BytesIO(TEXT.encode("utf-16")), "u.pbn", notes)) == []
    assert notes == ["UTF-16 text: PBN is Latin-1 or UTF-8; not read"]


class Endless(io.RawIOBase):
    """A stream that never ends: the same bytes again and again, produced as they are read."""

    def __init__(self, head: bytes, body: bytes):
        self.head, self.body, self.sent = head, body, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # noqa: ANN001
        chunk = (self.head if self.sent == 0 else b"") + self.body * max(1, len(buffer) // len(self.body))
        size = min(len(buffer), len(chunk))
        buffer[:size] = chunk[:size]
        self.sent += size
        return size


def test_games_come_as_they_are_read():
    # An endless file: reading it whole would never return; the first games come all the same.
    stream = io.BufferedReader(Endless(b"", b'[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1H Pass Pass Pass\n\n'))
    first = list(itertools.islice(read_stream(stream, "endless.pbn"), 3))
    assert [g.number for g in first] == [1, 2, 3]
    assert stream.raw.sent < 1 << 20


def test_a_line_longer_than_a_piece_is_read_whole(monkeypatch):
    monkeypatch.setattr(pbn, "MAX_PIECE", 64)
    calls = " ".join(["Pass", "1H", "Pass", "2H"] * 20)  # 359 characters on one line, no call cut
    text = f'[Event "{"x" * 150}"]\n[Dealer "N"]\n[Auction "N"]\n{calls}\n[Note "1:ok"]\n'
    (game,) = read_stream(io.BytesIO(text.encode()), "long.pbn")
    assert game.tags["Event"] == "x" * 150
    assert game.auction == calls.split()
    assert set(game.auction_lines) == {4}
    assert game.tags["Note"] == "1:ok\n"


def test_memory_stays_bounded_on_a_huge_line():
    # 16 MB on one line, produced as it is read: the reader keeps pieces of it, never the whole.
    stream = io.BufferedReader(Endless(b'[Dealer "N"]\n[Auction "N"]\n', b"Pass 1H ! =1= "))
    limited = io.BufferedReader(Limited(stream, 16 << 20))
    tracemalloc.start()
    try:
        (game,) = read_stream(limited, "huge.pbn")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(game.auction) == pbn.MAX_SECTION
    assert game.warnings == [f"line 3: section longer than {pbn.MAX_SECTION} tokens: the rest ignored"]
    assert peak < 8 << 20
    assert replay(game).error == f"auction: line 3: more than {pbn.MAX_CALLS} calls: not an auction"


class Limited(io.RawIOBase):
    def __init__(self, inner, size: int):  # noqa: ANN001
        self.inner, self.left = inner, size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # noqa: ANN001
        data = self.inner.read(min(len(buffer), self.left))
        self.left -= len(data)
        buffer[: len(data)] = data
        return len(data)


def test_a_comment_left_open_and_a_tag_left_open_are_said():
    (game,) = parse_games('[Event "a"]\n[Dealer "N"] {never closed\n\n[Board "2"]\n')
    assert game.warnings == ["line 2: comment not closed at the end of the file"]
    (game,) = parse_games('[Event "a"]\n[Board\n')
    assert game.warnings == ["line 2: unreadable tag '[Board' (not closed at the end of the file): ignored"]


def test_text_outside_any_section_is_said_once():
    (game,) = parse_games('[Event "a"]\nstray words here\nand more\n[Dealer "N"]\n')
    assert game.warnings == ["line 2: text outside any section ignored: 'stray words here'"]


def test_a_supplemental_table_is_no_stray_text():
    text = '[Board "1"]\n[ScoreTable "Rank;Names\\20"]\n1 "Anne ; Bob"\n2 "Carl ; Dora"\n'
    (game,) = parse_games(text)
    assert game.warnings == [] and game.tags["ScoreTable"] == "Rank;Names\\20"


def _reference_reading(data: bytes) -> tuple[list[dict], list[str]]:
    """The games as the reference reading gives them: :func:`pbn._lines` line by line, each line fed to
    the reader's general path. The reader proper decodes blocks and takes the common lines at once."""
    notes: list[str] = []
    reader = pbn._Reader("r.pbn", notes)
    found = []
    for number, text, ends in pbn._lines(io.BytesIO(data), reader.notes):
        reader.feed(number, text, ends)
        found += reader.done
        reader.done.clear()
    reader.end()
    found += reader.done
    return [vars(g) for g in found], notes


EDGES = [
    b"",
    b"\r",
    b"\r\n\r\n",
    b"\xef\xbb\xbf",
    b'\xef\xbb\xbf[Event "a"]\r\n[Dealer "N"]\r\n',
    b"\xff\xfe[\x00a\x00",
    b'[Event "a"]\r\r\n[Dealer "N"]\r\n[Auction "N"]\r\nPass Pass\rPass Pass\r\n',  # a lone CR in CRLF
    b'[Event "caf\xe9"]\n[Site "caf\xc3\xa9"]\n[Dealer "N"]\n[Auction "N"]\nPass AP',  # Latin-1 and UTF-8 lines
    b'[Event "a\n b"] [Board "1"]\n{open\n\n}[Dealer "S"]\n%x\n  \t\n[Event "#"]\n',
    b'[Event "a value\n over two lines"]\n[Dealer "N"]\n',
    b'[Auction "N"]\n' + b"Pass " * 40 + b"\n" + b"1H" * 40,  # long lines, the last without a line end
]


@pytest.mark.parametrize("piece", [1 << 20, 64, 7])
def test_reading_by_blocks_gives_the_reference_reading(monkeypatch, piece):
    # Every mutant of the fuzz test and the edge cases above, with lines cut into pieces or not:
    # the same games (tags, tokens, lines, warnings) and the same notes, whatever the line ends.
    from tests.test_pbn_fuzz import _mutants

    monkeypatch.setattr(pbn, "MAX_PIECE", piece)
    # A first line about as long as a piece, the BOM before it counting in its length or not.
    near = [bom + b"x" * (piece - n) + b' y\n[Dealer "N"]\n' for bom in (b"", pbn.BOM_UTF8) for n in range(1, 6)]
    texts = EDGES + near + [data for _, data in _mutants() if piece == 1 << 20 or len(data) < 100_000]
    for data in texts:
        notes: list[str] = []
        found = [vars(g) for g in read_stream(io.BytesIO(data), "r.pbn", notes)]
        assert (found, notes) == _reference_reading(data), data[:80]
