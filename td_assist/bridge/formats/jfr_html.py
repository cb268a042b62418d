"""JFR Pary's board page (HTML): one board's traveller, as the Polish scoring program
JFR Pary publishes it (``wb120802001.html``: event ``wb120802``, board 1).

Each table is a row: N-S and E-W pair numbers, contract (a suit picture after the
level), declarer, lead, tricks against the contract (``-1``, ``=``, ``+2``), the score
in the column of the side that scored it, and both sides' percentages. A director's
score is a row whose contract cell says ``TD`` with only the percentages (``60.00``
and ``0.00`` is a split score); it is kept as written, never recomputed.
"""

from __future__ import annotations

import re

from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.html_rows import (
    Row,
    is_number,
    page_rows,
    played_line,
    written_number,
)
from td_assist.bridge.results import BoardResults, SessionResults, TableResult
from td_assist.i18n import _

_PAIR_HEADER = ("N-S", "E-W")
_BOARD_IN_TITLE = re.compile(r"(\d{1,3})\s*$")


def looks_like_jfr_board_page(text: str) -> bool:
    head = text[:3000]
    return "JFR" in head and "GENERATOR" in head.upper() and "KoPS" not in head


def read_jfr_html(text: str, source: str) -> SessionResults:
    try:
        page = page_rows(text)
    except RecordError as error:
        raise error.located(source) from None
    number = _board_number(page.title, source)
    where = _("{source}, board {number}").format(source=source, number=number)
    rows = _traveller_rows(page.rows, where)
    lines = [
        _line(row, _("{where} line {line}").format(where=where, line=row.line)) for row in rows
    ]
    return SessionResults(
        source=source,
        format="jfr-html",
        event_type="JFR Pary",
        scoring="MP",
        boards={number: BoardResults(number=number, lines=lines)},
    )


def _board_number(title: str, source: str) -> int:
    found = _BOARD_IN_TITLE.search(title)
    if found is None or not 1 <= int(found.group(1)) <= 999:
        raise RecordError(
            _("the page title {title} names no board number").format(title=repr(title[:40])),
            source,
        )
    return int(found.group(1))


def _traveller_rows(rows: list[Row], where: str) -> list[Row]:
    """The rows after the N-S / E-W column header, up to the first row that is not a
    table's result (the hand diagram follows)."""
    start = next((i for i, row in enumerate(rows) if tuple(row.cells[:2]) == _PAIR_HEADER), None)
    if start is None:
        raise RecordError(_("the page has no traveller (no N-S / E-W column header)"), where)
    found = []
    for row in rows[start + 1 :]:
        cells = row.cells
        if len(cells) < 9 or not (is_number(cells[1]) and is_number(cells[2])):
            break
        found.append(row)
    if not found:
        raise RecordError(_("the traveller has no table results"), where)
    return found


def _line(row: Row, where: str) -> TableResult:
    cells = row.cells
    ns_pair, ew_pair = cells[1], cells[2]
    percent_ns = written_number(cells[-2], _("percentage"), where)
    percent_ew = written_number(cells[-1], _("percentage"), where)
    contract_text, declarer_text = cells[3], cells[4]
    if not declarer_text and not re.match(r"[1-7]|PASS", contract_text.upper()):
        # A director's score: the cell says what it is (TD), the percentages are the score.
        return TableResult(
            ns_pair=ns_pair,
            ew_pair=ew_pair,
            line=row.line,
            artificial=contract_text[:40] or "?",
            ns_percent=None if percent_ns is None else round(percent_ns),
            ew_percent=None if percent_ew is None else round(percent_ew),
            points_ns=percent_ns,
            points_ew=percent_ew,
        )
    if len(cells) < 11:
        raise RecordError(
            _("the row has {count} cells, not the 11 of a table result").format(count=len(cells)),
            where,
        )
    contract, declarer, tricks = played_line(contract_text, declarer_text, cells[6], where)
    score_for_ns = written_number(cells[7], _("score"), where)
    score_for_ew = written_number(cells[8], _("score"), where)
    if score_for_ns is not None:
        score = int(score_for_ns)
    elif score_for_ew is not None:
        score = -int(score_for_ew)
    elif contract == "PASS":
        score = 0
    else:
        raise RecordError(_("the row has no score in either column"), where)
    return TableResult(
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        line=row.line,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        lead=cells[5][:3],
        score_ns=score,
        points_ns=percent_ns,
        points_ew=percent_ew,
    )
