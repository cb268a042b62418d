"""Each wizard: which walks a ruling needs and how their outcomes combine.

The revoke wizard walks its tree once per revoke in the record, in order of play,
so each revoke gets its own transfer (Law 64); the TD's answers apply to every walk
unless prefixed with the revoke's number (``2.attention=after_round``).
"""

from __future__ import annotations

from functools import cache

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Revoke
from td_assist.lawbook import get_lawbook
from td_assist.rulings.adjust import COMPUTATIONS, RevokeDecision, revoke_adjustment, side_name
from td_assist.rulings.engine import Mode, Walk, fill, walk
from td_assist.rulings.facts import Context, load_all
from td_assist.rulings.model import (
    Irregularity,
    OptionLine,
    PendingQuestion,
    RevokeReport,
    Ruling,
    Step,
)
from td_assist.rulings.tree import OutcomeNode, Tree, load_tree, tree_path

WIZARDS = {"revoke": "Revoke (Laws 61-64)"}


@cache
def get_tree(wizard: str) -> Tree:
    if wizard not in WIZARDS:
        raise RecordError(f"unknown wizard '{wizard}' (available: {', '.join(WIZARDS)})")
    book = get_lawbook()
    return load_tree(
        tree_path(wizard), lambda anchor: anchor in book.sections, load_all(), COMPUTATIONS
    )


def nodes_citing(number: int) -> list[tuple[str, str, str, str]]:
    """(wizard, node, prompt or title, anchor) for tree nodes that cite Law ``number``."""
    found = []
    for wizard in WIZARDS:
        tree = get_tree(wizard)
        for node_id, node in tree.nodes.items():
            text = node.title if isinstance(node, OutcomeNode) else node.prompt
            for anchor in node.laws:
                digits = "".join(ch for ch in anchor[:2] if (ch.isascii() and ch.isdigit()))
                if digits == str(number):
                    found.append((wizard, node_id, text, anchor))
                    break
    return found


def _answers_for(answers: dict[str, str], number: int) -> dict[str, str]:
    shared = {k: v for k, v in answers.items() if "." not in k}
    prefix = f"{number}."
    own = {k[len(prefix) :]: v for k, v in answers.items() if k.startswith(prefix)}
    return shared | own


def select_revokes(board: Board | None, report: RevokeReport | None) -> list[Revoke]:
    """The revokes in the record, narrowed to the reported offender or trick if given."""
    if board is None or board.play_obj is None:
        return []
    found = board.revokes
    if report is not None and report.offender is not None:
        found = [r for r in found if r.seat is report.offender]
    if report is not None and report.trick is not None:
        found = [r for r in found if r.trick == report.trick]
    if report is not None and (report.offender or report.trick) and not found:
        return []
    # Other revokes on the board still count for Law 64B2 and 64B7 and get their own
    # transfers; the reported one is ruled first.
    rest = [r for r in board.revokes if r not in found]
    return sorted(found, key=lambda r: r.trick) + sorted(rest, key=lambda r: r.trick)


