"""The classroom site: one folder holding every classroom page, linked from one index, that opens from
a disk, a USB stick or any static host with no network request (``python -m fsm site``, ``make site``).

Each part is written by the generator that already makes it, into a folder of its own:

- ``pages/``: every scenario's page, their index and the teacher's board (:mod:`fsm.teach.pages`,
  :mod:`fsm.teach.tableau`);
- ``diagrams/fr``, ``diagrams/en``: every drawing of ``make diagrams`` as SVG (:mod:`fsm.model.drawings`),
  listed in ``diagrams/index.html``;
- ``sheets/<lang>/<view>``: each law family's A4 sheet (:mod:`fsm.teach.sheets`), HTML and PDF;
- ``quiz/<lang>/<family>``: each family's quiz with its answer key (:mod:`fsm.teach.quizsheet`), HTML and PDF;
- ``notebooks/``: the committed notebooks rendered to HTML (:mod:`fsm.teach.notebook_html`);
- ``lite/``: the same notebooks runnable in the browser with nothing installed (JupyterLite and its
  Pyodide kernel, :mod:`fsm.teach.lite`), the one part that must be served over HTTP; its licences
  are listed in ``notices.html``.

The PDFs are printed by Chromium from the HTML beside them, as ``quiz --pdf`` and ``diagram --pdf`` print
theirs; without Chromium, or without nbconvert or the notebooks' folder, the site is written without that
part and says what is left out (:attr:`Built.left_out`): the index links only what is there. So is
the ``lite/`` part when its tools are missing (``make site`` installs them); ``lite=False`` leaves it out.
"""

from __future__ import annotations

import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from fsm.bridge.errors import InputError
from fsm.laws.registry import covering, lessons, span
from fsm.model.diagrams import TITLES, VIEWS, question_parts
from fsm.model.drawings import all_views
from fsm.model.machine import states
from fsm.model.scenario import Scenario, corpus_files, file_name, find, load
from fsm.model.workers import default_jobs
from fsm.teach import lite as jlite
from fsm.teach import notebook_html, pages, quizsheet, sheets, tableau
from fsm.teach.quiz import bank, questions

LANGS = ("fr", "en")
NOTEBOOKS = Path(__file__).resolve().parent.parent.parent / "notebooks"  # a checkout's; not in the package
TOUR = "00_visite"
GENERATOR = "fsm site"  # the index says it was written here: a folder holding it may be written again


@dataclass
class Built:
    """What a site holds, as its index links it."""

    folder: Path
    scenarios: list[Scenario]
    views: list[str]
    quizzes: list[str]  # the quiz families
    notebooks: dict[str, str] = field(default_factory=dict)  # the notebook's name → its title, French
    pdf: bool = False
    lite: bool = False  # the notebooks runnable in the browser (lite/, served over HTTP)
    left_out: list[str] = field(default_factory=list)  # each part missing, why, in French / in English

    def files(self) -> list[Path]:
        return sorted(p for p in self.folder.rglob("*") if p.is_file())


