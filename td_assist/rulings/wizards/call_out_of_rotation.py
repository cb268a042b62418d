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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.auction import SKIP_MARK, Auction, Call
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import N_, _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import IrregularityReport, Ruling, irregularity_kind
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register, walk_wizard
from td_assist.rulings.engine.walk import (
    AnswerError,
    Mode,
    fill_walk,
    outcome_ruling,
    pending_ruling,
)
from td_assist.rulings.procedures.barred_partner import skipped_turns_text
from td_assist.rulings.procedures.comparable_call import comparable_call_help
from td_assist.rulings.procedures.lead_restrictions import (
    law_26b_forbid_suits,
    law_26b_text,
    specified_suits,
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


class CallOutOfRotationRectification(BaseModel):
    model_config = ConfigDict(extra="forbid")
    offender: Seat
    call: str
    call_index: int
    turn_of: TurnOf
    turn_holder: Seat  # the player whose turn it was
    accept_chooser: Seat
    chooser: Seat | None  # who may still choose (None once the choice is gone)
    accepted: bool
    cancelled: bool
    next_to_call: Seat | None
    offender_obligation: Obligation
    offender_pass_at: int | None = None  # Law 30A: the offender's own enforced pass
    offender_call_at: int | None = None  # the offender's call at his own turn, if recorded
    partner_barred: Barred
    partner_pass_at: int | None
    lead_restrictions: bool
    restricted_leader: Seat | None = None
    forbid_suits: list[str] = Field(default_factory=list)
    unauthorised_withdrawn_call: bool  # Law 16C2 on what the withdrawn call told partner
    hand_on_to: str | None = None  # the wizard that rules what follows (Law 27A2)
    contract: str | None = None
    declarer: Seat | None = None


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


# --- Facts --------------------------------------------------------------------------------

FACTS = FactTable()


def _situation(ctx: Context) -> Situation:
    if not isinstance(ctx.focus, Situation):
        raise TypeError("a call-out-of-rotation fact needs the wizard's situation")
    return ctx.focus


@FACTS.register("coor_admissible")
def coor_admissible(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.call_type == "inadmissible":
        return FactResult(
            "no",
            [
                _("{call} could not be made by {offender} at that point even in turn.").format(
                    call=s.call, offender=s.offender.name_full
                )
            ],
            settled=True,
        )
    return FactResult(
        "yes", [_("{call} was a call the auction allowed.").format(call=s.call)], settled=True
    )


@FACTS.register("coor_turn_of")
def coor_turn_of(ctx: Context) -> FactResult:
    s = _situation(ctx)
    said = _(
        "Call {index}, {call} by {offender}, came when it was {holder}'s turn."
    ).format(index=s.call_index, call=s.call, offender=s.offender.name_full,
             holder=s.turn_holder.name_full)  # fmt: skip
    return FactResult(s.turn, [said], settled=True)


@FACTS.register("coor_called_before_ruling")
def coor_called_before_ruling(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.recorded_reading() == "accepted":
        return FactResult(
            "no",
            [
                _("The record shows {lho} calling over {call}, not {holder}.").format(
                    lho=s.offender.lho.name_full, call=s.call, holder=s.turn_holder.name_full
                )
            ],
        )
    return FactResult.unknown(
        _("The record cannot tell whether {holder} called before the Director came.").format(
            holder=s.turn_holder.name_full
        )
    )


@FACTS.register("coor_accepted")
def coor_accepted(ctx: Context) -> FactResult:
    s = _situation(ctx)
    reading = s.recorded_reading()
    if reading == "accepted":
        return FactResult(
            "yes",
            [
                _("The record shows {lho} calling next, over {call} (call {number}).").format(
                    lho=s.offender.lho.name_full, call=s.call, number=s.call_index + 1
                )
            ],
        )
    if reading == "cancelled":
        return FactResult(
            "no",
            [
                _(
                    "The record shows {holder} calling next, at his own turn (call {number})."
                ).format(holder=s.turn_holder.name_full, number=s.call_index + 1)
            ],
        )
    if not s.recorded_after:
        return FactResult.unknown(
            _("The record stops at {call}: ask {lho}.").format(
                call=s.call, lho=s.offender.lho.name_full
            )
        )
    return FactResult.unknown(
        _("The recorded calls read both ways: ask the table who called after {call}.").format(
            call=s.call
        )
    )


@FACTS.register("coor_cancelled_case")
def coor_cancelled_case(ctx: Context) -> FactResult:
    s = _situation(ctx)
    kind = {"pass": "pass", "bid": "bid", "insufficient": "bid", "double": "double"}.get(
        s.call_type, "double"
    )
    turn = "rho" if s.turn == "rho" else "partner"
    return FactResult(f"{kind}_{turn}", [], settled=True)


@FACTS.register("coor_rho_call")
def coor_rho_call(ctx: Context) -> FactResult:
    s = _situation(ctx)
    reading = s.cancelled_reading
    k = s.call_index - 1
    if reading is None or len(reading.calls) <= k:
        return FactResult.unknown(
            _("The record does not show {holder}'s call.").format(holder=s.turn_holder.name_full)
        )
    made = reading.calls[k]
    said = _("{holder} called {call} (call {number}).").format(
        holder=s.turn_holder.name_full, call=made, number=s.record_number(k)
    )
    return FactResult("pass" if made.is_pass else "call", [said])


@FACTS.register("coor_repeat_legal")
def coor_repeat_legal(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.call_type == "insufficient":
        return FactResult(
            "no",
            [
                _("{call} is insufficient after {last}.").format(
                    call=s.call, last=s.prefix.last_bid()
                )
            ],
            settled=True,
        )
    return FactResult("yes", [_("{call} is legal there.").format(call=s.call)], settled=True)


# --- The ruling -----------------------------------------------------------------------------


def normalise_answers(answers: dict[str, str]) -> dict[str, str]:
    normal = dict(answers)
    for name, nodes in ROUTED_ANSWERS.items():
        if name in answers:
            for node in nodes:
                normal.setdefault(node, answers[name])
    return normal


def _offender_call(s: Situation) -> tuple[int, Call] | None:
    """The offender's call at his own turn in the cancelled reading (record number)."""
    reading = s.cancelled_reading
    position = s.offender_turn()
    if reading is None or len(reading.calls) <= position:
        return None
    return s.record_number(position), reading.calls[position]


def _rectification_law(s: Situation) -> str:
    return {"pass": "30", "double": "32", "inadmissible": "36"}.get(s.call_type, "31")


def _values(s: Situation) -> dict[str, object]:
    offender = s.offender
    own = _offender_call(s)
    k = s.call_index - 1
    previous = s.board.auction[k - 1] if k >= 1 else _("his previous call")
    side = {"NS": _("North-South"), "EW": _("East-West")}
    return {
        "offender": offender.name_full,
        "offender_partner": offender.partner.name_full,
        "lho": offender.lho.name_full,
        "rho": offender.rho.name_full,
        "turn_holder": s.turn_holder.name_full,
        "call": str(s.call),
        "previous_call": str(previous),
        "skipped_turns": skipped_turns_text(offender, s.turn == "partner"),
        "rectification_law": _rectification_law(s),
        "offender_call_words": (
            _(" ({call}, call {number})").format(call=own[1], number=own[0]) if own else ""
        ),
        "comparable_help": comparable_call_help(offender.name_full, str(s.call)),
        "offenders": side[offender.side.value],
        "non_offenders": side[offender.side.other.value],
        "partner_pass_words": "",
        "offender_pass_words": "",
    }


def _legal_auction(s: Situation, outcome: str) -> Auction | None:
    """The auction as it stands after the ruling, read from the record."""
    if outcome == "accepted_29a":
        return s.accepted_reading
    if outcome in CANCELLED and outcome != "inadmissible_double":
        return s.cancelled_reading
    return None


def rectify(s: Situation, outcome: str) -> CallOutOfRotationRectification:
    accepted = outcome == "accepted_29a"
    cancelled = outcome in CANCELLED
    obligation = OBLIGATION.get(outcome, "none")
    barred: Barred = "once" if outcome in NOT_COMPARABLE else "none"
    reading = _legal_auction(s, outcome)
    own = _offender_call(s)
    offender_turn = s.offender_turn()
    partner_at = s.record_number(offender_turn + 2) if barred == "once" else None
    offender_at = s.record_number(offender_turn) if obligation == "pass_once" else None
    if reading is not None and reading.is_complete:
        # The auction ended before the enforced pass came round: nothing left to bar.
        if partner_at is not None and partner_at - 1 > len(reading.calls):
            partner_at = None
        if offender_at is not None and offender_at - 1 > len(reading.calls):
            offender_at = None
    # The offender's LHO chooses whether to accept (Law 29A; a change of call, Law 25B1),
    # except when the call cannot be accepted (Law 36) or the choice is gone (Law 28B) or
    # was never his (his own turn: his call is in turn, Law 28B/29B).
    no_choice = outcome in ("ignored_28b", "inadmissible_double") or s.turn == "lho_first"
    chooser = None if no_choice else s.offender.lho
    if accepted:
        next_to_call: Seat | None = s.offender.lho
    elif outcome in ("change_of_call", "inadmissible_double"):
        next_to_call = None
    else:
        next_to_call = s.turn_holder
    restricted = outcome in NOT_COMPARABLE
    rect = CallOutOfRotationRectification(
        offender=s.offender,
        call=str(s.call),
        call_index=s.call_index,
        turn_of=s.turn_of,
        turn_holder=s.turn_holder,
        accept_chooser=s.offender.lho,
        chooser=chooser,
        accepted=accepted,
        cancelled=cancelled,
        next_to_call=next_to_call,
        offender_obligation=obligation,
        offender_pass_at=offender_at,
        offender_call_at=own[0] if own and cancelled else None,
        partner_barred=barred,
        partner_pass_at=partner_at,
        lead_restrictions=restricted,
        unauthorised_withdrawn_call=outcome in UNAUTHORISED or outcome in NOT_COMPARABLE,
        hand_on_to="insufficient-bid" if outcome == "repeat_insufficient" else None,
    )
    if restricted:
        rect.restricted_leader = s.offender.partner
        legal = reading if reading is not None else s.prefix
        rect.forbid_suits = law_26b_forbid_suits(specified_suits(legal, s.offender))
    if reading is not None:
        contract = reading.contract()
        if contract is not None and not contract.is_passed_out:
            rect.contract = str(contract)
            rect.declarer = contract.declarer
        elif contract is not None:
            rect.contract = "Pass"
    return rect


def _barred_pass_text(s: Situation, rect: CallOutOfRotationRectification) -> str:
    """What the record shows at an enforced pass when it is not a pass, and an enforced
    pass the auction never reached."""
    reading = _legal_auction(s, "bid_not_comparable")
    lines = []
    for seat, number in (
        (s.offender.partner, rect.partner_pass_at),
        (s.offender, rect.offender_pass_at),
    ):
        if number is None:
            continue
        made = reading.calls[number - 2] if reading and len(reading.calls) > number - 2 else None
        if made is not None and not made.is_pass:
            # The text already says which call the pass is; the record breaking it is news.
            lines.append(
                _(
                    "The record shows {seat} calling {call} at call {number}, where he had to "
                    "pass: a call by a player who must pass (Law 37)."
                ).format(seat=seat.name_full, call=made, number=number)
            )
    if rect.partner_barred == "once" and rect.partner_pass_at is None:
        lines.append(
            _("The auction ended before {seat}'s next turn: no pass is left to enforce.").format(
                seat=s.offender.partner.name_full
            )
        )
    return " ".join(lines)


def _contract_text(rect: CallOutOfRotationRectification) -> str:
    if rect.contract is None:
        return ""
    if rect.declarer is None:
        return _("The auction as ruled: passed out.")
    return _(
        "The auction as ruled, with the cancelled call not counting: {contract} by {declarer}."
    ).format(contract=rect.contract, declarer=rect.declarer.name_full)


def rule_call_out_of_rotation(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    reported = report if isinstance(report, CallOutOfRotationReport) else None
    situation = gather(board, reported, answers)
    values = _values(situation)
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
    extra = [_barred_pass_text(situation, rect), lead, _contract_text(rect)]
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
                "(TD)  Which call of the auction was out of rotation (1-based)",
            ),
            AnswerHelp(
                "offender",
                "(TD)  Who called out of rotation, when the record gives the call to the "
                "player whose turn it was  [N | E | S | W]",
            ),
            AnswerHelp(
                "comparable",
                "(TD)  Law 23A: the offender's call at his own turn is comparable to the "
                "cancelled call  [yes | no]",
            ),
            AnswerHelp(
                "called_before_ruling",
                "(TD)  Law 28B: the player whose turn it was called before the Director "
                "ruled  [yes | no]",
            ),
            AnswerHelp(
                "artificial_pass",
                "(TD)  Law 30C: the pass out of rotation was artificial (or passed "
                "partner's artificial call)  [yes | no]",
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
            'The irregularity in a .json request: {"kind": "call_out_of_rotation", '
            '"call_index": 3, "offender": "W"} (1-based in the auction as made, the call '
            "out of rotation where it was made). Numbers in the rectification count the "
            "calls as made, the cancelled call included."
        ),
    )
)
