"""The call-out-of-rotation ruling's rectification: the legal auction, the barred partner,
the lead restrictions, and the words of the outcome.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.auction import Auction, Call
from td_assist.bridge.cards import Seat
from td_assist.i18n import _
from td_assist.rulings.procedures.barred_partner import skipped_turns_text
from td_assist.rulings.procedures.comparable_call import comparable_call_help
from td_assist.rulings.procedures.lead_restrictions import (
    law_26b_forbid_suits,
    specified_suits,
)
from td_assist.rulings.wizards.call_out_of_rotation.report import (
    CANCELLED,
    NOT_COMPARABLE,
    OBLIGATION,
    UNAUTHORISED,
    Barred,
    Obligation,
    Situation,
    TurnOf,
)


class CallOutOfRotationRectification(BaseModel):
    model_config = ConfigDict(extra="forbid")
    offender: Seat
    call: str
    call_index: int
    turn_of: TurnOf
    turn_holder: Seat  # the player whose turn it was
    accept_chooser: Seat
    chooser: Seat | None  # who may still choose (None once the choice is gone)
    accepted: bool
    cancelled: bool
    next_to_call: Seat | None
    offender_obligation: Obligation
    offender_pass_at: int | None = None  # Law 30A: the offender's own enforced pass
    offender_call_at: int | None = None  # the offender's call at his own turn, if recorded
    partner_barred: Barred
    partner_pass_at: int | None
    lead_restrictions: bool
    restricted_leader: Seat | None = None
    forbid_suits: list[str] = Field(default_factory=list)
    unauthorised_withdrawn_call: bool  # Law 16C2 on what the withdrawn call told partner
    hand_on_to: str | None = None  # the wizard that rules what follows (Law 27A2)
    contract: str | None = None
    declarer: Seat | None = None


def _offender_call(s: Situation) -> tuple[int, Call] | None:
    """The offender's call at his own turn in the cancelled reading (record number)."""
    reading = s.cancelled_reading
    position = s.offender_turn()
    if reading is None or len(reading.calls) <= position:
        return None
    return s.record_number(position), reading.calls[position]


def _rectification_law(s: Situation) -> str:
    return {"pass": "30", "double": "32", "inadmissible": "36"}.get(s.call_type, "31")


def outcome_values(s: Situation) -> dict[str, object]:
    offender = s.offender
    own = _offender_call(s)
    k = s.call_index - 1
    previous = s.board.auction[k - 1] if k >= 1 else _("his previous call")
    side = {"NS": _("North-South"), "EW": _("East-West")}
    return {
        "offender": offender.name_full,
        "offender_partner": offender.partner.name_full,
        "lho": offender.lho.name_full,
        "rho": offender.rho.name_full,
        "turn_holder": s.turn_holder.name_full,
        "call": str(s.call),
        "previous_call": str(previous),
        "skipped_turns": skipped_turns_text(offender, s.turn == "partner"),
        "rectification_law": _rectification_law(s),
        "offender_call_words": (
            _(" ({call}, call {number})").format(call=own[1], number=own[0]) if own else ""
        ),
        "comparable_help": comparable_call_help(offender.name_full, str(s.call)),
        "offenders": side[offender.side.value],
        "non_offenders": side[offender.side.other.value],
        "partner_pass_words": "",
        "offender_pass_words": "",
    }


def _legal_auction(s: Situation, outcome: str) -> Auction | None:
    """The auction as it stands after the ruling, read from the record."""
    if outcome == "accepted_29a":
        return s.accepted_reading
    if outcome in CANCELLED and outcome != "inadmissible_double":
        return s.cancelled_reading
    return None


