"""``td-assist session ...`` and ``td-assist log export``: the session's hand record and
the event ruling log from the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.ruling_log import export_entries, is_log_export, to_csv, to_pbn
from td_assist.session import find_session, load_file
from td_assist.store import LogEntry, Store, open_store


def _cmd_load(args: argparse.Namespace) -> int:
    store = open_store()
    results = Path(args.results) if args.results else None
    info = load_file(store, Path(args.file), args.name or "", results)
    print(
        _("Loaded session '{name}' ({id}): {count} boards from {source}").format(
            name=info.name, id=info.id, count=info.board_count, source=info.source
        )
    )
    if info.notice:
        print(info.notice)
    print(_("It is now the default session."))
    return 0


def _cmd_list(args: argparse.Namespace) -> int:
    sessions = open_store().sessions(include_removed=args.all)
    if not sessions:
        print(_("No session is loaded. Load one with: td-assist session load FILE"))
        return 0
    for position, info in enumerate(sessions):
        facts = {
            "id": info.id,
            "name": info.name,
            "count": info.board_count,
            "source": info.source,
            "loaded": info.created.replace("T", " ")[:16],
            "removed": (info.removed or "")[:16].replace("T", " "),
        }
        if info.removed:
            line = _("{id}  {name}: {count} boards, {source}, loaded {loaded}, removed {removed}")
        elif position == 0:
            line = _("{id}  {name} (default): {count} boards, {source}, loaded {loaded}")
        else:
            line = _("{id}  {name}: {count} boards, {source}, loaded {loaded}")
        print(line.format(**facts))
    return 0


def _cmd_remove(args: argparse.Namespace) -> int:
    store = open_store()
    info = find_session(store, args.session)
    if info.removed or not store.remove_session(info.id):
        raise RecordError(_("session '{name}' was already removed").format(name=info.name))
    print(_("Removed session '{name}'; its rulings stay in the log.").format(name=info.name))
    return 0


def _cmd_export(args: argparse.Namespace) -> int:
    store = open_store()
    session_id = None if args.all else find_session(store, args.session).id
    entries = export_entries(store, session_id)
    if args.format in ("usebio", "pbn-results"):
        return _write_usebio(store, args)
    if args.format == "bridgemate":
        return _write_bridgemate(store, args)
    if args.format == "csv":
        text = to_csv(entries)
    elif args.format == "pbn":
        text = to_pbn(store, entries)
    else:
        text = _html_report(store, entries)
    if args.output:
        _may_write(Path(args.output), args.force)
        try:
            Path(args.output).write_text(text, encoding="utf-8", newline="")
        except OSError as error:
            raise RecordError(
                _("cannot write the file ({reason})").format(reason=error.strerror),
                where=shown(args.output, 60),
            ) from None
        print(
            _("Wrote {count} rulings to {path}").format(count=len(entries), path=args.output),
            file=sys.stderr,
        )
    else:
        sys.stdout.write(text)
    return 0


def _write_usebio(store: Store, args: argparse.Namespace) -> int:
    """The session's results (USEBIO, or PBN score tables) with the rulings' scores
    written in."""
    from td_assist.usebio_export import export_usebio

    if args.all:
        raise RecordError(_("a results file is one session's: give --session instead of --all"))
    session_id = find_session(store, args.session).id
    if args.format == "pbn-results":
        from td_assist.pbn_results_export import export_pbn_results
        from td_assist.usebio_export import UsebioExport

        text, notes, changed = export_pbn_results(store, session_id)
        exported = UsebioExport(text, notes, ruled_lines=changed)
    else:
        exported = export_usebio(store, session_id)
    wrote = _("Wrote {count} ruled traveller lines to {path}").format(
        count=exported.ruled_lines, path=args.output
    )
    return _deliver(args, exported.text, exported.notes, wrote)


def _write_bridgemate(store: Store, args: argparse.Namespace) -> int:
    """The ruled tables' Bridgemate rows (CSV), to apply to the session's .bws."""
    from td_assist.bridgemate_export import export_bridgemate

    if args.all:
        raise RecordError(_("a Bridgemate file is one session's: give --session instead of --all"))
    exported = export_bridgemate(store, find_session(store, args.session).id)
    wrote = _("Wrote {count} Bridgemate rows to {path}").format(
        count=exported.rows, path=args.output
    )
    return _deliver(args, exported.text, exported.notes, wrote)


def _deliver(args: argparse.Namespace, text: str, notes: list[str], wrote: str) -> int:
    """A scorer's file to --output (saying ``wrote``) or to stdout, then its notes."""
    if args.output:
        _may_write(Path(args.output), args.force)
        try:
            Path(args.output).write_text(text, encoding="utf-8", newline="")
        except OSError as error:
            raise RecordError(
                _("cannot write the file ({reason})").format(reason=error.strerror),
                where=shown(args.output, 60),
            ) from None
        print(wrote, file=sys.stderr)
    else:
        sys.stdout.write(text)
    for note in notes:
        print(_("Note for the scorer: {note}").format(note=note), file=sys.stderr)
    return 0


