"""The law families, found in one place.

A family is a module of this package that defines ``MODULE``, a :class:`~fsm.laws.spec.LawModule`
(its states, rules, guards, actions, options), and, when it has something to show, a data file
of the same name beside it (``insufficient.py`` and ``insufficient.yaml``) that says:

- ``overview``: the title of its box on the one-screen overview, if its states share one;
- ``views``: its decision-tree diagrams, each with its name, title and, for a family too big
  for one screen, the laws whose rules it draws (``parts``); and for each, the ``lesson`` of its
  notebook: the notebook's file name, its title, the lesson in French and in English, the worked
  boards and the quiz boards (scenario ids of the corpus), and the laws whose FFB text it folds in.

The machine, the diagrams, the overview, the pages and the notebooks all read the families from
here: adding a family is adding its module (and its data file) and its scenario file. Families
kept outside the package are found too, in the folders the environment variable ``FSM_FAMILIES``
names (separated as in ``PATH``), each module beside its data file: a way to try a family
without touching the package, and how the tests add one.

A folder of ``FSM_FAMILIES`` that is missing, or a module or data file in it that cannot be read
(no regular file, a syntax error, an exception at import, a malformed data file, a family declared
twice) is a :class:`FamilyError` naming the folder, the file and the reason: never a family
silently left out, never a traceback, never a wait on a named pipe.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import os
import pkgutil
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from fsm.bridge.errors import InputError
from fsm.laws.spec import LawModule

HERE = Path(__file__).parent
EXTRA = "FSM_FAMILIES"

Words = tuple[str, str]  # French, English
MAX_BYTES = 1_000_000  # a family's module or data file: the largest shipped is some 30 kB


class FamilyError(InputError):
    """A family that cannot be read: names the folder or file, and why."""


def _broken(where: Path | str, fr: str, en: str) -> FamilyError:
    from fsm.bridge.jsontext import escape

    name = escape(str(where))
    return FamilyError(f"{EXTRA} : {name} : {fr}", f"{EXTRA}: {name}: {en}", key=EXTRA, path=str(where))


@dataclass(frozen=True)
class Lesson:
    """What a view's notebook teaches."""

    notebook: str  # its file name, without .ipynb
    title: Words
    fr: str  # the lesson in French, Markdown
    en: str  # the lesson in English, one paragraph
    boards: tuple[str, ...]  # worked boards, shown step by step
    quiz: tuple[str, ...]  # one question from each
    texts: tuple[str, ...] = ()  # the laws whose FFB text is folded under the lesson


@dataclass(frozen=True)
class View:
    """One decision-tree diagram of a family."""

    name: str  # "27", "28-29"...
    family: str
    title: Words
    parts: tuple[str, ...] | None = None  # the laws whose rules it draws; None: all the family's
    lesson: Lesson | None = None


@dataclass(frozen=True)
class Family:
    """A law family: its tables, and what it shows."""

    module: LawModule
    overview: Words | None = None
    views: tuple[View, ...] = ()

    @property
    def name(self) -> str:
        return self.module.name


def _words(data: Any, where: str) -> Words:
    if not (isinstance(data, dict) and isinstance(data.get("fr"), str) and isinstance(data.get("en"), str)):
        raise ValueError(f"{where}: needs 'fr' and 'en' words")
    return data["fr"], data["en"]


def _lesson(data: Any, where: str) -> Lesson:
    return Lesson(
        notebook=data["notebook"],
        title=_words(data.get("title"), where),
        fr=data["fr"].rstrip("\n"),
        en=" ".join(data["en"].split()),
        boards=tuple(data.get("boards", ())),
        quiz=tuple(data.get("quiz", ())),
        texts=tuple(str(t) for t in data.get("texts", ())),
    )


def _view(data: Any, family: str, where: str) -> View:
    return View(
        name=str(data["name"]),
        family=family,
        title=_words(data.get("title"), where),
        parts=tuple(data["parts"]) if data.get("parts") else None,
        lesson=_lesson(data["lesson"], where) if data.get("lesson") is not None else None,
    )


