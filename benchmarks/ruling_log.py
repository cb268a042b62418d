"""The event ruling log at a big event's size: load a hand record, record N rulings,
then time the log page's query and the exports (CSV, PBN). Prints figures.

    python benchmarks/ruling_log.py [RULINGS]   (default 1000)
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.ruling_log import export_entries, log_facts, to_csv, to_pbn
from td_assist.rulings.engine.registry import rule
from td_assist.session import TableFacts, board_with_facts, load_file, session_board
from td_assist.store import Store

HAND_RECORD = Path(__file__).resolve().parent.parent / "tests" / "data" / "24-boards-no-play.pbn"


def main(count: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "log.sqlite3")
        start = time.perf_counter()
        info = load_file(store, HAND_RECORD, "Benchmark pairs")
        print(f"load a 24-board hand record: {(time.perf_counter() - start) * 1000:.1f} ms")
        boards: list[tuple[str, Board]] = []
        for number in range(1, 25):
            hand = session_board(store, info.id, number)
            assert hand is not None
            ruled = board_with_facts(hand, TableFacts(contract="4H", declarer=Seat.N, tricks=9))
            board_id = store.save_board(json.loads(ruled.model_dump_json()), "bench", info.id)
            boards.append((board_id, ruled))
        answers = {"revoke_found": "no"}
        start = time.perf_counter()
        for index in range(count):
            board_id, board = boards[index % len(boards)]
            ruling = rule("revoke", board, None, answers)
            store.save_ruling(
                board_id,
                "revoke",
                answers,
                ruling.model_dump(mode="json"),
                facts=log_facts(board, ruling, info.id, table=str(index % 12 + 1)),
                request_key=f"bench-key-{index:06d}",
            )
        elapsed = time.perf_counter() - start
        print(
            f"record {count} rulings (rule + durable write each): {elapsed:.2f} s, "
            f"{elapsed / count * 1000:.2f} ms per ruling"
        )
        for label, action in (
            ("log page query (latest with history)", lambda: store.latest_entries(info.id)),
            ("CSV export", lambda: to_csv(export_entries(store, info.id))),
            ("PBN export", lambda: to_pbn(store, export_entries(store, info.id))),
        ):
            start = time.perf_counter()
            result = action()
            size = f", {len(result) // 1024} KB" if isinstance(result, str) else ""
            print(f"{label}: {(time.perf_counter() - start) * 1000:.0f} ms{size}")
        path = Path(folder) / "log.sqlite3"
        print(f"database size: {path.stat().st_size // 1024} KB for {count} rulings")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
