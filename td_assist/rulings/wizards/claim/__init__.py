"""The claims wizard (Laws 68-71, 79C): from the claim and the cards left to the tricks.

The report says who claimed (a defender conceding claims 0), before which trick, how
many of the remaining tricks his side claimed, the statement as made and any total he
stated. The cards left come from the deal and the play record; on a hand record without
play the TD marks them (``cards_left``, or ``cards_played`` when fewer) and says how many
tricks declarer's side had won (``tricks_won_before_claim``).

The TD makes every judgment the Laws leave to him: the tricks on the least successful
normal line consistent with the statement (Law 70D, 70E), the outstanding-trump questions
(Law 70C), what would probably have happened (Law 69B2). Beside the questions the wizard
shows candidate lines the statement may leave open, each with the tricks it takes against
the actual cards (``td_assist.bridge.claim_lines``), and, with the ``analysis`` extra, the
double-dummy figure labelled as a check. Neither ever answers a question.

Every count the TD gives is of the tricks left at the claim, for the claiming side.

Here: the ruling, its checks and the registry entry; ``report`` reads the claim and the
cards left, ``facts`` holds the tree's facts, ``lines`` the help beside the questions,
``rectification`` the tricks, total, score and the text read out.
"""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.i18n import N_, _
from td_assist.rulings.engine.facts import Context
from td_assist.rulings.engine.model import (
    Adjustment,
    IrregularityReport,
    PendingQuestion,
    Ruling,
)
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register
from td_assist.rulings.engine.walk import (
    AnswerError,
    Mode,
    Walk,
    fill_walk,
    outcome_ruling,
    pending_ruling,
    walk,
)
from td_assist.rulings.procedures.tricks_and_scores import (
    declarer_tricks_as_played,
    side_name,
    with_scores,
)
from td_assist.rulings.wizards.claim.facts import FACTS
from td_assist.rulings.wizards.claim.rectification import (
    awarded_tricks,
    claim_rectification,
    read_out,
    ruling_notes,
)
from td_assist.rulings.wizards.claim.report import (
    CARDS_LEFT,
    CARDS_PLAYED,
    WON_BEFORE,
    ClaimReport,
    ClaimSituation,
    gather,
    int_answer,
)

NAME = "claim"


# The TD's counts, each of the tricks left, and the most each can be.
COUNTS = ("normal_line_tricks", "tricks_lost_to_trump", "likely_tricks")


def _values(situation: ClaimSituation, awarded: int | None) -> dict[str, object]:
    return {
        "claimer": situation.claimer.name_full,
        "claimers": side_name(situation.side),
        "non_claimers": side_name(situation.side.other),
        "claimed": situation.claimed,
        "remaining": situation.remaining,
        "awarded": "?" if awarded is None else awarded,
    }


def _check_counts(situation: ClaimSituation, answers: dict[str, str]) -> None:
    """The TD's counts are of the tricks left: none can be more than that."""
    for name in COUNTS:
        value = int_answer(answers, name, 0, 13)
        if value is not None and value > situation.remaining:
            raise AnswerError(
                _("{name}={value}: only {remaining} tricks were left at the claim").format(
                    name=name, value=value, remaining=situation.remaining
                ),
                where=_("answer {name}").format(name=name),
            )
    line = int_answer(answers, "normal_line_tricks", 0, 13)
    lost = int_answer(answers, "tricks_lost_to_trump", 0, 13)
    if line is not None and lost is not None and lost > line:
        raise AnswerError(
            _(
                "tricks_lost_to_trump={lost}: the normal line wins only {line}, so no more can "
                "be lost to the trump"
            ).format(lost=lost, line=line),
            where=_("answer {name}").format(name="tricks_lost_to_trump"),
        )


def _narrow(pending: PendingQuestion, situation: ClaimSituation, result: Walk) -> None:
    if pending.node in COUNTS:
        pending.maximum = situation.remaining
    line = result.numbers.get("normal_line_tricks")
    if pending.node == "tricks_lost_to_trump" and isinstance(line, int):
        pending.maximum = line


