"""``python -m fsm ...``: the command line. It knows no law; it calls the package.

Exit codes, for every command: 0 done; 1 ``run``: a scenario failed; 2 the input cannot be used
(a path missing or unreadable, a malformed file, contradictory options, Graphviz missing for a
rendering); 3 an internal error (``check``).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from fsm.bridge.errors import FsmError, InputError


class _Version(argparse.Action):
    """``--version``: the package's metadata is read only when asked (reading it costs every command
    some 30 ms otherwise)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        import fsm

        print(f"{parser.prog} {fsm.__version__}")
        parser.exit()


def _run(args: argparse.Namespace) -> int:
    from fsm.bridge.jsontext import escape
    from fsm.model.scenario import corpus_files, iter_files, load, run

    paths = args.files or corpus_files()
    passed = failed = unreadable = 0
    for path in iter_files(paths):
        try:
            scenarios = load(path)
        except FsmError as err:
            print(f"ERROR {escape(str(err))}")
            unreadable += 1
            continue
        except Exception as err:  # noqa: BLE001 - one file's fault never stops the others
            print(
                f"ERROR {escape(str(path))}: erreur interne / internal error {type(err).__name__}: {escape(str(err))}"
            )
            unreadable += 1
            continue
        for s in scenarios:
            result = run(s)
            if result.ok:
                passed += 1
                if not args.quiet:
                    print(escape(result.line()))
            else:
                failed += 1
                print(escape(result.line()))
    print(f"{passed} passed, {failed} failed" + (f", {unreadable} unreadable" if unreadable else ""))
    return 2 if unreadable else 1 if failed else 0


def _diagram(args: argparse.Namespace) -> int:
    from fsm.model import diagrams
    from fsm.model.scenario import file_name, find, play

    if args.pdf:
        return _sheets(args)
    if args.scenario or args.id:
        if not (args.scenario and args.id):
            print("--scenario et --id vont ensemble / --scenario and --id go together", file=sys.stderr)
            return 2
        if args.view:
            print("--view ou --scenario, pas les deux / --view or --scenario, not both", file=sys.stderr)
            return 2
        graph = diagrams.board_path(play(find(args.id, [args.scenario])), args.lang)
        default = f"{file_name(args.id)}.{args.lang}"
    elif args.view:
        from fsm.laws.registry import covering

        # the quizzes' spelling too (35-39 is the tree 36-39); a range over several trees names them
        views = covering(args.view, diagrams.VIEWS)
        if len(views) != 1:
            several = f" : {', '.join(views)}" if views else ""
            print(
                f"vue inconnue ou ambiguë{several} / unknown or ambiguous view{several.replace(' :', ':')}: "
                f"{args.view} ({', '.join(diagrams.VIEWS)})",
                file=sys.stderr,
            )
            return 2
        graph = diagrams.law_view(views[0], args.lang)
        default = f"{views[0]}.{args.lang}"
    elif args.machine:
        graph = diagrams.whole_machine(args.lang)
        default = f"machine.{args.lang}"
    else:
        from fsm.model.overview import overview

        graph = overview(args.lang)
        default = f"overview.{args.lang}"
    out = Path(args.out or f"out/{default}")
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.format == "dot":
        path = out.with_name(out.name + ".dot")
        path.write_text(graph.source, encoding="utf-8")
    else:
        path = out.with_name(f"{out.name}.{args.format}")  # piped: no DOT file left beside it, none in the way
        path.write_bytes(graph.pipe(format=args.format))
    print(path)
    return 0


def _sheets(args: argparse.Namespace) -> int:
    """``diagram --pdf``: one A4 PDF per law family, into ``--out`` (a folder)."""
    from fsm.laws.registry import covering
    from fsm.model.diagrams import VIEWS
    from fsm.teach.sheets import BrowserMissing, write_pdf

    views = covering(args.view, VIEWS) if args.view else None  # a range over several trees: a sheet each
    if args.view and not views:
        print(f"vue inconnue / unknown view: {args.view} ({', '.join(VIEWS)})", file=sys.stderr)
        return 2
    return _printed(lambda: write_pdf(args.out or f"out/sheets/{args.lang}", args.lang, views), BrowserMissing)


