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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.auction import (
    INSUFFICIENT_MARK,
    Auction,
    Call,
    CallKind,
    Contract,
    InsufficientBid,
)
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Suit
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import (
    IrregularityReport,
    PendingQuestion,
    Ruling,
    irregularity_kind,
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
    Walk,
    fill_walk,
    outcome_ruling,
    pending_ruling,
)
from td_assist.rulings.procedures.adjusted_scores import (
    PossibleResult,
    ScoreAdjustment,
    SelfInflictedMethod,
    adjusted_score,
    by_side_text,
    no_damage,
    table_result,
)
from td_assist.rulings.procedures.barred_partner import (
    barred_partner_calls,
    calls_after,
    first_call_over,
)
from td_assist.rulings.procedures.lead_restrictions import (
    law_26b_forbid_suits,
    law_26b_text,
    specified_suits,
)
from td_assist.rulings.procedures.result_answers import (
    parse_comparison,
    parse_results,
    parse_traveller,
    traveller_left_out,
)
from td_assist.rulings.procedures.tricks_and_scores import side_name

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


class InsufficientBidRectification(BaseModel):
    model_config = ConfigDict(extra="forbid")
    offender: Seat
    insufficient_bid: str
    call_index: int
    lowest_sufficient_same_denomination: str | None
    accept_chooser: Seat
    accepted: bool
    replacement: str | None = None
    attempted_replacement: str | None = None
    replacement_kind: ReplacementKind | None = None
    partner_barred: bool = False
    offender_barred: bool = False  # Law 37B2: the whole offending side must pass
    lead_restrictions: bool = False
    restricted_leader: Seat | None = None  # the offender's partner, at his first lead
    forbid_suits: list[str] = Field(default_factory=list)  # suits declarer may forbid
    contract: str | None = None
    declarer: Seat | None = None
    opening_leader: Seat | None = None
    opening_lead: str | None = None  # the card led, when the play is recorded


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
        legal = _with_attempt_cancelled(self)
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


def _with_attempt_cancelled(s: Situation) -> Auction:
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
    index = report.call_index if report and report.call_index else _call_index_answer(answers)
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
    turn = _turn_answer(answers)
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


def _call_index_answer(answers: dict[str, str]) -> int | None:
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


def _turn_answer(answers: dict[str, str]) -> TurnAnswer:
    """The TD's ``whose_turn``; anything else is "own" here and an error in the walk."""
    given = answers.get("whose_turn")
    for turn in get_args(TurnAnswer):
        if given == turn:
            return turn
    return "own"


# --- Facts --------------------------------------------------------------------------------

FACTS = FactTable()


def _situation(ctx: Context) -> Situation:
    if not isinstance(ctx.focus, Situation):
        raise TypeError("an insufficient-bid fact needs the wizard's situation")
    return ctx.focus


def _made(s: Situation) -> str:
    return _("{offender} bid {bid} at call {number}").format(
        offender=s.offender.name_full, bid=s.bid.bid, number=s.bid.call_index
    )


@FACTS.register("ib_accepted")
def ib_accepted(ctx: Context) -> FactResult:
    s = _situation(ctx)
    bid = s.bid
    if bid.accepted is None:
        return FactResult.unknown(
            _("The record stops at {bid}: ask {lho}.").format(
                bid=bid.bid, lho=bid.offender.lho.name_full
            )
        )
    if bid.marked and not _marked_in_record(s) and "accepted" in ctx.answers:
        return FactResult.unknown(_("The TD found this at the table."))
    if _marked_in_record(s):
        why = _("the record marks it accepted (^I)")
    elif bid.marked:
        why = _("only this reading fits the recorded contract")
    elif bid.alternative is None:
        why = ""
    elif _play_settles(s):
        why = _("only this reading fits the recorded play")
    else:
        # "1S 1H P P P": South's pass may accept 1H, or East's pass may replace it; the
        # calls fit both, so only the table can say which happened.
        return FactResult.unknown(
            _(
                "{made}. The recorded calls read both ways: {lho}'s call after it may have "
                "accepted it (Law 27A1), or {offender}'s next call may have replaced it. "
                "Ask the table which happened."
            ).format(made=_made(s), lho=bid.offender.lho.name_full, offender=bid.offender.name_full)
        )
    if bid.accepted:
        how = why or _("{lho} called over it").format(lho=bid.offender.lho.name_full)
        return FactResult("yes", [_("{made}; {how} (Law 27A1).").format(made=_made(s), how=how)])
    if why:
        replaced = _("{made}; his next call, {replacement}, replaced it ({why}).")
    else:
        replaced = _("{made}; his next call, {replacement}, replaced it.")
    return FactResult("no", [replaced.format(made=_made(s), replacement=bid.replacement, why=why)])


