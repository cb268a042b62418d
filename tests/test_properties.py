"""Random and mutated records: every parser either reads them or raises RecordError."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from td_assist.bridge.auction import Auction, Call
from td_assist.bridge.cards import ALL_CARDS, Seat
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import parse_record
from td_assist.bridge.formats.lin import parse_lin
from td_assist.bridge.formats.pbn import boards_to_pbn, parse_pbn
from td_assist.bridge.formats.text import board_to_text, parse_text
from tests.test_formats import LIN, PBN

PARSERS = (parse_pbn, parse_lin, parse_text)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def only_record_errors(parser, text):
    try:
        parser(text)
    except RecordError as error:
        assert str(error)  # a message, never empty


@SETTINGS
@given(st.text(max_size=400))
def test_random_text_never_crashes_any_parser(text):
    for parser in PARSERS:
        only_record_errors(parser, text)
    for fmt in ("json", "pbn", "lin", "text"):
        only_record_errors(lambda t, f=fmt: parse_record(t, f), text)


def mutate(text: str, rng: random.Random, edits: int) -> str:
    chars = list(text)
    alphabet = 'SHDCNTAKQJ98765432PX-=*[]"{}|;.:^!#\n 0'
    for _ in range(edits):
        choice = rng.random()
        pos = rng.randrange(len(chars) + 1)
        if choice < 0.4 and chars:
            chars[min(pos, len(chars) - 1)] = rng.choice(alphabet)
        elif choice < 0.7:
            chars.insert(pos, rng.choice(alphabet))
        elif chars:
            del chars[min(pos, len(chars) - 1)]
    return "".join(chars)


@SETTINGS
@given(st.integers(0, 10**9), st.integers(1, 8))
def test_mutated_pbn_lin_and_text_records(seed, edits):
    rng = random.Random(seed)
    text_record = board_to_text(parse_pbn(PBN)[0])
    for parser, source in ((parse_pbn, PBN), (parse_lin, LIN), (parse_text, text_record)):
        only_record_errors(parser, mutate(source, rng, edits))


@SETTINGS
@given(
    st.lists(st.sampled_from(["P", "X", "XX", "1C", "1NT", "2H", "3S", "7NT", "4D"]), max_size=14),
    st.sampled_from(list(Seat)),
)
def test_random_auctions_are_legal_or_name_the_call(calls, dealer):
    try:
        auction = Auction.parse(dealer, calls)
    except RecordError as error:
        assert str(error).startswith("Auction call ")
        return
    assert [str(c) for c in auction.calls] == [str(Call.parse(c)) for c in calls]


@SETTINGS
@given(st.integers(0, 10**9))
def test_random_complete_boards_round_trip_through_pbn_and_text(seed):
    from benchmarks.make_fixture import random_board

    board = random_board(seed % 32 + 1, random.Random(seed), revoke=seed % 2 == 0)
    assert parse_pbn(boards_to_pbn([board])) == [board]
    assert parse_text(board_to_text(board))[0].model_dump() == board.model_dump()
    assert sorted(str(c) for c in board.cards_played) == sorted(str(c) for c in ALL_CARDS)


@SETTINGS
@given(
    st.lists(st.sampled_from(["P", "X", "1C", "1H", "1NT", "2C", "2H", "3S", "2D"]), max_size=12),
    st.sampled_from(list(Seat)),
    st.booleans(),
)
def test_an_auction_read_with_insufficient_bids_stands_as_a_legal_auction(calls, dealer, accept):
    """Whatever reading is taken, the calls that stand form a legal auction, and every
    seat calls in rotation except the offender replacing his own insufficient bid."""
    try:
        first = Auction.parse(dealer, calls)
        forced = {b.call_index: accept for b in first.insufficient_bids}
        auction = Auction.parse(dealer, calls, accepted=forced) if forced else first
    except RecordError as error:
        assert str(error).startswith("Auction call ")
        return
    standing = auction.effective_calls()
    every = {position: True for position in range(1, len(standing) + 1)}
    again = Auction.parse(dealer, [call for _, call in standing], accepted=every)
    assert list(again.seats) == [seat for seat, _ in standing]
    assert all(bid.accepted for bid in again.insufficient_bids)  # none withdrawn now
    assert again.contract() == auction.contract()
    replacements = {b.replacement_index for b in auction.insufficient_bids if b.replacement}
    for index in range(1, len(auction.seats)):
        step = 0 if index + 1 in replacements else 1
        assert auction.seats[index] is auction.seats[index - 1].offset(step)