def _printed(make: Callable[[], list[Path]], missing: type[Exception]) -> int:
    """Write what Chromium prints and list the files; exit 2 without Chromium."""
    try:
        written = make()
    except missing:
        print(
            "Chromium est introuvable : apt-get install chromium / Chromium not found: apt-get install chromium",
            file=sys.stderr,
        )
        return 2
    for path in written:
        print(path)
    return 0


def _quiz(args: argparse.Namespace) -> int:
    """``quiz --pdf`` / ``quiz --html``: one A4 quiz per law family, its answer key on a page of its
    own, into ``--out`` (a folder)."""
    from fsm.teach.quizsheet import BrowserMissing, families, write

    if args.pdf == args.html:
        print("--pdf ou --html / --pdf or --html", file=sys.stderr)
        return 2
    from fsm.laws.registry import covering

    known = families()
    # the trees' spelling too: 41-54 is the quizzes 41, 47E, 50 and 54
    chosen = covering(args.family, known) if args.family else None
    if args.family and not chosen:
        print(f"famille inconnue / unknown family: {args.family} ({', '.join(known)})", file=sys.stderr)
        return 2
    return _printed(lambda: write(args.out or f"out/quiz/{args.lang}", args.lang, chosen, args.pdf), BrowserMissing)


def _export(args: argparse.Namespace) -> int:
    from fsm.interop import export

    if args.corpus:
        from fsm.interop.conformance import export_corpus

        written = export_corpus(args.corpus, sequences=args.random, seed=args.seed)
        tier = sum(1 for p in written if p.parent.name == "random")
        print(
            f"{len(written) - 2 - tier} scénarios et {args.random} séquences aléatoires ({tier} fichiers) → "
            f"{args.corpus} / scenarios and {args.random} random sequences ({tier} files)"
        )
        return 0
    text = {
        "json": export.to_json,
        "scxml": lambda: export.to_scxml(lang=args.lang, cards_in_board=args.cards_in_board),
        "mermaid": lambda: export.to_mermaid(lang=args.lang),
    }[args.format]()
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
        print(args.out)
    else:
        sys.stdout.write(text)
    return 0


def _diagrams(args: argparse.Namespace) -> int:
    from fsm.model.drawings import write_all

    for path in write_all(args.out, render=not args.dot_only):
        print(path)
    return 0


GRAPHVIZ_MISSING = (
    "Graphviz « dot » est introuvable : apt-get install graphviz, ou --format dot / --dot-only ; "
    "Graphviz 'dot' not found: apt-get install graphviz, or --format dot / --dot-only"
)


def _check(args: argparse.Namespace) -> int:
    """Exit codes: 0 every path read (whatever the games hold), 2 a path missing, unreadable or no
    regular file, 3 an internal error (2 wins over 3)."""
    import json

    from fsm.bridge.jsontext import escape
    from fsm.interop import pbn

    def progress(n: int, total: int, path: Path) -> None:
        if total >= 20 and sys.stderr.isatty():
            width = 30
            done = width * n // total
            sys.stderr.write(f"\r[{'#' * done}{'.' * (width - done)}] {n}/{total} {escape(path.name[:30]):<30}")
            if n == total:
                sys.stderr.write("\n")

    out = sys.stdout
    if hasattr(out, "reconfigure"):  # a file name that is no valid text is printed escaped, never a crash
        out.reconfigure(errors="backslashreplace")
    fmt = "json" if args.json else "text"
    if args.json:
        out.write('{"boards": [\n')
    try:
        tally = pbn.check(args.paths, out, fmt, jobs=args.jobs or pbn.default_jobs(), progress=progress)
    except KeyboardInterrupt:
        out.flush()
        print("\ninterrompu / interrupted", file=sys.stderr)
        return 130
    summary = tally.summary()
    if args.json:
        out.write("\n],\n" + '"summary": ' + json.dumps(summary, indent=1, ensure_ascii=False) + "}\n")
    else:
        _print_report(summary)
    unreadable = tally.unreadable_paths
    for p in unreadable:
        print(escape(f"{p['path']}: {pbn.Notice.LABELS[p['kind']]}: {p['what']}"), file=sys.stderr)
    if unreadable:
        return 2
    return 3 if tally.internal_errors else 0


