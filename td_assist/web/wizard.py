"""The wizard pages: one question per screen, then the ruling summary.

The answers live in the address (``?a=attention:after_round&a=equity:10``), so the
back button, "back one question", "restart" and a permalink all work without any
state on the server. Recording a ruling stores it in the ruling log.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.bridge.results import TableResult
from td_assist.i18n import _
from td_assist.reports.ruling_report import law_links, summary
from td_assist.results_check import with_results_check
from td_assist.ruling_log import log_facts
from td_assist.rulings.engine.model import Ruling, Step
from td_assist.rulings.engine.registry import Wizard, answered_board, get_tree, load_wizards
from td_assist.rulings.engine.tree import FactNode, NumberInput, QuestionNode
from td_assist.rulings.engine.walk import USUAL
from td_assist.session import TableFacts, session_board
from td_assist.session_results import session_results
from td_assist.web import card_picker, result_builder
from td_assist.web.boards import load_board, store
from td_assist.web.page_cache import kept_with_fresh_tokens
from td_assist.web.rulings_kept import kept_ruling_and_copy
from td_assist.web.sessions import board_url, seated_query
from td_assist.web.urls import kept_url_for

wizard = Blueprint("wizard", __name__)
MAX_ANSWERS = 60
MAX_VALUE = 400  # a text answer: results to weigh, a traveller


def read_answers() -> list[tuple[str, str]]:
    pairs = []
    for item in request.args.getlist("a")[:MAX_ANSWERS]:
        node, sep, value = item.partition(":")
        if sep and node and len(node) <= 40 and len(value) <= MAX_VALUE:
            pairs.append((node, value))
    return pairs


# An answer of letters, digits and "_.-~" (every choice value, a number) reads the same
# once encoded but for its ":" (issue 29: a page encodes a dozen, urlencode costs 10x this)
_URL_PLAIN = re.compile(r"[A-Za-z0-9_.~-]*:[A-Za-z0-9_.~:-]*")


def _encoded(node: str, value: object) -> str:
    """``urlencode([("a", "node:value")])``."""
    text = f"{node}:{value}"
    if _URL_PLAIN.fullmatch(text):
        return "a=" + text.replace(":", "%3A")
    return urlencode([("a", text)])


class Addresses:
    """The addresses of one walk's pages: this wizard on this board with other answers.

    A page links to a dozen of them (each answer, back, restart); the wizard's address
    and the answers so far are encoded once per page, not once per link. ``urlencode``
    of a list is its pairs' encodings joined by "&", so each address is the one
    ``urlencode`` gives for its whole list."""

    def __init__(self, wizard_name: str, board_id: str, pairs: list[tuple[str, str]]) -> None:
        self.base = kept_url_for("wizard.step", wizard_name=wizard_name, board_id=board_id)
        amends = request.args.get("amends", "")[:40]  # a correction of a recorded ruling
        self.tail = [urlencode([("amends", amends)])] if amends else []
        self.pairs = pairs
        self.encoded = [_encoded(n, v) for n, v in pairs]

    def _joined(self, encoded: list[str]) -> str:
        query = "&".join([*encoded, *self.tail])
        return f"{self.base}?{query}" if query else self.base

    def of(self, pairs: list[tuple[str, str]]) -> str:
        """The address of the walk with ``pairs`` for answers."""
        return self._joined([_encoded(n, v) for n, v in pairs])

    def here(self) -> str:
        return self._joined(self.encoded)

    def back(self) -> str | None:
        """One answer fewer; None on the first question."""
        return self._joined(self.encoded[:-1]) if self.pairs else None

    def restart(self) -> str:
        return self._joined([])

    def with_answer(self, node: str, value: object) -> str:
        """The answers so far and one more."""
        return self._joined([*self.encoded, _encoded(node, value)])

    def with_answers(self, node: str, values: Iterable[object]) -> dict[object, str]:
        """``with_answer`` for each of a question's answers, by answer: one call from the
        template for a row of a dozen buttons, not one each."""
        return {value: self.with_answer(node, value) for value in values}


def address(wizard_name: str, board_id: str, pairs: list[tuple[str, str]]) -> str:
    return Addresses(wizard_name, board_id, pairs).here()


def registered(name: str) -> Wizard:
    """The wizard of that name, or a 404 page."""
    wizards = load_wizards()
    if name not in wizards:
        abort(404)
    return wizards[name]


@wizard.app_context_processor
def wizard_list() -> dict[str, object]:
    """Every page may offer the registered wizards (e.g. "Rule on this board")."""
    return {"registered_wizards": list(load_wizards().values())}


@wizard.get("/rule/<wizard_name>/<board_id>")
def step(wizard_name: str, board_id: str) -> ResponseReturnValue:
    chosen = registered(wizard_name)
    board = load_board(board_id)
    pairs = read_answers()
    typed_node, typed = request.args.get("node", "")[:40], request.args.get("value", "")
    if typed_node and typed.strip():
        # A text answer from a form: fold it into the address like any other answer.
        value = " ".join(typed.split())[:MAX_VALUE]
        return redirect(address(wizard_name, board_id, [*pairs, (typed_node, value)]))
    before_first_call = dict(pairs).get("call_index") == "0"  # nothing to tap (exposed card)
    if (
        chosen.starts_from_auction
        and not board.auction
        and not dict(pairs).get("auction")
        and not before_first_call
    ):
        # No auction to rule on: tap it in first, then the call it happened at.
        return redirect(url_for("auction_box.stored", board_id=board_id[:40], w=wizard_name))
    addresses = Addresses(wizard_name, board_id, pairs)
    try:
        kept, ruling = kept_ruling_and_copy(wizard_name, board, None, dict(pairs), mode="step")
    except RecordError as error:
        # An answer that does not fit (an edited address): drop it and say so.
        return render_template(
            "error.html",
            title=_("That answer does not fit"),
            message=_("{error}. Go back one question and choose again.").format(error=error),
            back=addresses.back(),
            restart=addresses.restart(),
        ), 400
    common = {
        "wizard_name": wizard_name,
        "wizard_title": chosen.heading,
        "board": board,
        "board_id": board_id,
        "ruling": ruling,
        "law_links": law_links,
        "restart": addresses.restart(),
        "back": addresses.back(),
        "answer_url": addresses.with_answer,
        "answer_urls": addresses.with_answers,
        "changes": _once_per_step(lambda step: other_answers(wizard_name, addresses, step)),
        "table_facts": table_fact_links(board_id, board, wizard_name, pairs),
        "permalink": addresses.here(),
        "answers_json": json.dumps(dict(pairs)),
        "answer_pairs": pairs,
        "tapped_auction": any(name == "auction" for name, _ in pairs),
    }
    table = answered(chosen, board, dict(pairs))  # with the tapped auction, if any
    if ruling.status == "needs_answer":
        common["board"] = table
        pickers = tap_pickers(ruling, table, board_id, addresses)
        shown_table = summary(table, ruling, diagram=False)

        def question_page(marks: dict[str, Callable[[], str]]) -> str:
            return render_template("wizard.html", **common, **pickers, **shown_table, **marks)

        if kept is None or pickers:  # a picker reads the session's results: made afresh
            return question_page({})
        return kept_with_fresh_tokens(
            "wizard.html", question_page, (tuple(common["table_facts"]),), (board, kept)
        )
    shown = as_ruled(chosen, table, dict(pairs))
    common["board"] = shown
    # The table and pairs the TD picked from the scorer's results, filled in to record.
    seated = store().board_context(board_id)
    # Where the TD's result differs from the scorer's file, the ruling says so.
    at_table = log_facts(
        table,
        ruling,
        seated["session_id"],
        table=seated["table"] or "",
        ns_pair=seated["ns_pair"] or "",
        ew_pair=seated["ew_pair"] or "",
    )
    ruling = common["ruling"] = with_results_check(store(), at_table, ruling)
    shown_board = summary(shown, ruling)

    def ruling_page(marks: dict[str, Callable[[], str]]) -> str:
        return render_template(
            "ruling.html", **common, **shown_board, saved=None, seated=seated, **marks
        )

    if kept is None:
        return ruling_page({})
    # Beside the address (the wizard, board and answers) and the kind of page, the page
    # is made from the kept ruling, the board and what the session's files add: the
    # table picked, the facts the TD gave for it, a note where the results differ.
    made_from = (tuple(common["table_facts"]), tuple(seated.items()), ruling.text)
    return kept_with_fresh_tokens("ruling.html", ruling_page, made_from, (board, kept))


def _once_per_step(
    changes: Callable[[Step], list[tuple[str, str]]],
) -> Callable[[Step], list[tuple[str, str]]]:
    """``changes`` worked out once per step of this page: the ruling page lists an
    assumed step's other answers twice (taken as the usual case, and in the path)."""
    found: dict[int, tuple[Step, list[tuple[str, str]]]] = {}

    def once(step: Step) -> list[tuple[str, str]]:
        kept = found.get(id(step))
        if kept is None or kept[0] is not step:
            kept = found[id(step)] = (step, changes(step))
        return kept[1]

    return once


