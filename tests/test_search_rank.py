"""Ranking rules of issue 34: room for other laws in the top three, both laws of a
question naming two irregularities, words that are everywhere weighing little, and
German jargon and compounds reaching their laws. The questions are written here from
the Laws, not taken from the question sets."""

import pytest

from td_assist.search import get_search


@pytest.fixture(scope="module")
def engine():
    return get_search()


@pytest.mark.parametrize(
    "question",
    [
        "my opponent called the director saying I had unauthorised information from the hesitation",
        "partner hesitated and then I doubled, opponents called the director",
        "declarer claimed at trick twelve but dummy was on lead and a defender disputed it",
        "Gegner erklärt Reizung falsch, Ausspiel schon gemacht",
    ],
)
@pytest.mark.parametrize("limit", [1, 2, 3])
def test_a_shorter_list_starts_with_the_same_hits_as_a_longer_one(engine, question, limit):
    # _make_room brings another law into the top three from below it: a list cut to
    # three must look below the three as the full list does
    full = [hit.anchor for hit in engine.search(question).hits[:limit]]
    assert [hit.anchor for hit in engine.search(question, limit=limit).hits] == full
