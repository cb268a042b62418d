import pytest

from td_assist.bridge.auction import Auction, Call, Contract
from td_assist.bridge.cards import Seat, Strain
from td_assist.bridge.errors import RecordError


def calls(text):
    return [Call.parse(t) for t in text.split()]


def test_call_parse_and_print():
    assert [str(c) for c in calls("1n 2nt pass dbl rdbl X XX 7s P")] == [
        "1NT",
        "2NT",
        "P",
        "X",
        "XX",
        "X",
        "XX",
        "7S",
        "P",
    ]
    for bad in ("8S", "0C", "1Z", "bid", ""):
        with pytest.raises(RecordError):
            Call.parse(bad)


def test_next_seat_rotates_from_dealer():
    auction = Auction.parse(Seat.W, "P 1H")
    assert auction.next_seat is Seat.E


def test_sufficiency_by_level_and_strain():
    auction = Auction.parse(Seat.N, "1S")
    assert not auction.is_legal(Call.parse("1H"))
    assert not auction.is_legal(Call.parse("1S"))
    assert auction.is_legal(Call.parse("1NT"))
    assert auction.is_legal(Call.parse("2C"))
    # A recorded insufficient bid is read (the TD was called for it), not rejected.
    bid = Auction.parse(Seat.N, "1S 2H 2D").insufficient_bids[0]
    assert (bid.call_index, bid.offender, str(bid.bid)) == (3, Seat.S, "2D")


def test_double_only_of_an_opponents_undoubled_bid():
    assert not Auction(Seat.N).is_legal(Call.parse("X"))  # nothing to double
    assert not Auction.parse(Seat.N, "1S P").is_legal(Call.parse("X"))  # partner's bid
    assert Auction.parse(Seat.N, "1S").is_legal(Call.parse("X"))
    assert not Auction.parse(Seat.N, "1S X P").is_legal(Call.parse("X"))  # already doubled
    assert Auction.parse(Seat.N, "1S P P").is_legal(Call.parse("X"))  # balancing double


def test_redouble_only_of_an_opponents_double_of_our_bid():
    assert Auction.parse(Seat.N, "1S X").is_legal(Call.parse("XX"))
    assert Auction.parse(Seat.N, "1S X P P").is_legal(Call.parse("XX"))
    assert not Auction.parse(Seat.N, "1S X P").is_legal(Call.parse("XX"))  # doubler's side
    assert not Auction.parse(Seat.N, "1S").is_legal(Call.parse("XX"))
    assert not Auction.parse(Seat.N, "1S X XX").is_legal(Call.parse("XX"))


def test_legal_calls_after_an_opponents_double():
    legal = {str(c) for c in Auction.parse(Seat.N, "1S X").legal_calls()}
    assert {"P", "XX", "1NT", "7NT"} <= legal and "X" not in legal and "1S" not in legal


def test_end_of_auction():
    assert not Auction.parse(Seat.N, "P P P").is_complete
    passed_out = Auction.parse(Seat.N, "P P P P")
    assert passed_out.is_complete and passed_out.is_passed_out
    assert passed_out.contract() == Contract.passed_out()
    assert Auction.parse(Seat.N, "1C P P P").is_complete
    assert not Auction.parse(Seat.N, "1C P P").is_complete
    with pytest.raises(RecordError, match="after the auction has ended"):
        Auction.parse(Seat.N, "1C P P P P")


def test_declarer_is_first_of_the_side_to_name_the_strain_not_the_last_bidder():
    # North opens 1H, South raises to 4H: North is declarer although South bid last.
    auction = Auction.parse(Seat.N, "1H P 2C P 2H P 4H P P P")
    assert auction.contract() == Contract(4, Strain.HEARTS, 0, Seat.N)
    assert auction.opening_leader() is Seat.E
    # East named hearts first, but NS play it: South, not North who bid 4H last.
    auction = Auction.parse(Seat.N, "1C 1H X 2H P P 3H P 4H P P P")
    assert auction.declarer() is Seat.S


def test_doubling_is_reset_by_a_new_bid():
    assert str(Auction.parse(Seat.N, "1S X 2H P P P").contract()) == "2H"
    assert str(Auction.parse(Seat.N, "1S X XX P P P").contract()) == "1SXX"


def test_lowest_sufficient_bid():
    auction = Auction.parse(Seat.N, "1S 2H")
    assert str(auction.lowest_sufficient_bid(Strain.HEARTS)) == "3H"
    assert str(auction.lowest_sufficient_bid(Strain.SPADES)) == "2S"
    assert str(auction.lowest_sufficient_bid(Strain.NOTRUMP)) == "2NT"
    assert str(auction.lowest_sufficient_bid(Strain.CLUBS)) == "3C"
    assert str(Auction(Seat.N).lowest_sufficient_bid(Strain.DIAMONDS)) == "1D"
    assert Auction.parse(Seat.N, "7S").lowest_sufficient_bid(Strain.HEARTS) is None
    assert str(Auction.parse(Seat.N, "7S").lowest_sufficient_bid(Strain.NOTRUMP)) == "7NT"


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubling", "declarer"),
    [
        ("4S", 4, "S", 0, None),
        ("3NTX", 3, "NT", 1, None),
        ("6HXX", 6, "H", 2, None),
        ("4H*", 4, "H", 1, None),
        ("4SXS", 4, "S", 1, "S"),
        ("3NTN", 3, "NT", 0, "N"),
        ("1N", 1, "NT", 0, None),
    ],
)
def test_contract_parse(text, level, strain, doubling, declarer):
    contract = Contract.parse(text)
    assert (contract.level, contract.strain.value, contract.doubling) == (level, strain, doubling)
    assert (contract.declarer.value if contract.declarer else None) == declarer


