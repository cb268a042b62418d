"""The call-out-of-rotation wizard's report, the situation it and the record describe (the
auction read as accepted and as cancelled), and ``gather``, which reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from td_assist.bridge.auction import SKIP_MARK, Auction, Call
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.rulings.engine.model import IrregularityReport, irregularity_kind
from td_assist.rulings.engine.walk import (
    AnswerError,
)

NAME = "call-out-of-rotation"
# The contract's answers that stand for several nodes of the tree (the walk reaches one).
ROUTED_ANSWERS = {
    "comparable": (
        "pass_comparable",
        "bid_rho_comparable",
        "bid_partner_comparable",
        "double_rho_comparable",
        "double_partner_comparable",
    ),
    "called_before_ruling": ("called_before_ruling_rho", "called_before_ruling_lho"),
    "artificial_pass": ("artificial_pass_rho", "artificial_pass_partner"),
}
Turn = Literal["rho", "partner", "lho_first", "lho_after_call"]
TurnOf = Literal["RHO", "partner", "LHO"]
Obligation = Literal["pass_once", "repeat_call", "none"]
Barred = Literal["none", "once", "whole_auction"]
CallType = Literal["pass", "bid", "insufficient", "double", "inadmissible"]

# By outcome: the offender's obligation at his next turn, and whether his partner must
# pass once (Laws 30B1(b)(ii), 31A2(b), 32A2(b)).
OBLIGATION: dict[str, Obligation] = {
    "pass_rho_turn": "pass_once",
    "repeat_bid": "repeat_call",
    "repeat_insufficient": "repeat_call",
    "repeat_double": "repeat_call",
}
NOT_COMPARABLE = {"pass_not_comparable", "bid_not_comparable", "double_not_comparable"}
COMPARABLE = {"pass_comparable_call", "bid_comparable_call", "double_comparable_call"}
# Outcomes after which the call out of rotation no longer stands in the auction.
CANCELLED = {
    "ignored_28b",
    "pass_rho_turn",
    "repeat_bid",
    "repeat_insufficient",
    "repeat_double",
    "inadmissible_double",
    *NOT_COMPARABLE,
    *COMPARABLE,
}
# Outcomes where what the withdrawn call told the partner stays unauthorised (Law 16C2):
# not after a comparable call (Law 23B), nor when the same call is made again.
UNAUTHORISED = {"ignored_28b", "pass_rho_turn", "inadmissible_double", "change_of_call"}


@irregularity_kind
class CallOutOfRotationReport(IrregularityReport):
    """The call out of rotation: its 1-based index in the record, and who made it."""

    kind: Literal["call_out_of_rotation"] = "call_out_of_rotation"
    call_index: int | None = Field(default=None, ge=1, le=400)
    offender: Seat | None = None


@dataclass
class Situation:
    board: Board
    call_index: int  # 1-based in the record
    call: Call
    offender: Seat
    turn_holder: Seat
    call_type: CallType
    prefix: Auction  # the calls before the call out of rotation
    accepted_reading: Auction | None  # the record read with the call standing (29A)
    cancelled_reading: Auction | None  # the record read without it (29B, 28B)

    @property
    def turn(self) -> Turn:
        if self.turn_holder is self.offender.rho:
            return "rho"
        if self.turn_holder is self.offender.partner:
            return "partner"
        called = self.offender in self.prefix.seats
        return "lho_after_call" if called else "lho_first"

    @property
    def turn_of(self) -> TurnOf:
        return {"rho": "RHO", "partner": "partner"}.get(self.turn, "LHO")  # type: ignore[return-value]

    @property
    def recorded_after(self) -> bool:
        """The record goes on after the call out of rotation."""
        return len(self.board.auction) > self.call_index

    def record_number(self, legal_position: int) -> int:
        """The record's 1-based number of the cancelled reading's call at 0-based
        ``legal_position`` (at or after the cancelled call: one more for it)."""
        return legal_position + 2

    def seat_at(self, legal_position: int) -> Seat:
        """Who calls at 0-based ``legal_position`` of the cancelled reading, from the
        cancelled call on: the player whose turn it was, then in rotation."""
        return self.turn_holder.offset(legal_position - (self.call_index - 1))

    def offender_turn(self) -> int:
        """0-based position, in the cancelled reading, of the offender's own next turn."""
        start = self.call_index - 1
        return start + (self.offender.index - self.turn_holder.index) % 4

    def recorded_reading(self) -> Literal["accepted", "cancelled"] | None:
        """Which reading the record shows: its seats when the call out of rotation is
        marked at the offender's seat, else the only reading the calls allow."""
        if not self.recorded_after:
            return None
        if self.turn == "lho_first":
            return "cancelled"  # his call is in turn either way (Law 28B or 29B)
        seats = self.board.auction_obj.seats
        k = self.call_index - 1
        if seats[k] is self.offender and self.offender is not self.turn_holder:
            following = seats[k + 1]
            if following is self.offender.lho:
                return "accepted"
            if following is self.turn_holder:
                return "cancelled"
        fits = {
            "accepted": _fits(self.board, self.accepted_reading),
            "cancelled": _fits(self.board, self.cancelled_reading),
        }
        if fits["accepted"] != fits["cancelled"]:
            return "accepted" if fits["accepted"] else "cancelled"
        return None


