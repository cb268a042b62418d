"""The claims wizard (Laws 68-71, 79C): from the claim and the cards left to the tricks.

The report says who claimed (a defender conceding claims 0), before which trick, how
many of the remaining tricks his side claimed, the statement as made and any total he
stated. The cards left come from the deal and the play record; on a hand record without
play the TD marks them (``cards_left``, or ``cards_played`` when fewer) and says how many
tricks declarer's side had won (``tricks_won_before_claim``).

The TD makes every judgment the Laws leave to him: the tricks on the least successful
normal line consistent with the statement (Law 70D, 70E), the outstanding-trump questions
(Law 70C), what would probably have happened (Law 69B2). Beside the questions the wizard
shows candidate lines the statement may leave open, each with the tricks it takes against
the actual cards (``td_assist.bridge.claim_lines``), and, with the ``analysis`` extra, the
double-dummy figure labelled as a check. Neither ever answers a question.

Every count the TD gives is of the tricks left at the claim, for the claiming side.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge import double_dummy
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat, Side, Suit
from td_assist.bridge.claim_lines import (
    Position,
    candidate_lines,
    finesse_suits,
    tricks_on_line,
)
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import (
    Adjustment,
    IrregularityReport,
    PendingQuestion,
    ReportSeat,
    Ruling,
    Step,
    irregularity_kind,
)
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register
from td_assist.rulings.engine.walk import (
    AnswerError,
    Mode,
    Walk,
    fill,
    outcome_ruling,
    pending_ruling,
    walk,
)
from td_assist.rulings.procedures.tricks_and_scores import (
    declarer_tricks_as_played,
    side_name,
    with_scores,
)

NAME = "claim"
CARDS_LEFT = "cards_left"
CARDS_PLAYED = "cards_played"
WON_BEFORE = "tricks_won_before_claim"
OUTCOME_KINDS = {
    "adjudicated": "adjudicated",
    "claim_agreed": "agreed",
    "agreement_withdrawn": "agreement_withdrawn",
    "concession_cancelled": "concession_cancelled",
    "concession_stands": "concession_stands",
    "scored_as_played": "scored_as_played",
    "no_concession": "no_concession",
}
# The TD's counts, each of the tricks left, and the most each can be.
COUNTS = ("normal_line_tricks", "tricks_lost_to_trump", "likely_tricks")
MAX_STATEMENT = 2000  # characters: as the report's field
# The candidate lines are help on every page of the walk: never more than this long to wait.
LINES_SECONDS = 1.0


@irregularity_kind
class ClaimReport(IrregularityReport):
    """Who claimed, before which trick, how many of the tricks left, and what he said."""

    kind: Literal["claim"] = "claim"
    claimer: ReportSeat = None
    trick: int | None = Field(default=None, ge=1, le=13)
    claimed: int | None = Field(default=None, ge=0, le=13)
    statement: str = Field(default="", max_length=2000)
    stated_total: int | None = Field(default=None, ge=0, le=13)


class CandidateLine(BaseModel):
    """One line the statement may leave open, and what it takes against the actual cards."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["order", "first", "finesse"]
    description: str
    tricks: int | None  # None: too many cards left to evaluate
    unstated_finesse: bool = False


class ClaimRectification(BaseModel):
    model_config = ConfigDict(extra="forbid")
    outcome: str
    claimer: Seat
    claiming_side: Side
    trick: int
    remaining: int
    claimed: int
    statement: str = ""
    stated_total: int | None = None
    tricks_won_before_claim: int | None = None  # declarer's side
    tricks_to_claimers: int | None = None  # of the tricks left, as ruled
    tricks_to_declarer: int | None = None  # declarer's total after the ruling
    contract: str | None = None
    declarer: Seat | None = None
    score_ns: int | None = None
    cards_left: dict[str, list[str]] = Field(default_factory=dict)
    on_lead: Seat | None = None
    on_lead_assumed: bool = False  # not recorded nor answered: the claimer taken as on lead
    outstanding_trumps: list[str] = Field(default_factory=list)
    suit_breaks: list[str] = Field(default_factory=list)
    lines: list[CandidateLine] = Field(default_factory=list)
    double_dummy_check: int | None = None  # the claiming side's tricks, double dummy


