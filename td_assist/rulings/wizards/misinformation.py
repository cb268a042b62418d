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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat, Side, Suit
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import (
    IrregularityReport,
    ReportCard,
    ReportSeat,
    Ruling,
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
    traveller_left_out,
    units_from_answers,
)
from td_assist.rulings.procedures.score_questions import (
    SCORER_PAIRS,
    assigned_text,
    result_words,
    score_inputs,
)
from td_assist.rulings.procedures.tricks_and_scores import side_name

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


def _report(report: IrregularityReport | None) -> MisinformationReport | None:
    return report if isinstance(report, MisinformationReport) else None


def _answered(answers: dict[str, str], name: str, allowed: tuple[str, ...]) -> str | None:
    value = answers.get(name, "").strip().lower()
    return value if value in allowed else None


def locate(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str]
) -> Incident:
    """The explained call, its caller and explainer, and the lead, from the record."""
    reported = _report(report)
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


# --- Facts from the record ----------------------------------------------------------

FACTS = FactTable()


@FACTS.register("type_in_report")
def type_in_report(ctx: Context) -> FactResult:
    reported = _report(ctx.report)
    if reported is None or reported.type is None:
        return FactResult.unknown(_("The report does not say what the misinformation was."))
    return FactResult(reported.type, [_("From the Director's report.")])


@FACTS.register("told_by_opponent")
def told_by_opponent(ctx: Context) -> FactResult:
    incident: Incident = ctx.focus
    if incident.explainer is None or incident.leader is None:
        return FactResult.unknown(_("The report does not name who said it was his lead."))
    if incident.explainer.side == incident.leader.side:
        return FactResult(
            "no",
            [
                _("{explainer} is {leader}'s partner, not an opponent (Law 47E1).").format(
                    explainer=incident.explainer.name_full, leader=incident.leader.name_full
                )
            ],
            settled=True,
        )
    return FactResult(
        "yes",
        [
            _("The report says {explainer}, an opponent, told {leader} it was his lead.").format(
                explainer=incident.explainer.name_full, leader=incident.leader.name_full
            )
        ],
    )


@FACTS.register("corrected_at_in_report")
def corrected_at_in_report(ctx: Context) -> FactResult:
    reported = _report(ctx.report)
    if reported is None or reported.corrected_at is None:
        return FactResult.unknown(_("The report does not say when the right information came out."))
    return FactResult(reported.corrected_at, [_("From the Director's report.")])


@FACTS.register("opponent_acted_after")
def opponent_acted_after(ctx: Context) -> FactResult:
    found = remedy_for(ctx.focus, _walked(ctx, "corrected_at"))
    if found.opponents_acted is None:
        return FactResult.unknown(_("The record does not show the calls after the explained one."))
    if found.opponents_acted:
        return FactResult("yes", list(found.evidence), settled=True)
    return FactResult(
        "no",
        [_("Established from the auction: no opponent called after the explained call.")],
        settled=True,
    )


@FACTS.register("remedy_open")
def remedy_open(ctx: Context) -> FactResult:
    found = remedy_for(ctx.focus, _walked(ctx, "corrected_at"))
    if found.remedy is None:
        return FactResult.unknown(_("The record does not show who declares; the Director says."))
    return FactResult(found.remedy, list(found.evidence), settled=True)


@FACTS.register("dummy_faced_in_record")
def dummy_faced_in_record(ctx: Context) -> FactResult:
    board = ctx.board
    play = board.play_obj if board is not None else None
    if play is not None and len(play.cards) >= 2:
        return FactResult(
            "yes", [_("Established from the play record: dummy's card was played to trick 1.")]
        )
    return FactResult.unknown(_("The record does not show whether dummy had faced a card."))


def _walked(ctx: Context, name: str) -> str | None:
    value = ctx.walked.get(name)
    return str(value) if value is not None else None


