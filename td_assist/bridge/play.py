"""The play: tricks in order, who won them, what each player held, and revokes.

A revoke in a record is not an error (it is why the TD was called), and neither is
an unfinished play (rulings happen mid-hand) or a lead out of turn: with the deal
known, whoever held a card played it, so a trick led by the wrong player is an
accepted lead out of turn (Law 53A), kept in ``leads_out_of_turn``, and the play goes
on in rotation from the player who led; after an opening lead out of turn, declarer
may have played dummy's card second, before his own (Law 54B2), and the trick is read
in that order. A card the player in rotation does not hold,
a card played twice or a fourteenth trick is an error, named by trick and seat.

>>> from td_assist.bridge.deal import Deal
>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> play = Play.parse(deal, trump=None, leader=Seat.E, cards="H7 H4 HA HT")
>>> play.tricks[0].winner, play.tricks_won_by(Side.EW)
(<Seat.W: 'W'>, 1)

East should lead here, but West led the two of spades:

>>> play = Play.parse(deal, trump=None, leader=Seat.E, cards="S2 SA ST S7")
>>> lead = play.leads_out_of_turn[0]
>>> lead.trick, lead.offender, lead.correct_leader, str(lead.card), lead.opening_lead
(1, <Seat.W: 'W'>, <Seat.E: 'E'>, 'S2', True)
>>> play.tricks[0].leader, play.tricks[0].winner
(<Seat.W: 'W'>, <Seat.N: 'N'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from td_assist.bridge.cards import (
    ALL_CARDS,
    CARD_NAMED,
    CARD_PLACE,
    CARD_TEXTS,
    Card,
    Seat,
    Side,
    Suit,
)
from td_assist.bridge.deal import Deal, Hand
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _


@dataclass(frozen=True)
class Trick:
    """One trick: its number (1-13), who led, and the cards in the order played."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    trump: Suit | None
    # Who played each card when it was not in rotation from the leader: dummy's card
    # played second to an accepted opening lead out of turn stands (Law 54B2).
    played_by: tuple[Seat, ...] = ()
    # Who played each card, in order of play; and the winner, None until the trick is
    # complete. Both worked out as the trick is made: each is asked of every trick, and
    # a cached_property takes a lock the first time (issue 29).
    seats: tuple[Seat, ...] = field(init=False, repr=False, compare=False)
    winner: Seat | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "seats", self.played_by or self.leader.rotation()[: len(self.cards)]
        )
        object.__setattr__(self, "winner", self._winner())

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    def card_of(self, seat: Seat) -> Card | None:
        for who, card in zip(self.seats, self.cards):
            if who is seat:
                return card
        return None

    def _winner(self) -> Seat | None:
        """The highest trump, else the highest card of the suit led; None until complete."""
        if not self.is_complete:
            return None
        led = self.cards[0].suit

        best, best_strength = 0, -1
        for index, card in enumerate(self.cards):
            if card.suit is self.trump:
                strength = 100 + card.rank.value_order
            else:
                strength = card.rank.value_order if card.suit is led else 0
            if strength > best_strength:
                best, best_strength = index, strength
        return self.seats[best]


@dataclass(frozen=True, slots=True)
class Revoke:
    """A failure to follow suit while holding a card of the suit led (Law 61A).

    ``held`` is the evidence: the cards of the led suit the player still had.
    """

    trick: int
    seat: Seat
    card: Card
    led_suit: Suit
    held: tuple[Card, ...]

    def evidence(self) -> str:
        holding = ", ".join(c.pretty for c in self.held)
        return _(
            "At trick {trick} {seat} played {card} to a {led_suit} lead "
            "while still holding {holding}."
        ).format(
            trick=self.trick,
            seat=self.seat.name_full,
            card=self.card.pretty,
            led_suit=self.led_suit.symbol,
            holding=holding,
        )


@dataclass(frozen=True, slots=True)
class LeadOutOfTurn:
    """A trick led by another hand than the one whose turn it was (Law 53A: accepted,
    since the play went on). ``offender`` is the seat whose hand the card came from
    (dummy's seat when declarer led from dummy); ``correct_leader`` had the lead."""

    trick: int
    offender: Seat
    correct_leader: Seat
    card: Card
    # Declarer accepted the opening lead by playing dummy's card second (Law 54B2).
    dummy_played_second: bool = False

    @property
    def opening_lead(self) -> bool:
        return self.trick == 1


