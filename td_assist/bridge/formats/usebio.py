"""USEBIO 1.2 results (the EBU's XML): read the travellers, write adjusted lines back.

A table result is a ``TRAVELLER_LINE`` under ``EVENT/BOARD``; ``SCORE`` is N-S's, or
``A`` and two 2-digit percentages (``A6040``, N-S first) for an artificial score, in
which case the contract, declarer, lead and tricks are left out. The line's match
points (or Butler / cross-IMP points) are the scorer's and are kept as written.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from xml.parsers import expat

from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.results import BoardResults, SessionResults, TableResult
from td_assist.i18n import _

EVENT_TYPES = {
    "MP_PAIRS",
    "BUTLER_PAIRS",
    "CROSS_IMP",
    "IMP_PAIRS",
    "AGGREGATE",
    "INDIVIDUAL",
    "SWISS_PAIRS",
    "SWISS_PAIRS_BUTLER_IMPS",
    "SWISS_PAIRS_CROSS_IMPS",
    "SWISS_TEAMS",
    "TEAMS_OF_FOUR",
    "MULTI_TEAMS",
    "PAIRS_ON_TEAMS",
}
_POINTS = (
    ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
    ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
)
_ARTIFICIAL = re.compile(r"A(\d\d)(\d\d)")
_CONTRACT = re.compile(r"(PASS|[1-7](C|D|H|S|NT|N)(XX|X)?)", re.IGNORECASE)


def looks_like_usebio(text: str) -> bool:
    return "<USEBIO" in text[:2000]


@dataclass
class UsebioDocument:
    """The parsed XML and the source line of each element (for messages)."""

    root: ET.Element
    lines: dict[int, int] = field(default_factory=dict)

    def line_of(self, element: ET.Element) -> int | None:
        return self.lines.get(id(element))


def parse_document(text: str, source: str) -> UsebioDocument:
    if "<!ENTITY" in text:
        # Entities can expand without bound; no scoring program writes them.
        raise RecordError(_("the XML declares entities, which a USEBIO file never needs"), source)
    lines: dict[int, int] = {}
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        lines[id(builder.start(tag, attrs))] = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(text, True)
        root = builder.close()
    except expat.ExpatError as error:
        problem = expat.errors.messages[error.code] if error.code else str(error)
        raise RecordError(
            _("not well-formed XML ({problem})").format(problem=problem),
            _("{source} line {line}").format(source=source, line=error.lineno),
        ) from None
    return UsebioDocument(root, lines)


def event_of(document: UsebioDocument, source: str) -> ET.Element:
    root = document.root
    if root.tag != "USEBIO":
        raise RecordError(
            _("the root element is <{tag}>, not <USEBIO>").format(tag=root.tag), source
        )
    event = root.find("EVENT")
    if event is None:
        raise RecordError(_("the file has no <EVENT>"), source)
    kind = event.get("EVENT_TYPE", "")
    if kind not in EVENT_TYPES:
        where = _("{source} line {line}").format(source=source, line=document.line_of(event))
        raise RecordError(
            _(
                "EVENT_TYPE {kind} is not a USEBIO event type "
                "(e.g. MP_PAIRS, BUTLER_PAIRS, CROSS_IMP)"
            ).format(kind=shown(kind)),
            where,
        )
    return event


def read_usebio(text: str, source: str) -> SessionResults:
    document = parse_document(text, source)
    event = event_of(document, source)
    kind = event.get("EVENT_TYPE", "")
    boards: dict[int, BoardResults] = {}
    for board in event.findall("BOARD"):
        number = _board_number(board, document, source)
        where = _("{source}, board {number}").format(source=source, number=number)
        if number in boards:
            raise RecordError(
                _("the board appears twice"),
                _("{where} line {line}").format(where=where, line=document.line_of(board)),
            )
        lines = [read_line(line, document, where) for line in board.findall("TRAVELLER_LINE")]
        datum = _number(board.findtext("BOARD_AVERAGE"), "BOARD_AVERAGE", where)
        boards[number] = BoardResults(number=number, lines=lines, datum=datum)
    if not boards:
        raise RecordError(_("the event has no <BOARD> with traveller lines"), source)
    scoring = "MP" if kind == "MP_PAIRS" else "IMP" if "IMP" in kind or "BUTLER" in kind else ""
    return SessionResults(
        source=source,
        format="usebio",
        event_type=kind,
        scoring=scoring,
        boards=dict(sorted(boards.items())),
    )


def _board_number(board: ET.Element, document: UsebioDocument, source: str) -> int:
    text = (board.findtext("BOARD_NUMBER") or "").strip()
    if not text.isdigit() or not 1 <= int(text) <= 999:
        where = _("{source} line {line}").format(source=source, line=document.line_of(board))
        raise RecordError(
            _("BOARD_NUMBER {board} is not a board number").format(board=shown(text)), where
        )
    return int(text)


def read_line(line: ET.Element, document: UsebioDocument, where: str) -> TableResult:
    at = _("{where} line {line}").format(where=where, line=document.line_of(line))

    def text(tag: str) -> str:
        return (line.findtext(tag) or "").strip()

    ns_pair, ew_pair = text("NS_PAIR_NUMBER"), text("EW_PAIR_NUMBER")
    if not ns_pair or not ew_pair or len(ns_pair) > 20 or len(ew_pair) > 20:
        raise RecordError(_("a traveller line needs NS_PAIR_NUMBER and EW_PAIR_NUMBER"), at)
    points_ns = points_ew = None
    for ns_tag, ew_tag in _POINTS:
        if line.find(ns_tag) is not None or line.find(ew_tag) is not None:
            points_ns = _number(text(ns_tag), ns_tag, at)
            points_ew = _number(text(ew_tag), ew_tag, at)
            break
    score = text("SCORE")
    artificial = _ARTIFICIAL.fullmatch(score.upper())
    if artificial:
        return TableResult(
            ns_pair=ns_pair,
            ew_pair=ew_pair,
            line=document.line_of(line),
            artificial=score,
            ns_percent=int(artificial.group(1)),
            ew_percent=int(artificial.group(2)),
            points_ns=points_ns,
            points_ew=points_ew,
        )
    contract = text("CONTRACT").upper().replace(" ", "")
    if not _CONTRACT.fullmatch(contract):
        raise RecordError(
            _("CONTRACT {contract} is not a contract (e.g. 4H, 3NTX, PASS)").format(
                contract=shown(contract)
            ),
            at,
        )
    passed = contract == "PASS"
    declarer_text = text("PLAYED_BY").upper()
    if declarer_text not in ("N", "E", "S", "W") and not passed:
        raise RecordError(
            _("PLAYED_BY {seat} is not a seat (N, E, S, W)").format(seat=shown(declarer_text)), at
        )
    tricks_text = text("TRICKS")
    if tricks_text and (not tricks_text.isdigit() or int(tricks_text) > 13):
        raise RecordError(_("TRICKS {tricks} is not 0 to 13").format(tricks=shown(tricks_text)), at)
    if not re.fullmatch(r"-?\d{1,5}", score):
        raise RecordError(
            _("SCORE {score} is neither a score nor A + two percentages").format(
                score=shown(score)
            ),
            at,
        )
    return TableResult(
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        line=document.line_of(line),
        contract=contract,
        declarer=None if passed else Seat(declarer_text),
        tricks=None if passed or not tricks_text else int(tricks_text),
        lead=text("LEAD")[:3],
        score_ns=int(score),
        points_ns=points_ns,
        points_ew=points_ew,
    )


def _number(text: str | None, tag: str, where: str) -> float | None:
    text = (text or "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise RecordError(
            _("{tag} {value} is not a number").format(tag=tag, value=shown(text)), where
        ) from None
    if value != value or abs(value) > 1e6:
        raise RecordError(
            _("{tag} {value} is out of range").format(tag=tag, value=shown(text)), where
        )
    return value


_SEATS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}


def handset_deals(text: str, source: str) -> dict[int, str]:
    """The deals a USEBIO file carries in its ``HANDSET``, as PBN deal strings
    (``N:spades.hearts.diamonds.clubs ...``), by board number."""
    document = parse_document(text, source)
    deals: dict[int, str] = {}
    for board in document.root.findall("HANDSET/BOARD"):
        number = _board_number(board, document, source)
        hands: dict[str, str] = {}
        for hand in board.findall("HAND"):
            seat = _SEATS.get((hand.findtext("DIRECTION") or "").strip().upper())
            if seat is None:
                where = _("{source}, board {number} line {line}").format(
                    source=source, number=number, line=document.line_of(hand)
                )
                raise RecordError(_("a HAND has no DIRECTION North, East, South or West"), where)
            suits = [
                (hand.findtext(tag) or "").strip()
                for tag in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
            ]
            hands[seat] = ".".join(suits)
        if len(hands) == 4:
            deals[number] = "N:" + " ".join(hands[seat] for seat in "NESW")
    return deals
