"""The misinformation wizard (Laws 20F, 21, 40B4, 47E, 75) with Law 12C adjusted scores.

The tree (rulings/misinformation.toml) asks in the order a TD rules: the kind of
misinformation, the partnership agreement (which decides whether there was an
infraction: a mistaken explanation is one, a mistaken call is not, Law 75; without
evidence the Director presumes a mistaken explanation, Law 21B1(b)), when the right
information came out, whether the misinformed player's call or lead could well have
been influenced, what he may still change (Law 21B1, 21B2, 47E2), and damage.

This module reads the record: who made the explained call and who explained it, which
opponent's last call may still be changed (his partner must not have called since,
Law 21B1(a)) and which later call his left-hand opponent may then change (Law 21B2),
who led and who should have (Law 47E1), and the table result. A mistaken call is no
infraction, but the caller heard his partner's explanation: that unauthorised
information is ruled by the unauthorised-information wizard, reached through the
registry (``hand_on``), not ruled here a second time. The Law 12C questions and scores
are the shared procedures (``procedures.score_questions``, ``procedures.adjusted_scores``).

The package: ``incident`` (the report, the incident, the remedy still open),
``facts`` (the tree's facts), ``wording`` (the placeholders' words, the duty to
correct); here the ruling itself, its rectification and the registry entry.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.errors import RecordError
from td_assist.i18n import N_, _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    Ruling,
)
from td_assist.rulings.engine.registry import (
    AnswerHelp,
    Wizard,
    get_tree,
    hand_on,
    register,
    walk_wizard,
)
from td_assist.rulings.engine.walk import (
    Mode,
    Walk,
    fill_walk,
    filled_steps,
    outcome_ruling,
    pending_ruling,
)
from td_assist.rulings.procedures.adjusted_scores import (
    PossibleResult,
    ScoreAdjustment,
    adjusted_score,
    by_side_text,
    no_damage,
    table_result,
)
from td_assist.rulings.procedures.result_answers import (
    parse_results,
    units_from_answers,
)
from td_assist.rulings.procedures.score_questions import (
    SCORE_ANSWERS,
    assigned_text,
    result_words,
    score_inputs,
    scorer_weighs_note,
)
from td_assist.rulings.wizards.misinformation.facts import FACTS
from td_assist.rulings.wizards.misinformation.incident import (
    MISINFORMED,
    NAME,
    RESULT_STANDS,
    UNAUTHORISED_INFORMATION,
    Incident,
    Remedy,
    locate,
    remedy_for,
)
from td_assist.rulings.wizards.misinformation.wording import (
    correct_leader_of,
    duty_to_correct,
    outcome_values,
)


class MisinformationRectification(BaseModel):
    """What the wizard decided (the CONTRACTS.md ``rectification`` object, and more)."""

    model_config = ConfigDict(extra="forbid")

    infraction: bool
    mistake: Literal["explanation", "call", "none"]
    change_of_call_allowed: bool = False
    may_change: Seat | None = None
    victim_call_index: int | None = None
    lho_may_change: Seat | None = None
    lead_retraction_allowed: bool = False
    # Law 47E1: the lead made on an opponent's wrong word must go back (it cannot be
    # accepted); under Law 47E2(a) taking it back is the misinformed player's choice.
    lead_retraction_required: bool = False
    lead_may_be_accepted: bool = False
    correct_leader: Seat | None = None
    penalty_cards: list[dict[str, object]] = Field(default_factory=list)
    # Beyond CONTRACTS.md: the record as read, and the duty to correct.
    type: str | None = None
    explainer: Seat | None = None
    call_index: int | None = None
    call: str | None = None
    corrected_at: str | None = None
    victim_call: str | None = None
    lho_call_index: int | None = None
    offenders: Side | None = None
    non_offenders: Side | None = None
    # Law 20F5(b): when the explainer's partner must call the Director and correct it,
    # ``after_final_pass`` (declarer or dummy) or ``end_of_play`` (a defender); null while
    # the auction does not say which side declares, or when nothing is to be corrected.
    partner_corrects_at: Literal["after_final_pass", "end_of_play"] | None = None
    # Law 20F4(b), 75B2: the explainer himself, once he notices, no later than this.
    explainer_corrects_by: Literal["before_opening_lead_faced"] | None = None
    result_stands: bool = False
    handed_to: str | None = None  # the wizard a mistaken call's UI went to
    unauthorised_information_outcome: str | None = None


def _table_result(board: Board | None, answers: dict[str, str]) -> PossibleResult | None:
    """The TD's ``table_result`` ("4S N 9") when given, else the record's."""
    text = answers.get("table_result", "").strip()
    if not text:
        return table_result(board, answers)
    try:
        results = parse_results(text)
    except RecordError as error:
        raise error.located(_("answer {name}").format(name="table_result")) from None
    if len(results) != 1:
        raise RecordError(
            _("give one result, e.g. 4S N 9"), where=_("answer {name}").format(name="table_result")
        )
    return results[0]


def _mistaken_call(
    board: Board | None,
    incident: Incident,
    answers: dict[str, str],
    mode: Mode,
) -> Ruling:
    """The caller's unauthorised information, ruled by its own wizard (Law 75A, 16B)."""
    report: dict[str, object] = {
        "kind": "unauthorised_information",
        "source": incident.explainer.value if incident.explainer else None,
        "call_index": incident.call_index,
        "description": incident.explanation[:2000],
    }
    handed = {
        **answers,
        "source_kind": "alert" if incident.type == "failure_to_alert" else "explanation",
        "mistake": "call",
    }
    if incident.type == "failure_to_alert":
        handed["alerted"] = "not_alerted"
    return hand_on(UNAUTHORISED_INFORMATION, board, report, handed, mode)


