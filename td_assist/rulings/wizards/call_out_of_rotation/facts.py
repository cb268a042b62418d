"""The call-out-of-rotation tree's facts, answered from the two readings of the record."""

from __future__ import annotations

from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.wizards.call_out_of_rotation.report import Situation

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
