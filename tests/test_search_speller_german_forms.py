"""Issue 34: the speller leaves real German words alone, inflected or prefixed, and still
corrects a misspelt one (td_assist/search/speller.py)."""

from __future__ import annotations

import pytest

# Real German: verb forms, a declined participle, words only the German lawbook holds.
# Each was once "corrected" into another word ("ungenügendes" the opposite of it).
REAL = [
    "genugendes",  # not "ungenügendes"
    "verschieben",  # not "verschieden"
    "endet",  # not the English "ended"
    "behandelt",  # not "gehandelt"
    "angeschrieben",  # a prefix on a strong participle, not "aufgeschrieben"
    "erspielte",  # not "gespielte"
    "vorzahlt",  # "vorzählt" as a phone spells it, not "verzählt"
    "achtet",  # not "achten"
    "verpasst",  # not "verlässt"
]

MISSPELT = {
    "renonse": "renonce",
    "strafkarde": "strafkarte",
    "bietkrate": "bietkarte",
    "zuruckgenomen": "zuruckgenommen",
}


@pytest.mark.parametrize("word", REAL)
def test_a_real_german_word_is_not_corrected(engine, word: str) -> None:
    assert engine.speller.candidates(word) == []
    assert engine.speller.correct(word) is None


@pytest.mark.parametrize(("word", "meant"), sorted(MISSPELT.items()))
def test_a_misspelt_german_word_is_still_corrected(engine, word: str, meant: str) -> None:
    assert engine.speller.correct(word) == meant
