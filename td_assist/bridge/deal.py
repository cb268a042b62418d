"""Hands, deals, and what a board number says about dealer and vulnerability (Law 2).

>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> str(deal.hand(Seat.E))
'T98.765.432.AKQJ'
>>> board_dealer(2), board_vulnerability(2)
(<Seat.E: 'E'>, <Vulnerability.NS: 'NS'>)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache

from td_assist.bridge.cards import ALL_CARDS, CARD_PLACE, Card, Rank, Seat, Side, Suit
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _


class Vulnerability(enum.StrEnum):
    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Accept the usual spellings: None/Love/-, NS, EW, All/Both/Alle/Keine."""
        key = _VUL_ALIASES.get(text.strip().upper().replace("-", "").replace(" ", ""))
        if key is None:
            raise RecordError(
                _("unknown vulnerability {text} (use None, NS, EW or All)").format(text=shown(text))
            )
        return cls(key)

    def is_vulnerable(self, side: Side | Seat) -> bool:
        side = side.side if isinstance(side, Seat) else side
        # the values: Python 3.11 reaches Vulnerability.ALL through the class in ~0.7 us
        return self._value_ == "All" or self._value_ == side._value_


_VUL_ALIASES = {
    "NONE": "None", "LOVE": "None", "": "None", "0": "None", "O": "None", "KEINE": "None",
    "NS": "NS", "N": "NS", "NORTHSOUTH": "NS",
    "EW": "EW", "E": "EW", "EASTWEST": "EW",
    "ALL": "All", "BOTH": "All", "B": "All", "ALLE": "All",
}  # fmt: skip

