"""What crosses the boundary of the ruling engine: the irregularity report, the Ruling.

An irregularity report holds the facts a board record cannot (who, which card, at
which trick or call, when it was discovered). Each wizard module defines its own
report (a subclass of ``IrregularityReport`` with ``kind: Literal["..."]``) and
registers it with ``@irregularity_kind``; ``requests`` reads a request's
``irregularity`` into that class by its ``kind``.

``Ruling`` is the output everywhere: wizard, path, ruling text, options, laws, a
``rectification`` (the wizard's own decisions, a dict in the JSON) and an
``adjustment`` with numbers (North-South's view for scores).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializeAsAny,
    field_validator,
)

from td_assist.bridge.cards import Card, Seat

AnsweredBy = Literal["record", "td", "assumed"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _seat_or_none(value: object) -> object:
    return Seat.parse(value) if isinstance(value, str) and value.strip() else value or None


def _one_card(value: str | None) -> str | None:
    return str(Card.parse(value)) if value else None


def _distinct_cards(value: list[str]) -> list[str]:
    cards = [str(Card.parse(text)) for text in value]
    if len(set(cards)) != len(cards):
        raise ValueError("a card is listed twice")
    return cards


# The field types every wizard's report shares: a seat written any way ("N", "north"; blank
# means not given), a card ("SA", "♠A"), cards with none twice, each kept in one notation.
ReportSeat = Annotated[Seat | None, BeforeValidator(_seat_or_none)]
ReportCard = Annotated[str | None, AfterValidator(_one_card)]
ReportCards = Annotated[list[str], AfterValidator(_distinct_cards)]


class IrregularityReport(_Model):
    """What the TD was told; each wizard subclasses it with ``kind: Literal["..."]``."""

    kind: str


_KINDS: dict[str, type[IrregularityReport]] = {}
Report = TypeVar("Report", bound=type[IrregularityReport])


def irregularity_kind(model: Report) -> Report:
    """Class decorator: make ``model`` the reading of irregularities of its ``kind``."""
    kind = model.model_fields["kind"].default
    if not isinstance(kind, str) or not kind:
        raise TypeError(f"{model.__name__} needs a default kind, e.g. kind: Literal['x'] = 'x'")
    if _KINDS.get(kind, model) is not model:
        raise TypeError(f"irregularity kind '{kind}' is registered twice")
    _KINDS[kind] = model
    return model


def registered_kinds() -> dict[str, type[IrregularityReport]]:
    """The report classes registered so far, by kind. Only the registry knows which
    wizard modules to import first (``requests.irregularity_kinds``)."""
    return dict(_KINDS)


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
    kind: Literal["question", "fact", "number", "text"]  # text: e.g. results to weigh
    laws: list[str]
    help: str = ""
    choices: list[dict[str, str]] = Field(default_factory=list)
    default: str | None = None
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    skip_label: str = ""
    group: str = ""


class OptionLine(_Model):
    side: str
    text: str


class Adjustment(BaseModel):
    """The numbers every wizard's adjustment has; a wizard subclasses it to add its own.

    Extra fields are allowed so that a stored ruling reads back whole, whichever
    wizard made it.
    """

    model_config = ConfigDict(extra="allow")

    # Did the ruling assign an adjusted score (Law 12)? A rectification alone (a trick
    # transfer, a penalty card) is not one: a ruling without one says adjusted false.
    adjusted: bool = False
    tricks_transferred: int = 0
    declarer: Seat | None = None
    declarer_tricks_played: int | None = None
    declarer_tricks_final: int | None = None
    score_ns_played: int | None = None
    # A weighted score (Law 12C1(c)) is fractional: -672.5. A ruling recorded with one
    # must read back, whichever wizard's subclass wrote it.
    score_ns_final: int | float | None = None
    laws: list[str] = Field(default_factory=list)
    note: str = ""


class Ruling(_Model):
    wizard: str
    status: Literal["complete", "needs_answer"]
    path: list[Step]
    outcome: str | None = None
    title: str = ""
    text: str = ""
    options: list[OptionLine] = Field(default_factory=list)
    laws: list[str] = Field(default_factory=list)
    adjustment: SerializeAsAny[Adjustment] | None = None
    # The wizard's own decisions (who chooses, the options, penalty cards...): a pydantic
    # model of the wizard's, kept as its JSON dict so that every ruling reads back.
    rectification: dict[str, Any] | None = None
    # Tricks the ruling is about, marked on the board (e.g. the revoke tricks).
    marked_tricks: list[int] = Field(default_factory=list)
    # Calls the ruling is about (1-based), marked in the auction (e.g. a hesitation).
    marked_calls: list[int] = Field(default_factory=list)
    pending: PendingQuestion | None = None

    @field_validator("rectification", mode="before")
    @classmethod
    def _rectification_as_dict(cls, value: Any) -> Any:
        return value.model_dump(mode="json") if isinstance(value, BaseModel) else value

    def summary(self) -> dict[str, Any]:
        return self.model_dump(mode="json")
