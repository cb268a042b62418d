"""Seats, sides, suits, strains, ranks and cards: the value types of the game.

>>> Seat.N.lho, Seat.N.partner, Seat.N.side
(<Seat.E: 'E'>, <Seat.S: 'S'>, <Side.NS: 'NS'>)
>>> Card.parse("h10"), str(Card.parse("♥Q"))
(Card(suit=<Suit.HEARTS: 'H'>, rank=<Rank.TEN: 'T'>), 'HQ')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache

from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _, catalog, current_language


class Side(enum.StrEnum):
    NS = "NS"
    EW = "EW"

    # By the value, from tables: Python 3.11 reaches Side.NS or Seat.N through the class
    # in ~0.7 us each (a descriptor), and a ruling asks these dozens of times
    @property
    def other(self) -> Side:
        return _OTHER_SIDE[self._value_]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return _SEATS_OF[self._value_]


class Seat(enum.StrEnum):
    """A compass seat. Rotation is clockwise: N, E, S, W."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``N``, ``north``, ``North`` ... -> Seat."""
        key = _SEAT_ALIASES.get(text.strip().upper())
        if key is not None:
            return cls(key)
        raise RecordError(_("unknown seat {text} (use N, E, S or W)").format(text=shown(text)))

    @property
    def name_full(self) -> str:
        """The seat's name in the reader's language: "North", "Nord" (for display only;
        records and answers use the letter, ``value``)."""
        return _names_here()[self._value_]

    @property
    def short(self) -> str:
        """The seat's letter as the reader writes it: N E S W, in German N O S W."""
        return self.name_full[:1]

    @property
    def index(self) -> int:
        return _SEAT_ORDER.index(self._value_)

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _ROTATIONS[self][steps % 4]

    @property
    def lho(self) -> Seat:
        return self.offset(1)

    @property
    def partner(self) -> Seat:
        return self.offset(2)

    @property
    def rho(self) -> Seat:
        return self.offset(3)

    @property
    def side(self) -> Side:
        return _SIDE_OF[self._value_]  # asked dozens of times a ruling: Seat.N is slow to reach

    def rotation(self) -> tuple[Seat, Seat, Seat, Seat]:
        """This seat and the next three in clockwise order."""
        return _ROTATIONS[self]


_SEAT_ORDER = "NESW"


def seat_names() -> dict[str, str]:
    """The seats' names in the reader's language, by letter (asked at run time).

    Kept per catalog (a ruling names seats a dozen times, four look-ups each): a copy,
    so no caller can change the kept one."""
    return dict(_names_here())


def _names_here() -> dict[str, str]:
    language = current_language()
    words = catalog(language)
    kept = _SEAT_NAMES_IN.get(language)
    if kept is None or kept[0] is not words:
        names = {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}
        kept = _SEAT_NAMES_IN[language] = (words, names)
    return kept[1]


_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
_SEAT_NAMES_IN: dict[str, tuple[object, dict[str, str]]] = {}  # by language, with its catalog
_SIDE_OF = {"N": Side.NS, "S": Side.NS, "E": Side.EW, "W": Side.EW}
_OTHER_SIDE = {"NS": Side.EW, "EW": Side.NS}
_SEATS_OF = {"NS": (Seat.N, Seat.S), "EW": (Seat.E, Seat.W)}
_ROTATIONS: dict[Seat, tuple[Seat, Seat, Seat, Seat]] = {
    Seat(_SEAT_ORDER[i]): tuple(Seat(_SEAT_ORDER[(i + k) % 4]) for k in range(4))  # type: ignore[misc]
    for i in range(4)
}
_SEAT_ALIASES = {k: k for k in _SEAT_NAMES} | {v.upper(): k for k, v in _SEAT_NAMES.items()}