def _fits(board: Board, auction: Auction | None) -> bool:
    """The reading parses and ends in the recorded contract, when one is recorded."""
    if auction is None:
        return False
    if not board.contract:
        return True
    contract = auction.contract()
    return contract is not None and str(contract) == board.contract


def _call_index(report: CallOutOfRotationReport | None, answers: dict[str, str]) -> int:
    if report is not None and report.call_index:
        return report.call_index
    raw = answers.get("call_index", "").strip()
    if not raw:
        raise RecordError(
            _("say which call was out of rotation: the irregularity's call_index (1-based)"),
            where="irregularity call_index",
        )
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= 400:
        raise AnswerError(
            _("{raw} is not a call number").format(raw=shown(raw)), where="answer call_index"
        )
    return int(raw)


def _offender_answer(answers: dict[str, str]) -> Seat | None:
    raw = answers.get("offender", "").strip()
    if not raw:
        return None
    try:
        return Seat.parse(raw)
    except RecordError:
        raise AnswerError(
            _("{raw} is not a seat: answer N, E, S or W").format(raw=shown(raw)),
            where="answer offender",
        ) from None


def _parse(board: Board, calls: list[str], marks: dict[int, list[str]]) -> Auction | None:
    forced = {k: v for k, v in board.accepted_insufficient.items() if k <= len(calls)}
    try:
        return Auction.parse(board.dealer, calls, marks=marks, accepted=forced)
    except RecordError:
        return None


def gather(
    board: Board | None, report: CallOutOfRotationReport | None, answers: dict[str, str]
) -> Situation:
    if board is None or not board.auction:
        raise RecordError(
            _(
                "the call-out-of-rotation wizard needs the auction as made, up to and "
                "including the call out of rotation"
            ),
            where="board auction",
        )
    index = _call_index(report, answers)
    if index > len(board.auction):
        raise RecordError(
            _("the auction has {count} calls, so there is no call {index}").format(
                count=len(board.auction), index=index
            ),
            where="irregularity call_index",
        )
    k = index - 1
    before = {i: codes for i, codes in board.auction_marks.items() if i < k}
    prefix = Auction.parse(
        board.dealer,
        board.auction[:k],
        marks=before,
        accepted={i: v for i, v in board.accepted_insufficient.items() if i <= k},
    )
    if prefix.is_complete:
        raise RecordError(
            _("the auction had ended before call {index}").format(index=index),
            where="irregularity call_index",
        )
    turn_holder = prefix.next_seat
    recorded_seat = board.auction_obj.seats[k]
    said = (report.offender if report else None) or _offender_answer(answers)
    if said is None:
        if recorded_seat is turn_holder:
            raise RecordError(
                _(
                    "the record gives call {index} to {seat}, whose turn it was: say who "
                    "called out of rotation (the irregularity's offender, or the seat "
                    "before the call in the auction, e.g. W:1H)"
                ).format(index=index, seat=turn_holder.name_full),
                where="irregularity offender",
            )
        said = recorded_seat
    if said is turn_holder:
        raise RecordError(
            _("it was {seat}'s turn at call {index}: his call was not out of rotation").format(
                seat=said.name_full, index=index
            ),
            where="irregularity offender",
        )
    call = Call.parse(board.auction[k])
    steps = (said.index - turn_holder.index) % 4
    at_offender = {**before, k: [SKIP_MARK] * steps}
    as_if_in_turn = _parse(board, board.auction[:k], at_offender)
    problem = as_if_in_turn.why_illegal(call) if as_if_in_turn is not None else None
    call_type: CallType
    if call.is_pass:
        call_type = "pass"
    elif call.is_bid:
        call_type = "insufficient" if problem else "bid"
    else:
        call_type = "inadmissible" if problem else "double"
    accepted = _parse(board, board.auction, at_offender)
    cancelled = _parse(board, [c for i, c in enumerate(board.auction) if i != k], before)
    return Situation(board, index, call, said, turn_holder, call_type, prefix, accepted, cancelled)
