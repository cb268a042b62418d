"""The rulings' scores for a Bridgemate club: a CSV of the ``ReceivedData`` rows to change.

Bridgemate Control Software keeps each table's result as a ``ReceivedData`` row of its
``.bws`` (Access) database, and its developer's guide says how an outside program
changes one: update the row and set ``ExternalUpdate`` to -1 in the same query. This
export does not write the ``.bws`` itself: no well-kept pure-Python library writes
Access databases (``access-parser``, which reads them here, is read-only), and the
route the guide means (ODBC with Microsoft's Access driver, through the C extension
``pyodbc``) exists on Windows only, cannot be tested off it, and BCS does not check what
arrives that way. So the scorer gets one CSV row per ruled table in the row's own
columns and Bridgemate's own notation (``4 S x``, ``=``, ``+1``, ``-2``; an artificial
score as a remark ``60%-40%``), keyed by the row's ``ID``, with ``ExternalUpdate`` -1,
to apply in the scoring program or in Access (an update query, or pasting the rows).

Every row keeps the kind of the adjusted score in ``score_kind``: ``assigned``,
``artificial``, ``weighted``, ``split``. Bridgemate carries an assigned score and the
nine artificial pairs 40%-40% .. 60%-60% as they are. A weighted (Law 12C1(c)) or split
(12C1(e)) score, or another percentage, it cannot carry: the row has no contract and the
remark ``Arbitral score`` (the guide's "decision still to come"), so it is not scored as
played, and ``td_note`` says what to enter by hand. Nothing silently becomes points.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from td_assist.bridge.auction import Contract
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.bws import looks_like_access, received_rows
from td_assist.bridge.results import same_pair
from td_assist.i18n import _
from td_assist.ruling_log import export_entries
from td_assist.session_results import session_results
from td_assist.store import Store
from td_assist.usebio_export import RulingScore, ruling_score

COLUMNS = (
    "ID",
    "Section",
    "Table",
    "Round",
    "Board",
    "PairNS",
    "PairEW",
    "Declarer",
    "NS/EW",
    "Contract",
    "Result",
    "LeadCard",
    "Remarks",
    "ExternalUpdate",
    "score_kind",
    "td_note",
)
# The header row: an export replaces only a file that starts with it (or another export).
BRIDGEMATE_HEADER = ",".join(COLUMNS)
ARBITRAL = "Arbitral score"  # Bridgemate's remark for a score still to be decided
_PERCENT_PAIRS = (40, 50, 60)
_STRAINS = {"S": "S", "H": "H", "D": "D", "C": "C", "N": "NT"}


@dataclass
class BridgemateExport:
    text: str
    notes: list[str]
    rows: int


def bridgemate_contract(contract_text: str) -> str:
    """``4SX`` as Bridgemate writes it: ``4 S x``; ``3NT``: ``3 NT``; a pass-out ``PASS``.

    >>> bridgemate_contract("4SX"), bridgemate_contract("3NTXX"), bridgemate_contract("Pass")
    ('4 S x', '3 NT xx', 'PASS')
    """
    contract = Contract.parse(contract_text)
    if contract.is_passed_out or contract.strain is None:
        return "PASS"
    strain = _STRAINS[contract.strain.value[0]]
    doubled = {1: " x", 2: " xx"}.get(contract.doubling, "")
    return f"{contract.level} {strain}{doubled}"


def bridgemate_result(contract_text: str, tricks: int) -> str:
    """Tricks taken against the contract, as Bridgemate writes them: ``=``, ``+1``, ``-2``."""
    over = tricks - Contract.parse(contract_text).tricks_needed
    return "=" if over == 0 else f"{over:+d}"


def _percent(value: float | None) -> int | None:
    return int(value) if value is not None and float(value).is_integer() else None


def _changed(row: dict[str, Any], score: RulingScore) -> dict[str, str]:
    """The row's new values and the note for the scorer."""
    split = "Split score" in score.note
    kind = "split" if split and score.kind == "assigned" else score.kind
    if kind == "assigned" and score.score_ns is not None and score.contract:
        contract = bridgemate_contract(score.contract)
        if contract == "PASS":
            return {**_no_contract(row), "Contract": "PASS", "score_kind": kind, "td_note": ""}
        seat = score.declarer.upper()[:1]
        if seat not in ("N", "E", "S", "W") or score.tricks is None:
            raise RecordError(_("the assigned score has no declarer or tricks"))
        pair = row.get("PairNS") if seat in ("N", "S") else row.get("PairEW")
        same_play = contract == str(row.get("Contract") or "") and seat == row.get("NS/EW")
        return {
            "Contract": contract,
            "Result": bridgemate_result(score.contract, score.tricks),
            "NS/EW": seat,
            "Declarer": str(pair if pair is not None else ""),
            "LeadCard": str(row.get("LeadCard") or "") if same_play else "",
            "Remarks": "",
            "score_kind": kind,
            "td_note": "",
        }
    ns, ew = _percent(score.ns_percent), _percent(score.ew_percent)
    if kind == "artificial" and ns in _PERCENT_PAIRS and ew in _PERCENT_PAIRS:
        remark, note = f"{ns}%-{ew}%", ""
    elif kind == "artificial":
        remark = ARBITRAL
        note = _(
            "Artificial adjusted score N-S {ns}%, E-W {ew}%: Bridgemate carries only 40%, 50% "
            "and 60%; enter it in the scoring program by hand."
        ).format(ns=f"{score.ns_percent:g}", ew=f"{score.ew_percent:g}")
    elif kind == "weighted":
        remark = ARBITRAL
        note = _(
            "Weighted score (Law 12C1(c)) {weights}: Bridgemate has no weights; enter it in "
            "the scoring program by hand."
        ).format(weights=score.note.strip())
    else:
        remark = ARBITRAL
        note = _(
            "{score}: Bridgemate scores one result for both sides; enter each side's score "
            "in the scoring program by hand."
        ).format(score=score.note.strip())
    return {**_no_contract(row), "Remarks": remark, "score_kind": kind, "td_note": note}


