"""The insufficient-bid wizard (Laws 27, 23A, 25A, 26, 37): its report, facts and walk.

The recorded auction holds the insufficient bid (the bridge model reads it, see
``td_assist.bridge.auction.InsufficientBid``), so the record settles who made it, who
may accept it, whether LHO's next call accepted it, the offender's replacement, the
lowest sufficient bid in its strain, whether the barred partner called later, and the
contract and declarer of the legal auction (a withdrawn call never names a strain).
The TD's ``accepted`` answer forces the reading when the calls allow both. The TD is
asked only what the Laws leave to judgment: what the calls meant, comparability
(Law 23A) and damage (Law 27D).

A record puts every call in turn, so it cannot show a bid made out of rotation; the TD
says so (``whose_turn``, or the seat tapped before the call: ``W:1H``), the offender is
then the player who really bid, and Laws 29 and 31 rule before Law 27 does (Law 27A2):
the ruling is handed to the call-out-of-rotation wizard through the registry.

The package: ``report`` (the report, the situation, ``gather``), ``facts`` (the tree's facts),
``rectification`` (the ruling's fields and words), ``law_27d`` (the Law 27D adjusted
score); here the ruling itself, the hand-on to the call-out-of-rotation wizard and the
registry entry.
"""

from __future__ import annotations

from typing import get_args

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import N_, _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    PendingQuestion,
    Ruling,
)
from td_assist.rulings.engine.registry import (
    AnswerHelp,
    Wizard,
    get_tree,
    hand_on,
    register,
    walk_wizard,
)
from td_assist.rulings.engine.walk import (
    AnswerError,
    Mode,
    fill_walk,
    outcome_ruling,
    pending_ruling,
    routed_answers,
)
from td_assist.rulings.procedures.tricks_and_scores import side_name
from td_assist.rulings.wizards.insufficient_bid.facts import FACTS
from td_assist.rulings.wizards.insufficient_bid.law_27d import law_27d_score
from td_assist.rulings.wizards.insufficient_bid.rectification import (
    adjustment_words,
    lead_text,
    rectify,
)
from td_assist.rulings.wizards.insufficient_bid.report import (
    NAME,
    OLDER_NAMES,
    OUT_OF_ROTATION_ANSWERS,
    OUT_OF_ROTATION_WIZARD,
    ROUTED_ANSWERS,
    InsufficientBidReport,
    Situation,
    TurnAnswer,
    call_index_answer,
    gather,
    turn_answer,
)


def normalise_answers(answers: dict[str, str]) -> dict[str, str]:
    return routed_answers(answers, ROUTED_ANSWERS)


def _values(s: Situation) -> dict[str, object]:
    offender = s.offender
    holder = s.turn_holder
    shown = s.attempted if s.attempted is not None else s.replacement
    lowest = s.bid.lowest_sufficient
    return {
        "offender": offender.name_full,
        "offender_partner": offender.partner.name_full,
        "lho": offender.lho.name_full,
        "rho": offender.rho.name_full,
        "turn_holder": holder.name_full,
        "partner_lho": offender.partner.lho.name_full,
        "insufficient_bid": str(s.bid.bid),
        "replacement": str(shown) if shown is not None else _("the replacement"),
        "lowest_same": str(lowest) if lowest else _("none: it would be above the 7 level"),
        "offenders": side_name(offender.side),
        "non_offenders": side_name(offender.side.other),
    }


def _ask_replacement(s: Situation) -> PendingQuestion:
    legal = [str(c) for c in s.before.legal_calls()]
    return PendingQuestion(
        node="replacement",
        prompt=_("Which legal call did {offender} make in place of {bid}?").format(
            offender=s.offender.name_full, bid=s.bid.bid
        ),
        kind="question",
        laws=["27B"],
        help=_(
            "If he first tried a double, a redouble or another insufficient bid, that "
            "attempt counts too: give it as the call he tried first."
        ),
        choices=[{"value": c, "label": c} for c in legal],
    )