def rule_revoke(
    board: Board | None, report: Irregularity | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    tree = get_tree("revoke")
    if report is not None and not isinstance(report, RevokeReport):
        raise RecordError(f"the revoke wizard cannot rule on a '{report.kind}' irregularity")
    revokes = select_revokes(board, report)
    focuses: list[Revoke | None] = list(revokes) or [None]
    path: list[Step] = []
    decisions: list[RevokeDecision] = []
    texts: list[str] = []
    options: list[OptionLine] = []
    first_walk: Walk | None = None
    equity: int | None = None
    for number, focus in enumerate(focuses, start=1):
        group = (
            f"Revoke {number}: {focus.seat.name_full} at trick {focus.trick}"
            if focus is not None and len(focuses) > 1
            else ""
        )
        ctx = Context(board, report, _answers_for(answers, number), focus=focus)
        result = walk(tree, ctx, mode, group)
        path += result.steps
        if result.pending is not None:
            return Ruling(wizard="revoke", status="needs_answer", path=path, pending=result.pending)
        first_walk = first_walk or result
        assert result.outcome is not None
        node = tree.nodes[result.outcome]
        assert isinstance(node, OutcomeNode)
        if "equity" in result.numbers and result.numbers["equity"] is not None:
            equity = result.numbers["equity"]
        decisions.append(_decision(result, node, focus, report))
        texts.append(fill(node.text, _values(board, focus, result)))
        for option in node.options:
            line = OptionLine(
                side=option.side, text=fill(option.text, _values(board, focus, result))
            )
            if line not in options:
                options.append(line)
    assert first_walk is not None and first_walk.outcome is not None
    base_ctx = Context(board, report, answers)
    adjustment = revoke_adjustment(base_ctx, decisions, equity)
    if (
        mode == "step"
        and adjustment.declarer_tricks_played is None
        and board is not None
        and board.contract_obj is not None
        and not board.contract_obj.is_passed_out
    ):
        # The record stops before the end and has no claim or result: ask for the result
        # at the table, which the score needs.
        return Ruling(
            wizard="revoke",
            status="needs_answer",
            path=path,
            pending=PendingQuestion(
                node="declarer_tricks",
                kind="number",
                laws=["79A1"],
                minimum=0,
                maximum=13,
                prompt="How many tricks did declarer take at the table (before any adjustment)?",
                help="The record does not show the end of the play, a claim or a result.",
            ),
        )
    first_node = tree.nodes[first_walk.outcome]
    assert isinstance(first_node, OutcomeNode)
    laws = list(dict.fromkeys(a for d in decisions for a in d.laws))
    if adjustment.equity_applied and "64C1" not in laws:
        laws.append("64C1")
    if len(texts) > 1:
        texts = [f"Revoke {i}: {t}" for i, t in enumerate(texts, start=1)]
    summary = _summary(board, adjustment)
    return Ruling(
        wizard="revoke",
        status="complete",
        path=path,
        outcome=first_walk.outcome,
        title=first_node.title,
        text="\n\n".join([*texts, *([summary] if summary else [])]),
        options=options,
        laws=laws,
        adjustment=adjustment,
    )


def _decision(
    result: Walk, node: OutcomeNode, focus: Revoke | None, report: Irregularity | None
) -> RevokeDecision:
    answered = {step.node: step.answer for step in result.steps}
    reported = report if isinstance(report, RevokeReport) else None
    return RevokeDecision(
        offender=focus.seat if focus else reported.offender if reported else None,
        trick=focus.trick if focus else reported.trick if reported else None,
        established=answered.get("established") == "yes",
        outcome=result.outcome or "",
        transfer_rule=node.transfer,
        laws=list(node.laws),
        later_trick_won=answered.get("later_trick") == "yes",
        revoke=focus,
    )


def _values(board: Board | None, focus: Revoke | None, result: Walk) -> dict[str, object]:
    values: dict[str, object] = {}
    if focus is not None:
        values |= {
            "offender": focus.seat.name_full,
            "offender_partner": focus.seat.partner.name_full,
            "trick": focus.trick,
            "card": focus.card.pretty,
            "led_suit": focus.led_suit.symbol,
            "held": ", ".join(c.pretty for c in focus.held),
            "non_offenders": side_name(focus.seat.side.other),
            "offenders": side_name(focus.seat.side),
        }
    if board is not None and board.contract_obj is not None:
        values["contract"] = str(board.contract_obj)
        values["declarer"] = board.declarer_seat.name_full if board.declarer_seat else "?"
    values["equity"] = result.numbers.get("equity")
    return values


def _summary(board: Board | None, adjustment) -> str:  # noqa: ANN001
    if adjustment.declarer_tricks_played is None or board is None:
        return adjustment.note
    contract = board.contract_obj
    line = (
        f"Declarer's tricks: {adjustment.declarer_tricks_played} as played, "
        f"{adjustment.declarer_tricks_final} after adjustment "
        f"({adjustment.tricks_transferred} transferred)."
    )
    if adjustment.score_ns_final is not None and contract is not None:
        line += (
            f" Score for {contract} by {board.declarer_seat.value if board.declarer_seat else '?'}:"
            f" NS {adjustment.score_ns_played:+d} as played, "
            f"NS {adjustment.score_ns_final:+d} after the ruling."
        )
    if adjustment.note:
        line += " " + adjustment.note
    return line


def rule(
    wizard: str,
    board: Board | None,
    report: Irregularity | None,
    answers: dict[str, str],
    mode: Mode = "batch",
) -> Ruling:
    """The one entry point for the CLI, the API, the pages and the case library."""
    if wizard == "revoke":
        return rule_revoke(board, report, answers, mode)
    get_tree(wizard)  # names the available wizards
    raise RecordError(f"the {wizard} wizard is not built yet")
