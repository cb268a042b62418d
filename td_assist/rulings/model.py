"""What crosses the boundary of the ruling engine: the irregularity, the request, the Ruling.

``Irregularity`` is a tagged union by ``kind`` holding the facts a board record
cannot (who, which card, at which trick or call, when it was discovered).
``Ruling`` is the output everywhere: wizard, path, ruling text, options, laws and an
``adjustment`` with numbers (North-South's view for scores).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat

AnsweredBy = Literal["record", "td", "assumed"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RevokeReport(_Model):
    """What the TD was told: who revoked and at which trick (both optional)."""

    kind: Literal["revoke"] = "revoke"
    offender: Seat | None = None
    trick: int | None = Field(default=None, ge=1, le=13)


class LeadOutOfTurnReport(_Model):
    kind: Literal["lead_out_of_turn"]
    offender: Seat | None = None
    card: str | None = None
    trick: int | None = Field(default=None, ge=1, le=13)


class PenaltyCardReport(_Model):
    kind: Literal["penalty_card"]
    offender: Seat | None = None
    cards: list[str] = Field(default_factory=list, max_length=13)


class InsufficientBidReport(_Model):
    kind: Literal["insufficient_bid"]
    call_index: int | None = Field(default=None, ge=1, le=400)
    bid: str | None = None


class UnauthorisedInformationReport(_Model):
    kind: Literal["unauthorised_information"]
    source: Seat | None = None
    call_index: int | None = Field(default=None, ge=1, le=400)
    description: str = Field(default="", max_length=2000)


Irregularity = Annotated[
    RevokeReport
    | LeadOutOfTurnReport
    | PenaltyCardReport
    | InsufficientBidReport
    | UnauthorisedInformationReport,
    Field(discriminator="kind"),
]


class RulingRequest(_Model):
    """The body of ``POST /api/rulings/<wizard>`` and of a ``td-assist rule`` JSON file."""

    board: Board | None = None
    irregularity: Irregularity | None = None
    answers: dict[str, str] = Field(default_factory=dict, max_length=100)


class Step(_Model):
    node: str
    question: str
    answer: str | None
    answer_label: str
    answered_by: AnsweredBy
    evidence: list[str] = Field(default_factory=list)
    laws: list[str] = Field(default_factory=list)
    note: str = ""
    group: str = ""  # e.g. "Revoke 2: East at trick 9" when a wizard walks several times


class PendingQuestion(_Model):
    node: str
    prompt: str
    kind: Literal["question", "fact", "number"]
    laws: list[str]
    help: str = ""
    choices: list[dict[str, str]] = Field(default_factory=list)
    default: str | None = None
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    group: str = ""


class OptionLine(_Model):
    side: str
    text: str


class RevokeLine(_Model):
    offender: Seat
    trick: int
    established: bool
    transferred: int
    outcome: str
    laws: list[str]


class WeightedLine(_Model):
    """One result of an assigned adjusted score (Law 12C1(c)) and its Law 77 score."""

    contract: str
    declarer: Seat | None
    tricks: int | None
    weight: float
    score_ns: int
    imps_ns: int | None = None  # against the other table's score
    mp_ns: float | None = None  # matchpoints on the traveller
    mp_percent_ns: float | None = None


class SideScore(_Model):
    """One side's adjusted score, from its own view, in each unit the TD gave."""

    score: int | float
    imps: int | float | None = None
    mp_percent: int | float | None = None


class SelfInflicted(_Model):
    """Law 12C1(e): the figures behind scores that need not balance."""

    non_offenders: str  # "NS" | "EW"
    method: str
    table: SideScore  # A: the non-offenders' table result, their view
    adjusted: SideScore  # B: the adjusted score, the non-offenders' view
    without_error: SideScore  # C: with the infraction but without their error
    self_inflicted: SideScore  # the part of the damage they caused themselves


class Adjustment(_Model):
    tricks_transferred: int = 0
    declarer: Seat | None = None
    declarer_tricks_played: int | None = None
    declarer_tricks_final: int | None = None
    score_ns_played: int | None = None
    score_ns_final: int | float | None = None
    laws: list[str] = Field(default_factory=list)
    note: str = ""
    # revoke wizard
    offender: Seat | None = None
    revoke_trick: int | None = None
    established: bool | None = None
    revokes: list[RevokeLine] = Field(default_factory=list)
    equity_applied: bool = False
    # Law 12C adjusted scores (unauthorised information, 27D, 64C): CONTRACTS.md
    adjusted: bool | None = None
    weighted: list[WeightedLine] = Field(default_factory=list)
    imps_ns: int | float | None = None
    mp_percent_ns: int | float | None = None
    by_side: dict[str, SideScore] | None = None
    self_inflicted: SelfInflicted | None = None


class Ruling(_Model):
    wizard: str
    status: Literal["complete", "needs_answer"]
    path: list[Step]
    outcome: str | None = None
    title: str = ""
    text: str = ""
    options: list[OptionLine] = Field(default_factory=list)
    laws: list[str] = Field(default_factory=list)
    adjustment: Adjustment | None = None
    pending: PendingQuestion | None = None

    def summary(self) -> dict[str, Any]:
        return self.model_dump(mode="json")
