"""Reading the claim: who claimed what before which trick, from the report, the record
and the TD's answers, and the cards left at the claim."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat, Side, Suit
from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.play import Play
from td_assist.i18n import _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    PendingQuestion,
    ReportSeat,
    Step,
    irregularity_kind,
)
from td_assist.rulings.engine.walk import AnswerError, td_step
from td_assist.rulings.procedures.table_roles import seat_answer

CARDS_LEFT = "cards_left"
CARDS_PLAYED = "cards_played"
WON_BEFORE = "tricks_won_before_claim"


MAX_STATEMENT = 2000  # characters: as the report's field


@irregularity_kind
class ClaimReport(IrregularityReport):
    """Who claimed, before which trick, how many of the tricks left, and what he said."""

    kind: Literal["claim"] = "claim"
    claimer: ReportSeat = None
    trick: int | None = Field(default=None, ge=1, le=13)
    claimed: int | None = Field(default=None, ge=0, le=13)
    statement: str = Field(default="", max_length=2000)
    stated_total: int | None = Field(default=None, ge=0, le=13)


@dataclass
class ClaimSituation:
    board: Board | None
    claimer: Seat
    trick: int
    claimed: int
    statement: str
    stated_total: int | None
    won_before: int | None  # declarer's side, before the claim
    hands: dict[Seat, list[Card]] | None  # the cards left at the claim
    on_lead: Seat | None
    played_on: bool  # the record holds cards played after the claim
    on_lead_assumed: bool = False
    steps: list[Step] = field(default_factory=list)

    @property
    def remaining(self) -> int:
        return 14 - self.trick

    @property
    def side(self) -> Side:
        return self.claimer.side

    @property
    def declarer(self) -> Seat | None:
        return self.board.declarer_seat if self.board is not None else None

    @property
    def trump(self) -> Suit | None:
        contract = self.board.contract_obj if self.board is not None else None
        strain = contract.strain if contract is not None else None
        return strain.suit if strain is not None else None

    def is_defender(self) -> bool | None:
        declarer = self.declarer
        return None if declarer is None else self.claimer.side is not declarer.side

    def declarer_total(self, to_claimers: int) -> int | None:
        """Declarer's total when the claiming side wins ``to_claimers`` of the tricks left."""
        declarer = self.declarer
        if declarer is None or self.won_before is None:
            return None
        mine = to_claimers if self.claimer.side is declarer.side else self.remaining - to_claimers
        return self.won_before + mine


def _sorted(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda card: card.sort_key)


def int_answer(answers: dict[str, str], name: str, low: int, high: int) -> int | None:
    if name not in answers:
        return None
    text = answers[name].strip()
    try:
        value = int(text)
    except ValueError:
        raise AnswerError(
            _("{value} is not a whole number").format(value=shown(text)),
            where=_("answer {name}").format(name=name),
        ) from None
    if not low <= value <= high:
        raise AnswerError(
            _("{value} is outside {low} to {high}").format(value=value, low=low, high=high),
            where=_("answer {name}").format(name=name),
        )
    return value


def _cards_answer(text: str, name: str) -> set[Card]:
    cards: set[Card] = set()
    for token in text.replace(",", " ").split()[:60]:
        try:
            cards.add(Card.parse(token))
        except RecordError as error:
            raise AnswerError(error.problem, where=_("answer {name}").format(name=name)) from None
    return cards


def _seat_choices(board: Board | None) -> list[dict[str, str]]:
    declarer = board.declarer_seat if board is not None else None
    choices = []
    for seat in Seat:
        label = seat.name_full
        if declarer is not None and seat is declarer:
            label = _("{seat} (declarer)").format(seat=seat.name_full)
        elif declarer is not None and seat is declarer.partner:
            label = _("{seat} (dummy)").format(seat=seat.name_full)
        choices.append({"value": seat.value, "label": label})
    return choices


def _record_trick(board: Board | None) -> int | None:
    """The claim's trick from the record: after the last complete trick, when the play
    stops short of the end (a record with a claim, LIN ``mc``)."""
    play = board.play_obj if board is not None else None
    if board is None or play is None or play.is_finished:
        return None
    if play.tricks and not play.tricks[-1].is_complete:
        return None
    return len(play.tricks) + 1


