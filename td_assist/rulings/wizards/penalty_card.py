"""The penalty-card wizard (Laws 48-52, 59): its report, its facts, its walk.

The report says whose cards were exposed, which, and at which trick. When the record
holds the play, every penalty card is followed through it (``procedures.penalty_cards.trace``):
the tree's questions about what happened afterwards (was the card played when due,
did partner get the lead, did he keep to declarer's choice) are then settled from the
record with the evidence, and the ``rectification`` lists every breach found.

A TD on the tablet page has no report: the wizard asks who exposed the card, at which
trick (when the play is recorded) and which card(s) (when the deal is known) before it
walks the tree. The lead-out-of-turn wizard hands a refused defender's lead to
``rule_penalty_card`` with a report of its own (Law 54D, 56).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat, Suit
from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.play import Play
from td_assist.i18n import _, ngettext
from td_assist.rulings.engine.deal_checks import trick_answer
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import (
    AnsweredBy,
    IrregularityReport,
    PendingQuestion,
    ReportCards,
    ReportSeat,
    Ruling,
    Step,
    irregularity_kind,
)
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register, walk_wizard
from td_assist.rulings.engine.walk import AnswerError, Mode, Walk, outcome_ruling, pending_ruling
from td_assist.rulings.procedures.lead_restrictions import LeadOptions
from td_assist.rulings.procedures.named_cards import (
    MAX_CARDS,
    ask_more_cards,
    card_names,
    cards_answer,
    td_answered,
)
from td_assist.rulings.procedures.penalty_cards import (
    DESIGNATED,
    LeadDecision,
    LeadOccasion,
    PenaltyCard,
    PenaltyCardLine,
    PenaltyTrace,
    Violation,
    cards_held,
    trace,
)
from td_assist.rulings.procedures.table_roles import playing_declarer, role_label
from td_assist.rulings.procedures.tricks_and_scores import side_name

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


# --- The situation: report, answers and record together --------------------------------


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


def _suit_of_answer(text: str | None) -> Suit | None:
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
    return tuple(dict.fromkeys(_suit_of_answer(part) for part in parts if part))  # type: ignore[misc]


def _seat_answer(text: str, name: str) -> Seat:
    try:
        return Seat.parse(text)
    except RecordError as error:
        raise error.located(f"answer {name}") from None


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
    suit = None if several else _suit_of_answer(said)
    for node in ("require_suit", "forbid_suit"):
        if node in normal:
            if normal[node].strip().lower() != ALL_SUITS:
                given = _suit_of_answer(normal[node])
                normal[node] = given.value.lower() if given else normal[node]
        elif several and node == "forbid_suit":
            normal[node] = ALL_SUITS
        elif suit is not None:
            normal[node] = suit.value.lower()
    return normal


def gather(
    board: Board | None,
    report: PenaltyCardReport | None,
    answers: dict[str, str],
    mode: Mode,
    steps: list[Step],
) -> Situation | PendingQuestion:
    """The facts of the report, completed by the TD's answers; a question when one is due.

    Each answer used is added to ``steps``, so the path shows it.
    """
    report = report or PenaltyCardReport()
    offender = report.offender
    if "offender" in answers:
        offender = _seat_answer(answers["offender"], "offender")
        steps.append(td_answered("offender", _("Whose card was exposed?"), offender.name_full))
    if offender is None:
        return PendingQuestion(
            node="offender",
            prompt=_("Whose card was exposed?"),
            kind="question",
            laws=["48A", "49"],
            choices=[{"value": s.value, "label": role_label(board, s)} for s in Seat],
        )
    play = board.play_obj if board is not None else None
    declaring = board is not None and board.declarer_seat in (offender, offender.partner)
    trick = report.trick
    if "trick" in answers:
        trick = trick_answer(answers["trick"])
        steps.append(td_answered("trick", _("At which trick was it exposed?"), str(trick)))
    if trick is None and play is not None and not declaring:
        return PendingQuestion(
            node="trick",
            prompt=_("At which trick was the card exposed?"),
            kind="number",
            laws=["50D1a"],
            help=_("The record holds the play: the wizard follows the penalty card from there."),
            minimum=1,
            maximum=min(13, len(play.tricks) + 1),
        )
    cards = [Card.parse(c) for c in report.cards]
    if "cards" in answers:
        cards = cards_answer(answers["cards"], "answer cards")
        steps.append(td_answered("cards", _("Which card was exposed?"), card_names(cards)))
    held = [] if declaring else cards_held(board, offender, trick)
    if not cards and held:
        return PendingQuestion(
            node="cards",
            prompt=_("Which card of {offender}'s was exposed?").format(offender=offender.name_full),
            kind="question",
            laws=["49"],
            choices=[{"value": str(c), "label": c.pretty} for c in held],
        )
    if "cards" in answers and held and mode == "step":
        pending = ask_more_cards(
            held,
            cards,
            answers,
            steps,
            prompt=_("Was another card of {offender}'s exposed as well?").format(
                offender=offender.name_full
            ),
            laws=["50B", "51"],
            help_text=_("Two or more penalty cards of one defender are all major (Law 50B)."),
        )
        if pending is not None:
            return pending
    _check_holder(board, offender, cards)
    timing = _exposure_timing(board, report, offender, cards, trick, answers, declaring)
    if isinstance(timing, PendingQuestion):
        return timing
    before, before_lead, timing_steps = timing
    steps.extend(timing_steps)
    situation = Situation(
        board=board,
        offender=offender,
        cards=cards,
        trick=trick,
        exposure=answers.get("exposure", report.exposure),
        before_trick=before,
        before_lead=before_lead,
        lead_choice=answers.get("lead_choice"),
        lead_suit=_single_suit(answers),
        forbids_all=answers.get("forbid_suit") == ALL_SUITS,
    )
    if situation.forbids_all:
        _check_all_forbidden(situation, answers.get("lead_suit", ""))
    complete = board is not None and board.deal_obj is not None and board.deal_obj.is_complete
    # With a hand missing from the deal, what it held (and so what was due) is unknown.
    if play is not None and complete and trick is not None and cards and not declaring:
        declarer = playing_declarer(board)
        pending = _trace_with_later_choices(
            situation, play, declarer or offender.lho, answers, mode, steps
        )
        if pending is not None:
            return pending
    designated = sorted(name for name in answers if name.startswith(DESIGNATED))
    if designated and situation.trace is None:
        raise RecordError(
            (
                _(
                    "declarer designates which of a defender's penalty cards is played "
                    "(Law 51A), and the wizard checks it against the recorded play: {seat} is "
                    "of the declaring side, who have no penalty cards (Law 48A)"
                )
                if declaring
                else _(
                    "declarer designates which of a defender's penalty cards is played "
                    "(Law 51A), and the wizard checks it against the recorded play: this "
                    "board has no play record with the full deal"
                )
            ).format(seat=offender.name_full),
            where=f"answer {designated[0]}",
        )
    return situation


Timing = tuple[bool, bool, list[Step]]  # before his card, before the lead, steps to show


def _exposure_timing(
    board: Board | None,
    report: PenaltyCardReport,
    offender: Seat,
    cards: list[Card],
    trick: int | None,
    answers: dict[str, str],
    declaring: bool,
) -> Timing | PendingQuestion:
    """Whether the cards were exposed before the offender's own card to the reported
    trick (answer ``before_trick``): if so, that card is already checked against them
    (Law 50C, 50D1). The irregularity may fix it (the report's ``before_trick``, as the
    lead-out-of-turn wizard sends for a lead taken back, means before anyone led to the
    trick), and so may the record (he played an exposed card to that very trick, or has
    not yet played to it); otherwise the TD is asked: the wizard does not guess. When
    the offender's partner led to that trick, whether his lead came after the exposure
    (Law 50D2) is asked too (``before_lead``)."""
    play = board.play_obj if board is not None else None
    prompt = _(
        "Did the exposure come before {offender}'s own card to trick {trick}, or with or after it?"
    ).format(offender=offender.name_full, trick=trick or "?")
    laws = ["50C", "50D1a"]

    def step(before: bool, by: AnsweredBy, evidence: list[str]) -> Step:
        return Step(
            node="before_trick",
            question=prompt,
            answer="yes" if before else "no",
            answer_label=_("Yes, before it") if before else _("No, with or after it"),
            answered_by=by,
            evidence=evidence,
            laws=laws,
        )

    if report.before_lead:
        why = _("The lead out of turn was taken back before anything was played to the trick.")
        return True, True, [step(True, "record", [why])]
    if report.before_trick:
        # The TD's report, not the record: it says so on the path.
        return True, True, [step(True, "td", [_("Reported: before anyone led to the trick.")])]
    if declaring or trick is None or not cards:
        return False, False, []  # nothing of his play to check: the timing does not matter
    recorded = _timing_in_record(play, offender, cards, trick)
    if "before_trick" in answers:
        before = _yes_no(answers, "before_trick")
        if recorded is not None and recorded[0] and not before:
            raise AnswerError(
                _("before_trick=no contradicts the record: {evidence}").format(
                    evidence=recorded[1]
                ),
                where="answer before_trick",
            )
        taken = step(before, "td", [])
    elif recorded is not None:
        before = recorded[0]
        taken = step(before, "record", [recorded[1]])
    elif play is None:
        return False, False, []  # no play recorded after it: nothing to check either way
    else:
        return PendingQuestion(
            node="before_trick",
            prompt=prompt,
            kind="question",
            laws=laws,
            help=_(
                "If before, {offender}'s card to trick {trick} is checked against "
                "the penalty card (a major one had to be played there if he could; a minor one "
                "bars his other low cards of its suit). Two cards played at once: with it."
            ).format(offender=offender.name_full, trick=trick),
            choices=[
                {
                    "value": "no",
                    "label": _("With or after his card to trick {trick}").format(trick=trick),
                },
                {
                    "value": "yes",
                    "label": _("Before his card to trick {trick}").format(trick=trick),
                },
            ],
        )
    partner = offender.partner
    led_by_partner = (
        before
        and play is not None
        and trick <= len(play.tricks)
        and play.tricks[trick - 1].leader is partner
        and bool(play.tricks[trick - 1].cards)
    )
    if not led_by_partner:
        return before, False, [taken]
    lead_prompt = _("Did the exposure come before {partner} led to trick {trick}?").format(
        partner=partner.name_full, trick=trick
    )
    if "before_lead" not in answers:
        return PendingQuestion(
            node="before_lead",
            prompt=lead_prompt,
            kind="question",
            laws=["50D2"],
            help=_(
                "If so, declarer had the Law 50D2 choice before {partner}'s lead "
                "to trick {trick}, and the lead is checked against it."
            ).format(partner=partner.name_full, trick=trick),
            choices=[
                {
                    "value": "no",
                    "label": _("No: {partner} had already led").format(partner=partner.name_full),
                },
                {
                    "value": "yes",
                    "label": _("Yes: before {partner}'s lead").format(partner=partner.name_full),
                },
            ],
        )
    before_lead = _yes_no(answers, "before_lead")
    lead_step = Step(
        node="before_lead",
        question=lead_prompt,
        answer="yes" if before_lead else "no",
        answer_label=_("Yes") if before_lead else _("No"),
        answered_by="td",
        laws=["50D2"],
    )
    return before, before_lead, [taken, lead_step]


def _yes_no(answers: dict[str, str], name: str) -> bool:
    said = answers[name].strip().lower()
    if said not in ("yes", "no"):
        raise AnswerError(
            _("{answer} is not an answer to '{name}'; choose one of: yes, no").format(
                answer=shown(answers[name]), name=name
            ),
            where=f"answer {name}",
        )
    return said == "yes"


def _timing_in_record(
    play: Play | None, offender: Seat, cards: list[Card], trick: int | None
) -> tuple[bool, str] | None:
    """What the record says of the timing: (before, why), or None when it cannot tell."""
    if play is None or trick is None:
        return None
    name = offender.name_full
    if trick > len(play.tricks):
        return True, _("The record stops before {seat} played to trick {trick}.").format(
            seat=name, trick=trick
        )
    card = play.tricks[trick - 1].card_of(offender)
    if card is None:
        return True, _("The record stops before {seat} played to trick {trick}.").format(
            seat=name, trick=trick
        )
    if card in cards:
        return True, _(
            "The record shows {seat} playing {card} to trick {trick}: it was "
            "exposed before he played it."
        ).format(seat=name, card=card.pretty, trick=trick)
    return None


def _trace_with_later_choices(
    situation: Situation,
    play: Play,
    declarer: Seat,
    answers: dict[str, str],
    mode: Mode,
    steps: list[Step],
) -> PendingQuestion | None:
    """Follow the penalty cards through the record. Each later lead by the offender's
    partner while a major penalty card remains gives declarer the Law 50D2 choice again;
    the record cannot show it, so the TD's answer for that trick is taken (on the tablet
    it is asked), and the record is followed again with it."""
    decisions = _decisions(situation)
    penalties = _penalties(situation, _is_major(situation))
    start = situation.start_trick or 1
    designations = designations_of(answers)
    for _pass in range(14):  # one more occasion decided per pass; at most 13 leads
        situation.trace = trace(
            play,
            penalties,
            start,
            declarer,
            decisions,
            designations,
            lead_at_start=situation.before_lead or not situation.before_trick,
        )
        if 0 not in decisions:
            return None  # the first choice comes from the walk; later ones hang on it
        undecided = [
            (number, occasion)
            for number, occasion in enumerate(situation.trace.occasions)
            if occasion.decision is None
        ]
        if not undecided:
            return None
        number, occasion = undecided[0]
        found = _later_decision(situation, occasion, answers, mode, steps)
        if not isinstance(found, LeadDecision):
            return found
        decisions[number] = found
    return None


def designations_of(answers: dict[str, str]) -> dict[int, Card]:
    """Declarer's Law 51A designations by trick, from the answers ``designated_N``."""
    found: dict[int, Card] = {}
    for name, value in answers.items():
        if not name.startswith(DESIGNATED):
            continue
        number = trick_answer(name.removeprefix(DESIGNATED))
        try:
            found[number] = Card.parse(value)
        except RecordError as error:
            raise error.located(f"answer {name}") from None
    return found


