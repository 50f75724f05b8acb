"""``python -m fsm check``: every input answered, streamed, spread over processes in a stable order."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fsm.bridge.errors import InputError
from fsm.cli import main
from fsm.interop import pbn, schemas

DATA = Path(__file__).parent / "data" / "pbn"
SESSION = DATA / "session.pbn"


def _run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Six files in a tree: findings in each, names whose sorted order is not their creation order."""
    root = tmp_path / "records"
    for i, name in enumerate(["b.pbn", "a.PBN", "sub/z.pbn", "sub/deeper/c.pbn", "d.pbn", "e.pbn"]):
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(SESSION.read_text().replace('"Synthetic pairs"', f'"Session {i}"'))
    (root / "notes.txt").write_text("not a PBN file: a folder's other files are left alone\n")
    return root


def test_the_session_report(capsys):
    code, out, err = _run(capsys, "--jobs", "1", str(SESSION))
    assert (code, err) == (0, "")
    assert f"{SESSION}, game 2 (board 2), line 25: 1H E\n    Loi 27A1 : enchère insuffisante acceptée" in out
    assert " / Law 27A1: insufficient bid accepted" in out  # each finding in French, then in English
    assert f"{SESSION}, game 4 (board 4), line 59: 4H W  ≠ relevé / record 3H E" in out
    summary = out[out.index("fichiers / files") :]
    assert "parties / games                                                    4" in summary


def test_jobs_give_the_order_of_one_process(capsys, folder):
    runs = {}
    for jobs in ("1", "2", "3"):
        for fmt in ([], ["--json"]):
            code, out, err = _run(capsys, "--jobs", jobs, *fmt, str(folder), str(SESSION))
            assert code == 0 and err == ""
            runs[jobs, bool(fmt)] = out
    assert runs["1", False] == runs["2", False] == runs["3", False]
    assert runs["1", True] == runs["2", True] == runs["3", True]
    files = [line.split(",")[0] for line in runs["1", False].splitlines() if ", game " in line]
    expected = [str(folder / n) for n in ["a.PBN", "b.pbn", "d.pbn", "e.pbn", "sub/deeper/c.pbn", "sub/z.pbn"]]
    assert list(dict.fromkeys(files)) == [*expected, str(SESSION)]
    data = json.loads(runs["2", True])
    assert data["summary"]["files"] == 7 and data["summary"]["games"] == 28
    assert data["summary"]["findings_by_law"] == {"22A": 7, "27A1": 7, "54B": 7}
    assert len(data["boards"]) == 21 and data["boards"][0]["file"] == expected[0]
    assert {b["game"] for b in data["boards"]} == {2, 3, 4}


def test_json_keeps_its_shape(capsys):
    code, out, _ = _run(capsys, "--json", str(SESSION))
    data = json.loads(out)
    assert code == 0 and set(data) == {"boards", "summary"}
    assert data["summary"]["games"] == 4 and data["summary"]["unreadable_files"] == 0
    board = data["boards"][0]
    assert (board["file"], board["game"], board["line"], board["findings"][0]["law"]) == (str(SESSION), 2, 25, "27A1")
    finding = board["findings"][0]  # French and English; `what`, the English, kept for older readers
    assert finding["fr"].startswith("enchère insuffisante acceptée") and finding["what"] == finding["en"]
    assert finding["en"].startswith("insufficient bid accepted")
    schemas.validate("check", data)  # the shape other programs read is the published one


def test_the_json_report_of_a_folder_and_a_missing_file_is_the_published_shape(capsys):
    code, out, _ = _run(capsys, "--json", str(SESSION.parent), "/nonexistent.pbn")
    data = json.loads(out)
    assert code == 2 and data["summary"]["paths"][0]["kind"] == "not found"
    schemas.validate("check", data)
    with pytest.raises(InputError) as err:
        schemas.validate("check", {**data, "summary": {**data["summary"], "games": -1}})
    assert err.value.details["key"] == "summary/games"


