"""The scorer's USEBIO file with the rulings' scores written into it.

The session's own USEBIO results (kept when it was loaded) are written back with each
ruled table's traveller line replaced by the ruling's score:

- an assigned score: the contract, declarer, tricks and N-S score;
- an artificial score: ``A`` and the two sides' percentages (``A6040``), with no
  contract, declarer, lead or tricks, as USEBIO writes one;
- a weighted score (Law 12C1(c)): USEBIO has no field for weights, so the line keeps
  the table result and carries the weighted match points; the scorer is told to enter
  the weighted score by hand (a note in the file and in the report);
- a split score: each side's match points on its own (USEBIO keeps N-S's and E-W's
  apart).

On each ruled board of a match-pointed event the match points are worked out again on
the traveller: two per score beaten, one per tie, among the results actually scored,
scaled by Neuberg's formula to the board's full number of results when artificial
scores leave fewer to compare. Pair totals, percentages and places are left to the
scoring program, which recomputes them when it reads the file back.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.usebio import UsebioDocument, event_of, parse_document
from td_assist.bridge.results import neuberg, same_pair
from td_assist.i18n import _
from td_assist.ruling_log import export_entries
from td_assist.store import LogEntry, Store

_LINE_ORDER = (
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
    "CONTRACT",
    "PLAYED_BY",
    "LEAD",
    "TRICKS",
    "SCORE",
    "NS_MATCH_POINTS",
    "EW_MATCH_POINTS",
)
_PLAY_TAGS = ("CONTRACT", "PLAYED_BY", "LEAD", "TRICKS")
# Opens the note td-assist puts in every file it writes: an export replaces only a file
# that carries it (log export --output).
USEBIO_MARK = "<!-- td-assist:"


@dataclass
class RulingScore:
    """What a ruling puts on a traveller line."""

    kind: str  # "assigned", "artificial", "weighted", "split"
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    score_ns: int | None = None
    ns_percent: float | None = None
    ew_percent: float | None = None
    # (N-S score, weight) for a weighted score
    weighted: list[tuple[int, float]] = field(default_factory=list)
    note: str = ""


@dataclass
class UsebioExport:
    text: str
    notes: list[str]
    ruled_lines: int


def ruling_score(store: Store, entry: LogEntry) -> RulingScore | None:
    """The score a logged ruling assigns, or None when it leaves the table result."""
    if entry.artificial_ns is not None and entry.artificial_ew is not None:
        return RulingScore(
            "artificial", ns_percent=entry.artificial_ns, ew_percent=entry.artificial_ew
        )
    saved = store.ruling(entry.id)
    adjustment = (saved.ruling.get("adjustment") or {}) if saved else {}
    rectification = (saved.ruling.get("rectification") or {}) if saved else {}
    by_side = adjustment.get("by_side") or {}
    if rectification.get("artificial") and by_side:
        ns = (by_side.get("NS") or {}).get("mp_percent")
        ew = (by_side.get("EW") or {}).get("mp_percent")
        if ns is not None and ew is not None:
            return RulingScore("artificial", ns_percent=ns, ew_percent=ew)
    split = _split_note(adjustment)
    weighted = adjustment.get("weighted") or []
    if len(weighted) > 1:
        lines = [(int(w["score_ns"]), float(w["weight"])) for w in weighted]
        shown = "; ".join(
            f"{w['weight']:g} x {w['contract']} {w.get('declarer') or ''} "
            f"{w.get('tricks') if w.get('tricks') is not None else ''} ({w['score_ns']:+d})"
            for w in weighted
        )
        return RulingScore("weighted", weighted=lines, note=shown + split)
    if len(weighted) == 1:
        only = weighted[0]
        return RulingScore(
            "assigned",
            contract=str(only["contract"]),
            declarer=only.get("declarer") or "",
            tricks=only.get("tricks"),
            score_ns=int(only["score_ns"]),
            note=split,
        )
    whole = isinstance(entry.score_after, int) or (
        isinstance(entry.score_after, float) and entry.score_after.is_integer()
    )
    if entry.score_kind.startswith("weighted") or not whole:
        # A weighted score without its results in the ruling: nothing to write as a line.
        return None
    if entry.score_after is not None and entry.score_after != entry.score_played:
        return RulingScore(
            "assigned",
            contract=entry.contract,
            declarer=entry.declarer,
            tricks=entry.tricks_after,
            score_ns=int(entry.score_after),
            note=split,
        )
    return None


def _split_note(adjustment: dict) -> str:
    """Law 12C1(e): when the sides' scores do not balance, what each side gets."""
    by_side = adjustment.get("by_side") or {}
    ns, ew = by_side.get("NS") or {}, by_side.get("EW") or {}
    if not ns or not ew or ns.get("score") == -(ew.get("score") or 0):
        return ""
    return " " + _(
        "Split score (Law 12C1(e)): N-S {ns}, E-W {ew} from each side's own view; "
        "USEBIO's SCORE holds N-S's only: enter E-W's by hand."
    ).format(ns=f"{ns.get('score'):+}", ew=f"{ew.get('score'):+}")


