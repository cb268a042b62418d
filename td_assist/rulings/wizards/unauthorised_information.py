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
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side, Strain
from td_assist.bridge.display import call_text as _display_call
from td_assist.bridge.display import contract_text as _display_contract
from td_assist.bridge.double_dummy import dd_table
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import (
    IrregularityReport,
    PendingQuestion,
    Ruling,
    Step,
    irregularity_kind,
)
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register, walk_wizard
from td_assist.rulings.engine.walk import (
    Mode,
    Walk,
    fill,
    fill_walk,
    filled_steps,
    outcome_ruling,
    pending_ruling,
)
from td_assist.rulings.procedures.adjusted_scores import (
    SESSION_PERCENT_ANSWERS,
    AdjustedScore,
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
    traveller_left_out,
    units_from_answers,
)
from td_assist.rulings.procedures.score_questions import (
    SCORER_PAIRS,
    score_inputs,
)
from td_assist.rulings.procedures.score_questions import assigned_text as _assigned_text
from td_assist.rulings.procedures.score_questions import result_words as _result_words
from td_assist.rulings.procedures.score_questions import td_step as _step
from td_assist.rulings.procedures.score_questions import text_question as _text_question
from td_assist.rulings.procedures.tricks_and_scores import side_name

NAME = "unauthorised-information"

# What passed the information (the answer ``source_kind``), in this order.
KIND_TEXT = ("tempo", "manner", "alert", "explanation", "withdrawn", "opponent", "extraneous")


def kind_words(kind: str) -> str:
    """What passed the information, in the reader's language."""
    words = {
        "tempo": _("a break in tempo"),
        "manner": _("a remark or mannerism"),
        "alert": _("an alert or a missing alert the player did not expect"),
        "explanation": _("partner's explanation"),
        "withdrawn": _("a withdrawn call or play"),
        "opponent": _("an opponent's tempo or manner"),
        "extraneous": _("information from outside the table"),
    }
    return words.get(kind, _("unauthorised information"))


# The alerter or explainer is the partner of the player whose call it was.
_SOURCE_IS_CALLERS_PARTNER = {"alert", "explanation"}


def _words(*stems: str) -> re.Pattern[str]:
    return re.compile("|".join(stems), re.IGNORECASE)


