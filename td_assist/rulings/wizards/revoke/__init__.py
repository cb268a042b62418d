"""The revoke wizard (Laws 61-64): its report, its facts, its transfer, its walk.

The tree (rulings/revoke.toml) is walked once per revoke in the record, in order of
play, so each revoke gets its own transfer (Law 64); the TD's answers apply to every
walk unless prefixed with the revoke's number (``2.attention=after_round``).

The computation follows Law 64: each established revoke is handled in order with its
own transfer (64A1: the revoke trick plus one later trick won by the offending side
when the offending player won the revoke trick; 64A2: one trick when the offending
side won the revoke trick or a later one), never more tricks than the offending side
won from the revoke trick on; then Law 64C: when the TD judges that the transfer
leaves the non-offending side short, the result the TD expects without the revoke
stands instead, and never less for them than the transfer gives.

Here: the walk once per revoke and the registry entry; ``report`` reads the report and
the record (which revokes, who, which trick, established or not), ``facts`` holds the
tree's facts, ``rectification`` the Law 64 transfers and the Law 64C score.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.i18n import N_, _, ngettext
from td_assist.rulings.engine.deal_checks import check_trick_in_play, tricks_started
from td_assist.rulings.engine.facts import Context
from td_assist.rulings.engine.model import IrregularityReport, OptionLine, Ruling, Step
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register
from td_assist.rulings.engine.tree import OutcomeNode, Tree
from td_assist.rulings.engine.walk import AnswerError, Mode, Walk, fill, pending_ruling, walk
from td_assist.rulings.procedures.tricks_and_scores import side_name
from td_assist.rulings.wizards.revoke.facts import FACTS
from td_assist.rulings.wizards.revoke.rectification import (
    EQUITY_RESULTS,
    RevokeAdjustment,
    RevokeDecision,
    equity_weighing,
    revoke_adjustment,
    transferred_tricks,
)
from td_assist.rulings.wizards.revoke.report import (
    RevokeFocus,
    RevokeReport,
    answers_for,
    led_suit_of,
    offender_of,
    recorded_revoke,
    revoke_focuses,
    select_revokes,
    trick_of,
)

NAME = "revoke"


def rule_revoke(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    tree = get_tree(NAME)
    reported = report if isinstance(report, RevokeReport) else None
    revokes = select_revokes(board, reported)
    known: dict[Hashable, Any] = {}  # what the record says, worked out once for every walk
    focuses: list[RevokeFocus | None] = list(revoke_focuses(board, revokes, answers, known)) or [
        None
    ]
    path: list[Step] = []
    decisions: list[RevokeDecision] = []
    texts: list[str] = []
    options: list[OptionLine] = []
    first_walk: Walk | None = None
    equity: int | None = None
    weighing = equity_weighing(board, answers)
    for number, focus in enumerate(focuses, start=1):
        group = (
            _("Revoke {number}: {seat} at trick {trick}").format(
                number=number, seat=focus.revoke.seat.name_full, trick=focus.revoke.trick
            )
            if focus is not None and len(focuses) > 1
            else ""
        )
        ctx = Context(board, reported, answers_for(answers, number), focus=focus, known=known)
        result = walk(tree, ctx, FACTS, mode, group)
        _check_against_play(ctx, result)
        path += result.steps
        if result.pending is not None:
            return pending_ruling(NAME, path, result.pending)
        _check_counts(ctx, result)
        first_walk = first_walk or result
        if result.outcome is None:
            raise RecordError(_("the ruling has no outcome"))
        node = _outcome(tree, result.outcome)
        if result.numbers.get("equity") is not None:
            equity = result.numbers["equity"]
        decisions.append(_decision(result, node, ctx))
        values = _values(board, ctx, result)
        texts.append(fill(node.text, values))
        for option in node.options:
            line = OptionLine(side=option.side, text=fill(option.text, values))
            if line not in options:
                options.append(line)
    if first_walk is None or first_walk.outcome is None:
        raise RecordError(_("the board shows no revoke to rule on"))
    if weighing is not None and weighing.results:
        _check_weighing_applies(tree, decisions, equity)
    adjustment = revoke_adjustment(
        Context(board, reported, answers, known=known), decisions, equity, weighing
    )
    first_node = _outcome(tree, first_walk.outcome)
    laws = list(dict.fromkeys(a for d in decisions for a in d.laws))
    laws += [a for a in adjustment.laws if a not in laws]
    if len(texts) > 1:
        texts = [
            _("Revoke {number}: {text}").format(number=i, text=t)
            for i, t in enumerate(texts, start=1)
        ]
    summary = _summary(board, adjustment)
    return Ruling(
        wizard=NAME,
        status="complete",
        path=path,
        outcome=first_walk.outcome,
        title=_title(first_node, adjustment, decisions),
        text="\n\n".join([*texts, *([summary] if summary else [])]),
        options=options,
        laws=laws,
        adjustment=adjustment,
        marked_tricks=sorted({line.trick for line in adjustment.revokes}),
    )


def _check_weighing_applies(
    tree: Tree, decisions: list[RevokeDecision], equity: int | None
) -> None:
    """A weighted Law 64C score needs an outcome where Law 64C applies, and only one
    judgment: refused rather than dropped, so the TD never reads a ruling without it."""
    if equity is not None:
        raise AnswerError(
            _(
                "Law 64C takes one judgment: equity (declarer's tricks) or "
                "results (a weighted score), not both"
            ),
            where=_("answers equity and {EQUITY_RESULTS}").format(EQUITY_RESULTS=EQUITY_RESULTS),
        )
    if not any("equity" in _outcome(tree, d.outcome).asks for d in decisions):
        raise AnswerError(
            _(
                "Law 64C applies only after an established revoke, and this "
                "ruling has none (the revoke is corrected or there is none): "
                "there is no adjusted score to weigh"
            ),
            where=_("answer {name}").format(name=EQUITY_RESULTS),
        )


def _outcome(tree: Tree, node_id: str) -> OutcomeNode:
    node = tree.nodes[node_id]
    if not isinstance(node, OutcomeNode):
        raise TypeError(_("a revoke outcome must be an outcome node of the tree"))
    return node


def _check_counts(ctx: Context, result: Walk) -> None:
    """The trick counts of one walk must be able to be true together.

    Without a play record the TD gives them one by one; if they contradict each other
    the transfer would be computed from an impossible board (two tricks moved when the
    offenders won one, declarer pushed past 13), so the answers are refused instead.
    """
    steps = {step.node: step for step in result.steps}
    won = result.numbers.get("won_from_revoke")
    trick, seat = trick_of(ctx), offender_of(ctx)
    if won is None:
        return

    def said(name: str) -> str:
        step = steps[name]
        source = {"td": _("the TD's answer"), "record": _("the record or report")}
        return f"{name}={step.answer} ({source.get(step.answered_by, _('assumed'))})"

    def refuse(names: list[str], why: str) -> None:
        given = ", ".join(said(name) for name in names)
        raise AnswerError(
            f"{given}: {why}", where=_("answers {names}").format(names=_(" and ").join(names))
        )

    if trick is not None and won > 14 - trick and "revoke_trick" in steps:
        refuse(
            ["won_from_revoke", "revoke_trick"],
            _("only {value} tricks are played from trick {trick} to the end").format(
                value=14 - trick, trick=trick
            ),
        )
    later = steps.get("later_trick")
    if later is not None and (later.answer == "yes") != (won >= 2):
        # later_trick is asked only when the offender won the revoke trick himself, so
        # that trick is one of the won_from_revoke tricks and the rest are later ones.
        refuse(
            ["won_from_revoke", "later_trick"],
            _(
                "the offender won the revoke trick, so the offending side "
                "won {value} later trick(s), not {value2}"
            ).format(value=won - 1, value2=_("none") if later.answer == "no" else _("one or more")),
        )
    tricks = result.numbers.get("declarer_tricks")
    declarer = ctx.board.declarer_seat if ctx.board is not None else None
    if tricks is None or seat is None or declarer is None:
        return
    side = side_name(seat.side)
    total = tricks if seat.side is declarer.side else 13 - tricks
    if won > total:
        refuse(
            ["won_from_revoke", "declarer_tricks"],
            _(
                "{side} took {total} trick(s) in all, so they cannot have "
                "won {won} from the revoke trick on"
            ).format(side=side, total=total, won=won),
        )
    if trick is not None and total - won > trick - 1:
        refuse(
            ["won_from_revoke", "declarer_tricks", "revoke_trick"],
            _(
                "{side} took {total} trick(s) in all and {won} from trick "
                "{trick} on, which leaves {value} for the {value2} trick(s) "
                "before it"
            ).format(
                side=side, total=total, won=won, trick=trick, value=total - won, value2=trick - 1
            ),
        )


def _check_against_play(ctx: Context, result: Walk) -> None:
    """The TD's revoke trick must be one the recorded play reaches; the pickers for it
    and for the tricks won from it offer only the tricks that can be."""
    board, pending = ctx.board, result.pending
    answered = ctx.walked.get("revoke_trick")
    if isinstance(answered, int) and recorded_revoke(ctx) is None:
        check_trick_in_play(board, answered, "the revoke", _("answer revoke_trick"))
    if pending is None:
        return
    if pending.node == "revoke_trick" and board is not None and board.play:
        reach = tricks_started(board)
        finished = board.claim is not None or len(board.play) == 52
        pending.maximum = min(pending.maximum or 13, reach if finished else reach + 1)
    trick = trick_of(ctx)
    if pending.node == "won_from_revoke" and trick is not None:
        pending.maximum = min(pending.maximum or 13, 14 - trick)


def _title(node: OutcomeNode, adjustment: RevokeAdjustment, decisions: list[RevokeDecision]) -> str:
    """The outcome's title, unless the numbers say otherwise (several revokes, a cap, 64C)."""
    if (
        len(decisions) == 1
        and not adjustment.equity_applied
        and transferred_tricks(decisions[0]) == adjustment.tricks_transferred
    ):
        return node.title
    if adjustment.equity_applied:
        return _("Score adjusted to restore equity (Law 64C)")
    count = adjustment.tricks_transferred
    if count == 0:
        return _("No trick transferred")
    return ngettext(
        "One trick transferred in all", "{count} tricks transferred in all", count
    ).format(count=count)


