"""The penalty-card ruling's rectification and the words of its outcome."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.cards import Card, Seat, Suit
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _, ngettext
from td_assist.rulings.engine.walk import Walk
from td_assist.rulings.procedures.lead_restrictions import LeadOptions
from td_assist.rulings.procedures.named_cards import (
    card_names,
)
from td_assist.rulings.procedures.penalty_cards import (
    PenaltyCardLine,
    Violation,
)
from td_assist.rulings.procedures.table_roles import role_label
from td_assist.rulings.procedures.tricks_and_scores import side_name
from td_assist.rulings.wizards.penalty_card.report import ALL_SUITS, SUIT_ORDER, Situation
from td_assist.rulings.wizards.penalty_card.tracking import major_suits, suits_text


class ViolationLine(BaseModel):
    model_config = ConfigDict(extra="forbid")
    trick: int
    seat: Seat
    kind: str
    laws: list[str]
    card: str
    evidence: str


class PenaltyCardRectification(BaseModel):
    model_config = ConfigDict(extra="forbid")
    offender: Seat | None = None
    trick: int | None = None
    penalty_cards: list[PenaltyCardLine] = Field(default_factory=list)
    lead_options: LeadOptions | None = None
    lead_choice: str | None = None
    # The suit declarer required or forbade; None when he forbade several (Law 51B2(b)),
    # which ``lead_suits`` lists.
    lead_suit: str | None = None
    lead_suits: list[str] = Field(default_factory=list)
    violations: list[ViolationLine] = Field(default_factory=list)
    released_trick: int | None = None
    released_by: Literal["played", "picked_up"] | None = None
    # Penalty cards still on the table at the end of the record.
    still_on_table: list[str] = Field(default_factory=list)
    # One line per violation: "trick 2 E penalty_card_not_played".
    violation_summary: list[str] = Field(default_factory=list)


def _answered(result: Walk) -> dict[str, str | None]:
    return {step.node: step.answer for step in result.steps}


def rectify(situation: Situation, result: Walk) -> PenaltyCardRectification:
    answered = _answered(result)
    defender = (
        answered.get("role") == "defender"
        and answered.get("normal_course") == "no"
        and answered.get("partner_could_see") != "no"  # Law 49
    )
    major = not (
        answered.get("count") == "one"
        and answered.get("honour") == "no"
        and answered.get("exposure") == "inadvertent"
    )
    rect = PenaltyCardRectification(offender=situation.offender, trick=situation.trick)
    if not defender or situation.offender is None:
        return rect
    cards = list(situation.cards)
    lines = [PenaltyCardLine(seat=situation.offender, card=str(c), major=major) for c in cards]
    failure = situation.first_failure()
    replaced = result.outcome == "failure_replaced" and failure is not None
    # The penalty card played in place of the wrong card (Law 52B2), when only one was
    # due; with several due, declarer designates which (51A) and all stay listed.
    substitute: Card | None = None
    if replaced:
        if failure is None:
            raise RecordError("the record shows no card played in place of the penalty card")
        due = failure.due or tuple(cards)
        substitute = due[0] if len(due) == 1 else None
        # The wrong card becomes a major penalty card in its turn (52B2), or stays one when
        # it was another penalty card than the one declarer designated (51A).
        lines = [line for line in lines if line.card not in (str(substitute), str(failure.card))]
        lines.append(PenaltyCardLine(seat=situation.offender, card=str(failure.card), major=True))
        if len(lines) > 1:
            lines = [line.model_copy(update={"major": True}) for line in lines]
    rect.penalty_cards = lines
    majors = [line for line in lines if line.major]
    if majors and situation.partner is not None:
        suits = sorted({line.card[0] for line in majors}, key=lambda s: SUIT_ORDER.index(s))
        rect.lead_options = LeadOptions(seat=situation.partner, suits=suits)
    choice = answered.get("lead_choice")
    rect.lead_choice = choice
    chosen = _chosen_suits(situation, answered)
    rect.lead_suits = [s.value for s in chosen]
    rect.lead_suit = chosen[0].value if len(chosen) == 1 else None
    if situation.trace is not None:
        rect.violations = [
            ViolationLine(
                trick=v.trick,
                seat=v.seat,
                kind=v.kind,
                laws=list(v.laws),
                card=str(v.card),
                evidence=v.evidence,
            )
            for v in situation.trace.violations
        ]
        rect.violation_summary = [
            f"trick {v.trick} {v.seat.value} {v.kind}" for v in situation.trace.violations
        ]
        rect.released_trick = situation.trace.released_trick
        rect.released_by = situation.trace.released_by
        on_table = [p.card for p in situation.trace.remaining if p.card != substitute]
        now = situation.partner_on_lead_now()
        if now is not None and choice in ("require", "forbid") and chosen:
            # Declarer has just chosen before the partner's lead: the penalty cards of
            # the suit he named go back into the offender's hand (Law 50D2(a)).
            on_table = [card for card in on_table if card.suit not in chosen]
            if not on_table:
                rect.released_trick, rect.released_by = now, "picked_up"
        if replaced:
            if failure is None:
                raise RecordError("the record shows no card played in place of the penalty card")
            # The record shows the wrong card played; the ruling puts it back on the table.
            on_table.append(failure.card)
        rect.still_on_table = [str(card) for card in on_table]
    elif choice in ("require", "forbid") and chosen:
        released = [line for line in lines if line.card[0] in rect.lead_suits]
        if released and len(released) == len(lines):
            rect.released_by = "picked_up"
    return rect


def _chosen_suits(situation: Situation, answered: dict[str, str | None]) -> list[Suit]:
    """The suit declarer required or forbade, or every penalty card's suit (51B2(b))."""
    suit = answered.get("require_suit") or answered.get("forbid_suit")
    if suit == ALL_SUITS:
        return major_suits(situation)
    return [Suit(suit.upper())] if suit else []


