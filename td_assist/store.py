"""The ruling log: boards entered and rulings recorded, in SQLite in the user's folder.

Every write is its own transaction in WAL mode, so a recorded ruling survives a
crash or a pulled plug. Ids are random tokens, safe to put in a permalink.

>>> store = Store(":memory:")
>>> board_id = store.save_board({"deal": None}, source="test")
>>> store.board(board_id)["deal"] is None
True
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from td_assist.paths import user_dir

_SCHEMA = """
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
"""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    def __init__(self, path: Path | str) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def save_board(self, board: dict[str, Any], source: str) -> str:
        board_id = secrets.token_urlsafe(9)
        with self._lock:
            self._db.execute(
                "INSERT INTO boards (id, created, source, board) VALUES (?, ?, ?, ?)",
                (board_id, _now(), source, json.dumps(board)),
            )
        return board_id

    def board(self, board_id: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute("SELECT board FROM boards WHERE id = ?", (board_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def save_ruling(
        self,
        board_id: str | None,
        wizard: str,
        answers: dict[str, str],
        ruling: dict[str, Any],
        note: str = "",
    ) -> str:
        ruling_id = secrets.token_urlsafe(9)
        with self._lock:
            self._db.execute(
                "INSERT INTO rulings (id, created, board_id, wizard, answers, ruling, note) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    ruling_id,
                    _now(),
                    board_id,
                    wizard,
                    json.dumps(answers),
                    json.dumps(ruling),
                    note,
                ),
            )
        return ruling_id

    def ruling(self, ruling_id: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, created, board_id, wizard, answers, ruling, note FROM rulings "
                "WHERE id = ?",
                (ruling_id,),
            ).fetchone()
        if row is None:
            return None
        keys = ("id", "created", "board_id", "wizard", "answers", "ruling", "note")
        record = dict(zip(keys, row, strict=True))
        record["answers"] = json.loads(record["answers"])
        record["ruling"] = json.loads(record["ruling"])
        return record

    def recent_rulings(self, limit: int = 50) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, created, board_id, wizard, ruling FROM rulings "
                "ORDER BY created DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [
            {
                "id": r[0],
                "created": r[1],
                "board_id": r[2],
                "wizard": r[3],
                "title": json.loads(r[4]).get("title", ""),
            }
            for r in rows
        ]


def open_store(path: Path | None = None) -> Store:
    return Store(path or user_dir() / "td-assist.sqlite3")
