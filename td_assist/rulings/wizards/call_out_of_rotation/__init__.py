"""The call-out-of-rotation wizard (Laws 28-32, with 16C, 23, 25, 26 and 36).

The record holds every call in the order it was made, the call out of rotation where
it was made (``call_index``, 1-based); the irregularity (or the seat prefix of the
``auction`` answer, ``W:1H``) names the offender. From the calls before it the wizard
knows whose turn it was. The calls after it are read two ways: accepted (Law 29A: the
call stands and the auction goes on from the offender's LHO) and cancelled (Law 29B or
28B: the call is gone and the player whose turn it was calls). Where only one reading
fits the record, the record answers ``accepted``; otherwise the table says.

Numbers in the rectification (``partner_pass_at``, ``offender_pass_at``,
``offender_call_at``) count the calls of the record as made, the cancelled call
included, as ``call_index`` does.

In the 2017 Laws every bar of Laws 30-32 lasts one turn ("when next it is his turn to
call"): ``partner_barred`` is ``once`` or ``none`` here, never ``whole_auction``.

The package: ``report`` (the report, the situation, ``gather``), ``facts`` (the tree's
facts), ``rectification`` (the ruling's fields and words); here the ruling itself,
``board_as_ruled`` and the registry entry.
"""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.i18n import N_, _
from td_assist.rulings.engine.model import IrregularityReport, Ruling
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register, walk_wizard
from td_assist.rulings.engine.walk import (
    AnswerError,
    Mode,
    fill_walk,
    outcome_ruling,
    pending_ruling,
    routed_answers,
)
from td_assist.rulings.procedures.lead_restrictions import (
    law_26b_text,
)
from td_assist.rulings.wizards.call_out_of_rotation.facts import FACTS
from td_assist.rulings.wizards.call_out_of_rotation.rectification import (
    barred_pass_text,
    outcome_values,
    rectify,
    ruled_contract_text,
)
from td_assist.rulings.wizards.call_out_of_rotation.report import (
    NAME,
    ROUTED_ANSWERS,
    CallOutOfRotationReport,
    gather,
)


def normalise_answers(answers: dict[str, str]) -> dict[str, str]:
    return routed_answers(answers, ROUTED_ANSWERS)