def _later_decision(
    situation: Situation,
    occasion: LeadOccasion,
    answers: dict[str, str],
    mode: Mode,
    steps: list[Step],
) -> LeadDecision | PendingQuestion | None:
    """Declarer's choice at a later lead (answers ``lead_choice_N``, ``lead_suit_N`` for
    trick N); a question on the tablet, None where nobody has said."""
    partner = situation.partner.name_full if situation.partner else _("Partner")
    cards = card_names([c for c in situation.cards if c.suit in occasion.suits])
    name, suit_name = f"lead_choice_{occasion.trick}", f"lead_suit_{occasion.trick}"
    question = _(
        "Trick {trick}: {partner} was to lead again while {cards} still lay on "
        "the table. What did declarer choose then?"
    ).format(trick=occasion.trick, partner=partner, cards=cards)
    if name not in answers:
        if mode != "step":
            return None
        return PendingQuestion(
            node=name,
            prompt=question,
            kind="question",
            laws=["50D2", "51B"],
            help=_(
                "Declarer has the choice again each time the offender's partner is to lead "
                "while a major penalty card remains (Law 50D2, Law 51B2(c))."
            ),
            choices=[{"value": value, "label": label} for value, label in lead_choices()],
        )
    choice = answers[name].strip().lower()
    labels = dict(lead_choices())
    if choice not in labels:
        raise RecordError(
            _("{answer} is not a choice; answer require, forbid or none").format(
                answer=shown(answers[name])
            ),
            where=f"answer {name}",
        )
    steps.append(td_answered(name, question, labels[choice]))
    if choice == "none":
        return LeadDecision("none")
    suits = occasion.suits
    if len(suits) > 1:
        if suit_name not in answers:
            if mode != "step":
                return None
            several = (
                [("all", _("Every suit he has a penalty card in"))] if choice == "forbid" else []
            )
            return PendingQuestion(
                node=suit_name,
                prompt=(
                    _("Trick {trick}: which suit did declarer require?")
                    if choice == "require"
                    else _("Trick {trick}: which suit did declarer forbid?")
                ).format(trick=occasion.trick),
                kind="question",
                laws=["51B2"],
                choices=[{"value": s.value, "label": _suit_name(s)} for s in suits]
                + [{"value": v, "label": label} for v, label in several],
            )
        suits = _later_suits(answers[suit_name], suits, choice, suit_name)
        steps.append(
            td_answered(
                suit_name,
                _("Which suit did declarer require?")
                if choice == "require"
                else _("Which suit did declarer forbid?"),
                _suits_text(list(suits)),
            )
        )
    return LeadDecision(choice, suits)  # type: ignore[arg-type]


