"""The unauthorised-information wizard's report, the kind of information read from the
record's note or the report, and the incident located in the record (``locate``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.display import call_text as _display_call
from td_assist.bridge.display import contract_text as _display_contract
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    irregularity_kind,
)

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
SOURCE_IS_CALLERS_PARTNER = {"alert", "explanation"}


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
SETTLED_KINDS = {"alert", "explanation"}
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
    if len(finding.found) == 1 and finding.found[0] in SETTLED_KINDS:
        finding.kind = finding.found[0]
    elif set(finding.found) == SETTLED_KINDS:
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


def call_index_of(
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
    index, told_by = call_index_of(board, report, answers)
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
        incident.caller = seats_at_table(board)[index - 1]
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
            incident.caller.partner if kind in SOURCE_IS_CALLERS_PARTNER else incident.caller
        )
    if incident.source is not None and kind != "opponent":
        incident.receiver = incident.source.partner
    if board is not None and index is not None and incident.receiver is not None:
        seats = seats_at_table(board)
        for later in range(index, len(calls)):
            if seats[later] is incident.receiver:
                incident.action_index, incident.action = later + 1, calls[later]
                break
    incident.evidence = _evidence(board, incident, told_by, reported)
    return incident


def seats_at_table(board: Board) -> list[Seat]:
    """Who made each recorded call: in rotation, except after a call out of rotation
    (a skipped turn) or a replaced insufficient bid."""
    return list(board.auction_obj.seats)


def _check_not_own_call(incident: Incident, kind: str, where: str) -> None:
    """An alert or an explanation comes from the partner of the player who made the call
    (Law 20F, 40B): one of a player's own call is no information from his partner, so
    the report is refused with the reason rather than ruled on as if it were."""
    caller, source = incident.caller, incident.source
    if kind not in SOURCE_IS_CALLERS_PARTNER or caller is None or source is not caller:
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
        lines.append(_("Final contract: {contract}.").format(contract=record_contract_text(board)))
    return lines


def record_contract_text(board: Board) -> str:
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