def build(
    out: str | Path,
    spec: dict[str, Any],
    ids: list[str] | None = None,
    views: list[str] | None = None,
    pdf: bool = True,
    jobs: int | None = None,
    notebooks: Path | None = NOTEBOOKS,
    lite: bool = True,
) -> Built:
    """Write the site into ``out`` (a new or empty folder, or a site written before, replaced whole).

    ``spec`` is the machine's export (:func:`fsm.interop.export.to_dict`), which the teacher's board
    runs. ``ids`` (scenarios) and ``views`` (law families) choose a part of it, every one when None;
    the tour notebook, which links every other, only with every view. ``jobs`` processes write the
    pages and print the PDFs (None: the cores this process may use). ``lite``: the notebooks runnable
    in the browser too (:mod:`fsm.teach.lite`), when its tools are here; else the index says why not."""
    folder = _fresh(Path(out))
    jobs = default_jobs() if jobs is None else jobs
    chosen = [s for f in corpus_files() for s in load(f)] if ids is None else [find(i) for i in ids]
    shown = list(VIEWS) if views is None else [v for v in VIEWS if v in views]
    _pages(folder / "pages", chosen, spec, whole=ids is None, jobs=jobs)
    _diagrams(folder / "diagrams", shown, whole=views is None)
    pool = bank() if ids is None else bank([q for s in chosen for q in questions(s)])
    quizzes = [f for f in quizsheet.families(pool) if any(q.family == f for q in pool)]
    if views is not None:  # a part of the site: the quizzes of its families
        quizzes = [f for f in quizzes if any(covering(f, shown))]
    printed = []
    for lang in LANGS:
        for view in shown:
            printed.append(_write(folder / "sheets" / lang / f"{view}.html", sheets.sheet_html(view, lang)))
        for family in quizzes:
            printed.append(_write(folder / "quiz" / lang / f"{family}.html", quizsheet.sheet_html(family, lang, pool)))
    built = Built(folder, chosen, shown, quizzes)
    if pdf and sheets.browser() is None:
        built.left_out.append("PDF : Chromium est introuvable (apt-get install chromium) / PDFs: Chromium not found")
    elif pdf:
        _print(printed, jobs)
        built.pdf = True
    _notebooks(built, notebooks, whole=views is None)
    if lite:
        _lite(built, notebooks)
    _write(folder / "diagrams" / "index.html", diagrams_index(shown, whole=views is None))
    _write(folder / "index.html", index(built))
    # GitHub Pages passes a branch through Jekyll unless told not to: the files are served as they are
    _write(folder / ".nojekyll", "")
    return built


def _fresh(folder: Path) -> Path:
    """The folder to write the site in, emptied if it holds a site written before; any other folder
    that holds something is refused, never emptied."""
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(20, "Not a directory", str(folder))
    if folder.is_dir() and any(folder.iterdir()):
        front = folder / "index.html"
        if not (front.is_file() and f'content="{GENERATOR}"' in front.read_text(encoding="utf-8", errors="replace")):
            raise InputError(
                f"« {folder} » n'est pas vide et ne contient pas un site déjà écrit : un dossier neuf ou vide, svp",
                f"{folder} is not empty and holds no site written before: a new or empty folder, please",
            )
        for child in folder.iterdir():
            shutil.rmtree(child) if child.is_dir() and not child.is_symlink() else child.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _pages(folder: Path, chosen: list[Scenario], spec: dict[str, Any], whole: bool, jobs: int) -> None:
    """The scenarios' pages and their index, as ``teach --all`` writes them, and the teacher's board."""
    pages.write(None if whole else [s.id for s in chosen], folder, jobs=jobs)
    if not whole:
        _write(folder / "index.html", pages.index(chosen))
    tableau.write(folder, spec)


def _diagrams(folder: Path, shown: list[str], whole: bool) -> None:
    """The drawings of ``make diagrams`` as SVG, the same paths (``fr/27.svg``, ``fr/27/3-….svg``)."""
    for lang in LANGS:
        for name, graph in all_views(lang).items():
            if name.split("/")[0] in shown or (whole and name in ("overview", "machine")):
                (folder / lang / f"{name}.svg").parent.mkdir(parents=True, exist_ok=True)
                (folder / lang / f"{name}.svg").write_bytes(graph.pipe(format="svg"))


def _print(printed: list[Path], jobs: int) -> None:
    """Each page printed to the PDF beside it, by as many Chromiums at once as ``jobs``."""
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(max(1, jobs)) as workers:
        done = workers.map(
            lambda n_page: sheets.print_pdf(n_page[1], n_page[1].with_suffix(".pdf"), f"{tmp}/profile-{n_page[0]}"),
            enumerate(printed),
        )
        list(done)  # an error in any print is raised here


