"""What the TD reported of a lead out of turn, and what the record and his answers
add: who led which card to which trick, whose lead it was."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import LeadOutOfTurn
from td_assist.i18n import _
from td_assist.rulings.engine.deal_checks import trick_answer
from td_assist.rulings.engine.model import (
    IrregularityReport,
    PendingQuestion,
    ReportCard,
    ReportSeat,
    Step,
    irregularity_kind,
)
from td_assist.rulings.engine.walk import AnswerError, td_step
from td_assist.rulings.procedures.penalty_cards import cards_held
from td_assist.rulings.procedures.table_roles import playing_declarer, role_label, seat_answer


@irregularity_kind
class LeadOutOfTurnReport(IrregularityReport):
    """Who led out of turn (dummy's seat when declarer led from dummy), which card, when."""

    kind: Literal["lead_out_of_turn"] = "lead_out_of_turn"
    offender: ReportSeat = None
    card: ReportCard = None
    trick: int | None = Field(default=None, ge=1, le=13)
    faced: bool = True


@dataclass
class Situation:
    board: Board | None
    offender: Seat
    correct_leader: Seat | None
    trick: int | None
    card: Card | None
    faced: bool
    recorded: LeadOutOfTurn | None  # the accepted lead as the record shows it

    @property
    def declarer(self) -> Seat | None:
        """Declarer when the lead was made: after an opening lead on which he spread his
        hand (Law 54A), his partner plays the hand for every later trick."""
        if self.board is None:
            return None
        if self.trick == 1:
            return self.board.declarer_seat
        return playing_declarer(self.board)

    @property
    def spread_in_record(self) -> bool:
        """The record marks Law 54A: declarer spread his hand and became dummy."""
        board = self.board
        return board is not None and any(
            mark.section == "declarer" and mark.code == "^" for mark in board.irregularities
        )

    def role(self) -> str | None:
        if self.declarer is None:
            return None
        return "declaring_side" if self.offender.side is self.declarer.side else "defender"


def _card_answer(text: str) -> Card:
    try:
        return Card.parse(text)
    except RecordError as error:
        raise AnswerError(error.problem, where=_("answer {name}").format(name="card")) from None


def gather(
    board: Board | None,
    report: LeadOutOfTurnReport | None,
    answers: dict[str, str],
    steps: list[Step],
) -> Situation | PendingQuestion:
    """The report, the record's accepted lead and the TD's answers; a question if due."""
    report = report or LeadOutOfTurnReport()
    play = board.play_obj if board is not None else None
    recorded: LeadOutOfTurn | None = None
    wanted_trick = trick_answer(answers["trick"]) if "trick" in answers else report.trick
    wanted_offender = (
        seat_answer(answers["offender"], "offender") if "offender" in answers else report.offender
    )
    if play is not None:
        for lead in play.leads_out_of_turn:
            if wanted_trick in (None, lead.trick) and wanted_offender in (None, lead.offender):
                recorded = lead
                break
    offender = report.offender or (recorded.offender if recorded else None)
    if "offender" in answers:
        offender = seat_answer(answers["offender"], "offender")
        steps.append(td_step("offender", _("Who led out of turn?"), offender.name_full, []))
    if offender is None:
        return PendingQuestion(
            node="offender",
            prompt=_("Who led out of turn? (Dummy's seat when declarer led from dummy.)"),
            kind="question",
            laws=["53A"],
            choices=[{"value": s.value, "label": role_label(board, s)} for s in Seat],
        )
    trick = report.trick or (recorded.trick if recorded else None)
    if "trick" in answers:
        trick = trick_answer(answers["trick"])
        steps.append(td_step("trick", _("At which trick?"), str(trick), []))
    if trick is None:
        return PendingQuestion(
            node="trick",
            prompt=_("To which trick did he lead?"),
            kind="number",
            laws=["53A"],
            minimum=1,
            maximum=13,
        )
    card = Card.parse(report.card) if report.card else (recorded.card if recorded else None)
    if "card" in answers:
        card = _card_answer(answers["card"])
        steps.append(td_step("card", _("Which card?"), card.pretty, []))
    held = cards_held(board, offender, trick) if recorded is None else []
    if card is None and held:
        return PendingQuestion(
            node="card",
            prompt=_("Which card did {offender} lead?").format(offender=offender.name_full),
            kind="question",
            laws=["53A"],
            choices=[{"value": str(c), "label": c.pretty} for c in held],
        )
    if card is not None and held and card not in held:
        raise RecordError(
            _("{offender} does not hold {card} at trick {trick}").format(
                offender=offender.name_full, card=card.pretty, trick=trick
            ),
            where=_("answer {name}").format(name="card")
            if "card" in answers
            else _("irregularity {field}").format(field="card"),
        )
    correct = recorded.correct_leader if recorded else None
    declarer = board.declarer_seat if board is not None else None
    if correct is None and trick == 1 and declarer is not None:
        correct = declarer.lho
    if correct is None and play is not None and trick <= len(play.tricks) + 1:
        correct = play.leader_of(trick)
    if "correct_leader" in answers:
        correct = seat_answer(answers["correct_leader"], "correct_leader")
        steps.append(td_step("correct_leader", _("Whose lead was it?"), correct.name_full, []))
    if correct is None:
        return PendingQuestion(
            node="correct_leader",
            prompt=_("Whose lead was it?"),
            kind="question",
            laws=["53A"],
            choices=[
                {"value": s.value, "label": role_label(board, s)} for s in Seat if s is not offender
            ],
        )
    if correct is offender:
        # The player whose lead it was led: there is nothing to rule under Laws 53-56, and
        # ruling as if there were would give declarer choices the Laws never give him.
        raise _not_out_of_turn(
            offender,
            trick,
            correct_from_td="correct_leader" in answers,
            offender_from_td="offender" in answers,
            opening=trick == 1 and "correct_leader" not in answers,
        )
    return Situation(board, offender, correct, trick, card, report.faced, recorded)


def _not_out_of_turn(
    offender: Seat, trick: int, *, correct_from_td: bool, offender_from_td: bool, opening: bool
) -> AnswerError:
    """The error for a reported lead by the player whose lead it was, naming what to fix:
    the answer that made him the leader, or else the reported offender."""
    why = _(" (the opening lead is declarer's left-hand opponent's)") if opening else ""
    fix = _("give the seat of the player who led out of turn")
    if correct_from_td:
        where, fix = _("answer correct_leader"), _("give the seat of the player whose lead it was")
    elif offender_from_td:
        where = _("answer {name}").format(name="offender")
    else:
        where = _("irregularity {field}").format(field="offender")
    return AnswerError(
        _(
            "{offender} was the player to lead to trick {trick}{why}, so "
            "his lead was not out of turn (Law 53); {fix}"
        ).format(offender=offender.name_full, trick=trick, why=why, fix=fix),
        where=where,
    )