def rule_claim(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    tree = get_tree(NAME)
    reported = report if isinstance(report, ClaimReport) else None
    situation = gather(board, reported, answers)
    if isinstance(situation, PendingQuestion):
        return pending_ruling(NAME, [], situation)
    _check_counts(situation, answers)
    ctx = Context(board, reported, answers, focus=situation)
    result = walk(tree, ctx, FACTS, mode)
    values = _values(situation, None)
    fill_walk(result, values)
    steps = [*situation.steps, *result.steps]
    if result.pending is not None:
        _narrow(result.pending, situation, result)
        ruling = pending_ruling(NAME, steps, result.pending)
        ruling.rectification = claim_rectification(situation, "", None, None).model_dump(
            mode="json"
        )
        return ruling
    node = result.outcome or ""
    awarded = awarded_tricks(node, situation, ctx)
    if node in ("scored_as_played", "no_concession"):
        total = result.numbers.get("declarer_tricks")
        if total is None:
            total = declarer_tricks_as_played(board, {})
            total = None if node == "no_concession" else total
    else:
        total = situation.declarer_total(awarded) if awarded is not None else None
    _check_total(situation, total)
    rectification = claim_rectification(situation, node, awarded, total)
    adjustment = Adjustment(
        adjusted=False,
        declarer=situation.declarer,
        declarer_tricks_played=situation.declarer_total(situation.claimed)
        if node != "scored_as_played"
        else total,
        declarer_tricks_final=total,
        laws=["77"],
    )
    adjustment = with_scores(adjustment, board)
    if total is None:
        adjustment.declarer_tricks_final = None
        adjustment.score_ns_final = None
    extra = "\n\n".join([*ruling_notes(situation, ctx, node), read_out(situation, rectification)])
    result.steps = steps
    ruling = outcome_ruling(
        NAME,
        tree,
        result,
        _values(situation, awarded),
        rectification=rectification,
        adjustment=adjustment,
        extra_text=extra,
        marked_tricks=[situation.trick] if situation.trick <= 13 else [],
    )
    return ruling


def _check_total(situation: ClaimSituation, total: int | None) -> None:
    """Declarer's total must fit the tricks already won and those left."""
    if total is None or situation.won_before is None or situation.declarer is None:
        return
    high = situation.won_before + situation.remaining
    if not situation.won_before <= total <= high:
        raise AnswerError(
            _(
                "declarer_tricks={total} cannot be: declarer's side had won {before} before the "
                "claim, with {remaining} left"
            ).format(total=total, before=situation.won_before, remaining=situation.remaining),
            where=_("answer {name}").format(name="declarer_tricks"),
        )


WIZARD = register(
    Wizard(
        name=NAME,
        title="Claim or concession",
        laws="Laws 68-71",
        kind="claim",
        rule=rule_claim,
        facts=FACTS,
        computations=frozenset({"claim_tricks"}),
        notes=N_(
            "Every count is of the tricks left at the claim, for the claiming side. Without a "
            "play record, give the cards left (cards_left) or played (cards_played) and "
            "tricks_won_before_claim."
        ),
        placeholder_words={"remaining": "N", "claimers": N_("the claiming side")},
        answers=(
            AnswerHelp("claimer", N_("(TD)  Who claimed or conceded: N, E, S or W")),
            AnswerHelp("trick", N_("(TD)  The claim came before the lead to this trick (1-13)")),
            AnswerHelp(
                "claimed", N_("(TD)  Of the tricks left, how many the claimer's side claimed")
            ),
            AnswerHelp("statement", N_("(TD)  The claim statement as made (or skip)")),
            AnswerHelp(
                "stated_total", N_("(TD)  A total of tricks for declarer the claimer stated")
            ),
            AnswerHelp(CARDS_LEFT, N_('(TD)  The cards still held at the claim: "SA SK H2 ..."')),
            AnswerHelp(CARDS_PLAYED, N_("(TD)  Or the cards played before the claim")),
            AnswerHelp(WON_BEFORE, N_("(TD)  Tricks declarer's side had won before the claim")),
            AnswerHelp(
                "on_lead", N_("(TD)  Who was on lead at the claim (for the candidate lines)")
            ),
        ),
    )
)