def _notebooks(built: Built, source: Path | None, whole: bool) -> None:
    """The notebooks of the views shown, and the tour with every view, rendered as committed."""
    wanted = {lesson.notebook: lesson.title[0] for view, lesson in lessons() if view.name in built.views}
    if whole:
        wanted = {TOUR: "Visite guidée", **wanted}
    if source is None or not source.is_dir():
        built.left_out.append(
            "carnets : le dossier notebooks/ d'une copie du dépôt est introuvable / "
            "notebooks: no notebooks/ folder of a checkout of the repository"
        )
        return
    if not notebook_html.available():
        built.left_out.append("carnets : nbconvert absent (pip install -e '.[teach]') / notebooks: nbconvert missing")
        return
    for name, title in wanted.items():
        path = source / f"{name}.ipynb"
        if path.is_file():
            _write(built.folder / "notebooks" / f"{name}.html", notebook_html.render(path, title))
            built.notebooks[name] = title


def _lite(built: Built, source: Path | None) -> None:
    """The notebooks rendered, runnable in the browser (JupyterLite), with the licences they bring."""
    missing = jlite.available()
    if source is None or not built.notebooks:
        missing = missing or "carnets : aucun à mettre dans le navigateur / notebooks: none for the browser"
    if missing is not None:
        built.left_out.append(f"carnets dans le navigateur : {missing}")
        return
    assert source is not None
    try:
        jlite.build(built.folder / jlite.FOLDER, [source / f"{name}.ipynb" for name in built.notebooks])
    except jlite.Missing as err:  # a wheel or a tool the registries did not give: the rest of the site stands
        shutil.rmtree(built.folder / jlite.FOLDER, ignore_errors=True)
        built.left_out.append(f"carnets dans le navigateur / notebooks in the browser: {err}")
        return
    _write(built.folder / NOTICES, notices())
    built.lite = True


NOTICES = "notices.html"
LICENCES = (  # what lite/ bundles, beside this package (MIT)
    ("JupyterLite, JupyterLab, Jupyter Notebook", "BSD-3-Clause"),
    ("Pyodide (CPython compiled to WebAssembly)", "MPL-2.0; CPython: PSF-2.0"),
    ("Viz.js (@viz-js/viz)", "MIT"),
    ("Graphviz, compiled to WebAssembly inside Viz.js (lite/static/viz/viz.js)", "EPL-1.0 (Eclipse Public License)"),
    ("Expat, inside Viz.js", "MIT"),
    ("IPython, ipywidgets, traitlets, comm, jedi, parso and the other wheels of lite/static/pyodide/",
     "each its own, in its wheel's .dist-info (BSD, MIT, Apache-2.0)"),
    ("PyYAML (built from its source, without libyaml)", "MIT"),
    ("transitions", "MIT"),
    ("graphviz (the Python binding)", "MIT"),
)  # fmt: skip


def notices() -> str:
    """``notices.html``: the licences of what the notebooks part bundles."""
    rows = "".join(f"<tr><td>{escape(what)}</td><td>{escape(licence)}</td></tr>" for what, licence in LICENCES)
    body = (
        f"<p>{_both('Le dossier lite/ contient ces logiciels, chacun sous sa licence.', 'The lite/ folder holds this software, each under its licence.')}</p>"
        f"<table><tr><th>{_both('Logiciel', 'Software')}</th><th>{_both('Licence', 'Licence')}</th></tr>{rows}</table>"
    )
    return _page(("Licences", "Notices"), body, root="./")


