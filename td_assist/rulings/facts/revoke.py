"""Facts about a revoke, read from the recorded deal, contract and play (Laws 61-64)."""

from __future__ import annotations

from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.play import Play, Revoke
from td_assist.rulings.facts import Context, FactResult, fact


def _play(ctx: Context) -> Play | None:
    return ctx.board.play_obj if ctx.board is not None else None


def _role(ctx: Context, seat: Seat) -> str:
    declarer = ctx.board.declarer_seat if ctx.board else None
    if declarer is None:
        return "unknown"
    if seat is declarer:
        return "declarer"
    return "dummy" if seat is declarer.partner else "defender"


def _who(ctx: Context, seat: Seat) -> str:
    role = _role(ctx, seat)
    return f"{seat.name_full} ({role})" if role != "unknown" else seat.name_full


def side_totals(ctx: Context) -> dict[Side, int] | None:
    """Each side's tricks at the end, when the record settles them (play or claim)."""
    play, board = _play(ctx), ctx.board
    if play is None or board is None or board.declarer_seat is None:
        return None
    declarer_side = board.declarer_seat.side
    if play.is_finished:
        return {side: play.tricks_won_by(side) for side in Side}
    if board.claim is not None and play.completed_tricks == play.tricks:
        return {declarer_side: board.claim, declarer_side.other: 13 - board.claim}
    return None


def offending_tricks_from(ctx: Context, revoke: Revoke, after: bool) -> int | None:
    """Tricks the offending side won from the revoke trick on (``after``: only later ones)."""
    play = _play(ctx)
    totals = side_totals(ctx)
    if play is None or totals is None:
        return None
    side = revoke.seat.side
    before = sum(1 for t in play.tricks[: revoke.trick - 1] if t.winner and t.winner.side is side)
    on_revoke_trick = int(
        bool(
            play.tricks[revoke.trick - 1].winner
            and play.tricks[revoke.trick - 1].winner.side is side
        )
    )
    return totals[side] - before - (on_revoke_trick if after else 0)


@fact("revoke_in_record")
def revoke_in_record(ctx: Context) -> FactResult:
    play = _play(ctx)
    if play is None:
        return FactResult.unknown("The play is not recorded, so the record cannot show a revoke.")
    if ctx.focus is not None:
        r: Revoke = ctx.focus
        return FactResult("yes", [f"The record shows it: {r.evidence()}"])
    if play.revokes:  # the TD reported a revoke the record places elsewhere
        others = "; ".join(f"{o.seat.name_full} at trick {o.trick}" for o in play.revokes)
        return FactResult(
            "no",
            [
                f"The record shows no revoke by the player or at the trick reported; it shows "
                f"one by {others}. Correct the report, or answer 'yes' if the record is wrong."
            ],
        )
    return FactResult(
        "no",
        [
            f"Every card in the record ({len(play.cards)} played) followed suit where the player "
            "could; nobody discarded or ruffed while holding the suit led."
        ],
    )