def _shown(module: LawModule, path: Path) -> Family:
    """The family with what its data file says it shows (nothing, when it has none)."""
    if not os.path.lexists(path):
        return Family(module)
    from fsm.bridge import yamltext  # slow to import: only when a family's drawings or lessons are asked for

    text = _text(path)
    try:
        data = yamltext.loads(text, str(path)) or {}
        if not isinstance(data, dict):
            raise ValueError("the data file must be a mapping")
        views = tuple(_view(v, module.name, f"{path.name}, view {v.get('name')}") for v in data.get("views") or [])
        overview = data.get("overview")
        return Family(module, _words(overview, path.name) if overview else None, views)
    except InputError:
        raise
    except Exception as err:  # noqa: BLE001 - a missing key, a text where a table is wanted…
        raise _broken(path, f"fichier de données mal formé ({type(err).__name__} : {err})",
                      f"malformed data file ({type(err).__name__}: {err})") from None  # fmt: skip


def _text(path: Path) -> str:
    """A module's or data file's text: a regular file (never a pipe, which would wait forever), bounded, UTF-8."""
    try:
        if not path.is_file():
            raise _broken(path, "pas un fichier ordinaire (dossier, tube, lien brisé ?)",
                          "not a regular file (a folder, a pipe, a broken link?)")  # fmt: skip
        if path.stat().st_size > MAX_BYTES:
            raise _broken(path, f"plus de {MAX_BYTES} octets", f"larger than {MAX_BYTES} bytes")
        return path.read_bytes().decode("utf-8-sig")
    except OSError as err:
        raise _broken(path, f"illisible ({err.strerror or err})", f"unreadable ({err.strerror or err})") from None
    except UnicodeDecodeError:
        raise _broken(path, "pas en UTF-8", "not UTF-8") from None


def _well_typed(module: Any, path: Path) -> None:
    """What the registry itself sorts and names by: the machine checks the rest (its SpecError)."""
    if not isinstance(module, LawModule):
        raise _broken(path, "« MODULE » n'est pas un LawModule", "'MODULE' is not a LawModule")
    if not (isinstance(module.name, str) and module.name.isidentifier()):
        raise _broken(path, "le nom de la famille n'est pas un identifiant", "the family's name is not an identifier")
    if not isinstance(module.laws, str):
        raise _broken(path, "« laws » n'est pas un texte", "'laws' is not a text")
    if not isinstance(module.rank, int) or isinstance(module.rank, bool):
        raise _broken(path, "« rank » n'est pas un entier", "'rank' is not an integer")


class _Source(importlib.abc.InspectLoader):
    """A module run from the text already read and checked (a regular file, bounded, UTF-8): the
    file is not opened again, so a FIFO or a file grown since cannot block the import."""

    def __init__(self, source: str, path: Path) -> None:
        self.source, self.path = source, path

    def get_source(self, fullname: str) -> str:
        return self.source

    def get_code(self, fullname: str) -> Any:
        return compile(self.source, str(self.path), "exec")


def _extra(folder: str) -> list[tuple[ModuleType, Path]]:
    """The modules of one folder of ``FSM_FAMILIES``, each run from its text (read as :func:`_text` reads)."""
    where = Path(folder)
    try:
        if not where.is_dir():
            raise _broken(where, "dossier introuvable", "no such folder")
        paths = sorted(where.glob("*.py"))
    except OSError as err:
        raise _broken(where, f"illisible ({err.strerror or err})", f"unreadable ({err.strerror or err})") from None
    found = []
    for path in paths:
        source = _text(path)
        spec = importlib.util.spec_from_loader(f"fsm_family_{path.stem}", _Source(source, path), origin=str(path))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        module.__file__ = str(path)
        try:
            spec.loader.exec_module(module)
        except SyntaxError as err:
            raise _broken(path, f"erreur de syntaxe ligne {err.lineno} : {err.msg}",
                          f"syntax error at line {err.lineno}: {err.msg}") from None  # fmt: skip
        except (Exception, SystemExit) as err:  # noqa: BLE001 - whatever the module raised, named
            raise _broken(path, f"erreur à l'import ({type(err).__name__} : {err})",
                          f"error at import ({type(err).__name__}: {err})") from None  # fmt: skip
        if hasattr(module, "MODULE"):
            _well_typed(module.MODULE, path)
        found.append((module, path.with_suffix(".yaml")))
    return found


