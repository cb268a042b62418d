"""The exposed-card wizard's report, the situation it and the record describe (the
offender's partner's next turn, the end of the auction), and ``gather``, which reads
them before the walk and asks what is missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from td_assist.bridge.auction import Auction, Call, Contract
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    PendingQuestion,
    ReportCards,
    ReportSeat,
    Step,
    irregularity_kind,
)
from td_assist.rulings.engine.walk import (
    AnswerError,
    Mode,
    td_step,
)
from td_assist.rulings.procedures.barred_partner import call_at, next_turn
from td_assist.rulings.procedures.named_cards import (
    MAX_CARDS,
    ask_more_cards,
    card_names,
    cards_answer,
    check_held,
    whose_card,
)
from td_assist.rulings.procedures.penalty_cards import (
    cards_held,
)

NAME = "exposed-card"
MAX_CALL_INDEX = 120  # the table-auction answer's limit on calls
SUIT_ORDER = "SHDC"

Category = Literal[
    "low_card", "honour_or_premature_lead", "two_or_more", "not_seen_by_partner", "before_auction"
]
PassStatus = Literal["passed", "pending", "ended_first", "called"]
EndState = Literal["open", "declaring", "defending", "passed_out"]
PASS_STATUSES: dict[str, PassStatus] = {
    "passed": "passed",
    "pending": "pending",
    "ended_first": "ended_first",
    "called": "called",
}

# Outcomes where the auction has ended with the offender's side declaring or defending.
DEFENDING = {"minor_penalty_card", "offender_leads_penalty_card", "declarer_lead_options"}
LAW_37 = {"barred_call_stands", "barred_call_cancelled"}
CATEGORY_LAW = {"low_card": "24A", "honour_or_premature_lead": "24B", "two_or_more": "24C"}
# The law that applies instead of Law 24, by outcome.
LAWS_INSTEAD = {"before_auction": ["16D1", "16D2"], "not_seen_by_partner": ["74C5", "16A1"]}


@irregularity_kind
class ExposedCardReport(IrregularityReport):
    """What the TD was told: whose cards, which, after how many calls (0: before the first
    call), and whether the card was led face up before the auction had ended."""

    kind: Literal["exposed_card_auction"] = "exposed_card_auction"
    offender: ReportSeat = None
    cards: ReportCards = Field(default_factory=list, max_length=MAX_CARDS)
    call_index: int | None = Field(default=None, ge=0, le=MAX_CALL_INDEX)
    premature_lead: bool = False


@dataclass(frozen=True)
class PartnerTurn:
    """The offender's partner's next turn to call after the exposure."""

    number: int | None  # call number (1-based); None when the auction ended before it
    status: PassStatus | None  # None: the record cannot say
    call: Call | None = None  # what he called there, when recorded


@dataclass
class Situation:
    board: Board | None
    offender: Seat
    cards: list[Card]
    call_index: int
    premature_reported: bool | None

    @property
    def partner(self) -> Seat:
        return self.offender.partner

    @property
    def auction(self) -> Auction | None:
        if self.board is None or not self.board.auction:
            return None
        return self.board.auction_obj

    @property
    def contract(self) -> Contract | None:
        if self.board is None:
            return None
        try:
            return self.board.contract_obj
        except RecordError:
            return None

    def end_state(self) -> EndState:
        contract = self.contract
        if contract is None:
            return "open"
        if contract.is_passed_out:
            return "passed_out"
        declarer = self.board.declarer_seat if self.board is not None else None
        if declarer is None:
            return "open"
        return "declaring" if self.offender.side is declarer.side else "defending"

    def partner_turn(self) -> PartnerTurn:
        auction = self.auction
        dealer = self.board.dealer if self.board is not None else Seat.N
        if auction is None:
            number = next_turn(Auction.parse(dealer, []), self.partner, self.call_index)
            return PartnerTurn(number, None)
        for index in range(self.call_index, len(auction.calls)):
            if auction.seats[index] is self.partner:
                call = auction.calls[index]
                return PartnerTurn(index + 1, "passed" if call.is_pass else "called", call)
        if auction.is_complete:
            return PartnerTurn(None, "ended_first")
        number = next_turn(auction, self.partner, max(self.call_index, len(auction.calls)))
        return PartnerTurn(number, "pending", call_at(auction, number))


def _call_index_answer(text: str) -> int:
    raw = text.strip()
    if not (raw.isascii() and raw.isdigit()) or int(raw) > MAX_CALL_INDEX:
        raise AnswerError(
            _("{value} is not a number of calls (0 to {most})").format(
                value=shown(text), most=MAX_CALL_INDEX
            ),
            where="answer call_index",
        )
    return int(raw)


def _check_call_index(board: Board | None, index: int) -> None:
    """The exposure came after ``index`` calls: the record must have made them."""
    if board is None or not board.auction:
        return
    made = len(board.auction_obj.calls)
    if index > made:
        raise RecordError(
            _(
                "the recorded auction has {made} calls, so the card cannot have been exposed "
                "after call {index}"
            ).format(made=made, index=index),
            where="irregularity call_index",
        )


def after_final_pass(board: Board | None, index: int) -> bool:
    """The exposure came once the recorded auction had ended."""
    if board is None or not board.auction:
        return False
    auction = board.auction_obj
    return index == len(auction.calls) and auction.is_complete


def _check_not_after_the_auction(board: Board | None, offender: Seat, index: int) -> None:
    """Law 24 covers the auction; after the final pass only a card of the declaring side
    faced as an opening lead comes back to it (Law 54E)."""
    if not after_final_pass(board, index) or board is None:
        return
    declarer = board.declarer_seat
    if declarer is not None and offender.side is declarer.side:
        return
    raise RecordError(
        _(
            "the card was exposed after the final pass, when the auction had ended: Law 24 "
            "covers the auction only. A defender's card is a penalty card under Law 49 (the "
            "penalty-card wizard), and an opening lead by the wrong defender is Law 54 (the "
            "lead-out-of-turn wizard); only a declaring-side player's attempt to make the "
            "opening lead comes under Law 24 (Law 54E)"
        ),
        where="irregularity call_index",
    )


def gather(
    board: Board | None,
    report: ExposedCardReport | None,
    answers: dict[str, str],
    mode: Mode,
    steps: list[Step],
) -> Situation | PendingQuestion:
    """The report completed by the TD's answers (the tablet's questions before the tree);
    each answer used is added to ``steps`` so the path shows it."""
    # A report says whether the card was led; without one (the tablet) the tree asks.
    premature = report.premature_lead if report is not None else None
    report = report or ExposedCardReport()
    index = report.call_index
    if "call_index" in answers:
        index = _call_index_answer(answers["call_index"])
        steps.append(
            td_step(
                "call_index", _("How many calls had been made before the exposure?"), str(index)
            )
        )
    if index is None:
        made = len(board.auction) if board is not None else 0
        return PendingQuestion(
            node="call_index",
            prompt=_("How many calls had been made when the card was exposed?"),
            kind="number",
            laws=["24", "16D1"],
            help=_("0: before the first call. The auction begins with the first call."),
            minimum=0,
            maximum=made if board is not None and board.auction else 60,
        )
    _check_call_index(board, index)
    offender = whose_card(
        report.offender, answers, steps, laws=["24"], seat_label=lambda s: s.name_full
    )
    if isinstance(offender, PendingQuestion):
        return offender
    cards = [Card.parse(c) for c in report.cards]
    if "cards" in answers:
        cards = cards_answer(answers["cards"], "answer cards")
        if len({str(c) for c in cards}) != len(cards):
            raise AnswerError(_("a card is listed twice"), where="answer cards")
        steps.append(td_step("cards", _("Which card was exposed?"), card_names(cards)))
    held = cards_held(board, offender, None)
    if not cards:
        if held:
            return PendingQuestion(
                node="cards",
                prompt=_("Which card of {seat}'s was exposed?").format(seat=offender.name_full),
                kind="question",
                laws=["24"],
                choices=[{"value": str(c), "label": c.pretty} for c in held],
            )
        return PendingQuestion(
            node="cards",
            prompt=_("Which card or cards of {seat}'s were exposed?").format(
                seat=offender.name_full
            ),
            kind="text",
            laws=["24"],
            help=_("Cards as suit and rank, separated by spaces: SK H3."),
        )
    if "cards" in answers and held and mode == "step":
        pending = ask_more_cards(
            held,
            cards,
            answers,
            steps,
            prompt=_("Was another card of {seat}'s exposed as well?").format(
                seat=offender.name_full
            ),
            laws=["24C"],
            help_text=_("Two or more cards: partner must pass at his next turn (Law 24C)."),
        )
        if pending is not None:
            return pending
    check_held(board, offender, cards)
    _check_not_after_the_auction(board, offender, index)
    return Situation(board, offender, cards, index, premature)