def _decision(result: Walk, node: OutcomeNode, ctx: Context) -> RevokeDecision:
    answered = {step.node: step.answer for step in result.steps}
    focus = ctx.focus if isinstance(ctx.focus, RevokeFocus) else None
    won_from = result.numbers.get("won_from_revoke")
    if "established" in answered:
        established = answered["established"] != "no"
    else:  # a path that does not ask (Law 62C3): as the record or the TD says
        established = bool(focus and focus.established)
    return RevokeDecision(
        offender=offender_of(ctx),
        trick=trick_of(ctx),
        established=established,
        outcome=result.outcome or "",
        transfer_rule=node.transfer,
        laws=list(node.laws),
        later_trick_won=answered.get("later_trick") == "yes",
        revoke=focus.revoke if focus else None,
        won_from=won_from,
    )


def _values(board: Board | None, ctx: Context, result: Walk) -> dict[str, object]:
    """The ruling text's placeholders, from the record or the TD's answers."""
    values: dict[str, object] = {}
    seat, trick, suit, recorded = (
        offender_of(ctx),
        trick_of(ctx),
        led_suit_of(ctx),
        recorded_revoke(ctx),
    )
    if seat is not None:
        values |= {
            "offender": seat.name_full,
            "offender_partner": seat.partner.name_full,
            "non_offenders": side_name(seat.side.other),
            "offenders": side_name(seat.side),
        }
    if trick is not None:
        values["trick"] = trick
    values["card"] = recorded.card.pretty if recorded is not None else _("the card he revoked with")
    if suit is not None:
        values["led_suit"] = suit.symbol
    if recorded is not None:
        values["held"] = ", ".join(c.pretty for c in recorded.held)
    if board is not None and board.contract_obj is not None:
        values["contract"] = str(board.contract_obj)
        if board.declarer_seat is not None:
            values["declarer"] = board.declarer_seat.name_full
    values["equity"] = result.numbers.get("equity")
    return values