# What the record's words (the note on the call, the report's description) say passed
# the information. An alert or an explanation settles who gave it (the caller's
# partner) and who received it (the caller); a hesitation or a remark does not say
# whether it was partner's (Law 16B) or an opponent's (Law 73D), so the Director says.
# Each kind's stems: English, then German (a TD writes notes in his own language), with
# the abbreviations TDs use in notes. A word here that is missing only makes the wizard
# ask; a word that misleads would make it rule, so stems stay specific.
_KIND_WORDS: dict[str, re.Pattern[str]] = {
    "alert": _words(
        r"\balert|\bunalerted\b",  # also German "Alert", "alertiert"
        r"\bunalertiert",
    ),
    "explanation": _words(
        r"\bexplain|\bexplanation|\bexpl\b|\bdescribed\b",
        r"\berkl(?:ä|ae)r|\berkl\b|\bbeschrieb",  # Erklärung, erklärt, Erkl., beschrieben
    ),
    "tempo": _words(
        r"\bhes\b|\bhesit|\bslow|tempo|\bpaus|\bthought|\bthink|\bhuddle|\bquick|\bfast"
        r"|\bseconds\b|\bbreak\b|\bbit\b",  # BIT: break in tempo
        # gezögert, zögerte, Zögern, Denkpause (Denkp.), langsam, schnell, Sekunden,
        # lange überlegt; "Tempo" and "Pause" are matched above
        r"z(?:ö|oe)ger|\bz(?:ö|oe)g\b|denkp|\blangsam|\bschnell|\bsekunden\b|(?:ü|ue)berleg",
    ),
    "manner": _words(
        r"\bremark|\bgesture|\bcomment|\bsigh|\bshrug|\bemphasis|\btone\b|\bmannerism"
        r"|\bquestion",  # not "asked": an opponent's question comes before any explanation
        # Bemerkung, Kommentar, Geste, Frage (gefragt, fragte), Seufzer, Achselzucken,
        # Tonfall, Betonung
        r"\bbemerk|\bkommentar|\bgeste\b|\bfrage|\bgefragt|\bfragte|\bseufz|achselzuck"
        r"|\btonfall|\bbeton",
    ),
    "withdrawn": _words(
        r"withdr[ae]wn?|\bcancel|out of turn|out of rotation|\breplaced\b",
        # zurückgenommen, annulliert, außer der Reihe (Reihenfolge), ersetzt
        r"zur(?:ü|ue)ckgenommen|\bannull|au(?:ß|ss)er (?:der )?reihe|\bersetzt\b",
    ),
    "extraneous": _words(
        r"overh[ea]|next table|another table|other table|wrong hand|\bsaw\b",
        # mitgehört, Nachbartisch, am anderen Tisch, falsche Hand, gesehen
        r"mitgeh(?:ö|oe)rt|nachbartisch|anderen tisch|falsche hand|\bgesehen\b",
    ),
}
# A note with these words marks the call at which the information was given.
_NOTE_KINDS = ("tempo", "alert", "explanation")
# An alert the words say was not made: "not alerted", "didn't alert", "no alert"; German
# "nicht alertiert", "kein Alert", "ohne Alert", "fehlender Alert", "Alert vergessen".
_MISSING_ALERT = _words(
    r"(?:\b(?:not|never|no|failed to|failure to|forgot to|without(?: an?)?)|n't)\s+"
    r"(?:be(?:en)?\s+)?alert|\bunalerted\b",
    r"\b(?:nicht|kein\w*|ohne|fehlende?\w*)\s+(?:\w+\s+)?alert|\balert\w*\s+vergessen"
    r"|\bvergaß\s+(?:zu\s+)?alert|\bunalertiert",
)
# A negation the missing-alert words did not place ("Nord alertierte nicht", "alerted,
# but not as agreed"): whether the call was alerted is then for the Director to say.
_NEGATION = _words(r"\b(?:not|never|no|nicht|kein\w*|ohne|nie)\b|n't\b")
# Kinds the record's words settle by themselves (the others the Director confirms).
_SETTLED_KINDS = {"alert", "explanation"}
RESULT_STANDS = {
    "no_ui",
    "not_suggested",
    "no_logical_alternative",
    "no_damage",
    "own_risk",
    "extraneous_before_auction",
    "extraneous_no_effect",
}
SCORED = {"adjust_assigned", "adjust_split"}
ARTIFICIAL = {"adjust_artificial", "adjust_artificial_by_fault"}


@irregularity_kind
class UnauthorisedInformationReport(IrregularityReport):
    """Who gave the information (hesitated, alerted, explained) and at which call."""

    kind: Literal["unauthorised_information"] = "unauthorised_information"
    source: Seat | None = None
    call_index: int | None = Field(default=None, ge=1, le=400)
    description: str = Field(default="", max_length=2000)


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


@dataclass
class KindFinding:
    """What the record's words say passed the information, and how they say it."""

    kind: str | None = None  # set only when the words settle it (an alert, an explanation)
    found: tuple[str, ...] = ()  # every kind the words mention, in KIND_TEXT order
    alert_missing: bool | None = None  # an alert: True when the words say it was not made
    words: list[str] = field(default_factory=list)  # the note and description, quoted

    @property
    def rules_out_tempo(self) -> bool:
        """The words name something other than a hesitation: 'tempo' would contradict them."""
        return any(kind != "tempo" for kind in self.found)


def read_kind(note: str, description: str) -> KindFinding:
    """What the note on the call and the report's description say passed the information."""
    finding = KindFinding()
    texts = [(where, text.strip()) for where, text in (("note", note), ("report", description))]
    texts = [(where, text) for where, text in texts if text]
    if not texts:
        return finding
    joined = " ".join(text for _where, text in texts)
    finding.found = tuple(kind for kind, words in _KIND_WORDS.items() if words.search(joined))
    finding.words = [
        _("the record's note '{text}'").format(text=text)
        if where == "note"
        else _("the report '{text}'").format(text=text)
        for where, text in texts
    ]
    if "alert" in finding.found:
        if _MISSING_ALERT.search(joined):
            finding.alert_missing = True
        elif not _NEGATION.search(joined):
            finding.alert_missing = False
    # Only one settled kind among the words decides; a mix with anything else (an alert
    # after a pause) is for the Director to sort out. An alert and an explanation of the
    # same call are both partner's information (Law 16B1, 73C1): the explanation, which
    # says more, is the one ruled on.
    if len(finding.found) == 1 and finding.found[0] in _SETTLED_KINDS:
        finding.kind = finding.found[0]
    elif set(finding.found) == _SETTLED_KINDS:
        finding.kind = "explanation"
    return finding