@dataclass
class ClaimSituation:
    board: Board | None
    claimer: Seat
    trick: int
    claimed: int
    statement: str
    stated_total: int | None
    won_before: int | None  # declarer's side, before the claim
    hands: dict[Seat, list[Card]] | None  # the cards left at the claim
    on_lead: Seat | None
    played_on: bool  # the record holds cards played after the claim
    on_lead_assumed: bool = False
    steps: list[Step] = field(default_factory=list)

    @property
    def remaining(self) -> int:
        return 14 - self.trick

    @property
    def side(self) -> Side:
        return self.claimer.side

    @property
    def declarer(self) -> Seat | None:
        return self.board.declarer_seat if self.board is not None else None

    @property
    def trump(self) -> Suit | None:
        contract = self.board.contract_obj if self.board is not None else None
        strain = contract.strain if contract is not None else None
        return strain.suit if strain is not None else None

    def is_defender(self) -> bool | None:
        declarer = self.declarer
        return None if declarer is None else self.claimer.side is not declarer.side

    def declarer_total(self, to_claimers: int) -> int | None:
        """Declarer's total when the claiming side wins ``to_claimers`` of the tricks left."""
        declarer = self.declarer
        if declarer is None or self.won_before is None:
            return None
        mine = to_claimers if self.claimer.side is declarer.side else self.remaining - to_claimers
        return self.won_before + mine


# --- Reading the claim: report, record and answers -----------------------------------


def _sorted(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda card: card.sort_key)


def _step(node: str, question: str, label: str, by: Literal["td", "record"] = "td") -> Step:
    return Step(node=node, question=question, answer=label, answer_label=label, answered_by=by)


def _int_answer(answers: dict[str, str], name: str, low: int, high: int) -> int | None:
    if name not in answers:
        return None
    text = answers[name].strip()
    try:
        value = int(text)
    except ValueError:
        raise AnswerError(
            _("{value} is not a whole number").format(value=shown(text)),
            where=_("answer {name}").format(name=name),
        ) from None
    if not low <= value <= high:
        raise AnswerError(
            _("{value} is outside {low} to {high}").format(value=value, low=low, high=high),
            where=_("answer {name}").format(name=name),
        )
    return value


def _seat_answer(answers: dict[str, str], name: str) -> Seat | None:
    if name not in answers:
        return None
    try:
        return Seat.parse(answers[name])
    except RecordError as error:
        raise AnswerError(error.problem, where=_("answer {name}").format(name=name)) from None


def _cards_answer(text: str, name: str) -> set[Card]:
    cards: set[Card] = set()
    for token in text.replace(",", " ").split()[:60]:
        try:
            cards.add(Card.parse(token))
        except RecordError as error:
            raise AnswerError(error.problem, where=_("answer {name}").format(name=name)) from None
    return cards


def _seat_choices(board: Board | None) -> list[dict[str, str]]:
    declarer = board.declarer_seat if board is not None else None
    choices = []
    for seat in Seat:
        label = seat.name_full
        if declarer is not None and seat is declarer:
            label = _("{seat} (declarer)").format(seat=seat.name_full)
        elif declarer is not None and seat is declarer.partner:
            label = _("{seat} (dummy)").format(seat=seat.name_full)
        choices.append({"value": seat.value, "label": label})
    return choices


def _record_trick(board: Board | None) -> int | None:
    """The claim's trick from the record: after the last complete trick, when the play
    stops short of the end (a record with a claim, LIN ``mc``)."""
    play = board.play_obj if board is not None else None
    if board is None or play is None or play.is_finished:
        return None
    if play.tricks and not play.tricks[-1].is_complete:
        return None
    return len(play.tricks) + 1