def rule_misinformation(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    tree = get_tree(NAME)
    incident = locate(board, report, answers)
    if incident.type == "turn_to_lead" and incident.leader is not None:
        correct = correct_leader_of(board, incident)
        if correct is incident.leader:
            raise RecordError(
                _(
                    "it was {leader}'s turn to lead: there is no lead out of turn to take "
                    "back (Law 47E1)"
                ).format(leader=incident.leader.name_full),
                where=_("irregularity {field}").format(field="lead"),
            )
    result = walk_wizard(WIZARD, board, report, answers, mode, focus=incident)
    walked = {step.node: step.answer for step in result.steps}
    incident.type = walked.get("type") or incident.type
    corrected_at = walked.get("corrected_at")
    found = remedy_for(incident, corrected_at)
    at_table = _table_result(board, answers)
    vulnerability = board.vulnerability if board is not None else None
    table = ""
    if at_table is not None and vulnerability is not None:
        table = f" ({result_words(at_table, at_table.score_ns(vulnerability))})"
    values = outcome_values(board, incident, found, table)
    marked = [i for i in (incident.call_index, found.victim_index) if i is not None]
    if result.pending is not None:
        fill_walk(result, values, capitalise=True)
        return pending_ruling(NAME, result.steps, result.pending, marked_calls=marked)
    if result.outcome is None:
        raise RecordError(_("the ruling has no outcome"))
    outcome = result.outcome
    steps = list(result.steps)
    adjustment = ScoreAdjustment(
        declarer=board.declarer_seat if board else None,
        declarer_tricks_played=at_table.tricks if at_table else None,
        score_ns_played=(
            at_table.score_ns(vulnerability) if at_table and vulnerability is not None else None
        ),
    )
    comparison, traveller = units_from_answers(answers)
    extra = ""
    handed: Ruling | None = None
    if outcome == "mistaken_call":
        handed = _mistaken_call(board, incident, answers, mode)
        if handed.status != "complete":
            return pending_ruling(
                NAME,
                filled_steps(steps, values, capitalise=True) + list(handed.path),
                handed.pending,  # type: ignore[arg-type]
                marked_calls=marked,
            )
        extra = f"{handed.title}. {handed.text}"
    elif outcome == "adjust_assigned":
        inputs, pending, more = score_inputs(answers, mode, False, at_table is not None)
        steps += more
        if pending is not None:
            return pending_ruling(
                NAME, filled_steps(steps, values, capitalise=True), pending, marked_calls=marked
            )
        if inputs is None or board is None or vulnerability is None:
            raise RecordError(_("an adjusted score needs the board and the results to weigh"))
        answer = adjusted_score(
            inputs.results,
            vulnerability,
            comparison=inputs.comparison,
            traveller=inputs.traveller,
            deal=board.deal,
        )
        non_offenders = incident.offenders.other if incident.offenders else None
        not_damaged = no_damage(
            answer, at_table, non_offenders, vulnerability, inputs.comparison, inputs.traveller
        )
        if not_damaged:
            outcome, extra = "no_damage", not_damaged
            adjustment.table_stands(at_table, vulnerability, inputs.comparison, inputs.traveller)
        else:
            adjustment.take(answer)
            values["assigned"] = assigned_text(answer, inputs.results)
            values["assigned"] += scorer_weighs_note(answers, answer.score_ns_final)
            extra = by_side_text(answer)
    else:
        adjustment.table_stands(at_table, vulnerability, comparison, traveller)
    node_laws = list(tree.nodes[outcome].laws)  # type: ignore[union-attr]
    when: str | None = None
    if outcome in MISINFORMED:
        duty, when, duty_laws = duty_to_correct(incident)
        extra = "\n\n".join(t for t in (extra, duty) if t)
        node_laws += duty_laws
    if outcome == "adjust_assigned" and corrected_at == "after_opening_lead":
        node_laws.append("47E2b")
    adjustment.laws = list(dict.fromkeys([*node_laws, *adjustment.laws]))
    if adjustment.weighted and len(adjustment.weighted) > 1:
        adjustment.laws = list(dict.fromkeys([*adjustment.laws, "12C1c"]))
    rectification = _rectification(board, incident, found, outcome, corrected_at, when)
    if handed is not None:
        rectification.handed_to = UNAUTHORISED_INFORMATION
        rectification.unauthorised_information_outcome = handed.outcome
        rectification.result_stands = handed.adjustment is None or not handed.adjustment.adjusted
    ruling = outcome_ruling(
        NAME,
        tree,
        Walk(
            steps=filled_steps(steps, values, capitalise=True),
            outcome=outcome,
            numbers=result.numbers,
        ),
        values,
        rectification=rectification,
        adjustment=handed.adjustment if handed is not None else adjustment,  # type: ignore[arg-type]
        extra_text=extra,
    )
    if handed is not None:
        ruling.path += handed.path
        ruling.options += handed.options
        ruling.laws = list(dict.fromkeys([*ruling.laws, *handed.laws]))
    else:
        ruling.laws = list(dict.fromkeys(adjustment.laws))
    ruling.marked_calls = marked
    return ruling


def _rectification(
    board: Board | None,
    incident: Incident,
    found: Remedy,
    outcome: str,
    corrected_at: str | None,
    when: str | None,
) -> MisinformationRectification:
    change = outcome == "change_call"
    retract = outcome in {"lead_retracted", "lead_retracted_47e1"}
    correct: Seat | None = None
    if outcome in {"lead_retracted_47e1", "led_out_of_turn"}:
        correct = correct_leader_of(board, incident)
    elif outcome == "lead_retracted" and incident.declarer is not None:
        correct = incident.declarer.lho  # the same defender leads again
    mistake: Literal["explanation", "call", "none"] = "none"
    if outcome in MISINFORMED:
        mistake = "explanation"
    elif outcome == "mistaken_call":
        mistake = "call"
    offenders = incident.offenders
    return MisinformationRectification(
        infraction=outcome in MISINFORMED or outcome == "lead_retracted_47e1",
        mistake=mistake,
        change_of_call_allowed=change,
        may_change=found.victim if change else None,
        victim_call_index=found.victim_index if change else None,
        lho_may_change=found.lho if change and found.lho_index is not None else None,
        lho_call_index=found.lho_index if change else None,
        lead_retraction_allowed=retract,
        lead_retraction_required=outcome == "lead_retracted_47e1",
        lead_may_be_accepted=outcome == "led_out_of_turn",
        correct_leader=correct,
        penalty_cards=[],  # Law 47E: a card taken back here is never a penalty card
        type=incident.type,
        explainer=incident.explainer,
        call_index=incident.call_index,
        call=incident.call,
        corrected_at=corrected_at,
        victim_call=(
            incident.calls[found.victim_index - 1] if change and found.victim_index else None
        ),
        offenders=offenders,
        non_offenders=offenders.other if offenders else None,
        partner_corrects_at=when,  # type: ignore[arg-type]
        explainer_corrects_by="before_opening_lead_faced" if outcome in MISINFORMED else None,
        result_stands=outcome in RESULT_STANDS,
    )


WIZARD = register(
    Wizard(
        name=NAME,
        title="Misinformation",
        laws="Laws 20F, 21, 47E, 75",
        kind="misinformation",
        rule=rule_misinformation,
        facts=FACTS,
        starts_from_auction=True,
        computations=frozenset({"misinformation"}),
        hands_on_to=(UNAUTHORISED_INFORMATION,),
        placeholder_words={
            "explainer": "the explainer",
            "caller": "his partner",
            "explained_call": "the explained call",
            "what_said": "the explanation",
            "what_said_cap": "The explanation",
            "victim": "the misinformed player",
            "victim_call": "his last call",
            "victim_action": "the misinformed player's call or lead",
            "leader": "the player who led",
            "non_offenders": "the misinformed side",
            "offenders": "the explainer's side",
        },
        answers=(
            AnswerHelp("call_index", N_("(TD)  The explained (or unalerted) call, 1-based")),
            AnswerHelp("table_result", N_('(TD)  The result at the table, "4S N 9"')),
            *SCORE_ANSWERS,
        ),
        notes=(
            N_(
                "A mistaken call (agreement=matches_explanation) hands the caller's unauthorised "
                "information to the unauthorised-information wizard: its answers (ui, suggested, "
                "logical_alternative, damaged, results...) are taken here too."
            )
        ),
    )
)
