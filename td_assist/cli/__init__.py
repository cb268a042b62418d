"""The ``td-assist`` command: a thin shell over the library.

Every command prints plain text for a person, or JSON with ``--json`` for programs.
Bad input prints one line naming the problem and exits with status 2.
"""

from __future__ import annotations

import argparse
import codecs
import html
import json
import os
import re
import sys
from collections.abc import Sequence

from pydantic import BaseModel

from td_assist import __version__
from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Seat
from td_assist.bridge.deal import Vulnerability
from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.scoring import score
from td_assist.cli import adjusted as adjusted_command
from td_assist.cli import cases as case_commands
from td_assist.cli import rule as rulings_commands
from td_assist.cli import session as session_cli
from td_assist.lawbook import commands as lawbook_commands

EXIT_BAD_INPUT = 2


class UsageError(Exception):
    """A command was given something it cannot use; the message says what."""


class ScoreReport(BaseModel):
    contract: str
    declarer: str
    tricks: int
    vulnerability: str
    declarer_vulnerable: bool
    over_under: int
    score_declarer: int
    score_ns: int
    score_ew: int


def score_report(contract_text: str, declarer_text: str, tricks: int, vul_text: str) -> ScoreReport:
    declarer = Seat.parse(declarer_text)
    contract = Contract.parse(contract_text, declarer)
    if contract.is_passed_out:
        return ScoreReport(
            contract="Pass",
            declarer="",
            tricks=0,
            vulnerability=vul_text,
            declarer_vulnerable=False,
            over_under=0,
            score_declarer=0,
            score_ns=0,
            score_ew=0,
        )
    vulnerability = Vulnerability.parse(vul_text)
    vulnerable = vulnerability.is_vulnerable(declarer)
    points = score(contract, tricks, vulnerable)
    ns = points if declarer.side.value == "NS" else -points
    return ScoreReport(
        contract=str(contract),
        declarer=declarer.value,
        tricks=tricks,
        vulnerability=vulnerability.value,
        declarer_vulnerable=vulnerable,
        over_under=tricks - contract.tricks_needed,
        score_declarer=points,
        score_ns=ns,
        score_ew=-ns,
    )


def _cmd_score(args: argparse.Namespace) -> int:
    report = score_report(args.contract, args.declarer, args.tricks, args.vul)
    if args.json:
        print(report.model_dump_json(indent=2))
        return 0
    if report.contract == "Pass":
        print("Passed out: NS 0 / EW 0")
        return 0
    made = (
        "made exactly"
        if report.over_under == 0
        else f"made with {report.over_under} overtrick{'s' * (report.over_under > 1)}"
        if report.over_under > 0
        else f"down {-report.over_under}"
    )
    vul = "vulnerable" if report.declarer_vulnerable else "not vulnerable"
    print(
        f"{report.contract} by {report.declarer}, {report.tricks} tricks ({made}), declarer {vul}"
    )
    print(f"NS {report.score_ns:+d} / EW {report.score_ew:+d}")
    return 0


def lan_addresses() -> list[str]:
    """This machine's addresses on the local network, for the URL to type on a tablet."""
    import socket

    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    except OSError:
        pass
    return found


def _cmd_serve(args: argparse.Namespace) -> int:
    import socket

    from td_assist.web import create_app
    from td_assist.web.security import new_pin
    from td_assist.web.server import serve

    host = "0.0.0.0" if args.lan else args.host
    everywhere = host in ("0.0.0.0", "::", "")
    addresses = lan_addresses() if everywhere else []
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
    print(f"td-assist {__version__} is running: open http://127.0.0.1:{args.port}/ on this laptop")
    if args.lan:
        for address in addresses or ["<this laptop's address>"]:
            print(f"On a tablet or phone on the club network, type: http://{address}:{args.port}/")
        print(f"PIN for tablets and phones: {config['LAN_PIN']}")
        print(
            f"To sign every tablet out or change the PIN: http://127.0.0.1:{args.port}/lan "
            "(stopping td-assist signs them all out too)"
        )
    print("Stop it with Ctrl+C.")
    serve(app, host=host, port=args.port)
    return 0


def _cmd_search(args: argparse.Namespace) -> int:
    from td_assist.search import search_report

    report = search_report(" ".join(args.query), limit=args.limit)
    if args.json:
        print(report.model_dump_json(indent=2))
        return 0
    if report.note:
        print(report.note)
    if report.suggestion:
        print(f"Did you mean: {report.suggestion}")
    if not report.hits:
        print("No law section matches. Try other words, or a law number such as 64B3.")
    for number, hit in enumerate(report.hits, start=1):
        heading = f" {hit.heading}" if hit.heading else ""
        print(f"{number:2}. {hit.cite}{heading}  ({hit.title})")
        snippet = re.sub(r"<mark>(.*?)</mark>", r"*\1*", hit.snippet)
        print(f"    {html.unescape(re.sub(r'<[^>]+>', '', snippet))}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="td-assist",
        description="A rulings assistant for duplicate-bridge tournament directors.",
    )
    parser.add_argument("--version", action="version", version=f"td-assist {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    serve = commands.add_parser("serve", help="start the web app")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    serve.add_argument(
        "--lan",
        action="store_true",
        help="serve tablets and phones on the club network; they need the PIN shown",
    )
    serve.set_defaults(handler=_cmd_serve)

    score_cmd = commands.add_parser(
        "score",
        help="the Law 77 score of a result, from North-South's view",
        description="Example: td-assist score 4SX S 9 --vul NS",
    )
    score_cmd.add_argument("contract", help="contract with doubling, e.g. 4S, 3NTX, 6HXX")
    score_cmd.add_argument("declarer", help="declarer: N, E, S or W")
    score_cmd.add_argument("tricks", type=_tricks, help="tricks taken by declarer (0-13)")
    score_cmd.add_argument("--vul", default="None", help="None, NS, EW or All (default None)")
    score_cmd.add_argument("--json", action="store_true", help="print JSON")
    score_cmd.set_defaults(handler=_cmd_score)

    search = commands.add_parser(
        "search", help='find the law section for a TD\'s words, e.g. "dummy revoked"'
    )
    search.add_argument("query", nargs="+", help="words or a law number")
    search.add_argument("--limit", type=int, default=10, help="how many results (default 10)")
    search.add_argument("--json", action="store_true", help="print JSON")
    search.set_defaults(handler=_cmd_search)

    lawbook_commands.register(commands)
    rulings_commands.register(commands)
    adjusted_command.register(commands)
    session_cli.register(commands)
    case_commands.register(commands)
    return parser


def _tricks(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of tricks")
    value = int(text)
    if not 0 <= value <= 13:
        raise argparse.ArgumentTypeError(f"{value} tricks is impossible (0 to 13)")
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


def main(argv: Sequence[str] | None = None) -> int:
    _safe_output()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 0
    try:
        return int(args.handler(args))
    except (RecordError, UsageError, lawbook_commands.CommandError) as error:
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
        problem = f"this input could not be read ({type(error).__name__}); please report it"
        print(f"td-assist: {problem}", file=sys.stderr)
        if getattr(args, "json", False):
            print(json.dumps({"error": problem, "where": None}))
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
