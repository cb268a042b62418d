"""The lead-out-of-turn wizard (Laws 41A, 47E, 53-56): its report, facts and walk.

The report says who led which card at which trick. A play record settles more: a
trick led by the wrong player is an accepted lead out of turn (Law 53A; the bridge
model reads it from whoever held the card, or a PBN ``^L``), so the offender, the
trick, the correct leader and declarer's choice (accepted, or declarer became dummy
when the record marks Law 54A) come from it. The TD is asked only what no record
holds: declarer's choice, whether he could have seen dummy, whether the leader was
misinformed.

A refused lead by a defender becomes a major penalty card (Law 54D, 56B); the
penalty-card wizard then rules on it (Law 50D), and its steps, penalty cards and lead
options join this ruling. When the lead was the offender's partner's, he is on lead at
once and declarer's Law 50D2 choice is due: asked on the tablet, left open in a batch
ruling that is not given it. When declarer spreads his hand (Law 54A) his partner is
declarer from then on: ``declarer`` and ``next_to_play`` say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import LeadOutOfTurn
from td_assist.i18n import _
from td_assist.rulings.engine.deal_checks import trick_answer
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import (
    IrregularityReport,
    OptionLine,
    PendingQuestion,
    ReportCard,
    ReportSeat,
    Ruling,
    Step,
    irregularity_kind,
)
from td_assist.rulings.engine.registry import (
    AnswerHelp,
    Wizard,
    get_tree,
    hand_on,
    register,
    walk_wizard,
)
from td_assist.rulings.engine.tree import OutcomeNode, QuestionNode
from td_assist.rulings.engine.walk import AnswerError, Mode, Walk, outcome_ruling, pending_ruling
from td_assist.rulings.procedures.lead_restrictions import LeadOptions
from td_assist.rulings.procedures.penalty_cards import DESIGNATED, PenaltyCardLine, cards_held
from td_assist.rulings.procedures.table_roles import playing_declarer, role_label

NAME = "lead-out-of-turn"
# The contract's ``choice`` answers whichever choice node the walk reaches.
CHOICE_NODES = ("choice_opening", "choice_later", "choice_declarer")
# Answers handed on to the penalty-card wizard after a refused defender's lead.
PENALTY_ANSWERS = (
    "lead_choice",
    "lead_suit",
    "require_suit",
    "forbid_suit",
    "failed_major",
    "must_accept",
    "accept_choice",
    "partner_lead",
    "premature_lead",
    "require_kept",
    "forbid_kept",
)
# Declarer's choice at a later lead by the offender's partner (lead_choice_5, lead_suit_5),
# and the penalty card he designated at a trick (designated_5, Law 51A).
PENALTY_LATER_ANSWERS = ("lead_choice_", "lead_suit_", DESIGNATED)
PENALTY_GROUP = "Penalty card (Law 50D)"
# The wizard a refused lead hands on to, through the registry (Wizard.hands_on_to).
PENALTY_CARD = "penalty-card"
# A defender's lead refused: the card becomes a major penalty card (Law 54D, 56B).
REFUSED_OUTCOMES = ("rejected_opening", "rejected_later")


@irregularity_kind
class LeadOutOfTurnReport(IrregularityReport):
    """Who led out of turn (dummy's seat when declarer led from dummy), which card, when."""

    kind: Literal["lead_out_of_turn"] = "lead_out_of_turn"
    offender: ReportSeat = None
    card: ReportCard = None
    trick: int | None = Field(default=None, ge=1, le=13)
    faced: bool = True


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


@dataclass
class Situation:
    board: Board | None
    offender: Seat
    correct_leader: Seat | None
    trick: int | None
    card: Card | None
    faced: bool
    recorded: LeadOutOfTurn | None  # the accepted lead as the record shows it

    @property
    def declarer(self) -> Seat | None:
        """Declarer when the lead was made: after an opening lead on which he spread his
        hand (Law 54A), his partner plays the hand for every later trick."""
        if self.board is None:
            return None
        if self.trick == 1:
            return self.board.declarer_seat
        return playing_declarer(self.board)

    @property
    def spread_in_record(self) -> bool:
        """The record marks Law 54A: declarer spread his hand and became dummy."""
        board = self.board
        return board is not None and any(
            mark.section == "declarer" and mark.code == "^" for mark in board.irregularities
        )

    def role(self) -> str | None:
        if self.declarer is None:
            return None
        return "declaring_side" if self.offender.side is self.declarer.side else "defender"


def _seat_answer(text: str, name: str) -> Seat:
    try:
        return Seat.parse(text)
    except RecordError as error:
        raise AnswerError(error.problem, where=f"answer {name}") from None


def _card_answer(text: str) -> Card:
    try:
        return Card.parse(text)
    except RecordError as error:
        raise AnswerError(error.problem, where="answer card") from None


def _label(board: Board | None, seat: Seat) -> str:
    return role_label(board, seat)


def gather(
    board: Board | None,
    report: LeadOutOfTurnReport | None,
    answers: dict[str, str],
    steps: list[Step],
) -> Situation | PendingQuestion:
    """The report, the record's accepted lead and the TD's answers; a question if due."""
    report = report or LeadOutOfTurnReport()
    play = board.play_obj if board is not None else None
    recorded: LeadOutOfTurn | None = None
    wanted_trick = trick_answer(answers["trick"]) if "trick" in answers else report.trick
    wanted_offender = (
        _seat_answer(answers["offender"], "offender") if "offender" in answers else report.offender
    )
    if play is not None:
        for lead in play.leads_out_of_turn:
            if wanted_trick in (None, lead.trick) and wanted_offender in (None, lead.offender):
                recorded = lead
                break
    offender = report.offender or (recorded.offender if recorded else None)
    if "offender" in answers:
        offender = _seat_answer(answers["offender"], "offender")
        steps.append(_step("offender", _("Who led out of turn?"), offender.name_full))
    if offender is None:
        return PendingQuestion(
            node="offender",
            prompt=_("Who led out of turn? (Dummy's seat when declarer led from dummy.)"),
            kind="question",
            laws=["53A"],
            choices=[{"value": s.value, "label": _label(board, s)} for s in Seat],
        )
    trick = report.trick or (recorded.trick if recorded else None)
    if "trick" in answers:
        trick = trick_answer(answers["trick"])
        steps.append(_step("trick", _("At which trick?"), str(trick)))
    if trick is None:
        return PendingQuestion(
            node="trick",
            prompt=_("To which trick did he lead?"),
            kind="number",
            laws=["53A"],
            minimum=1,
            maximum=13,
        )
    card = Card.parse(report.card) if report.card else (recorded.card if recorded else None)
    if "card" in answers:
        card = _card_answer(answers["card"])
        steps.append(_step("card", "Which card?", card.pretty))
    held = cards_held(board, offender, trick) if recorded is None else []
    if card is None and held:
        return PendingQuestion(
            node="card",
            prompt=_("Which card did {offender} lead?").format(offender=offender.name_full),
            kind="question",
            laws=["53A"],
            choices=[{"value": str(c), "label": c.pretty} for c in held],
        )
    if card is not None and held and card not in held:
        raise RecordError(
            _("{offender} does not hold {card} at trick {trick}").format(
                offender=offender.name_full, card=card.pretty, trick=trick
            ),
            where="answer card" if "card" in answers else "irregularity card",
        )
    correct = recorded.correct_leader if recorded else None
    declarer = board.declarer_seat if board is not None else None
    if correct is None and trick == 1 and declarer is not None:
        correct = declarer.lho
    if correct is None and play is not None and trick <= len(play.tricks) + 1:
        correct = _leader_of(play, trick)
    if "correct_leader" in answers:
        correct = _seat_answer(answers["correct_leader"], "correct_leader")
        steps.append(_step("correct_leader", _("Whose lead was it?"), correct.name_full))
    if correct is None:
        return PendingQuestion(
            node="correct_leader",
            prompt=_("Whose lead was it?"),
            kind="question",
            laws=["53A"],
            choices=[
                {"value": s.value, "label": _label(board, s)} for s in Seat if s is not offender
            ],
        )
    if correct is offender:
        # The player whose lead it was led: there is nothing to rule under Laws 53-56, and
        # ruling as if there were would give declarer choices the Laws never give him.
        raise _not_out_of_turn(
            offender,
            trick,
            correct_from_td="correct_leader" in answers,
            offender_from_td="offender" in answers,
            opening=trick == 1 and "correct_leader" not in answers,
        )
    return Situation(board, offender, correct, trick, card, report.faced, recorded)


def _not_out_of_turn(
    offender: Seat, trick: int, *, correct_from_td: bool, offender_from_td: bool, opening: bool
) -> AnswerError:
    """The error for a reported lead by the player whose lead it was, naming what to fix:
    the answer that made him the leader, or else the reported offender."""
    why = _(" (the opening lead is declarer's left-hand opponent's)") if opening else ""
    fix = _("give the seat of the player who led out of turn")
    if correct_from_td:
        where, fix = _("answer correct_leader"), _("give the seat of the player whose lead it was")
    elif offender_from_td:
        where = "answer offender"
    else:
        where = "irregularity offender"
    return AnswerError(
        _(
            "{offender} was the player to lead to trick {trick}{why}, so "
            "his lead was not out of turn (Law 53); {fix}"
        ).format(offender=offender.name_full, trick=trick, why=why, fix=fix),
        where=where,
    )


def _leader_of(play, trick: int) -> Seat | None:  # noqa: ANN001
    """Who should lead to ``trick``: the winner of the one before."""
    if trick == 1:
        return play.opening_leader
    before = play.tricks[trick - 2] if trick - 2 < len(play.tricks) else None
    return before.winner if before is not None else None


def _step(node: str, question: str, label: str) -> Step:
    return Step(node=node, question=question, answer=label, answer_label=label, answered_by="td")


# --- Facts --------------------------------------------------------------------------------

FACTS = FactTable()


def _situation(ctx: Context) -> Situation:
    if not isinstance(ctx.focus, Situation):
        raise TypeError(_("a lead-out-of-turn fact needs the wizard's situation"))
    return ctx.focus


@FACTS.register("lead_faced")
def lead_faced(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.recorded is not None:
        return FactResult("yes", [_recorded_text(s)])
    if not s.faced and s.trick != 1:
        return FactResult("yes", [_("Only an opening lead is made face down (Law 41A).")])
    return FactResult("yes" if s.faced else "no", ["As reported."])


@FACTS.register("lead_at_trick_13")
def lead_at_trick_13(ctx: Context) -> FactResult:
    s = _situation(ctx)
    return FactResult(
        "yes" if s.trick == 13 else "no",
        [_("The lead was to trick {trick}.").format(trick=s.trick)],
    )


@FACTS.register("proper_leader_is_opponent")
def proper_leader_is_opponent(ctx: Context) -> FactResult:
    """Law 53B lets only an opponent of the irregular leader make his own proper lead.

    The offender's partner (or declarer's own other hand) leading is not a proper lead
    that cancels the irregular one: so the answer is no, and only no is open.
    """
    s = _situation(ctx)
    correct = s.correct_leader
    if correct is None:
        return FactResult.unknown(_("The record does not say whose lead it was."))
    leader, offender = correct.name_full, s.offender.name_full
    if correct.side is s.offender.side:
        return FactResult(
            "no",
            [
                _(
                    "It was {leader}'s lead, and {leader} is {offender}'s "
                    "partner, not an opponent of the irregular leader: Law 53B "
                    "does not apply."
                ).format(leader=leader, offender=offender)
            ],
            offer=("no",),
        )
    return FactResult.unknown(
        _(
            "It was {leader}'s lead, and {leader} is an opponent of "
            "{offender}: whether he led his own card is for the TD to "
            "find out."
        ).format(leader=leader, offender=offender)
    )


@FACTS.register("offender_role")
def offender_role(ctx: Context) -> FactResult:
    s = _situation(ctx)
    role = s.role()
    if role is None:
        return FactResult.unknown(_("The record does not say who is declarer."))
    return FactResult(role, [f"{_label(s.board, s.offender)} led."])


@FACTS.register("is_opening_lead")
def is_opening_lead(ctx: Context) -> FactResult:
    s = _situation(ctx)
    return FactResult(
        "yes" if s.trick == 1 else "no",
        [
            _("The opening lead (trick 1).")
            if s.trick == 1
            else _("The lead to trick {trick}.").format(trick=s.trick)
        ],
    )


def _recorded_text(s: Situation) -> str:
    lead = s.recorded
    if lead is None:
        raise RecordError(_("the record shows no accepted lead out of turn"))
    return _(
        "The record shows {offender} leading {card} to trick {trick} "
        "when it was {correct_leader}'s lead, and the play going on "
        "from it."
    ).format(
        offender=lead.offender.name_full,
        card=lead.card.pretty,
        trick=lead.trick,
        correct_leader=lead.correct_leader.name_full,
    )


@FACTS.register("declarer_choice")
def declarer_choice(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.recorded is None:
        return FactResult.unknown(_("The choice is declarer's; no record holds it."))
    if s.trick == 1 and s.spread_in_record:
        return FactResult(
            "declarer_becomes_dummy",
            [_recorded_text(s), _("The record marks that declarer spread his hand (Law 54A).")],
        )
    evidence = [_recorded_text(s), _("So the lead was accepted (Law 53A).")]
    if s.recorded.dummy_played_second and s.board is not None and s.board.play_obj is not None:
        dummy = s.recorded.offender.rho
        card = s.board.play_obj.tricks[0].card_of(dummy)
        evidence.append(
            _(
                "Declarer played {value} from dummy ({dummy}) second, before "
                "his own hand: that card stands and may be taken back only "
                "to correct a revoke (Law 54B2)."
            ).format(value=card.pretty if card else "a card", dummy=dummy.name_full)
        )
    return FactResult("accept", evidence)


@FACTS.register("declarer_began_spread")
def declarer_began_spread(ctx: Context) -> FactResult:
    """Law 54A: a declarer who began to spread his hand, showing a card, must spread it
    all and becomes dummy; no record says whether he began before the options."""
    s = _situation(ctx)
    if s.spread_in_record:
        return FactResult.unknown(
            _(
                "The record marks that declarer spread his hand; either way "
                "he becomes dummy (Law 54A)."
            )
        )
    return FactResult.unknown(_("Only the table can say; no record holds it."))


@FACTS.register("defenders_choice")
def defenders_choice(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.recorded is None:
        return FactResult.unknown(_("The choice is the defenders'; no record holds it."))
    return FactResult("accept", [_recorded_text(s), _("So the lead was accepted (Law 53A).")])


# --- The ruling -----------------------------------------------------------------------------


def normalise_answers(answers: dict[str, str]) -> dict[str, str]:
    normal = dict(answers)
    if "choice" in answers:
        for node in CHOICE_NODES:
            normal.setdefault(node, answers["choice"])
    return normal


def rule_lead_out_of_turn(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    reported = report if isinstance(report, LeadOutOfTurnReport) else None
    answers = normalise_answers(answers)
    asked: list[Step] = []
    found = gather(board, reported, answers, asked)
    if isinstance(found, PendingQuestion):
        return pending_ruling(NAME, asked, found)
    situation = found
    result = walk_wizard(WIZARD, board, reported, answers, mode, focus=situation)
    result.steps[:0] = asked
    if result.pending is not None:
        return pending_ruling(NAME, result.steps, result.pending)
    rect = rectify(situation, result)
    _check_choice_open(answers, result, rect)
    extra = ""
    laws: list[str] = []
    open_options: list[OptionLine] = []
    refused = result.outcome in REFUSED_OUTCOMES and situation.card is not None
    if not refused and "lead_choice" in answers:
        outcome = get_tree(NAME).nodes.get(result.outcome or "")
        title = outcome.title if isinstance(outcome, OutcomeNode) else result.outcome
        raise _lead_choice_not_due(
            situation, _("the ruling ({title}) leaves no penalty card").format(title=title)
        )
    if refused:
        handed = _penalty_ruling(situation, answers, mode)
        penalty = handed.ruling
        if "lead_choice" in answers and penalty.pending is None:
            _check_lead_choice_used(situation, handed)
        for step in penalty.path:
            result.steps.append(step.model_copy(update={"group": PENALTY_GROUP}))
        if penalty.pending is not None:
            pending = penalty.pending.model_copy(update={"group": PENALTY_GROUP})
            return pending_ruling(NAME, result.steps, pending)
        _take_penalty_rectification(rect, handed, situation)
        extra = f"{penalty.title}: {penalty.text}"
        laws = penalty.laws
        if handed.open_choice:
            # The choice still to be read to declarer, after the one he made.
            open_options = penalty.options
    ruling = outcome_ruling(
        NAME,
        get_tree(NAME),
        result,
        {
            **_values(situation, rect),
            "partner_face_down": _face_down_text(situation, _answered(result)),
        },
        rectification=rect,
        extra_text=extra,
        marked_tricks=[situation.trick] if situation.recorded and situation.trick else [],
    )
    if laws:
        ruling.laws = list(dict.fromkeys([*ruling.laws, *laws]))
    ruling.options.extend(open_options)
    return ruling


def _check_choice_open(
    answers: dict[str, str], result: Walk, rect: LeadOutOfTurnRectification
) -> None:
    """A ``choice`` the Laws do not leave open here (a lead to trick 13 must go back,
    Law 53A; declarer who could see dummy must accept, Law 54C) is refused with the
    reason, not dropped without a word."""
    given = answers.get("choice", "").strip().lower()
    if not given or any(step.node in CHOICE_NODES for step in result.steps):
        return
    if given == rect.choice:
        return
    node = get_tree(NAME).nodes.get(result.outcome or "")
    why = (
        f"{node.title} (Law {node.laws[0]})"
        if isinstance(node, OutcomeNode) and node.laws
        else str(result.outcome)
    )
    open_here = ", ".join(rect.choices) or _("none, nobody chooses")
    raise AnswerError(
        _(
            "choice={given} is not open here: {why}; the choices open "
            "are {open_here}; leave the answer out"
        ).format(given=given, why=why, open_here=open_here),
        where="answer choice",
    )


@dataclass
class PenaltyHandOver:
    """The penalty-card wizard's ruling on a refused lead, and what it leaves open."""

    ruling: Ruling
    nothing_since: bool  # the record holds nothing from the refused lead on
    open_choice: bool = False  # declarer's Law 50D2 choice is due now but not given


def _nothing_played_since(situation: Situation) -> bool:
    """True when the record holds no card from the trick of the refused lead on."""
    board = situation.board
    play = board.play_obj if board is not None else None
    return play is None or situation.trick is None or len(play.tricks) < situation.trick


def _penalty_ruling(situation: Situation, answers: dict[str, str], mode: Mode) -> PenaltyHandOver:
    """A refused defender's lead: the card is a major penalty card (Law 54D, 56B, 50D)."""
    if situation.card is None:
        raise RecordError(_("the card led out of turn is not known"))
    report: dict[str, object] = {
        "kind": "penalty_card",
        "offender": situation.offender,
        "cards": [str(situation.card)],
        "trick": situation.trick,
        "exposure": "deliberate",
        "before_trick": True,
        "before_lead": True,
    }
    handed = {
        k: v
        for k, v in answers.items()
        if k in PENALTY_ANSWERS or k.startswith(PENALTY_LATER_ANSWERS)
    }
    # A refused lead out of turn is a major penalty card by law (Law 54D, 56B): it was not
    # shown in the normal course of play, and this wizard takes no answer to say it was.
    handed["normal_course"] = "no"
    board = situation.board
    partner = situation.offender.partner
    on_lead = situation.correct_leader is partner
    nothing_since = _nothing_played_since(situation)
    if nothing_since:
        # Nothing has been played since: the card has not yet been due, and the offender's
        # partner has the lead now exactly when the lead was his. A record that stops
        # here cannot show his lead, so it is taken from whose lead it was, not from the
        # record's silence (which would read as "not yet" and skip declarer's choice).
        if board is None or board.play_obj is None:
            handed.setdefault("failed_major", "no")  # a record that stops here says so
        handed.setdefault("partner_lead", "yes" if on_lead else "no")
        handed.setdefault("premature_lead", "no")  # he has not led: nothing played since
        handed.setdefault("require_kept", "yes")
        handed.setdefault("forbid_kept", "yes")
    ruling = hand_on(PENALTY_CARD, board, report, handed, mode)
    open_choice = (
        mode == "batch"
        and ruling.pending is not None
        and ruling.pending.node == "lead_choice"
        and nothing_since
    )
    if open_choice:
        # Declarer chooses when the partner is about to lead, and a batch ruling has not
        # been told his choice: it must not guess it, but the ruling on the lead out of
        # turn is complete. The penalty card's ruling as it stands before he chooses (the
        # card on the table, the three options to read him) is the tree's "not yet".
        path = ruling.path
        ruling = hand_on(PENALTY_CARD, board, report, {**handed, "partner_lead": "no"}, mode)
        ruling.path = [*path, _open_choice_step(partner)]
    supplied = set(handed) - set(answers)
    card = situation.card.pretty
    for step in ruling.path:
        if step.node == "normal_course":
            step.answered_by = "record"
            step.note = ""
            step.evidence = [
                _(
                    "Declarer refused the lead out of turn: {card} becomes a "
                    "major penalty card (Law 54D, 56B)."
                ).format(card=card)
            ]
        elif step.node == "partner_lead" and "partner_lead" in supplied:
            step.answered_by = "record"
            step.note = ""
            step.evidence = [
                _(
                    "It is {partner}'s lead, and he is {offender}'s partner: he "
                    "is to lead now, with {card} on the table."
                ).format(
                    partner=partner.name_full, offender=situation.offender.name_full, card=card
                )
                if on_lead
                else _(
                    "It is {correct_name}'s lead, not {partner}'s: declarer's "
                    "choice comes when {partner} is next to lead while {card} is "
                    "on the table."
                ).format(
                    correct_name=_correct_name(situation), partner=partner.name_full, card=card
                )
            ]
        elif step.node in supplied:
            step.answered_by = "assumed"
            step.note = _("Taken from the lead out of turn: nothing has been played since.")
    return PenaltyHandOver(ruling, nothing_since, open_choice)


def _take_penalty_rectification(
    rect: LeadOutOfTurnRectification, handed: PenaltyHandOver, situation: Situation
) -> None:
    """The penalty-card wizard's decisions, joined to this ruling's rectification."""
    penalty_rect = handed.ruling.rectification or {}
    rect.penalty_cards = [PenaltyCardLine(**line) for line in penalty_rect["penalty_cards"]]
    if penalty_rect.get("lead_options"):
        rect.lead_options = LeadOptions(**penalty_rect["lead_options"])
    rect.lead_choice = penalty_rect.get("lead_choice")
    if not handed.nothing_since:
        # The record goes on past the refused lead: the penalty-card wizard followed the
        # card through it.
        rect.still_on_table = list(penalty_rect.get("still_on_table", []))
        rect.released_trick = penalty_rect.get("released_trick")
        rect.released_by = penalty_rect.get("released_by")
        return
    # Nothing played since: the card lies on the table unless declarer has just required
    # or forbidden its suit, which puts it back in the offender's hand (Law 50D2(a)).
    picked = set(penalty_rect.get("lead_suits", []))
    rect.still_on_table = [line.card for line in rect.penalty_cards if line.card[0] not in picked]
    if rect.penalty_cards and not rect.still_on_table:
        rect.released_trick = situation.trick
        rect.released_by = "picked_up"


def _check_lead_choice_used(situation: Situation, handed: PenaltyHandOver) -> None:
    """A ``lead_choice`` the penalty-card ruling never reached must not be dropped without
    a word: it was given for a lead the offender's partner has not (yet) made."""
    if any(step.node == "lead_choice" for step in handed.ruling.path):
        return
    partner = situation.offender.partner.name_full
    card = situation.card.pretty if situation.card else _("the penalty card")
    if handed.nothing_since:
        why = _(
            "it is {correct_name}'s lead to trick {trick}, not "
            "{partner}'s, so declarer chooses only when {partner} is "
            "next to lead while {card} is still on the table"
        ).format(
            correct_name=_correct_name(situation), trick=situation.trick, partner=partner, card=card
        )
    else:
        why = _("the record shows no lead by {partner} while {card} was on the table").format(
            partner=partner, card=card
        )
    raise _lead_choice_not_due(situation, why)


def _lead_choice_not_due(situation: Situation, why: str) -> AnswerError:
    partner = situation.offender.partner.name_full
    return AnswerError(
        _(
            "lead_choice is declarer's Law 50D2 choice when {partner}, "
            "the partner of the irregular leader, is to lead with a "
            "refused lead's penalty card on the table; here {why}; leave "
            "it out"
        ).format(partner=partner, why=why),
        where=_("answer lead_choice"),
    )


def _correct_name(s: Situation) -> str:
    return s.correct_leader.name_full if s.correct_leader else _("the correct leader")


def _open_choice_step(partner: Seat) -> Step:
    """The path's record of declarer's Law 50D2 choice left open in a batch ruling."""
    node = get_tree(PENALTY_CARD).nodes["lead_choice"]
    if not isinstance(node, QuestionNode):
        raise TypeError(_("the penalty-card tree's lead_choice must be a question"))
    return Step(
        node="lead_choice",
        question=node.prompt,
        answer=None,
        answer_label=_("Not yet chosen"),
        answered_by="assumed",
        laws=node.laws,
        note=_(
            "Not answered: declarer makes his choice before {partner} "
            "leads; his options are listed with the ruling."
        ).format(partner=partner.name_full),
    )


def _answered(result: Walk) -> dict[str, str | None]:
    return {step.node: step.answer for step in result.steps}


def rectify(s: Situation, result: Walk) -> LeadOutOfTurnRectification:
    answered = _answered(result)
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


def _face_down_text(s: Situation, answered: dict[str, str | None]) -> str:
    """Law 54, opening: the offender's partner's face-down opening lead goes back."""
    if answered.get("partner_face_down") != "yes":
        return ""
    leader = s.correct_leader.name_full if s.correct_leader else _("The offender's partner")
    return _(
        " {leader} had already put his own opening lead face down: "
        "that card goes back into his hand, with no rectification "
        "(Law 54)."
    ).format(leader=leader)


def _values(s: Situation, rect: LeadOutOfTurnRectification) -> dict[str, object]:
    old = s.declarer
    correct = s.correct_leader
    hand = "dummy" if old is not None and s.offender is old.partner else _("his own hand")
    correct_text = correct.name_full if correct else _("the correct hand")
    if old is not None and correct in (old, old.partner) and s.offender.side is old.side:
        correct_text = f"declarer, from {'dummy' if correct is old.partner else 'his own hand'},"
    return {
        "offender": s.offender.name_full,
        "card": s.card.pretty if s.card else "the card",
        "trick": s.trick,
        "correct_leader": correct.name_full if correct else _("the correct leader"),
        "correct_leader_text": correct_text,
        "declarer": rect.declarer.name_full if rect.declarer else "declarer",
        "old_declarer": old.name_full if old else "declarer",
        "next_to_play": rect.next_to_play.name_full if rect.next_to_play else _("the next hand"),
        "offender_hand": hand,
    }


WIZARD = register(
    Wizard(
        name=NAME,
        title="Lead out of turn",
        laws="Laws 53-56",
        kind="lead_out_of_turn",
        rule=rule_lead_out_of_turn,
        hands_on_to=(PENALTY_CARD,),
        facts=FACTS,
        computations=frozenset({"lead_out_of_turn"}),
        answers=(
            AnswerHelp("offender", "(TD)  Who led out of turn (dummy's seat for dummy)  [N E S W]"),
            AnswerHelp("trick", "(TD)  To which trick  [1-13]"),
            AnswerHelp("card", "(TD)  The card led  [e.g. S7]"),
            AnswerHelp("correct_leader", "(TD)  Whose lead it was  [N E S W]"),
            AnswerHelp(
                "choice",
                "(TD)  The choice made  [accept | declarer_becomes_dummy | reject]",
            ),
            AnswerHelp(
                "lead_choice",
                "(TD)  After a refused defender's lead: declarer's Law 50D2 choice "
                "[require | forbid | none]",
            ),
        ),
        notes=(
            'The irregularity in a .json request: {"kind": "lead_out_of_turn", '
            '"offender": "E", "card": "S7", "trick": 1, "faced": true}'
        ),
    )
)
