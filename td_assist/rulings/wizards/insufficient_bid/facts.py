"""The insufficient-bid tree's facts, answered from the recorded auction."""

from __future__ import annotations

from td_assist.bridge.auction import (
    INSUFFICIENT_MARK,
    CallKind,
)
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.procedures.barred_partner import (
    first_call_over,
)
from td_assist.rulings.wizards.insufficient_bid.report import Situation

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
