"""The tap-on-card diagram: the TD marks on the hand record's four hands the cards still
held at a claim, or those already played, whichever are fewer (no keyboard, no script).

The cards tapped so far and the mode live in the address (``tc=SA.HK``, ``cm=played``), as
every other picker's state does; each tap is a link. "Done" answers ``cards_left`` or
``cards_played`` with the cards marked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.web.views import SUIT_CLASS, SUITS

# The question a picker answers, and the answer each mode gives.
CARD_NODES = ("cards_left",)
MODE_ANSWER = {"left": "cards_left", "played": "cards_played"}


@dataclass
class CardKey:
    code: str  # "SA"
    label: str  # "A", "10"
    marked: bool
    url: str


@dataclass
class SuitRow:
    symbol: str
    css: str
    cards: list[CardKey]
    all_url: str  # marks (or clears) the whole holding in one tap


@dataclass
class HandRows:
    seat: Seat
    rows: list[SuitRow]


@dataclass
class CardPicker:
    mode: str  # "left" or "played"
    hands: list[HandRows]
    marked: int
    per_hand: list[tuple[str, int]]  # seat name, cards marked in that hand
    done_url: str | None  # None until every hand has the same number marked
    switch_url: str
    clear_url: str
    title: str


def _tapped(text: str) -> list[str]:
    cards = []
    for token in text.replace(",", ".").split(".")[:52]:
        try:
            code = str(Card.parse(token))
        except RecordError:
            continue
        if code not in cards:
            cards.append(code)
    return cards


def build(
    board: Board,
    args: dict[str, str],
    link: Callable[..., str],
    answer: Callable[[str, str], str],
) -> CardPicker | None:
    """The diagram for ``board`` with the cards in ``args`` marked; None without a deal."""
    deal = board.deal_obj
    if deal is None or not deal.is_complete:
        return None
    mode = "played" if args.get("cm") == "played" else "left"
    tapped = _tapped(args.get("tc", ""))

    def state(cards: list[str]) -> str:
        return link(cm=mode if mode == "played" else "", tc=".".join(cards))

    hands = []
    counts = []
    for seat in Seat:
        rows = []
        held = deal.hand(seat)
        for suit in SUITS:
            cards = [str(c) for c in held.suit_cards(suit)]
            keys = [
                CardKey(
                    code,
                    "10" if code[1] == "T" else code[1],
                    code in tapped,
                    state([c for c in tapped if c != code] if code in tapped else [*tapped, code]),
                )
                for code in cards
            ]
            every = bool(cards) and all(c in tapped for c in cards)
            rest = [c for c in tapped if c not in cards]
            all_url = state(rest if every else rest + cards)
            rows.append(SuitRow(suit.symbol, SUIT_CLASS[suit], keys, all_url))
        hands.append(HandRows(seat, rows))
        counts.append((seat.name_full, sum(1 for c in tapped if Card.parse(c) in held)))
    sizes = {n for _seat, n in counts}
    done = answer(MODE_ANSWER[mode], " ".join(tapped)) if len(sizes) == 1 and tapped else None
    other = "played" if mode == "left" else "left"
    title = (
        _("Tap the cards each player still held at the claim")
        if mode == "left"
        else _("Tap the cards played before the claim")
    )
    return CardPicker(
        mode=mode,
        hands=hands,
        marked=len(tapped),
        per_hand=counts,
        done_url=done,
        switch_url=link(cm=other if other == "played" else ""),
        clear_url=link(cm=mode if mode == "played" else ""),
        title=title,
    )
