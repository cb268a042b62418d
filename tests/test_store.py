"""The ruling log's store: schema migration in place, append-only entries, the
idempotency key, sessions, and a database file only its owner can read."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from td_assist.store import SCHEMA_VERSION, LogFacts, Store

V1_SCHEMA = """
CREATE TABLE boards (id TEXT PRIMARY KEY, created TEXT NOT NULL, source TEXT NOT NULL,
    board TEXT NOT NULL);
CREATE TABLE rulings (id TEXT PRIMARY KEY, created TEXT NOT NULL,
    board_id TEXT REFERENCES boards(id), wizard TEXT NOT NULL, answers TEXT NOT NULL,
    ruling TEXT NOT NULL, note TEXT NOT NULL DEFAULT '');
"""
OLD_BOARD = {"number": 5, "contract": "4S", "declarer": "N", "deal": None}
OLD_RULING = {
    "wizard": "revoke",
    "status": "complete",
    "path": [],
    "outcome": "two_tricks",
    "title": "Two tricks transferred",
    "laws": ["64A1"],
    "adjustment": {
        "declarer_tricks_played": 9,
        "declarer_tricks_final": 11,
        "score_ns_played": -50,
        "score_ns_final": 450,
    },
}


def _v1_file(path: Path) -> None:
    db = sqlite3.connect(path)
    db.executescript(V1_SCHEMA)
    db.execute(
        "INSERT INTO boards VALUES ('b1', '2026-01-05T19:30:00+00:00', 'test', ?)",
        (json.dumps(OLD_BOARD),),
    )
    db.execute(
        "INSERT INTO rulings VALUES ('r1', '2026-01-05T19:45:00+00:00', 'b1', 'revoke', "
        "'{\"attention\": \"in_time\"}', ?, 'old note')",
        (json.dumps(OLD_RULING),),
    )
    db.commit()
    db.close()


def test_a_version_1_log_is_migrated_in_place_and_its_rulings_still_read(tmp_path: Path):
    path = tmp_path / "old.sqlite3"
    _v1_file(path)
    store = Store(path)
    old = store.ruling("r1")
    assert old is not None
    assert old.answers == {"attention": "in_time"} and old.note == "old note"
    assert old.ruling["title"] == "Two tricks transferred"
    # The log columns were filled from the stored board and ruling.
    assert (old.board_number, old.contract, old.declarer) == (5, "4S", "N")
    assert (old.tricks_played, old.tricks_after, old.score_played, old.score_after) == (
        9,
        11,
        -50,
        450,
    )
    assert old.laws == ["64A1"] and old.kind == "ruling"
    assert old.local_time  # shown in the laptop's time zone
    store.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    # Opening again does not migrate twice or lose anything.
    again = Store(path)
    assert [e.id for e in again.entries()] == ["r1"]


def test_the_log_keeps_wal_and_full_synchronous(tmp_path: Path):
    store = Store(tmp_path / "log.sqlite3")
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_the_database_is_readable_by_its_owner_only(tmp_path: Path):
    path = tmp_path / "log.sqlite3"
    path.write_bytes(b"")
    path.chmod(0o644)  # a file from an older version
    Store(path).save_board({"deal": None}, source="test")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    fresh = tmp_path / "fresh.sqlite3"
    Store(fresh)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600


def test_the_same_request_key_records_one_ruling():
    store = Store(":memory:")
    first = store.save_ruling(None, "revoke", {}, {"title": "A"}, request_key="key-123456789")
    again = store.save_ruling(None, "revoke", {}, {"title": "A"}, request_key="key-123456789")
    other = store.save_ruling(None, "revoke", {}, {"title": "A"}, request_key="key-987654321")
    assert first == again != other
    assert len(store.entries()) == 2


def test_a_correction_is_a_new_entry_and_the_log_shows_the_latest_with_history():
    store = Store(":memory:")
    facts = LogFacts(board_number=3, score_played=-50, score_after=450, title="Two tricks")
    original = store.save_ruling(None, "revoke", {}, {}, facts=facts)
    correction = store.save_ruling(
        None,
        "revoke",
        {},
        {},
        facts=facts.model_copy(update={"score_after": 420}),
        kind="correction",
        amends=original,
    )
    appeal = store.save_ruling(
        None,
        "revoke",
        {},
        {},
        facts=facts.model_copy(update={"score_after": None, "artificial_ns": 60}),
        kind="appeal",
        amends=correction,
    )
    unrelated = store.save_ruling(None, "revoke", {}, {}, facts=LogFacts(board_number=4))
    rows = store.latest_entries()
    assert [entry.id for entry, _ in rows] == [unrelated, appeal]
    history = dict((entry.id, [h.id for h in past]) for entry, past in rows)
    assert history[appeal] == [correction, original]
    # Nothing was overwritten: the original still reads as it was recorded.
    first = store.ruling(original)
    assert first is not None and first.score_after == 450
    assert store.amended_by(original) == [correction]


def test_sessions_latest_is_default_and_removal_keeps_rulings():
    store = Store(":memory:")
    first = store.save_session("Monday", "mon.pbn", {1: {"number": 1}})
    second = store.save_session("Tuesday", "tue.pbn", {1: {"number": 1}, 2: {"number": 2}})
    latest = store.latest_session()
    assert latest is not None and latest.id == second
    assert store.session_board_numbers(second) == [1, 2]
    ruling = store.save_ruling(None, "revoke", {}, {}, facts=LogFacts(session_id=second))
    assert store.remove_session(second)
    assert not store.remove_session(second)
    latest = store.latest_session()
    assert latest is not None and latest.id == first
    assert store.session_board(second, 1) is None
    kept = store.ruling(ruling)
    assert kept is not None and kept.session_name == "Tuesday"
    assert [e.id for e in store.entries(session_id=second)] == [ruling]


def test_filters_by_session_and_board():
    store = Store(":memory:")
    a = store.save_ruling(None, "revoke", {}, {}, facts=LogFacts(session_id="s1", board_number=1))
    b = store.save_ruling(None, "revoke", {}, {}, facts=LogFacts(session_id="s1", board_number=2))
    c = store.save_ruling(None, "revoke", {}, {}, facts=LogFacts(session_id="s2", board_number=1))
    assert [e.id for e in store.entries(session_id="s1")] == [a, b]
    assert [e.id for e in store.entries(board_number=1)] == [a, c]
    assert [e.id for e in store.entries("s1", 2)] == [b]


def test_a_board_read_back_is_kept_and_still_a_fresh_copy(tmp_path, monkeypatch):
    """A stored board never changes, so the store answers it from memory once read;
    each caller still gets its own copy, and a board not yet saved is not remembered."""
    import td_assist.store as store_module

    store = store_module.Store(tmp_path / "log.sqlite3")
    assert store.board("later") is None
    store.save_board({"number": 1}, source="t", board_id="later", session_id="s1", table="3")
    assert store.board("later") == {"number": 1}  # saved after a miss: found
    first = store.board("later")
    first["number"] = 99
    assert store.board("later") == {"number": 1}
    assert store.board_context("later") == {
        "session_id": "s1",
        "table": "3",
        "ns_pair": "",
        "ew_pair": "",
    }
    store._db.execute("DELETE FROM boards")  # only a stand-in for "not read again"
    assert store.board("later") == {"number": 1}
    monkeypatch.setattr(store_module, "BOARDS_KEPT", 2)
    for n in range(3):
        store.save_board({"number": n}, source="t", board_id=f"b{n}")
        store.board(f"b{n}")
    assert len(store._boards_kept) == 2
