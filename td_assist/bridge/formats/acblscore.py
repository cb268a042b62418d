"""ACBLscore game files (binary; ``.ACA`` .. ``.ACM``): each section's board results.

The layout is M. Kidd's decoding ("ACBLscore Game Files Decoded", lajollabridge.com):
a header with up to 50 event pointers and a table of up to 100 section summaries; each
section points at its board index, and each board at its result rows. A pairs row is
``round, table, (N-S pair, N-S score, N-S match points), (E-W pair, E-W score, E-W
match points)``, each score from that side's view and stored divided by ten, the match
points times 100. ACBLscore keeps no contract, declarer or tricks.

Scores 900 and up are codes: ``Late Play`` (900), ``Not Played`` (950), ``Ave-``
(2040), ``Ave`` (2050), ``Ave+`` (2060); 999 marks a board not in play that round. Each
side has its own score field, so one side may have ``Ave+`` while the other keeps its
table score: the line is then artificial, written ``Ave+/+100`` (N-S first), with the
file's match points. Every field is read within the file's bounds; a damaged file gets
an error naming the offset.
"""

from __future__ import annotations

import struct

from td_assist.bridge.errors import RecordError
from td_assist.bridge.results import BoardResults, SessionResults, TableResult
from td_assist.i18n import _

MAGIC = b"\x12\x0a\x03AC3"
_EVENTS = 50
_SECTIONS = 100
_SECTION_TABLE = 0x13E
_SECTION_SIZE = 22
_BOARD_INDEX_ROWS = 0x26
_EVENT_KINDS = {0: "Pairs", 1: "Teams", 2: "Individual", 3: "Home Style Pairs", 4: "BAM"}
_SPECIAL = {900: "Late Play", 950: "Not Played", 2040: "Ave-", 2050: "Ave", 2060: "Ave+"}
_PERCENT = {"Ave-": 40, "Ave": 50, "Ave+": 60}
_NOT_IN_PLAY = 999
_HOWELL = 1
_MAX_ROW_SLOTS = 400  # rows read per board, counting skipped ones: far above any session


def looks_like_acblscore(raw: bytes) -> bool:
    return raw[:6] == MAGIC


class _File:
    def __init__(self, raw: bytes, source: str) -> None:
        self.raw = raw
        self.source = source

    def unpack(self, layout: str, offset: int) -> tuple[int, ...]:
        try:
            return struct.unpack_from("<" + layout, self.raw, offset)
        except struct.error:
            raise RecordError(
                _("the file ends before the field at byte {offset} (damaged or cut short)").format(
                    offset=offset
                ),
                self.source,
            ) from None

    def byte(self, offset: int) -> int:
        return self.unpack("B", offset)[0]

    def u16(self, offset: int) -> int:
        return self.unpack("H", offset)[0]

    def u32(self, offset: int) -> int:
        return self.unpack("I", offset)[0]

    def letter(self, offset: int) -> str:
        length = min(self.byte(offset), 4)
        return self.raw[offset + 1 : offset + 1 + length].decode("latin-1").strip()


def read_acblscore(raw: bytes, source: str) -> SessionResults:
    if not looks_like_acblscore(raw):
        raise RecordError(_("the file does not start as an ACBLscore game file ('AC3')"), source)
    game = _File(raw, source)
    kinds = {
        event + 1: game.byte(0xDA + event) for event in range(_EVENTS) if game.u32(0x12 + 4 * event)
    }
    sections = []
    for index in range(_SECTIONS):
        summary = _SECTION_TABLE + index * _SECTION_SIZE
        event = game.byte(summary)
        if event in kinds:
            sections.append((event, game.letter(summary + 1), summary))
    if not sections:
        raise RecordError(_("the game file holds no section"), source)
    several = len(sections) > 1
    boards: dict[int, list[TableResult]] = {}
    for event, letter, summary in sections:
        kind = kinds[event]
        if kind not in (0, 3):  # pairs; the rarer teams and individual files carry no pairs rows
            raise RecordError(
                _("section {section} is a {kind} event; only pairs events are read").format(
                    section=letter, kind=_EVENT_KINDS.get(kind, str(kind))
                ),
                source,
            )
        details = game.u32(summary + 4)
        howell = game.byte(details + 0x18) == _HOWELL
        board_index = game.u32(summary + 8)
        if not board_index:
            continue  # scored by hand: ACBLscore only awarded masterpoints
        prefix = letter if several else ""
        for number, lines in _section_boards(game, board_index, prefix, howell):
            boards.setdefault(number, []).extend(lines)
    if not boards:
        raise RecordError(_("no section of the game file has board results"), source)
    notice = ""
    if several:
        notice = _(
            "The file holds sections {sections}: tables and pairs carry their section letter "
            "(A3 is table 3 of section A), and each board lists every section's results."
        ).format(sections=", ".join(letter for _event, letter, _summary in sections))
    return SessionResults(
        source=source,
        format="acblscore",
        event_type="ACBLscore pairs",
        scoring="MP",
        boards={n: BoardResults(number=n, lines=found) for n, found in sorted(boards.items())},
        notice=notice,
    )