# --- the pages of the site itself ---------------------------------------------------------------------
STYLE = """
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 17px; line-height: 1.45;
  max-width: 72em; margin: 0 auto; padding: 0 1.2em 3em; color: #1b1b1b; }
h1 { font-size: 1.7em; margin: 0.8em 0 0.2em; } h2 { margin: 1.4em 0 0.4em; border-bottom: 2px solid #557; }
h3 { margin: 1.1em 0 0.3em; }
.en { color: #555; font-size: 0.88em; }
section.family { border: 1px solid #ccd; border-radius: 6px; padding: 0.2em 1em 0.6em; margin: 0.8em 0; }
ul { margin: 0.2em 0; padding-left: 1.3em; } li { margin: 0.15em 0; }
a { color: #0b4f9c; } .red { color: #c00000; }
dt { font-weight: bold; margin-top: 0.5em; } dd { margin-left: 1.2em; }
"""


def _both(fr: str, en: str, block: bool = False) -> str:
    """French first, then English in smaller type (escaped)."""
    sep = "<br>" if block else " / "
    return f"{pages.red(fr)}{sep}<span class='en' lang='en'>{pages.red(en)}</span>"


def _page(title: tuple[str, str], body: str, root: str = "") -> str:
    back = f"<p><a href='{root}index.html'>{_both('Accueil du site', 'The site’s front page')}</a></p>" if root else ""
    return (
        "<!DOCTYPE html><html lang='fr'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width, initial-scale=1'><meta name='generator' content=\"{GENERATOR}\">"
        f"<title>{escape(title[0])}</title><style>{STYLE}</style></head><body>{back}"
        f"<h1>{_both(*title, block=True)}</h1>{body}</body></html>\n"
    )


def _pair(what: str, ext: str, folder: str) -> str:
    """« fr · en » links to ``<folder>/<lang>/<what>.<ext>``."""
    return " · ".join(f"<a href='{folder}/{lang}/{escape(what)}.{ext}' hreflang='{lang}'>{lang}</a>" for lang in LANGS)


def _printable(what: str, folder: str, built: Built) -> str:
    """A printable part in each language: its PDF (when printed) and its HTML."""
    out = []
    for lang in LANGS:
        pdf = f"<a href='{folder}/{lang}/{escape(what)}.pdf' hreflang='{lang}'>PDF</a> · " if built.pdf else ""
        out.append(f"{lang} : {pdf}<a href='{folder}/{lang}/{escape(what)}.html' hreflang='{lang}'>HTML</a>")
    return " — ".join(out)


def _title(s: Scenario) -> str:
    title = dict(s.title or {})
    return pages.red(title.get("fr") or f"Lois {', '.join(s.laws)}")


def _by_law(family: str) -> tuple[int, str]:
    """A quiz family in the Code's order: 18 before 20, 28-32 after 27."""
    first, _ = span(family) or (0, 0)
    return first, family