def export_usebio(store: Store, session_id: str) -> UsebioExport:
    stored = store.session_results(session_id)
    if stored is None:
        raise RecordError(
            _(
                "the session has no results file: load it with the hand record "
                "(td-assist session load HANDS.pbn --results RESULTS.xml)"
            )
        )
    text = stored.raw.decode("utf-8-sig", errors="replace")
    if "<USEBIO" not in text[:2000]:
        raise RecordError(
            _(
                "the session's results ({file}) are not USEBIO, so they cannot be "
                "written back as USEBIO: export CSV or PBN for the scorer instead"
            ).format(file=stored.source)
        )
    document = parse_document(text, stored.source)
    event = event_of(document, stored.source)
    matchpointed = event.get("EVENT_TYPE") == "MP_PAIRS"
    boards = {
        (board.findtext("BOARD_NUMBER") or "").strip(): board for board in event.findall("BOARD")
    }
    notes: list[str] = []
    ruled: dict[str, list[ET.Element]] = {}
    scores: dict[int, RulingScore] = {}
    for entry in export_entries(store, session_id):
        score = ruling_score(store, entry)
        if score is None or entry.board_number is None:
            continue
        board = boards.get(str(entry.board_number))
        if board is None:
            notes.append(
                _("Board {number}: not in {file}; enter the ruling by hand.").format(
                    number=entry.board_number, file=stored.source
                )
            )
            continue
        line = _find_line(board, entry)
        if line is None:
            notes.append(
                _(
                    "Board {number}: no traveller line for NS pair {pair} (table {table}); "
                    "enter the ruling by hand."
                ).format(
                    number=entry.board_number, pair=entry.ns_pair or "?", table=entry.table or "?"
                )
            )
            continue
        _write(line, score)
        scores[id(line)] = score
        pairs = _("Board {number}, {ns_pair} v {ew_pair}").format(
            number=entry.board_number,
            ns_pair=line.findtext("NS_PAIR_NUMBER"),
            ew_pair=line.findtext("EW_PAIR_NUMBER"),
        )
        if score.kind == "weighted":
            notes.append(
                _(
                    "{where}: weighted score (Law 12C1(c)) {results}. USEBIO cannot carry the "
                    "weights: the line keeps the table result with the weighted match points; "
                    "enter the weighted score in the scoring program by hand."
                ).format(where=pairs, results=score.note)
            )
        elif score.note:
            notes.append(f"{pairs}:{score.note}")
        ruled.setdefault(str(entry.board_number), []).append(line)
    for number in ruled:
        if matchpointed:
            _rescore(boards[number], scores)
        else:
            notes.append(
                _(
                    "Board {number}: the event is {kind}; its points on the ruled board are "
                    "not recomputed here: rescore it in the scoring program."
                ).format(number=number, kind=event.get("EVENT_TYPE"))
            )
    if ruled:
        notes.append(
            _(
                "Pair totals, percentages and places are not recomputed: let the scoring "
                "program rescore the event when it reads this file."
            )
        )
    said = " ".join(notes) or _("no ruling changed a traveller line.")
    comment = ET.Comment(USEBIO_MARK.removeprefix("<!--") + " " + said.replace("--", "-") + " ")
    comment.tail = event.text or "\n"
    event.insert(0, comment)
    return UsebioExport(_serialise(text, document), notes, sum(len(v) for v in ruled.values()))


