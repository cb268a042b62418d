"""Calls and contracts as a person reads them, in the reader's language: the symbols for
the suits, and no trump, pass, double and redouble as the language writes them (German:
SA, Passe, Kontra, Rekontra). Records and answers keep the codes (``3NT``, ``P``, ``X``).
"""

from __future__ import annotations

from td_assist.bridge.cards import Strain, Suit
from td_assist.i18n import N_, _

# The words, translated where read and only the one needed (a page shows dozens of calls)
_CALL_WORDS = {"P": N_("Pass"), "X": N_("Dbl"), "XX": N_("Rdbl")}
_SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
_SUIT_LABELS = {"S": N_("Spades"), "H": N_("Hearts"), "D": N_("Diamonds"), "C": N_("Clubs")}
_VULNERABILITY_WORDS = {"None": N_("None"), "NS": N_("NS"), "EW": N_("EW"), "All": N_("All")}


def call_text(call: str) -> str:
    """``P`` -> ``Pass``, ``X`` -> ``Dbl``, ``4S`` -> ``4♠``, in the reader's language
    (German: Passe, Kontra, Rekontra, 3SA).

    >>> call_text("4S"), call_text("XX"), call_text("1NT")
    ('4♠', 'Rdbl', '1NT')
    """
    word = _CALL_WORDS.get(call)
    if word is not None:
        return _(word)
    level, strain = call[0], call[1:]
    return level + Strain.parse(strain).symbol


def contract_text(contract: object) -> str:
    """``4SX`` -> ``4♠X``; ``3NT`` stays (German ``3SA``); ``Pass`` (German ``Passe``).

    >>> contract_text("4SX"), contract_text("3NT"), contract_text("Pass")
    ('4♠X', '3NT', 'Pass')
    """
    text = str(contract)
    if text == "Pass":
        return _("Pass")
    if not (text[:1].isascii() and text[:1].isdigit()):
        return text
    strain = text[1:3] if text[1:3] == "NT" else text[1]
    return text[0] + Strain.parse(strain).symbol + text[1 + len(strain) :]


def suit_name(suit: Suit | str, *, capital: bool = False) -> str:
    """A suit's name as the reader says it, within a sentence (``spades``) or, with
    ``capital``, at the start of one or as a label (``Spades``); German has one form for
    both: Pik, Coeur, Karo, Treff. Takes the suit or its letter.

    >>> suit_name(Suit.HEARTS), suit_name("C"), suit_name(Suit.SPADES, capital=True)
    ('hearts', 'clubs', 'Spades')
    """
    letter = Suit(suit).value
    return _((_SUIT_LABELS if capital else _SUIT_NAMES)[letter])


def vulnerability_text(code: str) -> str:
    """A board's vulnerability (``None``, ``NS``, ``EW``, ``All``) as the reader says it."""
    word = _VULNERABILITY_WORDS.get(code)
    return code if word is None else _(word)
