"""The insufficient-bid wizard's report, the situation the record and the answers describe,
and their reading before the walk (``gather``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from pydantic import Field

from td_assist.bridge.auction import (
    Auction,
    Call,
    CallKind,
    InsufficientBid,
)
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Suit
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    irregularity_kind,
)
from td_assist.rulings.engine.walk import (
    AnswerError,
)
from td_assist.rulings.procedures.barred_partner import (
    barred_partner_calls,
    calls_after,
)

NAME = "insufficient-bid"
# The contract's answers that stand for several nodes of the tree (the walk reaches one).
ROUTED_ANSWERS = {
    "damaged": ("damaged_lowest", "damaged_comparable"),
    "comparable": ("double_comparable",),
    "barred_partner_called": ("barred_after_other", "barred_after_double", "barred_after_second"),
    "lho_called_over": ("lho_called_over",),
}
ReplacementKind = Literal["lowest_same_denomination", "comparable", "other", "illegal"]
KIND_OF_OUTCOME: dict[str, ReplacementKind | None] = {
    "unintended_call": None,
    "accepted_bid": None,
    "second_ib_accepted": None,
    "lowest_same_denomination": "lowest_same_denomination",
    "comparable_call": "comparable",
    "other_call": "other",
    "illegal_double": "illegal",
    "second_ib_rejected": "illegal",
}
# Whose turn it was, seen from the player who bid (Law 31's headings), as the seat whose
# turn the record shows (the turn holder) is offset from him.
TurnAnswer = Literal["own", "rho", "partner", "lho"]
OFFENDER_OFFSET: dict[str, int] = {"own": 0, "rho": 1, "partner": 2, "lho": 3}
# A bid out of rotation is ruled by this wizard (Law 27A2: Laws 29-31 first).
OUT_OF_ROTATION_WIZARD = "call-out-of-rotation"
# This wizard's answers about a bid out of rotation, as that wizard names them; the
# oor_* names are this wizard's own from before the hand-over, still taken.
OUT_OF_ROTATION_ANSWERS = {
    "accepted": "accepted",
    "comparable": "comparable",
    "called_before_ruling": "called_before_ruling",
    "rho_call": "rho_call",
    "usual": "usual",
    "oor_rho_accepted": "accepted",
    "oor_partner_accepted": "accepted",
    "oor_rho_call": "rho_call",
    "oor_rho_comparable": "comparable",
    "oor_partner_comparable": "comparable",
}
OLDER_NAMES = ("oor_rho_accepted", "oor_partner_accepted", "oor_rho_call",
               "oor_rho_comparable", "oor_partner_comparable")  # fmt: skip
# Outcomes where the offender's partner must pass for the rest of the auction.
BARRED = {
    "other_call",
    "illegal_double",
    "second_ib_rejected",
    "barred_call_stands",
    "barred_call_cancelled",
}


@irregularity_kind
class InsufficientBidReport(IrregularityReport):
    """Which call of the recorded auction was insufficient (1-based); the first one if None."""

    kind: Literal["insufficient_bid"] = "insufficient_bid"
    call_index: int | None = Field(default=None, ge=1, le=200)


@dataclass
class Situation:
    board: Board
    bid: InsufficientBid
    replacement: Call | None
    replacement_index: int | None  # 1-based, when the record holds it
    attempted: Call | None
    before: Auction  # the auction up to, not including, the insufficient bid
    turn: TurnAnswer = "own"
    # Law 26B: the suits the offender's legal calls specified, as the TD judged them
    # (an artificial bid specifies what it shows, not the strain it names).
    specified: frozenset[Suit] | None = None

    @property
    def turn_holder(self) -> Seat:
        """The seat whose turn it was: the record gives the bid to him."""
        return self.bid.offender

    @property
    def offender(self) -> Seat:
        """The player who made the bid, in turn or out of rotation."""
        return self.turn_holder.offset(OFFENDER_OFFSET[self.turn])

    @property
    def auction(self) -> Auction:
        return self.board.auction_obj

    @property
    def double_recorded(self) -> bool:
        """The record's replacement is a double or redouble, with no attempt said before
        it: Law 27B3 cancels it when it is not comparable."""
        return (
            self.attempted is None
            and self.replacement is not None
            and self.replacement.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)
        )

    def calls_after_replacement(
        self, double_cancelled: bool
    ) -> list[tuple[int, Seat, Call]] | None:
        """(call number in the record, seat, call) for each call after the offender's legal
        replacement, read with a recorded double cancelled (Law 27B3) when it was: every
        later call then belongs to the seat before the one the record gives it. None when
        the record cannot be read so."""
        if not double_cancelled:
            return calls_after(self.auction, self.replacement_index or self.bid.call_index)
        if self.replacement_index is None:
            # The TD gave the double as the replacement and the record stops at the
            # insufficient bid: nothing has been called since the cancelled double.
            return []
        legal = with_attempt_cancelled(self)
        replaced = legal.insufficient_bid(self.bid.call_index)
        if replaced is None:
            return None
        if replaced.replacement_index is None:
            return []
        gone = self.replacement_index - 1  # 0-based: the calls from here on shift by one
        return [
            (i + 1 + (i >= gone), seat, call)
            for i, (seat, call) in enumerate(zip(legal.seats, legal.calls))
            if i >= replaced.replacement_index
        ]

    def barred_calls(self, after: list[tuple[int, Seat, Call]]) -> list[tuple[int, Call]]:
        """Bids, doubles or redoubles by the offender's partner among ``after`` (the calls
        after the replacement: he was barred if it did not keep him free), with their
        numbers in the record."""
        return barred_partner_calls(after, self.offender)


def _call_answer(text: str, name: str) -> Call:
    try:
        return Call.parse(text)
    except RecordError as error:
        raise AnswerError(error.problem, where=f"answer {name}") from None


def _prefix(board: Board, count: int) -> Auction:
    """The recorded auction's first ``count`` calls, read as the record reads them."""
    marks = {index: codes for index, codes in board.auction_marks.items() if index < count}
    forced = {k: v for k, v in board.accepted_insufficient.items() if k <= count}
    return Auction.parse(board.dealer, board.auction[:count], marks=marks, accepted=forced)


