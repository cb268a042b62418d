"""Auction and play situations told the way players tell them (issue 34, sq-en8): a
double spoken with the contract named is still a plain double (Law 19A2), a double that
a later bid wiped out (Law 19C), a redouble of partner's double cancelled with partner
barred (Law 36B2), a bid of eight replaced by a pass (Law 38C), a defender who doubles
after the final pass (Law 39C), a player void in the suit led who ruffs or throws any
card (Law 44D), a discard that cannot win the trick (Law 44F) and a defender left only
with the suit declarer banned (Law 59). The sentences are our own, not from the question
sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("my LHO said 'double three spades' rather than simply double", 19),
        ("on a spade lead he threw the ace of diamonds, does his ace take the trick", 44),
    ],
)
def test_a_situation_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("they doubled two hearts, then partner bid three clubs: is our contract doubled", 19),
        ("I was out of hearts when a heart was led, may I trump or throw anything", 44),
        ("declarer banned a heart lead but I only had hearts left", 59),
    ],
)
def test_a_situation_finds_its_law_in_the_top_three(engine, question, law):
    assert law in [hit.law for hit in engine.search(question).hits[:3]]


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        # the inadmissible redouble and the partner's bar, not Law 36B in general
        ("he redoubled his own partner's double and the director cancelled it", "36B2"),
        # the eight-level bid is already cancelled: what replaces it
        ("an opponent bid eight diamonds, the director cancelled it and now we must pass", "38C"),
        # a double by a defender, not a pass or a call by the declaring side (39B)
        ("after all four had called and three passes ended it, the opening leader doubled", "39C"),
    ],
)
def test_a_situation_finds_its_section_first(engine, question, anchor):
    assert engine.search(question).hits[0].anchor == anchor