def _modules() -> list[tuple[ModuleType, Path]]:
    """The package's modules, then those of the folders ``FSM_FAMILIES`` names."""
    found = []
    for info in pkgutil.iter_modules([str(HERE)]):
        if info.name != "registry":
            found.append((importlib.import_module(f"{__package__}.{info.name}"), HERE / f"{info.name}.yaml"))
    for folder in filter(None, os.environ.get(EXTRA, "").split(os.pathsep)):
        found.extend(_extra(folder))
    return found


@cache
def _found() -> tuple[tuple[LawModule, Path], ...]:
    """Every family's tables and the path of its data file, in the order of their ranks (then of
    their names). The data files are read only when something asks what the families show: the
    machine needs none of it."""
    out = [
        (module.MODULE, data) for module, data in _modules() if isinstance(getattr(module, "MODULE", None), LawModule)
    ]
    names = [m.name for m, _ in out]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise _broken(
            os.environ.get(EXTRA, ""),
            f"familles de lois déclarées deux fois : {', '.join(twice)}",
            f"law families declared twice: {', '.join(twice)}",
        )
    return tuple(sorted(out, key=lambda found: (found[0].rank, found[0].name)))


def law_modules() -> list[LawModule]:
    """Every family's tables, in the order of their ranks: what the machine is built from."""
    return [module for module, _ in _found()]


@cache
def families() -> tuple[Family, ...]:
    """Every law family with what it shows, in the order of their ranks (then of their names)."""
    return tuple(_shown(module, data) for module, data in _found())


def forget() -> None:
    """Look for the families afresh at the next question (after ``FSM_FAMILIES`` changed)."""
    _found.cache_clear()
    families.cache_clear()


def views() -> dict[str, View]:
    """Every family's views, by name, in the families' order."""
    return {v.name: v for f in families() for v in f.views}


# How the law families are named across the commands: a law (`27`, `47E`) or a range (`28-29`, `41-54`). A view's
# range reaches down to the laws it is about besides its title: 35 (the inadmissible calls) is in `36-39`, 40 in
# `41-54`, 21 in `25`.
_SPAN = re.compile(r"(\d{1,2})[A-Z]?(?:-(\d{1,2}))?")
_REACH = {"36-39": (35, 39), "41-54": (40, 54), "25": (21, 25)}


def span(name: str) -> tuple[int, int] | None:
    """The laws a family name covers, first and last: `28-32` → (28, 32), `47E` → (47, 47); None if no name."""
    if name in _REACH:
        return _REACH[name]
    m = _SPAN.fullmatch(name.strip())
    if m is None:
        return None
    first = int(m.group(1))
    last = int(m.group(2) or first)
    return (first, last) if first <= last else None


def covering(name: str, names: Iterable[str]) -> list[str]:
    """The ``names`` a family name means: itself if it is one, else those whose laws overlap its own (the quiz's
    `28-32` are the trees `28-29`, `30`, `31`, `32`; the tree `41-54` is the quizzes `41`, `47E`, `50`, `54`)."""
    names = list(names)
    if name in names:
        return [name]
    wanted = span(name)
    if wanted is None:
        return []
    out = []
    for other in names:
        have = span(other)
        if have is not None and have[0] <= wanted[1] and wanted[0] <= have[1]:
            out.append(other)
    return out


def lessons() -> list[tuple[View, Lesson]]:
    """Every view that has a notebook, with its lesson, in the families' order."""
    return [(v, v.lesson) for v in views().values() if v.lesson is not None]