def _print_report(summary: dict) -> None:
    """The summary, after the boards: the counters of a streamed check."""
    rows = [
        ("fichiers / files", summary["files"]),
        ("fichiers illisibles / unreadable files", summary["unreadable_files"]),
        ("parties / games", summary["games"]),
        ("parties illisibles / unreadable games", summary["unreadable_games"]),
        ("annonces complètes / complete auctions", summary["complete_auctions"]),
        ("comparées au relevé / compared with the record", summary["compared_with_record"]),
        ("contrat et déclarant d'accord / contract and declarer agree", summary["agree"]),
        ("en désaccord / disagree", summary["disagree"]),
        ("  dont sans irrégularité signalée / of which unflagged", summary["disagree_unflagged"]),
        ("donnes signalées / flagged boards", summary["flagged_boards"]),
        ("avertissements / warnings", summary["warnings"]),
        ("  parties concernées / games with warnings", summary["games_with_warnings"]),
        ("erreurs internes / internal errors", summary["internal_errors"]),
    ]
    width = max(len(r[0]) for r in rows)
    print()
    for label, value in rows:
        print(f"{label:<{width}}  {value:>7}")
    print("constats par loi / findings by law:")
    for law, count in summary["findings_by_law"].items():
        print(f"  Loi / Law {law:<8} {count:>7}")


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"un entier ≥ 1 / an integer ≥ 1: {text!r}")
    return value


