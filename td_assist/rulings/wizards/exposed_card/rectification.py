"""The exposed-card ruling's rectification and the words of its outcome."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Card, Seat, Suit
from td_assist.bridge.display import suit_name
from td_assist.i18n import _, ngettext
from td_assist.rulings.engine.walk import (
    Walk,
)
from td_assist.rulings.procedures.lead_restrictions import LeadOptions
from td_assist.rulings.procedures.named_cards import (
    card_names,
)
from td_assist.rulings.procedures.penalty_cards import (
    PenaltyCardLine,
    major_by_law_50b,
)
from td_assist.rulings.procedures.tricks_and_scores import side_name
from td_assist.rulings.wizards.exposed_card.facts import category_of
from td_assist.rulings.wizards.exposed_card.report import (
    CATEGORY_LAW,
    DEFENDING,
    LAWS_INSTEAD,
    PASS_STATUSES,
    SUIT_ORDER,
    Category,
    PassStatus,
    Situation,
    after_final_pass,
)


class OffenderMustLead(BaseModel):
    """Law 50D1(a), 51A: the offender, on opening lead, leads a major penalty card;
    ``designated_by`` is ``declarer`` when he names which of several."""

    model_config = ConfigDict(extra="forbid")
    seat: Seat
    cards: list[str]
    designated_by: Literal["declarer"] | None = None


class ExposedCardRectification(BaseModel):
    model_config = ConfigDict(extra="forbid")
    offender: Seat
    cards: list[str]
    call_index: int
    premature_lead: bool = False
    seen_by_partner: bool | None = None
    category: Category
    partner_must_pass: bool = False
    partner_pass_at: int | None = None  # the call number of his forced pass
    partner_pass_status: PassStatus | None = None
    barred_call: str | None = None  # what he called instead (Law 37)
    offending_side_barred: bool = False  # Law 37B2: both must pass from then on
    penalty_cards: list[PenaltyCardLine] = Field(default_factory=list)
    # While the auction goes on: what the penalty cards would be were he to defend.
    penalty_cards_if_defender: list[PenaltyCardLine] = Field(default_factory=list)
    returned_to_hand: bool = False
    lead_options: LeadOptions | None = None
    offender_must_lead: OffenderMustLead | None = None
    auction_complete: bool = False
    contract: str | None = None
    declarer: Seat | None = None
    opening_leader: Seat | None = None
    laws_instead: list[str] = Field(default_factory=list)  # when Law 24 does not apply


def _suits(cards: list[Card]) -> list[Suit]:
    return sorted({c.suit for c in cards}, key=lambda suit: SUIT_ORDER.index(suit.value))


def _category(result: Walk, s: Situation) -> Category:
    outcome = result.outcome
    if outcome == "before_auction":
        return "before_auction"
    if outcome == "not_seen_by_partner":
        return "not_seen_by_partner"
    return category_of(s.cards, _walked(result).get("premature_lead") == "yes")


def _walked(result: Walk) -> dict[str, str | None]:
    return {step.node: step.answer for step in result.steps}


def _penalty_lines(s: Situation, premature: bool) -> list[PenaltyCardLine]:
    major = major_by_law_50b(s.cards, deliberate=premature)
    return [PenaltyCardLine(seat=s.offender, card=str(c), major=major) for c in s.cards]


def rectify(s: Situation, result: Walk) -> ExposedCardRectification:
    outcome = result.outcome or ""
    walked = _walked(result)
    premature = walked.get("premature_lead") == "yes"
    category = _category(result, s)
    rect = ExposedCardRectification(
        offender=s.offender,
        cards=[str(c) for c in s.cards],
        call_index=s.call_index,
        premature_lead=premature,
        seen_by_partner=None
        if "seen_by_partner" not in walked
        else walked["seen_by_partner"] == "yes",
        category=category,
        laws_instead=LAWS_INSTEAD.get(outcome, []),
    )
    if premature:
        rect.seen_by_partner = True  # a card led lies face up on the table
    if outcome in LAWS_INSTEAD:
        rect.returned_to_hand = True  # no Law 24: the card simply goes back
        return rect
    if category in ("honour_or_premature_lead", "two_or_more"):
        turn = s.partner_turn()
        status = walked.get("partner_pass")
        rect.partner_must_pass = True
        rect.partner_pass_status = PASS_STATUSES.get(status or "")
        rect.partner_pass_at = None if status == "ended_first" else turn.number
        if status == "called" and turn.call is not None:
            rect.barred_call = str(turn.call)
    rect.offending_side_barred = outcome == "barred_call_cancelled"
    lines = _penalty_lines(s, premature)
    contract = s.contract
    complete = contract is not None and outcome != "barred_call_cancelled"
    if complete and contract is not None:
        rect.auction_complete = True
        rect.contract = str(contract)
        declarer = s.board.declarer_seat if s.board is not None else None
        rect.declarer = declarer
        rect.opening_leader = declarer.lho if declarer is not None else None
    if outcome == "returned_to_hand":
        rect.returned_to_hand = True
    elif outcome in DEFENDING:
        rect.penalty_cards = lines
    elif outcome not in ("passed_out",):
        rect.penalty_cards_if_defender = lines
    if outcome == "offender_leads_penalty_card":
        rect.offender_must_lead = OffenderMustLead(
            seat=s.offender,
            cards=[str(c) for c in s.cards],
            designated_by="declarer" if len(s.cards) > 1 else None,
        )
    if outcome == "declarer_lead_options":
        rect.lead_options = LeadOptions(
            seat=s.partner, suits=[suit.value for suit in _suits(s.cards)]
        )
    return rect


def _pass_turn(rect: ExposedCardRectification, s: Situation) -> str:
    number = rect.partner_pass_at or s.partner_turn().number
    status = rect.partner_pass_status
    if status == "ended_first":
        return _("none: the auction ended before his turn came")
    if status == "passed":
        return _("call {number}, where the record shows his pass").format(number=number)
    if status == "pending":
        return _("call {number} of the auction, if the auction reaches him").format(number=number)
    return _("call {number}").format(number=number)


def _exposure_text(s: Situation, category: Category, premature: bool) -> str:
    offender, cards = s.offender.name_full, card_names(s.cards)
    if after_final_pass(s.board, s.call_index):
        return _(
            "{offender} faced {cards} after the final pass, as an opening lead for the "
            "declaring side (Law 54E)."
        ).format(offender=offender, cards=cards)
    if category == "two_or_more":
        return _("{offender} exposed {count} cards, {cards} (Law 24C).").format(
            offender=offender, count=len(s.cards), cards=cards
        )
    if premature:
        return _(
            "{offender} led {cards} face up before the auction had ended, a premature "
            "lead (Law 24B)."
        ).format(offender=offender, cards=cards)
    if category == "honour_or_premature_lead":
        return _("{offender} exposed {cards}, a single honour (Law 24B).").format(
            offender=offender, cards=cards
        )
    return _(
        "{offender} exposed {cards}, a single card below honour rank that was not led (Law 24A)."
    ).format(offender=offender, cards=cards)


def _during_auction(rect: ExposedCardRectification, s: Situation) -> str:
    """What Law 24 did during the auction, for the outcomes at its end."""
    exposure = _exposure_text(s, rect.category, rect.premature_lead)
    partner = s.partner.name_full
    if rect.category == "low_card":
        return (
            exposure
            + " "
            + _("The card stayed face up until the auction ended, with no further rectification.")
        )
    if rect.partner_pass_status == "ended_first":
        return (
            exposure
            + " "
            + _(
                "{partner} would have had to pass at his next turn, but the auction ended before "
                "it came."
            ).format(partner=partner)
        )
    return (
        exposure
        + " "
        + _("{partner} had to pass at his next turn, call {number}, and did.").format(
            partner=partner, number=rect.partner_pass_at
        )
    )


def outcome_values(s: Situation, rect: ExposedCardRectification) -> dict[str, object]:
    offender, partner = s.offender, s.partner
    count = len(s.cards)
    cards = card_names(s.cards)
    suits = _suits(s.cards)
    suit_names = [suit_name(suit) for suit in suits]
    declarer = rect.declarer
    titles = {
        "low_card": _("Single low card"),
        "two_or_more": _("Two or more cards"),
        "honour_or_premature_lead": (
            _("Premature lead") if rect.premature_lead else _("Single honour")
        ),
    }
    laws = {
        category: _("Law {anchor}").format(anchor=anchor)
        for category, anchor in CATEGORY_LAW.items()
    }
    if len(suits) > 1:
        suits_text = _("one suit of the penalty cards ({suits})").format(
            suits=_(" or ").join(suit_names)
        )
        several_note = " " + _(
            "With penalty cards in two or more suits he may forbid several of those suits at "
            "once (Law 51B2(b))."
        )
        law_51b = ", " + _("Law 51B2")
    else:
        suits_text = suit_names[0] if suit_names else "?"
        several_note = ""
        law_51b = ", " + _("Law 51B1") if count > 1 else ""
    return {
        "offender": offender.name_full,
        "partner": partner.name_full,
        "partner_lho": partner.lho.name_full,
        "offenders": side_name(offender.side),
        "non_offenders": side_name(offender.side.other),
        "cards": cards,
        "category_title": titles.get(rect.category, ""),
        "category_law": laws.get(rect.category, _("Law {anchor}").format(anchor="24")),
        "exposure_text": _exposure_text(s, rect.category, rect.premature_lead)
        if rect.category in laws
        else "",
        "pass_turn": _pass_turn(rect, s),
        "during_auction": _during_auction(rect, s) if rect.category in laws else "",
        "contract": rect.contract or "?",
        "declarer": declarer.name_full if declarer is not None else "?",
        "role": _("declarer") if declarer is offender else _("dummy"),
        "opening_leader": rect.opening_leader.name_full if rect.opening_leader else "?",
        "cards_are_major": ngettext(
            "{cards} becomes a major penalty card", "{cards} become major penalty cards", count
        ).format(cards=cards),
        "a_penalty_card": ngettext("it", "one of them", count),
        "designation": " "
        + _("With two or more penalty cards, declarer says which of them he leads (Law 51A).")
        if count > 1
        else "",
        "lead_card_choice": cards
        if count == 1
        else _("one of {cards}, the one declarer designates (Law 51A)").format(cards=cards),
        "suits": suits_text,
        "law_51b": law_51b,
        "several_note": several_note,
        "barred_call": rect.barred_call or _("a call"),
    }


def end_text(rect: ExposedCardRectification) -> str:
    """The contract and the table's next step, for the outcomes where the auction ended."""
    if not rect.auction_complete or rect.contract is None or rect.declarer is None:
        return ""
    if rect.contract == str(Contract.passed_out()):
        return ""
    return _("Contract: {contract} by {declarer}; {leader} makes the opening lead.").format(
        contract=rect.contract,
        declarer=rect.declarer.name_full,
        leader=rect.opening_leader.name_full if rect.opening_leader else "?",
    )


def provisional(s: Situation, result: Walk) -> ExposedCardRectification:
    """The rectification as far as the walk has gone, for the words of the next question."""
    walked = _walked(result)
    premature = walked.get("premature_lead") == "yes"
    return ExposedCardRectification(
        offender=s.offender,
        cards=[str(c) for c in s.cards],
        call_index=s.call_index,
        premature_lead=premature,
        category=category_of(s.cards, premature),
        contract=str(s.contract) if s.contract is not None else None,
        partner_pass_at=s.partner_turn().number,
    )
