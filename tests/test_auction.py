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
