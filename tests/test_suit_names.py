"""One suit-name function for every wizard, in English and German."""

import pytest

from td_assist.bridge.cards import Suit
from td_assist.bridge.display import suit_name
from td_assist.i18n import use_language


@pytest.mark.parametrize(
    ("suit", "english", "capital", "german"),
    [
        (Suit.SPADES, "spades", "Spades", "Pik"),
        (Suit.HEARTS, "hearts", "Hearts", "Coeur"),
        (Suit.DIAMONDS, "diamonds", "Diamonds", "Karo"),
        (Suit.CLUBS, "clubs", "Clubs", "Treff"),
    ],
)
def test_a_suit_is_named_in_the_readers_language(suit, english, capital, german):
    assert (suit_name(suit), suit_name(suit.value), suit_name(suit, capital=True)) == (
        english,
        english,
        capital,
    )
    with use_language("de"):
        # German nouns take a capital anywhere, so both forms are one word
        assert suit_name(suit) == suit_name(suit, capital=True) == german


def test_an_unknown_letter_is_refused():
    with pytest.raises(ValueError):
        suit_name("X")
