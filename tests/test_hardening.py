"""Hostile input reported, never a traceback nor a hang: each failure the hardening issue found,
reproduced (teach --pbn, the scenario loader, FSM_FAMILIES, --out, Board.replay, check's text)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fsm.bridge import yamltext
from fsm.bridge.errors import FsmError, InputError, ScenarioError
from fsm.cli import main
from fsm.interop.pbn_teach import MAX_NAME, scenarios
from fsm.laws import registry
from fsm.model.board import Board
from fsm.model.scenario import load

ROOT = Path(__file__).resolve().parent.parent
PBN = ROOT / "tests" / "data" / "teach.pbn"
FIRST = PBN.read_text(encoding="utf-8").split("[Event")[1]  # board 1: 1H ^I 1D 2NT Pass 3NT AP


def fsm(*args, families=None, timeout=120):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(registry.EXTRA, None)
    if families is not None:
        env[registry.EXTRA] = str(families)
    return subprocess.run(
        [sys.executable, "-m", "fsm", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=timeout
    )


# --- 4. teach --pbn ------------------------------------------------------------------------
def test_a_5000_digit_board_number_gives_a_bounded_name(tmp_path, capsys):
    path = tmp_path / "long.pbn"
    path.write_text("[Event" + FIRST.replace('[Board "1"]', '[Board "' + "7" * 5000 + '"]'), encoding="utf-8")
    assert main(["teach", "--pbn", str(path), "--out", str(tmp_path / "out")]) == 0
    (page,) = (tmp_path / "out").iterdir()
    assert len(page.name) == MAX_NAME + len(".html") and page.name.startswith("long-777")
    assert capsys.readouterr().out.split() == [str(page)]


def test_200_games_of_one_number_give_200_pages_of_short_names(tmp_path):
    path = tmp_path / "same.pbn"
    path.write_text("[Event" + FIRST * 0 + "[Event".join([FIRST] * 200), encoding="utf-8")
    found, skipped = scenarios(path)
    ids = [s.id for s in found]
    assert skipped == [] and len(set(ids)) == 200
    assert ids[:3] == ["same-1", "same-1-bis", "same-1-bis-2"] and ids[-1] == "same-1-bis-199"
    assert main(["teach", "--pbn", str(path), "--out", str(tmp_path / "out")]) == 0
    assert len(list((tmp_path / "out").iterdir())) == 200


def test_a_file_name_that_is_not_utf8_is_shown_replaced(tmp_path):
    name = os.fsdecode(b"caf\xe9.pbn")
    (tmp_path / name).write_bytes(PBN.read_bytes())
    assert main(["teach", "--pbn", str(tmp_path / name), "--out", str(tmp_path / "out")]) == 0
    page = (tmp_path / "out" / "caf-1.html").read_text(encoding="utf-8")
    assert "donne 1 (caf\ufffd.pbn)" in page


def test_teach_pbn_writes_each_page_before_reading_the_next_game(tmp_path, monkeypatch):
    """Streamed: when the second page is made, the first is on disk already."""
    from fsm.teach import pages

    made = []
    real = pages.page

    def spy(s):
        made.append(sorted(p.name for p in (tmp_path / "out").glob("*.html")))
        return real(s)

    monkeypatch.setattr(pages, "page", spy)
    assert main(["teach", "--pbn", str(PBN), "--out", str(tmp_path / "out")]) == 0
    assert made == [[], ["teach-1.html"]]


# --- 5. the scenario loader ----------------------------------------------------------------
@pytest.mark.parametrize(("name", "text", "words"), [
    ("inf.yaml", "id: a\nevents: [{calls: P}]\ncheckpoints: {.inf: {}}\n", "key 'checkpoints.inf': event number out of range"),
    ("nan.yaml", "id: a\nevents: [{calls: P}]\ncheckpoints: {.nan: {}}\n", "key 'checkpoints.nan': event number out of range"),
    ("complex.yaml", "id: a\nevents: [{calls: P}]\n? [a, b]\n: 1\n", "line 3, column 3: invalid YAML: a key must be a text or a number"),
    ("listkey.yaml", "id: a\nevents: [{[1]: {}}]\n", "line 2, column 11: invalid YAML: a key must be a text or a number"),
    ("mixed.yaml", "id: a\nevents: [{rejected: {event: {calls: P}, 1: 2, b: 3}}]\n", "key 'events.1.1': unknown key"),
    ("big.yaml", "id: a\nevents: [{calls: P}]\nlaws: [" + "9" * 5000 + "]\n", "an integer of more than 30 digits"),
    ("big.json", '{"id": "a", "events": [{"calls": "P"}], "laws": [' + "9" * 5000 + "]}", "an integer of more than 30 digits"),
    ("deep.json", "[" * 900 + "]" * 900, "nested deeper than 64 levels"),
    ("twice.json", '{"id": "a", "id": "b", "events": [{"calls": "P"}]}', "the key 'id' is given twice"),
    ("nan.json", '{"id": "a", "events": [{"calls": "P"}], "laws": [NaN]}', "'NaN' is not a JSON number"),
])  # fmt: skip
def test_the_loader_refuses_what_crashed_it(tmp_path, name, text, words):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load(path)
    assert err.value.message_en.startswith(str(path)) and words in err.value.message_en


def test_a_bom_starts_a_json_scenario(tmp_path):
    path = tmp_path / "bom.json"
    path.write_text('\ufeff{"id": "a", "events": [{"calls": "P"}]}', encoding="utf-8")
    assert [s.id for s in load(path)] == ["a"]


def test_one_bad_file_does_not_stop_run_on_a_folder(tmp_path, capsys):
    (tmp_path / "a.yaml").write_text("id: a\nevents: [{calls: P}]\ncheckpoints: {.inf: {}}\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("id: b\nevents: [{calls: P}]\nexpect: {turn: E}\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text("? [a, b]\n: 1\n", encoding="utf-8")
    assert main(["run", str(tmp_path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"ERROR {tmp_path / 'a.yaml'}, scénario « a », clé « checkpoints.inf »")
    assert out[1] == f"PASS {tmp_path / 'b.yaml'}::b"
    assert out[2].startswith(f"ERROR {tmp_path / 'c.yaml'}, ligne 1, colonne 3")
    assert out[3] == "1 passed, 0 failed, 2 unreadable"


# --- 6. FSM_FAMILIES -----------------------------------------------------------------------
FAMILY = """from fsm.laws.spec import LawModule, Rule
MODULE = LawModule(name="x_fam", laws="20B", rank=RANK, rules=[Rule(event="review", source="passed_out",
    dest=None, law=LAW, fr="a", en="b", actions=())], takes={"passed_out": ("review",)})