def _summary(board: Board | None, adjustment: RevokeAdjustment) -> str:
    final = adjustment.declarer_tricks_final
    weighted = final is None and bool(adjustment.weighted)
    if adjustment.declarer_tricks_played is None or (final is None and not weighted) or not board:
        return adjustment.note
    contract, declarer = board.contract_obj, board.declarer_seat
    after = _("a weighted score") if weighted else final
    line = _(
        "Declarer's tricks: {declarer_tricks_played} as played, "
        "{after} after adjustment ({tricks_transferred} transferred)."
    ).format(
        declarer_tricks_played=adjustment.declarer_tricks_played,
        after=after,
        tricks_transferred=adjustment.tricks_transferred,
    )
    if (
        adjustment.score_ns_final is not None
        and adjustment.score_ns_played is not None
        and contract is not None
        and declarer is not None
    ):
        line += _(
            " Score for {contract} by {declarer}: NS "
            "{score_ns_played:+d} as played, NS {score_ns_final:+g} "
            "after the ruling."
        ).format(
            contract=contract,
            declarer=declarer.value,
            score_ns_played=adjustment.score_ns_played,
            score_ns_final=adjustment.score_ns_final,
        )
    if adjustment.note:
        line += " " + adjustment.note
    return line


WIZARD = register(
    Wizard(
        name=NAME,
        title="Revoke",
        laws="Laws 61-64",
        kind="revoke",
        rule=rule_revoke,
        facts=FACTS,
        computations=frozenset({"revoke_transfer"}),
        notes=N_(
            "With several revokes, prefix a name with the revoke's number to answer for "
            "that revoke only: 2.attention=after_round"
        ),
        answers=(
            AnswerHelp(
                EQUITY_RESULTS,
                N_(
                    "(TD)  Law 64C as a weighted score (Law 12C1(c)), instead of equity: "
                    'declarer\'s tricks and weights, "13 0.6; 12 0.4"'
                ),
            ),
            AnswerHelp("comparison", N_("(TD)  Teams: NS score at the other table, e.g. -140")),
            AnswerHelp("traveller", N_('(TD)  Pairs: the other NS scores, "420, 450, -50"')),
        ),
    )
)