@fact("revoke_established")
def revoke_established(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    play, board = _play(ctx), ctx.board
    if r is None or play is None or board is None:
        return FactResult.unknown("The record does not show what happened after the revoke.")
    offenders = {r.seat, r.seat.partner}
    later = [t for t in play.tricks if t.number > r.trick]
    for trick in later:
        for seat, card in zip(trick.seats, trick.cards):
            if seat in offenders:
                return FactResult(
                    "yes",
                    [
                        f"Established (Law 63A1): {_who(ctx, seat)} of the offending side played "
                        f"{card.pretty} to trick {trick.number}."
                    ],
                )
    if board.claim is not None:
        return FactResult(
            "yes",
            [
                "Established (Law 63A3-A4): the play ended in a claim or concession, which the "
                "offending side made or agreed to."
            ],
        )
    nxt = r.trick + 1
    return FactResult(
        "no",
        [
            f"Not established: neither {r.seat.name_full} nor {r.seat.partner.name_full} has "
            f"played to trick {nxt}, and there was no claim or concession (Law 63A)."
        ],
    )


@fact("offender_role")
def offender_role(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    if r is None or ctx.board is None or ctx.board.declarer_seat is None:
        return FactResult.unknown("The record does not say who revoked or who is declarer.")
    role = _role(ctx, r.seat)
    value = "defender" if role == "defender" else "declaring_side"
    return FactResult(value, [f"The offender is {_who(ctx, r.seat)}."])


@fact("revoke_on_trick_12")
def revoke_on_trick_12(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    if r is None:
        return FactResult.unknown("The record does not show at which trick the revoke happened.")
    return FactResult("yes" if r.trick == 12 else "no", [f"The revoke was at trick {r.trick}."])


@fact("revoke_by_dummy_or_penalty_card")
def revoke_by_dummy_or_penalty_card(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    if r is None or ctx.board is None or ctx.board.declarer_seat is None:
        return FactResult.unknown("The record does not say who revoked.")
    if _role(ctx, r.seat) == "dummy":
        return FactResult(
            "yes", [f"The card not played was one of dummy's: {_who(ctx, r.seat)} (Law 64B3)."]
        )
    return FactResult(
        "no",
        [
            f"{_who(ctx, r.seat)} failed to follow suit from his own hand; the record shows no "
            "penalty card (a TD who knows otherwise answers 'yes')."
        ],
    )


@fact("second_revoke_same_suit")
def second_revoke_same_suit(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    play = _play(ctx)
    if r is None or play is None:
        return FactResult.unknown("The record does not show the earlier play.")
    earlier = [
        e
        for e in play.revokes
        if e.trick < r.trick and e.seat is r.seat and e.led_suit is r.led_suit
    ]
    if earlier:
        first = earlier[0]
        return FactResult(
            "yes",
            [
                f"{r.seat.name_full} already revoked in {r.led_suit.symbol} at trick "
                f"{first.trick}; this is a later revoke in the same suit (Law 64B2)."
            ],
        )
    return FactResult(
        "no", [f"No earlier revoke in {r.led_suit.symbol} by {r.seat.name_full} on this board."]
    )


@fact("both_sides_revoked")
def both_sides_revoked(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    play = _play(ctx)
    if r is None or play is None:
        return FactResult.unknown("The record does not show the whole play.")
    other = [o for o in play.revokes if o.seat.side is not r.seat.side]
    if other:
        o = other[0]
        return FactResult(
            "yes",
            [f"The other side revoked too: {o.seat.name_full} at trick {o.trick} (Law 64B7)."],
        )
    return FactResult("no", ["Only one side revoked on this board."])


@fact("offending_side_won_a_trick")
def offending_side_won_a_trick(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    if r is None:
        return FactResult.unknown("The record does not show the revoke.")
    won = offending_tricks_from(ctx, r, after=False)
    if won is None:
        return FactResult.unknown(
            "The play after the revoke is not recorded to the end (and there is no claim)."
        )
    side = "North-South" if r.seat.side is Side.NS else "East-West"
    if won == 0:
        return FactResult(
            "no", [f"{side} won no trick from trick {r.trick} to the end (Law 64B1)."]
        )
    return FactResult("yes", [f"{side} won {won} trick(s) from trick {r.trick} to the end."])


@fact("offender_won_revoke_trick")
def offender_won_revoke_trick(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    play = _play(ctx)
    if r is None or play is None:
        return FactResult.unknown("The record does not show the revoke trick.")
    winner = play.tricks[r.trick - 1].winner
    if winner is None:
        return FactResult.unknown(f"Trick {r.trick} is not complete in the record.")
    if winner is r.seat:
        return FactResult("yes", [f"{_who(ctx, winner)} won the revoke trick (trick {r.trick})."])
    note = ""
    if _role(ctx, r.seat) == "declarer" and winner is r.seat.partner:
        note = " A trick won by dummy is not won by declarer (Law 64A)."
    return FactResult(
        "no", [f"Trick {r.trick} was won by {_who(ctx, winner)}, not by the offender.{note}"]
    )


@fact("offending_side_won_later_trick")
def offending_side_won_later_trick(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    if r is None:
        return FactResult.unknown("The record does not show the revoke.")
    later = offending_tricks_from(ctx, r, after=True)
    if later is None:
        return FactResult.unknown("The play after the revoke is not recorded to the end.")
    if later == 0:
        return FactResult("no", [f"The offending side won no trick after trick {r.trick}."])
    return FactResult("yes", [f"The offending side won {later} trick(s) after trick {r.trick}."])
