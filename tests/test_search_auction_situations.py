"""Auction-period situations told the way players tell them (issue 34, sq-auction2): a card
taken from the bidding box by mistake is an unintended call (Law 25), not the rule that
allows bidding boxes (Law 18F); a double naming the wrong bid is Law 19; an auction
repeated wrongly is Law 20E. The sentences are our own, not from the question sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("I reached into the bidding box and took out the wrong card", 25),
        ("she took the pass card from the bidding box by accident", 25),
        ("he doubled saying double three clubs but the bid was three diamonds", 19),
        ("the opponent repeated the bidding wrongly", 20),
    ],
)
def test_an_auction_situation_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law