def rule_insufficient_bid(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    reported = report if isinstance(report, InsufficientBidReport) else None
    said = answers.get("whose_turn")
    if said is not None and said not in get_args(TurnAnswer):
        raise AnswerError(
            _("{given} is not whose turn it was: answer own, rho, partner or lho").format(
                given=shown(said[:20])
            ),
            where="answer whose_turn",
        )
    if turn_answer(answers) != "own":
        return _hand_on_out_of_rotation(board, reported, answers, mode)
    situation = gather(board, reported, answers)
    if mode == "step" and said is None and answers.get("usual") != "yes":
        return pending_ruling(NAME, [], _ask_whose_turn(situation))
    values = _values(situation)
    normal = normalise_answers(answers)
    if normal.get("unintended") == "yes":
        _check_not_too_late_to_substitute(situation)
    result = walk_wizard(WIZARD, situation.board, reported, normal, mode, focus=situation)
    fill_walk(result, values)
    if result.pending is not None:
        pending = result.pending
        if pending.node == "attempted" and situation.replacement is None:
            pending = _ask_replacement(situation)
        return pending_ruling(NAME, result.steps, pending)
    if result.outcome is None:
        raise RecordError(_("the ruling has no outcome"))
    adjustment = None
    if result.outcome == "adjusted_27d":
        adjustment = law_27d_score(situation.board, situation.offender, answers)
        if not adjustment.adjusted:  # no damage after all (Law 12B1): no rectification
            path = {step.node for step in result.steps}
            lowest = "damaged_lowest" in path
            result.outcome = "lowest_same_denomination" if lowest else "comparable_call"
    rect = rectify(situation, result)
    text_values = {
        **values,
        "replacement": rect.replacement or values["replacement"],
        "attempted": rect.attempted_replacement or values["replacement"],
    }
    return outcome_ruling(
        NAME,
        get_tree(NAME),
        result,
        text_values,
        rectification=rect,
        adjustment=adjustment,
        extra_text="\n\n".join(
            t
            for t in (
                lead_text(
                    rect,
                    judged=situation.specified is not None or normal.get("artificial") != "yes",
                ),
                adjustment_words(adjustment),
            )
            if t
        ),
    )


def _ask_whose_turn(s: Situation) -> PendingQuestion:
    """Law 27A2, asked first at the table: a record gives every call to the player whose
    turn it was, so only the TD can say the bid came from another seat."""
    holder, bid = s.turn_holder, s.bid.bid
    names = {
        "holder": holder.name_full,
        "lho": holder.lho.name_full,
        "partner": holder.partner.name_full,
        "rho": holder.rho.name_full,
        "bid": bid,
    }
    return PendingQuestion(
        node="whose_turn",
        prompt=_(
            "Did {holder} bid {bid} at his own turn, or did another player bid it out of rotation?"
        ).format(**names),
        kind="question",
        laws=["27A2", "29A", "31"],
        help=_(
            "A recorded auction puts every call in turn, so the record gives {bid} to "
            "{holder}, whose turn it was. An insufficient bid made out of rotation is ruled "
            "as a call out of rotation first (Law 27A2): the call-out-of-rotation wizard "
            "rules it."
        ).format(**names),
        choices=[
            {"value": "own", "label": _("{holder} bid it, at his own turn").format(**names)},
            {
                "value": "rho",
                "label": _("{lho} bid it, before {holder} had called (at his RHO's turn)").format(
                    **names
                ),
            },
            {
                "value": "partner",
                "label": _("{partner} bid it, at his partner's turn").format(**names),
            },
            {
                "value": "lho",
                "label": _("{rho} bid it, at his LHO's turn").format(**names),
            },
        ],
        default="own",
    )


def _hand_on_out_of_rotation(
    board: Board | None,
    report: InsufficientBidReport | None,
    answers: dict[str, str],
    mode: Mode,
) -> Ruling:
    """Law 27A2: an insufficient bid out of rotation is ruled by Laws 29-31 first, by the
    call-out-of-rotation wizard. The record gives the bid to the player whose turn it
    was; ``whose_turn`` says who really made it."""
    situation = gather(board, report, answers)
    handed: dict[str, str] = {}
    for ours, theirs in OUT_OF_ROTATION_ANSWERS.items():
        if ours in answers:
            handed.setdefault(theirs, answers[ours])
    irregularity = {
        "kind": "call_out_of_rotation",
        "call_index": situation.bid.call_index,
        "offender": situation.offender.value,
    }
    return hand_on(OUT_OF_ROTATION_WIZARD, situation.board, irregularity, handed, mode)


def _check_not_too_late_to_substitute(s: Situation) -> None:
    """Law 25A4: once the offender's partner has called, an unintended call can no
    longer be replaced. A replacement recorded straight after the bid may be the
    substitution itself; a call by partner over the bid left standing is too late."""
    if not s.bid.accepted:
        return
    partner = s.offender.partner
    for index in range(s.bid.call_index, len(s.auction.calls)):
        if s.auction.seats[index] is partner:
            raise AnswerError(
                _(
                    "Law 25A4: {partner} has called since {offender}'s {bid} (call {number}), "
                    "so it is too late to replace it as an unintended call; answer unintended=no"
                ).format(
                    partner=partner.name_full,
                    offender=s.offender.name_full,
                    bid=s.bid.bid,
                    number=index + 1,
                ),
                where="answer unintended",
            )


def board_as_ruled(board: Board, answers: dict[str, str]) -> Board:
    """The record read as the TD found it: the first insufficient bid accepted or not."""
    bids = board.insufficient_bids
    if answers.get("accepted") not in ("yes", "no") or not bids or turn_answer(answers) != "own":
        return board
    try:
        index = call_index_answer(answers) or bids[0].call_index
    except RecordError:
        return board
    return board.with_insufficient_reading(index, answers["accepted"] == "yes")


WIZARD = register(
    Wizard(
        name=NAME,
        title="Insufficient bid",
        laws="Laws 27, 23, 26, 31, 37",
        kind="insufficient_bid",
        rule=rule_insufficient_bid,
        board_as_ruled=board_as_ruled,
        facts=FACTS,
        starts_from_auction=True,
        computations=frozenset({"insufficient_bid"}),
        hands_on_to=(OUT_OF_ROTATION_WIZARD,),
        answers=(
            AnswerHelp(
                "whose_turn",
                N_(
                    "(TD)  Law 27A2: who bid, seen from the player whose turn the record gives "
                    "it to: own (in turn), rho, partner or lho; out of rotation, the "
                    "call-out-of-rotation wizard rules it"
                ),
            ),
            AnswerHelp(
                "accepted",
                N_(
                    "(TD)  Did LHO accept the insufficient bid (or the bid out of rotation)  "
                    "[yes | no]"
                ),
            ),
            AnswerHelp(
                "call_index",
                N_(
                    "(TD)  Which call of the auction was insufficient (1-based); the first "
                    "insufficient bid when not given"
                ),
            ),
            AnswerHelp(
                "replacement", N_("(TD)  The offender's legal call in its place  [e.g. 2H, P]")
            ),
            AnswerHelp(
                "attempted_replacement",
                N_("(TD)  An illegal call tried first: a double, redouble or insufficient bid"),
            ),
            AnswerHelp(
                "specified_suits",
                N_(
                    "(TD)  Law 26B: the suits the offender's legal calls specified, when a call "
                    "was artificial  [e.g. SH, or none]"
                ),
            ),
            AnswerHelp("damaged", N_("(TD)  Law 27D: non-offenders damaged  [yes | no]")),
            AnswerHelp(
                "results",
                N_(
                    "(TD)  Law 27D probable results: contract declarer tricks weight; ... "
                    "[e.g. 4S S 10 0.6; 3S S 9 0.4]"
                ),
            ),
            AnswerHelp("comparison", N_("(TD)  Law 27D, teams: NS points at the other table")),
            AnswerHelp(
                "traveller", N_("(TD)  Law 27D, pairs: the other NS scores, comma-separated")
            ),
            AnswerHelp(
                "serious_error",
                N_(
                    "(TD)  Law 12C1(e): the non-offenders added to their damage by a serious "
                    "error  [yes | no]"
                ),
            ),
            AnswerHelp(
                "result_without_error",
                N_('(TD)  Law 12C1(e): the result without the non-offenders\' error, "4SX E 8"'),
            ),
            AnswerHelp(
                "barred_partner_called", N_("(TD)  The barred partner bid, doubled or redoubled")
            ),
            *(
                AnswerHelp(
                    name,
                    N_("(TD)  Older name of {answer}, for a bid out of rotation"),
                    words=(("answer", OUT_OF_ROTATION_ANSWERS[name]),),
                )
                for name in OLDER_NAMES
            ),
        ),
        placeholder_words={
            "offender": "the offender",
            "offender_partner": "the offender's partner",
            "lho": "the offender's LHO",
            "rho": "the offender's RHO",
            "turn_holder": "the player whose turn it was",
            "partner_lho": "the barred player's LHO",
            "insufficient_bid": "the insufficient bid",
            "replacement": "the replacement",
            "lowest_same": "from the record",
            "offenders": "the offending side",
            "non_offenders": "the non-offending side",
        },
        notes=(
            N_(
                "The irregularity in a .json request: "
                '{"kind": "insufficient_bid", "call_index": 2} '
                "(1-based in the recorded auction; the first insufficient bid when left out). "
                "Law 27D scores are Law 12C scores: each result is scored, then IMPed or "
                "matchpointed, then weighted; the Law 12C1(e) method is set in settings.toml."
            )
        ),
    )
)
