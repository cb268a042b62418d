"""The ``td-assist`` command: a thin shell over the library.

Every command prints plain text for a person, or JSON with ``--json`` for programs.
Bad input prints one line naming the problem and exits with status 2.
"""

from __future__ import annotations

import argparse
import codecs
import importlib
import json
import os
import sys
from collections.abc import Sequence

from td_assist import __version__
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import (
    LANGUAGE_VARIABLE,
    LANGUAGES,
    _,
    current_language,
    known_language,
    ngettext,
    use_language,
)

EXIT_BAD_INPUT = 2

# The modules that add the other commands, by command word. A command imports only its
# own module (and handlers import their heavier parts inside), so `td-assist law 64B3`
# does not load the wizards, the search engine, the web app or pydantic.
COMMAND_MODULES = {
    "law": "td_assist.lawbook.commands",
    "laws": "td_assist.lawbook.commands",
    "rule": "td_assist.cli.rule",
    "adjust": "td_assist.cli.adjusted",
    "session": "td_assist.cli.session",
    "log": "td_assist.cli.session",
    "cases": "td_assist.cli.cases",
}
OWN_COMMANDS = ("serve", "score", "search")


class UsageError(Exception):
    """A command was given something it cannot use; the message says what."""


def _cmd_score(args: argparse.Namespace) -> int:
    from td_assist.cli.score import print_score

    return print_score(args)


def _cmd_serve(args: argparse.Namespace) -> int:
    import socket

    from td_assist.network import serve_addresses
    from td_assist.web import create_app
    from td_assist.web.security import new_pin
    from td_assist.web.server import serve

    host, addresses = serve_addresses(args.host or "", args.lan)
    everywhere = host in ("0.0.0.0", "::", "")
    # The names this server answers to (see security.HostGuard): its own address and
    # name; when it listens everywhere, any address typed as digits.
    own_names = [host, socket.gethostname(), f"{socket.gethostname()}.local", *addresses]
    config: dict[str, object] = {
        "ALLOWED_HOSTS": [name.lower() for name in own_names if name],
        "ALLOW_ANY_IP_HOST": everywhere,
        "LAN_ADDRESSES": addresses,
        "LAN_PORT": args.port,
    }
    if args.lan:
        config["LAN_PIN"] = new_pin()
    app = create_app(config)
    print(
        _("td-assist {version} is running: open {url} on this laptop").format(
            version=__version__, url=f"http://127.0.0.1:{args.port}/"
        )
    )
    if args.lan:
        for address in addresses or [_("<this laptop's address>")]:
            print(
                _("On a tablet or phone on the club network, type: {url}").format(
                    url=f"http://{address}:{args.port}/"
                )
            )
        lan_page = f"http://127.0.0.1:{args.port}/lan"
        print(_("Their QR codes: {url}").format(url=lan_page))
        print(_("PIN for tablets and phones: {pin}").format(pin=config["LAN_PIN"]))
        print(
            _(
                "To sign every tablet out or change the PIN: {url} "
                "(stopping td-assist signs them all out too)"
            ).format(url=lan_page)
        )
    print(_("Stop it with Ctrl+C."))
    serve(app, host=host, port=args.port)
    return 0


