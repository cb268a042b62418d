"""KoPS's pair page (HTML): one pair's results through a session, as the Polish club
scoring program KoPS publishes them (``h1.html``: pair 1's history).

It is not a traveller: each board has the one table this pair played at. Each row
gives the board, the pair's line (``NS``/``EW``), contract, declarer, lead, tricks
against the contract and the score from this pair's side, in the column of the side
that scored; the first row against each opponent names the opponents' pair number.
The percentage is this pair's, kept as written.
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

_OWN_PAIR = re.compile(r"PARY\s+NR\s+(\d{1,4})", re.IGNORECASE)
_RESULT_CELLS = 10  # board, line, contract, declarer, lead, tricks, score ns, ew, %, mark


def looks_like_kops_page(text: str) -> bool:
    return "KoPS" in text[:3000]


def read_kops_html(text: str, source: str) -> SessionResults:
    try:
        page = page_rows(text)
    except RecordError as error:
        raise error.located(source) from None
    own = _OWN_PAIR.search(page.title)
    if own is None:
        raise RecordError(_("the page title names no pair (PARY NR ...)"), source)
    pair = own.group(1)
    opponents = ""
    lines: dict[int, TableResult] = {}
    for row in page.rows:
        cells = row.cells
        if len(cells) < _RESULT_CELLS or cells[-9] not in ("NS", "EW"):
            continue
        if len(cells) > _RESULT_CELLS:
            opponents = cells[0]
        where = _("{source} line {line}").format(source=source, line=row.line)
        if not is_number(opponents):
            raise RecordError(_("a result comes before the opponents' pair number"), where)
        line = _line(row, pair, opponents, where)
        number = int(cells[-10])
        if number in lines:
            raise RecordError(_("board {number} appears twice").format(number=number), where)
        lines[number] = line
    if not lines:
        raise RecordError(_("the page has no board results"), source)
    return SessionResults(
        source=source,
        format="kops-html",
        event_type="KoPS",
        scoring="MP",
        boards={n: BoardResults(number=n, lines=[line]) for n, line in sorted(lines.items())},
        notice=_(
            "A KoPS pair page holds pair {pair}'s own results only: no board has a full traveller."
        ).format(pair=pair),
    )


def _line(row: Row, pair: str, opponents: str, where: str) -> TableResult:
    board, side, contract_text, declarer_text, lead, result, ns_cell, ew_cell, percent = row.cells[
        -10:-1
    ]
    if not is_number(board) or not 1 <= int(board) <= 999:
        raise RecordError(_("board {board} is not a board number").format(board=repr(board)), where)
    contract, declarer, tricks = played_line(contract_text, declarer_text, result, where)
    for_pair = written_number(ns_cell, _("score"), where)
    if for_pair is None:
        for_pair = written_number(ew_cell, _("score"), where)
    if for_pair is None:
        if contract != "PASS":
            raise RecordError(_("the row has no score in either column"), where)
        for_pair = 0
    own_percent = written_number(percent, _("percentage"), where)
    north_south = side == "NS"
    return TableResult(
        ns_pair=pair if north_south else opponents,
        ew_pair=opponents if north_south else pair,
        line=row.line,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        lead=lead[:3],
        score_ns=int(for_pair) if north_south else -int(for_pair),
        points_ns=own_percent if north_south else None,
        points_ew=None if north_south else own_percent,
    )