def _marked_in_record(s: Situation) -> bool:
    """The record itself marks the bid accepted (PBN ``^I``)."""
    codes = s.board.auction_marks.get(s.bid.call_index - 1, [])
    return INSUFFICIENT_MARK in {code.upper() for code in codes}


def _play_settles(s: Situation) -> bool:
    """The recorded play fits only the reading taken (the other reading gives another
    declarer, so the cards would come from the wrong hands)."""
    if not s.board.play:
        return False
    try:
        s.board.with_insufficient_reading(s.bid.call_index, accepted=not s.bid.accepted)
    except RecordError:
        return True
    return False


@FACTS.register("ib_replacement_kind")
def ib_replacement_kind(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.attempted is not None:
        if s.attempted.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
            return FactResult(
                "double",
                [
                    _("{offender} tried {call} first.").format(
                        offender=s.offender.name_full, call=s.attempted
                    )
                ],
            )
        return FactResult(
            "insufficient",
            [
                _("{offender} tried {call}, insufficient too (Law 27B4).").format(
                    offender=s.offender.name_full, call=s.attempted
                )
            ],
        )
    if s.replacement is None:
        return FactResult.unknown(_("The record does not show the replacement."))
    shown_replacement = _("The replacement is {call}.").format(call=s.replacement)
    if s.replacement.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
        return FactResult("double", [shown_replacement])
    return FactResult("bid_or_pass", [shown_replacement])


@FACTS.register("second_ib_accepted")
def second_ib_accepted(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.replacement is not None:
        return FactResult(
            "no",
            [
                _("{offender} then made a legal call, {call}.").format(
                    offender=s.offender.name_full, call=s.replacement
                )
            ],
        )
    return FactResult.unknown(_("The record does not show what followed the second bid."))


@FACTS.register("ib_lowest_same_strain")
def ib_lowest_same_strain(ctx: Context) -> FactResult:
    s = _situation(ctx)
    lowest = s.bid.lowest_sufficient
    if s.replacement is None:
        return FactResult.unknown(_("The record does not show the replacement."))
    if lowest is None:
        return FactResult(
            "no",
            [
                _("No sufficient bid in the strain of {bid} exists: it would be above 7.").format(
                    bid=s.bid.bid
                )
            ],
        )
    same = s.replacement == lowest
    return FactResult(
        "yes" if same else "no",
        [
            _(
                "The lowest sufficient bid in that strain is {lowest}; the replacement is "
                "{replacement}."
            ).format(lowest=lowest, replacement=s.replacement)
        ],
    )


def _double_cancelled(ctx: Context) -> bool:
    """The walk judged the recorded double or redouble not comparable (Law 27B3)."""
    return _situation(ctx).double_recorded and ctx.walked.get("double_comparable") == "no"


@FACTS.register("barred_partner_called")
def barred_partner_called(ctx: Context) -> FactResult:
    s = _situation(ctx)
    cancelled = _double_cancelled(ctx)
    after = s.calls_after_replacement(cancelled)
    if after is None:
        return FactResult.unknown(
            _(
                "With the recorded {call} cancelled (Law 27B3), the calls after it cannot be "
                "read as a legal auction; the Director establishes what happened."
            ).format(call=s.replacement)
        )
    calls = s.barred_calls(after)
    reading = ""
    if cancelled and s.replacement_index is not None and s.replacement_index < len(s.auction.calls):
        reading = " " + _(
            "(The recorded {call} is cancelled under Law 27B3: the call after it is "
            "{offender}'s legal replacement, and the auction goes on from there.)"
        ).format(call=s.replacement, offender=s.offender.name_full)
    partner = s.offender.partner.name_full
    if not calls:
        return FactResult(
            "no",
            [
                _("The record shows no bid, double or redouble by {partner}.").format(
                    partner=partner
                )
                + reading
            ],
        )
    number, call = calls[0]
    return FactResult(
        "yes",
        [
            _("{partner} called {call} at call {number}.").format(
                partner=partner, call=call, number=number
            )
            + reading
        ],
    )


@FACTS.register("lho_called_over_barred_call")
def lho_called_over_barred_call(ctx: Context) -> FactResult:
    s = _situation(ctx)
    after = s.calls_after_replacement(_double_cancelled(ctx)) or []
    calls = s.barred_calls(after)
    over = first_call_over(after, calls[0][0]) if calls else None
    if over is None:
        return FactResult.unknown(_("The record does not show a call after the barred call."))
    number, following = over
    lho = s.offender.partner.lho.name_full
    return FactResult(
        "yes",
        [
            _("{lho} called {call} over it (call {number}).").format(
                lho=lho, call=following, number=number
            )
        ],
    )


# --- The ruling -----------------------------------------------------------------------------


def normalise_answers(answers: dict[str, str]) -> dict[str, str]:
    normal = dict(answers)
    for name, nodes in ROUTED_ANSWERS.items():
        if name in answers:
            for node in nodes:
                normal.setdefault(node, answers[name])
    return normal


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
    if _turn_answer(answers) != "own":
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
                _lead_text(
                    rect,
                    judged=situation.specified is not None or normal.get("artificial") != "yes",
                ),
                _by_side_text(adjustment),
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


def rectify(s: Situation, result: Walk) -> InsufficientBidRectification:
    outcome = result.outcome
    if outcome is None:
        raise RecordError("the ruling has no outcome")
    path = {step.node for step in result.steps}
    kind = KIND_OF_OUTCOME.get(outcome)
    if outcome == "adjusted_27d":
        kind = "lowest_same_denomination" if "damaged_lowest" in path else "comparable"
    elif outcome in ("barred_call_stands", "barred_call_cancelled"):
        kind = "illegal" if {"barred_after_double", "barred_after_second"} & path else "other"
    accepted = outcome == "accepted_bid"
    replacement = s.replacement
    if outcome == "second_ib_accepted":
        replacement = s.attempted
    if accepted or outcome == "unintended_call":
        replacement = None  # cancelled when LHO accepts (Law 27C)
    attempted = s.attempted
    auction = s.auction
    if kind == "illegal" and s.double_recorded:
        # A double or redouble that is not comparable is cancelled (Law 27B3): it was only
        # an attempt, and the legal call in its place is the next one recorded, if any.
        attempted, replacement = replacement, None
        auction = _with_attempt_cancelled(s)
        legal = auction.insufficient_bid(s.bid.call_index)
        if replacement is None and legal is not None:
            replacement = legal.replacement
    contract: Contract | None = auction.contract()
    barred = outcome in BARRED
    restricted = barred  # Law 26B; after Law 37A the 27B restriction still stands
    specified = s.specified
    if specified is None:  # natural calls: a bid specifies the strain it names
        specified = specified_suits(auction, s.offender)
    rect = InsufficientBidRectification(
        offender=s.offender,
        insufficient_bid=str(s.bid.bid),
        call_index=s.bid.call_index,
        lowest_sufficient_same_denomination=(
            str(s.bid.lowest_sufficient) if s.bid.lowest_sufficient else None
        ),
        accept_chooser=s.offender.lho,
        accepted=accepted,
        replacement=str(replacement) if replacement is not None else None,
        attempted_replacement=str(attempted) if attempted is not None else None,
        replacement_kind=kind,
        partner_barred=barred,
        offender_barred=outcome == "barred_call_cancelled",
        lead_restrictions=restricted,
    )
    if restricted:
        rect.restricted_leader = s.offender.partner
        rect.forbid_suits = law_26b_forbid_suits(specified)
    if contract is not None and not contract.is_passed_out:
        rect.contract = str(contract)
        rect.declarer = contract.declarer
        rect.opening_leader = contract.declarer.lho if contract.declarer else None
        play = s.board.play_obj if s.board.deal else None
        if play is not None and play.tricks and play.tricks[0].cards:
            rect.opening_lead = str(play.tricks[0].cards[0])
    return rect


def _by_side_text(adjustment: InsufficientBidAdjustment | None) -> str:
    """Each side's Law 27D score from its own view (they differ under Law 12C1(e))."""
    if adjustment is None or not adjustment.by_side:
        return ""
    if not adjustment.adjusted:
        return adjustment.note
    return f"{adjustment.note} {by_side_text(adjustment)}"


def _lead_text(rect: InsufficientBidRectification, judged: bool = False) -> str:
    """Law 26B on the contract reached (procedures.lead_restrictions)."""
    if not rect.lead_restrictions or rect.declarer is None:
        return ""
    leader = rect.restricted_leader
    if leader is None or rect.opening_leader is None:
        raise RecordError("the restricted leader is not known")
    return law_26b_text(
        rect.offender,
        leader,
        rect.forbid_suits,
        rect.contract,
        rect.declarer,
        opening_lead=rect.opening_lead,
        judged=judged,
    )


class InsufficientBidAdjustment(ScoreAdjustment):
    """Law 27D: the Law 12C score had the insufficient bid never been made."""

    adjusted: bool = True  # Law 27D found damage, even before the results are entered
    score_ns_weighted: float | None = None  # the weighted NS points (older name, kept)


def _parsed(answers: dict[str, str], name: str) -> list[PossibleResult]:
    try:
        return parse_results(answers[name])
    except RecordError as error:
        raise error.located(f"answer {name}") from None


def _units(answers: dict[str, str]) -> tuple[int | None, list[int]]:
    """The other table's NS score (teams) or the traveller's other NS scores (pairs)."""
    comparison: int | None = None
    traveller: list[int] = []
    if answers.get("comparison", "").strip():
        try:
            comparison = parse_comparison(answers["comparison"])
        except RecordError as error:
            raise error.located("answer comparison") from None
    if answers.get("traveller", "").strip() and not traveller_left_out(answers):
        try:
            traveller = parse_traveller(answers["traveller"])
        except RecordError as error:
            raise error.located("answer traveller") from None
    return comparison, traveller


def _self_inflicted_method() -> SelfInflictedMethod:
    from td_assist.settings import load_settings  # settings import this package

    return load_settings().self_inflicted_method


def law_27d_score(
    board: Board, offender: Seat, answers: dict[str, str]
) -> InsufficientBidAdjustment:
    """Law 27D through Law 12C (procedures.adjusted_scores): each probable result scored,
    IMPed or matchpointed, then weighted; Law 12C1(e) when the non-offenders' serious
    error added to their damage (``serious_error`` and ``result_without_error``)."""
    table = table_result(board, answers)
    adjustment = InsufficientBidAdjustment(laws=["27D"])
    if table is not None:
        adjustment.declarer = board.declarer_seat
        adjustment.declarer_tricks_played = table.tricks
        adjustment.score_ns_played = table.score_ns(board.vulnerability)
    if not answers.get("results", "").strip():
        adjustment.note = _(
            "Enter the probable results as 'results' (e.g. 4S S 10 0.6; 3S S 9 0.4) to "
            "compute the weighted score."
        )
        return adjustment
    results = _parsed(answers, "results")
    comparison, traveller = _units(answers)
    without_error = None
    if answers.get("serious_error") == "yes":
        if not answers.get("result_without_error", "").strip():
            raise AnswerError(
                _(
                    "Law 12C1(e) needs the result the non-offenders would have had without "
                    "their serious error (e.g. 4SX E 8)"
                ),
                where="answer result_without_error",
            )
        if table is None:
            raise AnswerError(
                _(
                    "Law 12C1(e) compares with the table result: give the contract and "
                    "declarer's tricks"
                ),
                where="answer serious_error",
            )
        without_error = _parsed(answers, "result_without_error")
    answer = adjusted_score(
        results,
        board.vulnerability,
        comparison=comparison,
        traveller=traveller,
        table_result=[table] if without_error is not None and table is not None else None,
        without_error=without_error,
        non_offenders=offender.side.other,
        method=_self_inflicted_method(),
        deal=board.deal,
    )
    not_damaged = no_damage(
        answer, table, offender.side.other, board.vulnerability, comparison, traveller
    )
    if not_damaged:
        adjustment.table_stands(table, board.vulnerability, comparison, traveller)
        adjustment.note = not_damaged
        adjustment.laws.append("12B1")
        return adjustment
    adjustment.take(answer)
    adjustment.score_ns_weighted = answer.score_ns_final
    adjustment.note = _("Weighted North-South score: {sum} = {score}.").format(
        sum=" + ".join(f"{line.weight:g} x {line.score_ns}" for line in answer.weighted),
        score=f"{answer.score_ns_final:g}",
    )
    return adjustment


def board_as_ruled(board: Board, answers: dict[str, str]) -> Board:
    """The record read as the TD found it: the first insufficient bid accepted or not."""
    bids = board.insufficient_bids
    if answers.get("accepted") not in ("yes", "no") or not bids or _turn_answer(answers) != "own":
        return board
    try:
        index = _call_index_answer(answers) or bids[0].call_index
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
                "(TD)  Law 27A2: who bid, seen from the player whose turn the record gives "
                "it to: own (in turn), rho, partner or lho; out of rotation, the "
                "call-out-of-rotation wizard rules it",
            ),
            AnswerHelp(
                "accepted",
                "(TD)  Did LHO accept the insufficient bid (or the bid out of rotation)  "
                "[yes | no]",
            ),
            AnswerHelp(
                "call_index",
                "(TD)  Which call of the auction was insufficient (1-based); the first "
                "insufficient bid when not given",
            ),
            AnswerHelp("replacement", "(TD)  The offender's legal call in its place  [e.g. 2H, P]"),
            AnswerHelp(
                "attempted_replacement",
                "(TD)  An illegal call tried first: a double, redouble or insufficient bid",
            ),
            AnswerHelp(
                "specified_suits",
                "(TD)  Law 26B: the suits the offender's legal calls specified, when a call "
                "was artificial  [e.g. SH, or none]",
            ),
            AnswerHelp("damaged", "(TD)  Law 27D: non-offenders damaged  [yes | no]"),
            AnswerHelp(
                "results",
                "(TD)  Law 27D probable results: contract declarer tricks weight; ... "
                "[e.g. 4S S 10 0.6; 3S S 9 0.4]",
            ),
            AnswerHelp("comparison", "(TD)  Law 27D, teams: NS points at the other table"),
            AnswerHelp("traveller", "(TD)  Law 27D, pairs: the other NS scores, comma-separated"),
            AnswerHelp(
                "serious_error",
                "(TD)  Law 12C1(e): the non-offenders added to their damage by a serious "
                "error  [yes | no]",
            ),
            AnswerHelp(
                "result_without_error",
                '(TD)  Law 12C1(e): the result without the non-offenders\' error, "4SX E 8"',
            ),
            AnswerHelp(
                "barred_partner_called", "(TD)  The barred partner bid, doubled or redoubled"
            ),
            *(
                AnswerHelp(
                    name,
                    f"(TD)  Older name of {OUT_OF_ROTATION_ANSWERS[name]}, for a "
                    "bid out of rotation",
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
            'The irregularity in a .json request: {"kind": "insufficient_bid", "call_index": 2} '
            "(1-based in the recorded auction; the first insufficient bid when left out). "
            "Law 27D scores are Law 12C scores: each result is scored, then IMPed or "
            "matchpointed, then weighted; the Law 12C1(e) method is set in settings.toml."
        ),
    )
)
