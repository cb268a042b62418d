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

Here: the ruling and the registry entry; ``report`` reads the report, record and
answers into a situation, ``facts`` holds the tree's facts, ``rectification`` who
chooses and who plays next, ``refused_lead`` the hand-over to the penalty-card wizard.
"""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.i18n import N_, _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    OptionLine,
    PendingQuestion,
    Ruling,
    Step,
)
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register, walk_wizard
from td_assist.rulings.engine.tree import OutcomeNode
from td_assist.rulings.engine.walk import (
    AnswerError,
    Mode,
    Walk,
    outcome_ruling,
    pending_ruling,
    routed_answers,
)
from td_assist.rulings.wizards.lead_out_of_turn.facts import FACTS
from td_assist.rulings.wizards.lead_out_of_turn.rectification import (
    CHOICE_NODES,
    LeadOutOfTurnRectification,
    answered_nodes,
    face_down_text,
    rectify,
    text_values,
)
from td_assist.rulings.wizards.lead_out_of_turn.refused_lead import (
    PENALTY_CARD,
    check_lead_choice_used,
    lead_choice_not_due,
    penalty_ruling,
    take_penalty_rectification,
)
from td_assist.rulings.wizards.lead_out_of_turn.report import LeadOutOfTurnReport, gather

NAME = "lead-out-of-turn"


PENALTY_GROUP = N_("Penalty card (Law 50D)")  # read with _() at run time


# A defender's lead refused: the card becomes a major penalty card (Law 54D, 56B).
REFUSED_OUTCOMES = ("rejected_opening", "rejected_later")


def normalise_answers(answers: dict[str, str]) -> dict[str, str]:
    return routed_answers(answers, {"choice": CHOICE_NODES})


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
        raise lead_choice_not_due(
            situation, _("the ruling ({title}) leaves no penalty card").format(title=title)
        )
    if refused:
        handed = penalty_ruling(situation, answers, mode)
        penalty = handed.ruling
        if "lead_choice" in answers and penalty.pending is None:
            check_lead_choice_used(situation, handed)
        for step in penalty.path:
            result.steps.append(step.model_copy(update={"group": _(PENALTY_GROUP)}))
        if penalty.pending is not None:
            pending = penalty.pending.model_copy(update={"group": _(PENALTY_GROUP)})
            return pending_ruling(NAME, result.steps, pending)
        take_penalty_rectification(rect, handed, situation)
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
            **text_values(situation, rect),
            "partner_face_down": face_down_text(situation, answered_nodes(result)),
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
        _("{title} (Law {law})").format(title=node.title, law=node.laws[0])
        if isinstance(node, OutcomeNode) and node.laws
        else str(result.outcome)
    )
    open_here = ", ".join(rect.choices) or _("none, nobody chooses")
    raise AnswerError(
        _(
            "choice={given} is not open here: {why}; the choices open "
            "are {open_here}; leave the answer out"
        ).format(given=given, why=why, open_here=open_here),
        where=_("answer {name}").format(name="choice"),
    )


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
            AnswerHelp(
                "offender", N_("(TD)  Who led out of turn (dummy's seat for dummy)  [N E S W]")
            ),
            AnswerHelp("trick", N_("(TD)  To which trick  [1-13]")),
            AnswerHelp("card", N_("(TD)  The card led  [e.g. S7]")),
            AnswerHelp("correct_leader", N_("(TD)  Whose lead it was  [N E S W]")),
            AnswerHelp(
                "choice",
                N_("(TD)  The choice made  [accept | declarer_becomes_dummy | reject]"),
            ),
            AnswerHelp(
                "lead_choice",
                N_(
                    "(TD)  After a refused defender's lead: declarer's Law 50D2 choice "
                    "[require | forbid | none]"
                ),
            ),
        ),
        notes=N_(
            'The irregularity in a .json request: {"kind": "lead_out_of_turn", '
            '"offender": "E", "card": "S7", "trick": 1, "faced": true}'
        ),
    )
)
