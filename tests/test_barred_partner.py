"""The barred-partner procedure (Laws 23, 26-32): the offender's partner's next turn,
his calls after the offender's legal call, the call over a barred call, and the turns
lost when a call out of rotation is accepted (Law 29A)."""

from __future__ import annotations

import doctest

from td_assist.bridge.auction import Auction, Call
from td_assist.bridge.cards import Seat
from td_assist.rulings.procedures import barred_partner
from td_assist.rulings.procedures.barred_partner import (
    barred_partner_calls,
    call_at,
    calls_after,
    first_call_over,
    next_turn,
    skipped_turns_text,
)


def test_docstring_examples_hold() -> None:
    failed, tried = doctest.testmod(barred_partner)
    assert tried > 0 and failed == 0


def test_partner_next_turn_is_two_calls_after_the_offender() -> None:
    # North deals; East (call 2) offends: West, his partner, calls next at call 4.
    auction = Auction.parse(Seat.N, ["1H", "1S"])
    assert next_turn(auction, Seat.W, 2) == 4
    assert next_turn(auction, Seat.E.partner, 2) == 4


def test_next_turn_wraps_round_the_table() -> None:
    auction = Auction.parse(Seat.N, ["1H", "1S", "P", "P"])
    assert next_turn(auction, Seat.N, 4) == 5
    # The seat that made call 4 next calls a full round later.
    assert next_turn(auction, Seat.W, 4) == 8
    # Dealer East: call 1 is East's, South's is call 2, North's call 4.
    assert next_turn(Auction.parse(Seat.E, []), Seat.S, 0) == 2
    assert next_turn(Auction.parse(Seat.E, []), Seat.N, 0) == 4


def test_call_at_the_partner_turn_reads_the_record_or_none() -> None:
    auction = Auction.parse(Seat.N, ["1H", "1S", "P", "2S"])
    turn = next_turn(auction, Seat.W, 2)
    assert call_at(auction, turn) == Call.parse("2S")
    assert call_at(auction, next_turn(auction, Seat.W, turn)) is None
    assert call_at(auction, 0) is None


def test_barred_partner_calls_count_bids_doubles_redoubles_not_passes() -> None:
    # North deals; East offends at call 2; West (his partner) passes, then doubles.
    auction = Auction.parse(Seat.N, ["1H", "1S", "P", "P", "2H", "P", "P", "X", "P"])
    after = calls_after(auction, 2)
    assert [n for n, _, _ in after] == list(range(3, 10))
    assert barred_partner_calls(after, Seat.E) == [(8, Call.parse("X"))]
    # North's partner (South) made no call but passes.
    assert barred_partner_calls(after, Seat.N) == []


def test_first_call_over_a_barred_call_is_the_partners_lho() -> None:
    auction = Auction.parse(Seat.N, ["1H", "1S", "P", "2S", "X"])
    after = calls_after(auction, 2)
    number, _ = barred_partner_calls(after, Seat.E)[0]
    over = first_call_over(after, number)
    assert over == (5, Call.parse("X"))
    assert auction.seats[over[0] - 1] is Seat.W.lho
    # The record stops at the barred call: no call over it yet.
    stops = Auction.parse(Seat.N, ["1H", "1S", "P", "2S"])
    assert first_call_over(calls_after(stops, 2), 4) is None


def test_law_29a_lost_turns() -> None:
    # South bid in East's turn: East (his RHO) was passed over.
    assert skipped_turns_text(Seat.S, False) == "East has lost the turn passed over."
    # South bid in his partner's turn: North and East were passed over.
    assert skipped_turns_text(Seat.S, True) == "North and East have lost the turns passed over."