PICKER_ARGS = ("rb", "rc", "rd", "rt", "rx", "rw", "tv", "te", "cm", "tc")


def tap_pickers(
    ruling: Ruling, table: Board, board_id: str, addresses: Addresses
) -> dict[str, object]:
    """The result builder or the score keypad for a text question that has one, so the
    phone needs no keyboard; the typed form stays for anything else."""
    pending = ruling.pending
    if pending is None or pending.kind != "text":
        return {}
    here = addresses.here()
    args = {name: request.args.get(name, "")[:MAX_VALUE] for name in PICKER_ARGS}

    def link(**state: str) -> str:
        query = urlencode({k: v for k, v in state.items() if v})
        return f"{here}{'&' if '?' in here else '?'}{query}" if query else here

    def answer(text: str) -> str:
        return addresses.with_answer(pending.node, text)

    if pending.node in card_picker.CARD_NODES:
        picker = card_picker.build(
            table,
            args,
            link,
            addresses.with_answer,
        )
        return {"card_picker": picker} if picker is not None else {}
    if pending.node in result_builder.RESULT_NODES:
        return {"builder": result_builder.build(table, args, link, answer)}
    if pending.node in result_builder.SCORE_NODES:
        pad = result_builder.score_pad(pending.node, args, link, answer)
        if pending.node == "traveller":
            pad.from_results = _traveller_from_results(board_id, table, answer)
        return {"score_pad": pad}
    return {}