def with_attempt_cancelled(s: Situation) -> Auction:
    """The recorded auction read without the cancelled call (Law 27B3): the next
    recorded call is then the offender's legal replacement. A record that cannot be read
    so yields the auction up to the insufficient bid, which names no contract."""
    if s.replacement_index is None:
        return s.before  # the double was the TD's answer: the record stops before it
    gone = s.replacement_index - 1  # 0-based
    calls = [c for i, c in enumerate(s.board.auction) if i != gone]
    marks = {
        index - (index > gone): codes
        for index, codes in s.board.auction_marks.items()
        if index != gone
    }
    forced = {**s.board.accepted_insufficient, s.bid.call_index: False}
    try:
        return Auction.parse(s.board.dealer, calls, marks=marks, accepted=forced)
    except RecordError:
        return s.before


def gather(
    board: Board | None, report: InsufficientBidReport | None, answers: dict[str, str]
) -> Situation:
    """The insufficient bid, read from the record as the TD's ``accepted`` answer says."""
    if board is None or not board.auction:
        raise RecordError(
            _(
                "the insufficient-bid wizard needs the recorded auction, up to and including "
                "the insufficient bid"
            ),
            where="board auction",
        )
    bids = board.insufficient_bids
    index = report.call_index if report and report.call_index else call_index_answer(answers)
    if index is None:
        if not bids:
            raise RecordError(_("the recorded auction holds no insufficient bid"), where="auction")
        index = bids[0].call_index
    bid = board.auction_obj.insufficient_bid(index)
    if bid is None:
        call = board.auction[index - 1] if index <= len(board.auction) else None
        what = (
            _("call {number} ({call}) is not an insufficient bid").format(number=index, call=call)
            if call
            else _("the auction has no call {number}").format(number=index)
        )
        raise RecordError(what, where="irregularity call_index")
    turn = turn_answer(answers)
    if turn == "own" and answers.get("accepted") in ("yes", "no"):
        try:
            board = board.with_insufficient_reading(index, accepted=answers["accepted"] == "yes")
        except RecordError as error:
            if answers["accepted"] == "yes":
                unreadable = _(
                    "the recorded calls cannot be read with the insufficient bid accepted: "
                    "{problem}"
                )
            else:
                unreadable = _(
                    "the recorded calls cannot be read with the insufficient bid replaced: "
                    "{problem}"
                )
            raise RecordError(
                unreadable.format(problem=error.problem), where="answer accepted"
            ) from None
    bid = board.auction_obj.insufficient_bid(index)
    if bid is None:
        raise RecordError(
            _("the call is no longer an insufficient bid when read with the TD's answer accepted")
        )
    before = _prefix(board, index - 1)
    replacement, replacement_index = bid.replacement, bid.replacement_index
    if "replacement" in answers:
        given = _call_answer(answers["replacement"], "replacement")
        problem = before.why_illegal(given)
        if problem:
            if given.is_bid or given.kind is not CallKind.PASS:
                cannot = _(
                    "{call} cannot replace {bid}: {problem} (an illegal call tried first is "
                    "attempted_replacement)"
                )
            else:
                cannot = _("{call} cannot replace {bid}: {problem}")
            raise AnswerError(
                cannot.format(call=given, bid=bid.bid, problem=problem),
                where="answer replacement",
            )
        if replacement is not None and given != replacement:
            raise AnswerError(
                _(
                    "the record shows {offender} replacing {bid} with {replacement}, not {given}"
                ).format(
                    offender=bid.offender.name_full,
                    bid=bid.bid,
                    replacement=replacement,
                    given=given,
                ),
                where="answer replacement",
            )
        replacement = given
    attempted = None
    if "attempted_replacement" in answers:
        attempted = _call_answer(answers["attempted_replacement"], "attempted_replacement")
        if before.is_legal(attempted) and attempted.kind is CallKind.BID:
            raise AnswerError(
                _("{call} is a sufficient bid: give it as the replacement").format(call=attempted),
                where="answer attempted_replacement",
            )
        if attempted.is_pass:
            raise AnswerError(
                _("a pass is a legal replacement: give it as the replacement"),
                where="answer attempted_replacement",
            )
    specified = _suits_answer(answers["specified_suits"]) if "specified_suits" in answers else None
    return Situation(board, bid, replacement, replacement_index, attempted, before, turn, specified)


def call_index_answer(answers: dict[str, str]) -> int | None:
    """The TD's ``call_index`` (the call tapped on the auction), when given."""
    raw = answers.get("call_index", "").strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= 400:
        raise AnswerError(
            _("{given} is not a call number").format(given=shown(raw)), where="answer call_index"
        )
    return int(raw)


def _suits_answer(text: str) -> frozenset[Suit]:
    """ "SH", "S,H", "♠♥" or "none": the suits the offender's legal calls specified."""
    said = text.strip()
    if said.lower() == "none":
        return frozenset()
    letters = said.replace(",", "").replace(" ", "")
    try:
        if not letters or len(letters) > 4:
            raise RecordError("no suits")
        return frozenset(Suit.parse(letter) for letter in letters)
    except RecordError:
        raise AnswerError(
            _("{given} is not a list of suits; answer e.g. SH, or none").format(given=shown(said)),
            where="answer specified_suits",
        ) from None


def turn_answer(answers: dict[str, str]) -> TurnAnswer:
    """The TD's ``whose_turn``; anything else is "own" here and an error in the walk."""
    given = answers.get("whose_turn")
    for turn in get_args(TurnAnswer):
        if given == turn:
            return turn
    return "own"
