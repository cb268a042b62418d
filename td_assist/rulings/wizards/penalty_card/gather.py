"""Report, answers and record read into a ``Situation`` before the walk: whose card,
which, at which trick; on the tablet each missing one is asked first.
"""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.deal_checks import trick_answer
from td_assist.rulings.engine.model import (
    PendingQuestion,
    Step,
)
from td_assist.rulings.engine.walk import Mode, td_step
from td_assist.rulings.procedures.named_cards import (
    ask_more_cards,
    card_names,
    cards_answer,
    check_held,
    whose_card,
)
from td_assist.rulings.procedures.penalty_cards import (
    DESIGNATED,
    cards_held,
)
from td_assist.rulings.procedures.table_roles import playing_declarer, role_label
from td_assist.rulings.wizards.penalty_card.report import (
    ALL_SUITS,
    PenaltyCardReport,
    Situation,
)
from td_assist.rulings.wizards.penalty_card.tracking import (
    check_all_forbidden,
    exposure_timing,
    single_suit,
    trace_with_later_choices,
)


def gather(
    board: Board | None,
    report: PenaltyCardReport | None,
    answers: dict[str, str],
    mode: Mode,
    steps: list[Step],
) -> Situation | PendingQuestion:
    """The facts of the report, completed by the TD's answers; a question when one is due.

    Each answer used is added to ``steps``, so the path shows it.
    """
    report = report or PenaltyCardReport()
    offender = whose_card(
        report.offender,
        answers,
        steps,
        laws=["48A", "49"],
        seat_label=lambda s: role_label(board, s),
    )
    if isinstance(offender, PendingQuestion):
        return offender
    play = board.play_obj if board is not None else None
    declaring = board is not None and board.declarer_seat in (offender, offender.partner)
    trick = report.trick
    if "trick" in answers:
        trick = trick_answer(answers["trick"])
        steps.append(td_step("trick", _("At which trick was it exposed?"), str(trick)))
    if trick is None and play is not None and not declaring:
        return PendingQuestion(
            node="trick",
            prompt=_("At which trick was the card exposed?"),
            kind="number",
            laws=["50D1a"],
            help=_("The record holds the play: the wizard follows the penalty card from there."),
            minimum=1,
            maximum=min(13, len(play.tricks) + 1),
        )
    cards = [Card.parse(c) for c in report.cards]
    if "cards" in answers:
        cards = cards_answer(answers["cards"], "answer cards")
        steps.append(td_step("cards", _("Which card was exposed?"), card_names(cards)))
    held = [] if declaring else cards_held(board, offender, trick)
    if not cards and held:
        return PendingQuestion(
            node="cards",
            prompt=_("Which card of {offender}'s was exposed?").format(offender=offender.name_full),
            kind="question",
            laws=["49"],
            choices=[{"value": str(c), "label": c.pretty} for c in held],
        )
    if "cards" in answers and held and mode == "step":
        pending = ask_more_cards(
            held,
            cards,
            answers,
            steps,
            prompt=_("Was another card of {offender}'s exposed as well?").format(
                offender=offender.name_full
            ),
            laws=["50B", "51"],
            help_text=_("Two or more penalty cards of one defender are all major (Law 50B)."),
        )
        if pending is not None:
            return pending
    check_held(board, offender, cards)
    timing = exposure_timing(board, report, offender, cards, trick, answers, declaring)
    if isinstance(timing, PendingQuestion):
        return timing
    before, before_lead, timing_steps = timing
    steps.extend(timing_steps)
    situation = Situation(
        board=board,
        offender=offender,
        cards=cards,
        trick=trick,
        exposure=answers.get("exposure", report.exposure),
        before_trick=before,
        before_lead=before_lead,
        lead_choice=answers.get("lead_choice"),
        lead_suit=single_suit(answers),
        forbids_all=answers.get("forbid_suit") == ALL_SUITS,
    )
    if situation.forbids_all:
        check_all_forbidden(situation, answers.get("lead_suit", ""))
    complete = board is not None and board.deal_obj is not None and board.deal_obj.is_complete
    # With a hand missing from the deal, what it held (and so what was due) is unknown.
    if play is not None and complete and trick is not None and cards and not declaring:
        declarer = playing_declarer(board)
        pending = trace_with_later_choices(
            situation, play, declarer or offender.lho, answers, mode, steps
        )
        if pending is not None:
            return pending
    designated = sorted(name for name in answers if name.startswith(DESIGNATED))
    if designated and situation.trace is None:
        raise RecordError(
            (
                _(
                    "declarer designates which of a defender's penalty cards is played "
                    "(Law 51A), and the wizard checks it against the recorded play: {seat} is "
                    "of the declaring side, who have no penalty cards (Law 48A)"
                )
                if declaring
                else _(
                    "declarer designates which of a defender's penalty cards is played "
                    "(Law 51A), and the wizard checks it against the recorded play: this "
                    "board has no play record with the full deal"
                )
            ).format(seat=offender.name_full),
            where=f"answer {designated[0]}",
        )
    return situation
