"""The event ruling log's entries and its exports for the scorer (CSV, PBN).

An entry's numbers are North-South's: declarer's tricks and the NS score as played
and after the ruling. An artificial adjusted score (Law 12C2) is written as the
percentages the scorer enters (60, 50 or 40), not as points.
"""

from __future__ import annotations

import csv
import io

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.pbn import board_to_pbn
from td_assist.bridge.scoring import ArtificialScore
from td_assist.lawbook.model import display_anchor
from td_assist.rulings.engine.model import Ruling
from td_assist.store import LogEntry, LogFacts, SavedRuling, Store

ARTIFICIAL_PERCENT = {score.percent: score for score in ArtificialScore}

CSV_COLUMNS = (
    "session",
    "board",
    "table",
    "ns_pair",
    "ew_pair",
    "contract",
    "declarer",
    "tricks_played",
    "score_ns_played",
    "tricks_after",
    "score_ns_after",
    "ns_percent",
    "ew_percent",
    "wizard",
    "ruling",
    "laws",
    "time",
    "ruling_id",
    "amends",
)


def log_facts(
    board: Board,
    ruling: Ruling,
    session_id: str | None,
    table: str = "",
    ns_pair: str = "",
    ew_pair: str = "",
) -> LogFacts:
    """What the log lists for a finished ruling on ``board``."""
    contract = board.contract_obj
    adjustment = ruling.adjustment
    tricks_played = board.declarer_tricks_played()
    tricks_after = tricks_played
    score_played = score_after = None
    if adjustment is not None and adjustment.declarer_tricks_played is not None:
        tricks_played = adjustment.declarer_tricks_played
        tricks_after = adjustment.declarer_tricks_final
        score_played, score_after = adjustment.score_ns_played, adjustment.score_ns_final
    if contract is not None and contract.is_passed_out:
        score_played = score_after = 0
    elif contract is not None and score_played is None and tricks_played is not None:
        score_played = board.score_ns(tricks_played)
        score_after = board.score_ns(tricks_after) if tricks_after is not None else None
    return LogFacts(
        session_id=session_id,
        board_number=board.number,
        table=table,
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        contract=str(contract) if contract else "",
        declarer=board.declarer_seat.value if board.declarer_seat else "",
        tricks_played=tricks_played,
        tricks_after=tricks_after,
        score_played=score_played,
        score_after=score_after,
        outcome=ruling.outcome or "",
        title=ruling.title,
        laws=list(ruling.laws),
    )


def amended_facts(
    original: SavedRuling,
    board: Board | None,
    tricks_after: int | None,
    artificial: tuple[int, int] | None,
) -> LogFacts:
    """The facts of a correction or appeal outcome: the original's, with the new result.

    ``artificial`` is (NS percent, EW percent), each 60, 50 or 40.
    """
    facts = LogFacts.model_validate(original.model_dump(include=set(LogFacts.model_fields)))
    if artificial is not None:
        for percent in artificial:
            if percent not in ARTIFICIAL_PERCENT:
                raise RecordError(f"an artificial score is 60, 50 or 40 percent, not {percent}")
        return facts.model_copy(
            update={
                "tricks_after": None,
                "score_after": None,
                "artificial_ns": artificial[0],
                "artificial_ew": artificial[1],
            }
        )
    if tricks_after is not None:
        if board is None or board.contract_obj is None:
            raise RecordError("this board has no contract, so a number of tricks cannot score")
        return facts.model_copy(
            update={
                "tricks_after": tricks_after,
                "score_after": board.score_ns(tricks_after),
                "artificial_ns": None,
                "artificial_ew": None,
            }
        )
    return facts


def export_entries(
    store: Store, session_id: str | None, board_number: int | None = None
) -> list[LogEntry]:
    """Each ruling as it stands (a correction replaces what it corrects), in board order."""
    rows = [entry for entry, _history in store.latest_entries(session_id, board_number)]
    return sorted(reversed(rows), key=lambda e: (e.board_number or 0, e.table))


def score_after_text(entry: LogEntry) -> str:
    if entry.artificial_ns is not None:
        return f"{entry.artificial_ns}% / {entry.artificial_ew}%"
    return "" if entry.score_after is None else f"{entry.score_after:+d}"


def to_csv(entries: list[LogEntry]) -> str:
    """One row per ruling as it stands (corrections replace what they correct)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for entry in entries:
        artificial = entry.artificial_ns is not None
        writer.writerow(
            [
                entry.session_name,
                entry.board_number or "",
                entry.table,
                entry.ns_pair,
                entry.ew_pair,
                entry.contract,
                entry.declarer,
                _blank(entry.tricks_played),
                _blank(entry.score_played),
                "" if artificial else _blank(entry.tricks_after),
                "" if artificial else _blank(entry.score_after),
                _blank(entry.artificial_ns),
                _blank(entry.artificial_ew),
                entry.wizard,
                _safe_cell(entry.title),
                " ".join(display_anchor(a) for a in entry.laws),
                entry.local_time,
                entry.id,
                entry.amends or "",
            ]
        )
    return out.getvalue()


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


def _safe_cell(text: str) -> str:
    """A spreadsheet must not read a ruling's title as a formula."""
    return "'" + text if text[:1] in "=+-@" else text


def _comment(text: str) -> str:
    """PBN commentary text: braces would end the comment early."""
    return text.replace("{", "(").replace("}", ")")


def to_pbn(store: Store, entries: list[LogEntry]) -> str:
    """Each ruled board with its result and score after the ruling and the ruling as a
    commentary; the file reads back as a record."""
    games = []
    for entry in entries:
        saved = store.ruling(entry.id)
        data = store.board(entry.board_id) if entry.board_id else None
        if saved is None or data is None:
            continue
        board = Board.model_validate(data)
        if entry.tricks_after is not None and board.contract_obj is not None:
            board = board.model_copy(update={"result": entry.tricks_after, "claim": None})
        text = board_to_pbn(board).rstrip("\n").split("\n")
        extra = []
        if entry.table:
            extra.append(f'[Table "{entry.table}"]')
        if entry.artificial_ns is not None:
            extra.append(f'[ScorePercentage "NS {entry.artificial_ns} EW {entry.artificial_ew}"]')
        elif entry.score_after is not None:
            extra.append(f'[Score "NS {entry.score_after}"]')
        result_at = next(i for i, line in enumerate(text) if line.startswith("[Result "))
        text[result_at + 1 : result_at + 1] = extra
        ruling = saved.ruling
        laws = ", ".join(display_anchor(a) for a in saved.laws)
        pairs = " ".join(
            part
            for part in (
                f"table {entry.table}" if entry.table else "",
                f"NS pair {entry.ns_pair}" if entry.ns_pair else "",
                f"EW pair {entry.ew_pair}" if entry.ew_pair else "",
            )
            if part
        )
        lines = [
            f"Ruling ({entry.kind}, {entry.local_time}{', ' + pairs if pairs else ''}): "
            f"{saved.title}",
            str(ruling.get("text", "")),
            f"Score as played: NS {_blank(entry.score_played)}; "
            f"after the ruling: NS {score_after_text(entry)}.",
            f"Laws: {laws}." if laws else "",
            f"TD's note: {saved.note}" if saved.note else "",
        ]
        text.append("{" + _comment("\n".join(line for line in lines if line)) + "}")
        games.append("\n".join(text))
    return "% PBN 2.1\n% EXPORT\n\n" + "\n\n".join(games) + ("\n" if games else "")