def answered_kind(answers: dict[str, str], finding: KindFinding) -> str:
    """The kind the ruling works with: the TD's answer, the record's, else the usual case.

    The usual case (a hesitation) is only what the walk assumes in batch mode when the
    record does not contradict it; when it does, the walk stops and asks instead.
    """
    given = answers.get("source_kind", "").strip().lower()
    if given in KIND_TEXT:
        return given
    return finding.kind or "tempo"


@dataclass
class Incident:
    """Where the information was given, by whom, and what partner did next."""

    call_index: int | None = None  # 1-based
    call: str | None = None
    caller: Seat | None = None
    source: Seat | None = None
    receiver: Seat | None = None
    note: str = ""
    action_index: int | None = None
    action: str | None = None
    evidence: list[str] = field(default_factory=list)
    finding: KindFinding = field(default_factory=KindFinding)

    @property
    def offenders(self) -> Side | None:
        return self.source.side if self.source else None

    @property
    def sides(self) -> tuple[Side | None, Side | None]:
        """The side whose gain an adjustment takes away, and the side whose score it
        restores: the offenders and the others, or, when no one at the table gave the
        information (Law 16D), the side that received it and the others."""
        side = self.offenders or (self.receiver.side if self.receiver else None)
        return side, side.other if side else None


def call_text(call: str) -> str:
    """``P`` -> ``Pass``, ``X`` -> ``Dbl``, ``4S`` -> ``4♠``, in the reader's language."""
    return _display_call(call)


# --- Facts from the record ----------------------------------------------------------

FACTS = FactTable()


@FACTS.register("incident_in_record")
def incident_in_record(ctx: Context) -> FactResult:
    incident: Incident | None = ctx.focus
    if incident is None or incident.call_index is None:
        return FactResult(
            "no",
            [
                _(
                    "The record does not show where the information was given; the Director "
                    "establishes it at the table."
                )
            ],
        )
    return FactResult("yes", incident.evidence)


@FACTS.register("source_kind_in_record")
def source_kind_in_record(ctx: Context) -> FactResult:
    incident: Incident | None = ctx.focus
    finding = incident.finding if incident is not None else KindFinding()
    said = _(" and ").join(finding.words)
    if finding.kind is not None:
        if finding.kind == "alert":
            line = _(
                "Established from {said}: partner's alert (or missing alert) passed the "
                "information."
            )
        elif set(finding.found) == _SETTLED_KINDS:
            line = _(
                "Established from {said}: partner's alert and explanation (both his, Law 16B1, "
                "Law 73C1) passed the information."
            )
        else:
            line = _("Established from {said}: partner's explanation passed the information.")
        return FactResult(finding.kind, [line.format(said=said)])
    if not finding.found:
        return FactResult.unknown(
            _("The record does not say what passed the information; the Director says.")
        )
    named = ", ".join(kind_words(kind) for kind in finding.found)
    if finding.rules_out_tempo:
        line = _(
            "From {said}, the record mentions {named}, which does not settle it: the Director says."
        )
    else:
        line = _(
            "From {said}, the record mentions {named}, but not whether it was partner's "
            "(Law 16B1) or an opponent's (Law 73D)."
        )
    return FactResult(
        None,
        [line.format(said=said, named=named)],
        default_ruled_out=(finding.rules_out_tempo),
    )


@FACTS.register("information_from_outside")
def information_from_outside(ctx: Context) -> FactResult:
    # Follows from the answer the walk took on what passed the information.
    kind = ctx.walked.get("source_kind")
    if kind == "extraneous":
        return FactResult(
            "outside", [_("Information from outside the table (Law 16D).")], settled=True
        )
    return FactResult(
        "infraction",
        [_("The information came from the table: the side that broke the Law is at fault.")],
        settled=True,
    )


@FACTS.register("alert_in_record")
def alert_in_record(ctx: Context) -> FactResult:
    incident: Incident | None = ctx.focus
    finding = incident.finding if incident is not None else KindFinding()
    if finding.alert_missing is None:
        return FactResult.unknown(
            _("The record does not say whether the call was alerted; the Director says.")
        )
    said = _(" and ").join(finding.words)
    if finding.alert_missing:
        return FactResult(
            "not_alerted",
            [_("Established from {said}: the call was not alerted.").format(said=said)],
        )
    return FactResult(
        "alerted", [_("Established from {said}: the call was alerted.").format(said=said)]
    )


