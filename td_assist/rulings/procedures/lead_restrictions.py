"""Lead restrictions: what declarer may require or forbid of the offender's partner.

Law 50D2 and 51B (penalty cards on the table when the partner is to lead); Law 26B
(a call withdrawn or cancelled and not replaced by a comparable call: declarer may
forbid the offender's partner, at his first turn to lead, one suit the offender did not
specify in the legal auction).
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.auction import Auction
from td_assist.bridge.cards import Card, Seat, Suit
from td_assist.bridge.display import suit_name
from td_assist.i18n import _


class LeadOptions(BaseModel):
    """Declarer's options when the offender's partner is to lead (Law 50D2, 51B)."""

    model_config = ConfigDict(extra="forbid")
    seat: Seat
    suits: list[str]
    options: list[str] = Field(default_factory=lambda: ["require", "forbid"])


def specified_suits(auction: Auction, offender: Seat) -> frozenset[Suit]:
    """The suits ``offender``'s standing bids named: what natural bids specify (Law 26B).
    An artificial bid specifies what it shows, which the Director says instead.

    >>> a = Auction.parse(Seat.N, ["1S", "P", "2H", "P", "P", "P"])
    >>> sorted(s.value for s in specified_suits(a, Seat.S))
    ['H']
    """
    return frozenset(
        call.strain.suit
        for seat, call in auction.effective_calls()
        if seat is offender and call.is_bid and call.strain and call.strain.suit
    )


def law_26b_forbid_suits(specified: Iterable[Suit]) -> list[str]:
    """The suits declarer may forbid under Law 26B: those not specified, in suit order.

    >>> law_26b_forbid_suits({Suit.SPADES})
    ['H', 'D', 'C']
    """
    named = set(specified)
    return [suit.value for suit in Suit if suit not in named]


def law_26b_text(
    offender: Seat,
    restricted_leader: Seat,
    forbid_suits: list[str],
    contract: str | None,
    declarer: Seat | None,
    opening_lead: str | None = None,
    judged: bool = False,
) -> str:
    """Law 26B said of the contract reached: whether it arises, and when it does, the
    suits declarer may forbid ``restricted_leader`` and what the recorded opening lead
    was. Empty while the auction has not ended (no declarer)."""
    if declarer is None or contract is None:
        return ""
    if declarer.side is offender.side:
        return _("{side} declare {contract}: the Law 26B lead restriction does not arise.").format(
            side=_side(offender), contract=contract
        )
    opening_leader = declarer.lho
    if restricted_leader is opening_leader:
        text = _(
            "Against {contract} by {declarer}, declarer may forbid {leader} on the opening "
            "lead to lead one of: {suits} (Law 26B)."
        )
    else:
        text = _(
            "Against {contract} by {declarer}, declarer may forbid {leader} the first time "
            "{leader} is on lead to lead one of: {suits} (Law 26B)."
        )
    suits = ", ".join(suit_name(letter) for letter in forbid_suits) or _("none")
    said = text.format(
        contract=contract, declarer=declarer.name_full, leader=restricted_leader.name_full,
        suits=suits,
    )  # fmt: skip
    if not judged:
        said += " " + _(
            "These are the suits {offender}'s bids did not name; an artificial bid specifies "
            "the suits it shows instead, which the Director then names."
        ).format(offender=offender.name_full)
    if opening_lead and restricted_leader is opening_leader:
        card = Card.parse(opening_lead)
        if card.suit.value in forbid_suits:
            said += " " + _(
                "The record shows {leader} leading {card}: a suit declarer could have "
                "forbidden ({suit})."
            ).format(
                leader=restricted_leader.name_full,
                card=card.pretty,
                suit=suit_name(card.suit),
            )
        else:
            said += " " + _(
                "The record shows {leader} leading {card}: {suit} is a suit {offender} "
                "specified, which declarer could not forbid."
            ).format(
                leader=restricted_leader.name_full, card=card.pretty,
                suit=suit_name(card.suit), offender=offender.name_full,
            )  # fmt: skip
    return said


def _side(seat: Seat) -> str:
    return _("North-South") if seat.side.value == "NS" else _("East-West")
