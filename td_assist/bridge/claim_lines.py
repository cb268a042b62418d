"""Lines of play over the cards left at a claim, each scored against the actual cards.

A claim is ruled on the claimer's line, not on the best one, so this module does not
look for the best play. It takes simple *lines* a claimer's statement may leave open:
the order in which his side plays its suits, cashing from the top or taking a finesse
in one suit. For each line it counts the fewest tricks the claiming side takes **whatever
the opponents hold and play with the actual cards**: the claiming side follows the line
mechanically, the opponents are searched (every card that makes a difference). That is
a help for the Director's judgment (Law 70), never the judgment: a line a player of the
class involved would not choose, or one the statement rules out, is his to discard.

The search is bounded: a position too big for the node budget gives ``None`` (not
evaluated), never a guess.

>>> from td_assist.bridge.deal import Hand
>>> hands = {
...     Seat.N: Hand.from_pbn("AQ..."), Seat.E: Hand.from_pbn("K2..."),
...     Seat.S: Hand.from_pbn("43..."), Seat.W: Hand.from_pbn("65..."),
... }
>>> position = Position.of(hands, trump=None, leader=Seat.S)
>>> tricks_on_line(position, Side.NS, Line(order=SUIT_ORDER, finesse=None))
1
>>> tricks_on_line(position, Side.NS, Line(order=SUIT_ORDER, finesse=Suit.SPADES))
1

With the king onside (West), the finesse wins both tricks, cashing the ace only one:

>>> hands[Seat.E], hands[Seat.W] = Hand.from_pbn("65..."), Hand.from_pbn("K2...")
>>> position = Position.of(hands, trump=None, leader=Seat.S)
>>> tricks_on_line(position, Side.NS, Line(order=SUIT_ORDER, finesse=Suit.SPADES))
2
>>> tricks_on_line(position, Side.NS, Line(order=SUIT_ORDER, finesse=None))
1
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from td_assist.bridge.cards import Card, Seat, Side, Suit
from td_assist.bridge.deal import Hand

SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
NODE_BUDGET = 4_000  # positions searched per line; beyond it the line is "not evaluated"

Holding = tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
Played = tuple[tuple[Seat, Card], ...]


@dataclass(frozen=True)
class Position:
    """The cards each seat still holds, the trump suit and who leads next."""

    hands: Holding  # in Seat order N, E, S, W
    trump: Suit | None
    leader: Seat

    @classmethod
    def of(
        cls, hands: Mapping[Seat, Hand | Iterable[Card]], trump: Suit | None, leader: Seat
    ) -> Position:
        held = tuple(frozenset(hands[seat]) for seat in Seat)
        return cls(held, trump, leader)  # type: ignore[arg-type]

    def hand(self, seat: Seat) -> frozenset[Card]:
        return self.hands[seat.index]

    @property
    def tricks_left(self) -> int:
        return max(len(h) for h in self.hands)


@dataclass(frozen=True)
class Line:
    """How the claiming side plays: its leads suit by suit in ``order``; in ``finesse``
    (if any) it leads low towards the tenace and plays the lowest card that wins against
    second hand; everywhere else it cashes from the top."""

    order: tuple[Suit, ...]
    finesse: Suit | None = None


class _OverBudget(Exception):
    """The search would take more positions than the budget allows."""


def _strength(card: Card, led: Suit, trump: Suit | None) -> int:
    if card.suit is trump:
        return 100 + card.rank.value_order
    return card.rank.value_order if card.suit is led else -1


def _winner(played: Played, trump: Suit | None) -> Seat:
    led = played[0][1].suit
    return max(played, key=lambda item: _strength(item[1], led, trump))[0]


def _legal(hand: frozenset[Card], played: Played) -> list[Card]:
    if played:
        follow = [c for c in hand if c.suit is played[0][1].suit]
        if follow:
            return follow
    return list(hand)


def _distinct(cards: list[Card], live: frozenset[Card]) -> list[Card]:
    """One card of each run of cards equal in effect (touching among the live cards)."""
    chosen: list[Card] = []
    for suit in SUIT_ORDER:
        mine = sorted((c for c in cards if c.suit is suit), key=lambda c: -c.rank.value_order)
        if not mine:
            continue
        ranks = sorted(
            (c.rank.value_order for c in live if c.suit is suit), reverse=True
        )  # every card of the suit still in play, highest first
        previous = None
        for card in mine:
            place = ranks.index(card.rank.value_order)
            if previous is None or place != previous + 1:
                chosen.append(card)
            previous = place
    return chosen


def _lowest(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: c.rank.value_order)


def _highest(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: c.rank.value_order)


def _line_card(position: Position, hands: Holding, seat: Seat, played: Played, line: Line) -> Card:
    """The card the claiming side's line plays from ``seat`` here."""
    hand = hands[seat.index]
    trump = position.trump
    if not played:
        suit = next(s for s in (*line.order, *SUIT_ORDER) if any(c.suit is s for c in hand))
        cards = [c for c in hand if c.suit is suit]
        if suit is line.finesse:
            partner = hands[seat.partner.index]
            if any(c.suit is suit for c in partner):
                return _lowest(cards)  # low towards the tenace
        return _highest(cards)
    led = played[0][1].suit
    winner = _winner(played, trump)
    best = max(_strength(c, led, trump) for _, c in played)
    follow = [c for c in hand if c.suit is led]
    if follow:
        last = len(played) == 3
        if winner is seat.partner and (last or _sure(played, hands, seat, trump)):
            return _lowest(follow)
        beating = [c for c in follow if _strength(c, led, trump) > best]
        if not beating:
            return _lowest(follow)
        finessing = led is line.finesse and len(played) == 2 and played[0][0] is seat.partner
        return _lowest(beating) if last or finessing else _highest(follow)
    trumps = [c for c in hand if c.suit is trump] if trump is not None else []
    if trumps and winner.side is not seat.side:
        over = [c for c in trumps if _strength(c, led, trump) > best]
        if over:
            return _lowest(over)
    # A discard: the lowest card of the suit the line plays last (keeping trumps).
    for suit in reversed((*line.order, *SUIT_ORDER)):
        cards = [c for c in hand if c.suit is suit and c.suit is not trump]
        if cards:
            return _lowest(cards)
    return _lowest(hand)


