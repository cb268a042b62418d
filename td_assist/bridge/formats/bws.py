"""Bridgemate results: the ``.bws`` Access database Bridgemate Control Software keeps.

Each entered result is a ``ReceivedData`` row (section, table, round, board, the two
pairs, declarer seat, ``4 S x``, ``=``/``+1``/``-2``, remarks). Bridgemate stores no
score, so the score is worked out from the contract with the board's standard
vulnerability. An artificial score has no contract and a remark such as ``60%-40%``
(read as N-S first) or ``Not played``; it is kept as written.

Reading needs the optional ``access-parser`` package (``pip install td-assist[results]``),
a small pure-Python reader of Access files.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
from typing import Any

from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Seat
from td_assist.bridge.deal import board_vulnerability
from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.results import BoardResults, SessionResults, TableResult
from td_assist.bridge.scoring import score_ns
from td_assist.i18n import _, ngettext

ACCESS_MAGIC = b"Standard Jet DB"
_PERCENTAGES = re.compile(r"(\d{2})%\s*-\s*(\d{2})%")
_RESULT = re.compile(r"=|[+-]\d{1,2}")


def looks_like_access(raw: bytes) -> bool:
    return raw[4:19] == ACCESS_MAGIC or raw[4:19] == b"Standard ACE DB"


def read_bws(raw: bytes, source: str) -> SessionResults:
    return results_from_rows(received_rows(raw, source), source)


def received_rows(raw: bytes, source: str) -> list[dict[str, Any]]:
    """Every ``ReceivedData`` row of the database, as column name -> value."""
    try:
        from access_parser import AccessParser
    except ImportError:
        raise RecordError(
            _(
                "reading a Bridgemate .bws file needs the optional 'results' extra: "
                "pip install td-assist[results]"
            ),
            source,
        ) from None
    # access-parser reads from a path; the bytes may come from an upload.
    handle, path = tempfile.mkstemp(suffix=".bws")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(raw)
        # The library logs errors for system tables it cannot decode, which we never read.
        logging.getLogger("access_parser").setLevel(logging.CRITICAL)
        try:
            database = AccessParser(path)
            if "ReceivedData" not in database.catalog:
                raise RecordError(_("the database has no ReceivedData table"), source)
            table = database.parse_table("ReceivedData")
        except RecordError:
            raise
        except Exception as error:  # a third-party parser on a damaged file
            raise RecordError(
                _("the Access database cannot be read ({reason})").format(
                    reason=type(error).__name__
                ),
                source,
            ) from None
    finally:
        os.unlink(path)
    return _rows(table)


def _rows(table: Any) -> list[dict[str, Any]]:
    if not table or not isinstance(table, dict):
        return []
    columns = {name: values for name, values in table.items() if isinstance(values, list)}
    count = min((len(values) for values in columns.values()), default=0)
    return [{name: values[i] for name, values in columns.items()} for i in range(count)]


def results_from_rows(rows: list[dict[str, Any]], source: str) -> SessionResults:
    """The session's results from ``ReceivedData`` rows (erased rows left out)."""
    boards: dict[int, list[TableResult]] = {}
    erased = 0
    sections = {str(row.get("Section")) for row in rows}
    for row in rows:
        if row.get("Erased"):
            erased += 1
            continue
        number = row.get("Board")
        row_id = row.get("ID")
        if not isinstance(number, int) or not 1 <= number <= 999:
            raise RecordError(
                _("board {board} is not a board number").format(board=shown(str(number))),
                _("{source} row {row}").format(source=source, row=row_id),
            )
        where = _("{source}, board {number}, ReceivedData row {row}").format(
            source=source, number=number, row=row_id
        )
        boards.setdefault(number, []).append(_line(row, number, where, len(sections) > 1))
    notices = []
    if erased:
        notices.append(
            ngettext(
                "{count} erased result was left out.",
                "{count} erased results were left out.",
                erased,
            ).format(count=erased)
        )
    if not rows:
        notices.append(_("The database holds no results yet."))
    return SessionResults(
        source=source,
        format="bws",
        scoring="",
        boards={n: BoardResults(number=n, lines=lines) for n, lines in sorted(boards.items())},
        notice=" ".join(notices),
    )


def _text(row: dict[str, Any], name: str) -> str:
    value = row.get(name)
    return "" if value is None else str(value).strip()


def _line(row: dict[str, Any], number: int, where: str, sectioned: bool) -> TableResult:
    section = f"{_text(row, 'Section')}-" if sectioned else ""
    ns_pair, ew_pair = _text(row, "PairNS"), _text(row, "PairEW")
    table = f"{section}{_text(row, 'Table')}"[:20]
    row_id = row.get("ID") if isinstance(row.get("ID"), int) else None
    common = {
        "ns_pair": ns_pair[:20],
        "ew_pair": ew_pair[:20],
        "table": table,
        "section": _text(row, "Section")[:20] if sectioned else "",
        "line": row_id,
    }
    contract_text = _text(row, "Contract")
    remarks = _text(row, "Remarks")
    if not contract_text:
        percentages = _PERCENTAGES.fullmatch(remarks)
        if not remarks:
            raise RecordError(_("the result has no contract and no remark"), where)
        return TableResult(
            **common,
            artificial=remarks[:40],
            ns_percent=int(percentages.group(1)) if percentages else None,
            ew_percent=int(percentages.group(2)) if percentages else None,
        )
    try:
        contract = Contract.parse(contract_text.replace(" ", ""))
    except RecordError as error:
        raise error.located(where) from None
    if contract.is_passed_out:
        return TableResult(**common, contract="PASS", score_ns=0)
    seat = _text(row, "NS/EW").upper()
    if seat not in ("N", "E", "S", "W"):
        raise RecordError(
            _("declarer seat {seat} is not N, E, S or W").format(seat=shown(seat)), where
        )
    result = _text(row, "Result")
    if not _RESULT.fullmatch(result):
        raise RecordError(
            _("result {result} is not =, +N or -N").format(result=shown(result)), where
        )
    tricks = contract.tricks_needed + (0 if result == "=" else int(result))
    if not 0 <= tricks <= 13:
        raise RecordError(
            _("result {result} on {contract} is not 0 to 13 tricks").format(
                result=result, contract=contract
            ),
            where,
        )
    declarer = Seat(seat)
    return TableResult(
        **common,
        contract=str(contract),
        declarer=declarer,
        tricks=tricks,
        lead=_text(row, "LeadCard")[:3],
        score_ns=score_ns(contract, tricks, board_vulnerability(number), declarer),
    )