def _replay(args: argparse.Namespace) -> int:
    from fsm.bridge import jsontext
    from fsm.interop import oracle

    try:
        answering = oracle.Answering.parse(args.diff, args.keys)
    except InputError as err:
        print(err, file=sys.stderr)
        return 2
    out = _utf8(sys.stdout)
    if args.serve:
        oracle.serve(sys.stdin.buffer, out, answering)
        return 0
    name = jsontext.escape(args.file or "-")
    try:
        raw = Path(args.file).read_bytes() if args.file and args.file != "-" else sys.stdin.buffer.read()
        text = raw.decode("utf-8")
    except OSError as err:
        print(f"erreur / error: {name}: {jsontext.escape(str(err.strerror))}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as err:
        print(f"{name}: octet {err.start + 1} : pas de l'UTF-8 / byte {err.start + 1}: not UTF-8", file=sys.stderr)
        return 2
    code = 0
    session_answers = oracle.replay(text, answering)
    for answer in session_answers:
        out.write(jsontext.dumps(answer) + "\n")
        if not answer["ok"]:
            print(f"{name}: {oracle.problem(answer)}", file=sys.stderr)
            bad = 3 if answer["error"]["type"] == "InternalError" else 2 if oracle.unusable(answer) else 1
            code = max(code, bad)
    out.flush()
    return code


def _utf8(stream: IO[str]) -> IO[str]:
    """Standard output as UTF-8 whatever the locale says: the answers are JSON, which is UTF-8."""
    if (getattr(stream, "encoding", "") or "").lower().replace("-", "") != "utf8" and hasattr(stream, "buffer"):
        return io.TextIOWrapper(stream.buffer, encoding="utf-8", newline="\n", line_buffering=False)
    return stream


def _schema(args: argparse.Namespace) -> int:
    from fsm.interop import schemas

    if args.write:
        for path in schemas.write_all():
            print(path)
        return 0
    if args.name not in schemas.NAMES:
        print(f"schéma inconnu / unknown schema: {args.name} ({', '.join(schemas.NAMES)})", file=sys.stderr)
        return 2
    sys.stdout.write(schemas.text(args.name))
    return 0


def _demo(args: argparse.Namespace) -> int:
    from fsm.teach.demo import narrate

    _, lines, path = narrate(args.out, args.lang)
    print("\n".join(lines))
    print()
    if path is not None:
        print(("Diagramme de la donne : " if args.lang == "fr" else "Board diagram: ") + str(path.resolve()))
    return 0


def _teach(args: argparse.Namespace) -> int:
    from fsm.teach.pages import write

    if [bool(args.scenario), args.all, args.board, bool(args.pbn)].count(True) != 1:
        print(
            "un identifiant de scénario, --all, --board ou --pbn FICHIER / a scenario id, --all, --board or --pbn FILE",
            file=sys.stderr,
        )
        return 2
    if args.pbn:
        return _teach_pbn(args.pbn, args.out)
    if args.board or args.all:
        from fsm.interop.export import to_dict
        from fsm.teach import tableau

        try:
            board = tableau.write(args.out, to_dict())
        except FileNotFoundError as err:  # a package whose fsm/js/ was left out by whoever built it
            print(err, file=sys.stderr)
            if args.board:
                return 2
        if args.board:
            print(board)
            return 0
    written = write(None if args.all else [args.scenario], args.out, jobs=args.jobs)
    print(written[-1] if args.all else written[0])
    return 0


def _site(args: argparse.Namespace) -> int:
    """The classroom site: every classroom page in one folder, linked from its index."""
    import time

    from fsm.interop.export import to_dict
    from fsm.teach.site import build

    began = time.monotonic()
    built = build(args.out, to_dict(), jobs=args.jobs)
    files = built.files()
    size = sum(p.stat().st_size for p in files)
    for line in built.left_out:
        print(f"absent / missing: {line}", file=sys.stderr)
    print(
        f"{built.folder / 'index.html'} : {len(files)} fichiers, {size / 1e6:.0f} Mo en "
        f"{time.monotonic() - began:.0f} s / {len(files)} files, {size / 1e6:.0f} MB in {time.monotonic() - began:.0f} s"
    )
    return 0


def _teach_pbn(path: str, out: str) -> int:
    """One classroom page per board of a PBN file, the boards replayed as ``fsm check`` does; each
    page written as soon as it is made (a file of 10,000 boards is never held in memory)."""
    from fsm.bridge.jsontext import escape
    from fsm.interop.pbn_teach import each
    from fsm.teach.pages import page

    def skip(line: str) -> None:
        print(f"donne laissée de côté / board left out: {escape(line)}", file=sys.stderr)

    folder = Path(out)
    written = 0
    try:
        for s in each(path, skip):
            if not written:
                folder.mkdir(parents=True, exist_ok=True)
            target = folder / f"{s.id}.html"
            target.write_text(page(s), encoding="utf-8")
            print(escape(str(target)))
            written += 1
    except OSError as err:
        if err.filename is not None and Path(os.fsdecode(err.filename)) == Path(path):
            print(f"fichier illisible / unreadable file: {escape(path)} ({err.strerror or err})", file=sys.stderr)
            return 2
        raise
    if not written:
        print(f"aucune donne à montrer / no board to show: {escape(path)}", file=sys.stderr)
        return 2
    return 0


def _unusable(err: OSError) -> str:
    """A path that cannot be written or read, named, with the system's reason."""
    import errno

    from fsm.bridge.jsontext import escape

    french = {
        errno.EEXIST: "un fichier est là où un dossier est attendu",
        errno.ENOTDIR: "un fichier est là où un dossier est attendu",
        errno.EISDIR: "un dossier est là où un fichier est attendu",
        errno.ENAMETOOLONG: "nom trop long",
        errno.EACCES: "permission refusée",
        errno.ENOENT: "introuvable",
        errno.ENOSPC: "disque plein",
    }
    where = " → ".join(escape(str(f)) for f in (err.filename, err.filename2) if f is not None) or "?"
    reason = escape(err.strerror or str(err))
    fr = french.get(err.errno or 0, reason)
    return f"chemin inutilisable : {where} ({fr}) / unusable path: {where} ({reason})"


class _Parser(argparse.ArgumentParser):
    """argparse's own -h says "show this help message and exit" in English only; subcommands
    take the same class."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{**kwargs, "add_help": False})
        self.add_argument("-h", "--help", action="help", help="afficher cette aide / show this help")


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(
        prog="python -m fsm", description="Les annonces selon le Code 2017 / The auction under the 2017 Laws"
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="la version / the version")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("run", help="jouer des scénarios / run scenarios")
    p.add_argument(
        "files", nargs="*", help="fichiers ou dossiers (défaut : le corpus) / files or folders (default: the corpus)"
    )
    p.add_argument("-q", "--quiet", action="store_true", help="n'afficher que les échecs / print failures only")
    p.set_defaults(func=_run)

    p = sub.add_parser("diagram", help="dessiner la machine ou une donne / draw the machine or a board")
    p.add_argument("--lang", choices=["fr", "en"], default="fr")
    p.add_argument("--format", choices=["svg", "png", "pdf", "dot"], default="svg")
    p.add_argument("--out", help="chemin sans extension / path without extension")
    p.add_argument(
        "--view", help="une vue par arbre de décision d'une famille de lois (27, 28-29…) / a law family's decision tree"
    )
    p.add_argument("--machine", action="store_true", help="la machine détaillée / the detailed machine")
    p.add_argument(
        "--pdf", action="store_true", help="fiches A4, un PDF par famille de lois / A4 sheets, one PDF per law family"
    )
    p.add_argument("--scenario", help="fichier de scénarios / scenario file")
    p.add_argument("--id", help="identifiant du scénario / scenario id")
    p.set_defaults(func=_diagram)

    p = sub.add_parser("quiz", help="quiz à imprimer, un par famille de lois / printable quizzes, one per law family")
    p.add_argument("--pdf", action="store_true", help="en PDF A4 (Chromium) / as A4 PDF (Chromium)")
    p.add_argument("--html", action="store_true", help="en HTML seulement / as HTML only")
    p.add_argument("--family", help="une famille (27, 28-32…) / one family (27, 28-32…)")
    p.add_argument("--lang", choices=["fr", "en"], default="fr")
    p.add_argument("--out", help="dossier (défaut : « out/quiz/LANGUE ») / folder (default: out/quiz/LANG)")
    p.set_defaults(func=_quiz)

    p = sub.add_parser("diagrams", help="toutes les vues, fr et en / every view, fr and en")
    p.add_argument("--out", default="diagrams")
    p.add_argument("--dot-only", action="store_true", help="sans Graphviz : DOT seulement / without Graphviz: DOT only")
    p.set_defaults(func=_diagrams)

    p = sub.add_parser("export", help="publier la machine / publish the machine")
    p.add_argument("--format", choices=["json", "scxml", "mermaid"], default="json")
    p.add_argument("--lang", choices=["fr", "en"], default="fr")
    p.add_argument("--out", help="fichier (défaut : sortie standard) / file (default: standard output)")
    p.add_argument(
        "--cards-in-board", action="store_true",
        help="SCXML : la donne commence cartes dans l'étui (17A) / SCXML: the board starts with its cards in the board (17A)",
    )  # fmt: skip
    p.add_argument("--corpus", metavar="DIR", help="le corpus de conformité en JSON / the conformance corpus as JSON")
    p.add_argument(
        "--random", type=int, default=2000, metavar="N",
        help="séquences aléatoires du second niveau (défaut 2000) / random sequences of the second tier (default 2000)",
    )  # fmt: skip
    p.add_argument(
        "--seed", type=int, default=2017,
        help="graine du niveau aléatoire (défaut 2017) / the random tier's seed (default 2017)",
    )  # fmt: skip
    p.set_defaults(func=_export)

    p = sub.add_parser(
        "check",
        help="relire des fichiers PBN / check PBN records",
        description="Rejoue chaque enchère PBN et signale chaque irrégularité avec sa loi / "
        "replays every PBN auction and reports each irregularity with its law.",
        epilog="Codes de sortie : 0 tout est lu (quel que soit le contenu des donnes) ; 2 un chemin "
        "introuvable, illisible ou qui n'est pas un fichier ordinaire (tube nommé, périphérique) ; "
        "3 erreur interne. / Exit codes: 0 everything read (whatever the games hold); 2 a path missing, "
        "unreadable or no regular file (named pipe, device); 3 internal error.",
    )
    p.add_argument("paths", nargs="+", help="fichiers ou dossiers (leurs .pbn) / files or folders (their .pbn files)")
    p.add_argument(
        "--json",
        action="store_true",
        help='un document {"boards": [...], "summary": {...}} écrit au fil de l\'eau / one document, written as it goes',
    )
    p.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=None,  # the cores this process may use, found only when checking (pbn.default_jobs)
        metavar="N",
        help="processus en parallèle (défaut : les cœurs que ce processus peut utiliser) ; "
        "même rapport, dans le même ordre, qu'avec 1 / worker processes (default: the usable cores, "
        "os.sched_getaffinity or os.cpu_count); the same report, in the same order, as with 1",
    )
    p.set_defaults(func=_check)

    p = sub.add_parser(
        "replay", help="l'oracle : une réponse JSON par événement / the oracle: one JSON answer per event"
    )
    p.add_argument("file", nargs="?", help="un enregistrement JSON ou des lignes JSON (défaut : entrée standard)")
    p.add_argument("--serve", action="store_true", help="répondre ligne à ligne / answer line by line")
    p.add_argument(
        "--diff",
        action="store_true",
        help="après la mise en place, seulement ce qui a changé (JSON Patch) / after the set-up, only what changed",
    )
    p.add_argument(
        "--keys",
        metavar="K1,K2",
        help="seulement ces clés de l'instantané (et options) / only these snapshot keys (and options)",
    )
    p.set_defaults(func=_replay)

    p = sub.add_parser("schema", help="un schéma JSON des formats / a JSON Schema of the formats")
    p.add_argument(
        "name",
        nargs="?",
        default="snapshot",
        help="event, record, snapshot, options, scenario, machine, conformance, corpus-index, corpus-random, oracle, check",
    )
    p.add_argument("--write", action="store_true", help="réécrire fsm/schemas/ / rewrite fsm/schemas/")
    p.set_defaults(func=_schema)

    p = sub.add_parser("demo", help="raconter une donne / narrate a board")
    p.add_argument("--lang", choices=["fr", "en"], default="fr")
    p.add_argument("--out", default="out")
    p.set_defaults(func=_demo)

    p = sub.add_parser("teach", help="pages HTML pour la classe / HTML pages for the classroom")
    p.add_argument("scenario", nargs="?", help="identifiant du scénario / scenario id")
    p.add_argument("--all", action="store_true", help="tout le corpus, avec un index / the whole corpus, with an index")
    p.add_argument(
        "--board",
        action="store_true",
        help="le tableau du professeur, une donne à construire (dans « tableau.html ») / the teacher's board: a board to build (tableau.html)",
    )
    p.add_argument(
        "--pbn", metavar="FICHIER", help="une page par donne d'un fichier PBN / one page per board of a PBN file"
    )
    p.add_argument("--out", default="out/teach", help="dossier (défaut : « out/teach ») / folder (default: out/teach)")
    p.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=None,  # the cores this process may use (pages.default_jobs)
        metavar="N",
        help="processus en parallèle (défaut : les cœurs que ce processus peut utiliser) ; les mêmes pages "
        "qu'avec 1 / worker processes (default: the usable cores); the same pages as with 1",
    )
    p.set_defaults(func=_teach)

    p = sub.add_parser(
        "site",
        help="le site de la classe : tout dans un dossier, sans réseau / the classroom site: all in one folder, offline",
    )
    p.add_argument(
        "--out",
        default="site",
        help="dossier neuf, vide ou site déjà écrit (défaut : « site ») / folder (default: site)",
    )
    p.add_argument(
        "-j", "--jobs", type=_jobs, default=None, metavar="N",
        help="processus en parallèle (défaut : les cœurs utilisables) / worker processes (default: the usable cores)",
    )  # fmt: skip
    p.set_defaults(func=_site)

    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except FsmError as err:
        from fsm.bridge.jsontext import escape

        print(f"erreur / error: {escape(str(err))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader (head, less) went away: nothing more to say
        sys.stderr.close()
        return 0
    except OSError as err:  # --out naming a file where a folder is wanted, or the reverse; a disk full
        print(_unusable(err), file=sys.stderr)
        return 2
    except Exception as err:  # the contract is: never a traceback
        if type(err).__name__ == "ExecutableNotFound":
            print(GRAPHVIZ_MISSING, file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    sys.exit(main())
