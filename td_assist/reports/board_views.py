"""Shapes the pages and the printable report need from a board: hands by suit, the auction
by rounds, the tricks."""

from __future__ import annotations

from dataclasses import dataclass, field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Rank, Seat, Strain, Suit
from td_assist.bridge.display import call_text
from td_assist.bridge.double_dummy import dd_table
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SUIT_CLASS = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}
# Each rank's place in a suit as shown (high cards first) and its text ("10" for the
# ten), by the rank's letter: a diagram's 52 cards are sorted by these rather than by
# each card's sort key (issue 29: a new deal's hands were a fifth of its ruling page's
# rendering; a Card or an enum member hashes in Python, its letter does not).
_RANK_PLACE = {rank._value_: -rank.value_order for rank in Rank}
_RANK_SHOWN = {rank._value_: "10" if rank is Rank.TEN else rank._value_ for rank in Rank}


@dataclass
class HandView:
    seat: Seat
    role: str  # the reader's word for declarer or dummy, "" for a defender
    suits: list[tuple[str, str, str]]  # (symbol, css class, ranks)
    dealer: bool
    vulnerable: bool


@dataclass
class TrickView:
    number: int
    leader: Seat
    cards: dict[str, tuple[str, str]]  # seat letter -> (pretty card, css class)
    winner: Seat | None
    revoke_seats: set[str] = field(default_factory=set)

    @property
    def cells(self) -> list[tuple[tuple[str, str] | None, bool]]:
        """The table's columns N E S W: each seat's card (or None) and whether that seat
        revoked, read in one loop by _board.html (a ``cards.get`` per cell from the
        template is a call through Jinja's context, three times a lookup)."""
        return [(self.cards.get(seat), seat in self.revoke_seats) for seat in "NESW"]


def hands(board: Board) -> list[HandView]:
    deal = board.deal_obj
    if deal is None:
        return []
    declarer = board.declarer_seat
    views = []
    for seat in Seat:
        role = ""
        if declarer is not None:
            if seat is declarer:
                role = _("declarer")
            elif seat is declarer.partner:
                role = _("dummy")
        suits = [
            (suit.symbol, SUIT_CLASS[suit], " ".join(ranks) or "—")
            for suit, ranks in zip(SUITS, _ranks_by_suit(deal.hand(seat).cards), strict=True)
        ]
        views.append(
            HandView(
                seat, role, suits, seat is board.dealer, board.vulnerability.is_vulnerable(seat)
            )
        )
    return views


def _ranks_by_suit(cards: frozenset[Card]) -> tuple[list[str], ...]:
    """The ranks shown of ``cards`` in each suit of SUITS, highest first."""
    held: dict[str, list[str]] = {suit._value_: [] for suit in SUITS}
    for card in cards:
        held[card.suit._value_].append(card.rank._value_)
    return tuple(
        [_RANK_SHOWN[rank] for rank in sorted(held[suit._value_], key=_RANK_PLACE.__getitem__)]
        for suit in SUITS
    )


def auction_rows(board: Board) -> list[list[str]]:
    """The auction in rows of four, columns W N E S, blanks before the dealer.

    Each call sits under the player who made it: an insufficient bid the offender
    replaced shares its cell with the replacement ("1♥ insufficient → 2♥"), an
    accepted one says so, and a skipped turn (PBN ``^S``) leaves its cell blank.
    """
    order = [Seat.W, Seat.N, Seat.E, Seat.S]
    try:
        auction = board.auction_obj
    except RecordError:
        auction = None
    if auction is None or len(auction.seats) != len(board.auction):
        cells = [""] * order.index(board.dealer) + [call_text(c) for c in board.auction]
    else:
        withdrawn = auction.withdrawn
        accepted = {b.call_index - 1 for b in auction.insufficient_bids if b.accepted}
        cells = []
        last: Seat | None = None
        for index, (seat, text) in enumerate(zip(auction.seats, board.auction)):
            shown = call_text(text)
            if index - 1 in withdrawn and last is seat:
                cells[-1] += f" → {shown}"
                continue
            gap = (
                order.index(seat)
                if last is None
                else (order.index(seat) - order.index(last)) % 4 - 1
            )
            cells += [""] * gap
            if index in withdrawn:
                shown = _("{call} insufficient").format(call=shown)
            elif index in accepted:
                shown = _("{call} insufficient, accepted").format(call=shown)
            cells.append(shown)
            last = seat
    return [cells[i : i + 4] + [""] * (4 - len(cells[i : i + 4])) for i in range(0, len(cells), 4)]


def double_dummy(board: Board) -> list[tuple[str, list[int]]] | None:
    """Rows (strain, tricks for N E S W) with the analysis extra, else None."""
    if not board.deal:
        return None
    table = dd_table(board.deal)
    if table is None:
        return None
    order = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
    return [(s.symbol, [table[s][seat] for seat in Seat]) for s in order]


def tricks(board: Board) -> list[TrickView]:
    play = board.play_obj
    if play is None:
        return []
    revokes: dict[int, set[str]] = {}
    for revoke in play.revokes:
        revokes.setdefault(revoke.trick, set()).add(revoke.seat.value)
    views = []
    for trick in play.tricks:
        cards = {
            seat.value: (card.pretty, SUIT_CLASS[card.suit])
            for seat, card in zip(trick.seats, trick.cards)
        }
        views.append(
            TrickView(
                trick.number, trick.leader, cards, trick.winner, revokes.get(trick.number, set())
            )
        )
    return views
