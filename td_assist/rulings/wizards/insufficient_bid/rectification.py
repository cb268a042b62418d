"""The insufficient-bid ruling's rectification: the legal auction, the barred partner,
the lead restrictions, and their words.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.auction import (
    Contract,
)
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError
from td_assist.rulings.engine.walk import (
    Walk,
)
from td_assist.rulings.procedures.adjusted_scores import (
    by_side_text,
)
from td_assist.rulings.procedures.lead_restrictions import (
    law_26b_forbid_suits,
    law_26b_text,
    specified_suits,
)
from td_assist.rulings.wizards.insufficient_bid.law_27d import InsufficientBidAdjustment
from td_assist.rulings.wizards.insufficient_bid.report import (
    BARRED,
    KIND_OF_OUTCOME,
    ReplacementKind,
    Situation,
    with_attempt_cancelled,
)


class InsufficientBidRectification(BaseModel):
    model_config = ConfigDict(extra="forbid")
    offender: Seat
    insufficient_bid: str
    call_index: int
    lowest_sufficient_same_denomination: str | None
    accept_chooser: Seat
    accepted: bool
    replacement: str | None = None
    attempted_replacement: str | None = None
    replacement_kind: ReplacementKind | None = None
    partner_barred: bool = False
    offender_barred: bool = False  # Law 37B2: the whole offending side must pass
    lead_restrictions: bool = False
    restricted_leader: Seat | None = None  # the offender's partner, at his first lead
    forbid_suits: list[str] = Field(default_factory=list)  # suits declarer may forbid
    contract: str | None = None
    declarer: Seat | None = None
    opening_leader: Seat | None = None
    opening_lead: str | None = None  # the card led, when the play is recorded


def rectify(s: Situation, result: Walk) -> InsufficientBidRectification:
    outcome = result.outcome
    if outcome is None:
        raise RecordError("the ruling has no outcome")
    path = {step.node for step in result.steps}
    kind = KIND_OF_OUTCOME.get(outcome)
    if outcome == "adjusted_27d":
        kind = "lowest_same_denomination" if "damaged_lowest" in path else "comparable"
    elif outcome in ("barred_call_stands", "barred_call_cancelled"):
        kind = "illegal" if {"barred_after_double", "barred_after_second"} & path else "other"
    accepted = outcome == "accepted_bid"
    replacement = s.replacement
    if outcome == "second_ib_accepted":
        replacement = s.attempted
    if accepted or outcome == "unintended_call":
        replacement = None  # cancelled when LHO accepts (Law 27C)
    attempted = s.attempted
    auction = s.auction
    if kind == "illegal" and s.double_recorded:
        # A double or redouble that is not comparable is cancelled (Law 27B3): it was only
        # an attempt, and the legal call in its place is the next one recorded, if any.
        attempted, replacement = replacement, None
        auction = with_attempt_cancelled(s)
        legal = auction.insufficient_bid(s.bid.call_index)
        if replacement is None and legal is not None:
            replacement = legal.replacement
    contract: Contract | None = auction.contract()
    barred = outcome in BARRED
    restricted = barred  # Law 26B; after Law 37A the 27B restriction still stands
    specified = s.specified
    if specified is None:  # natural calls: a bid specifies the strain it names
        specified = specified_suits(auction, s.offender)
    rect = InsufficientBidRectification(
        offender=s.offender,
        insufficient_bid=str(s.bid.bid),
        call_index=s.bid.call_index,
        lowest_sufficient_same_denomination=(
            str(s.bid.lowest_sufficient) if s.bid.lowest_sufficient else None
        ),
        accept_chooser=s.offender.lho,
        accepted=accepted,
        replacement=str(replacement) if replacement is not None else None,
        attempted_replacement=str(attempted) if attempted is not None else None,
        replacement_kind=kind,
        partner_barred=barred,
        offender_barred=outcome == "barred_call_cancelled",
        lead_restrictions=restricted,
    )
    if restricted:
        rect.restricted_leader = s.offender.partner
        rect.forbid_suits = law_26b_forbid_suits(specified)
    if contract is not None and not contract.is_passed_out:
        rect.contract = str(contract)
        rect.declarer = contract.declarer
        rect.opening_leader = contract.declarer.lho if contract.declarer else None
        play = s.board.play_obj if s.board.deal else None
        if play is not None and play.tricks and play.tricks[0].cards:
            rect.opening_lead = str(play.tricks[0].cards[0])
    return rect


def adjustment_words(adjustment: InsufficientBidAdjustment | None) -> str:
    """Each side's Law 27D score from its own view (they differ under Law 12C1(e))."""
    if adjustment is None or not adjustment.by_side:
        return ""
    if not adjustment.adjusted:
        return adjustment.note
    return f"{adjustment.note} {by_side_text(adjustment)}"


def lead_text(rect: InsufficientBidRectification, judged: bool = False) -> str:
    """Law 26B on the contract reached (procedures.lead_restrictions)."""
    if not rect.lead_restrictions or rect.declarer is None:
        return ""
    leader = rect.restricted_leader
    if leader is None or rect.opening_leader is None:
        raise RecordError("the restricted leader is not known")
    return law_26b_text(
        rect.offender,
        leader,
        rect.forbid_suits,
        rect.contract,
        rect.declarer,
        opening_lead=rect.opening_lead,
        judged=judged,
    )
