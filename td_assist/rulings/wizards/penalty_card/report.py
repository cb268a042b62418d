"""The penalty-card wizard's report, the TD's answers outside the tree, and the situation
they and the record describe together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat, Suit
from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.play import Play
from td_assist.i18n import _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    ReportCards,
    ReportSeat,
    irregularity_kind,
)
from td_assist.rulings.procedures.named_cards import (
    MAX_CARDS,
)
from td_assist.rulings.procedures.penalty_cards import (
    PenaltyTrace,
    Violation,
)
from td_assist.rulings.procedures.table_roles import playing_declarer

NAME = "penalty-card"
SUIT_ORDER = "SHDC"


@irregularity_kind
class PenaltyCardReport(IrregularityReport):
    """What the TD was told: whose cards, which, when, and how they were exposed.

    ``trick`` is the trick during which the cards were exposed; they bind the offender
    from the next trick, or from that trick itself when ``before_trick`` (the exposure
    came before the offender's own card to that trick; ``before_lead``: before anyone
    led to it, e.g. a lead out of turn taken back).
    """

    kind: Literal["penalty_card"] = "penalty_card"
    offender: ReportSeat = None
    cards: ReportCards = Field(default_factory=list, max_length=MAX_CARDS)
    trick: int | None = Field(default=None, ge=1, le=13)
    exposure: Literal["inadvertent", "deliberate"] | None = None
    before_trick: bool = False
    # Before anyone led to that trick (the lead-out-of-turn wizard's refused lead).
    before_lead: bool = False


@dataclass
class Situation:
    board: Board | None
    offender: Seat | None
    cards: list[Card]
    trick: int | None
    exposure: str | None
    before_trick: bool
    lead_choice: str | None
    lead_suit: Suit | None
    trace: PenaltyTrace | None = None
    # Declarer forbade every suit he holds a penalty card in (Law 51B2(b)).
    forbids_all: bool = False
    # The exposure came before anyone led to the reported trick (a lead out of turn taken
    # back): the partner's lead to that trick is then made with the penalty card out.
    before_lead: bool = False

    @property
    def declarer(self) -> Seat | None:
        return playing_declarer(self.board)

    @property
    def play(self) -> Play | None:
        return self.board.play_obj if self.board is not None else None

    @property
    def partner(self) -> Seat | None:
        return self.offender.partner if self.offender else None

    @property
    def start_trick(self) -> int | None:
        if self.trick is None:
            return None
        return self.trick if self.before_trick else self.trick + 1

    def certain_until(self) -> int:
        """Trick before which the record's verdicts do not hang on an unknown choice."""
        if self.trace is None:
            return 99
        undecided = [o.trick for o in self.trace.occasions if o.decision is None]
        return min(undecided, default=99)

    def partner_on_lead_now(self) -> int | None:
        """The trick the offender's partner is to lead when the record stops there with a
        major penalty card still on the table (declarer's Law 50D2 choice is due now);
        None otherwise. A choice already due earlier in the record is an occasion."""
        play, found = self.play, self.trace
        if play is None or found is None or self.partner is None or found.occasions:
            return None
        if not any(p.major for p in found.remaining):
            return None
        tricks = play.tricks
        if len(tricks) >= 13 or (tricks and not tricks[-1].is_complete):
            return None
        number = len(tricks) + 1
        if number < found.start_trick or play.next_seat() is not self.partner:
            return None
        return number

    def violations(self, kind: str) -> list[Violation]:
        return [v for v in (self.trace.violations if self.trace else []) if v.kind == kind]

    def first_failure(self) -> Violation | None:
        found = [
            v
            for v in (self.trace.violations if self.trace else [])
            if v.kind in ("penalty_card_not_played", "minor_card_rule_broken")
            and v.trick < self.certain_until()
        ]
        return found[0] if found else None


ALL_SUITS = "all"  # the forbid_suit choice: every suit with a penalty card (Law 51B2(b))


def lead_choices() -> tuple[tuple[str, str], ...]:
    """Declarer's Law 50D2 choices at a later lead, in the reader's language."""
    return (
        ("require", _("Required a suit")),
        ("forbid", _("Forbade a suit")),
        ("none", _("Neither: the lead was free")),
    )


def suit_of_answer(text: str | None) -> Suit | None:
    if not text:
        return None
    try:
        return Suit.parse(text)
    except RecordError:
        raise RecordError(
            _("{answer} is not a suit; answer S, H, D or C").format(answer=shown(text)),
            where="answer lead_suit",
        ) from None


def suits_of_answer(text: str | None) -> tuple[Suit, ...]:
    """One suit or several: ``S``, ``SH``, ``S,H`` or ``S H`` (a prohibition of several
    suits, Law 51B2(b)).

    >>> [s.value for s in suits_of_answer("h, s")]
    ['H', 'S']
    >>> [s.value for s in suits_of_answer("♥♦")]
    ['H', 'D']
    """
    if not text:
        return ()
    parts = text.replace(",", " ").split()
    if len(parts) == 1 and len(parts[0]) > 1 and all(ch in "SHDCshdc♠♥♦♣" for ch in parts[0]):
        parts = list(parts[0])
    return tuple(dict.fromkeys(suit_of_answer(part) for part in parts if part))  # type: ignore[misc]


def normalise_answers(answers: dict[str, str]) -> dict[str, str]:
    """The contract's ``lead_suit=S`` answers whichever suit node the walk reaches;
    ``lead_suit=SH`` (or ``all``) forbids several suits (Law 51B2(b))."""
    normal = dict(answers)
    said = answers.get("lead_suit", "")
    several = said.strip().lower() == ALL_SUITS or len(suits_of_answer(said)) > 1
    if several and answers.get("lead_choice") == "require":
        raise RecordError(
            _("declarer may require only one suit (Law 51B2(a)), not {answer}").format(
                answer=shown(said)
            ),
            where="answer lead_suit",
        )
    suit = None if several else suit_of_answer(said)
    for node in ("require_suit", "forbid_suit"):
        if node in normal:
            if normal[node].strip().lower() != ALL_SUITS:
                given = suit_of_answer(normal[node])
                normal[node] = given.value.lower() if given else normal[node]
        elif several and node == "forbid_suit":
            normal[node] = ALL_SUITS
        elif suit is not None:
            normal[node] = suit.value.lower()
    return normal
