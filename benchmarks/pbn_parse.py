"""Parse, validate and find every revoke in a 32-board PBN file with full play.

Target (issue 2): under 100 ms on the project machine. Prints the figures.

    python benchmarks/pbn_parse.py [FILE]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from td_assist.bridge.deal import _deal_from_pbn
from td_assist.bridge.formats.pbn import parse_pbn
from td_assist.bridge.play import _parsed_play

DEFAULT = Path(__file__).resolve().parent.parent / "tests" / "data" / "32-boards.pbn"


def run_once(text: str) -> tuple[float, int, int]:
    _deal_from_pbn.cache_clear()  # each run parses the file afresh
    _parsed_play.cache_clear()
    start = time.perf_counter()
    boards = parse_pbn(text)
    revokes = sum(len(board.revokes) for board in boards)
    return (time.perf_counter() - start) * 1000, len(boards), revokes


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    text = path.read_text(encoding="utf-8")
    # Cold: the first parse in a fresh process (card and call caches empty).
    cold, count, revokes = run_once(text)
    warm = [run_once(text)[0] for _ in range(30)]
    print(f"file: {path.name}  boards: {count}  revokes found: {revokes}")
    print(f"cold parse+validate+revokes: {cold:.1f} ms")
    print(f"warm: median {statistics.median(warm):.1f} ms, max {max(warm):.1f} ms (30 runs)")
    print(f"target < 100 ms: {'met' if cold < 100 else 'NOT met'}")


if __name__ == "__main__":
    main()