class Play:
    """A (possibly unfinished) play record, validated against the deal.

    ``cards`` are in the order played. Each trick should be led by the winner of the
    one before, the first by ``leader`` (the opening leader); the holder of a trick's
    first card led it, and when that is someone else it is a lead out of turn.
    """

    def __init__(self, deal: Deal, trump: Suit | None, leader: Seat, cards: Sequence[Card]) -> None:
        self.deal = deal
        self.trump = trump
        self.opening_leader = leader
        self.cards: tuple[Card, ...] = tuple(cards)
        self.leads_out_of_turn: list[LeadOutOfTurn] = []
        # By the place of each card (``CARD_PLACE``): the trick it was played to (0: not
        # played) and who played it
        self._played_at: list[int] = [0] * len(ALL_CARDS)
        self._played_by: list[Seat | None] = [None] * len(ALL_CARDS)
        self._tricks = self._replay()

    @classmethod
    def parse(
        cls, deal: Deal, trump: Suit | None, leader: Seat, cards: str | Iterable[str | Card]
    ) -> Play:
        items = cards.split() if isinstance(cards, str) else list(cards)
        if all(isinstance(item, str) for item in items):
            return _parsed_play(deal, trump, leader, tuple(items))  # type: ignore[arg-type]
        return cls._parse(deal, trump, leader, items)

    @classmethod
    def _parse(cls, deal: Deal, trump: Suit | None, leader: Seat, items: list[str | Card]) -> Play:
        parsed: list[Card] = []
        for index, item in enumerate(items):
            try:
                parsed.append(item if isinstance(item, Card) else Card.parse(item))
            except RecordError as error:
                raise error.located(
                    _("Play trick {number}").format(number=index // 4 + 1)
                ) from None
        return cls(deal, trump, leader, parsed)

    def _replay(self) -> list[Trick]:
        # A hand the deal does not show (PBN '-') may have played any card that no
        # shown hand holds; revokes cannot be seen in it.
        deal = self.deal
        unknown = {seat for seat in Seat if not deal.hand(seat).cards}
        if len(self.cards) > 52:
            raise RecordError(
                _("{count} cards were played: more than 13 tricks").format(count=len(self.cards))
            )
        # Each card is checked, by its place, against the hand the deal gave the seat:
        # one not played yet is still there.
        dealt = dict(zip(Seat, deal.places))
        holder_at, played_at, player_of = deal.holder_at, self._played_at, self._played_by
        places = [CARD_PLACE[card] for card in self.cards]
        tricks: list[Trick] = []
        leader = self.opening_leader
        for start in range(0, len(self.cards), 4):
            number = start // 4 + 1
            trick_cards = self.cards[start : start + 4]
            actual = holder_at[places[start]]
            if actual is None and leader not in unknown and not played_at[places[start]]:
                raise RecordError(
                    _(
                        "{trick_cards} was led, but it was {leader}'s lead and the "
                        "deal does not show which other hand held it"
                    ).format(trick_cards=trick_cards[0], leader=leader.name_full),
                    where=_where(number),
                )
            dummy_second = False
            if actual is not None and actual is not leader and not played_at[places[start]]:
                dummy_second = self._dummy_played_second(number, actual, trick_cards)
                lead = LeadOutOfTurn(number, actual, leader, trick_cards[0], dummy_second)
                self.leads_out_of_turn.append(lead)
                leader = actual
            seats = _dummy_second_order(leader) if dummy_second else leader.rotation()
            for seat, card, place in zip(seats, trick_cards, places[start : start + 4]):
                if played_at[place]:
                    raise RecordError(
                        _(
                            "{seat} played {card}, which was already played at trick {played_at}"
                        ).format(seat=seat.name_full, card=card, played_at=played_at[place]),
                        where=_where(number),
                    )
                if place not in dealt[seat] and not (seat in unknown and holder_at[place] is None):
                    owner = holder_at[place]
                    facts = {"seat": seat.name_full, "card": card}
                    if owner:
                        problem = _(
                            "{seat} played {card} but does not hold it ({owner} holds it)"
                        ).format(owner=owner.name_full, **facts)
                    else:
                        problem = _("{seat} played {card} but does not hold it").format(**facts)
                    raise RecordError(problem, where=_where(number))
                played_at[place], player_of[place] = number, seat
            played_by = seats[: len(trick_cards)] if dummy_second else ()
            trick = Trick(number, leader, tuple(trick_cards), self.trump, played_by)
            tricks.append(trick)
            if trick.winner is not None:
                leader = trick.winner
        return tricks

    def _held_before(self, seat: Seat, trick: int, places: Iterable[int]) -> list[Card]:
        """The cards at ``places`` (in ``CARD_PLACE``) dealt to ``seat`` that it had not
        played to the tricks before trick ``trick``, in the order of ``places``."""
        dealt = self.deal.places[_SEAT_AT[seat]]
        played_at, played_by = self._played_at, self._played_by
        return [
            ALL_CARDS[place]
            for place in places
            if place in dealt
            and (not played_at[place] or played_at[place] >= trick or played_by[place] is not seat)
        ]

    def _dummy_played_second(self, number: int, offender: Seat, cards: Sequence[Card]) -> bool:
        """An opening lead out of turn by declarer's right-hand opponent, and the next card
        from dummy rather than from declarer's hand: declarer accepted the lead by playing
        from dummy, and that card stands (Law 54B2)."""
        if number != 1 or offender is not self.opening_leader.partner or len(cards) < 2:
            return False
        return self.deal.holder(cards[1]) is offender.rho

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks)

    @property
    def completed_tricks(self) -> list[Trick]:
        return [t for t in self._tricks if t.is_complete]

    @property
    def is_finished(self) -> bool:
        return len(self.cards) == 52

    def next_seat(self) -> Seat | None:
        """Whose turn it is to play now; None when all 13 tricks are played."""
        if self.is_finished:
            return None
        if not self._tricks or self._tricks[-1].is_complete:
            last = self._tricks[-1] if self._tricks else None
            return last.winner if last and last.winner else self.opening_leader
        last = self._tricks[-1]
        return next(seat for seat in last.leader.rotation() if seat not in last.seats)

    def leader_of(self, trick: int) -> Seat | None:
        """Who should lead to trick number ``trick``: the opening leader to the first,
        then the winner of the trick before; None while the record does not complete
        the trick before.

        >>> from td_assist.bridge.deal import Deal
        >>> hands = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
        >>> play = Play.parse(Deal.from_pbn(hands), None, Seat.E, "H7 H4 HA HT S2")
        >>> play.leader_of(1), play.leader_of(2), play.leader_of(3)
        (<Seat.E: 'E'>, <Seat.W: 'W'>, None)
        """
        if trick <= 1:
            return self.opening_leader if trick == 1 else None
        before = self._tricks[trick - 2] if trick - 2 < len(self._tricks) else None
        return before.winner if before is not None else None

    def holding(self, seat: Seat, before_trick: int) -> Hand:
        """What ``seat`` held just before trick ``before_trick`` (1-based) began."""
        if before_trick == len(self._tricks) + 1:
            played = set(self.cards)
            return Hand(self.deal.hand(seat).cards - played)
        if not 1 <= before_trick <= len(self._tricks):
            raise RecordError(
                _("there is no trick {before_trick} in this play record").format(
                    before_trick=before_trick
                )
            )
        return Hand(frozenset(self._held_before(seat, before_trick, _EVERY_PLACE)))

    def followed_suit(self, trick: Trick, seat: Seat) -> bool:
        """True unless ``seat`` discarded or ruffed while holding the suit led."""
        return self._revoke_at(trick, seat) is None

    def _revoke_at(self, trick: Trick, seat: Seat) -> Revoke | None:
        led, card = trick.led_suit, trick.card_of(seat)
        if led is None or card is None or card.suit is led or seat is trick.leader:
            return None
        return self._revoke(trick.number, seat, card, led)

    def _revoke(self, trick: int, seat: Seat, card: Card, led: Suit) -> Revoke | None:
        """The revoke, if ``seat`` played ``card`` of another suit than ``led`` to trick
        ``trick`` while it still held a card of the suit led."""
        held = tuple(self._held_before(seat, trick, _PLACES_OF_SUIT[led]))
        return Revoke(trick, seat, card, led, held) if held else None

    @cached_property
    def revokes(self) -> list[Revoke]:
        """Every failure to follow suit in the record, in order of play."""
        found = []
        for trick in self._tricks:
            led = trick.cards[0].suit
            for seat, card in zip(trick.seats, trick.cards):
                if card.suit is led:  # the lead, or following suit: never a revoke
                    continue
                revoke = self._revoke(trick.number, seat, card, led)
                if revoke is not None:
                    found.append(revoke)
        return found

    def tricks_won_by(self, side: Side, from_trick: int = 1) -> int:
        return sum(
            1
            for t in self._tricks
            if t.number >= from_trick and t.winner is not None and t.winner.side is side
        )

    def claim_range(self, side: Side) -> tuple[int, int]:
        """The totals a claim can give ``side``: at least the tricks it has won, at most
        those plus every trick not yet complete (tricks already lost stay lost)."""
        won = self.tricks_won_by(side)
        return won, won + 13 - len(self.completed_tricks)

    def winners(self) -> list[Seat | None]:
        return [t.winner for t in self._tricks]