"""


def _family(law='"20B"', rank="70"):
    return FAMILY.replace("LAW", law).replace("RANK", rank)


def _hostile(kind, d):
    """One broken folder of families, and the words its error must hold."""
    if kind == "missing":
        return d / "none", "no such folder"
    d.mkdir()
    if kind == "fifo":
        os.mkfifo(d / "a.py")
        return d, "a.py: not a regular file"
    if kind == "syntax":
        (d / "a.py").write_text("def (", encoding="utf-8")
        return d, "a.py: syntax error at line 1"
    if kind == "raises":
        (d / "a.py").write_text("raise RuntimeError('boom')", encoding="utf-8")
        return d, "a.py: error at import (RuntimeError: boom)"
    if kind == "exits":
        (d / "a.py").write_text("import sys\nsys.exit(3)", encoding="utf-8")
        return d, "a.py: error at import (SystemExit: 3)"
    if kind == "twice":
        (d / "normal.py").write_text("from fsm.laws.normal import MODULE\n", encoding="utf-8")
        return d, "law families declared twice: normal"
    if kind == "law-none":
        (d / "a.py").write_text(_family(law="None"), encoding="utf-8")
        return d, "invalid machine with the families of FSM_FAMILIES (TypeError"
    if kind == "rank-text":
        (d / "a.py").write_text(_family(rank='"x"'), encoding="utf-8")
        return d, "a.py: 'rank' is not an integer"
    if kind == "folder-py":
        (d / "x.py").mkdir()
        return d, "x.py: not a regular file"
    if kind == "loop":
        (d / "a.py").symlink_to(d / "a.py")
        return d, "a.py: not a regular file"
    if kind == "not-utf8":
        (d / "a.py").write_bytes(b"\xff\xfe x = 1")
        return d, "a.py: not UTF-8"
    if kind == "module-int":
        (d / "a.py").write_text("MODULE = 5", encoding="utf-8")
        return d, "a.py: 'MODULE' is not a LawModule"
    (d / "a.py").write_text(_family(), encoding="utf-8")
    data = {"yaml-bad": "views: [\n", "yaml-list": "- 1\n", "yaml-dup": "views: []\nviews: []\n",
            "yaml-view": "views: [{title: 1}]\n"}[kind]  # fmt: skip
    (d / "a.yaml").write_text(data, encoding="utf-8")
    words = {"yaml-bad": "a.yaml, line 2, column 1: invalid YAML", "yaml-list": "the data file must be a mapping",
             "yaml-dup": "duplicate key 'views'", "yaml-view": "malformed data file (KeyError: 'name')"}[kind]  # fmt: skip
    return d, words


KINDS = ["missing", "fifo", "syntax", "raises", "exits", "twice", "law-none", "rank-text", "folder-py", "loop",
         "not-utf8", "module-int", "yaml-bad", "yaml-list", "yaml-dup", "yaml-view"]  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
def test_a_broken_families_folder_is_an_error_naming_it(tmp_path, kind):
    folder, words = _hostile(kind, tmp_path / "families")
    command = ("diagram", "--view", "27", "--format", "dot", "--out", str(tmp_path / "v"))
    done = fsm(*command, families=folder, timeout=60)  # a pipe read would hang: the timeout says so
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("erreur / error: ") and words in done.stderr


def test_a_broken_family_is_an_fsm_error_in_the_api(tmp_path, monkeypatch):
    folder, _ = _hostile("syntax", tmp_path / "families")
    monkeypatch.setenv(registry.EXTRA, str(folder))
    registry.forget()
    try:
        with pytest.raises(registry.FamilyError) as err:
            registry.law_modules()
        assert isinstance(err.value, FsmError) and err.value.message_fr.startswith("FSM_FAMILIES : ")
        assert "erreur de syntaxe ligne 1" in err.value.message_fr
    finally:
        monkeypatch.delenv(registry.EXTRA)
        registry.forget()


def test_a_data_file_with_a_bom_is_read(tmp_path, monkeypatch):
    folder = tmp_path / "families"
    folder.mkdir()
    (folder / "a.py").write_text(_family(), encoding="utf-8")
    (folder / "a.yaml").write_text("\ufeffoverview: {fr: Révision, en: Review}\n", encoding="utf-8")
    monkeypatch.setenv(registry.EXTRA, str(folder))
    registry.forget()
    try:
        assert next(f for f in registry.families() if f.name == "x_fam").overview == ("Révision", "Review")
    finally:
        monkeypatch.delenv(registry.EXTRA)
        registry.forget()


def test_the_yaml_policy():
    assert yamltext.load("\ufeffa: 1\n") == {"a": 1}
    for text, words in (("a: 1\na: 2\n", "duplicate key 'a'"), ("? [1]\n: 2\n", "a key must be a text or a number"),
                        ("a: " + "1" * 31, "more than 30 digits"), ("a: &x 1\nb: *x\n", "aliases")):  # fmt: skip
        with pytest.raises(InputError) as err:
            yamltext.loads(text, "f.yaml")
        assert err.value.message_en.startswith("f.yaml, line ") and words in err.value.message_en
    assert yamltext.load("a: 1" + "0" * 29) == {"a": 10**29}


# --- 7. --out, Board.replay ----------------------------------------------------------------
@pytest.mark.parametrize("command", [
    ["diagram", "--format", "dot", "--out", "{file}/v"],
    ["diagram", "--pdf", "--out", "{file}"],
    ["quiz", "--html", "--out", "{file}"],
    ["diagrams", "--dot-only", "--out", "{file}"],
    ["export", "--out", "{file}/e.json"],
    ["export", "--corpus", "{file}", "--random", "1"],
    ["demo", "--out", "{file}"],
    ["teach", "--board", "--out", "{file}"],
    ["teach", "--pbn", str(PBN), "--out", "{file}"],
    ["site", "--out", "{file}"],
    ["site", "--out", "{file}/site"],
])  # fmt: skip
def test_out_naming_a_file_where_a_folder_is_wanted(tmp_path, capsys, command):
    file = tmp_path / "a-file"
    file.write_text("x", encoding="utf-8")
    assert main([part.replace("{file}", str(file)) for part in command]) == 2
    err = capsys.readouterr().err
    assert "chemin inutilisable : " in err and "unusable path: " in err and str(file) in err
    assert file.read_text(encoding="utf-8") == "x"


def test_out_naming_a_folder_where_a_file_is_wanted(tmp_path, capsys):
    (tmp_path / "e.json").mkdir()
    assert main(["export", "--out", str(tmp_path / "e.json")]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"chemin inutilisable : {tmp_path / 'e.json'} (un dossier est là où un fichier est attendu) / "
        f"unusable path: {tmp_path / 'e.json'} (Is a directory)\n"
    )


@pytest.mark.parametrize(("record", "key"), [
    ({}, "events"), (None, "-"), ("x", "-"), (5, "-"), ({"events": None}, "events"), ({"events": 5}, "events"),
    ({"events": "abc"}, "events"), ({"events": [{}]}, "events[0]"), ({"events": [5]}, "events[0]"),
    ({"events": [{"a": 1, "b": 2}]}, "events[0]"), ([5], "events[0]"),
    ({"events": [{"call": {"seat": "N", "call": "1C"}}, []]}, "events[1]"),
    ({"events": [], "settings": 5}, "settings"), ({"events": [], "cards_in_board": "x"}, "cards_in_board"),
])  # fmt: skip
def test_a_malformed_record_is_an_input_error_naming_its_key(record, key):
    with pytest.raises(InputError) as err:
        Board.replay(record)
    assert err.value.details["key"] == key and err.value.message_fr.startswith("enregistrement illisible : ")
    assert err.value.message_en.startswith("unreadable record: ")


# --- 8. terminal escapes in check's text report --------------------------------------------
def test_check_escapes_control_characters_of_tags_tokens_and_file_names(tmp_path, capsys):
    esc = "\x1b"
    path = tmp_path / f"e{esc}[1m.pbn"
    game = FIRST.replace('[Board "1"]', f'[Board "1{esc}[31m"]').replace("3NT AP", f"3NT {esc}]0;x\x07 AP")
    path.write_text("[Event" + game, encoding="utf-8")
    assert main(["check", "-j", "1", str(path)]) == 0
    out = capsys.readouterr().out
    assert esc not in out and "\x07" not in out
    assert out.startswith(f"{tmp_path}/e\\x1b[1m.pbn, game 1 (board 1\\x1b[31m), line 1: ")