def _later_suits(
    said: str, open_suits: tuple[Suit, ...], choice: str, where: str
) -> tuple[Suit, ...]:
    """The suit (or, forbidding, every suit) declarer named among those with a penalty
    card in them (Law 51B2)."""
    named = open_suits if said.strip().lower() == ALL_SUITS else suits_of_answer(said)
    if not set(named) <= set(open_suits) or (choice == "require" and len(named) != 1):
        raise RecordError(
            (
                _(
                    "declarer may require one suit in which there is a penalty card "
                    "({suits}), not {answer}"
                )
                if choice == "require"
                else _(
                    "declarer may forbid one suit, or every suit, in which there is a "
                    "penalty card ({suits}), not {answer}"
                )
            ).format(suits=_suits_text(list(open_suits)), answer=shown(said)),
            where=f"answer {where}",
        )
    if choice == "forbid" and len(named) > 1:
        _check_every_suit(set(named), set(open_suits), f"answer {where}")
    return tuple(named)


def _check_holder(board: Board | None, offender: Seat, cards: list[Card]) -> None:
    deal = board.deal_obj if board is not None else None
    if deal is None or not deal.is_complete:
        return
    for card in cards:
        holder = deal.holder(card)
        if holder is not offender:
            raise RecordError(
                (
                    _("{card} is not in {offender}'s hand; {holder} holds it")
                    if holder
                    else _("{card} is not in {offender}'s hand")
                ).format(
                    card=card.pretty,
                    offender=offender.name_full,
                    holder=holder.name_full if holder else "",
                ),
                where="irregularity cards",
            )


