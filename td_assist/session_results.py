"""A session's results file (from the scorer) kept beside its hand record.

The TD loads the results with the hand record, or alone when the results carry the
deals (a USEBIO ``HANDSET``, a Ruter PBN). The session then knows each table's result
on every board, and the scorer's file can be written back with the rulings' scores.
"""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import decode_record
from td_assist.bridge.formats.results import read_results
from td_assist.bridge.formats.usebio import handset_deals
from td_assist.bridge.results import SessionResults
from td_assist.i18n import _
from td_assist.store import Store, StoredResults


def read_results_file(raw: bytes, source: str) -> tuple[SessionResults, StoredResults]:
    """The results as read, and as kept with the session (file bytes and reading)."""
    results = read_results(raw, source)
    return results, StoredResults(source=source, results_json=results.model_dump_json(), raw=raw)


def deals_from_results(raw: bytes, results: SessionResults) -> list[Board]:
    """The boards a results file itself carries with their deals (may be none)."""
    if results.format == "usebio":
        text = raw.decode("utf-8-sig", errors="replace")
        deals = handset_deals(text, results.source)
        return [Board.checked(number=n, deal=deal) for n, deal in sorted(deals.items())]
    return []


def session_results(store: Store, session_id: str) -> SessionResults | None:
    stored = store.session_results(session_id)
    if stored is None:
        return None
    return SessionResults.model_validate_json(stored.results_json)


def results_notice(results: SessionResults, boards: set[int]) -> str:
    """What the TD should know about the results against the hand record."""
    lines = sum(len(board.lines) for board in results.boards.values())
    parts = [
        _("Results from {file}: {lines} table results on {boards} boards.").format(
            file=results.source, lines=lines, boards=len(results.boards)
        )
    ]
    missing = sorted(set(results.boards) - boards)
    if missing:
        shown = ", ".join(str(n) for n in missing[:12]) + (" ..." if len(missing) > 12 else "")
        parts.append(
            _("Boards {boards} have results but no deal in the hand record.").format(boards=shown)
        )
    if results.notice:
        parts.append(results.notice)
    return " ".join(parts)


def hand_record_text(raw: bytes, results: SessionResults) -> str | None:
    """A PBN results file is its own hand record when its games carry deals."""
    if results.format == "pbn":
        return decode_record(raw)
    return None


def no_deals_error(source: str) -> RecordError:
    return RecordError(
        _(
            "the results file has no deals: load the hand record with it, e.g. "
            "td-assist session load HANDS.pbn --results {source}"
        ).format(source=source)
    )