def _section_boards(
    game: _File, board_index: int, prefix: str, howell: bool
) -> list[tuple[int, list[TableResult]]]:
    found = []
    count = game.u16(board_index + 4)
    if count > 999:
        raise RecordError(
            _("the board index at byte {offset} lists {count} boards").format(
                offset=board_index, count=count
            ),
            game.source,
        )
    for slot in range(count):
        entry = board_index + _BOARD_INDEX_ROWS + slot * 8
        number, _unused, results, rows_at = game.unpack("BBHI", entry)
        if not 1 <= number <= 999:
            raise RecordError(
                _("board number {number} at byte {offset} is not a board number").format(
                    number=number, offset=entry
                ),
                game.source,
            )
        found.append((number, _board_rows(game, number, results, rows_at + 6, prefix, howell)))
    return found


def _board_rows(
    game: _File, number: int, results: int, offset: int, prefix: str, howell: bool
) -> list[TableResult]:
    """The rows of one board: ``results`` counts the scored ones; rows marked not in play,
    late play or not played come between them and are not counted."""
    lines: list[TableResult] = []
    slots = 0
    while results > 0:
        slots += 1
        if slots > _MAX_ROW_SLOTS:
            raise RecordError(
                _("board {number}: the result rows at byte {offset} do not end").format(
                    number=number, offset=offset
                ),
                game.source,
            )
        at = offset
        _round, table, ns_pair, ns_score, ns_points, ew_pair, ew_score, ew_points = game.unpack(
            "BBHhIHhI", at
        )
        offset += 18
        if ns_score == _NOT_IN_PLAY:
            continue
        if ns_score not in (900, 950):
            results -= 1
        ns_name = f"{prefix}{ns_pair}" if howell else f"{prefix}{ns_pair}NS"
        ew_name = f"{prefix}{ew_pair}" if howell else f"{prefix}{ew_pair}EW"
        common = {
            "ns_pair": ns_name,
            "ew_pair": ew_name,
            "table": f"{prefix}{table}",
            "section": prefix,
            "line": at,
            "points_ns": ns_points / 100,
            "points_ew": ew_points / 100,
        }
        ns_text, ew_text = _score_text(ns_score), _score_text(ew_score)
        if ns_text is None and ew_text is None:
            lines.append(TableResult(**common, score_ns=ns_score * 10))
            continue
        artificial = ns_text or "" if ns_text == ew_text else None
        if artificial is None:
            artificial = f"{ns_text or f'{ns_score * 10:+d}'}/{ew_text or f'{ew_score * 10:+d}'}"
        lines.append(
            TableResult(
                **common,
                artificial=artificial,
                ns_percent=_PERCENT.get(ns_text or ""),
                ew_percent=_PERCENT.get(ew_text or ""),
            )
        )
    return lines


def _score_text(stored: int) -> str | None:
    """None for a table score; the special score's name; a fouled board's marking."""
    if stored < 900:
        return None
    if stored in _SPECIAL:
        return _SPECIAL[stored]
    if stored >= 3000:
        group = (stored - 1000) // 2000
        return f"{(stored - 2000 * (group + 1)) * 10}F{group}"
    return f"code {stored}"