def gather(
    board: Board | None, report: ClaimReport | None, answers: dict[str, str]
) -> ClaimSituation | PendingQuestion:
    """The claim's facts from the report, the record and the TD's answers; a question
    when one is missing (the tablet asks them one by one)."""
    report = report or ClaimReport()
    steps: list[Step] = []
    claimer = (
        seat_answer(answers["claimer"], "claimer") if "claimer" in answers else None
    ) or report.claimer
    if "claimer" in answers and claimer is not None:
        steps.append(td_step("claimer", _("Who claimed or conceded?"), claimer.name_full, []))
    if claimer is None:
        return PendingQuestion(
            node="claimer",
            prompt=_("Who claimed or conceded?"),
            help=_("A defender conceding tricks is a claimer of none of them."),
            kind="question",
            laws=["68A", "68B1"],
            choices=_seat_choices(board),
        )
    play = board.play_obj if board is not None else None
    deal = board.deal_obj if board is not None else None
    hands: dict[Seat, list[Card]] | None = None
    trick = int_answer(answers, "trick", 1, 13) or report.trick
    if "trick" in answers:
        steps.append(td_step("trick", _("Before which trick did the claim come?"), str(trick), []))
    if trick is None:
        trick = _record_trick(board)
    if trick is None and play is None and deal is not None and deal.is_complete:
        marked = _marked_hands(board, answers, None)
        if marked is not None:
            hands = marked
            trick = 14 - len(next(iter(marked.values())))
    if trick is None:
        if deal is not None and deal.is_complete and play is None:
            return _cards_question(board)
        return PendingQuestion(
            node="trick",
            prompt=_("Before which trick did the claim come?"),
            kind="number",
            laws=["68A"],
            minimum=1,
            maximum=13,
        )
    played_on = False
    if play is not None:
        before = 4 * (trick - 1)
        if len(play.cards) < before:
            raise RecordError(
                _(
                    "the claim came before trick {trick}, but the record's play ends at trick "
                    "{last}"
                ).format(trick=trick, last=-(-len(play.cards) // 4)),
                where=_("irregularity {field}").format(field="trick")
                if "trick" not in answers
                else _("answer {name}").format(name="trick"),
            )
        if before < len(play.cards) < 52:
            raise RecordError(
                _(
                    "the record holds cards of trick {trick}, which the claim came before: give "
                    "the trick the claim came before, or the play up to the claim (or all of it "
                    "when play went on)"
                ).format(trick=trick),
                where=_("irregularity {field}").format(field="trick")
                if "trick" not in answers
                else _("answer {name}").format(name="trick"),
            )
        played_on = len(play.cards) > before
    remaining = 14 - trick
    claimed = int_answer(answers, "claimed", 0, remaining)
    if claimed is not None:
        steps.append(
            td_step("claimed", _("How many of the tricks left did he claim?"), str(claimed), [])
        )
    else:
        claimed = report.claimed
        if claimed is None and board is not None and board.claim is not None and play is not None:
            claimed = _claimed_from_record(board, claimer, trick)
    if claimed is None:
        return PendingQuestion(
            node="claimed",
            prompt=_(
                "Of the {remaining} tricks left, how many did {claimer}'s side claim? "
                "(A concession of all of them: 0.)"
            ).format(remaining=remaining, claimer=claimer.name_full),
            kind="number",
            laws=["68A", "68B1"],
            minimum=0,
            maximum=remaining,
        )
    if claimed > remaining:
        raise RecordError(
            _(
                "{claimed} tricks claimed, but only {remaining} were left before trick {trick}"
            ).format(claimed=claimed, remaining=remaining, trick=trick),
            where=_("irregularity {field}").format(field="claimed")
            if "claimed" not in answers
            else _("answer {name}").format(name="claimed"),
        )
    statement = answers.get("statement", report.statement).strip()
    if len(statement) > MAX_STATEMENT:
        raise AnswerError(
            _("the statement is {length} characters long; at most {most} are kept").format(
                length=len(statement), most=MAX_STATEMENT
            ),
            where=_("answer {name}").format(name="statement"),
        )
    if statement.lower() == "skip":
        statement = ""
    if "statement" in answers:
        steps.append(
            td_step(
                "statement", _("What did the claimer say?"), statement or _("No line stated"), []
            )
        )
    elif not report.statement:
        return PendingQuestion(
            node="statement",
            prompt=_("What did the claimer say, word for word (the line and the order of play)?"),
            help=_(
                "Law 68C: the claimer should state at once how he will play. Have him repeat it "
                "(Law 70B1); do not let him improve it."
            ),
            kind="text",
            laws=["68C", "70B1"],
            optional=True,
            skip_label=_("No line stated"),
        )
    stated_total = int_answer(answers, "stated_total", 0, 13)
    if stated_total is None:
        stated_total = report.stated_total
    won_before: int | None = None
    on_lead: Seat | None = None
    if play is not None and board is not None and board.declarer_seat is not None:
        hands = {seat: _sorted(play.holding(seat, trick)) for seat in Seat}
        won_before = _won_before(play, board.declarer_seat.side, trick)
        on_lead = play.leader_of(trick)
    elif deal is not None and deal.is_complete:
        hands = hands or _marked_hands(board, answers, trick)
        if hands is None:
            return _cards_question(board)
    if won_before is None:
        won_before = int_answer(answers, WON_BEFORE, 0, trick - 1)
        if won_before is None and trick == 1:
            won_before = 0
        if won_before is None:
            return PendingQuestion(
                node=WON_BEFORE,
                prompt=_("How many of the {played} tricks played had declarer's side won?").format(
                    played=trick - 1
                ),
                kind="number",
                laws=["68A"],
                minimum=0,
                maximum=trick - 1,
            )
        steps.append(
            td_step(
                WON_BEFORE,
                _("Tricks declarer's side had won before the claim"),
                str(won_before),
                [],
            )
        )
    answered_lead = seat_answer(answers["on_lead"], "on_lead") if "on_lead" in answers else None
    assumed = False
    if answered_lead is not None:
        on_lead = answered_lead
    elif on_lead is None:
        on_lead, assumed = claimer, True
    return ClaimSituation(
        board,
        claimer,
        trick,
        claimed,
        statement,
        stated_total,
        won_before,
        hands,
        on_lead,
        played_on,
        on_lead_assumed=assumed,
        steps=steps,
    )


def _won_before(play: Play, side: Side, trick: int) -> int:
    """The tricks ``side`` won before ``trick``."""
    return play.tricks_won_by(side) - play.tricks_won_by(side, from_trick=trick)


def _claimed_from_record(board: Board, claimer: Seat, trick: int) -> int | None:
    """The claiming side's share of the tricks left, from a record's claim (declarer's
    total, LIN ``mc``)."""
    play, declarer = board.play_obj, board.declarer_seat
    if play is None or declarer is None or board.claim is None:
        return None
    to_declarer = board.claim - _won_before(play, declarer.side, trick)
    remaining = 14 - trick
    if not 0 <= to_declarer <= remaining:
        return None
    return to_declarer if claimer.side is declarer.side else remaining - to_declarer


def _cards_question(board: Board | None) -> PendingQuestion:
    return PendingQuestion(
        node=CARDS_LEFT,
        prompt=_(
            "Mark on the hand record the cards each player still held at the claim, or the "
            "cards played before it, whichever are fewer."
        ),
        help=_(
            "The cards left show the position the claim is ruled on. Typed, give the cards "
            'all four players still held, "SA SK H2 ..."; to mark the cards played instead, '
            "use the diagram."
        ),
        kind="text",
        laws=["70B3"],
    )


def _marked_hands(
    board: Board | None, answers: dict[str, str], trick: int | None
) -> dict[Seat, list[Card]] | None:
    """The cards left, from the TD's ``cards_left`` or ``cards_played``, checked against
    the deal: every hand the same size, and (when known) 14 - trick cards each."""
    deal = board.deal_obj if board is not None else None
    if deal is None:
        return None
    if CARDS_LEFT in answers:
        name = CARDS_LEFT
        left = _cards_answer(answers[name], name)
    elif CARDS_PLAYED in answers:
        name = CARDS_PLAYED
        played = _cards_answer(answers[name], name)
        left = {c for seat in Seat for c in deal.hand(seat).cards} - played
    else:
        return None
    hands = {seat: _sorted(c for c in deal.hand(seat).cards if c in left) for seat in Seat}
    sizes = {seat: len(cards) for seat, cards in hands.items()}
    if len(set(sizes.values())) != 1 or not sizes[Seat.N]:
        counts = ", ".join(f"{seat.name_full} {n}" for seat, n in sizes.items())
        raise AnswerError(
            _(
                "every player holds the same number of cards at a claim, at least one; these "
                "marks leave {counts}"
            ).format(counts=counts),
            where=_("answer {name}").format(name=name),
        )
    if trick is not None and sizes[Seat.N] != 14 - trick:
        raise AnswerError(
            _("before trick {trick} each player holds {left} cards, not {marked}").format(
                trick=trick, left=14 - trick, marked=sizes[Seat.N]
            ),
            where=_("answer {name}").format(name=name),
        )
    return hands
