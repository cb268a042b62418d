"""The deal and the auction told the way players tell them (issue 34, sq-auction7): cards
dealt in twos or a card glimpsed while shuffling is Law 6 (not Law 87 or Law 13), which of
two bids is higher is Law 18 and not the insufficient bid of Law 27, three passes in a row
close the auction (Law 22), bidding with the hand of the board before is Law 15 and not
a call after the final pass (Law 39), and the auction period lasts until the lead is
faced (Law 17). The sentences are our own, not from the question sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        (
            "the dealer handed out two cards at a time to some of us, one at a time to others",
            6,
        ),
        ("while he was shuffling I caught sight of one of his cards, nobody has bid yet", 6),
        ("which is the higher bid, two clubs or one no trump", 18),
        ("Was genau ist ein Gebot, nur Stufe und Farbe? Ist Passe auch eins?", 18),
        ("three passes in a row after the last bid, is the bidding finished", 22),
        (
            "we realised after three passes that the opener was still holding his cards from "
            "the previous deal",
            15,
        ),
    ],
)
def test_a_deal_or_auction_situation_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law


def test_the_auction_period_until_the_lead_is_faced_is_law_17_in_the_top_three(engine):
    hits = engine.search("does the auction period last until the opening lead is faced").hits
    assert 17 in [hit.law for hit in hits[:3]]