def _cmd_search(args: argparse.Namespace) -> int:
    import html
    import re

    from td_assist.search import get_search

    query = " ".join(args.query)
    if args.json:
        from td_assist.search import search_report  # the JSON answer's models: pydantic

        print(search_report(query, limit=args.limit).model_dump_json(indent=2))
        return 0
    report = get_search().search(query, limit=args.limit)
    if report.note:
        print(report.note)
    if report.suggestion:
        print(_("Did you mean: {words}").format(words=report.suggestion))
    if not report.hits:
        print(_("No law section matches. Try other words, or a law number such as 64B3."))
    for number, hit in enumerate(report.hits, start=1):
        heading = f" {hit.heading}" if hit.heading else ""
        print(f"{number:2}. {hit.display}{heading}  ({hit.title})")
        snippet = re.sub(r"<mark>(.*?)</mark>", r"*\1*", hit.snippet)
        print(f"    {html.unescape(re.sub(r'<[^>]+>', '', snippet))}")
    return 0


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for ``argv``: with the command modules that command needs, or all of
    them (for help, and when ``argv`` is not given)."""
    parser = argparse.ArgumentParser(
        prog="td-assist",
        description=_("A rulings assistant for duplicate-bridge tournament directors."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"td-assist {__version__}",
        help=_("show program's version number and exit"),
    )
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help=_(
            "language of the text printed ({languages}); anywhere on the line; "
            "default: {variable}, else en"
        ).format(languages=", ".join(LANGUAGES), variable=f"${LANGUAGE_VARIABLE}"),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    serve = commands.add_parser("serve", help=_("start the web app"))
    serve.add_argument(
        "--host",
        default=None,
        help=_("address to bind (default 127.0.0.1; with --lan, every address of this laptop)"),
    )
    serve.add_argument("--port", type=int, default=5000, help=_("port (default 5000)"))
    serve.add_argument(
        "--lan",
        action="store_true",
        help=_("serve tablets and phones on the club network; they need the PIN shown"),
    )
    serve.set_defaults(handler=_cmd_serve)

    score_cmd = commands.add_parser(
        "score",
        help=_("the Law 77 score of a result, from North-South's view"),
        description=_("Example: td-assist score 4SX S 9 --vul NS"),
    )
    score_cmd.add_argument("contract", help=_("contract with doubling, e.g. 4S, 3NTX, 6HXX"))
    score_cmd.add_argument("declarer", help=_("declarer: N, E, S or W"))
    score_cmd.add_argument("tricks", type=_tricks, help=_("tricks taken by declarer (0-13)"))
    score_cmd.add_argument("--vul", default="None", help=_("None, NS, EW or All (default None)"))
    score_cmd.add_argument("--json", action="store_true", help=_("print JSON"))
    score_cmd.set_defaults(handler=_cmd_score)

    search = commands.add_parser(
        "search", help=_('find the law section for a TD\'s words, e.g. "dummy revoked"')
    )
    search.add_argument("query", nargs="+", help=_("words or a law number"))
    search.add_argument("--limit", type=int, default=10, help=_("how many results (default 10)"))
    search.add_argument("--json", action="store_true", help=_("print JSON"))
    search.set_defaults(handler=_cmd_search)

    for module in _command_modules(argv):
        importlib.import_module(module).register(commands)
    return parser


def _command_modules(argv: Sequence[str] | None) -> list[str]:
    every = list(dict.fromkeys(COMMAND_MODULES.values()))
    if argv is None:
        return every
    words = [arg for arg in argv if not arg.startswith("-")]
    if words:
        if words[0] in COMMAND_MODULES:
            return [COMMAND_MODULES[words[0]]]
        return [] if words[0] in OWN_COMMANDS else every  # an unknown word: list them all
    return [] if argv and all(arg == "--version" for arg in argv) else every


def _command_errors() -> tuple[type[Exception], ...]:
    """The bad-input errors of the command modules loaded (the others cannot raise)."""
    lawbook = sys.modules.get("td_assist.lawbook.commands")
    return (lawbook.CommandError,) if lawbook is not None else ()


def _tricks(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of tricks").format(text=shown(text))
        )
    value = int(text)
    if not 0 <= value <= 13:
        raise argparse.ArgumentTypeError(
            _("{count} tricks is impossible (0 to 13)").format(count=value)
        )
    return value


_PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "–": "-", "—": "-", "→": "->", "’": "'"}


def _plain_characters(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise TypeError("only an encoding error can be replaced by plain characters")
    text = error.object[error.start : error.end]
    return "".join(_PLAIN.get(ch, "?") for ch in text), error.end


def _safe_output() -> None:
    """Never crash on a suit symbol: a Windows console or a redirected file may use an
    old code page, so characters it lacks become letters (♠ -> S) instead of raising."""
    codecs.register_error("td_assist_plain", _plain_characters)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="td_assist_plain")


def error_report(error: Exception) -> dict[str, str | None]:
    """What ``--json`` prints on bad input: the problem and its place, apart.

    >>> error_report(RecordError("unknown call 'Z'", where="PBN line 4"))
    {'error': "unknown call 'Z'", 'where': 'PBN line 4'}
    """
    if isinstance(error, RecordError):
        return {"error": error.problem, "where": error.where}
    return {"error": str(error), "where": None}


def one_line(message: str) -> str:
    """The message as one line of plain text: a quoted argument or file name may hold a
    line break, a tab or a right-to-left override, which would split or scramble it.

    >>> one_line("there is no case 'a\\r\\nb\\u202e' (see: td-assist cases list)")
    "there is no case 'a  b ' (see: td-assist cases list)"
    """
    return "".join(ch if ch.isprintable() else " " for ch in message)


def take_language(arguments: list[str]) -> tuple[list[str], str | None]:
    """``--lang CODE`` (or ``--lang=CODE``) wherever it stands, and the other arguments:
    ``td-assist rule revoke board.pbn --lang de`` reads as naturally as before the command.

    >>> take_language(["rule", "revoke", "b.pbn", "--lang", "de"])
    (['rule', 'revoke', 'b.pbn'], 'de')
    >>> take_language(["--lang=de", "law", "64"])
    (['law', '64'], 'de')
    """
    rest: list[str] = []
    code: str | None = None
    items = iter(arguments)
    for item in items:
        if item == "--":
            rest += [item, *items]
            break
        if item == "--lang":
            code = next(items, "")
        elif item.startswith("--lang="):
            code = item.removeprefix("--lang=")
        else:
            rest.append(item)
    return rest, code


def main(argv: Sequence[str] | None = None) -> int:
    _safe_output()
    arguments, code = take_language(list(sys.argv[1:] if argv is None else argv))
    if code is not None and known_language(code) is None:
        print(
            "td-assist: "
            + _("--lang {code}: not a language td-assist speaks (available: {languages})").format(
                code=one_line(code), languages=", ".join(LANGUAGES)
            ),
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    with use_language(code or current_language()):
        return _run(arguments)


def _argparse_in_reader_language() -> None:
    """argparse's own words ("usage:", "the following arguments are required") through
    our catalog: argparse looks them up with ``gettext`` at run time, by these names."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def _run(arguments: list[str]) -> int:
    _argparse_in_reader_language()
    parser = build_parser(arguments)
    args = parser.parse_args(arguments)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 0
    try:
        return int(args.handler(args))
    except (RecordError, UsageError, *_command_errors()) as error:
        print(f"td-assist: {one_line(str(error))}", file=sys.stderr)
        if getattr(args, "json", False):
            print(json.dumps(error_report(error), ensure_ascii=False))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except (ValueError, RecursionError, UnicodeError) as error:
        # A reader missed a case: still one line, never a traceback, for a TD.
        if os.environ.get("TD_ASSIST_DEBUG"):
            raise
        problem = _("this input could not be read ({kind}); please report it").format(
            kind=type(error).__name__
        )
        print(f"td-assist: {problem}", file=sys.stderr)
        if getattr(args, "json", False):
            print(json.dumps({"error": problem, "where": None}, ensure_ascii=False))
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
