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
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from fsm.laws.spec import LawModule

HERE = Path(__file__).parent
EXTRA = "FSM_FAMILIES"

Words = tuple[str, str]  # French, English


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
    if not path.exists():
        return Family(module)
    import yaml  # slow to import: only when a family's drawings or lessons are asked for

    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    views = tuple(_view(v, module.name, f"{path.name}, view {v.get('name')}") for v in data.get("views", []))
    overview = data.get("overview")
    return Family(module, _words(overview, path.name) if overview else None, views)


def _modules() -> list[tuple[ModuleType, Path]]:
    """The package's modules, then those of the folders ``FSM_FAMILIES`` names."""
    found = []
    for info in pkgutil.iter_modules([str(HERE)]):
        if info.name != "registry":
            found.append((importlib.import_module(f"{__package__}.{info.name}"), HERE / f"{info.name}.yaml"))
    for folder in filter(None, os.environ.get(EXTRA, "").split(os.pathsep)):
        for path in sorted(Path(folder).glob("*.py")):
            spec = importlib.util.spec_from_file_location(f"fsm_family_{path.stem}", path)
            if spec is None or spec.loader is None:  # pragma: no cover - a .py file always has a loader
                continue
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            found.append((module, path.with_suffix(".yaml")))
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
        raise ValueError(f"law families declared twice: {', '.join(twice)}")
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


def lessons() -> list[tuple[View, Lesson]]:
    """Every view that has a notebook, with its lesson, in the families' order."""
    return [(v, v.lesson) for v in views().values() if v.lesson is not None]
