"""The table rows of a scoring program's web page, as text a results reader can take.

JFR Pary and KoPS write contracts and leads with a picture for the suit
(``4<img src="H.gif">``); a cell's text here has the picture replaced by its suit
letter (``4H``, ``SQ``), so the readers see ``4H`` and ``NT`` as a TD would type them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _

MAX_ROWS = 20_000
_SUIT_PICTURE = re.compile(r"(?:^|/)(S|H|D|C|N|NT)\.gif$", re.IGNORECASE)


@dataclass
class Row:
    """One ``<tr>``: its cells' texts and the line of the page it starts on."""

    line: int
    cells: list[str] = field(default_factory=list)
    css: str = ""


class _RowCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[Row] = []
        self.row: Row | None = None
        self.cell: list[str] | None = None
        self.title: list[str] = []
        self.in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {name: value or "" for name, value in attrs}
        if tag == "tr":
            self._close_row()
            if len(self.rows) >= MAX_ROWS:
                raise RecordError(
                    _("the page has more than {count} table rows").format(count=MAX_ROWS)
                )
            self.row = Row(line=self.getpos()[0], css=named.get("class", ""))
        elif tag in ("td", "th") and self.row is not None:
            self._close_cell()
            self.cell = []
        elif tag == "img" and self.cell is not None:
            suit = _SUIT_PICTURE.search(named.get("src", "").strip())
            if suit:
                letter = suit.group(1).upper()
                self.cell.append("NT" if letter in ("N", "NT") else letter)
        elif tag == "br" and self.cell is not None:
            self.cell.append(" ")
        elif tag == "title":
            self.in_title = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self._close_cell()
        elif tag in ("tr", "table"):
            self._close_row()
        elif tag == "title":
            self.in_title = False

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        if self.in_title:
            self.title.append(data)

    def _close_cell(self) -> None:
        if self.cell is not None and self.row is not None:
            self.row.cells.append(" ".join("".join(self.cell).replace("\xa0", " ").split()))
        self.cell = None

    def _close_row(self) -> None:
        self._close_cell()
        if self.row is not None and self.row.cells:
            self.rows.append(self.row)
        self.row = None


@dataclass
class Page:
    title: str
    rows: list[Row]


def page_rows(text: str) -> Page:
    """Every table row of a page, in page order (nested tables' rows each on their own)."""
    collector = _RowCollector()
    collector.feed(text)
    collector.close()
    collector._close_row()
    return Page(title=" ".join("".join(collector.title).split()), rows=collector.rows)


def charset_of(raw: bytes) -> str:
    """The encoding a page declares in its ``<meta>`` (KoPS writes ISO-8859-2), or UTF-8."""
    declared = re.search(rb"charset\s*=\s*[\"']?([A-Za-z0-9_-]{2,20})", raw[:4000])
    return declared.group(1).decode("ascii").lower() if declared else "utf-8"


def decode_page(raw: bytes) -> str:
    try:
        return raw.decode(charset_of(raw))
    except (LookupError, UnicodeDecodeError):
        return raw.decode("latin-1")


def played_line(
    contract_text: str, declarer_text: str, result_text: str, where: str
) -> tuple[str, Seat | None, int | None]:
    """Contract, declarer and tricks taken from the cells ``4H``, ``S``, ``-1`` (or ``=``,
    ``+2``) as JFR Pary and KoPS write them; a passed-out board is ``PASS``."""
    try:
        contract = Contract.parse(contract_text)
    except RecordError as error:
        raise error.located(where) from None
    if contract.is_passed_out:
        return "PASS", None, None
    seat = declarer_text.strip().upper()
    if seat not in ("N", "E", "S", "W"):
        raise RecordError(
            _("declarer {seat} is not N, E, S or W").format(seat=shown(declarer_text)), where
        )
    result = result_text.strip()
    if not re.fullmatch(r"=|[+-]\d{1,2}", result):
        raise RecordError(
            _("result {result} is not =, +N or -N").format(result=shown(result_text)), where
        )
    tricks = contract.tricks_needed + (0 if result == "=" else int(result))
    if not 0 <= tricks <= 13:
        raise RecordError(
            _("result {result} on {contract} is not 0 to 13 tricks").format(
                result=result, contract=str(contract)
            ),
            where,
        )
    return str(contract), Seat(seat), tricks


def is_number(text: str) -> bool:
    """A pair or board number as the pages write them: up to four ASCII digits."""
    return re.fullmatch(r"[0-9]{1,4}", text) is not None


def written_number(text: str, what: str, where: str) -> float | None:
    """A score or percentage cell (``+420``, ``85.71``); None when the cell is empty."""
    cleaned = text.strip().replace(",", ".").rstrip("%")
    if not cleaned:
        return None
    if not re.fullmatch(r"[+-]?\d{1,6}(\.\d{1,4})?", cleaned):
        raise RecordError(
            _("{what} {text} is not a number").format(what=what, text=shown(text)), where
        )
    return float(cleaned)
