"""The misinformation wizard's report, the incident located in the record (``locate``),
and what the misinformed side may still change when it is corrected (``remedy_for``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side, Suit
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    ReportCard,
    ReportSeat,
    irregularity_kind,
)

NAME = "misinformation"
# The wizard a mistaken call hands the caller's unauthorised information on to.
UNAUTHORISED_INFORMATION = "unauthorised-information"

MisinformationType = Literal["explanation", "failure_to_alert", "turn_to_lead"]
CorrectedAt = Literal["auction", "after_final_pass", "after_opening_lead", "end_of_play"]
_TYPES = ("explanation", "failure_to_alert", "turn_to_lead")
# Outcomes after which the explanation was wrong (Law 75B1): the explainer's side must
# put it right, and when is said with the ruling (Laws 20F4, 20F5).
MISINFORMED = {
    "corrected_in_time",
    "no_change_of_call",
    "change_call",
    "lead_retracted",
    "no_damage",
    "adjust_assigned",
}
RESULT_STANDS = {"no_misinformation", "no_change_of_call", "no_damage", "corrected_in_time"}


class LeadMade(BaseModel):
    """The lead a player made because an opponent said it was his turn (Law 47E1)."""

    model_config = ConfigDict(extra="forbid")
    seat: Seat
    card: ReportCard = None

    @field_validator("seat", mode="before")
    @classmethod
    def _seat(cls, value: object) -> object:
        return Seat.parse(value) if isinstance(value, str) else value


@irregularity_kind
class MisinformationReport(IrregularityReport):
    """Who explained which call (or failed to alert it, or said whose lead it was), what
    was said, and when the right information came out (CONTRACTS.md names)."""

    kind: Literal["misinformation"] = "misinformation"
    explainer: ReportSeat = None
    call_index: int | None = Field(default=None, ge=1, le=400)
    type: MisinformationType | None = None
    explanation: str = Field(default="", max_length=2000)
    corrected_at: CorrectedAt | None = None
    corrected_after_calls: int | None = Field(default=None, ge=0, le=400)
    lead: LeadMade | None = None


@dataclass
class Incident:
    """The explained call and the players, as the record shows them."""

    type: str | None = None
    call_index: int | None = None
    call: str | None = None
    caller: Seat | None = None
    explainer: Seat | None = None
    explanation: str = ""
    corrected_after_calls: int | None = None
    seats: tuple[Seat, ...] = ()
    calls: tuple[str, ...] = ()
    declarer: Seat | None = None
    leader: Seat | None = None
    lead_card: str | None = None

    @property
    def offenders(self) -> Side | None:
        return self.explainer.side if self.explainer else None


@dataclass
class Remedy:
    """What the misinformed side may still change, given when the truth came out."""

    opponents_acted: bool | None = None
    remedy: str | None = None  # change_call | lead | too_late; None: not known
    victim: Seat | None = None
    victim_index: int | None = None
    lho: Seat | None = None
    lho_index: int | None = None
    evidence: tuple[str, ...] = ()


def call_text(call: str) -> str:
    """``P`` -> ``Pass``, ``X`` -> ``Dbl``, ``4S`` -> ``4♠``."""
    named = {"P": _("Pass"), "X": _("Dbl"), "XX": _("Rdbl")}
    if call in named:
        return named[call]
    strain = call[1:]
    return call[0] + ("NT" if strain == "NT" else Suit(strain).symbol)


def report_of(report: IrregularityReport | None) -> MisinformationReport | None:
    return report if isinstance(report, MisinformationReport) else None


def _answered(answers: dict[str, str], name: str, allowed: tuple[str, ...]) -> str | None:
    value = answers.get(name, "").strip().lower()
    return value if value in allowed else None


def locate(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str]
) -> Incident:
    """The explained call, its caller and explainer, and the lead, from the record."""
    reported = report_of(report)
    incident = Incident()
    incident.type = _answered(answers, "type", _TYPES) or (reported.type if reported else None)
    if board is not None:
        incident.calls = tuple(board.auction)
        incident.seats = tuple(board.auction_obj.seats) if board.auction else ()
        incident.declarer = board.declarer_seat
    if reported is not None:
        incident.explanation = reported.explanation.strip()
        incident.corrected_after_calls = reported.corrected_after_calls
        if reported.lead is not None:
            incident.leader, incident.lead_card = reported.lead.seat, reported.lead.card
    index = reported.call_index if reported and reported.call_index else None
    raw = answers.get("call_index", "").strip()
    if raw and raw != "0":
        if not (raw.isascii() and raw.isdigit()):
            raise RecordError(
                _("'{raw}' is not a call number").format(raw=raw[:20]),
                where=_("answer {name}").format(name="call_index"),
            )
        index = int(raw)
    explainer = reported.explainer if reported else None
    if incident.type == "turn_to_lead":
        incident.explainer = explainer
        return incident
    if index is not None and incident.calls:
        if index > len(incident.calls):
            raise RecordError(
                _("call {index} is beyond the {count} calls of the auction").format(
                    index=index, count=len(incident.calls)
                ),
                where=_("irregularity {field}").format(field="call_index"),
            )
        incident.call_index, incident.call = index, incident.calls[index - 1]
        incident.caller = incident.seats[index - 1]
        if explainer is not None and explainer is not incident.caller.partner:
            raise RecordError(
                _(
                    "call {index} ({call}) was {caller}'s: its explanation (or alert) is his "
                    "partner {partner}'s to give, not {explainer}'s (Law 20F1); give the "
                    "explainer as {seat}, or correct the call number"
                ).format(
                    index=index,
                    call=incident.call,
                    caller=incident.caller.name_full,
                    partner=incident.caller.partner.name_full,
                    explainer=explainer.name_full,
                    seat=incident.caller.partner.value,
                ),
                where=_("irregularity {field}").format(field="explainer"),
            )
        incident.explainer = incident.caller.partner
    else:
        incident.call_index = index
        incident.explainer = explainer
        incident.caller = explainer.partner if explainer else None
    return incident


def remedy_for(incident: Incident, corrected_at: str | None) -> Remedy:
    """Who may change what, from the auction and when the truth came out (Laws 21B, 47E2)."""
    found = Remedy()
    if corrected_at is None or incident.explainer is None or incident.call_index is None:
        return found
    if not incident.calls:
        return found
    total = len(incident.calls)
    made = total
    if corrected_at == "auction" and incident.corrected_after_calls is not None:
        made = incident.corrected_after_calls
    if not incident.call_index <= made <= total:
        raise RecordError(
            _(
                "the correction came after {made} calls, but the explained call is call "
                "{index} and the auction has {total}"
            ).format(made=made, index=incident.call_index, total=total),
            where=_("irregularity {field}").format(field="corrected_after_calls"),
        )
    offenders = incident.explainer.side
    # The misinformed side's last call before the correction: his partner's last call
    # came before it (they alternate with the other side), so it is the one call that
    # Law 21B1(a) may still let him change.
    last = next(
        (
            j
            for j in range(made, incident.call_index, -1)
            if incident.seats[j - 1].side != offenders
        ),
        None,
    )
    in_play = corrected_at in ("after_opening_lead", "end_of_play")
    found.opponents_acted = last is not None or in_play
    if last is not None:
        found.victim, found.victim_index = incident.seats[last - 1], last
        found.lho = found.victim.lho
        if last < made:  # his LHO has called after him (Law 21B2)
            found.lho_index = last + 1
    if corrected_at in ("auction", "after_final_pass"):
        found.remedy = "change_call" if last is not None else "too_late"
        if last is not None:
            found.evidence = (
                _(
                    "Established from the auction: {victim} made call {index} "
                    "({call}) and his partner has not called since."
                ).format(
                    victim=found.victim.name_full,
                    index=last,
                    call=call_text(incident.calls[last - 1]),
                ),
            )
    elif corrected_at == "after_opening_lead":
        if incident.declarer is None:
            return found  # who led is not known: the Director says
        leader = incident.declarer.lho
        found.remedy = "lead" if leader.side != offenders else "too_late"
        found.evidence = (
            _("{leader} made the opening lead (declarer is {declarer}).").format(
                leader=leader.name_full, declarer=incident.declarer.name_full
            ),
        )
    else:
        found.remedy = "too_late"
    return found