def _sure(played: Played, hands: Holding, seat: Seat, trump: Suit | None) -> bool:
    """The card winning the trick so far cannot be beaten by an opponent still to play."""
    led = played[0][1].suit
    best = max(_strength(c, led, trump) for _, c in played)
    waiting = frozenset().union(*(hands[s.index] for s in Seat if s.side is not seat.side))
    return not any(_strength(c, led, trump) > best for c in waiting)


_DONE: dict[tuple[Position, Side, Line], int] = {}  # lines searched to the end, kept
_DONE_MOST = 1024


def tricks_on_line(
    position: Position,
    side: Side,
    line: Line,
    budget: int = NODE_BUDGET,
    deadline: float | None = None,
) -> int | None:
    """The fewest tricks ``side`` takes playing ``line`` against the actual cards,
    whatever the opponents do; None when the position is too big to search within
    ``budget`` positions or before ``deadline`` (``time.monotonic()``)."""
    key = (position, side, line)
    if key in _DONE:
        return _DONE[key]
    if deadline is not None and time.monotonic() > deadline:
        return None
    try:
        tricks = _search(position, side, line, budget, deadline)
    except _OverBudget:
        return None
    if len(_DONE) >= _DONE_MOST:
        _DONE.clear()
    _DONE[key] = tricks
    return tricks


def _search(position: Position, side: Side, line: Line, budget: int, deadline: float | None) -> int:
    seen: dict[tuple[Holding, Seat, Played], int] = {}
    count = [0]

    def best(hands: Holding, leader: Seat, played: Played) -> int:
        if not any(hands):
            return 0
        key = (hands, leader, played)
        if key in seen:
            return seen[key]
        count[0] += 1
        if count[0] > budget:
            raise _OverBudget
        if deadline is not None and not count[0] % 32 and time.monotonic() > deadline:
            raise _OverBudget
        seat = leader.offset(len(played))
        if seat.side is side:
            options = [_line_card(position, hands, seat, played, line)]
        else:
            live = frozenset().union(*hands, (c for _, c in played))
            options = _distinct(_legal(hands[seat.index], played), live)
        results = []
        for card in options:
            after = list(hands)
            after[seat.index] = hands[seat.index] - {card}
            now = (*played, (seat, card))
            if len(now) == 4:
                winner = _winner(now, position.trump)
                won = 1 if winner.side is side else 0
                results.append(won + best(tuple(after), winner, ()))  # type: ignore[arg-type]
            else:
                results.append(best(tuple(after), leader, now))  # type: ignore[arg-type]
        value = min(results)
        seen[key] = value
        return value

    return best(position.hands, position.leader, ())


def finesse_suits(position: Position, side: Side) -> list[Suit]:
    """Suits in which the claiming side could finesse: an opponent's card lies between
    two of its cards (AQ opposite small, the king outstanding)."""
    ours = position.hand(side.seats[0]) | position.hand(side.seats[1])
    theirs = position.hand(side.other.seats[0]) | position.hand(side.other.seats[1])
    found = []
    for suit in SUIT_ORDER:
        mine = [c.rank.value_order for c in ours if c.suit is suit]
        for card in theirs:
            higher = any(r > card.rank.value_order for r in mine)
            if card.suit is suit and higher and any(r < card.rank.value_order for r in mine):
                found.append(suit)
                break
    return found


def default_order(position: Position, side: Side) -> tuple[Suit, ...]:
    """Trumps first, then the side's longest suits: how a plain "cashing out" runs."""
    ours = position.hand(side.seats[0]) | position.hand(side.seats[1])

    def weight(suit: Suit) -> tuple[int, int]:
        return (0 if suit is position.trump else 1, -sum(1 for c in ours if c.suit is suit))

    return tuple(sorted(SUIT_ORDER, key=weight))


def candidate_lines(position: Position, side: Side) -> list[tuple[str, Line]]:
    """The lines worth showing: the plain order, each suit of the side's played first,
    and a finesse in each suit that has one. Each with a code for its description."""
    ours = position.hand(side.seats[0]) | position.hand(side.seats[1])
    if position.leader.side is side:  # the first lead comes from the hand on lead
        ours = position.hand(position.leader)
    held = [s for s in default_order(position, side) if any(c.suit is s for c in ours)]
    base = default_order(position, side)
    lines: list[tuple[str, Line]] = [("order", Line(base))]
    for suit in held[1:]:
        lines.append(("first", Line((suit, *[s for s in base if s is not suit]))))
    for suit in finesse_suits(position, side):
        lines.append(("finesse", Line((suit, *[s for s in base if s is not suit]), suit)))
    return lines