def rule_call_out_of_rotation(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    reported = report if isinstance(report, CallOutOfRotationReport) else None
    situation = gather(board, reported, answers)
    values = outcome_values(situation)
    normal = normalise_answers(answers)
    if normal.get("accepted") == "yes" and situation.turn == "lho_first":
        raise AnswerError(
            _(
                "it was {lho}'s own turn: his call is made in turn and cannot accept the "
                "call out of rotation (Law 28B); answer called_before_ruling"
            ).format(lho=situation.offender.lho.name_full),
            where="answer accepted",
        )
    result = walk_wizard(WIZARD, situation.board, reported, normal, mode, focus=situation)
    fill_walk(result, values)
    if result.pending is not None:
        return pending_ruling(NAME, result.steps, pending=result.pending)
    outcome = result.outcome
    if outcome is None:
        raise RecordError("the ruling has no outcome")
    if (
        outcome == "accepted_29a"
        and situation.recorded_after
        and situation.accepted_reading is None
    ):
        raise RecordError(
            _("the calls after {call} cannot be read with it standing").format(call=situation.call),
            where="answer accepted",
        )
    rect = rectify(situation, outcome)
    if rect.partner_pass_at is not None:
        values["partner_pass_words"] = _(" (call {number} of the auction)").format(
            number=rect.partner_pass_at
        )
    if rect.offender_pass_at is not None:
        values["offender_pass_words"] = _(" (call {number} of the auction)").format(
            number=rect.offender_pass_at
        )
    lead = ""
    if rect.lead_restrictions and rect.restricted_leader is not None:
        play = situation.board.play_obj if situation.board.deal else None
        first = (
            str(play.tricks[0].cards[0]) if play and play.tricks and play.tricks[0].cards else None
        )
        lead = law_26b_text(
            situation.offender,
            rect.restricted_leader,
            rect.forbid_suits,
            rect.contract if rect.declarer else None,
            rect.declarer,
            opening_lead=first,
            judged=normal.get("artificial_pass") != "yes",
        )
    extra = [barred_pass_text(situation, rect), lead, ruled_contract_text(rect)]
    ruling = outcome_ruling(
        NAME,
        get_tree(NAME),
        result,
        values,
        rectification=rect,
        extra_text="\n\n".join(t for t in extra if t),
    )
    ruling.marked_calls = [situation.call_index]
    return ruling


def board_as_ruled(board: Board, answers: dict[str, str]) -> Board:
    """The record as the pages show it beside the ruling: without the call out of
    rotation once the TD says it was cancelled (the tablet gives ``call_index``)."""
    cancelled = answers.get("accepted") == "no" or answers.get("called_before_ruling") == "yes"
    if not cancelled or not answers.get("call_index"):
        return board
    s = gather(board, None, answers)
    k = s.call_index - 1
    fields = board.model_dump() | {
        "auction": [call for i, call in enumerate(board.auction) if i != k],
        "irregularities": [
            mark for mark in board.irregularities if mark.section != "auction" or mark.index < k
        ],
        "accepted_insufficient": {i: v for i, v in board.accepted_insufficient.items() if i <= k},
        "contract": None,
        "declarer": None,
    }
    return Board.checked(**fields)


WIZARD = register(
    Wizard(
        name=NAME,
        title="Call out of rotation",
        laws="Laws 28-32, 23, 26",
        kind="call_out_of_rotation",
        rule=rule_call_out_of_rotation,
        board_as_ruled=board_as_ruled,
        facts=FACTS,
        starts_from_auction=True,
        computations=frozenset({"call_out_of_rotation"}),
        answers=(
            AnswerHelp(
                "call_index",
                N_("(TD)  Which call of the auction was out of rotation (1-based)"),
            ),
            AnswerHelp(
                "offender",
                N_(
                    "(TD)  Who called out of rotation, when the record gives the call to the "
                    "player whose turn it was  [N | E | S | W]"
                ),
            ),
            AnswerHelp(
                "comparable",
                N_(
                    "(TD)  Law 23A: the offender's call at his own turn is comparable to the "
                    "cancelled call  [yes | no]"
                ),
            ),
            AnswerHelp(
                "called_before_ruling",
                N_(
                    "(TD)  Law 28B: the player whose turn it was called before the Director "
                    "ruled  [yes | no]"
                ),
            ),
            AnswerHelp(
                "artificial_pass",
                N_(
                    "(TD)  Law 30C: the pass out of rotation was artificial (or passed "
                    "partner's artificial call)  [yes | no]"
                ),
            ),
        ),
        placeholder_words={
            "offender": N_("the offender"),
            "offender_partner": N_("the offender's partner"),
            "lho": N_("LHO"),
            "rho": N_("the offender's RHO"),
            "turn_holder": N_("the player whose turn it was"),
            "call": N_("the call out of rotation"),
            "previous_call": N_("his previous call"),
            "skipped_turns": N_("Whoever was passed over has lost that turn."),
            "rectification_law": N_("30, 31 or 32"),
            "offender_call_words": "",
            "comparable_help": N_(
                "Tell the offender, away from the table, which calls would be comparable (Law 23A)."
            ),
            "offenders": N_("the offending side"),
            "non_offenders": N_("the non-offending side"),
            "partner_pass_words": "",
            "offender_pass_words": "",
        },
        notes=(
            N_(
                'The irregularity in a .json request: {"kind": "call_out_of_rotation", '
                '"call_index": 3, "offender": "W"} (1-based in the auction as made, the call '
                "out of rotation where it was made). Numbers in the rectification count the "
                "calls as made, the cancelled call included."
            )
        ),
    )
)
