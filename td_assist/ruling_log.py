"""The event ruling log's entries and its exports for the scorer (CSV, PBN).

An entry's numbers are North-South's: declarer's tricks and the NS score as played
and after the ruling. What the ruling decided is exported as it was decided, and the
``score_kind`` column says which it is (``ScoreKind`` in store.py): an artificial
adjusted score (Law 12C2) as the percentages the scorer enters (60, 50 or 40); a
weighted score (Law 12C1(c)) as each side's weighted matchpoint percentage when it was
computed on a traveller, its weighted IMPs when against the other table's score, else
its weighted points, which may be fractional.

Every text cell of the CSV is made safe for a spreadsheet: a cell a spreadsheet would
read as a formula (starting with = + - @, a tab or a carriage return) gets a leading
apostrophe, as OWASP advises for CSV injection. Numbers are written as numbers.
"""

from __future__ import annotations

import csv
import io

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.pbn import board_to_pbn
from td_assist.bridge.scoring import ArtificialScore
from td_assist.i18n import _
from td_assist.lawbook.model import display_anchor
from td_assist.rulings.engine.model import Adjustment, Ruling
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
    "score_kind",
    "score_ew_after",
    "ns_imps",
    "ew_imps",
)
# The columns that hold numbers; every other cell is text and is made formula-safe.
NUMBER_COLUMNS = frozenset(
    {
        "board",
        "tricks_played",
        "score_ns_played",
        "tricks_after",
        "score_ns_after",
        "ns_percent",
        "ew_percent",
        "score_ew_after",
        "ns_imps",
        "ew_imps",
    }
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
    facts = LogFacts(
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
        score_kind="points" if score_after is not None else "",
        outcome=ruling.outcome or "",
        title=ruling.title,
        laws=list(ruling.laws),
    )
    return facts.model_copy(update=_decided(adjustment))


def _decided(adjustment: Adjustment | None) -> dict[str, object]:
    """What a Law 12C adjusted score decided, in the unit it was decided in."""
    if adjustment is None or not getattr(adjustment, "adjusted", False):
        return {}
    by_side = getattr(adjustment, "by_side", None) or {}
    ns, ew = by_side.get("NS"), by_side.get("EW")
    if ns is None or ew is None:
        return {}
    if not getattr(adjustment, "weighted", None):
        # No result assigned: an artificial score, each side's percentage by its fault.
        if ns.mp_percent is None or ew.mp_percent is None:
            return {}
        return {
            "score_kind": "artificial_percent",
            "score_after": None,
            "tricks_after": None,
            "artificial_ns": round(ns.mp_percent),
            "artificial_ew": round(ew.mp_percent),
        }
    if getattr(adjustment, "mp_percent_ns", None) is not None:
        decided: dict[str, object] = {
            "score_kind": "weighted_percent",
            "percent_ns": ns.mp_percent,
            "percent_ew": ew.mp_percent,
        }
    elif getattr(adjustment, "imps_ns", None) is not None:
        decided = {"score_kind": "weighted_imps", "imps_ns": ns.imps, "imps_ew": ew.imps}
    else:
        decided = {"score_kind": "weighted_points"}
    return {
        **decided,
        "score_after": _points(ns.score),
        "score_ew_after": _points(ew.score),
        "tricks_after": None,  # a weighted score is no one number of tricks
    }


def _points(value: float) -> int | float:
    """Weighted points as the ruling gives them: whole when whole, else to 2 decimals."""
    return int(value) if float(value).is_integer() else round(value, 2)


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
                raise RecordError(
                    _("an artificial score is 60, 50 or 40 percent, not {percent}").format(
                        percent=percent
                    )
                )
        return facts.model_copy(
            update={
                **_NOTHING_DECIDED,
                "score_kind": "artificial_percent",
                "artificial_ns": artificial[0],
                "artificial_ew": artificial[1],
            }
        )
    if tricks_after is not None:
        if board is None or board.contract_obj is None:
            raise RecordError(_("this board has no contract, so a number of tricks cannot score"))
        return facts.model_copy(
            update={
                **_NOTHING_DECIDED,
                "score_kind": "points",
                "tricks_after": tricks_after,
                "score_after": board.score_ns(tricks_after),
            }
        )
    return facts


# A new result replaces everything the amended entry's ruling decided.
_NOTHING_DECIDED: dict[str, object] = {
    "tricks_after": None,
    "score_after": None,
    "score_ew_after": None,
    "artificial_ns": None,
    "artificial_ew": None,
    "percent_ns": None,
    "percent_ew": None,
    "imps_ns": None,
    "imps_ew": None,
}


def export_entries(
    store: Store, session_id: str | None, board_number: int | None = None
) -> list[LogEntry]:
    """Each ruling as it stands (a correction replaces what it corrects), in board order."""
    rows = [entry for entry, _history in store.latest_entries(session_id, board_number)]
    return sorted(reversed(rows), key=lambda e: (e.board_number or 0, e.table))


def score_after_text(entry: LogEntry) -> str:
    """The score after the ruling as the log shows it, in the unit it was decided in
    (in the reader's language: the printed report and the PBN commentary are read)."""
    if entry.score_kind == "artificial_percent" or entry.artificial_ns is not None:
        return f"{entry.artificial_ns}% / {entry.artificial_ew}%"
    if entry.score_kind == "weighted_percent":
        return _("{ns}% / {ew}% (weighted)").format(
            ns=f"{entry.percent_ns:.2f}", ew=f"{entry.percent_ew:.2f}"
        )
    if entry.score_kind == "weighted_imps":
        return _("{ns} IMPs / EW {ew} IMPs (weighted)").format(
            ns=f"{entry.imps_ns:+g}", ew=f"{entry.imps_ew:+g}"
        )
    if entry.score_after is None:
        return ""
    ns = f"{entry.score_after:+g}"
    if entry.score_kind != "weighted_points":
        return ns
    if entry.score_ew_after is not None and entry.score_ew_after != -entry.score_after:
        return _("{ns} / EW {ew} (weighted)").format(ns=ns, ew=f"{entry.score_ew_after:+g}")
    return _("{ns} (weighted)").format(ns=ns)


def entry_kind_text(kind: str) -> str:
    """A log entry's kind (``ruling``, ``correction``, ``appeal``) as the reader says it."""
    return {"ruling": _("ruling"), "correction": _("correction"), "appeal": _("appeal")}.get(
        kind, kind
    )


def csv_rows(entries: list[LogEntry]) -> list[dict[str, object]]:
    """Each ruling as it stands as a CSV row: numbers as numbers, blanks as ''."""
    rows = []
    for entry in entries:
        kind = entry.score_kind
        points = kind in ("points", "weighted_points")
        rows.append(
            {
                "session": entry.session_name,
                "board": entry.board_number,
                "table": entry.table,
                "ns_pair": entry.ns_pair,
                "ew_pair": entry.ew_pair,
                "contract": entry.contract,
                "declarer": entry.declarer,
                "tricks_played": entry.tricks_played,
                "score_ns_played": entry.score_played,
                "tricks_after": entry.tricks_after if kind == "points" else None,
                "score_ns_after": entry.score_after if points else None,
                "ns_percent": entry.percent_ns
                if kind == "weighted_percent"
                else entry.artificial_ns,
                "ew_percent": entry.percent_ew
                if kind == "weighted_percent"
                else entry.artificial_ew,
                "wizard": entry.wizard,
                "ruling": entry.title,
                "laws": " ".join(display_anchor(a) for a in entry.laws),
                "time": entry.local_time,
                "ruling_id": entry.id,
                "amends": entry.amends or "",
                "score_kind": kind,
                "score_ew_after": entry.score_ew_after if kind == "weighted_points" else None,
                "ns_imps": entry.imps_ns if kind == "weighted_imps" else None,
                "ew_imps": entry.imps_ew if kind == "weighted_imps" else None,
            }
        )
    return rows


def to_csv(entries: list[LogEntry]) -> str:
    """One row per ruling as it stands (corrections replace what they correct)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in csv_rows(entries):
        writer.writerow(
            _number_cell(row[name]) if name in NUMBER_COLUMNS else safe_cell(str(row[name] or ""))
            for name in CSV_COLUMNS
        )
    return out.getvalue()


def _number_cell(value: object) -> str:
    if value is None or isinstance(value, bool) or not isinstance(value, int | float):
        return ""
    rounded = round(float(value), 2)
    return str(int(rounded)) if rounded.is_integer() else f"{rounded:.2f}".rstrip("0")


def _blank(value: int | float | None) -> str:
    if value is None:
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    """A text cell a spreadsheet will not run: one that would start a formula gets a
    leading apostrophe (OWASP, "CSV Injection")."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _comment(text: str) -> str:
    """PBN commentary text: braces would end the comment early."""
    return text.replace("{", "(").replace("}", ")")


def _score_tags(entry: LogEntry, board: Board) -> list[str]:
    """The PBN 2.1 score tags (section 4.2) for what the ruling decided.

    ``[Score]`` is written only for a score of the game's own contract and result, so
    it never contradicts ``[Result]``: a weighted score is no one result, so it goes in
    ``[ScorePercentage]`` (matchpoints) or ``[ScoreIMP]`` (IMPs), each side's own, and
    weighted points only in the commentary (the CSV has them as numbers).
    """
    kind = entry.score_kind
    if kind == "artificial_percent":
        return [f'[ScorePercentage "NS {entry.artificial_ns} EW {entry.artificial_ew}"]']
    if kind == "weighted_percent":
        ns, ew = _number_cell(entry.percent_ns), _number_cell(entry.percent_ew)
        return [f'[ScorePercentage "NS {ns} EW {ew}"]']
    if kind == "weighted_imps":
        return [f'[ScoreIMP "NS {_number_cell(entry.imps_ns)} EW {_number_cell(entry.imps_ew)}"]']
    if kind == "points" and entry.score_after is not None:
        tricks = entry.tricks_after
        tricks = board.declarer_tricks_played() if tricks is None else tricks
        consistent = board.contract_obj is not None and (
            board.contract_obj.is_passed_out
            or (tricks is not None and board.score_ns(tricks) == entry.score_after)
        )
        if consistent:
            return [f'[Score "NS {entry.score_after}"]']
    return []


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
        if (
            entry.score_kind == "points"
            and entry.tricks_after is not None
            and board.contract_obj is not None
        ):
            board = board.model_copy(update={"result": entry.tricks_after, "claim": None})
        text = board_to_pbn(board).rstrip("\n").split("\n")
        extra = []
        if entry.table:
            extra.append(f'[Table "{entry.table}"]')
        extra.extend(_score_tags(entry, board))
        result_at = next(i for i, line in enumerate(text) if line.startswith("[Result "))
        text[result_at + 1 : result_at + 1] = extra
        ruling = saved.ruling
        laws = ", ".join(display_anchor(a) for a in saved.laws)
        # the commentary is for a person: in the TD's language; the tags above stay PBN
        pairs = []
        if entry.table:
            pairs.append(_("table {table}").format(table=entry.table))
        if entry.ns_pair:
            pairs.append(_("NS pair {pair}").format(pair=entry.ns_pair))
        if entry.ew_pair:
            pairs.append(_("EW pair {pair}").format(pair=entry.ew_pair))
        facts = [
            entry_kind_text(entry.kind),
            entry.local_time,
            *([" ".join(pairs)] if pairs else []),
        ]
        lines = [
            _("Ruling ({facts}): {title}").format(facts=", ".join(facts), title=saved.title),
            str(ruling.get("text", "")),
            _("Score as played: NS {played}; after the ruling: NS {after}.").format(
                played=_blank(entry.score_played), after=score_after_text(entry)
            ),
            _("Laws: {laws}.").format(laws=laws) if laws else "",
            _("TD's note: {note}").format(note=saved.note) if saved.note else "",
        ]
        text.append("{" + _comment("\n".join(line for line in lines if line)) + "}")
        games.append("\n".join(text))
    return PBN_HEAD + "\n\n".join(games) + ("\n" if games else "")


PBN_HEAD = "% PBN 2.1\n% EXPORT\n% td-assist ruling log\n\n"
REPORT_MARK = '<meta name="generator" content="td-assist ruling log">'


def is_log_export(head: str) -> bool:
    """Whether ``head`` (a file's first few kB) begins an export of the ruling log in
    any format, so that writing a new export over it loses nothing else.

    CSV: its header row's first columns; PBN: the header lines (before the td-assist line,
    an export's games all carried a ``{Ruling (`` commentary); HTML: the report's mark.
    """
    head = head.removeprefix("\ufeff")
    if head.startswith(",".join(CSV_COLUMNS[:5]) + ","):
        return True
    if head.startswith(PBN_HEAD.rstrip("\n")):
        return True
    if head.startswith("% PBN 2.1\n% EXPORT\n\n"):
        rest = head[len("% PBN 2.1\n% EXPORT\n\n") :]
        return not rest.strip() or "{Ruling (" in rest
    return head.lstrip().startswith("<!doctype html>") and REPORT_MARK in head
