"""What the tapping entry page needs to know about a board being entered.

The page sends what has been tapped so far; the answer says how many cards each hand
has, which calls are legal now, whose turn it is to play and who won each trick.
All the rules stay in the bridge model: the page only draws.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.auction import Auction
from td_assist.bridge.board import Board
from td_assist.bridge.cards import ALL_CARDS, Card, Seat
from td_assist.bridge.deal import Deal, Hand, board_dealer, board_vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Play
from td_assist.i18n import _


class EntryState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    number: int | None = Field(default=None, ge=1, le=10_000)
    hands: dict[Seat, list[str]] = Field(default_factory=dict)
    auction: list[str] = Field(default_factory=list, max_length=400)
    play: list[str] = Field(default_factory=list, max_length=52)
    # Declarer's total tricks when the play stopped at a claim (or at the revoke).
    claim: int | None = Field(default=None, ge=0, le=13)


def claim_range(play: Play | None, declarer: Seat) -> tuple[int, int]:
    """The totals a claim can give declarer: at least what his side has won, at most that
    plus every trick not yet complete."""
    if play is None:
        return 0, 13
    return play.claim_range(declarer.side)


def _check_claim(state: EntryState, play: Play | None, declarer: Seat) -> None:
    if state.claim is None:
        return
    low, high = claim_range(play, declarer)
    if not low <= state.claim <= high:
        raise RecordError(
            _(
                "a claim of {claim} tricks for declarer does not fit the "
                "play: declarer's side has won {low} and at most {high} are "
                "possible"
            ).format(claim=state.claim, low=low, high=high)
        )


def _hands(state: EntryState) -> dict[Seat, Hand]:
    seen: dict[Card, Seat] = {}
    hands: dict[Seat, Hand] = {}
    for seat in Seat:
        cards = []
        for text in state.hands.get(seat, [])[:52]:
            card = Card.parse(text)
            if card in seen:
                raise RecordError(
                    _("{card} is in both {seen} and {seat}").format(
                        card=card, seen=seen[card].name_full, seat=seat.name_full
                    )
                )
            seen[card] = seat
            cards.append(card)
        if len(cards) > 13:
            raise RecordError(
                _("{seat} has {count} cards; a hand has 13").format(
                    seat=seat.name_full, count=len(cards)
                )
            )
        hands[seat] = Hand.of(cards)
    return hands


def describe(state: EntryState) -> dict[str, Any]:
    """The page's view of the board so far, or the first problem found."""
    number = state.number or 1
    dealer = board_dealer(number)
    out: dict[str, Any] = {
        "dealer": dealer.value,
        "vulnerability": board_vulnerability(number).value,
        "error": None,
    }
    try:
        hands = _hands(state)
        placed = {c for h in hands.values() for c in h.cards}
        out["counts"] = {seat.value: len(hand) for seat, hand in hands.items()}
        out["unplaced"] = [str(c) for c in ALL_CARDS if c not in placed]
        auction = Auction.parse(dealer, state.auction)
        out["auction"] = {
            "next_seat": None if auction.is_complete else auction.next_seat.value,
            "legal_calls": [str(c) for c in auction.legal_calls()],
            "complete": auction.is_complete,
            "contract": str(auction.contract()) if auction.contract() else None,
            "declarer": (
                auction.declarer().value if auction.is_complete and auction.declarer() else None
            ),
        }
        complete_deal = all(len(h) == 13 for h in hands.values())
        out["deal_complete"] = complete_deal
        contract = auction.contract()
        if complete_deal and contract and not contract.is_passed_out and state.play is not None:
            board = Board.checked(
                number=number,
                deal=Deal.from_hands(hands).to_pbn(),
                auction=state.auction,
                play=state.play,
            )
            play = board.play_obj
            tricks = play.tricks if play else []
            nxt = play.next_seat() if play else contract.declarer.lho  # type: ignore[union-attr]
            holding = (
                play.holding(nxt, len(tricks) + 1)
                if play and nxt
                else hands[nxt]
                if nxt
                else Hand(frozenset())
            )
            out["play"] = {
                "next_seat": nxt.value if nxt else None,
                "holding": [str(c) for c in holding],
                "tricks": [
                    {
                        "number": t.number,
                        "leader": t.leader.value,
                        "cards": {s.value: str(c) for s, c in zip(t.seats, t.cards)},
                        "winner": t.winner.value if t.winner else None,
                    }
                    for t in tricks
                ],
                "revokes": [{"trick": r.trick, "seat": r.seat.value} for r in board.revokes],
                "claim": state.claim,
                "claim_range": list(claim_range(play, contract.declarer)),  # type: ignore[arg-type]
            }
            _check_claim(state, play, contract.declarer)  # type: ignore[arg-type]
    except RecordError as error:
        out["error"] = str(error)
    return out


def to_board(state: EntryState) -> Board:
    number = state.number or 1
    hands = _hands(state)
    if not all(len(h) == 13 for h in hands.values()):
        missing = [s.name_full for s, h in hands.items() if len(h) != 13]
        raise RecordError(
            _("every hand needs 13 cards: check {list}").format(list=", ".join(missing))
        )
    board = Board.checked(
        number=number,
        deal=Deal.from_hands(hands).to_pbn(),
        auction=state.auction,
        play=state.play,
        claim=state.claim,
    )
    if state.claim is not None:
        if board.declarer_seat is None:
            raise RecordError(_("a claim needs a contract and declarer: finish the auction"))
        _check_claim(state, board.play_obj, board.declarer_seat)
    return board
