"""A complete revoke ruling from a PBN file, in-process (issue 5 target: under 20 ms).

Times reading the file, parsing and validating the board, walking the revoke tree
over the record and computing the adjustment and scores. The tree and the lawbook
are loaded once per process, as in the running app; that one-off load is shown
separately.

    python benchmarks/ruling_speed.py [FILE] [BOARD]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from td_assist.bridge.deal import _deal_from_pbn
from td_assist.bridge.formats import read_boards
from td_assist.bridge.formats.pbn import board_to_pbn
from td_assist.bridge.play import _parsed_play
from td_assist.cli.rule import pick_board
from td_assist.rulings.engine.registry import get_tree, rule
from td_assist.rulings.wizards.penalty_card import PenaltyCardReport

DEFAULT = Path(__file__).resolve().parent.parent / "tests" / "data" / "32-boards.pbn"


def clear_record_caches() -> None:
    """Forget parsed deals and plays, so every run reads its record afresh."""
    _deal_from_pbn.cache_clear()
    _parsed_play.cache_clear()


def one_ruling(path: Path, board_number: int | None) -> float:
    clear_record_caches()
    start = time.perf_counter()
    board = pick_board(read_boards(path, only=board_number), board_number)
    ruling = rule("revoke", board, None, {})
    assert ruling.status == "complete"
    return (time.perf_counter() - start) * 1000


def one_penalty_card_ruling(path: Path, board_number: int | None) -> float:
    """A penalty-card ruling: the card the first defender played at trick 6, exposed at 3."""
    clear_record_caches()
    start = time.perf_counter()
    board = pick_board(read_boards(path, only=board_number), board_number)
    play, declarer = board.play_obj, board.declarer_seat
    assert play is not None and declarer is not None
    card = play.tricks[5].card_of(declarer.lho)
    report = PenaltyCardReport(
        offender=declarer.lho, cards=[str(card)], trick=3, exposure="deliberate"
    )
    ruling = rule("penalty-card", board, report, {"lead_choice": "none"})
    assert ruling.status == "complete", ruling.pending
    return (time.perf_counter() - start) * 1000


INSUFFICIENT_PBN = (
    '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "N:5432.543.AK2.432 76.QJT9.QJT9.765 AKQJ.876.876.AKQ T98.AK2.543.JT98"]\n'
    '[Auction "N"]\n1S 1H 2H 2S\n4H Pass Pass Pass\n[Result "10"]\n'
)


def one_insufficient_bid_ruling(path: Path) -> float:
    """An insufficient bid replaced in the record, Law 27D with weighted results."""
    clear_record_caches()
    start = time.perf_counter()
    board = pick_board(read_boards(path), None)
    answers = {
        "accepted": "no",  # the calls also read as South accepting 1H: the TD says which
        "damaged": "yes",
        "results": "3H E 10 0.6; 4S N 9 0.4",
        "comparison": "-420",
    }
    ruling = rule("insufficient-bid", board, None, answers)
    assert ruling.status == "complete", ruling.pending
    return (time.perf_counter() - start) * 1000


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    number = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    start = time.perf_counter()
    get_tree("revoke")
    print(f"one-off load of lawbook and revoke tree: {(time.perf_counter() - start) * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as folder:
        single = Path(folder) / "board.pbn"
        single.write_text(board_to_pbn(pick_board(read_boards(path), number)), encoding="utf-8")
        for label, file, board in (("one-board PBN", single, None), (path.name, path, number)):
            runs = [one_ruling(file, board) for _ in range(40)]
            print(
                f"{label:>14}: median {statistics.median(runs):.1f} ms, "
                f"p95 {sorted(runs)[int(len(runs) * 0.95) - 1]:.1f} ms, max {max(runs):.1f} ms "
                f"({len(runs)} rulings, record caches cleared before each)"
            )
            if file is single:
                met = statistics.median(runs) < 20
    print(f"target < 20 ms for a ruling from a PBN file: {'met' if met else 'NOT met'}")
    get_tree("penalty-card")
    runs = [one_penalty_card_ruling(path, number) for _ in range(40)]
    median = statistics.median(runs)
    print(
        f"  penalty card: median {median:.1f} ms, max {max(runs):.1f} ms ({len(runs)} rulings "
        f"from {path.name} board {number}, penalty card followed through the play)"
    )
    print(f"target < 20 ms for a penalty-card ruling: {'met' if median < 20 else 'NOT met'}")
    get_tree("insufficient-bid")
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "insufficient.pbn"
        record.write_text(INSUFFICIENT_PBN, encoding="utf-8")
        runs = [one_insufficient_bid_ruling(record) for _ in range(40)]
    median = statistics.median(runs)
    print(
        f"  insufficient bid: median {median:.1f} ms, max {max(runs):.1f} ms ({len(runs)} "
        "rulings from a one-board PBN, Law 27D weighted score and IMPs)"
    )
    print(f"target < 20 ms for an insufficient-bid ruling: {'met' if median < 20 else 'NOT met'}")


if __name__ == "__main__":
    main()
