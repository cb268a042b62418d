"""``td-assist rule WIZARD FILE``: a ruling from a record file and the TD's answers."""

from __future__ import annotations

import argparse
from pathlib import Path

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.bridge.display import contract_text
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import decode_record, load_json, read_boards
from td_assist.i18n import _
from td_assist.lawbook.model import display_anchor
from td_assist.rulings.engine.model import Ruling
from td_assist.rulings.engine.registry import (
    TABLE_ANSWERS,
    answered_board,
    get_tree,
    get_wizard,
    load_wizards,
    rule,
)
from td_assist.rulings.engine.requests import Irregularity, RulingRequest, parse_request
from td_assist.rulings.engine.tree import FactNode, NumberNode, QuestionNode
from td_assist.rulings.engine.walk import fill
from td_assist.training.cases import load_case


def answered_by_words() -> dict[str, str]:
    """Who settled a step, as the printed path says it (in the reader's language)."""
    return {"record": _("record"), "td": _("TD"), "assumed": _("assumed")}


def read_request(path: Path, board_number: int | None) -> RulingRequest:
    """A ruling request from a .json request file, a .toml case or a .pbn/.lin/.txt record."""
    if path.suffix.lower() == ".toml":
        # A worked case from the library: its record, report and the TD's answers.
        case = load_case(path)
        board = case.board.to_board() if case.board else None
        return RulingRequest(board=board, irregularity=case.irregularity, answers=case.answers)
    if path.suffix.lower() == ".json":
        try:
            raw = path.read_bytes()
        except OSError as error:
            raise RecordError(
                _("cannot read the file ({strerror})").format(strerror=error.strerror),
                where=path.name,
            ) from None
        data = load_json(decode_record(raw), where=path.name)
        return parse_request(data, where=path.name)
    boards = read_boards(path, only=board_number)
    return RulingRequest(board=pick_board(boards, board_number))


def pick_board(boards: list[Board], number: int | None) -> Board:
    if number is not None:
        for board in boards:
            if board.number == number:
                return board
        raise RecordError(_("there is no board {number} in the file").format(number=number))
    with_revoke = [b for b in boards if b.revokes]
    return (with_revoke or boards)[0]


def parse_answers(pairs: list[str]) -> dict[str, str]:
    answers: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise RecordError(
                _("--answer must look like NAME=VALUE, not '{pair}'").format(pair=pair)
            )
        answers[name.strip()] = value.strip()
    return answers


def print_ruling(ruling: Ruling, board: Board | None) -> None:
    ruled = ruling.rectification or {}
    if board is not None and board.number is not None:
        if ruled.get("contract") and ruled.get("declarer") in ("N", "E", "S", "W"):
            # The wizard's reading of the auction (a cancelled call does not count).
            contract = contract_text(ruled["contract"])
            declarer: Seat | None = Seat(ruled["declarer"])
        else:
            contract = contract_text(board.contract_obj) if board.contract_obj else _("no contract")
            declarer = board.declarer_seat
        if declarer is not None:
            print(
                _("Board {number}, {contract} by {declarer}").format(
                    number=board.number, contract=contract, declarer=declarer.name_full
                )
            )
        else:
            print(_("Board {number}, {contract}").format(number=board.number, contract=contract))
    print(f"{get_wizard(ruling.wizard).heading}\n")
    group = ""
    for step in ruling.path:
        if step.group and step.group != group:
            group = step.group
            print(f"  {group}")
        print(f"  [{answered_by_words()[step.answered_by]}] {step.question}")
        print(f"      -> {step.answer_label}")
        for line in step.evidence:
            print(f"         {line}")
        if step.note:
            print(f"         {step.note}")
    if ruling.status == "needs_answer" and ruling.pending is not None:
        pending = ruling.pending
        print(_("\nThe TD must answer: {prompt}").format(prompt=pending.prompt))
        for choice in pending.choices:
            print(f"  --answer {pending.node}={choice['value']}   ({choice['label']})")
        if pending.kind == "text":
            print(f'  --answer {pending.node}="..."   ({pending.help})')
        if pending.kind == "number":
            span = _("{minimum} to {maximum}").format(
                minimum=pending.minimum, maximum=pending.maximum
            )
            print(f"  --answer {pending.node}=N   ({span})")
        return
    print("\n" + _("Ruling: {title}").format(title=ruling.title) + "\n")
    print(ruling.text)
    for option in ruling.options:
        print(f"  - {option.side}: {option.text}")
    print("\n" + _("Laws: {laws}").format(laws=", ".join(display_anchor(a) for a in ruling.laws)))