def gather(
    board: Board | None, report: ClaimReport | None, answers: dict[str, str]
) -> ClaimSituation | PendingQuestion:
    """The claim's facts from the report, the record and the TD's answers; a question
    when one is missing (the tablet asks them one by one)."""
    report = report or ClaimReport()
    steps: list[Step] = []
    claimer = _seat_answer(answers, "claimer") or report.claimer
    if "claimer" in answers and claimer is not None:
        steps.append(_step("claimer", _("Who claimed or conceded?"), claimer.name_full))
    if claimer is None:
        return PendingQuestion(
            node="claimer",
            prompt=_("Who claimed or conceded?"),
            help=_("A defender conceding tricks is a claimer of none of them."),
            kind="question",
            laws=["68A", "68B1"],
            choices=_seat_choices(board),
        )
    play = board.play_obj if board is not None else None
    deal = board.deal_obj if board is not None else None
    hands: dict[Seat, list[Card]] | None = None
    trick = _int_answer(answers, "trick", 1, 13) or report.trick
    if "trick" in answers:
        steps.append(_step("trick", _("Before which trick did the claim come?"), str(trick)))
    if trick is None:
        trick = _record_trick(board)
    if trick is None and play is None and deal is not None and deal.is_complete:
        marked = _marked_hands(board, answers, None)
        if marked is not None:
            hands = marked
            trick = 14 - len(next(iter(marked.values())))
    if trick is None:
        if deal is not None and deal.is_complete and play is None:
            return _cards_question(board)
        return PendingQuestion(
            node="trick",
            prompt=_("Before which trick did the claim come?"),
            kind="number",
            laws=["68A"],
            minimum=1,
            maximum=13,
        )
    played_on = False
    if play is not None:
        before = 4 * (trick - 1)
        if len(play.cards) < before:
            raise RecordError(
                _(
                    "the claim came before trick {trick}, but the record's play ends at trick "
                    "{last}"
                ).format(trick=trick, last=-(-len(play.cards) // 4)),
                where=_("irregularity {field}").format(field="trick")
                if "trick" not in answers
                else _("answer {name}").format(name="trick"),
            )
        if before < len(play.cards) < 52:
            raise RecordError(
                _(
                    "the record holds cards of trick {trick}, which the claim came before: give "
                    "the trick the claim came before, or the play up to the claim (or all of it "
                    "when play went on)"
                ).format(trick=trick),
                where=_("irregularity {field}").format(field="trick")
                if "trick" not in answers
                else _("answer {name}").format(name="trick"),
            )
        played_on = len(play.cards) > before
    remaining = 14 - trick
    claimed = _int_answer(answers, "claimed", 0, remaining)
    if claimed is not None:
        steps.append(_step("claimed", _("How many of the tricks left did he claim?"), str(claimed)))
    else:
        claimed = report.claimed
        if claimed is None and board is not None and board.claim is not None and play is not None:
            claimed = _claimed_from_record(board, claimer, trick)
    if claimed is None:
        return PendingQuestion(
            node="claimed",
            prompt=_(
                "Of the {remaining} tricks left, how many did {claimer}'s side claim? "
                "(A concession of all of them: 0.)"
            ).format(remaining=remaining, claimer=claimer.name_full),
            kind="number",
            laws=["68A", "68B1"],
            minimum=0,
            maximum=remaining,
        )
    if claimed > remaining:
        raise RecordError(
            _(
                "{claimed} tricks claimed, but only {remaining} were left before trick {trick}"
            ).format(claimed=claimed, remaining=remaining, trick=trick),
            where=_("irregularity {field}").format(field="claimed")
            if "claimed" not in answers
            else _("answer {name}").format(name="claimed"),
        )
    statement = answers.get("statement", report.statement).strip()
    if len(statement) > MAX_STATEMENT:
        raise AnswerError(
            _("the statement is {length} characters long; at most {most} are kept").format(
                length=len(statement), most=MAX_STATEMENT
            ),
            where=_("answer {name}").format(name="statement"),
        )
    if statement.lower() == "skip":
        statement = ""
    if "statement" in answers:
        steps.append(
            _step("statement", _("What did the claimer say?"), statement or _("No line stated"))
        )
    elif not report.statement:
        return PendingQuestion(
            node="statement",
            prompt=_("What did the claimer say, word for word (the line and the order of play)?"),
            help=_(
                "Law 68C: the claimer should state at once how he will play. Have him repeat it "
                "(Law 70B1); do not let him improve it."
            ),
            kind="text",
            laws=["68C", "70B1"],
            optional=True,
            skip_label=_("No line stated"),
        )
    stated_total = _int_answer(answers, "stated_total", 0, 13)
    if stated_total is None:
        stated_total = report.stated_total
    won_before: int | None = None
    on_lead: Seat | None = None
    if play is not None and board is not None and board.declarer_seat is not None:
        hands = {seat: _sorted(play.holding(seat, trick)) for seat in Seat}
        won = [t for t in play.tricks if t.number < trick]
        won_before = sum(
            1 for t in won if t.winner is not None and t.winner.side is board.declarer_seat.side
        )
        on_lead = won[-1].winner if won else play.opening_leader
    elif deal is not None and deal.is_complete:
        hands = hands or _marked_hands(board, answers, trick)
        if hands is None:
            return _cards_question(board)
    if won_before is None:
        won_before = _int_answer(answers, WON_BEFORE, 0, trick - 1)
        if won_before is None and trick == 1:
            won_before = 0
        if won_before is None:
            return PendingQuestion(
                node=WON_BEFORE,
                prompt=_("How many of the {played} tricks played had declarer's side won?").format(
                    played=trick - 1
                ),
                kind="number",
                laws=["68A"],
                minimum=0,
                maximum=trick - 1,
            )
        steps.append(
            _step(WON_BEFORE, _("Tricks declarer's side had won before the claim"), str(won_before))
        )
    answered_lead = _seat_answer(answers, "on_lead")
    assumed = False
    if answered_lead is not None:
        on_lead = answered_lead
    elif on_lead is None:
        on_lead, assumed = claimer, True
    return ClaimSituation(
        board,
        claimer,
        trick,
        claimed,
        statement,
        stated_total,
        won_before,
        hands,
        on_lead,
        played_on,
        on_lead_assumed=assumed,
        steps=steps,
    )


def _claimed_from_record(board: Board, claimer: Seat, trick: int) -> int | None:
    """The claiming side's share of the tricks left, from a record's claim (declarer's
    total, LIN ``mc``)."""
    play, declarer = board.play_obj, board.declarer_seat
    if play is None or declarer is None or board.claim is None:
        return None
    won = sum(
        1
        for t in play.tricks
        if t.number < trick and t.winner is not None and t.winner.side is declarer.side
    )
    to_declarer = board.claim - won
    remaining = 14 - trick
    if not 0 <= to_declarer <= remaining:
        return None
    return to_declarer if claimer.side is declarer.side else remaining - to_declarer


def _cards_question(board: Board | None) -> PendingQuestion:
    return PendingQuestion(
        node=CARDS_LEFT,
        prompt=_(
            "Mark on the hand record the cards each player still held at the claim, or the "
            "cards played before it, whichever are fewer."
        ),
        help=_(
            "The cards left show the position the claim is ruled on. Typed, give the cards "
            'all four players still held, "SA SK H2 ..."; to mark the cards played instead, '
            "use the diagram."
        ),
        kind="text",
        laws=["70B3"],
    )


def _marked_hands(
    board: Board | None, answers: dict[str, str], trick: int | None
) -> dict[Seat, list[Card]] | None:
    """The cards left, from the TD's ``cards_left`` or ``cards_played``, checked against
    the deal: every hand the same size, and (when known) 14 - trick cards each."""
    deal = board.deal_obj if board is not None else None
    if deal is None:
        return None
    if CARDS_LEFT in answers:
        name = CARDS_LEFT
        left = _cards_answer(answers[name], name)
    elif CARDS_PLAYED in answers:
        name = CARDS_PLAYED
        played = _cards_answer(answers[name], name)
        left = {c for seat in Seat for c in deal.hand(seat).cards} - played
    else:
        return None
    hands = {seat: _sorted(c for c in deal.hand(seat).cards if c in left) for seat in Seat}
    sizes = {seat: len(cards) for seat, cards in hands.items()}
    if len(set(sizes.values())) != 1 or not sizes[Seat.N]:
        counts = ", ".join(f"{seat.name_full} {n}" for seat, n in sizes.items())
        raise AnswerError(
            _(
                "every player holds the same number of cards at a claim, at least one; these "
                "marks leave {counts}"
            ).format(counts=counts),
            where=_("answer {name}").format(name=name),
        )
    if trick is not None and sizes[Seat.N] != 14 - trick:
        raise AnswerError(
            _("before trick {trick} each player holds {left} cards, not {marked}").format(
                trick=trick, left=14 - trick, marked=sizes[Seat.N]
            ),
            where=_("answer {name}").format(name=name),
        )
    return hands


# --- Facts ----------------------------------------------------------------------------

FACTS = FactTable()


def _situation(ctx: Context) -> ClaimSituation:
    if not isinstance(ctx.focus, ClaimSituation):
        raise TypeError("a claim fact needs the wizard's situation")
    return ctx.focus


@FACTS.register("play_went_on")
def play_went_on(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    if situation.played_on:
        return FactResult(
            None,
            [
                _(
                    "The record holds the play after the claim: say whether play went on at the "
                    "non-claiming side's request with all four agreeing (Law 68D2(b))."
                )
            ],
        )
    if situation.board is not None and situation.board.play:
        return FactResult(
            "no", [_("Established: the record's play stops at the claim.")], settled=True
        )
    return FactResult.unknown(_("The record does not show the play after the claim."))


@FACTS.register("defender_conceded")
def defender_conceded(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    defender = situation.is_defender()
    if defender is None:
        return FactResult.unknown(_("The record names no declarer."))
    conceded = situation.remaining - situation.claimed
    if defender and conceded > 0:
        why = _("Established: {claimer}, a defender, conceded {count} of the tricks left.").format(
            claimer=situation.claimer.name_full, count=conceded
        )
        return FactResult("yes", [why], settled=True)
    why = (
        _("Established: {claimer} is declarer's side.").format(claimer=situation.claimer.name_full)
        if not defender
        else _("Established: {claimer} conceded none of the tricks left.").format(
            claimer=situation.claimer.name_full
        )
    )
    return FactResult("no", [why], settled=True)


@FACTS.register("claim_route")
def claim_route(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    if ctx.walked.get("agreed") == "yes":
        return FactResult(
            "reopened", [_("Established: the claim was agreed, and is reopened in time.")], True
        )
    if situation.claimed == 0:
        why = _("Established: {claimer} claimed none of the tricks left: a concession.").format(
            claimer=situation.claimer.name_full
        )
        return FactResult("concession", [why], settled=True)
    why = _("Established: {claimer} claimed {count} of the tricks left, and it was disputed.")
    return FactResult(
        "disputed_claim",
        [why.format(claimer=situation.claimer.name_full, count=situation.claimed)],
        settled=True,
    )


@FACTS.register("trump_outstanding")
def trump_outstanding(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    if situation.board is None or situation.board.contract_obj is None:
        return FactResult.unknown(_("The contract is not known."))
    if situation.trump is None:
        return FactResult("no", [_("Established: the contract is in no trumps.")], settled=True)
    if situation.hands is None:
        return FactResult.unknown(_("The cards left are not known."))
    held = _outstanding_trumps(situation)
    if not held:
        why = _("Established: no opponent of the claimer holds a trump.")
        return FactResult("no", [why], settled=True)
    cards = ", ".join(f"{seat.name_full} {card.pretty}" for seat, card in held)
    return FactResult(
        "yes",
        [_("Established: an opponent still holds a trump ({cards}).").format(cards=cards)],
        settled=True,
    )


def _outstanding_trumps(situation: ClaimSituation) -> list[tuple[Seat, Card]]:
    trump, hands = situation.trump, situation.hands
    if trump is None or hands is None:
        return []
    return [
        (seat, card)
        for seat in Seat
        if seat.side is not situation.side
        for card in hands[seat]
        if card.suit is trump
    ]


def on_line(ctx: Context) -> int | None:
    """The claiming side's tricks on the normal line, less those lost to the trump
    (Law 70C) when the TD found all three conditions."""
    line = ctx.walked.get("normal_line_tricks")
    if not isinstance(line, int):
        return None
    lost = ctx.walked.get("tricks_lost_to_trump")
    return max(line - lost, 0) if isinstance(lost, int) else line


@FACTS.register("conceded_trick_unlosable")
def conceded_trick_unlosable(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    tricks = on_line(ctx)
    if tricks is None:
        return FactResult.unknown(_("The tricks on the normal line are not known."))
    if tricks > situation.claimed:
        why = _(
            "Established: no normal play loses more than {lost} of the {remaining} tricks left, "
            "but {claimer}'s side conceded {conceded}."
        ).format(
            lost=situation.remaining - tricks,
            remaining=situation.remaining,
            claimer=situation.claimer.name_full,
            conceded=situation.remaining - situation.claimed,
        )
        return FactResult("yes", [why], settled=True)
    why = _(
        "Established: a normal play wins only {tricks} of the {remaining} tricks left, and "
        "{claimer}'s side claimed {claimed}."
    ).format(
        tricks=tricks,
        remaining=situation.remaining,
        claimer=situation.claimer.name_full,
        claimed=situation.claimed,
    )
    return FactResult("no", [why], settled=True)


@FACTS.register("agreement_gave_away_trick")
def agreement_gave_away_trick(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    likely = ctx.walked.get("likely_tricks")
    if not isinstance(likely, int):
        return FactResult.unknown(_("The likely tricks are not known."))
    over = _stated_over_claim(situation)
    if over:
        why = _(
            "Established: the total the claimer stated, {stated} for declarer, counts {over} "
            "trick(s) the other side had in fact already won (Law 69B1)."
        ).format(stated=situation.stated_total, over=over)
        return FactResult("yes", [why], settled=True)
    if likely < situation.claimed:
        why = _(
            "Established: {claimer}'s side would probably have won {likely}, but was given "
            "{claimed}."
        )
    else:
        why = _(
            "Established: {claimer}'s side would probably have won {likely}, and was given "
            "{claimed}."
        )
    text = why.format(claimer=situation.claimer.name_full, likely=likely, claimed=situation.claimed)
    return FactResult("yes" if likely < situation.claimed else "no", [text], settled=True)


def _stated_over_claim(situation: ClaimSituation) -> int:
    """How many tricks the stated total gives the claiming side beyond all it could have:
    tricks the other side had already won (Law 69B1, Law 71A)."""
    declarer = situation.declarer
    if situation.stated_total is None or declarer is None or situation.won_before is None:
        return 0
    most = situation.won_before + situation.remaining  # declarer's side, at most
    least = situation.won_before  # declarer's side, at least
    if situation.claimer.side is declarer.side:
        return max(situation.stated_total - most, 0)
    return max(least - situation.stated_total, 0)


@FACTS.register("declarer_tricks_played")
def declarer_tricks_fact(ctx: Context) -> FactResult:
    board = ctx.board
    play = board.play_obj if board is not None else None
    if board is not None and play is not None and play.is_finished:
        tricks = board.declarer_tricks_played()
        why = _("Established: the record holds the whole play.")
        return FactResult(str(tricks), [why], settled=True)
    return FactResult.unknown(_("The record does not hold the whole play."))


# --- The help beside the questions: cards left, lines, a double-dummy check -------------


def _cards_left(situation: ClaimSituation) -> dict[str, list[str]]:
    if situation.hands is None:
        return {}
    return {seat.value: [str(c) for c in cards] for seat, cards in situation.hands.items()}


def _suit_breaks(situation: ClaimSituation) -> list[str]:
    hands = situation.hands
    if hands is None:
        return []
    first, second = situation.side.other.seats
    lines = []
    for suit in Suit:
        ours = sum(1 for s in situation.side.seats for c in hands[s] if c.suit is suit)
        one = sum(1 for c in hands[first] if c.suit is suit)
        two = sum(1 for c in hands[second] if c.suit is suit)
        if ours and one + two:
            lines.append(
                _("{suit}: {first} holds {one}, {second} {two}").format(
                    suit=suit.symbol,
                    first=first.name_full,
                    one=one,
                    second=second.name_full,
                    two=two,
                )
            )
    return lines


def _describe(kind: str, order: tuple[Suit, ...], finesse: Suit | None, held: set[Suit]) -> str:
    suits = " ".join(s.symbol for s in order if s in held)
    if kind == "finesse" and finesse is not None:
        return _("Take the finesse in {suit}, then cash the rest from the top ({suits})").format(
            suit=finesse.symbol, suits=suits
        )
    if kind == "first":
        return _("Play {suit} first, then the rest from the top ({suits})").format(
            suit=order[0].symbol, suits=suits
        )
    return _("Cash from the top, suits in this order: {suits}").format(suits=suits)


def candidate_line_results(situation: ClaimSituation) -> list[CandidateLine]:
    """The lines the statement may leave open, each with the fewest tricks the claiming
    side takes on it against the actual cards, whatever the opponents do."""
    if situation.hands is None or situation.on_lead is None:
        return []
    position = Position.of(situation.hands, situation.trump, situation.on_lead)
    if position.tricks_left == 0:
        return []
    found = []
    finesses = set(finesse_suits(position, situation.side))
    held = {c.suit for seat in situation.side.seats for c in situation.hands[seat]}
    deadline = time.monotonic() + LINES_SECONDS
    for kind, line in candidate_lines(position, situation.side):
        found.append(
            CandidateLine(
                kind=kind,  # type: ignore[arg-type]
                description=_describe(kind, line.order, line.finesse, held),
                tricks=tricks_on_line(position, situation.side, line, deadline=deadline),
                unstated_finesse=line.finesse in finesses,
            )
        )
    return found


def _double_dummy(situation: ClaimSituation) -> int | None:
    if situation.hands is None or situation.on_lead is None:
        return None
    return double_dummy.dd_position_tricks(
        {seat: [str(c) for c in cards] for seat, cards in situation.hands.items()},
        situation.trump,
        situation.on_lead,
        situation.side,
    )


# --- The ruling -----------------------------------------------------------------------


def _values(situation: ClaimSituation, awarded: int | None) -> dict[str, object]:
    return {
        "claimer": situation.claimer.name_full,
        "claimers": side_name(situation.side),
        "non_claimers": side_name(situation.side.other),
        "claimed": situation.claimed,
        "remaining": situation.remaining,
        "awarded": "?" if awarded is None else awarded,
    }


def _check_counts(situation: ClaimSituation, answers: dict[str, str]) -> None:
    """The TD's counts are of the tricks left: none can be more than that."""
    for name in COUNTS:
        value = _int_answer(answers, name, 0, 13)
        if value is not None and value > situation.remaining:
            raise AnswerError(
                _("{name}={value}: only {remaining} tricks were left at the claim").format(
                    name=name, value=value, remaining=situation.remaining
                ),
                where=_("answer {name}").format(name=name),
            )
    line = _int_answer(answers, "normal_line_tricks", 0, 13)
    lost = _int_answer(answers, "tricks_lost_to_trump", 0, 13)
    if line is not None and lost is not None and lost > line:
        raise AnswerError(
            _(
                "tricks_lost_to_trump={lost}: the normal line wins only {line}, so no more can "
                "be lost to the trump"
            ).format(lost=lost, line=line),
            where=_("answer {name}").format(name="tricks_lost_to_trump"),
        )


def _narrow(pending: PendingQuestion, situation: ClaimSituation, result: Walk) -> None:
    if pending.node in COUNTS:
        pending.maximum = situation.remaining
    line = result.numbers.get("normal_line_tricks")
    if pending.node == "tricks_lost_to_trump" and isinstance(line, int):
        pending.maximum = line


def _awarded(node: str, situation: ClaimSituation, ctx: Context) -> int | None:
    """The claiming side's tricks of those left, as the outcome gives them."""
    if node in ("claim_agreed", "concession_stands"):
        return situation.claimed
    if node == "agreement_withdrawn":
        likely = ctx.walked.get("likely_tricks")
        return min(likely, situation.claimed) if isinstance(likely, int) else None
    if node in ("concession_cancelled", "adjudicated"):
        return on_line(ctx)
    return None


def _rectification(
    situation: ClaimSituation, node: str, awarded: int | None, total: int | None
) -> ClaimRectification:
    board = situation.board
    contract = board.contract_obj if board is not None else None
    score = None
    if total is not None and board is not None and contract is not None:
        try:
            score = board.score_ns(total)
        except RecordError:
            score = None
    return ClaimRectification(
        outcome=OUTCOME_KINDS.get(node, node),
        claimer=situation.claimer,
        claiming_side=situation.side,
        trick=situation.trick,
        remaining=situation.remaining,
        claimed=situation.claimed,
        statement=situation.statement,
        stated_total=situation.stated_total,
        tricks_won_before_claim=situation.won_before,
        tricks_to_claimers=awarded,
        tricks_to_declarer=total,
        contract=str(contract) if contract is not None else None,
        declarer=situation.declarer,
        score_ns=score,
        cards_left=_cards_left(situation),
        on_lead=situation.on_lead,
        on_lead_assumed=situation.on_lead_assumed,
        outstanding_trumps=[str(card) for _seat, card in _outstanding_trumps(situation)],
        suit_breaks=_suit_breaks(situation),
        lines=candidate_line_results(situation),
        double_dummy_check=_double_dummy(situation),
    )


def _read_out(situation: ClaimSituation, rectification: ClaimRectification) -> str:
    """The result as a TD reads it out: tricks before, total after, contract, score."""
    declarer, total = situation.declarer, rectification.tricks_to_declarer
    if declarer is None or rectification.contract is None:
        return _("The contract and declarer are not known, so the board cannot be scored yet.")
    if total is None:
        return _(
            "{contract} by {declarer}: declarer's side had won {before} tricks before the claim. "
            "The total is not known yet; score the board when it is (Law 77)."
        ).format(
            contract=rectification.contract,
            declarer=declarer.name_full,
            before="?" if situation.won_before is None else situation.won_before,
        )
    text = _(
        "{contract} by {declarer}: declarer's side had won {before} tricks before the claim "
        "and ends with {total} tricks."
    ).format(
        contract=rectification.contract,
        declarer=declarer.name_full,
        before="?" if situation.won_before is None else situation.won_before,
        total=total,
    )
    if rectification.score_ns is not None:
        text += " " + _("Score (Law 77): North-South {score:+d}.").format(
            score=rectification.score_ns
        )
    return text


def _notes(situation: ClaimSituation, ctx: Context, node: str) -> list[str]:
    notes = []
    lost = ctx.walked.get("tricks_lost_to_trump")
    line = ctx.walked.get("normal_line_tricks")
    if node in ("adjudicated", "concession_cancelled") and isinstance(line, int):
        notes.append(
            _(
                "On the least successful normal line consistent with the statement "
                "{claimers} win {line} of the {remaining} tricks left."
            ).format(claimers=side_name(situation.side), line=line, remaining=situation.remaining)
        )
    if isinstance(lost, int) and lost:
        notes.append(
            _(
                "The claimer did not mention the outstanding trump and may well have forgotten "
                "it: {lost} more go to {non_claimers} (Law 70C)."
            ).format(lost=lost, non_claimers=side_name(situation.side.other))
        )
    if situation.stated_total is not None and situation.declarer is not None:
        as_counted = situation.declarer_total(situation.claimed)
        if as_counted is not None and as_counted != situation.stated_total:
            notes.append(
                _(
                    "The claimer stated a total of {stated} tricks for declarer, but the tricks "
                    "already won and those claimed make {counted}: a trick already won stays "
                    "with the side that won it (Law 69B1, Law 71A)."
                ).format(stated=situation.stated_total, counted=as_counted)
            )
    return notes


def rule_claim(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    tree = get_tree(NAME)
    reported = report if isinstance(report, ClaimReport) else None
    situation = gather(board, reported, answers)
    if isinstance(situation, PendingQuestion):
        return pending_ruling(NAME, [], situation)
    _check_counts(situation, answers)
    ctx = Context(board, reported, answers, focus=situation)
    result = walk(tree, ctx, FACTS, mode)
    values = _values(situation, None)
    steps = [*situation.steps, *_filled(result.steps, values)]
    if result.pending is not None:
        _narrow(result.pending, situation, result)
        result.pending.prompt = fill(result.pending.prompt, values)
        result.pending.help = fill(result.pending.help, values)
        ruling = pending_ruling(NAME, steps, result.pending)
        ruling.rectification = _rectification(situation, "", None, None).model_dump(mode="json")
        return ruling
    node = result.outcome or ""
    awarded = _awarded(node, situation, ctx)
    if node in ("scored_as_played", "no_concession"):
        total = result.numbers.get("declarer_tricks")
        if total is None:
            total = declarer_tricks_as_played(board, {})
            total = None if node == "no_concession" else total
    else:
        total = situation.declarer_total(awarded) if awarded is not None else None
    _check_total(situation, total)
    rectification = _rectification(situation, node, awarded, total)
    adjustment = Adjustment(
        adjusted=False,
        declarer=situation.declarer,
        declarer_tricks_played=situation.declarer_total(situation.claimed)
        if node != "scored_as_played"
        else total,
        declarer_tricks_final=total,
        laws=["77"],
    )
    adjustment = with_scores(adjustment, board)
    if total is None:
        adjustment.declarer_tricks_final = None
        adjustment.score_ns_final = None
    extra = "\n\n".join([*_notes(situation, ctx, node), _read_out(situation, rectification)])
    result.steps = steps
    ruling = outcome_ruling(
        NAME,
        tree,
        result,
        _values(situation, awarded),
        rectification=rectification,
        adjustment=adjustment,
        extra_text=extra,
        marked_tricks=[situation.trick] if situation.trick <= 13 else [],
    )
    return ruling


def _check_total(situation: ClaimSituation, total: int | None) -> None:
    """Declarer's total must fit the tricks already won and those left."""
    if total is None or situation.won_before is None or situation.declarer is None:
        return
    high = situation.won_before + situation.remaining
    if not situation.won_before <= total <= high:
        raise AnswerError(
            _(
                "declarer_tricks={total} cannot be: declarer's side had won {before} before the "
                "claim, with {remaining} left"
            ).format(total=total, before=situation.won_before, remaining=situation.remaining),
            where=_("answer {name}").format(name="declarer_tricks"),
        )


def _filled(steps: list[Step], values: dict[str, object]) -> list[Step]:
    return [s.model_copy(update={"question": fill(s.question, values)}) for s in steps]


WIZARD = register(
    Wizard(
        name=NAME,
        title="Claim or concession",
        laws="Laws 68-71",
        kind="claim",
        rule=rule_claim,
        facts=FACTS,
        computations=frozenset({"claim_tricks"}),
        notes=(
            "Every count is of the tricks left at the claim, for the claiming side. Without a "
            "play record, give the cards left (cards_left) or played (cards_played) and "
            "tricks_won_before_claim."
        ),
        placeholder_words={"remaining": "N", "claimers": "the claiming side"},
        answers=(
            AnswerHelp("claimer", "(TD)  Who claimed or conceded: N, E, S or W"),
            AnswerHelp("trick", "(TD)  The claim came before the lead to this trick (1-13)"),
            AnswerHelp("claimed", "(TD)  Of the tricks left, how many the claimer's side claimed"),
            AnswerHelp("statement", "(TD)  The claim statement as made (or skip)"),
            AnswerHelp("stated_total", "(TD)  A total of tricks for declarer the claimer stated"),
            AnswerHelp(CARDS_LEFT, '(TD)  The cards still held at the claim: "SA SK H2 ..."'),
            AnswerHelp(CARDS_PLAYED, "(TD)  Or the cards played before the claim"),
            AnswerHelp(WON_BEFORE, "(TD)  Tricks declarer's side had won before the claim"),
            AnswerHelp("on_lead", "(TD)  Who was on lead at the claim (for the candidate lines)"),
        ),
    )
)