def _call_index(
    board: Board | None, report: IrregularityReport | None, answers: dict
) -> tuple[int | None, str]:
    if isinstance(report, UnauthorisedInformationReport) and report.call_index is not None:
        return report.call_index, _("the report")
    if answers.get("call_index", "").strip() not in {"", "0"}:
        raw = answers["call_index"].strip()
        if not (raw.isascii() and raw.isdigit()):
            raise RecordError(
                _("{raw} is not a call number").format(raw=shown(raw)), where="answer call_index"
            )
        return int(raw), _("the Director")
    if board is not None:
        for index in sorted(board.auction_notes):
            note = board.auction_notes[index]
            if any(_KIND_WORDS[kind].search(note) for kind in _NOTE_KINDS):
                return index + 1, _("the record's note")
    return None, ""


def locate(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str]
) -> Incident:
    index, told_by = _call_index(board, report, answers)
    incident = Incident(call_index=index)
    reported = report if isinstance(report, UnauthorisedInformationReport) else None
    if reported is not None and reported.source is not None:
        incident.source = reported.source
    elif answers.get("source", "").strip():
        incident.source = Seat.parse(answers["source"])
    calls = board.auction if board is not None else []
    if index is not None and board is not None and calls:
        if index > len(calls):
            raise RecordError(
                _("call {index} is beyond the {count} calls of the auction").format(
                    index=index, count=len(calls)
                ),
                where="irregularity call_index",
            )
        incident.caller = _seats(board)[index - 1]
        incident.call = calls[index - 1]
        incident.note = board.auction_notes.get(index - 1, "")
    incident.finding = read_kind(incident.note, reported.description if reported else "")
    kind = answered_kind(answers, incident.finding)
    _check_not_own_call(incident, kind, "irregularity source" if reported else "answer source")
    if kind == "extraneous":
        # Nobody at the table gave it: the seat named (or the caller) is who received it.
        incident.receiver, incident.source = incident.source or incident.caller, None
    elif incident.source is None and incident.caller is not None:
        incident.source = (
            incident.caller.partner if kind in _SOURCE_IS_CALLERS_PARTNER else incident.caller
        )
    if incident.source is not None and kind != "opponent":
        incident.receiver = incident.source.partner
    if board is not None and index is not None and incident.receiver is not None:
        seats = _seats(board)
        for later in range(index, len(calls)):
            if seats[later] is incident.receiver:
                incident.action_index, incident.action = later + 1, calls[later]
                break
    incident.evidence = _evidence(board, incident, told_by, reported)
    return incident


def _seats(board: Board) -> list[Seat]:
    """Who made each recorded call: in rotation, except after a call out of rotation
    (a skipped turn) or a replaced insufficient bid."""
    return list(board.auction_obj.seats)


def _check_not_own_call(incident: Incident, kind: str, where: str) -> None:
    """An alert or an explanation comes from the partner of the player who made the call
    (Law 20F, 40B): one of a player's own call is no information from his partner, so
    the report is refused with the reason rather than ruled on as if it were."""
    caller, source = incident.caller, incident.source
    if kind not in _SOURCE_IS_CALLERS_PARTNER or caller is None or source is not caller:
        return
    if kind == "alert":
        message = _(
            "{caller} made call {index} ({call}) himself: an alert of a player's own call is "
            "not unauthorised information from his partner (Law 16B1, Law 73C1). The alert "
            "that counts is {partner}'s; give him as the source, or correct the call"
        )
    else:
        message = _(
            "{caller} made call {index} ({call}) himself: an explanation of a player's own "
            "call is not unauthorised information from his partner (Law 16B1, Law 73C1). The "
            "explanation that counts is {partner}'s; give him as the source, or correct the call"
        )
    raise RecordError(
        message.format(
            caller=caller.name_full,
            index=incident.call_index,
            call=incident.call,
            partner=caller.partner.name_full,
        ),
        where=where,
    )


