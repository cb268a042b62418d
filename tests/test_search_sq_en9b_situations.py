"""Play situations told the way players tell them (issue 34, sq-en9b, Laws 41-72): declarer
leaves the choice of dummy's card open (Law 46B5), names a card dummy does not hold (Law
46B4) or asks dummy for a discard while dummy can still follow (Law 42A3), a player trumps
and at once follows suit instead (Law 62A), and one defender agrees to declarer's claim
while the other does not object (Law 69A). Each question missed its section (or ranked it
lower) before the English lines in laws/phrasings.toml were added. The sentences are our
own, not from the question sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        # "any card" from a void dummy: the defence picks (46B5), not a suit named (46B2)
        ("dummy had no cards in the suit and declarer just said you pick", "46B5"),
        # a claim one defender accepted: agreement (69A), not a later withdrawal (69B2)
        ("my partner accepted the claim but I didn't, and we went on to the next board", "69A"),
    ],
)
def test_a_situation_finds_its_section_in_the_top_two(engine, question, anchor):
    assert anchor in [hit.anchor for hit in engine.search(question).hits[:2]]


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        # the called card is not in dummy at all: no slip of the tongue (45C4b) to correct
        (
            "the declarer asked the table for the nine of clubs, but there was no such card "
            "in dummy",
            "46B4",
        ),
    ],
)
def test_a_situation_finds_its_section_first(engine, question, anchor):
    assert engine.search(question).hits[0].anchor == anchor


@pytest.mark.parametrize(
    ("question", "law"),
    [
        # a revoke put right on the same trick, not a claim (70C3) or a slip (45C4b)
        ("my LHO trumped, said he did not mean to, and followed with a low card instead", 62),
        # what dummy may do when declarer's instruction would make dummy revoke
        (
            "as dummy, declarer told me to throw a club while I still had a heart to follow with",
            42,
        ),
    ],
)
def test_a_situation_finds_its_law_in_the_top_three(engine, question, law):
    assert law in [hit.law for hit in engine.search(question).hits[:3]]