def _family(view: str, built: Built, by_number: dict[int, list[Scenario]]) -> str:
    """One law family, as a teacher prepares its lesson: the notebook, the worked boards, every scenario
    of its laws, its tree, its sheet and its quizzes."""
    lesson = next((le for v, le in lessons() if v.name == view), None)
    rows = []
    if lesson is not None and lesson.notebook in built.notebooks:
        rows.append(
            f"<dt>{_both('La leçon (carnet)', 'The lesson (notebook)')}</dt>"
            f"<dd><a href='notebooks/{escape(lesson.notebook)}.html'>{pages.red(lesson.title[0])}</a>{_live(lesson.notebook, built)}</dd>"
        )
    by_id = {s.id: s for s in built.scenarios}
    worked = [by_id[b] for b in (lesson.boards if lesson else ()) if b in by_id]
    if worked:
        items = "".join(f"<li><a href='pages/{file_name(s.id)}.html'>{_title(s)}</a></li>" for s in worked)
        rows.append(
            f"<dt>{_both('Donnes travaillées pas à pas', 'Boards worked step by step')}</dt><dd><ul>{items}</ul></dd>"
        )
    first, last = span(view) or (0, -1)
    laws = [n for n in sorted(by_number) if first <= n <= last]
    if laws:
        items = "".join(
            f"<li><a href='pages/index.html#loi-{n}'>{_both(f'Loi {n}', f'Law {n}')}</a> "
            f"({len(by_number[n])} scénarios / <span class='en' lang='en'>scenarios</span>)</li>"
            for n in laws
        )
        rows.append(
            f"<dt>{_both('Tous les scénarios de ces lois', 'Every scenario of these laws')}</dt><dd><ul>{items}</ul></dd>"
        )
    rows.append(f"<dt>{_both('Arbre de décision', 'Decision tree')}</dt><dd>{_pair(view, 'svg', 'diagrams')}</dd>")
    rows.append(
        f"<dt>{_both('Fiche A4 : l’arbre et le texte des lois', 'A4 sheet: the tree and the laws’ words')}</dt>"
        f"<dd>{_printable(view, 'sheets', built)}</dd>"
    )
    quizzes = sorted((f for f in built.quizzes if view in covering(f, built.views)), key=_by_law)
    if quizzes:
        items = "".join(
            f"<li>{_both(quizsheet.family_title(f, 'fr'), quizsheet.family_title(f, 'en'))} : {_printable(f, 'quiz', built)}</li>"
            for f in quizzes
        )
        rows.append(
            f"<dt>{_both('Quiz à imprimer, corrigé à part', 'Printable quiz, key apart')}</dt><dd><ul>{items}</ul></dd>"
        )
    title = TITLES[view]
    return (
        f"<section class='family' id='famille-{escape(view)}'><h3>{_both(title[0], title[1])}</h3>"
        f"<dl>{''.join(rows)}</dl></section>"
    )


def _live(notebook: str, built: Built) -> str:
    """The link that runs a notebook in the browser, when the site holds its JupyterLite part."""
    if not built.lite:
        return ""
    href = f"{jlite.FOLDER}/notebooks/index.html?path={escape(notebook)}.ipynb"
    return f" — <a href='{href}'>{_both('à exécuter dans le navigateur', 'to run in the browser')}</a>"


LITE_HOWTO = (
    "Les carnets s’exécutent dans le navigateur, sans rien installer (Python y tourne en WebAssembly), "
    "mais ce dossier-là doit être servi en HTTP : Chrome refuse ses modules depuis le disque. Dans ce "
    "dossier : « python3 -m http.server », puis ouvrir http://localhost:8000/lite/ ; ou déposer le "
    "dossier sur un hébergement statique. Le premier chargement lit environ 30 Mo. Le reste du site "
    "s’ouvre depuis le disque.",
    "The notebooks run in the browser with nothing installed (Python runs there as WebAssembly), but "
    "that folder must be served over HTTP: Chrome refuses its modules from disk. In this folder: "
    '"python3 -m http.server", then open http://localhost:8000/lite/; or put the folder on a static '
    "host. The first load reads about 30 MB. The rest of the site opens from disk.",
)