def _evidence(
    board: Board | None,
    incident: Incident,
    told_by: str,
    reported: UnauthorisedInformationReport | None,
) -> list[str]:
    lines = []
    if incident.call is not None and incident.caller is not None:
        said = {
            "index": incident.call_index,
            "seat": incident.caller.name_full,
            "call": call_text(incident.call),
            "told_by": told_by,
            "note": incident.note,
        }
        if incident.note:
            line = _(
                "Call {index}: {seat} {call} (given by {told_by}); the record notes: '{note}'."
            )
        else:
            line = _("Call {index}: {seat} {call} (given by {told_by}).")
        lines.append(line.format(**said))
    if reported is not None and reported.description:
        lines.append(_("Reported: {description}").format(description=reported.description))
    if incident.source is not None:
        lines.append(_("The information came from {seat}.").format(seat=incident.source.name_full))
    elif incident.receiver is not None:
        lines.append(_("{seat} received the information.").format(seat=incident.receiver.name_full))
    if incident.action is not None and incident.receiver is not None:
        lines.append(
            _("{seat} acted next: {call} (call {index}).").format(
                seat=incident.receiver.name_full,
                call=call_text(incident.action),
                index=incident.action_index,
            )
        )
    elif incident.receiver is not None and incident.call_index is not None:
        lines.append(
            _("{seat} made no later call in the auction.").format(seat=incident.receiver.name_full)
        )
    if board is not None and board.contract_obj is not None:
        lines.append(_("Final contract: {contract}.").format(contract=_contract_text(board)))
    return lines


def _contract_text(board: Board) -> str:
    contract = board.contract_obj
    if contract is None:
        return _("not yet known")
    if contract.is_passed_out:
        return _("passed out")
    if board.declarer_seat:
        return _("{contract} by {seat}").format(
            contract=_display_contract(contract), seat=board.declarer_seat.name_full
        )
    return _display_contract(contract)


# --- Inputs outside the tree: results, scoring, Law 12C1(e) ---------------------------


# --- The ruling -------------------------------------------------------------------------


def _kind_text(kind: str, alerted: str | None) -> str:
    if kind == "alert" and alerted == "alerted":
        return _("an unexpected alert")
    if kind == "alert" and alerted == "not_alerted":
        return _("a missing alert")
    return kind_words(kind)


def _values(
    incident: Incident, kind: str, board: Board | None, table: str, alerted: str | None = None
) -> dict[str, object]:
    gaining, restored = incident.sides
    return {
        # Where the record and the report leave a player unnamed, the words say so rather
        # than stand in for a name.
        "source": incident.source.name_full if incident.source else _("the player reported"),
        "receiver": incident.receiver.name_full if incident.receiver else _("his partner"),
        "call": (
            _marked_call(board, incident)
            if incident.call and incident.caller and incident.call_index
            else _("a call the record does not mark")
        ),
        "action": (
            # Without the player's name: the texts put it before ("North chose 4♥ at call 8").
            _("{call} at call {index}").format(
                call=call_text(incident.action), index=incident.action_index
            )
            if incident.action
            else _("the next call he made")
            if incident.receiver
            else _("the call made after it")
        ),
        "kind_text": _kind_text(kind, alerted),
        "offenders": side_name(gaining) if gaining else _("the offending side"),
        "non_offenders": side_name(restored) if restored else _("the non-offending side"),
        "cause": (
            _("the information from outside the table")
            if kind == "extraneous"
            else _("the infraction")
        ),
        "contract": _contract_text(board) if board else _("not yet known"),
        "table": table,
    } | {"basis": ""}


def _previous(board: Board | None, call_index: int) -> tuple[str, str] | None:
    """Who made the call before the one at which the information was given, and what."""
    if board is None or call_index < 2:
        return None
    seat = _seats(board)[call_index - 2]
    return seat.name_full, call_text(board.auction[call_index - 2])


def _marked_call(board: Board | None, incident: Incident) -> str:
    """ "North's Pass over East's 3♠": the call at which the information was given."""
    caller = incident.caller.name_full if incident.caller else ""
    call = call_text(incident.call or "")
    previous = _previous(board, incident.call_index or 0)
    if previous is None:
        return _("{caller}'s {call}").format(caller=caller, call=call)
    return _("{caller}'s {call} over {seat}'s {previous}").format(
        caller=caller, call=call, seat=previous[0], previous=previous[1]
    )


