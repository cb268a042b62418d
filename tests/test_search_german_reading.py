"""How German questions are read into search terms (issue 34, sq-de6): words that only
look like a bridge word ("falls" is "if", not a card that fell)."""

import pytest

from td_assist.search import get_search
from td_assist.search.analysis import german_stem, german_terms


@pytest.fixture(scope="module")
def engine():
    return get_search()


def test_german_falls_is_if_in_the_german_reading_itself():
    # the "if" was once taken out by the engine before the German reading; the reading
    # itself now knows it, so every caller (phrasings, German lawbook, questions) agrees
    fell = german_stem("fallen")
    assert fell not in german_terms("falls der Gegner sein Gebot ändern will")
    assert fell in german_terms("die Karte ist auf den Tisch gefallen")


def test_an_english_questions_falls_is_still_a_card_that_fell():
    fell = german_stem("fallen")
    assert fell in german_terms("a card falls face up", english_question=True)


def test_the_engine_reads_falls_as_the_questions_language_does(engine):
    fell = engine._german_meaning("heruntergefallen")[0]
    assert fell not in engine._german_asked("falls der Alleinspieler nicht bedient", True)
    assert fell in engine._german_asked("declarer's card falls face up", False)
