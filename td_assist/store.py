"""The event ruling log and the loaded sessions, in SQLite in the user's folder.

Every write is its own transaction in WAL mode with ``synchronous=FULL``, so a
recorded ruling survives a crash or a pulled plug once it is acknowledged. Rulings
are never changed or deleted: a correction or an appeal outcome is a new entry that
names the one it amends. Ids are random tokens, safe to put in a permalink. The file
is created readable by its owner only.

>>> store = Store(":memory:")
>>> board_id = store.save_board({"deal": None}, source="test")
>>> store.board(board_id)["deal"] is None
True
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
from collections import OrderedDict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from td_assist.paths import user_dir

SCHEMA_VERSION = 3

_TABLES = """
CREATE TABLE IF NOT EXISTS boards (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    source TEXT NOT NULL,
    board TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rulings (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    board_id TEXT REFERENCES boards(id),
    wizard TEXT NOT NULL,
    answers TEXT NOT NULL,
    ruling TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created TEXT NOT NULL,
    source TEXT NOT NULL,
    board_count INTEGER NOT NULL,
    notice TEXT NOT NULL DEFAULT '',
    removed TEXT
);
CREATE TABLE IF NOT EXISTS session_boards (
    session_id TEXT NOT NULL REFERENCES sessions(id),
    number INTEGER NOT NULL,
    board TEXT NOT NULL,
    PRIMARY KEY (session_id, number)
);
CREATE TABLE IF NOT EXISTS session_results (
    session_id TEXT PRIMARY KEY REFERENCES sessions(id),
    source TEXT NOT NULL,
    results TEXT NOT NULL,
    raw BLOB NOT NULL
);
"""

# Columns added by schema versions 2 and 3; an older file gains them in place.
_ADDED_COLUMNS = {
    "boards": {
        "session_id": "TEXT",
        "table_no": "TEXT NOT NULL DEFAULT ''",
        "ns_pair": "TEXT NOT NULL DEFAULT ''",
        "ew_pair": "TEXT NOT NULL DEFAULT ''",
    },
    "rulings": {
        "local_time": "TEXT NOT NULL DEFAULT ''",
        "session_id": "TEXT",
        "board_number": "INTEGER",
        "table_no": "TEXT NOT NULL DEFAULT ''",
        "ns_pair": "TEXT NOT NULL DEFAULT ''",
        "ew_pair": "TEXT NOT NULL DEFAULT ''",
        "contract": "TEXT NOT NULL DEFAULT ''",
        "declarer": "TEXT NOT NULL DEFAULT ''",
        "tricks_played": "INTEGER",
        "tricks_after": "INTEGER",
        "score_played": "INTEGER",
        "score_after": "INTEGER",
        "artificial_ns": "INTEGER",
        "artificial_ew": "INTEGER",
        "outcome": "TEXT NOT NULL DEFAULT ''",
        "title": "TEXT NOT NULL DEFAULT ''",
        "laws": "TEXT NOT NULL DEFAULT '[]'",
        "kind": "TEXT NOT NULL DEFAULT 'ruling'",
        "amends": "TEXT",
        "request_key": "TEXT",
        # Version 3: what a Law 12C ruling decided besides points (see LogFacts).
        "score_kind": "TEXT NOT NULL DEFAULT ''",
        "score_ew_after": "REAL",
        "percent_ns": "REAL",
        "percent_ew": "REAL",
        "imps_ns": "REAL",
        "imps_ew": "REAL",
    },
}

_INDEXES = """
CREATE UNIQUE INDEX IF NOT EXISTS rulings_request_key ON rulings(request_key)
    WHERE request_key IS NOT NULL;
CREATE INDEX IF NOT EXISTS rulings_session_board ON rulings(session_id, board_number);
CREATE INDEX IF NOT EXISTS rulings_amends ON rulings(amends);
"""

EntryKind = Literal["ruling", "correction", "appeal"]
# What the score after the ruling is, for the scorer:
# points: score_after, NS points of a result (as played or rescored tricks);
# weighted_points: score_after and score_ew_after, each side's weighted points (Law 12C1(c);
#   fractional, and unequal under Law 12C1(e));
# weighted_imps: imps_ns and imps_ew, each side's weighted IMPs against the other table;
# weighted_percent: percent_ns and percent_ew, each side's weighted matchpoint percentage
#   on the traveller;
# artificial_percent: artificial_ns and artificial_ew, 60, 50 or 40 (Law 12C2).
ScoreKind = Literal[
    "", "points", "weighted_points", "weighted_imps", "weighted_percent", "artificial_percent"
]

# What an SQLite INTEGER holds; a larger number (a hostile address) matches nothing.
SQLITE_INTEGERS = range(-(2**63), 2**63)


class LogFacts(BaseModel):
    """What the log lists for a ruling besides the ruling itself (NS view for scores)."""

    session_id: str | None = None
    board_number: int | None = None
    table: str = Field(default="", max_length=20)
    ns_pair: str = Field(default="", max_length=20)
    ew_pair: str = Field(default="", max_length=20)
    contract: str = ""
    declarer: str = ""
    tricks_played: int | None = None
    tricks_after: int | None = None
    score_played: int | None = None
    # NS points after the ruling; a weighted score's may be fractional (-672.5).
    score_after: int | float | None = None
    # An artificial adjusted score (Law 12C2) as percentages, instead of score_after.
    artificial_ns: int | None = None
    artificial_ew: int | None = None
    score_kind: ScoreKind = ""
    score_ew_after: int | float | None = None  # EW's own view; see ScoreKind
    percent_ns: float | None = None
    percent_ew: float | None = None
    imps_ns: float | None = None
    imps_ew: float | None = None
    outcome: str = ""
    title: str = ""
    laws: list[str] = Field(default_factory=list)


class LogEntry(LogFacts):
    """One row of the event ruling log."""

    id: str
    created: str  # UTC, ISO 8601
    local_time: str  # the laptop's local time with its offset, ISO 8601
    board_id: str | None
    wizard: str
    note: str
    kind: EntryKind = "ruling"
    amends: str | None = None
    session_name: str = ""


class SavedRuling(LogEntry):
    answers: dict[str, str]
    ruling: dict[str, Any]


class StoredResults(BaseModel):
    """A session's results file: its bytes (to write adjusted scores back into the same
    file) and what the reader made of it (``SessionResults`` as JSON)."""

    source: str
    results_json: str
    raw: bytes


class SessionInfo(BaseModel):
    id: str
    name: str
    created: str  # local time with offset
    source: str
    board_count: int
    notice: str = ""
    removed: str | None = None


_ENTRY_COLUMNS = (
    "r.id, r.created, r.local_time, r.board_id, r.wizard, r.note, r.kind, r.amends, "
    "r.session_id, r.board_number, r.table_no, r.ns_pair, r.ew_pair, r.contract, r.declarer, "
    "r.tricks_played, r.tricks_after, r.score_played, r.score_after, r.artificial_ns, "
    "r.artificial_ew, r.outcome, r.title, r.laws, r.score_kind, r.score_ew_after, "
    "r.percent_ns, r.percent_ew, r.imps_ns, r.imps_ew, COALESCE(s.name, '')"
)
_ENTRY_KEYS = [
    "id",
    "created",
    "local_time",
    "board_id",
    "wizard",
    "note",
    "kind",
    "amends",
    "session_id",
    "board_number",
    "table",
    "ns_pair",
    "ew_pair",
    "contract",
    "declarer",
    "tricks_played",
    "tricks_after",
    "score_played",
    "score_after",
    "artificial_ns",
    "artificial_ew",
    "outcome",
    "title",
    "laws",
    "score_kind",
    "score_ew_after",
    "percent_ns",
    "percent_ew",
    "imps_ns",
    "imps_ew",
    "session_name",
]


def new_id(nbytes: int) -> str:
    """A random id for a permalink that never starts with "-": a spreadsheet would read
    a CSV cell starting with one as a formula."""
    while True:
        token = secrets.token_urlsafe(nbytes)
        if not token.startswith("-"):
            return token


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def local_now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _local_from_utc(created: str) -> str:
    try:
        return datetime.fromisoformat(created).astimezone().isoformat(timespec="seconds")
    except ValueError:
        return created


def _owner_only(path: Path) -> None:
    """Create the database file readable by its owner only (others share the laptop)."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    if os.name == "posix":
        for each in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            if each.exists():
                os.chmod(each, 0o600)