def _made(call: str) -> str:
    """ "passed", "doubled", "bid 4♠": a call as something a player did."""
    verbs = {"P": _("passed"), "X": _("doubled"), "XX": _("redoubled")}
    return verbs.get(call) or _("bid {call}").format(call=call_text(call))


def story(board: Board | None, incident: Incident, kind: str) -> str:
    """What happened at the table, naming players, seats and calls, for the start of
    the announcement: "North hesitated over East's 3♠ and passed; South bid 4♠." Empty
    when the record does not show the call."""
    if board is None or incident.call is None or incident.caller is None:
        return ""
    caller, made = incident.caller.name_full, _made(incident.call)
    previous = _previous(board, incident.call_index or 0)
    if kind == "tempo" and previous is not None:
        first = _("{caller} hesitated over {seat}'s {previous} and {made}").format(
            caller=caller, seat=previous[0], previous=previous[1], made=made
        )
    elif kind == "tempo":
        first = _("{caller} hesitated and {made}").format(caller=caller, made=made)
    else:
        first = _("{caller} {made} ({what})").format(
            caller=caller, made=made, what=_kind_text(kind, None)
        )
    if incident.action is not None and incident.receiver is not None:
        return _("{first}; {receiver} {made}.").format(
            first=first, receiver=incident.receiver.name_full, made=_made(incident.action)
        )
    return first + "."


# What the infraction was, by the kind of information: (sentence, the laws it rests on).
def _basis(kind: str, values: dict[str, object]) -> tuple[str, list[str]]:
    if kind == "opponent":
        return (
            fill(
                _(
                    "{source}'s tempo or manner misled {non_offenders}; he had no demonstrable "
                    "bridge reason for it and could have known that it might work to his "
                    "benefit (Law 73E2)"
                ),
                values,
            ),
            ["73E2"],
        )
    if kind == "extraneous":
        return (
            fill(
                _(
                    "The information {receiver} received from outside the table affected the "
                    "result (Law 16D2(c))"
                ),
                values,
            ),
            ["16D2c"],
        )
    return (
        fill(
            # The withdrawn call is not recorded: the information came after the call marked.
            _(
                "{receiver} chose {action}, which the unauthorised information ({kind_text} "
                "after {call}) demonstrably suggested over a logical alternative (Law 16B1(a))"
            )
            if kind == "withdrawn"
            else _(
                "{receiver} chose {action}, which the unauthorised information ({kind_text} "
                "at {call}) demonstrably suggested over a logical alternative (Law 16B1(a))"
            ),
            values,
        ),
        ["16B1a", "16B3"] + (["16C2"] if kind == "withdrawn" else []),
    )


def _self_inflicted_text(answer: AdjustedScore, values: dict[str, object]) -> str:
    """Law 12C1(e) in words: what the non-offenders' error cost them. The scores need not
    balance: they do when none of the damage was self-inflicted."""
    if answer.self_inflicted is None or answer.self_inflicted.balances:
        return fill(
            _(
                "{non_offenders} made a serious error or a gamble after {cause}, but "
                "it added nothing to their damage: without it their result would have been "
                "no better than it was at the table. They get the same adjusted score (Law "
                "12C1(e)), and the two scores balance."
            ),
            values,
        )
    return fill(
        _(
            "{non_offenders} contributed to their own damage by a serious error or a gamble "
            "after {cause}, so they get no redress for that part of the damage (Law "
            "12C1(e)); the two scores do not balance."
        ),
        values,
    )


