"""Auction and board situations told the way players tell them (issue 34, sq-calls).

A pass put down while the player in turn is still thinking is a call out of rotation
(Law 30), not a matter of tempo or courtesy; a wrong board found when the score is keyed
in, or by a player who remembers the deal, is Law 15; bids picked up before the Director
arrives break Law 9B2; an insufficient bid made over an overcall the bidder never saw is
Law 27. A player a card SHORT near the end has put two cards on one trick (Law 67B2); the
player who skipped a trick has a card over (Law 67B1). The sentences are our own, not
from the question sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("my left-hand opponent passed while I was still thinking about my call", 30),
        ("the scoring machine said we had played a different board number", 15),
        ("one player knew the deal because she had played the board earlier that afternoon", 15),
        ("the score entry showed the board number did not match the board on our table", 15),
        ("while we waited for the director somebody put the bids back in the box", 9),
        ("I never saw the intervening bid so my response was under it", 27),
    ],
)
def test_a_calls_or_board_situation_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law


@pytest.mark.parametrize(
    "question",
    [
        "near the end of the play one defender had a card fewer than everyone else",
        "declarer had no card left to play to the last trick",
    ],
)
def test_a_card_short_near_the_end_is_two_cards_on_one_trick(engine, question):
    # Law 67B1 is the player who contributed no card to a trick: he has a card OVER.
    assert engine.search(question).hits[0].anchor == "67B2"