class Suit(enum.StrEnum):
    """The four suits, declared from highest to lowest."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self._value_]

    @property
    def strain(self) -> Strain:
        return Strain(self.value)

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = _SUIT_ALIASES.get(text.strip().upper())
        if key is None:
            raise RecordError(_("unknown suit {text}").format(text=shown(text)))
        return cls(key)


_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_ALIASES = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip


class Strain(enum.StrEnum):
    """The denomination of a bid, in ascending order of rank."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def order(self) -> int:
        """0 for clubs up to 4 for notrump: the order used for sufficiency."""
        return _STRAIN_ORDER.index(self._value_)

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for notrump."""
        return _TRUMP_SUIT[self._value_]

    @property
    def symbol(self) -> str:
        """♠ ♥ ♦ ♣, and no trump as the reader writes it: NT, in German SA."""
        return _("NT") if self._value_ == "NT" else _SUIT_SYMBOLS[self._value_]

    @classmethod
    def parse(cls, text: str) -> Strain:
        key = text.strip().upper()
        if key in {"N", "NT", "SA"}:  # SA: "sans atout", seen in European records
            return cls.NOTRUMP
        suit = _SUIT_ALIASES.get(key)
        if suit is None:
            raise RecordError(
                _("unknown strain {text} (use C, D, H, S or NT)").format(text=shown(text))
            )
        return cls(suit)


_STRAIN_ORDER = ("C", "D", "H", "S", "NT")
_TRUMP_SUIT: dict[str, Suit | None] = {suit.value: suit for suit in Suit} | {"NT": None}


class Rank(enum.StrEnum):
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def value_order(self) -> int:
        """2 for the two up to 14 for the ace."""
        return _RANK_VALUES[self._value_]

    @property
    def is_honour(self) -> bool:
        """Ace, king, queen, jack or ten (Definitions, "Honour")."""
        return self.value_order >= 10

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            key = "T"
        if key not in _RANK_ORDER:
            raise RecordError(_("unknown rank {text}").format(text=shown(text)))
        return cls(key)


_TEN = Rank.TEN  # a module name: Python 3.11 reaches Rank.TEN in ~0.7 us (auction.py's _BID)
_RANK_ORDER = "23456789TJQKA"
_RANK_VALUES = {char: index + 2 for index, char in enumerate(_RANK_ORDER)}


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """A playing card, written suit first: ``SA``, ``HT``, ``C2``."""

    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``SA``, ``H10``, ``hq``, ``♥Q``, ``10H`` or ``QH``.

        >>> str(Card.parse("10h"))
        'HT'
        """
        return _parse_card(text.strip())

    def __str__(self) -> str:
        return f"{self.suit._value_}{self.rank._value_}"

    def __repr__(self) -> str:
        return f"Card(suit={self.suit!r}, rank={self.rank!r})"

    @property
    def pretty(self) -> str:
        """``♥Q``; ten shown as ``10``."""
        rank = "10" if self.rank is _TEN else self.rank._value_
        return f"{self.suit.symbol}{rank}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Suits in the order S H D C, high cards first within each."""
        return _sort_key(self)


_SUIT_DISPLAY = "SHDC"


@cache
def _sort_key(card: Card) -> tuple[int, int]:
    return (_SUIT_DISPLAY.index(card.suit.value), -card.rank.value_order)


@cache
def _parse_card(text: str) -> Card:
    if len(text) < 2 or len(text) > 3:
        raise RecordError(_unknown_card(text))
    upper = text.upper()
    for suit_part, rank_part in ((upper[:1], upper[1:]), (upper[-1:], upper[:-1])):
        if suit_part in _SUIT_ALIASES and rank_part in _RANK_ALIASES:
            return CARD_NAMED[_SUIT_ALIASES[suit_part] + _RANK_ALIASES[rank_part]]
    raise RecordError(_unknown_card(text))


def _unknown_card(text: str) -> str:
    return _("unknown card {card} (write suit then rank, e.g. SA, HT, C2)").format(card=shown(text))


_RANK_ALIASES = {r: r for r in _RANK_ORDER} | {"10": "T"}

ALL_CARDS: tuple[Card, ...] = tuple(
    Card(suit, rank) for suit in Suit for rank in reversed(list(Rank))
)
# Every card in its one spelling ("SA", "HT"): a record's cards mostly come written so
# (the tablet, the formats, a board sent back), and need no reading (issue 29).
CARD_TEXTS: frozenset[str] = frozenset(str(card) for card in ALL_CARDS)
# The one Card object of each spelling: a set or dict finds the very object it holds by
# identity, without comparing two cards field by field (issue 29: thousands a board).
CARD_NAMED: dict[str, Card] = {str(card): card for card in ALL_CARDS}
# Each card's place in the order a hand is shown (ALL_CARDS' order: S H D C, high cards
# first), for sorting by one look-up rather than a key function per card (issue 29).
CARD_PLACE: dict[Card, int] = {card: place for place, card in enumerate(ALL_CARDS)}
