"""Double-dummy tricks, when the optional ``analysis`` extra (endplay) is installed.

Double-dummy analysis assumes every player sees all four hands, so it is a starting
point for a TD's judgment of likely results (Law 12C1(c)), never the judgment itself:
every page that shows these figures labels them "double-dummy". Without endplay every
function here returns None and everything else works.

The analysis is cached per deal: a solve takes a fraction of a second, a page may ask
several times.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache

from td_assist.bridge.cards import Seat, Side, Strain, Suit
from td_assist.bridge.deal import Deal
from td_assist.bridge.errors import RecordError

_DENOMS = {
    Strain.CLUBS: "clubs",
    Strain.DIAMONDS: "diamonds",
    Strain.HEARTS: "hearts",
    Strain.SPADES: "spades",
    Strain.NOTRUMP: "nt",
}
_PLAYERS = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}


def available() -> bool:
    """Whether the ``analysis`` extra is installed."""
    return importlib.util.find_spec("endplay") is not None


@lru_cache(maxsize=256)
def dd_table(deal_pbn: str) -> dict[Strain, dict[Seat, int]] | None:
    """Tricks each seat takes as declarer in each strain, or None without endplay."""
    if not available():
        return None
    try:
        deal = Deal.from_pbn(deal_pbn)
    except RecordError:
        return None
    if not deal.is_complete:
        return None  # two or more hands unknown: nothing to analyse
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    table = calc_dd_table(EndplayDeal(deal.to_pbn()))
    return {
        strain: {seat: int(table[Denom[denom], Player[_PLAYERS[seat]]]) for seat in Seat}
        for strain, denom in _DENOMS.items()
    }


def dd_tricks(deal_pbn: str | None, strain: Strain | None, declarer: Seat | None) -> int | None:
    """Declarer's double-dummy tricks in a strain, or None when unknown."""
    if not deal_pbn or strain is None or declarer is None:
        return None
    table = dd_table(deal_pbn)
    return None if table is None else table[strain][declarer]


def dd_position_tricks(
    hands: dict[Seat, list[str]], trump: Suit | None, leader: Seat, side: Side
) -> int | None:
    """The tricks ``side`` takes double dummy from a position part-way through the play
    (the cards each seat still holds, ``leader`` to lead), or None without endplay or
    when the solver cannot take the position. A check beside a claim ruling, never the
    ruling: the claimer is held to his statement, not to the best play."""
    if not available():
        return None
    sizes = {len(cards) for cards in hands.values()}
    if len(sizes) != 1 or not sizes.pop():
        return None
    try:
        from endplay.dds import solve_board
        from endplay.types import Deal as EndplayDeal
        from endplay.types import Denom, Player

        pbn = "N:" + " ".join(_pbn_hand(hands[seat]) for seat in Seat)
        deal = EndplayDeal(pbn)
        deal.first = Player[_PLAYERS[leader]]
        deal.trump = Denom[_DENOMS[trump.strain] if trump is not None else "nt"]
        best = max(tricks for _card, tricks in solve_board(deal))
    except Exception:  # an optional solver: any failure of it means no check
        return None
    total = len(hands[leader])
    return int(best) if leader.side is side else total - int(best)


def _pbn_hand(cards: list[str]) -> str:
    order = "AKQJT98765432"
    suits = []
    for suit in "SHDC":
        ranks = sorted((c[1] for c in cards if c[0] == suit), key=order.index)
        suits.append("".join(ranks))
    return ".".join(suits)