_SEAT_AT = {seat: index for index, seat in enumerate(Seat)}  # as Deal.hands and Deal.places
_EVERY_PLACE = range(len(ALL_CARDS))
# A suit's places in CARD_PLACE, highest card first
_PLACES_OF_SUIT = {
    suit: [place for card, place in CARD_PLACE.items() if card.suit is suit] for suit in Suit
}


def _where(trick: int) -> str:
    """Where a problem in the play is: asked only once there is one (a translation)."""
    return _("Play trick {number}").format(number=trick)


def _dummy_second_order(offender: Seat) -> tuple[Seat, ...]:
    """Who plays to trick 1 after declarer's RHO leads out of turn and declarer plays
    dummy's card second (Law 54B2): dummy, then declarer, then the correct leader."""
    return (offender, offender.rho, offender.lho, offender.partner)


@lru_cache(maxsize=256)
def _parsed_play(deal: Deal, trump: Suit | None, leader: Seat, cards: tuple[str, ...]) -> Play:
    """A record's play is checked several times while a board is built; once is enough.

    Play objects are never changed after construction, so sharing them is safe.
    """
    if CARD_TEXTS.issuperset(cards):  # each in its one spelling ("HT"): looked up, not read
        return Play(deal, trump, leader, list(map(CARD_NAMED.__getitem__, cards)))
    return Play._parse(deal, trump, leader, list(cards))