def _find_line(board: ET.Element, entry: LogEntry) -> ET.Element | None:
    for line in board.findall("TRAVELLER_LINE"):
        ns = (line.findtext("NS_PAIR_NUMBER") or "").strip()
        ew = (line.findtext("EW_PAIR_NUMBER") or "").strip()
        ew_fits = not entry.ew_pair or same_pair(ew, entry.ew_pair)
        if entry.ns_pair and same_pair(ns, entry.ns_pair) and ew_fits:
            return line
    return None


def _write(line: ET.Element, score: RulingScore) -> None:
    values: dict[str, str | None] = {}
    if score.kind in ("artificial", "split"):
        ns, ew = score.ns_percent or 0, score.ew_percent or 0
        values = {tag: None for tag in _PLAY_TAGS}
        values["SCORE"] = f"A{round(ns):02d}{round(ew):02d}"
    elif score.kind == "assigned":
        values = {
            "CONTRACT": score.contract.upper() or "PASS",
            "PLAYED_BY": score.declarer or None,
            "TRICKS": None if score.tricks is None else str(score.tricks),
            "SCORE": str(score.score_ns),
        }
        if score.contract != (line.findtext("CONTRACT") or "").strip():
            values["LEAD"] = None  # the lead belongs to the contract as played
    _set(line, values)


def _set(line: ET.Element, values: dict[str, str | None]) -> None:
    children = {child.tag: child for child in line}
    indent = line.text or "\n"
    for tag, value in values.items():
        if value is None:
            if tag in children:
                line.remove(children.pop(tag))
            continue
        element = children.get(tag)
        if element is None:
            element = ET.SubElement(line, tag)
            children[tag] = element
        element.text = value
    _reorder(line, indent)


def _reorder(line: ET.Element, indent: str) -> None:
    children = list(line)
    last_tail = children[-1].tail if children else "\n"
    rank = {tag: i for i, tag in enumerate(_LINE_ORDER)}
    children.sort(key=lambda child: rank.get(child.tag, len(rank)))
    for child in children:
        line.remove(child)
    for position, child in enumerate(children):
        child.tail = last_tail if position == len(children) - 1 else indent
        line.append(child)


def _rescore(board: ET.Element, scores: dict[int, RulingScore]) -> None:
    """Match points on the board again: real results compared among themselves (two per
    score beaten, one per tie; a weighted score counts each of its results by its
    weight), Neuberg-scaled to the whole traveller when artificial scores leave fewer."""
    lines = board.findall("TRAVELLER_LINE")
    total = len(lines)
    top = 2 * (total - 1)
    field: list[tuple[ET.Element, list[tuple[int, float]]]] = []
    for line in lines:
        score = scores.get(id(line))
        if score is not None and score.kind == "artificial":
            ns = (score.ns_percent or 0) * top / 100
            ew = (score.ew_percent or 0) * top / 100
            _points(line, ns, ew)
            continue
        if score is not None and score.kind == "weighted":
            field.append((line, score.weighted))
            continue
        text = (line.findtext("SCORE") or "").strip()
        if text.lstrip("-").isdigit():
            field.append((line, [(int(text), 1.0)]))
        # an artificial score already in the file keeps the scorer's match points
    compared = len(field)
    for position, (line, results) in enumerate(field):
        others = [other for i, (_l, other) in enumerate(field) if i != position]
        points = sum(
            weight * other_weight * _beats(value, other_value)
            for value, weight in results
            for other in others
            for other_value, other_weight in other
        )
        ns = neuberg(points, compared, total) if 0 < compared < total else points
        _points(line, ns, top - ns)


def _beats(value: int, other: int) -> float:
    return 2.0 if value > other else 1.0 if value == other else 0.0


def _points(line: ET.Element, ns: float, ew: float) -> None:
    _set(line, {"NS_MATCH_POINTS": _shown(ns), "EW_MATCH_POINTS": _shown(ew)})


def _shown(points: float) -> str:
    rounded = round(points, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def _serialise(original: str, document: UsebioDocument) -> str:
    prolog = original[: original.index("<USEBIO")]
    body = ET.tostring(document.root, encoding="unicode")
    return prolog + body + "\n"


def notes_json(export: UsebioExport) -> str:
    return json.dumps({"ruled_lines": export.ruled_lines, "notes": export.notes}, indent=2)