def _is_major(situation: Situation) -> bool:
    """Law 50B: minor only for a single card below honour rank exposed by accident."""
    cards = situation.cards
    if len(cards) != 1:
        return True
    return cards[0].rank.is_honour or situation.exposure != "inadvertent"


def _penalties(situation: Situation, major: bool) -> list[PenaltyCard]:
    if situation.offender is None:
        raise RecordError("whose penalty card it is is not known")
    return [PenaltyCard(situation.offender, card, major) for card in situation.cards]


def _single_suit(answers: dict[str, str]) -> Suit | None:
    for key in ("require_suit", "forbid_suit"):
        if answers.get(key) and answers[key] != ALL_SUITS:
            return _suit_of_answer(answers[key])
    return None


def _check_all_forbidden(situation: Situation, said: str) -> None:
    """``lead_suit=SH`` stands for "every suit with a penalty card": it must name them all."""
    named = set(suits_of_answer(said)) if said.strip().lower() != ALL_SUITS else set()
    held = set(_major_suits(situation))
    if named and held:
        _check_every_suit(named, held, "answer lead_suit")


def _check_every_suit(named: set[Suit], held: set[Suit], where: str) -> None:
    """Forbidding more than one suit means every suit with a penalty card (Law 51B2(b))."""
    if named != held:
        raise RecordError(
            _(
                "declarer forbade {named}, but the penalty cards are in {held}; forbid one "
                "suit or every suit with a penalty card (Law 51B2(b))"
            ).format(
                named=_suits_text(sorted(named, key=_suit_rank)),
                held=_suits_text(sorted(held, key=_suit_rank)),
            ),
            where=where,
        )