def _penalty(kind: str, values: dict[str, object]) -> str:
    """The procedural penalty the Director may add, by what the infraction was."""
    if kind == "extraneous":
        return ""
    if kind == "opponent":
        return " " + fill(
            _(
                "The Director may give {offenders} a procedural penalty for the breach of "
                "Law 73D2 (Law 90A)."
            ),
            values,
        )
    return " " + fill(
        _(
            "The Director may give {offenders} a procedural penalty for the breach of "
            "Law 73C1 (Laws 73C2 and 90A)."
        ),
        values,
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


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
        and _call_index(board, None, answers)[0] is None
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
    values = _values(incident, kind, board, table, walked.get("alerted"))
    basis, basis_laws = _basis(kind, values)
    values["basis"] = _capital(basis)
    values["penalty"] = _penalty(kind, values)
    marked = [i for i in (incident.call_index, incident.action_index) if i is not None]
    if result.pending is not None:
        fill_walk(result, values, capitalise=True)
        ruling = pending_ruling(NAME, result.steps, result.pending)
        ruling.marked_calls = marked
        return ruling
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
            answers, mode, outcome == "adjust_split", table_score is not None, _dd_hint(board)
        )
        steps += more
        if pending is not None:
            ruling = pending_ruling(NAME, filled_steps(steps, values, capitalise=True), pending)
            ruling.marked_calls = marked
            return ruling
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
            if traveller_left_out(answers) or answers.get("scoring") == SCORER_PAIRS:
                values["assigned"] += _(
                    "; the traveller was left out, so the scorer matchpoints the weighted "
                    "NS score of {score} points"
                ).format(score=f"{answer.score_ns_final:+g}")
            values["self_inflicted"] = _self_inflicted_text(answer, values)
            extra = by_side_text(answer, say_balance=False)  # the split text says it
    elif outcome == "adjust_artificial":
        offending = restored.other if restored is not None else None
        pending = _ask_session_percent(answers, mode, (restored, offending), steps)
        if pending is not None:
            ruling = pending_ruling(NAME, filled_steps(steps, values, capitalise=True), pending)
            ruling.marked_calls = marked
            return ruling
        answer = artificial_score(restored, session_percent=session_percents(answers))
        adjustment.take(answer)
        adjustment.score_ns_final = None
        extra = _own_session_text(answer)
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
            ruling = pending_ruling(NAME, filled_steps(steps, values, capitalise=True), pending)
            ruling.marked_calls = marked
            return ruling
        answer = artificial_by_fault(faults, session_percent=session_percents(answers))
        adjustment.take(answer)
        adjustment.score_ns_final = None
        values["fault_scores"] = _fault_words(faults)
        extra = _own_session_text(answer)
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
    mistake = walked.get("mistake") if kind in _SOURCE_IS_CALLERS_PARTNER else None
    if mistake is not None:
        note, note_laws = _misinformation_note(
            kind, mistake, walked.get("alerted"), incident, board
        )
        node_laws += note_laws
        extra = _join(extra, note)
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
    ruling.text = f"{told} {_capital(ruling.text)}" if told else _capital(ruling.text)
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
            steps.append(_step(name, prompt, label, ["12C2c"]))
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


def _own_session_text(answer: AdjustedScore) -> str:
    """The Law 12C2(c) sentences of the artificial score, when it applied."""
    return " ".join(answer.own_session)


def _misinformation_note(
    kind: str, mistake: str, alerted: str | None, incident: Incident, board: Board | None
) -> tuple[str, list[str]]:
    """Law 75 for an alert or an explanation: misinformation or not, and who must correct.

    A missing or a wrong alert is a mistaken explanation too (Law 20F5(a)), so both kinds
    share the note; the caller (the explainer's partner) is the one who must speak up.
    """
    caller = incident.receiver.name_full if incident.receiver else _("the caller")
    if mistake == "call":
        if kind == "alert":
            text = _(
                "The call, not the alert, was mistaken: the opponents were not misinformed and "
                "there is nothing to correct (Law 75C), but {caller} had to go on as if partner "
                "had understood his call as he meant it (Law 75A)."
            )
        else:
            text = _(
                "The call, not the explanation, was mistaken: the opponents were not "
                "misinformed and there is nothing to correct (Law 75C), but {caller} had to go "
                "on as if partner had understood his call as he meant it (Law 75A)."
            )
        return text.format(caller=caller), ["75A", "75C"]
    what = {
        "alerted": _("The alert"),
        "not_alerted": _("The missing alert"),
    }.get(alerted or "") or (
        _("The alert or its absence") if kind == "alert" else _("The explanation")
    )
    laws = ["75A", "75B1", "20F5a", "20F5b"]
    if kind == "alert":
        why = _(
            "{what} did not match the partnership agreement: that is misinformation (Laws "
            "20F5(a) and 21B1(a): a missing or wrong alert counts as misinformation; Law 75B1)"
        )
        laws.append("21B1a")
    else:
        why = _("{what} did not match the partnership agreement: that is misinformation (Law 75B1)")
    # When is the record's to say: the explainer's partner speaks after the final pass
    # if his side declares, at the end of the play if it defends.
    declarer = board.declarer_seat if board is not None else None
    receiver = incident.receiver
    if declarer is not None and receiver is not None and declarer.side is receiver.side:
        if declarer is receiver:
            when = _(
                "{caller}, whose partner gave it, had to say nothing about it during the "
                "auction (Law 20F5(a)), then call the Director and correct it as soon as the "
                "auction ended with the final pass, as declarer (Law 20F5(b)(ii))."
            )
        else:
            when = _(
                "{caller}, whose partner gave it, had to say nothing about it during the "
                "auction (Law 20F5(a)), then call the Director and correct it as soon as the "
                "auction ended with the final pass, as dummy (Law 20F5(b)(ii))."
            )
    elif declarer is not None and receiver is not None:
        when = _(
            "{caller}, whose partner gave it, had to say nothing about it during the auction "
            "(Law 20F5(a)), then call the Director and correct it once the play was over, as "
            "a defender (Law 20F5(b)(i))."
        )
    else:
        when = _(
            "{caller}, whose partner gave it, had to say nothing about it during the auction "
            "(Law 20F5(a)), then call the Director and correct it after the final pass if his "
            "side declares, or once the play is over if it defends (Law 20F5(b))."
        )
    text = _(
        "{why}, and any damage the opponents suffered from it is ruled on separately (Laws "
        "21B and 40B). {when}"
    ).format(why=why.format(what=what), when=when.format(caller=caller))
    return text, laws