def rectify(s: Situation, outcome: str) -> CallOutOfRotationRectification:
    accepted = outcome == "accepted_29a"
    cancelled = outcome in CANCELLED
    obligation = OBLIGATION.get(outcome, "none")
    barred: Barred = "once" if outcome in NOT_COMPARABLE else "none"
    reading = _legal_auction(s, outcome)
    own = _offender_call(s)
    offender_turn = s.offender_turn()
    partner_at = s.record_number(offender_turn + 2) if barred == "once" else None
    offender_at = s.record_number(offender_turn) if obligation == "pass_once" else None
    if reading is not None and reading.is_complete:
        # The auction ended before the enforced pass came round: nothing left to bar.
        if partner_at is not None and partner_at - 1 > len(reading.calls):
            partner_at = None
        if offender_at is not None and offender_at - 1 > len(reading.calls):
            offender_at = None
    # The offender's LHO chooses whether to accept (Law 29A; a change of call, Law 25B1),
    # except when the call cannot be accepted (Law 36) or the choice is gone (Law 28B) or
    # was never his (his own turn: his call is in turn, Law 28B/29B).
    no_choice = outcome in ("ignored_28b", "inadmissible_double") or s.turn == "lho_first"
    chooser = None if no_choice else s.offender.lho
    if accepted:
        next_to_call: Seat | None = s.offender.lho
    elif outcome in ("change_of_call", "inadmissible_double"):
        next_to_call = None
    else:
        next_to_call = s.turn_holder
    restricted = outcome in NOT_COMPARABLE
    rect = CallOutOfRotationRectification(
        offender=s.offender,
        call=str(s.call),
        call_index=s.call_index,
        turn_of=s.turn_of,
        turn_holder=s.turn_holder,
        accept_chooser=s.offender.lho,
        chooser=chooser,
        accepted=accepted,
        cancelled=cancelled,
        next_to_call=next_to_call,
        offender_obligation=obligation,
        offender_pass_at=offender_at,
        offender_call_at=own[0] if own and cancelled else None,
        partner_barred=barred,
        partner_pass_at=partner_at,
        lead_restrictions=restricted,
        unauthorised_withdrawn_call=outcome in UNAUTHORISED or outcome in NOT_COMPARABLE,
        hand_on_to="insufficient-bid" if outcome == "repeat_insufficient" else None,
    )
    if restricted:
        rect.restricted_leader = s.offender.partner
        legal = reading if reading is not None else s.prefix
        rect.forbid_suits = law_26b_forbid_suits(specified_suits(legal, s.offender))
    if reading is not None:
        contract = reading.contract()
        if contract is not None and not contract.is_passed_out:
            rect.contract = str(contract)
            rect.declarer = contract.declarer
        elif contract is not None:
            rect.contract = "Pass"
    return rect


def barred_pass_text(s: Situation, rect: CallOutOfRotationRectification) -> str:
    """What the record shows at an enforced pass when it is not a pass, and an enforced
    pass the auction never reached."""
    reading = _legal_auction(s, "bid_not_comparable")
    lines = []
    for seat, number in (
        (s.offender.partner, rect.partner_pass_at),
        (s.offender, rect.offender_pass_at),
    ):
        if number is None:
            continue
        made = reading.calls[number - 2] if reading and len(reading.calls) > number - 2 else None
        if made is not None and not made.is_pass:
            # The text already says which call the pass is; the record breaking it is news.
            lines.append(
                _(
                    "The record shows {seat} calling {call} at call {number}, where he had to "
                    "pass: a call by a player who must pass (Law 37)."
                ).format(seat=seat.name_full, call=made, number=number)
            )
    if rect.partner_barred == "once" and rect.partner_pass_at is None:
        lines.append(
            _("The auction ended before {seat}'s next turn: no pass is left to enforce.").format(
                seat=s.offender.partner.name_full
            )
        )
    return " ".join(lines)


def ruled_contract_text(rect: CallOutOfRotationRectification) -> str:
    if rect.contract is None:
        return ""
    if rect.declarer is None:
        return _("The auction as ruled: passed out.")
    return _(
        "The auction as ruled, with the cancelled call not counting: {contract} by {declarer}."
    ).format(contract=rect.contract, declarer=rect.declarer.name_full)