def _no_contract(row: dict[str, Any]) -> dict[str, str]:
    """A row with no contract played, as Bridgemate keeps a pass-out or an artificial
    score: declarer N-S's pair and seat N, no result or lead."""
    ns_pair = row.get("PairNS")
    return {
        "Contract": "",
        "Result": "",
        "NS/EW": "N",
        "Declarer": "" if ns_pair is None else str(ns_pair),
        "LeadCard": "",
        "Remarks": "",
    }


def export_bridgemate(store: Store, session_id: str) -> BridgemateExport:
    """One CSV row per ruled table of a session loaded with its Bridgemate ``.bws``."""
    stored = store.session_results(session_id)
    results = session_results(store, session_id)
    if stored is None or results is None:
        raise RecordError(
            _(
                "the session has no results file: load it with the hand record "
                "(td-assist session load HANDS.pbn --results SESSION.bws)"
            )
        )
    if results.format != "bws" or not looks_like_access(stored.raw):
        raise RecordError(
            _(
                "the Bridgemate export changes the rows of a Bridgemate .bws, and this session's "
                "results came from {source}: export usebio or pbn-results instead"
            ).format(source=stored.source)
        )
    rows_by_id = {row.get("ID"): row for row in received_rows(stored.raw, stored.source)}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    notes: list[str] = []
    written = 0
    for entry in export_entries(store, session_id):
        score = ruling_score(store, entry)
        if score is None or entry.board_number is None:
            continue
        where = _("Board {number}, N-S {pair}").format(
            number=entry.board_number, pair=entry.ns_pair or "?"
        )
        line = next(
            (
                line
                for line in results.traveller(entry.board_number)
                if entry.ns_pair
                and same_pair(line.ns_pair, entry.ns_pair)
                and (not entry.ew_pair or same_pair(line.ew_pair, entry.ew_pair))
            ),
            None,
        )
        row = rows_by_id.get(line.line) if line is not None else None
        if row is None:
            notes.append(
                _("{where}: no Bridgemate row for these pairs; enter the ruling by hand.").format(
                    where=where
                )
            )
            continue
        change = _changed(row, score)
        if change["td_note"]:
            notes.append(f"{where}: {change['td_note']}")
        values = {
            **{name: "" if row.get(name) is None else str(row.get(name)) for name in COLUMNS},
            **change,
            "ExternalUpdate": "-1",
        }
        writer.writerow([_safe(values[name]) for name in COLUMNS])
        written += 1
    return BridgemateExport(out.getvalue(), notes, written)


def _safe(cell: str) -> str:
    """A cell a spreadsheet would take for a formula gets a leading apostrophe (OWASP);
    Bridgemate's own ``+1``/``-2`` results and -1 flag are values, not formulas."""
    if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not _is_value(cell):
        return "'" + cell
    return cell


def _is_value(cell: str) -> bool:
    return cell == "=" or cell.lstrip("+-").isdigit()