def test_reports_are_written_as_they_come(monkeypatch, tmp_path):
    # Each board's lines are written before the next file is even opened: nothing waits for the end.
    first, second = tmp_path / "1.pbn", tmp_path / "2.pbn"
    shutil.copy(SESSION, first)
    shutil.copy(SESSION, second)
    opened: list[str] = []
    real_open = pbn.open_pbn
    monkeypatch.setattr(pbn, "open_pbn", lambda path: opened.append(str(path)) or real_open(path))

    class Out:
        def __init__(self):
            self.seen: list[tuple[int, str]] = []

        def write(self, text: str) -> None:
            self.seen.append((len(opened), text))

    out = Out()
    tally = pbn.check([first, second], out, jobs=1)  # type: ignore[arg-type]
    assert [n for n, text in out.seen if text.startswith(str(first))] == [1, 1, 1]
    assert [n for n, text in out.seen if text.startswith(str(second))] == [2, 2, 2]
    assert tally.games == 8 and not hasattr(tally, "outcomes")  # counters, not reports


def test_a_missing_path_is_named_and_the_others_are_read(capsys, tmp_path):
    code, out, err = _run(capsys, str(tmp_path / "gone.pbn"), str(SESSION), str(tmp_path / "gone-folder"))
    assert code == 2
    assert f"{tmp_path / 'gone.pbn'}: introuvable / not found" in err
    assert f"{tmp_path / 'gone-folder'}: introuvable / not found" in err
    assert f"{SESSION}, game 2 (board 2)" in out  # the readable one is checked all the same


def test_an_unreadable_file_and_subfolder_are_named(capsys, monkeypatch, folder):
    real_open, real_scandir = os.open, os.scandir
    locked_file, locked_folder = folder / "b.pbn", folder / "sub" / "deeper"

    def fake_open(path, *args, **kwargs):  # noqa: ANN001, ANN202
        if Path(path) == locked_file:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    def fake_scandir(path):  # noqa: ANN001, ANN202
        if Path(path) == locked_folder:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "open", fake_open)
    monkeypatch.setattr(os, "scandir", fake_scandir)
    code, out, err = _run(capsys, "--jobs", "1", str(folder))
    assert code == 2
    assert f"{locked_file}: illisible / unreadable: Permission denied" in err
    assert f"{locked_folder}: illisible / unreadable: Permission denied" in err
    assert f"{folder / 'sub' / 'z.pbn'}, game 2" in out  # the rest of the folder is read