_RANKS = {rank.value: rank for rank in Rank}
# A record's order of the suits, once: Python 3.11 reaches Suit.SPADES in ~0.7 us
_SUITS_SHOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_EVERY_CARD = frozenset(ALL_CARDS)
# Each suit's cards by the rank's letter, in the order a record shows the suits
_CARDS_OF_SUIT = tuple(
    {card.rank._value_: card for card in ALL_CARDS if card.suit is suit} for suit in _SUITS_SHOWN
)
# A hand written out as places: each suit's 13 ranks, high first, then a dot (S H D C)
_SHOWN_AT = {card: place + place // 13 for card, place in CARD_PLACE.items()}
_DOTS_AT = (13, 27, 41)
_LETTER_AT = tuple("AKQJT98765432." * 4)
_DEALERS = (Seat.W, Seat.N, Seat.E, Seat.S)  # indexed by board number mod 4
_VULS = (
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.ALL,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.ALL,
    Vulnerability.NONE,
    Vulnerability.EW,
    Vulnerability.ALL,
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.ALL,
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
)  # fmt: skip  (boards 1..16, Law 2)


def board_dealer(number: int) -> Seat:
    """Dealer of a board: North on 1, 5, 9, 13, then clockwise (Law 2)."""
    _check_board_number(number)
    return _DEALERS[number % 4]


def board_vulnerability(number: int) -> Vulnerability:
    """Vulnerability of a board; the cycle of 16 repeats from board 17 (Law 2)."""
    _check_board_number(number)
    return _VULS[(number - 1) % 16]


def _check_board_number(number: int) -> None:
    if number < 1:
        raise RecordError(_("board number {number} is not a positive number").format(number=number))


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards held by one player (13 at the start, fewer during play)."""

    cards: frozenset[Card]

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        return cls(frozenset(cards))

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """``AKQ.JT9.8765.432`` (spades, hearts, diamonds, clubs); ``-`` is unknown."""
        text = text.strip()
        if text == "-":
            return cls(frozenset())
        parts = text.split(".")
        if len(parts) != 4:
            raise RecordError(
                _("hand {hand} must have four suits separated by dots").format(hand=shown(text))
            )
        try:
            cards = [
                named[char]
                for named, holding in zip(_CARDS_OF_SUIT, parts)
                for char in holding.upper().replace("10", "T")
            ]
        except KeyError:  # a character that is no rank: the reading below names it
            pass
        else:
            held = frozenset(cards)
            if len(held) == len(cards):
                return cls(held)
        return cls._read_naming_problem(text, parts)

    @classmethod
    def _read_naming_problem(cls, text: str, parts: list[str]) -> Hand:
        """The hand read card by card, raising at the first problem in the order written."""
        cards: set[Card] = set()
        for suit, holding in zip(_SUITS_SHOWN, parts):
            for char in holding.upper().replace("10", "T"):
                rank = _RANKS.get(char)
                if rank is None:
                    raise RecordError(
                        _("hand {hand}: {char} is not a rank").format(
                            hand=shown(text), char=shown(char)
                        )
                    )
                card = Card(suit, rank)
                if card in cards:
                    raise RecordError(
                        _("hand {hand}: {card} appears twice").format(hand=shown(text), card=card)
                    )
                cards.add(card)
        return cls(frozenset(cards))

    def __str__(self) -> str:
        if not self.cards:
            return "-"
        # One sort of the cards' places and of the three dots between the suits (S H D C,
        # high first), each then read as its letter: no step per card in Python
        places = sorted([*map(_SHOWN_AT.__getitem__, self.cards), *_DOTS_AT])
        return "".join(map(_LETTER_AT.__getitem__, places))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, key=CARD_PLACE.__getitem__))

    def suit_cards(self, suit: Suit) -> list[Card]:
        """Cards of one suit, highest first."""
        return sorted((c for c in self.cards if c.suit is suit), key=CARD_PLACE.__getitem__)

    def has_suit(self, suit: Suit) -> bool:
        return any(c.suit is suit for c in self.cards)

    def without(self, card: Card) -> Hand:
        return Hand(self.cards - {card})

    def hcp(self) -> int:
        return sum(max(0, c.rank.value_order - 10) for c in self.cards)


@dataclass(frozen=True)
class Deal:
    """The four hands. Every known hand has 13 cards and no card is in two hands.

    An unknown hand (``-`` in PBN) is empty; when three hands are known the fourth
    is filled in, since it can only hold the remaining 13 cards.
    """

    hands: tuple[Hand, Hand, Hand, Hand]  # N, E, S, W

    @classmethod
    def from_hands(cls, hands: dict[Seat, Hand]) -> Deal:
        ordered = [hands.get(seat, Hand(frozenset())) for seat in Seat]
        return cls._validated(ordered)

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """``N:hand hand hand hand``: first seat, then the hands clockwise."""
        return _deal_from_pbn(text.strip())

    @classmethod
    def _from_pbn(cls, text: str) -> Deal:
        if len(text) < 2 or text[1] != ":":
            raise RecordError(
                _("deal {deal} must start with the first seat, e.g. 'N:'").format(
                    deal=shown(text[:40])
                )
            )
        first = Seat.parse(text[0])
        parts = text[2:].split()
        if len(parts) != 4:
            raise RecordError(
                _("deal must list four hands, found {count}").format(count=len(parts))
            )
        hands: dict[Seat, Hand] = {}
        for seat, part in zip(first.rotation(), parts):
            try:
                hands[seat] = Hand.from_pbn(part)
            except RecordError as error:
                raise RecordError(
                    _("{seat}'s {problem}").format(seat=seat.name_full, problem=error.problem)
                ) from None
        return cls.from_hands(hands)

    @classmethod
    def _validated(cls, hands: list[Hand]) -> Deal:
        held = frozenset().union(*(hand.cards for hand in hands))
        sizes_fit = all(len(hand.cards) in (0, 13) for hand in hands)
        if not sizes_fit or len(held) < sum(len(hand.cards) for hand in hands):
            cls._raise_first_problem(hands)  # a hand's size or a card in two hands
        unknown = [i for i, hand in enumerate(hands) if not hand.cards]
        if len(unknown) == 1:
            hands[unknown[0]] = Hand(_EVERY_CARD - held)
        return cls((hands[0], hands[1], hands[2], hands[3]))

    @staticmethod
    def _raise_first_problem(hands: list[Hand]) -> None:
        """Raise the first problem met going round the table from North: a hand of the
        wrong size, or a card already in an earlier hand (its highest such card)."""
        seen: dict[Card, Seat] = {}
        for seat, hand in zip(Seat, hands):
            if hand.cards and len(hand) != 13:
                raise RecordError(
                    _("{seat} has {count} cards, not 13").format(
                        seat=seat.name_full, count=len(hand)
                    )
                )
            for card in hand:  # sorted, so the message names the highest clash
                if card in seen:
                    raise RecordError(
                        _("card {card} is in both {first} and {second}").format(
                            card=card, first=seen[card].name_full, second=seat.name_full
                        )
                    )
                seen[card] = seat

    def hand(self, seat: Seat) -> Hand:
        return self.hands[seat.index]

    @property
    def is_complete(self) -> bool:
        return all(len(h) == 13 for h in self.hands)

    def holder(self, card: Card) -> Seat | None:
        place = CARD_PLACE.get(card)
        return None if place is None else self.holder_at[place]

    @cached_property
    def places(self) -> tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]:
        """Each hand (N, E, S, W) as the places of its cards in ``CARD_PLACE``: the play
        looks its cards up by number, not by Card (issue 29)."""
        n, e, s, w = (frozenset(map(CARD_PLACE.__getitem__, hand.cards)) for hand in self.hands)
        return n, e, s, w

    @cached_property
    def holder_at(self) -> tuple[Seat | None, ...]:
        """The seat holding the card at each place in ``CARD_PLACE``, or None when the
        deal does not show it (the first from North, should a deal built in code hold
        a card twice, as ``holder`` always answered)."""
        found: list[Seat | None] = [None] * len(CARD_PLACE)
        for seat, places in reversed(list(zip(Seat, self.places))):
            for place in places:
                found[place] = seat
        return tuple(found)

    def to_pbn(self, first: Seat = Seat.N) -> str:
        if first is Seat.N:
            return self._pbn_from_north
        return f"{first.value}:" + " ".join(str(self.hand(s)) for s in first.rotation())

    @cached_property
    def _pbn_from_north(self) -> str:
        return "N:" + " ".join(str(self.hand(s)) for s in Seat)

    def __str__(self) -> str:
        return self.to_pbn()


@lru_cache(maxsize=512)
def _deal_from_pbn(text: str) -> Deal:
    """Deals are immutable, and a record mentions the same deal string many times."""
    return Deal._from_pbn(text)
