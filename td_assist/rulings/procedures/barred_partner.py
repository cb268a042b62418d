"""A partner barred from calling (Laws 16C, 23, 26-32): the record's calls after the
offender's legal call, the barred partner's calls among them, the call over a barred
call, and the turns lost when a call out of rotation is accepted (Law 29A).

Shared by the wizards that bar the offender's partner; none of this is specific to an
insufficient bid. A call is numbered as in the record (1-based, the dealer's call is 1).
"""

from __future__ import annotations

from td_assist.bridge.auction import Auction, Call
from td_assist.bridge.cards import Seat
from td_assist.i18n import _

NumberedCall = tuple[int, Seat, Call]


def calls_after(auction: Auction, after: int) -> list[NumberedCall]:
    """(call number, seat, call) for every recorded call after call number ``after``.

    >>> a = Auction.parse(Seat.N, ["1H", "1S", "P", "P"])
    >>> [(n, s.value, str(c)) for n, s, c in calls_after(a, 2)]
    [(3, 'S', 'P'), (4, 'W', 'P')]
    """
    return [
        (i + 1, seat, call)
        for i, (seat, call) in enumerate(zip(auction.seats, auction.calls))
        if i >= after
    ]


def barred_partner_calls(after: list[NumberedCall], offender: Seat) -> list[tuple[int, Call]]:
    """The bids, doubles and redoubles by ``offender``'s partner among ``after`` (a pass
    keeps to the bar), with their call numbers.

    >>> a = Auction.parse(Seat.N, ["1H", "1S", "P", "2S"])
    >>> [(n, str(c)) for n, c in barred_partner_calls(calls_after(a, 2), Seat.E)]
    [(4, '2S')]
    """
    partner = offender.partner
    return [(number, call) for number, seat, call in after if seat is partner and not call.is_pass]


def first_call_over(after: list[NumberedCall], number: int) -> tuple[int, Call] | None:
    """The first call among ``after`` made after call number ``number`` (the call over it,
    by the barred partner's LHO), or None when the record stops there.

    >>> a = Auction.parse(Seat.N, ["1H", "1S", "P", "2S", "X"])
    >>> first_call_over(calls_after(a, 2), 4)[0]
    5
    """
    later = [(n, call) for n, _, call in after if n > number]
    return later[0] if later else None


def skipped_turns_text(offender: Seat, partner_passed_over: bool) -> str:
    """Who lost a turn when LHO accepted a call out of rotation (Law 29A): RHO always;
    the offender's partner too when he was the player passed over.

    >>> skipped_turns_text(Seat.S, False)
    'East has lost the turn passed over.'
    """
    rho = offender.rho.name_full
    if partner_passed_over:
        return _("{partner} and {rho} have lost the turns passed over.").format(
            partner=offender.partner.name_full, rho=rho
        )
    return _("{rho} has lost the turn passed over.").format(rho=rho)


def next_turn(auction: Auction, seat: Seat, after: int) -> int:
    """The number of ``seat``'s next call after call number ``after``, in rotation from
    the dealer, whether or not the record reaches it (a barred partner's next turn).

    >>> next_turn(Auction.parse(Seat.N, ["1H", "1S"]), Seat.S, 2)
    3
    """
    steps = (seat.index - auction.dealer.offset(after).index) % 4
    return after + 1 + steps


def call_at(auction: Auction, number: int) -> Call | None:
    """The recorded call number ``number``, or None when the record stops before it.

    >>> call_at(Auction.parse(Seat.N, ["1H", "1S"]), 3) is None
    True
    """
    return auction.calls[number - 1] if 1 <= number <= len(auction.calls) else None