def _check_as_nobody(path: Path) -> tuple[int, str]:
    """``check path`` run by an unprivileged user: root reads files whatever their mode, and CI runs as
    root. A forked child (the package already imported, whatever the checkout's permissions) drops to
    user nobody, so that the kernel itself refuses the read."""
    import io
    import pwd

    nobody = pwd.getpwnam("nobody")
    readable, written = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (the child leaves by os._exit)
        try:
            os.close(readable)
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
            code = main(["check", "--jobs", "1", str(path)])
            os.write(written, json.dumps([code, sys.stderr.getvalue()]).encode())
        finally:
            os._exit(0)
    os.close(written)
    with os.fdopen(readable, "rb") as answer:
        said = answer.read()
    os.waitpid(child, 0)
    code, err = json.loads(said)
    return code, err


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_a_file_without_read_permission(capsys, tmp_path):
    if os.geteuid() != 0:
        path = tmp_path / "locked.pbn"
        shutil.copy(SESSION, path)
        path.chmod(0)
        code, _, err = _run(capsys, str(path))
    else:  # pytest's own temporary folders are closed to other users: the file's folder must be open
        import tempfile

        folder = Path(tempfile.mkdtemp())
        try:
            folder.chmod(0o755)
            path = folder / "locked.pbn"
            shutil.copy(SESSION, path)
            path.chmod(0)
            code, err = _check_as_nobody(path)
        finally:
            shutil.rmtree(folder)
    assert code == 2 and f"{path}: illisible / unreadable: Permission denied" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_special_files_are_refused_never_read(tmp_path):
    # A named pipe without writer would block whoever opens it to read; /dev/zero never ends.
    # Run in a child process so that a hang fails the test instead of stopping it.
    fifo = tmp_path / "pipe.pbn"
    os.mkfifo(fifo)
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "folder" / "inner.pbn")
    paths = [str(fifo), str(tmp_path / "folder")] + (["/dev/zero"] if os.path.exists("/dev/zero") else [])
    done = subprocess.run(
        [sys.executable, "-m", "fsm", "check", *paths], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2, done.stderr
    assert f"{fifo}: refusé / refused: named pipe" in done.stderr
    assert f"{tmp_path / 'folder' / 'inner.pbn'}: refusé / refused: named pipe" in done.stderr
    if "/dev/zero" in paths:
        assert "/dev/zero: refusé / refused: character device" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_path_without_game_is_a_warning(capsys, tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# A project\n\nSee [the docs](docs/index.md) and [x].\n")
    (tmp_path / "empty").mkdir()
    code, out, err = _run(capsys, str(readme), str(tmp_path / "empty"))
    assert (code, err) == (0, "")
    assert f"{readme}: avertissement / warning: aucune partie PBN / no PBN game" in out
    assert f"{tmp_path / 'empty'}: avertissement / warning: aucun fichier .pbn / no .pbn file in this folder" in out


def test_an_internal_error_exits_3_and_names_the_game(capsys, monkeypatch):
    def broken(game, checked=False):  # noqa: ANN001, ANN202
        raise RuntimeError("engine bug")

    monkeypatch.setattr(pbn, "replay", broken)
    code, out, _ = _run(capsys, "--jobs", "1", str(SESSION))
    assert code == 3
    assert (
        f"{SESSION}, game 1 (board 1), line 4: illisible / unreadable: internal error RuntimeError: engine bug" in out
    )


def test_unreadable_wins_over_internal_error(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(pbn, "replay", lambda game, checked=False: 1 / 0)
    code, _, _ = _run(capsys, "--jobs", "1", str(SESSION), str(tmp_path / "gone.pbn"))
    assert code == 2


def test_help_documents_exit_codes_and_jobs(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert (
        "Codes de sortie : 0 tout est lu" in text and "2 un chemin introuvable" in text and "3 erreur interne." in text
    )
    assert "Exit codes: 0 everything read" in text and "3 internal error." in text
    assert "--jobs N" in text


@pytest.mark.parametrize("bad", ["0", "-1", "many"])
def test_jobs_must_be_a_positive_integer(capsys, bad):
    with pytest.raises(SystemExit) as raised:
        main(["check", "--jobs", bad, str(SESSION)])
    assert raised.value.code == 2
    assert "--jobs" in capsys.readouterr().err


def test_the_default_jobs_are_the_cores_this_process_may_use(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 2, 5}, raising=False)
    assert pbn.default_jobs() == 3  # the affinity mask, not every core of the machine
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 6)
    assert pbn.default_jobs() == 6  # where there is no mask
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert pbn.default_jobs() == 1


def test_check_without_jobs_takes_the_default(capsys, monkeypatch):
    asked: list[int] = []
    monkeypatch.setattr(pbn, "default_jobs", lambda: 7)
    monkeypatch.setattr(pbn, "check", lambda paths, out, fmt, jobs, progress: asked.append(jobs) or pbn.Tally())
    assert main(["check", str(SESSION)]) == 0
    assert main(["check", "--jobs", "2", str(SESSION)]) == 0
    assert asked == [7, 2]
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    assert "default: the usable cores" in " ".join(capsys.readouterr().out.split())


def _big(tmp_path: Path, copies: int = 12) -> Path:
    """The session again and again in one file, with what is said at its end: a warning outside any game."""
    text = SESSION.read_text()
    path = tmp_path / "big.pbn"
    path.write_text("\n".join(text.replace('[Board "', f'[Board "{i}.') for i in range(copies)) + "\n[Broken\n\n")
    return path


def test_a_big_file_is_cut_into_parts_and_reported_as_one(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(pbn, "MIN_PART", 512)
    path = _big(tmp_path)
    tasks = pbn._tasks([SESSION, path], 3)
    assert [t[0] for t in tasks].count(path) == 6 and [t[3] for t in tasks].count(True) == 2  # 2 × jobs parts
    runs = {}
    for jobs in ("1", "2", "3"):
        for fmt in ([], ["--json"]):
            code, out, err = _run(capsys, "--jobs", jobs, *fmt, str(SESSION), str(path), str(tmp_path / "gone.pbn"))
            assert code == 2
            runs[jobs, bool(fmt)] = out
    assert runs["1", False] == runs["2", False] == runs["3", False]
    assert runs["1", True] == runs["2", True] == runs["3", True]
    summary = json.loads(runs["3", True])["summary"]
    assert (summary["files"], summary["games"], summary["unreadable_files"]) == (2, 52, 1)
    assert [p["kind"] for p in summary["paths"]] == ["warning", "not found"]  # the big file's warning, once


def _said(items) -> list[str]:  # noqa: ANN001
    return [pbn.render(item, "text") if isinstance(item, pbn.Outcome) else item.text() for item in items]


@pytest.mark.parametrize("failure", [None, 0, 5, 47, 48])
def test_the_parts_of_a_file_say_what_the_file_says(monkeypatch, tmp_path, failure):
    # Any cut of a file into parts by its lines: the parts, one after the other, give the file's
    # outcomes and its closing notices (its warnings, or a read error after so many games) once.
    path = _big(tmp_path)
    real = pbn.games

    def failing(path, notes=None):  # noqa: ANN001, ANN202
        count = 0
        for count, game in enumerate(real(path, notes)):  # noqa: B007 (counted)
            if count == failure:
                raise OSError(5, "Input/output error")
            yield game
        if failure == count + 1:  # after the last game
            raise OSError(5, "Input/output error")

    monkeypatch.setattr(pbn, "games", failing)
    whole = _said(pbn.check_file(path))
    assert whole[-1].endswith("Input/output error\n" if failure is not None else "a blank line inside it): ignored\n")
    lines = path.read_text().count("\n")
    for cuts in ([2], [100, 101, 102], list(range(2, lines + 5, 37)), [lines // 2, lines + 10]):
        bounds = [0, *cuts]
        parts = [_said(pbn.check_file(path, a, b)) for a, b in zip(bounds, [*cuts, None], strict=True)]
        assert sum(parts, []) == whole, cuts


def test_a_file_is_read_one_game_at_a_time(monkeypatch, tmp_path):
    # check_file replays each game as it is read; a part stops reading after its last game.
    path = _big(tmp_path)
    real, read = pbn.games, []

    def counted(path, notes=None):  # noqa: ANN001, ANN202
        for game in real(path, notes):
            read.append(game.line)
            yield game

    monkeypatch.setattr(pbn, "games", counted)
    outcomes = pbn.check_file(path)
    first = next(outcomes)
    assert isinstance(first, pbn.Outcome) and read == [first.game.line]
    outcomes.close()
    read.clear()
    stop = next(g.line for g in real(path) if g.number == 10)
    assert [o.game.number for o in pbn.check_file(path, 0, stop)] == list(range(1, 10))
    assert len(read) == 10  # nine games of its own, and the one that opens the next part


def test_a_worker_that_dies_costs_its_file_only(capsys, monkeypatch, folder):
    import multiprocessing
    import threading

    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() > 1:
        pytest.skip("the poisoned worker is made by fork")
    poison = folder / "d.pbn"
    real = pbn._job

    def dying(path, *args):  # noqa: ANN001, ANN202
        if path == str(poison):
            os._exit(9)  # as if killed: no answer, no traceback
        return real(path, *args)

    monkeypatch.setattr(pbn, "_job", dying)
    code, out, _ = _run(capsys, "--jobs", "2", str(folder))
    assert code == 3, out
    assert f"{poison}: erreur interne / internal error: le processus est mort / the worker process died" in out
    monkeypatch.setattr(pbn, "_job", real)
    _, alone, _ = _run(capsys, "--jobs", "1", str(folder))
    others = [line for line in alone.splitlines() if ", game " in line and not line.startswith(str(poison))]
    assert [line for line in out.splitlines() if ", game " in line] == others  # every other file, in order
