"""Travellers typed as plain text for a home-made scorer (R. Hillyard's ``Bridge``).

Two layouts, both after a title, a section/movement line (``A DW``) and the pair list
(``1 N names``, ``1 E names``):

- travellers: ``T <board>``, then one ``<NS pair> <EW pair> <NS score>`` line per table,
  the block closed by ``.``;
- pick-up slips: ``P <NS pair> <EW pair>``, then one ``<board> <NS score>`` line per
  board that pair played.

A score that is not a number (``A-`` for an adjusted score, ``DNP`` for did not play)
is kept as written: the format does not say what percentage it stands for.
"""

from __future__ import annotations

import re

from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.results import BoardResults, SessionResults, TableResult
from td_assist.i18n import _

MAX_LINES = 100_000
_TRAVELLER = re.compile(r"T\s+(\d{1,3})")
_SLIP = re.compile(r"P\s+(\d{1,4})\s+(\d{1,4})")
_PAIR = re.compile(r"\d{1,4}\s+[NE]\b.*")
_SCORE = r"(-?\d{1,5}|[A-Z][A-Z+=-]{0,5})"
_TRAVELLER_LINE = re.compile(rf"(\d{{1,4}})\s+(\d{{1,4}})\s+{_SCORE}")
_SLIP_LINE = re.compile(rf"(\d{{1,3}})\s+{_SCORE}")


def looks_like_traveller_text(text: str) -> bool:
    """At least one traveller (``T 1``) or pick-up slip (``P 1 2``) header on its own line."""
    return any(
        _TRAVELLER.fullmatch(line.strip()) or _SLIP.fullmatch(line.strip())
        for line in text.splitlines()[:400]
    )


def _result(ns_pair: str, ew_pair: str, score: str, line: int) -> TableResult:
    if re.fullmatch(r"-?\d{1,5}", score):
        return TableResult(ns_pair=ns_pair, ew_pair=ew_pair, line=line, score_ns=int(score))
    return TableResult(ns_pair=ns_pair, ew_pair=ew_pair, line=line, artificial=score)


def read_traveller_text(text: str, source: str) -> SessionResults:
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise RecordError(_("the file has more than {count} lines").format(count=MAX_LINES), source)
    boards: dict[int, list[TableResult]] = {}
    board: int | None = None  # inside a "T <board>" block
    slip: tuple[str, str] | None = None  # inside a "P <ns> <ew>" block
    seen_block = False
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        where = _("{source} line {line}").format(source=source, line=number)
        if not line or line == ".":
            board = None if line == "." else board
            slip = None if not line else slip
            continue
        header = _TRAVELLER.fullmatch(line)
        if header:
            board, slip, seen_block = _board_number(header.group(1), where), None, True
            continue
        header = _SLIP.fullmatch(line)
        if header:
            board, slip, seen_block = None, (header.group(1), header.group(2)), True
            continue
        if board is not None:
            row = _TRAVELLER_LINE.fullmatch(line)
            if row is None:
                raise RecordError(
                    _("{text} is not a traveller line 'NS pair, EW pair, NS score'").format(
                        text=_shown(line)
                    ),
                    where,
                )
            boards.setdefault(board, []).append(_result(row[1], row[2], row[3], number))
            continue
        if slip is not None:
            row = _SLIP_LINE.fullmatch(line)
            if row is None:
                raise RecordError(
                    _("{text} is not a pick-up slip line 'board, NS score'").format(
                        text=_shown(line)
                    ),
                    where,
                )
            on = _board_number(row[1], where)
            boards.setdefault(on, []).append(_result(slip[0], slip[1], row[2], number))
            continue
        if seen_block and not _PAIR.fullmatch(line):
            raise RecordError(
                _("{text} is neither a 'T board' nor a 'P NS EW' header").format(text=_shown(line)),
                where,
            )
        # Before the first block: the title, the section line and the pair list.
    if not boards:
        raise RecordError(_("the file has no traveller and no pick-up slip"), source)
    return SessionResults(
        source=source,
        format="traveller-text",
        scoring="MP",
        boards={n: BoardResults(number=n, lines=found) for n, found in sorted(boards.items())},
    )


def _shown(line: str) -> str:
    """The line as the TD sees it: tabs shown as spaces, not dropped."""
    return shown(" ".join(line.split()))


def _board_number(text: str, where: str) -> int:
    if not 1 <= int(text) <= 999:
        raise RecordError(_("board {board} is not a board number").format(board=text), where)
    return int(text)