def _fault_words(faults: dict[Side, Fault]) -> str:
    """Each side's artificial score and why, in the Law 12C2(a) terms."""
    parts = []
    for side in Side:
        score = faults[side].artificial
        named = {
            "average-plus": _("average plus"),
            "average": _("average"),
            "average-minus": _("average minus"),
        }[score.value]
        parts.append(
            _("{score} to {side}, {fault} ({percent}% in pairs, {imps} IMPs in teams)").format(
                score=named,
                side=side_name(side),
                fault=faults[side].words,
                percent=score.percent,
                imps=f"{score.imps:+d}",
            )
        )
    return "; ".join(parts)


def _dd_hint(board: Board | None) -> str:
    """The double-dummy table in one line, with the analysis extra: a starting point."""
    table = dd_table(board.deal) if board is not None and board.deal else None
    if table is None:
        return ""
    order = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
    rows = [
        f"{strain.value} " + " ".join(f"{seat.value}{table[strain][seat]}" for seat in Seat)
        for strain in order
    ]
    return " " + _(
        "Double-dummy tricks (all four hands seen; a starting point, not a likely result): {rows}."
    ).format(rows="; ".join(rows))


def _join(first: str, second: str) -> str:
    return f"{first}\n\n{second}" if first else second


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
        for number, (seat, call) in enumerate(zip(_seats(board), board.auction), start=1)
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
            AnswerHelp("call_index", "(TD)  The call (1-based) at which it happened"),
            AnswerHelp("source", "(TD)  The player who gave the information: N, E, S or W"),
            AnswerHelp("results", '(TD)  Results to weigh: "4S S 10 0.6; 3S S 9 0.4"'),
            AnswerHelp("comparison", "(TD)  Teams: NS score at the other table, e.g. -140"),
            AnswerHelp("traveller", '(TD)  Pairs: the other NS scores, "420, 450, -50"'),
            AnswerHelp(
                "scoring",
                "(TD)  On the tablet, how the board is scored  [teams|pairs|pairs_scorer|points]; "
                "pairs_scorer (or traveller=skip): no traveller, the scorer matchpoints the "
                "weighted score",
            ),
            AnswerHelp(
                "result_without_error",
                '(TD)  Law 12C1(e): the result without the non-offenders\' error, "4SX E 8"',
            ),
            AnswerHelp("declarer_tricks", "(TD)  Declarer's tricks at the table  [0-13]"),
            AnswerHelp(
                "session_percent_NS",
                "(TD)  Law 12C2(c): North-South's matchpoint percentage on the session's "
                "other boards, for an artificial score  [e.g. 63.5, or skip]",
            ),
            AnswerHelp(
                "session_percent_EW",
                "(TD)  Law 12C2(c): East-West's matchpoint percentage on the session's "
                "other boards, for an artificial score  [e.g. 35.2, or skip]",
            ),
        ),
        notes=(
            "Each result is scored, then IMPed or matchpointed, then weighted. "
            "The Law 12C1(e) method is set in settings.toml (see td-assist adjust)."
        ),
    )
)