def _score_as_played(table: Board) -> int | None:
    tricks = table.declarer_tricks_played()
    if table.contract_obj is None or tricks is None:
        return None
    try:
        return table.score_ns(tricks)
    except RecordError:
        return None


def _traveller_from_results(
    board_id: str, table: Board, answer: Callable[[str], str]
) -> result_builder.Key | None:
    """One tap for the traveller when the session has the scorer's results: the other
    tables' N-S scores on this board (not this table's, not artificial ones)."""
    seated = store().board_context(board_id)
    if not seated.get("session_id") or table.number is None:
        return None
    results = session_results(store(), str(seated["session_id"]))
    if results is None:
        return None
    lines = [line for line in results.traveller(table.number) if line.score_ns is not None]
    own = results.find(table.number, ns_pair=seated.get("ns_pair") or "\0")
    if own is None:
        # The table was reached by the bidding box, not picked: this table's line is
        # the one with its score (any line with the same score compares the same).
        played = _score_as_played(table)
        own = next((line for line in lines if line.score_ns == played), None)
    if own is None and played is None:
        # No tricks as played yet (an auction wizard): the lines with this table's
        # contract and declarer, when they all have one score, compare the same.
        same_contract = [line for line in lines if _same_table_contract(line, table)]
        if len({line.score_ns for line in same_contract}) == 1:
            own = same_contract[0]
    if own is None:
        return None  # this table's result is not on the scorer's traveller: type it
    # Another section's tables are another traveller (ACBLscore, Bridgemate files).
    scores = [
        line.score_ns
        for line in lines
        if line is not own and line.score_ns is not None and line.section == own.section
    ]
    scores = scores[: result_builder.MAX_SCORES]
    if not scores:
        return None
    label = _("The scorer's traveller: {count} other tables ({list}").format(
        count=len(scores), list=", ".join(map(str, scores[:6]))
    )
    label += ", ...)" if len(scores) > 6 else ")"
    return result_builder.Key(label, answer(", ".join(str(s) for s in scores)))