# --- Words for the tree's placeholders -------------------------------------------------


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _what_said(incident: Incident) -> str:
    if incident.type == "failure_to_alert":
        return _("the missing alert")
    if incident.explanation:
        return _("the explanation '{said}'").format(said=incident.explanation[:200])
    return _("the explanation")


def _explained_call(incident: Incident) -> str:
    if incident.call is None or incident.caller is None or incident.call_index is None:
        return _("the call explained")
    return _("{caller}'s {call} (call {index})").format(
        caller=incident.caller.name_full, call=call_text(incident.call), index=incident.call_index
    )


def _correct_leader(board: Board | None, incident: Incident) -> Seat | None:
    """Who should have led: the winner of the last trick, or declarer's LHO at trick 1."""
    if incident.declarer is None:
        return None
    play = board.play_obj if board is not None else None
    tricks = play.completed_tricks if play is not None else []
    if tricks and tricks[-1].winner is not None:
        return tricks[-1].winner
    return incident.declarer.lho


def _values(
    board: Board | None, incident: Incident, found: Remedy, table: str
) -> dict[str, object]:
    offenders = incident.offenders
    opening_leader = incident.declarer.lho if incident.declarer else None
    leader = incident.leader or opening_leader
    if found.remedy == "change_call" and found.victim and found.victim_index:
        victim_action = _("{victim}'s {call} (call {index})").format(
            victim=found.victim.name_full,
            call=call_text(incident.calls[found.victim_index - 1]),
            index=found.victim_index,
        )
    elif found.remedy == "lead" and leader is not None:
        victim_action = _("{leader}'s opening lead").format(leader=leader.name_full)
    elif offenders is not None:
        victim_action = _("the calls and plays of {side}").format(side=side_name(offenders.other))
    else:
        victim_action = _("the opponents' calls and plays")
    correct = _correct_leader(board, incident)
    return {
        "explainer": incident.explainer.name_full if incident.explainer else _("the opponent"),
        "caller": incident.caller.name_full if incident.caller else _("his partner"),
        "explained_call": _explained_call(incident),
        "what_said": _what_said(incident),
        "what_said_cap": _capital(_what_said(incident)),
        "victim": found.victim.name_full if found.victim else _("the misinformed player"),
        "victim_call": (
            _("his {call} (call {index})").format(
                call=call_text(incident.calls[found.victim_index - 1]), index=found.victim_index
            )
            if found.victim_index
            else _("his last call")
        ),
        "lho_text": _lho_text(incident, found),
        "victim_action": victim_action,
        "leader": leader.name_full if leader else _("the player who led"),
        "lead_card": (
            Card.parse(incident.lead_card).pretty if incident.lead_card else _("card led")
        ),
        "correct_leader": correct.name_full if correct else _("the player whose turn it was"),
        "offenders": side_name(offenders) if offenders else _("the explainer's side"),
        "non_offenders": side_name(offenders.other) if offenders else _("the misinformed side"),
        "table": table,
        "assigned": "",
    }


def _lho_text(incident: Incident, found: Remedy) -> str:
    if found.lho is None:
        return ""
    if found.lho_index is not None:
        return _(
            "If he does, {lho}, on his left, may then take back his {call} (call {index}), "
            "made after it, and call again (Law 21B2)."
        ).format(
            lho=found.lho.name_full,
            call=call_text(incident.calls[found.lho_index - 1]),
            index=found.lho_index,
        )
    return _(
        "{lho}, on his left, has made no call since, so there is none for him to change."
    ).format(lho=found.lho.name_full)