def violations_text(rect: PenaltyCardRectification) -> str:
    if not rect.violations:
        return ""
    lines = [v.evidence for v in rect.violations]
    return (
        _("What the record shows after the exposure:")
        + "\n"
        + "\n".join(f"- {line}" for line in lines)
    )


def outcome_values(
    situation: Situation, result: Walk, rect: PenaltyCardRectification
) -> dict[str, object]:
    s = situation
    answered = _answered(result)
    offender = s.offender.name_full if s.offender else _("the offender")
    partner = s.partner.name_full if s.partner else _("his partner")
    cards = card_names(s.cards) or _("the exposed card")
    count = max(len(s.cards), 1)
    several = count > 1
    values: dict[str, object] = {
        "offender": offender,
        "partner": partner,
        "cards": cards,
        "card": cards,
        "suit": s.cards[0].suit.symbol if s.cards else _("that suit"),
        "declarer": s.declarer.name_full if s.declarer else _("declarer"),
        "offender_role_text": role_label(s.board, s.offender) if s.offender else _("The card"),
        "non_offenders": side_name(s.offender.side.other) if s.offender else _("the opponents"),
        "offenders": side_name(s.offender.side) if s.offender else _("the offenders"),
        "suits": _(" or ").join(
            Suit(letter).symbol for letter in (rect.lead_options.suits if rect.lead_options else [])
        )
        or _("the penalty card's suit"),
        # Pronouns and verbs that agree with the number of penalty cards.
        "them": ngettext("it", "them", count),
        "them_stay": ngettext("It stays", "They stay", count),
        "stays": ngettext("stays", "stay", count),
        "a_penalty_card": ngettext("a penalty card", "penalty cards", count),
        "cards_are_major": ngettext(
            "{cards} is a major penalty card", "{cards} are major penalty cards", count
        ).format(cards=cards),
        "why_major": (
            _("two or more penalty cards of one defender are all major")
            if several
            else _("an honour")
            if s.cards and s.cards[0].rank.is_honour
            else _("exposed by a deliberate play")
        ),
        "declarer_designates": (
            _("; when more than one could legally be played, declarer says which (Law 51A)")
            if several
            else ""
        ),
        "law_51": _(", or Law 51B for penalty cards in more than one suit") if several else "",
        "law_51b1a": ", 51B1(a)" if several else "",
        "law_51b1b": ", 51B1(b)" if several else "",
        "law_51_forbid": (
            ", 51B2(b)"
            if answered.get("forbid_suit") == ALL_SUITS
            else ", 51B1(b)"
            if several
            else ""
        ),
        "law_51b2c": ", 51B2(c)" if several else "",
    }
    chosen = _chosen_suits(s, answered)
    values["lead_suit"] = suits_text(chosen) if chosen else _("the suit")
    choice = answered.get("lead_choice")
    values["lead_choice_verb"] = {
        "require": _("require"),
        "forbid": _("forbid"),
    }.get(choice or "", _("restrict"))
    values["unable_reason"] = (
        _("held no {suit}") if choice == "require" else _("held nothing but {suit}")
    ).format(suit=values["lead_suit"])
    remaining = [c for c in s.cards if c.suit not in chosen]
    values["remaining_text"] = (
        " "
        + ngettext(
            "{cards} stays a penalty card (Law 51B2): Law 50D applies again at his next lead.",
            "{cards} stay a penalty card (Law 51B2): Law 50D applies again at his next lead.",
            len(remaining),
        ).format(cards=card_names(remaining))
        if remaining and chosen
        else ""
    )
    failure = s.first_failure()
    if failure is not None:
        values |= {
            "failure_trick": failure.trick,
            "failure_at": _("trick {trick}").format(trick=failure.trick),
            "failure_card": failure.card.pretty,
            "failure_verb": _("led") if _led(s, failure) else _("played"),
            "failure_law": _("Law 50C")
            if failure.kind == "minor_card_rule_broken"
            else _("Law 50D1"),
        }
    else:
        values |= {
            "failure_trick": "?",
            "failure_at": _("a later trick"),  # no play record: the TD said it happened
            "failure_card": _("another card"),
            "failure_verb": _("led or played"),
            "failure_law": _("Law 50C") if answered.get("minor_broken") == "yes" else _("Law 50D1"),
        }
    # The wrong card was another of his penalty cards (declarer designated one under
    # 51A): it is already a major penalty card and simply stays on the table.
    values["failure_fate"] = (
        _("which was itself a penalty card, stays on the table as a major penalty card (Law 52B2)")
        if failure is not None and failure.card in s.cards
        else _("led or played illegally, becomes a major penalty card in its turn (Law 52B2)")
    )
    # The cards that were due then: with a Law 51A designation, the one declarer named.
    values["failure_due"] = card_names(list(failure.due)) if failure and failure.due else cards
    values["accept_reason"] = (
        _("Declarer chose to accept it (Law 52B1(a)).")
        if answered.get("accept_choice") == "accept"
        else _(
            "Declarer has since played a card, or the revoke is established, so the card "
            "must be accepted (Law 52B1(b), Law 63B)."
        )
    )
    broken = [v for v in rect.violations if v.kind == "lead_restriction_broken"]
    if broken:
        values["violation_text"] = broken[0].evidence
    elif choice == "require":
        values["violation_text"] = _(
            "{partner} did not keep to declarer's requirement although he could."
        ).format(partner=partner)
    elif choice == "forbid":
        values["violation_text"] = _(
            "{partner} did not keep to declarer's prohibition although he could."
        ).format(partner=partner)
    else:
        values["violation_text"] = _(
            "{partner} did not keep to declarer's choice although he could."
        ).format(partner=partner)
    return values


def _led(s: Situation, violation: Violation) -> bool:
    play = s.play
    return play is not None and play.tricks[violation.trick - 1].leader is violation.seat