def _suit_rank(suit: Suit) -> int:
    return SUIT_ORDER.index(suit.value)


def _decisions(situation: Situation) -> dict[int, LeadDecision]:
    choice = situation.lead_choice
    if choice not in ("require", "forbid", "none"):
        return {}
    if choice == "none":
        return {0: LeadDecision("none")}
    suits = _major_suits(situation)
    suit = situation.lead_suit or (suits[0] if len(suits) == 1 else None)
    return {0: LeadDecision(choice, (suit,) if suit else tuple(suits))}  # type: ignore[arg-type]


def _major_suits(situation: Situation) -> list[Suit]:
    return sorted({c.suit for c in situation.cards}, key=_suit_rank)


# --- Facts from the report and the record ---------------------------------------------------

FACTS = FactTable()


def _situation(ctx: Context) -> Situation:
    if not isinstance(ctx.focus, Situation):
        raise TypeError("a penalty-card fact needs the wizard's situation")
    return ctx.focus


def _no_play(situation: Situation) -> FactResult | None:
    if situation.trace is None:
        if situation.play is None:
            return FactResult.unknown(_("The play after the exposure is not recorded."))
        return FactResult.unknown(_("The report does not say which card or at which trick."))
    return None


@FACTS.register("offender_role")
def offender_role(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.offender is None or s.declarer is None:
        return FactResult.unknown(_("The record does not say who is declarer."))
    declaring = s.offender in (s.declarer, s.declarer.partner)
    return FactResult(
        "declaring_side" if declaring else "defender",
        [
            _("{role}: {declarer} is declarer.").format(
                role=role_label(s.board, s.offender), declarer=s.declarer.name_full
            )
        ],
    )


@FACTS.register("partner_could_see")
def partner_could_see(ctx: Context) -> FactResult:
    """Law 49: a card partner could not possibly have seen (and not named) is no penalty
    card. A card led or played, as the report says a deliberate exposure was, lay face up
    on the table; otherwise the TD says (the usual case: he could)."""
    s = _situation(ctx)
    report = ctx.report if isinstance(ctx.report, PenaltyCardReport) else None
    if s.before_lead:
        return FactResult(
            "yes", [_("The card was led face up on the table (a lead out of turn).")], settled=True
        )
    if report is not None and report.exposure == "deliberate":
        return FactResult(
            "yes", [_("Reported as led or played: it lay face up on the table.")], settled=True
        )
    return FactResult.unknown(_("Only the table can say where the card was held."))


@FACTS.register("several_penalty_cards")
def several_penalty_cards(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if not s.cards:
        return FactResult.unknown(_("The report does not name the cards."))
    value = "several" if len(s.cards) > 1 else "one"
    return FactResult(value, [_("Exposed: {cards}.").format(cards=card_names(s.cards))])


@FACTS.register("card_is_honour")
def card_is_honour(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if len(s.cards) != 1:
        return FactResult.unknown(_("The report does not name the card."))
    card = s.cards[0]
    honour = card.rank.is_honour
    return FactResult(
        "yes" if honour else "no",
        [
            (_("{card} is an honour.") if honour else _("{card} is below honour rank.")).format(
                card=card.pretty
            )
        ],
    )


@FACTS.register("exposure_kind")
def exposure_kind(ctx: Context) -> FactResult:
    s = _situation(ctx)
    report = ctx.report if isinstance(ctx.report, PenaltyCardReport) else None
    if report is not None and report.exposure is not None:
        why = (
            _("Reported as exposed inadvertently.")
            if report.exposure == "inadvertent"
            else _("Reported as exposed deliberately.")
        )
        return FactResult(report.exposure, [why])
    return FactResult.unknown(
        _("The report does not say how the card came to be exposed.")
        if s.cards
        else _("Not reported.")
    )


@FACTS.register("minor_rule_broken")
def minor_rule_broken(ctx: Context) -> FactResult:
    s = _situation(ctx)
    unknown = _no_play(s)
    if unknown:
        return unknown
    broken = s.violations("minor_card_rule_broken")
    if broken:
        return FactResult("yes", [broken[0].evidence])
    return FactResult("no", _trace_summary(s))


@FACTS.register("major_not_played")
def major_not_played(ctx: Context) -> FactResult:
    s = _situation(ctx)
    unknown = _no_play(s)
    if unknown:
        return unknown
    failures = s.violations("penalty_card_not_played")
    certain = [v for v in failures if v.trick < s.certain_until()]
    if certain:
        return FactResult("yes", [certain[0].evidence])
    if failures:
        return FactResult.unknown(
            _(
                "{evidence} Whether the card was still a penalty card then depends "
                "on declarer's choice when the offender's partner led at trick "
                "{trick}, which the record cannot show."
            ).format(evidence=failures[0].evidence, trick=s.certain_until())
        )
    return FactResult("no", _trace_summary(s))


def _trace_summary(s: Situation) -> list[str]:
    if s.trace is None:
        raise RecordError("the penalty card was not followed through the record")
    play = s.play
    last = len(play.tricks) if play is not None else 0
    start = s.trace.start_trick
    if start > last:
        return [
            _(
                "The record stops before trick {start}, when the penalty card starts to bind."
            ).format(start=start)
        ]
    return [
        *s.trace.evidence,
        _("The record was checked from trick {start} to trick {last}.").format(
            start=start, last=last
        ),
    ]


@FACTS.register("declarer_played_since")
def declarer_played_since(ctx: Context) -> FactResult:
    s = _situation(ctx)
    failure = s.first_failure()
    if s.trace is None or failure is None:
        return FactResult.unknown(_("The record does not show the wrong card."))
    if s.trace.declarer_played_after.get(failure.trick):
        return FactResult(
            "yes",
            [
                _("Declarer played a card after {card}: he must accept it (Law 52B1(b)).").format(
                    card=failure.card.pretty
                )
            ],
        )
    if s.trace.established_after.get(failure.trick):
        return FactResult(
            "yes",
            [
                _(
                    "The offending side played to trick {trick}: the revoke is "
                    "established and cannot be corrected (Law 63A1, 63B)."
                ).format(trick=failure.trick + 1)
            ],
        )
    return FactResult("no", [_("The record stops after {card}.").format(card=failure.card.pretty)])


@FACTS.register("partner_got_lead")
def partner_got_lead(ctx: Context) -> FactResult:
    s = _situation(ctx)
    unknown = _no_play(s)
    if unknown:
        return unknown
    if s.trace is None or s.partner is None:
        raise RecordError("the penalty card was not followed through the record")
    now = s.partner_on_lead_now()
    if now is not None:
        on_table = card_names([p.card for p in s.trace.remaining if p.major])
        return FactResult(
            "yes",
            [
                _(
                    "The record stops with {partner} to lead to trick {trick} while "
                    "{on_table} lies on the table: declarer chooses now (Law 50D2)."
                ).format(partner=s.partner.name_full, trick=now, on_table=on_table)
            ],
        )
    if s.trace.occasions:
        first = s.trace.occasions[0]
        return FactResult(
            "yes",
            [
                ngettext(
                    "{partner} led to trick {trick} while {suits} penalty card lay on the table.",
                    "{partner} led to trick {trick} while {suits} penalty cards lay on the table.",
                    len(first.suits),
                ).format(
                    partner=s.partner.name_full,
                    trick=first.trick,
                    suits=_suits_text(list(first.suits)),
                )
            ],
        )
    return FactResult(
        "no",
        [
            _(
                "The record shows no lead by {partner} while a major penalty card lay on the table."
            ).format(partner=s.partner.name_full)
        ],
    )


def _suit_fact(ctx: Context, several: tuple[str, ...] = ()) -> FactResult:
    """Declarer may name only a suit in which the offender has a penalty card (50D2,
    51B2); ``several``: the choices that name more than one of them."""
    s = _situation(ctx)
    suits = (
        list(s.trace.occasions[0].suits)
        if s.trace is not None and s.trace.occasions
        else _major_suits(s)
    )
    offer = tuple(suit.value.lower() for suit in suits)
    if len(suits) == 1:
        return FactResult(
            offer[0],
            [_("The penalty cards are all in {suit}.").format(suit=suits[0].symbol)],
            offer,
        )
    if suits:
        return FactResult.unknown(
            _(
                "Penalty cards in {suits}: declarer names the suit he requires, "
                "or the suit or suits he forbids (Law 51B2)."
            ).format(suits=_suits_text(suits)),
            offer + several,
        )
    return FactResult.unknown(_("The report does not name the cards."))


FACTS.register("suit_to_require")(_suit_fact)


@FACTS.register("suit_to_forbid")
def _forbid_fact(ctx: Context) -> FactResult:
    return _suit_fact(ctx, several=(ALL_SUITS,))


def _kept_fact(ctx: Context) -> FactResult:
    s = _situation(ctx)
    now = s.partner_on_lead_now()
    if now is not None and s.partner is not None:
        return FactResult(
            "yes",
            [
                _(
                    "The record stops before {partner}'s lead to trick {trick}: he is "
                    "about to lead, bound by declarer's choice."
                ).format(partner=s.partner.name_full, trick=now)
            ],
        )
    if s.trace is None or not s.trace.occasions or s.trace.occasions[0].decision is None:
        return FactResult.unknown(_("The record does not show partner's lead after the choice."))
    first = s.trace.occasions[0]
    # Only this choice's breaches (a prohibition lasts while he keeps the lead); one at a
    # later Law 50D2 choice is the later_leads_kept question's.
    broken = [v for v in s.violations("lead_restriction_broken") if v.occasion == 0]
    if broken:
        return FactResult("no", [broken[0].evidence])
    if first.unable:
        return FactResult("unable", [line for line in s.trace.evidence if "Law 59" in line][:1])
    mine = [line for line in s.trace.evidence if line.startswith(f"Trick {first.trick}:")]
    complied = _("{partner} complied.").format(partner=s.partner.name_full if s.partner else "?")
    return FactResult("yes", mine or [complied])


FACTS.register("requirement_kept")(_kept_fact)
FACTS.register("prohibition_kept")(_kept_fact)


@FACTS.register("later_leads_kept")
def later_leads_kept(ctx: Context) -> FactResult:
    """Declarer has the Law 50D2 choice again at each later lead while a major penalty
    card remains; a requirement or prohibition broken then is a revoke (Law 61A)."""
    s = _situation(ctx)
    partner = s.partner.name_full if s.partner else _("The offender's partner")
    if s.trace is None:
        # Nothing after the exposure is recorded: no later lead has been made yet.
        return FactResult("yes", [_("The play after the exposure is not recorded.")])
    broken = [v for v in s.violations("lead_restriction_broken") if v.occasion]
    if broken:
        return FactResult("no", [broken[0].evidence])
    later = s.trace.occasions[1:]
    if not later:
        return FactResult(
            "yes",
            [
                _(
                    "The record shows no later lead by {partner} while a major penalty card "
                    "remained."
                ).format(partner=partner)
            ],
        )
    open_tricks = [str(o.trick) for o in later if o.decision is None]
    checked = ", ".join(str(o.trick) for o in later if o.decision is not None) or "-"
    evidence = [
        _(
            "{partner} kept to declarer's choice at every later lead the record shows "
            "(trick {tricks})."
        ).format(partner=partner, tricks=checked)
    ]
    if open_tricks:
        evidence.append(
            _(
                "Declarer's choice at trick {tricks} is not given, so that lead was not checked."
            ).format(tricks=", ".join(open_tricks))
        )
    return FactResult("yes", evidence)


def _suits_text(suits: list[Suit]) -> str:
    return _(" and ").join(s.symbol for s in suits)


def _suit_name(suit: Suit) -> str:
    return {"S": _("Spades"), "H": _("Hearts"), "D": _("Diamonds"), "C": _("Clubs")}[suit.value]


# --- The ruling -----------------------------------------------------------------------------------


def rule_penalty_card(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    reported = report if isinstance(report, PenaltyCardReport) else None
    answers = normalise_answers(answers)
    asked: list[Step] = []
    found = gather(board, reported, answers, mode, asked)
    if isinstance(found, PendingQuestion):
        return pending_ruling(NAME, asked, found)
    situation = found
    result = walk_wizard(WIZARD, board, reported, answers, mode, focus=situation)
    result.steps[:0] = asked
    if result.pending is not None:
        return pending_ruling(NAME, result.steps, result.pending)
    rectification = rectify(situation, result)
    ruling = outcome_ruling(
        NAME,
        get_tree(NAME),
        result,
        _values(situation, result, rectification),
        rectification=rectification,
        extra_text=_violations_text(rectification),
        marked_tricks=sorted({v.trick for v in rectification.violations}),
    )
    if len(situation.cards) < 2:
        # Law 51 is about two or more penalty cards; the outcomes cite it for that case,
        # and their text names it only then ({law_51b1a} and the like).
        ruling.laws = [anchor for anchor in ruling.laws if not anchor.startswith("51")]
    return ruling


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
        return _major_suits(situation)
    return [Suit(suit.upper())] if suit else []


def _violations_text(rect: PenaltyCardRectification) -> str:
    if not rect.violations:
        return ""
    lines = [v.evidence for v in rect.violations]
    return (
        _("What the record shows after the exposure:")
        + "\n"
        + "\n".join(f"- {line}" for line in lines)
    )


def _values(
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
    values["lead_suit"] = _suits_text(chosen) if chosen else _("the suit")
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


WIZARD = register(
    Wizard(
        name=NAME,
        title="Penalty card",
        laws="Laws 48-52",
        kind="penalty_card",
        rule=rule_penalty_card,
        facts=FACTS,
        computations=frozenset({"penalty_card_record"}),
        answers=(
            AnswerHelp("offender", "(TD)  Whose card was exposed  [N E S W]"),
            AnswerHelp("cards", "(TD)  The exposed cards  [e.g. HQ or HQ,D3]"),
            AnswerHelp(
                "card_N",
                "(TD)  On the tablet, the Nth exposed card, one at a time  [e.g. D3, or none]",
            ),
            AnswerHelp("trick", "(TD)  The trick during which they were exposed  [1-13]"),
            AnswerHelp(
                "before_trick",
                "(TD)  The exposure came before the offender's own card to that trick, so "
                "that card is checked against it; asked when the record cannot tell  [yes|no]",
            ),
            AnswerHelp(
                "before_lead",
                "(TD)  With before_trick=yes, when the offender's partner led to that trick: "
                "the exposure came before his lead (Law 50D2)  [yes|no]",
            ),
            AnswerHelp(
                "lead_suit",
                "(TD)  The suit declarer requires or forbids  [S H D C; SH or all when he "
                "forbids every suit with a penalty card, Law 51B2(b)]",
            ),
            AnswerHelp(
                "designated_N",
                "(TD)  At trick N, the penalty card declarer designated when two or more "
                "could legally be played (Law 51A; checked against the play record)  "
                "[e.g. HQ]",
            ),
            AnswerHelp(
                "lead_choice_N",
                "(TD)  Declarer's choice when the offender's partner led again at trick N "
                "with a major penalty card still out (from a record)  [require|forbid|none]",
            ),
            AnswerHelp(
                "lead_suit_N",
                "(TD)  At trick N, the suit declarer required or forbade, when the penalty "
                "cards are in more than one suit  [S H D C, or all to forbid every one]",
            ),
        ),
        notes=(
            'The irregularity in a .json request: {"kind": "penalty_card", "offender": '
            '"E", "cards": ["HQ"], "trick": 3, "exposure": "inadvertent"}'
        ),
    )
)
