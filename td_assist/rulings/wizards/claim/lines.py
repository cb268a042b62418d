"""The help beside the questions: the cards left, the suit breaks, the candidate lines
the statement may leave open, and a double-dummy check. None of it answers a question."""

from __future__ import annotations

import time
from typing import Literal

from pydantic import BaseModel, ConfigDict

from td_assist.bridge import double_dummy
from td_assist.bridge.cards import Suit
from td_assist.bridge.claim_lines import Position, candidate_lines, finesse_suits, tricks_on_line
from td_assist.i18n import _
from td_assist.rulings.wizards.claim.report import ClaimSituation

# The candidate lines are help on every page of the walk: never more than this long to wait.
LINES_SECONDS = 1.0


class CandidateLine(BaseModel):
    """One line the statement may leave open, and what it takes against the actual cards."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["order", "first", "finesse"]
    description: str
    tricks: int | None  # None: too many cards left to evaluate
    unstated_finesse: bool = False


def cards_left_by_seat(situation: ClaimSituation) -> dict[str, list[str]]:
    if situation.hands is None:
        return {}
    return {seat.value: [str(c) for c in cards] for seat, cards in situation.hands.items()}


def suit_breaks(situation: ClaimSituation) -> list[str]:
    hands = situation.hands
    if hands is None:
        return []
    first, second = situation.side.other.seats
    lines = []
    for suit in Suit:
        ours = sum(1 for s in situation.side.seats for c in hands[s] if c.suit is suit)
        one = sum(1 for c in hands[first] if c.suit is suit)
        two = sum(1 for c in hands[second] if c.suit is suit)
        if ours and one + two:
            lines.append(
                _("{suit}: {first} holds {one}, {second} {two}").format(
                    suit=suit.symbol,
                    first=first.name_full,
                    one=one,
                    second=second.name_full,
                    two=two,
                )
            )
    return lines


def _describe(kind: str, order: tuple[Suit, ...], finesse: Suit | None, held: set[Suit]) -> str:
    suits = " ".join(s.symbol for s in order if s in held)
    if kind == "finesse" and finesse is not None:
        return _("Take the finesse in {suit}, then cash the rest from the top ({suits})").format(
            suit=finesse.symbol, suits=suits
        )
    if kind == "first":
        return _("Play {suit} first, then the rest from the top ({suits})").format(
            suit=order[0].symbol, suits=suits
        )
    return _("Cash from the top, suits in this order: {suits}").format(suits=suits)


def candidate_line_results(situation: ClaimSituation) -> list[CandidateLine]:
    """The lines the statement may leave open, each with the fewest tricks the claiming
    side takes on it against the actual cards, whatever the opponents do."""
    if situation.hands is None or situation.on_lead is None:
        return []
    position = Position.of(situation.hands, situation.trump, situation.on_lead)
    if position.tricks_left == 0:
        return []
    found = []
    finesses = set(finesse_suits(position, situation.side))
    held = {c.suit for seat in situation.side.seats for c in situation.hands[seat]}
    deadline = time.monotonic() + LINES_SECONDS
    for kind, line in candidate_lines(position, situation.side):
        found.append(
            CandidateLine(
                kind=kind,  # type: ignore[arg-type]
                description=_describe(kind, line.order, line.finesse, held),
                tricks=tricks_on_line(position, situation.side, line, deadline=deadline),
                unstated_finesse=line.finesse in finesses,
            )
        )
    return found


def double_dummy_tricks(situation: ClaimSituation) -> int | None:
    if situation.hands is None or situation.on_lead is None:
        return None
    return double_dummy.dd_position_tricks(
        {seat: [str(c) for c in cards] for seat, cards in situation.hands.items()},
        situation.trump,
        situation.on_lead,
        situation.side,
    )