def test_contract_parse_errors():
    for bad in ("8S", "S4", "4Z", "XX", ""):
        with pytest.raises(RecordError):
            Contract.parse(bad)
    assert Contract.parse("Pass").is_passed_out


# An insufficient bid in the record is read, not rejected (Law 27; CONTRACTS.md) -----


def test_insufficient_bid_followed_by_the_offenders_replacement():
    # East's 1H over 1NT, replaced by East's own 2H; the auction goes on from South.
    auction = Auction.parse(Seat.N, "1NT 1H 2H P P P")
    (bid,) = auction.insufficient_bids
    assert (bid.call_index, bid.offender, str(bid.bid)) == (2, Seat.E, "1H")
    assert (bid.accepted, str(bid.replacement), bid.replacement_index) == (False, "2H", 3)
    assert str(bid.lowest_sufficient) == "2H" and not bid.marked
    assert bid.alternative == "accepted"  # LHO's 2H accepting it would read too
    assert [s.value for s in auction.seats] == ["N", "E", "E", "S", "W", "N"]
    assert auction.withdrawn == frozenset({1})
    assert (str(auction.contract()), auction.declarer()) == ("2H", Seat.E)


def test_forcing_the_accepted_reading_changes_seats_contract_and_declarer():
    auction = Auction.parse(Seat.N, "1NT 1H 2H P P P", accepted={2: True})
    (bid,) = auction.insufficient_bids
    assert bid.accepted and bid.marked and bid.replacement is None
    assert [s.value for s in auction.seats] == ["N", "E", "S", "W", "N", "E"]
    assert (str(auction.contract()), auction.declarer()) == ("2H", Seat.S)


def test_accepted_when_the_next_call_cannot_be_a_replacement():
    # South's 1H under partner's 1S; South may not double his partner's 1S, so the X
    # is West's, doubling the accepted 1H.
    auction = Auction.parse(Seat.N, "1S P 1H X P P P")
    (bid,) = auction.insufficient_bids
    assert bid.accepted and bid.alternative is None
    assert (str(auction.contract()), auction.declarer()) == ("1HX", Seat.S)


def test_pbn_marker_says_accepted():
    auction = Auction.parse(Seat.N, "1NT 1H 2H P P P", marks={1: ["^I"]})
    assert auction.insufficient_bids[0].accepted and auction.insufficient_bids[0].marked
    assert auction.declarer() is Seat.S


def test_withdrawn_insufficient_bid_does_not_make_its_player_declarer():
    # West's 1S (insufficient over 1NT) is replaced by 2S; East bids 4S later. East,
    # not West, first named spades for East-West in the auction that stands.
    auction = Auction.parse(Seat.S, "1NT 1S 2S P 3S P 4S P P P")
    (bid,) = auction.insufficient_bids
    assert (bid.offender, bid.accepted) == (Seat.W, False)
    assert auction.declarer() is Seat.W  # his replacement 2S named spades first
    replaced_by_pass = Auction.parse(Seat.S, "1NT 1S P P 2S P P P")
    assert replaced_by_pass.insufficient_bids[0].replacement == Call.parse("P")
    assert replaced_by_pass.declarer() is Seat.E  # West's withdrawn 1S does not count


def test_the_record_stops_at_the_insufficient_bid():
    auction = Auction.parse(Seat.N, "1S 1H")
    (bid,) = auction.insufficient_bids
    assert bid.accepted is None and bid.replacement is None
    assert not auction.is_complete and auction.contract() is None
    assert auction.next_seat is Seat.S  # the offender's LHO decides whether to accept
    forced = Auction.parse(Seat.N, "1S 1H", accepted={2: False})
    assert forced.next_seat is Seat.E  # the offender must replace it


def test_lowest_sufficient_bid_in_the_same_strain_or_none_at_the_top():
    assert str(Auction.parse(Seat.N, "2NT 2S").insufficient_bids[0].lowest_sufficient) == "3S"
    top = Auction.parse(Seat.N, "7NT 7S").insufficient_bids[0]
    assert top.lowest_sufficient is None


def test_skipped_turn_keeps_later_calls_in_their_seats():
    auction = Auction.parse(Seat.N, "1S 2S P P P", marks={1: ["^S"]})
    assert [s.value for s in auction.seats] == ["N", "S", "W", "N", "E"]
    assert auction.skipped == ((2, Seat.E),)
    assert (str(auction.contract()), auction.declarer()) == ("2S", Seat.N)


def test_other_illegal_calls_are_still_errors():
    with pytest.raises(RecordError, match="Auction call 3: X is not allowed"):
        Auction.parse(Seat.N, "1S P X")
    with pytest.raises(RecordError, match="Auction call 5: P comes after the auction has ended"):
        Auction.parse(Seat.N, "P P P P P")
    with pytest.raises(RecordError, match="more than 6 insufficient bids"):
        Auction.parse(Seat.N, "7NT " + "1C " * 8)
