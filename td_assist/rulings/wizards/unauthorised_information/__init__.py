"""The unauthorised-information wizard (Laws 16, 73, 75) with Law 12C adjusted scores.

The tree (rulings/unauthorised-information.toml) asks the TD's judgments in the order
of Law 16B1: was unauthorised information established, did it demonstrably suggest
the action chosen, was there a logical alternative, were the opponents damaged; then
the adjustment. This module finds the facts in the record (the call at which the
information was given, who gave it, what partner did next, the table result), asks
for the results the TD weighs (``results``), the other table's score (``comparison``)
or the traveller (``traveller``), and, under Law 12C1(e), the result the non-offenders
would have had without their own error (``result_without_error``); the scores come
from ``td_assist.rulings.procedures.adjusted_scores``.

The package: ``incident`` (the report, the kind of information, the incident in the
record), ``facts`` (the tree's facts), ``wording`` (the ruling's words); here the
ruling itself, its rectification and the registry entry.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.errors import RecordError
from td_assist.i18n import N_, _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    PendingQuestion,
    Ruling,
    Step,
)
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register, walk_wizard
from td_assist.rulings.engine.walk import (
    Mode,
    Walk,
    fill_walk,
    filled_steps,
    outcome_ruling,
    pending_ruling,
    td_step,
)
from td_assist.rulings.procedures.adjusted_scores import (
    SESSION_PERCENT_ANSWERS,
    Fault,
    ScoreAdjustment,
    SelfInflictedMethod,
    adjusted_score,
    artificial_by_fault,
    artificial_score,
    by_side_text,
    no_damage,
    session_percents,
    table_result,
)
from td_assist.rulings.procedures.result_answers import (
    units_from_answers,
)
from td_assist.rulings.procedures.score_questions import (
    SCORE_ANSWERS,
    score_inputs,
    scorer_weighs_note,
)
from td_assist.rulings.procedures.score_questions import assigned_text as _assigned_text
from td_assist.rulings.procedures.score_questions import result_words as _result_words
from td_assist.rulings.procedures.score_questions import text_question as _text_question
from td_assist.rulings.procedures.tricks_and_scores import side_name
from td_assist.rulings.wizards.unauthorised_information.facts import FACTS
from td_assist.rulings.wizards.unauthorised_information.incident import (
    ARTIFICIAL,
    NAME,
    RESULT_STANDS,
    SCORED,
    SOURCE_IS_CALLERS_PARTNER,
    UnauthorisedInformationReport,
    answered_kind,
    call_index_of,
    call_text,
    locate,
    seats_at_table,
)
from td_assist.rulings.wizards.unauthorised_information.wording import (
    basis_of,
    capitalised,
    dd_hint,
    fault_words,
    misinformation_note,
    own_session_text,
    penalty_words,
    ruling_values,
    self_inflicted_text,
    story,
    two_paragraphs,
)


class UnauthorisedInformationRectification(BaseModel):
    """What the wizard decided (the CONTRACTS.md ``rectification`` object).

    ``source`` gave the information and ``receiver`` got it. Information from outside the
    table (Law 16D) came from no one at it, and reaching a player by accident makes no one
    an offender: ``source``, ``offenders`` and ``non_offenders`` are then null, and
    ``receiving_side`` names the side that got it (the report's ``source`` names the player
    who received it).
    """

    model_config = ConfigDict(extra="forbid")

    source: Seat | None
    receiver: Seat | None
    receiving_side: Side | None = None
    call_index: int | None
    call: str | None
    action_index: int | None
    action: str | None
    source_kind: str
    mistake: str | None  # "explanation" | "call" (Law 75)
    offenders: Side | None
    non_offenders: Side | None
    result_stands: bool
    artificial: bool = False
    self_inflicted_method: str | None = None


def rule_unauthorised_information(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    tree = get_tree(NAME)
    reported = report if isinstance(report, UnauthorisedInformationReport) else None
    if (
        mode == "step"
        and reported is None
        and "call_index" not in answers
        and board is not None
        and board.auction
        and call_index_of(board, None, answers)[0] is None
    ):
        return _ask_call(board)
    incident = locate(board, reported, answers)
    at_table = table_result(board, answers)
    table_score = at_table.score_ns(board.vulnerability) if at_table and board else None
    table = ""
    if at_table is not None and table_score is not None:
        table = f" ({_result_words(at_table, table_score)})"
    result = walk_wizard(WIZARD, board, reported, answers, mode, focus=incident)
    walked = {step.node: step.answer for step in result.steps}
    # The kind the walk took (the TD's, the record's, or the assumed usual case); the
    # incident was located with the same one (see answered_kind).
    kind = walked.get("source_kind") or answered_kind(answers, incident.finding)
    values = ruling_values(incident, kind, board, table, walked.get("alerted"))
    basis, basis_laws = basis_of(kind, values)
    values["basis"] = capitalised(basis)
    values["penalty"] = penalty_words(kind, values)
    marked = [i for i in (incident.call_index, incident.action_index) if i is not None]
    if result.pending is not None:
        fill_walk(result, values, capitalise=True)
        return pending_ruling(NAME, result.steps, result.pending, marked_calls=marked)
    if result.outcome is None:
        raise RecordError(_("the ruling has no outcome"))
    outcome = result.outcome
    adjustment = ScoreAdjustment(
        declarer=board.declarer_seat if board else None,
        declarer_tricks_played=at_table.tricks if at_table else None,
        score_ns_played=table_score,
    )
    steps = list(result.steps)
    extra = ""
    restored = incident.sides[1]  # the non-offenders, or under Law 16D the others
    if outcome in SCORED:
        inputs, pending, more = score_inputs(
            answers, mode, outcome == "adjust_split", table_score is not None, dd_hint(board)
        )
        steps += more
        if pending is not None:
            return pending_ruling(
                NAME, filled_steps(steps, values, capitalise=True), pending, marked_calls=marked
            )
        if inputs is None:
            raise RecordError(_("the results to weigh are not given (answer results)"))
        if board is None:
            raise RecordError(_("an adjusted score needs the board (its vulnerability)"))
        vulnerability = board.vulnerability
        split = outcome == "adjust_split"
        if split and (restored is None or at_table is None):
            raise RecordError(
                _(
                    "Law 12C1(e) needs the table result and the offending side: give the "
                    "board's contract and tricks, and the irregularity's source"
                )
            )
        answer = adjusted_score(
            inputs.results,
            vulnerability,
            comparison=inputs.comparison,
            traveller=inputs.traveller,
            table_result=[at_table] if split and at_table else None,
            without_error=inputs.without_error,
            non_offenders=restored if split else None,
            method=_method(),
            deal=board.deal,
        )
        not_damaged = no_damage(
            answer,
            at_table,
            restored,
            vulnerability,
            inputs.comparison,
            inputs.traveller,
        )
        if not_damaged:
            outcome = "no_damage"
            extra = not_damaged
            adjustment.table_stands(at_table, vulnerability, inputs.comparison, inputs.traveller)
        else:
            adjustment.take(answer)
            values["assigned"] = _assigned_text(answer, inputs.results)
            values["assigned"] += scorer_weighs_note(answers, answer.score_ns_final)
            values["self_inflicted"] = self_inflicted_text(answer, values)
            extra = by_side_text(answer, say_balance=False)  # the split text says it
    elif outcome == "adjust_artificial":
        offending = restored.other if restored is not None else None
        pending = _ask_session_percent(answers, mode, (restored, offending), steps)
        if pending is not None:
            return pending_ruling(
                NAME, filled_steps(steps, values, capitalise=True), pending, marked_calls=marked
            )
        answer = artificial_score(restored, session_percent=session_percents(answers))
        adjustment.take(answer)
        adjustment.score_ns_final = None
        extra = own_session_text(answer)
    elif outcome == "adjust_artificial_by_fault":
        receiving = incident.receiver.side if incident.receiver else None
        if receiving is None:
            raise RecordError(
                _(
                    "an artificial score by fault needs the player who received the "
                    "information: give the irregularity's source"
                )
            )
        faults = {
            receiving: Fault(str(walked["receiver_fault"])),
            receiving.other: Fault(str(walked["other_fault"])),
        }
        eligible = tuple(side for side, fault in faults.items() if fault is not Fault.PARTLY)
        pending = _ask_session_percent(answers, mode, eligible, steps)
        if pending is not None:
            return pending_ruling(
                NAME, filled_steps(steps, values, capitalise=True), pending, marked_calls=marked
            )
        answer = artificial_by_fault(faults, session_percent=session_percents(answers))
        adjustment.take(answer)
        adjustment.score_ns_final = None
        values["fault_scores"] = fault_words(faults)
        extra = own_session_text(answer)
    else:
        comparison, traveller = units_from_answers(answers)
        adjustment.table_stands(
            at_table, board.vulnerability if board else None, comparison, traveller
        )
    walk_done = Walk(steps=steps, outcome=outcome, numbers=result.numbers)
    node_laws = list(tree.nodes[outcome].laws)  # type: ignore[union-attr]
    if outcome in {*SCORED, "no_damage"}:
        node_laws = [a for a in node_laws if a not in {"16B1a", "16B3"}] + basis_laws
    if kind in {"opponent", "extraneous"}:
        node_laws = [a for a in node_laws if a != "73C2"]
    mistake = walked.get("mistake") if kind in SOURCE_IS_CALLERS_PARTNER else None
    if mistake is not None:
        note, note_laws = misinformation_note(kind, mistake, walked.get("alerted"), incident, board)
        node_laws += note_laws
        extra = two_paragraphs(extra, note)
    adjustment.laws = list(dict.fromkeys([*node_laws, *adjustment.laws]))
    if adjustment.weighted and len(adjustment.weighted) > 1 and "12C1c" not in adjustment.laws:
        adjustment.laws.append("12C1c")
    rectification = UnauthorisedInformationRectification(
        source=incident.source,
        receiver=incident.receiver,
        call_index=incident.call_index,
        call=incident.call,
        action_index=incident.action_index,
        action=incident.action,
        source_kind=kind,
        mistake=mistake,
        offenders=incident.offenders,
        non_offenders=incident.offenders.other if incident.offenders else None,
        receiving_side=incident.receiver.side if incident.receiver else None,
        result_stands=outcome in RESULT_STANDS,
        artificial=outcome in ARTIFICIAL,
        self_inflicted_method=(
            adjustment.self_inflicted.method if adjustment.self_inflicted else None
        ),
    )
    ruling = outcome_ruling(
        NAME,
        tree,
        Walk(
            steps=filled_steps(walk_done.steps, values, capitalise=True),
            outcome=outcome,
            numbers=walk_done.numbers,
        ),
        values,
        rectification=rectification,
        adjustment=adjustment,
        extra_text=extra,
    )
    told = story(board, incident, kind) if kind not in {"extraneous", "opponent"} else ""
    ruling.text = f"{told} {capitalised(ruling.text)}" if told else capitalised(ruling.text)
    ruling.laws = list(dict.fromkeys(adjustment.laws))
    if kind in {"opponent", "extraneous"}:
        # The Law 73C1 penalty is for information from partner; the Law 16D2 options for
        # information from outside the table stay.
        ruling.options = [o for o in ruling.options if "73C" not in o.text]
    ruling.marked_calls = marked
    return ruling


def _ask_session_percent(
    answers: dict[str, str], mode: Mode, sides: tuple[Side | None, ...], steps: list[Step]
) -> PendingQuestion | None:
    """On the tablet, each side's session percentage (Law 12C2(c)) before an artificial
    score; the TD may skip it (then 60% and 40% stand). A batch ruling takes the answers
    ``session_percent_NS`` / ``session_percent_EW`` when given and does not ask."""
    for side in (Side.NS, Side.EW):
        if side not in sides:
            continue
        name = SESSION_PERCENT_ANSWERS[side]
        prompt = _("{side}'s score on the session's other boards, in percent?").format(
            side=side_name(side)
        )
        if name in answers:
            said = answers[name].strip() or "skip"
            label = _("Not known") if said.lower() in ("skip", "-") else f"{said.rstrip('%')}%"
            steps.append(td_step(name, prompt, label, ["12C2c"]))
            continue
        if mode != "step":
            continue
        return _text_question(
            name,
            prompt,
            _(
                "Law 12C2(c): a side in no way at fault that scored above 60% on the other "
                "boards of the session gets its own percentage instead of average plus; a side "
                "directly at fault below 40% gets its own instead of average minus. Type e.g. "
                "63.5, or skip when it is not known."
            ),
            ["12C2c"],
        )
    return None


def _method() -> SelfInflictedMethod:
    from td_assist.settings import load_settings  # settings import this package

    return load_settings().self_inflicted_method


def _ask_call(board: Board) -> Ruling:
    choices = [
        {
            "value": str(number),
            "label": _("{number}: {seat} {call}").format(
                number=number, seat=seat.name_full, call=call_text(call)
            ),
        }
        for number, (seat, call) in enumerate(zip(seats_at_table(board), board.auction), start=1)
    ]
    choices.append({"value": "0", "label": _("Not at a call (during the play, or elsewhere)")})
    return pending_ruling(
        NAME,
        [],
        PendingQuestion(
            node="call_index",
            prompt=_(
                "At which call was the information given (the slow call, the alerted or "
                "explained call)?"
            ),
            kind="question",
            laws=["16B1"],
            choices=choices,
        ),
    )


WIZARD = register(
    Wizard(
        name=NAME,
        title="Unauthorised information",
        laws="Laws 16, 73, 75",
        kind="unauthorised_information",
        rule=rule_unauthorised_information,
        facts=FACTS,
        starts_from_auction=True,
        computations=frozenset({"ui_score"}),
        answers=(
            AnswerHelp("call_index", N_("(TD)  The call (1-based) at which it happened")),
            AnswerHelp("source", N_("(TD)  The player who gave the information: N, E, S or W")),
            *SCORE_ANSWERS,
            AnswerHelp(
                "result_without_error",
                N_('(TD)  Law 12C1(e): the result without the non-offenders\' error, "4SX E 8"'),
            ),
            AnswerHelp("declarer_tricks", N_("(TD)  Declarer's tricks at the table  [0-13]")),
            AnswerHelp(
                "session_percent_NS",
                N_(
                    "(TD)  Law 12C2(c): North-South's matchpoint percentage on the session's "
                    "other boards, for an artificial score  [e.g. 63.5, or skip]"
                ),
            ),
            AnswerHelp(
                "session_percent_EW",
                N_(
                    "(TD)  Law 12C2(c): East-West's matchpoint percentage on the session's "
                    "other boards, for an artificial score  [e.g. 35.2, or skip]"
                ),
            ),
        ),
        notes=(
            N_(
                "Each result is scored, then IMPed or matchpointed, then weighted. "
                "The Law 12C1(e) method is set in settings.toml (see td-assist adjust)."
            )
        ),
    )
)