def list_questions(wizard: str) -> None:
    tree = get_tree(wizard)
    # Marked with N_() where the wizard is defined; read in the reader's language here.
    words = {
        k: _(text) if text else text for k, text in get_wizard(wizard).placeholder_words.items()
    }
    print(_("Answers the {wizard} wizard accepts (--answer NAME=VALUE):\n").format(wizard=wizard))
    for name, node in tree.nodes.items():
        if isinstance(node, QuestionNode | FactNode):
            source = _("record or TD") if isinstance(node, FactNode) else _("TD")
            print(f"{name}  ({source})  {fill(node.prompt, words) if words else node.prompt}")
            for choice in node.choices:
                mark = "  " + _("(usual case)") if node.default == choice.value else ""
                label = fill(choice.label, words) if words else choice.label
                print(f"    {choice.value}: {label}{mark}")
        elif isinstance(node, NumberNode):
            source = _("record or TD") if node.fact else _("TD")
            prompt = fill(node.prompt, words) if words else node.prompt
            print(f"{name}  ({source})  {prompt}  [{node.minimum}-{node.maximum}]")
    for name, number in tree.inputs.items():
        source = _("record or TD") if number.fact else _("TD")
        optional = ", " + _("optional") if number.optional else ""
        print(f"{name}  ({source}{optional})  {number.prompt}  [{number.minimum}-{number.maximum}]")
    chosen = get_wizard(wizard)
    shown = set(tree.nodes) | set(tree.inputs)
    for extra in (*chosen.answers, *TABLE_ANSWERS):
        if extra.name not in shown:
            shown.add(extra.name)
            # Marked with N_() where the wizard is defined; read in the reader's language here.
            print(f"{extra.name}  {extra.shown_text}")
    if chosen.notes:
        print(f"\n{_(chosen.notes)}")


def _cmd_rule(args: argparse.Namespace) -> int:
    if args.list_questions:
        list_questions(args.wizard)
        return 0
    if not args.file:
        raise RecordError(_("name a record file (.pbn, .lin, .json, .toml case or .txt)"))
    request = read_request(Path(args.file), args.board)
    answers = request.answers | parse_answers(args.answer)
    irregularity: Irregularity | None = request.irregularity
    ruling = rule(args.wizard, request.board, irregularity, answers)
    if args.json:
        print(ruling.model_dump_json(indent=2))
    else:
        print_ruling(ruling, answered_board(get_wizard(args.wizard), request.board, answers)[0])
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "rule",
        help=_("rule on an irregularity from a record file ({wizards})").format(
            wizards=", ".join(load_wizards())
        ),
        description=_("Example: td-assist rule revoke board.pbn --answer attention=after_round"),
    )
    command.add_argument("wizard", choices=list(load_wizards()), help="which wizard")
    command.add_argument(
        "file", nargs="?", help=_("a .pbn, .lin, .txt record, a .json request or a .toml case")
    )
    command.add_argument("--board", type=int, help=_("board number, when the file has several"))
    command.add_argument(
        "--answer",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_("a TD answer (repeatable); see --list-questions"),
    )
    command.add_argument(
        "--list-questions", action="store_true", help=_("list the answers this wizard accepts")
    )
    command.add_argument("--json", action="store_true", help="print JSON")
    command.set_defaults(handler=_cmd_rule)