def index(built: Built) -> str:
    """The site's front page, for a teacher: where to start, then each law family's material."""
    start = []
    if TOUR in built.notebooks:
        start.append(
            f"<li><a href='notebooks/{TOUR}.html'>{_both('Visite guidée (carnet)', 'A guided tour (notebook)')}</a></li>"
        )
    if built.lite:
        start.append(
            f"<li><a href='{jlite.FOLDER}/index.html'>{_both('Les carnets dans le navigateur (JupyterLite)', 'The notebooks in the browser (JupyterLite)')}</a>"
            f"<br>{_both(*LITE_HOWTO, block=True)} <a href='{NOTICES}'>{_both('Licences', 'Notices')}</a></li>"
        )
    start.append(f"<li><a href='pages/{tableau.FILE}'>{_both(*pages.BOARD_LINK)}</a></li>")
    start.append(
        f"<li><a href='pages/index.html'>{_both('Tous les scénarios, par leçon et par loi, avec une recherche', 'Every scenario, by lesson and by law, with a search')}</a></li>"
    )
    if "overview" in _drawn(built):
        start.append(
            f"<li>{_both('La machine d’un coup d’œil', 'The machine at a glance')} : {_pair('overview', 'svg', 'diagrams')} ; "
            f"{_both('en détail', 'in detail')} : {_pair('machine', 'svg', 'diagrams')}</li>"
        )
    start.append(f"<li><a href='diagrams/index.html'>{_both('Tous les schémas', 'Every diagram')}</a></li>")
    by_number: dict[int, list[Scenario]] = {}
    for s in built.scenarios:
        by_number.setdefault(pages._law_number(s), []).append(s)
    families = "".join(_family(v, built, by_number) for v in built.views)
    covered = {f for v in built.views for f in built.quizzes if v in covering(f, built.views)}
    others = sorted((f for f in built.quizzes if f not in covered), key=_by_law)
    other = ""
    if others:
        items = "".join(
            f"<li>{_both(quizsheet.family_title(f, 'fr'), quizsheet.family_title(f, 'en'))} : {_printable(f, 'quiz', built)}</li>"
            for f in others
        )
        other = f"<h2>{_both('Les autres quiz', 'The other quizzes')}</h2><ul>{items}</ul>"
    left = ""
    if built.left_out:
        left = f"<h2>{_both('Absent de ce site', 'Not in this site')}</h2><ul>{''.join(f'<li>{escape(x)}</li>' for x in built.left_out)}</ul>"
    intro = _both(
        "Tout est dans ce dossier : il s’ouvre sans réseau ni serveur, depuis le disque, une clé USB ou un "
        "hébergement statique. Chaque page de scénario s’avance avec ◀ ▶ (ou les flèches) et s’imprime en "
        "fiche A4 (Ctrl+P) ; « English » la met en anglais.",
        "Everything is in this folder: it opens with no network and no server, from a disk, a USB stick or a "
        "static host. Each scenario's page steps with ◀ ▶ (or the arrow keys) and prints as an A4 handout "
        "(Ctrl+P); « English » switches its language.",
        block=True,
    )
    body = (
        f"<p>{intro}</p><h2>{_both('Pour commencer', 'To begin')}</h2><ul>{''.join(start)}</ul>"
        f"<h2>{_both('Par famille de lois', 'By law family')}</h2>{families}{other}{left}"
    )
    return _page(("Les annonces au bridge selon le Code 2017 : le site de la classe",
                  "The bridge auction under the 2017 Laws: the classroom site"), body)  # fmt: skip


def _drawn(built: Built) -> set[str]:
    return {p.stem for p in (built.folder / "diagrams" / "fr").glob("*.svg")}


def diagrams_index(shown: list[str], whole: bool) -> str:
    """``diagrams/index.html``: what ``diagrams/README.md`` lists, as links (each drawing fr and en)."""

    def pair(name: str) -> str:
        return " · ".join(f"<a href='{lang}/{escape(name)}.svg' hreflang='{lang}'>{lang}</a>" for lang in LANGS)

    parts = []
    if whole:
        parts.append(
            f"<ul><li>{_both('La machine d’un coup d’œil', 'The machine at a glance')} : {pair('overview')}</li>"
            f"<li>{_both('La machine détaillée', 'The detailed machine')} : {pair('machine')}</li></ul>"
        )
    for view in shown:
        items = []
        for part in question_parts(view):
            question = states()[part.source]
            suffix = f" ({part.of[0]}/{part.of[1]})" if part.of[1] > 1 else ""
            items.append(
                f"<li>{part.number}. {_both(question.fr + suffix, question.en + suffix)} : {pair(f'{view}/{part.slug}')}</li>"
            )
        parts.append(
            f"<h2>{_both(*TITLES[view])}</h2><p>{_both('L’arbre entier', 'The whole tree')} : {pair(view)}</p>"
            f"<ul>{''.join(items)}</ul>"
        )
    return _page(("Les schémas", "The diagrams"), "".join(parts), root="../")