def _may_write(path: Path, force: bool) -> None:
    """An export may replace an earlier export, or an empty file; anything else the
    TD's file stays unless ``--force`` says to replace it."""
    if force:
        return
    try:
        with path.open("rb") as handle:
            head = handle.read(8192)
    except FileNotFoundError:
        return
    except OSError:
        return  # a folder or an unreadable file: writing it says what is wrong
    from td_assist.bridgemate_export import BRIDGEMATE_HEADER
    from td_assist.pbn_results_export import PBN_RESULTS_MARK
    from td_assist.usebio_export import USEBIO_MARK

    text = head.decode("utf-8", errors="replace")
    earlier = (USEBIO_MARK in text, PBN_RESULTS_MARK in text, text.startswith(BRIDGEMATE_HEADER))
    if head and not (is_log_export(text) or any(earlier)):
        raise RecordError(
            _(
                "the file exists and is not an earlier export of the ruling log, so it is kept; "
                "choose another file, or add --force to replace it"
            ),
            where=shown(str(path), 60),
        )


def _html_report(store: Store, entries: list[LogEntry]) -> str:
    """The same printable report as the web page, with its styles inlined so the file
    prints from any browser without the server."""
    from td_assist.paths import content_dir
    from td_assist.reports.ruling_report import render_report, report_pages, stylesheets_inline

    return render_report(
        report_pages(store, entries), inline_css=stylesheets_inline(content_dir("static"))
    )


def register(commands: argparse._SubParsersAction) -> None:
    session = commands.add_parser(
        "session",
        help=_("load, list or remove a session's hand record"),
        description=_('Example: td-assist session load tuesday.pbn --name "Tuesday pairs"'),
    )
    actions = session.add_subparsers(dest="session_command", metavar="ACTION", required=True)
    load = actions.add_parser(
        "load",
        help=_("keep a hand record (.pbn, .lin) and/or the scorer's results as a new session"),
        description=_(
            "Examples: td-assist session load tuesday.pbn --results tuesday.xml; "
            "td-assist session load tuesday.xml (USEBIO or PBN results that carry the deals)"
        ),
    )
    load.add_argument(
        "file", help=_("the session's hand record, or a results file that carries the deals")
    )
    load.add_argument(
        "--results",
        help=_(
            "the scorer's results: USEBIO .xml, PBN with score tables, Bridgemate .bws, "
            "an ACBLscore game file, a JFR Pary or KoPS web page, or typed travellers (.txt)"
        ),
    )
    load.add_argument("--name", help=_('a name for the session, e.g. "Tuesday pairs"'))
    load.set_defaults(handler=_cmd_load)
    listing = actions.add_parser("list", help=_("the kept sessions, the default first"))
    listing.add_argument("--all", action="store_true", help=_("include removed sessions"))
    listing.set_defaults(handler=_cmd_list)
    remove = actions.add_parser("remove", help=_("forget a session's hand record"))
    remove.add_argument("session", help=_("the session's id or name"))
    remove.set_defaults(handler=_cmd_remove)

    log = commands.add_parser("log", help=_("the event ruling log"))
    log_actions = log.add_subparsers(dest="log_command", metavar="ACTION", required=True)
    export = log_actions.add_parser(
        "export",
        help=_("export the session's rulings for the scorer"),
        description=_("Example: td-assist log export --format csv --output rulings.csv"),
    )
    export.add_argument("--session", help=_("id or name (default: the latest session)"))
    export.add_argument("--all", action="store_true", help=_("every ruling in the log"))
    export.add_argument(
        "--format",
        choices=("csv", "pbn", "html", "usebio", "pbn-results", "bridgemate"),
        default="csv",
        help=_(
            "usebio / pbn-results: the session's results (USEBIO, or PBN score tables) "
            "with the rulings' scores written in; bridgemate: the ruled tables' rows of the "
            "session's Bridgemate .bws, as CSV, to apply in the scoring program"
        ),
    )
    export.add_argument(
        "--output",
        "-o",
        help=_("write to this file instead of the screen (it may replace an earlier export only)"),
    )
    export.add_argument(
        "--force", action="store_true", help=_("replace the --output file whatever it holds")
    )
    export.set_defaults(handler=_cmd_export)
