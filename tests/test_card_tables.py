"""The tables of the 52 cards that hands and the play are read and shown with (issue 29):
they give what the key functions and card-by-card reading gave, and a bad hand or deal
still gets the first of its problems, in the order the record is read."""

from __future__ import annotations

import random

import pytest

from td_assist.bridge.cards import ALL_CARDS, CARD_NAMED, CARD_PLACE, Card, Rank, Seat, Suit
from td_assist.bridge.deal import Deal, Hand
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Play

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_the_places_follow_the_shown_order_of_suits_and_ranks():
    assert sorted(ALL_CARDS, key=CARD_PLACE.__getitem__) == sorted(
        ALL_CARDS, key=lambda card: card.sort_key
    )
    assert [str(card) for card in sorted(ALL_CARDS, key=CARD_PLACE.__getitem__)][:3] == [
        "SA",
        "SK",
        "SQ",
    ]


def test_every_spelling_of_a_card_reads_as_its_one_object():
    for card in ALL_CARDS:
        assert CARD_NAMED[str(card)] is card
    assert Card.parse("h10") is CARD_NAMED["HT"] and Card.parse("♠q") is CARD_NAMED["SQ"]


def test_a_hand_is_written_and_sorted_as_suit_by_suit_from_the_top():
    rng = random.Random(29)
    for _ in range(50):
        cards = rng.sample(ALL_CARDS, rng.randrange(1, 14))
        # built from fresh Card objects, as code outside the readers may build them
        hand = Hand.of(Card(Suit(c.suit.value), Rank(c.rank.value)) for c in cards)
        by_suit = [
            "".join(c.rank.value for c in sorted(cards, key=lambda c: c.sort_key) if c.suit is s)
            for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
        ]
        assert str(hand) == ".".join(by_suit)
        assert list(hand) == sorted(cards, key=lambda c: c.sort_key)
        assert Hand.from_pbn(str(hand)) == hand


@pytest.mark.parametrize(
    ("deal", "problem"),
    [
        # a repeated ace comes before the unknown letter in the next suit
        ("N:AKA.X.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "SA appears twice"),
        ("N:AKQJ.T98.765.43X T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "'X' is not"),
        # North and East share the spade ace; South is short too, but is read after them
        (
            "N:AKQJ.T98.765.432 AKQ.765.432.AKQJ 765.432.AKQJ.T9 432.AKQJ.T98.765",
            "card SA is in both North and East",
        ),
        # North is short; East's extra club is a clash read after North's count
        (
            "N:AKQJ.T98.765.43 T98.765.432.AKQJ2 765.432.AKQJ.T98 432.AKQJ.T98.765",
            "North has 12 cards, not 13",
        ),
        (
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ2 765.432.AKQJ.T98 432.AKQJ.T98.765",
            "East has 14 cards, not 13",
        ),
    ],
)
def test_a_bad_deal_is_told_its_first_problem(deal, problem):
    with pytest.raises(RecordError, match=problem):
        Deal.from_pbn(deal)


def test_the_one_hand_left_out_is_the_thirteen_cards_no_other_holds():
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 -")
    assert str(deal.hand(Seat.W)) == "432.AKQJ.T98.765"
    assert deal.holder(CARD_NAMED["HA"]) is Seat.W


def test_a_card_in_two_hands_of_a_deal_built_in_code_is_north_firsts():
    hands = [Hand.from_pbn(text) for text in DEAL[2:].split()]
    hands[1] = Hand(hands[1].cards | {CARD_NAMED["SA"]})
    deal = Deal((hands[0], hands[1], hands[2], hands[3]))
    assert deal.holder(CARD_NAMED["SA"]) is Seat.N
    assert deal.holder(CARD_NAMED["S2"]) is Seat.W


def test_what_a_player_held_before_each_trick_drops_the_cards_played():
    play = Play.parse(Deal.from_pbn(DEAL), None, Seat.E, "H7 H4 HA HT S2 SA ST S7")
    assert str(play.holding(Seat.W, 1)) == "432.AKQJ.T98.765"
    assert str(play.holding(Seat.W, 2)) == "432.KQJ.T98.765"
    assert str(play.holding(Seat.W, 3)) == "43.KQJ.T98.765"
    assert str(play.holding(Seat.N, 3)) == "KQJ.98.765.432"
