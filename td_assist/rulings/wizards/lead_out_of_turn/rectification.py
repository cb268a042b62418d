"""The lead out of turn's rectification: who chooses, what he may choose, who
declares and who plays next."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.cards import Seat
from td_assist.i18n import _
from td_assist.rulings.engine.walk import Walk
from td_assist.rulings.procedures.lead_restrictions import LeadOptions
from td_assist.rulings.procedures.penalty_cards import PenaltyCardLine
from td_assist.rulings.wizards.lead_out_of_turn.report import Situation

# The contract's ``choice`` answers whichever choice node the walk reaches.
CHOICE_NODES = ("choice_opening", "choice_later", "choice_declarer")


class LeadOutOfTurnRectification(BaseModel):
    model_config = ConfigDict(extra="forbid")
    offender: Seat | None = None
    correct_leader: Seat | None = None
    trick: int | None = None
    opening_lead: bool = False
    card: str | None = None
    chooser: str | None = None  # a seat (declarer) or a side (the defenders)
    choices: list[str] = Field(default_factory=list)
    choice: str | None = None
    declarer: Seat | None = None
    next_to_play: Seat | None = None
    penalty_cards: list[PenaltyCardLine] = Field(default_factory=list)
    lead_options: LeadOptions | None = None
    in_record: bool = False  # the record shows the lead out of turn, accepted
    # The record shows declarer accepting the opening lead by playing dummy's card
    # second, which stands (Law 54B2).
    dummy_played_second: bool = False
    # After a refused lead, as in the penalty-card wizard: declarer's Law 50D2 choice
    # (None while it is not yet made or not due), and what became of the penalty card.
    # ``penalty_cards`` stays the cards the ruling made penalty cards; these say which
    # are still face up when the ruling ends, so a card picked up under Law 50D2(a)
    # is not shown as lying on the table.
    lead_choice: str | None = None
    still_on_table: list[str] = Field(default_factory=list)
    released_trick: int | None = None
    released_by: Literal["played", "picked_up"] | None = None


def answered_nodes(result: Walk) -> dict[str, str | None]:
    return {step.node: step.answer for step in result.steps}


def rectify(s: Situation, result: Walk) -> LeadOutOfTurnRectification:
    answered = answered_nodes(result)
    outcome = result.outcome
    declarer = s.declarer
    rect = LeadOutOfTurnRectification(
        offender=s.offender,
        correct_leader=s.correct_leader,
        trick=s.trick,
        opening_lead=s.trick == 1,
        card=str(s.card) if s.card else None,
        declarer=declarer,
        in_record=s.recorded is not None,
        dummy_played_second=s.recorded is not None and s.recorded.dummy_played_second,
    )
    if s.role() == "declaring_side":
        rect.chooser = declarer.side.other.value if declarer else None
    else:
        rect.chooser = declarer.value if declarer else None
    withdrawn = {
        "face_down_returned",
        "retract_misinformed",
        "trick_13_withdrawn",
        "declaring_side_opening_lead",
        "proper_lead_stands",
    }
    if outcome in withdrawn:
        rect.choices = []
    elif outcome == "must_accept":
        rect.choices = ["accept"]
    elif outcome in ("declarer_spreads", "accepted_opening", "rejected_opening"):
        rect.choices = ["declarer_becomes_dummy", "accept", "reject"]
    elif outcome == "wrong_defender_stands":
        rect.choices = []
    else:
        rect.choices = ["accept", "reject"]
    choice = next((answered[n] for n in CHOICE_NODES if answered.get(n)), None)
    if outcome in ("must_accept", "wrong_defender_stands"):
        choice = "accept"
    if answered.get("declarer_began_spread") == "yes":
        # Law 54A: having begun to spread his hand he has no choice left.
        choice, rect.choices = "declarer_becomes_dummy", ["declarer_becomes_dummy"]
    rect.choice = choice
    if choice == "declarer_becomes_dummy" and declarer is not None:
        rect.declarer = declarer.partner
    if choice in ("accept", "declarer_becomes_dummy"):
        rect.next_to_play = s.offender.lho
    elif outcome == "proper_lead_stands" and s.correct_leader is not None:
        rect.next_to_play = s.correct_leader.lho
    else:
        rect.next_to_play = s.correct_leader
    stands = choice in ("accept", "declarer_becomes_dummy")
    if stands and s.recorded is not None and s.board is not None and s.board.play_obj is not None:
        # The lead stands as recorded: whoever is next in the recorded trick plays. A
        # lead withdrawn (refused, or at trick 13) leaves the correct leader to lead.
        following = s.board.play_obj.next_seat()
        trick = s.board.play_obj.tricks[s.recorded.trick - 1]
        if not trick.is_complete and following is not None:
            rect.next_to_play = following
    return rect


def face_down_text(s: Situation, answered: dict[str, str | None]) -> str:
    """Law 54, opening: the offender's partner's face-down opening lead goes back."""
    if answered.get("partner_face_down") != "yes":
        return ""
    leader = s.correct_leader.name_full if s.correct_leader else _("The offender's partner")
    return _(
        " {leader} had already put his own opening lead face down: "
        "that card goes back into his hand, with no rectification "
        "(Law 54)."
    ).format(leader=leader)


def text_values(s: Situation, rect: LeadOutOfTurnRectification) -> dict[str, object]:
    old = s.declarer
    correct = s.correct_leader
    hand = _("dummy") if old is not None and s.offender is old.partner else _("his own hand")
    correct_text = correct.name_full if correct else _("the correct hand")
    if old is not None and correct in (old, old.partner) and s.offender.side is old.side:
        correct_text = (
            _("declarer, from dummy,")
            if correct is old.partner
            else _("declarer, from his own hand,")
        )
    return {
        "offender": s.offender.name_full,
        "card": s.card.pretty if s.card else _("the card"),
        "trick": s.trick,
        "correct_leader": correct.name_full if correct else _("the correct leader"),
        "correct_leader_text": correct_text,
        "declarer": rect.declarer.name_full if rect.declarer else _("declarer"),
        "old_declarer": old.name_full if old else _("declarer"),
        "next_to_play": rect.next_to_play.name_full if rect.next_to_play else _("the next hand"),
        "offender_hand": hand,
    }