BOARDS_KEPT = 1024  # boards read back from the log, kept in memory (a few KB each)
BoardRow = tuple[str, str | None, str | None, str | None, str | None]


class Store:
    def __init__(self, path: Path | str) -> None:
        self._lock = threading.Lock()
        # A stored board never changes (saved once, never updated or deleted), so a
        # board read once is kept: every wizard page reads its board twice, and under
        # load those reads queued on the connection's lock behind the log's writes.
        self._boards_kept: OrderedDict[str, BoardRow] = OrderedDict()
        self._boards_lock = threading.Lock()
        if str(path) != ":memory:":
            _owner_only(Path(path))
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA busy_timeout=10000")
        self._migrate()

    # Schema ------------------------------------------------------------------------

    def _migrate(self) -> None:
        with self._lock:
            self._db.executescript(_TABLES)
            self._db.execute("BEGIN IMMEDIATE")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                for table, columns in _ADDED_COLUMNS.items():
                    present = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
                    for name, kind in columns.items():
                        if name not in present:
                            self._db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
                self._backfill()
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            for statement in _INDEXES.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            self._db.execute("COMMIT")

    def _backfill(self) -> None:
        """Rulings recorded before the log had columns get them from their stored JSON."""
        rows = self._db.execute(
            "SELECT r.id, r.created, r.ruling, b.board FROM rulings r "
            "LEFT JOIN boards b ON b.id = r.board_id WHERE r.local_time = ''"
        ).fetchall()
        for ruling_id, created, ruling_json, board_json in rows:
            ruling = json.loads(ruling_json)
            board = json.loads(board_json) if board_json else {}
            adjustment = ruling.get("adjustment") or {}
            self._db.execute(
                "UPDATE rulings SET local_time = ?, board_number = ?, contract = ?, "
                "declarer = ?, tricks_played = ?, tricks_after = ?, score_played = ?, "
                "score_after = ?, outcome = ?, title = ?, laws = ? WHERE id = ?",
                (
                    _local_from_utc(created),
                    board.get("number"),
                    board.get("contract") or "",
                    board.get("declarer") or "",
                    adjustment.get("declarer_tricks_played"),
                    adjustment.get("declarer_tricks_final"),
                    adjustment.get("score_ns_played"),
                    adjustment.get("score_ns_final"),
                    ruling.get("outcome") or "",
                    ruling.get("title") or "",
                    json.dumps(ruling.get("laws") or []),
                    ruling_id,
                ),
            )

    # Boards ------------------------------------------------------------------------

    def save_board(
        self,
        board: dict[str, Any],
        source: str,
        session_id: str | None = None,
        table: str = "",
        ns_pair: str = "",
        ew_pair: str = "",
        board_id: str | None = None,
    ) -> str:
        """Store a board; with ``board_id`` given, a second save of it is a no-op."""
        board_id = board_id or new_id(9)
        with self._lock:
            self._db.execute(
                "INSERT OR IGNORE INTO boards "
                "(id, created, source, board, session_id, table_no, ns_pair, ew_pair) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (board_id, _now(), source, json.dumps(board), session_id, table, ns_pair, ew_pair),
            )
        return board_id

    def _board_row(self, board_id: str) -> BoardRow | None:
        """The board's record and context, from memory once read (see ``__init__``)."""
        with self._boards_lock:
            kept = self._boards_kept.get(board_id)
            if kept is not None:
                self._boards_kept.move_to_end(board_id)
                return kept
        with self._lock:
            row = self._db.execute(
                "SELECT board, session_id, table_no, ns_pair, ew_pair FROM boards WHERE id = ?",
                (board_id,),
            ).fetchone()
        if row is None:
            return None  # not kept: it may be saved later
        with self._boards_lock:
            self._boards_kept[board_id] = row
            while len(self._boards_kept) > BOARDS_KEPT:
                self._boards_kept.popitem(last=False)
        return row

    def board(self, board_id: str) -> dict[str, Any] | None:
        row = self._board_row(board_id)
        return json.loads(row[0]) if row else None  # a new dict each time: callers edit it

    def board_json(self, board_id: str) -> str | None:
        """The board's record as stored (JSON text), for a reader that keeps what it
        makes of it under that text."""
        row = self._board_row(board_id)
        return row[0] if row else None

    def board_context(self, board_id: str) -> dict[str, str | None]:
        """The session, table and pairs a board was ruled at (empty when entered alone)."""
        row = self._board_row(board_id)
        if row is None:
            return {"session_id": None, "table": "", "ns_pair": "", "ew_pair": ""}
        return dict(zip(("session_id", "table", "ns_pair", "ew_pair"), row[1:], strict=True))

    # Sessions ----------------------------------------------------------------------

    def save_session(
        self,
        name: str,
        source: str,
        boards: dict[int, dict[str, Any]],
        notice: str = "",
        results: StoredResults | None = None,
    ) -> str:
        """A session and all its boards (and its results file, when the TD gave one) in
        one transaction: loaded whole or not at all."""
        session_id = new_id(6)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO sessions (id, name, created, source, board_count, notice) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (session_id, name, local_now(), source, len(boards), notice),
                )
                self._db.executemany(
                    "INSERT INTO session_boards (session_id, number, board) VALUES (?, ?, ?)",
                    [(session_id, n, json.dumps(b)) for n, b in sorted(boards.items())],
                )
                if results is not None:
                    self._db.execute(
                        "INSERT INTO session_results (session_id, source, results, raw) "
                        "VALUES (?, ?, ?, ?)",
                        (session_id, results.source, results.results_json, results.raw),
                    )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return session_id

    def sessions(self, include_removed: bool = False) -> list[SessionInfo]:
        """Sessions, the latest first."""
        where = "" if include_removed else "WHERE removed IS NULL"
        with self._lock:
            rows = self._db.execute(
                "SELECT id, name, created, source, board_count, notice, removed FROM sessions "
                f"{where} ORDER BY rowid DESC"
            ).fetchall()
        keys = ("id", "name", "created", "source", "board_count", "notice", "removed")
        return [SessionInfo(**dict(zip(keys, row, strict=True))) for row in rows]

    def session(self, session_id: str) -> SessionInfo | None:
        found = [s for s in self.sessions(include_removed=True) if s.id == session_id]
        return found[0] if found else None

    def latest_session(self) -> SessionInfo | None:
        current = self.sessions()
        return current[0] if current else None

    def session_board_numbers(self, session_id: str) -> list[int]:
        with self._lock:
            rows = self._db.execute(
                "SELECT number FROM session_boards WHERE session_id = ? ORDER BY number",
                (session_id,),
            ).fetchall()
        return [row[0] for row in rows]

    def session_board(self, session_id: str, number: int) -> dict[str, Any] | None:
        if number not in SQLITE_INTEGERS:
            return None
        with self._lock:
            row = self._db.execute(
                "SELECT board FROM session_boards WHERE session_id = ? AND number = ?",
                (session_id, number),
            ).fetchone()
        return json.loads(row[0]) if row else None

    def session_results(self, session_id: str) -> StoredResults | None:
        """The results file kept with a session: the file as given and as read."""
        row = self._db.execute(
            "SELECT source, results, raw FROM session_results WHERE session_id = ?",
            (session_id,),
        ).fetchone()
        if row is None:
            return None
        return StoredResults(source=row[0], results_json=row[1], raw=bytes(row[2]))

    def remove_session(self, session_id: str) -> bool:
        """Forget a session's hand record; rulings made on it stay in the log."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            found = self._db.execute(
                "UPDATE sessions SET removed = ? WHERE id = ? AND removed IS NULL",
                (local_now(), session_id),
            ).rowcount
            self._db.execute("DELETE FROM session_boards WHERE session_id = ?", (session_id,))
            self._db.execute("COMMIT")
        return bool(found)

    # Rulings -----------------------------------------------------------------------

    def save_ruling(
        self,
        board_id: str | None,
        wizard: str,
        answers: dict[str, str],
        ruling: dict[str, Any],
        note: str = "",
        facts: LogFacts | None = None,
        kind: EntryKind = "ruling",
        amends: str | None = None,
        request_key: str | None = None,
    ) -> str:
        """Append a ruling to the log and return its id.

        ``request_key`` comes with the form that recorded it: the same key sent twice
        (a lost response, a double tap) returns the first ruling instead of a copy.
        """
        facts = facts or LogFacts()
        ruling_id = new_id(9)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if request_key:
                    row = self._db.execute(
                        "SELECT id FROM rulings WHERE request_key = ?", (request_key,)
                    ).fetchone()
                    if row is not None:
                        self._db.execute("COMMIT")
                        return str(row[0])
                self._db.execute(
                    "INSERT INTO rulings (id, created, local_time, board_id, wizard, answers, "
                    "ruling, note, session_id, board_number, table_no, ns_pair, ew_pair, "
                    "contract, declarer, tricks_played, tricks_after, score_played, score_after, "
                    "artificial_ns, artificial_ew, outcome, title, laws, kind, amends, "
                    "request_key, score_kind, score_ew_after, percent_ns, percent_ew, imps_ns, "
                    "imps_ew) "
                    f"VALUES ({', '.join('?' * 33)})",
                    (
                        ruling_id,
                        _now(),
                        local_now(),
                        board_id,
                        wizard,
                        json.dumps(answers),
                        json.dumps(ruling),
                        note,
                        facts.session_id,
                        facts.board_number,
                        facts.table,
                        facts.ns_pair,
                        facts.ew_pair,
                        facts.contract,
                        facts.declarer,
                        facts.tricks_played,
                        facts.tricks_after,
                        facts.score_played,
                        facts.score_after,
                        facts.artificial_ns,
                        facts.artificial_ew,
                        facts.outcome,
                        facts.title,
                        json.dumps(facts.laws),
                        kind,
                        amends,
                        request_key or None,
                        facts.score_kind,
                        facts.score_ew_after,
                        facts.percent_ns,
                        facts.percent_ew,
                        facts.imps_ns,
                        facts.imps_ew,
                    ),
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return ruling_id

    def _entry(self, row: tuple[Any, ...]) -> dict[str, Any]:
        record = dict(zip(_ENTRY_KEYS, row, strict=True))
        record["laws"] = json.loads(record["laws"] or "[]")
        record["local_time"] = record["local_time"] or _local_from_utc(record["created"])
        if not record["score_kind"]:  # recorded before version 3 said which
            if record["artificial_ns"] is not None:
                record["score_kind"] = "artificial_percent"
            elif record["score_after"] is not None:
                record["score_kind"] = "points"
        return record

    def ruling(self, ruling_id: str) -> SavedRuling | None:
        with self._lock:
            row = self._db.execute(
                f"SELECT {_ENTRY_COLUMNS}, r.answers, r.ruling FROM rulings r "
                "LEFT JOIN sessions s ON s.id = r.session_id WHERE r.id = ?",
                (ruling_id,),
            ).fetchone()
        if row is None:
            return None
        record = self._entry(row[:-2])
        record["answers"] = json.loads(row[-2])
        record["ruling"] = json.loads(row[-1])
        return SavedRuling(**record)

    def entries(
        self,
        session_id: str | None = None,
        board_number: int | None = None,
        limit: int | None = None,
    ) -> list[LogEntry]:
        """Every log entry (or the newest ``limit``), oldest first, optionally for one
        session and board."""
        clauses, params = [], []
        if session_id is not None:
            clauses.append("r.session_id = ?")
            params.append(session_id)
        if board_number is not None:
            if board_number not in SQLITE_INTEGERS:
                return []
            clauses.append("r.board_number = ?")
            params.append(board_number)
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {_ENTRY_COLUMNS} FROM rulings r "
                f"LEFT JOIN sessions s ON s.id = r.session_id {where} "
                "ORDER BY r.rowid DESC LIMIT ?",
                (*params, -1 if limit is None else limit),  # -1: no limit
            ).fetchall()
        return [LogEntry(**self._entry(row)) for row in reversed(rows)]

    def latest_entries(
        self, session_id: str | None = None, board_number: int | None = None
    ) -> list[tuple[LogEntry, list[LogEntry]]]:
        """The current entry of each ruling, newest first, with the entries it amends
        (newest first): a correction replaces what it corrects in the list. Every
        entry is read: an export that kept only the newest would lose rulings."""
        entries = self.entries(session_id, board_number)
        by_id = {e.id: e for e in entries}
        amended = {e.amends for e in entries if e.amends}
        out = []
        for entry in reversed(entries):
            if entry.id in amended:
                continue
            history, seen = [], {entry.id}
            previous = by_id.get(entry.amends) if entry.amends else None
            while previous is not None and previous.id not in seen:
                history.append(previous)
                seen.add(previous.id)
                previous = by_id.get(previous.amends) if previous.amends else None
            out.append((entry, history))
        return out

    def amended_by(self, ruling_id: str) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM rulings WHERE amends = ? ORDER BY rowid", (ruling_id,)
            ).fetchall()
        return [row[0] for row in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()


def open_store(path: Path | None = None) -> Store:
    return Store(path or user_dir() / "td-assist.sqlite3")
