import pytest

from td_assist.bridge.cards import Card, Seat
from td_assist.bridge.deal import Deal, Hand, Vulnerability, board_dealer, board_vulnerability
from td_assist.bridge.errors import RecordError

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

# Law 2 table, from ../shared/reference/seed-facts.md
LAW2 = {
    1: ("N", "None"),
    2: ("E", "NS"),
    3: ("S", "EW"),
    4: ("W", "All"),
    5: ("N", "NS"),
    6: ("E", "EW"),
    7: ("S", "All"),
    8: ("W", "None"),
    9: ("N", "EW"),
    10: ("E", "All"),
    11: ("S", "None"),
    12: ("W", "NS"),
    13: ("N", "All"),
    14: ("E", "None"),
    15: ("S", "NS"),
    16: ("W", "EW"),
}


@pytest.mark.parametrize("number", range(1, 65))
def test_board_number_gives_dealer_and_vulnerability(number):
    dealer, vul = LAW2[(number - 1) % 16 + 1]
    assert board_dealer(number) is Seat(dealer)
    assert board_vulnerability(number) is Vulnerability(vul)


def test_board_number_must_be_positive():
    with pytest.raises(RecordError):
        board_dealer(0)


def test_only_declaring_side_vulnerability_matters():
    assert Vulnerability.NS.is_vulnerable(Seat.S) and not Vulnerability.NS.is_vulnerable(Seat.E)
    assert Vulnerability.ALL.is_vulnerable(Seat.W) and not Vulnerability.NONE.is_vulnerable(Seat.N)


def test_deal_round_trips_pbn_from_any_first_seat():
    deal = Deal.from_pbn(DEAL)
    assert deal.to_pbn() == DEAL
    rotated = Deal.from_pbn("E:" + " ".join(DEAL[2:].split()[1:] + DEAL[2:].split()[:1]))
    assert rotated == deal
    assert str(deal.hand(Seat.W)) == "432.AKQJ.T98.765"


def test_duplicate_card_is_named_with_both_hands():
    bad = "N:AKQJ.T98.765.432 AKQJ.765.432.AKQ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    with pytest.raises(RecordError, match="card SA is in both North and East"):
        Deal.from_pbn(bad)


def test_wrong_card_count_is_named():
    with pytest.raises(RecordError, match="North has 12 cards, not 13"):
        Deal.from_pbn("N:AKQ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def test_one_unknown_hand_is_filled_in():
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 -")
    assert str(deal.hand(Seat.W)) == "432.AKQJ.T98.765" and deal.is_complete


def test_hand_helpers():
    hand = Hand.from_pbn("AKQJ.T98.765.432")
    assert len(hand) == 13 and Card.parse("SA") in hand and hand.hcp() == 10
    assert [str(c) for c in hand.suit_cards(Card.parse("H9").suit)] == ["HT", "H9", "H8"]
    with pytest.raises(RecordError, match="four suits"):
        Hand.from_pbn("AKQ.JT9")