def _same_table_contract(line: TableResult, table: Board) -> bool:
    contract = table.contract_obj
    if contract is None or not line.contract:
        return False
    if contract.is_passed_out:
        return line.contract.upper() == "PASS"
    return line.contract == str(contract) and line.declarer == contract.declarer


def answered(chosen: Wizard, board: Board, answers: dict[str, str]) -> Board:
    """The board with the table's answers written in (the auction tapped in the bidding
    box, a contract), as the wizard reads it; the board as stored if they do not fit."""
    try:
        table, _changed = answered_board(chosen, board, answers)
    except RecordError:
        return board
    return table or board


_GROUP_NUMBER = re.compile(r"^\w+ (\d+): ")  # "Revoke 2: East at trick 9" -> answers "2.x"


def other_answers(wizard_name: str, addresses: Addresses, step: Step) -> list[tuple[str, str]]:
    """For an answer taken as the usual case: each other choice, as (label, address of
    the same walk with that answer instead), so the TD changes it in one tap."""
    if step.answered_by != "assumed":
        return []
    # The step may come from a tree the wizard hands on to (a refused lead -> penalty card).
    trees = [get_tree(name) for name in (wizard_name, *registered(wizard_name).hands_on_to)]
    node = next(
        (
            t.nodes.get(step.node) or t.inputs.get(step.node)
            for t in trees
            if step.node in t.nodes or step.node in t.inputs
        ),
        None,
    )
    numbered = _GROUP_NUMBER.match(step.group)
    name = f"{numbered.group(1)}.{step.node}" if numbered else step.node
    kept = [(n, v) for n, v in addresses.pairs if n != name]
    if isinstance(node, QuestionNode | FactNode):
        return [
            (
                f"{choice.label} instead",
                addresses.of([*kept, (name, choice.value)]),
            )
            for choice in node.choices
            if choice.value != step.answer
        ]
    if isinstance(node, NumberInput):  # a number taken as skipped: give it in one tap
        return [
            (
                f"or {n}" if n == node.minimum else str(n),
                addresses.of([*kept, (name, str(n))]),
            )
            for n in range(node.minimum, node.maximum + 1)
            if str(n) != step.answer
        ]
    return []


def table_fact_links(
    board_id: str, board: Board, wizard_name: str, pairs: list[tuple[str, str]]
) -> list[tuple[str, str, str, str]]:
    """The contract, declarer and tricks the TD picked for a session board, each as
    (code, what, its value, the picker's address to change it keeping the answers so far)."""
    session_id = store().board_context(board_id).get("session_id")
    if not session_id or board.number is None:
        return []
    hand_record = session_board(store(), session_id, board.number)
    if hand_record is None:
        return []
    facts = TableFacts.from_board(board)
    kept = [p for p in pairs if p != (USUAL, "yes")]
    # The table picked from the scorer's results stays with the board while a fact changes.
    seated = seated_query(store().board_context(board_id))

    def change(**dropped: object) -> str:
        url = board_url(session_id, board.number, wizard_name, facts.model_copy(update=dropped))
        carried = urlencode([("a", f"{n}:{v}") for n, v in kept] + seated)
        return f"{url}&{carried}" if carried else url

    links = []
    if hand_record.contract_obj is None and facts.contract is not None:
        links.append(
            ("contract", "Contract", facts.contract_text or "", change(contract=None, doubling=0))
        )
        if facts.declarer is not None:
            links.append(("declarer", "Declarer", facts.declarer.name_full, change(declarer=None)))
    if hand_record.declarer_tricks_played() is None and facts.tricks is not None:
        links.append(("tricks", "Declarer's tricks", str(facts.tricks), change(tricks=None)))
    return links


def as_ruled(chosen, board, answers: dict[str, str]):  # noqa: ANN001, ANN201
    """The board as the wizard read it with the TD's answers (e.g. an accepted
    insufficient bid), for the diagram and auction beside the ruling."""
    if chosen.board_as_ruled is None:
        return board
    try:
        return chosen.board_as_ruled(board, answers)
    except RecordError:
        return board


@wizard.get("/wizards/<wizard_name>")
def tree_page(wizard_name: str) -> ResponseReturnValue:
    """The whole decision tree on one page, for a TD to read and review."""
    registered(wizard_name)
    return render_template("tree.html", tree=get_tree(wizard_name), law_links=law_links)