def _duty(incident: Incident) -> tuple[str, str | None, list[str]]:
    """Who must put the explanation right, and when (Laws 20F4, 20F5, 75B2, 75B3)."""
    caller = incident.caller.name_full if incident.caller else _("The explainer's partner")
    explainer = incident.explainer.name_full if incident.explainer else _("the explainer")
    declarer = incident.declarer
    if declarer is None or incident.caller is None:
        when, partner_text = (
            None,
            _(
                "{caller} must say nothing about it for the rest of the auction, then call "
                "the Director and correct the explanation after the final pass if his side "
                "declares, or at the end of the play if it defends (Law 20F5)."
            ).format(caller=caller),
        )
    elif declarer.side == incident.caller.side:
        role = _("declarer") if declarer is incident.caller else _("dummy")
        when, partner_text = (
            "after_final_pass",
            _(
                "{caller}, as {role}, had to keep silent during the auction, then call the "
                "Director and correct the explanation as soon as the auction ended with the "
                "final pass, before the opening lead was faced (Law 20F5(b)(ii))."
            ).format(caller=caller, role=role),
        )
    else:
        when, partner_text = (
            "end_of_play",
            _(
                "{caller}, a defender, had to keep silent and correct the explanation only at "
                "the end of the play, calling the Director then (Law 20F5(b)(i))."
            ).format(caller=caller),
        )
    own = _(
        "{explainer}, once he noticed his own mistake, had to call the Director no later "
        "than before the opening lead was faced, or at once if he noticed during the play "
        "(Laws 20F4(b), 75B2)."
    ).format(explainer=explainer)
    return f"{partner_text} {own}", when, ["20F5a", "20F5b", "20F4b", "75B2", "75B3"]


# --- The ruling -------------------------------------------------------------------------


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
        correct = _correct_leader(board, incident)
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
    values = _values(board, incident, found, table)
    marked = [i for i in (incident.call_index, found.victim_index) if i is not None]
    if result.pending is not None:
        fill_walk(result, values, capitalise=True)
        ruling = pending_ruling(NAME, result.steps, result.pending)
        ruling.marked_calls = marked
        return ruling
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
            ruling = pending_ruling(
                NAME,
                filled_steps(steps, values, capitalise=True) + list(handed.path),
                handed.pending,  # type: ignore[arg-type]
            )
            ruling.marked_calls = marked
            return ruling
        extra = f"{handed.title}. {handed.text}"
    elif outcome == "adjust_assigned":
        inputs, pending, more = score_inputs(answers, mode, False, at_table is not None)
        steps += more
        if pending is not None:
            ruling = pending_ruling(NAME, filled_steps(steps, values, capitalise=True), pending)
            ruling.marked_calls = marked
            return ruling
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
            if traveller_left_out(answers) or answers.get("scoring") == SCORER_PAIRS:
                values["assigned"] += _(
                    "; the traveller was left out, so the scorer matchpoints the weighted "
                    "NS score of {points} points"
                ).format(points=f"{answer.score_ns_final:+g}")
            extra = by_side_text(answer)
    else:
        adjustment.table_stands(at_table, vulnerability, comparison, traveller)
    node_laws = list(tree.nodes[outcome].laws)  # type: ignore[union-attr]
    when: str | None = None
    if outcome in MISINFORMED:
        duty, when, duty_laws = _duty(incident)
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
        correct = _correct_leader(board, incident)
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
            AnswerHelp("call_index", "(TD)  The explained (or unalerted) call, 1-based"),
            AnswerHelp("table_result", '(TD)  The result at the table, "4S N 9"'),
            AnswerHelp("results", '(TD)  Results to weigh: "4S S 10 0.6; 3S S 9 0.4"'),
            AnswerHelp("comparison", "(TD)  Teams: NS score at the other table, e.g. -140"),
            AnswerHelp("traveller", '(TD)  Pairs: the other NS scores, "420, 450, -50"'),
            AnswerHelp(
                "scoring",
                "(TD)  On the tablet, how the board is scored  [teams|pairs|pairs_scorer|points]",
            ),
        ),
        notes=(
            "A mistaken call (agreement=matches_explanation) hands the caller's unauthorised "
            "information to the unauthorised-information wizard: its answers (ui, suggested, "
            "logical_alternative, damaged, results...) are taken here too."
        ),
    )
)
