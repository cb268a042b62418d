"""How long the claim wizard's candidate lines take, from a late claim to one at trick 1.

For each number of tricks left (2 to 13) it deals random positions, evaluates every
candidate line (``td_assist.bridge.claim_lines``) and prints ONE JSON object:

    {"4": {"positions": 20, "lines": 61, "seconds_max": 0.01, "not_evaluated": 0}, ...}

``not_evaluated``: lines the node budget stopped (shown on the page as "not evaluated",
never guessed). A page recomputes the lines, so ``seconds_max`` is the worst wait a TD sees.

    .venv/bin/python benchmarks/claim_lines.py [--positions 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from td_assist.bridge.cards import Card, Rank, Seat, Side, Suit
from td_assist.bridge.claim_lines import _DONE, Position, candidate_lines, tricks_on_line
from td_assist.rulings.wizards.claim.lines import LINES_SECONDS

DECK = [Card(suit, rank) for suit in Suit for rank in Rank]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    figures: dict[str, dict[str, object]] = {}
    for left in range(2, 14):
        worst, lines, skipped = 0.0, 0, 0
        for _ in range(args.positions):
            cards = rng.sample(DECK, 4 * left)
            hands = {seat: cards[i * left : (i + 1) * left] for i, seat in enumerate(Seat)}
            trump = rng.choice([None, *Suit])
            position = Position.of(hands, trump, rng.choice(list(Seat)))
            _DONE.clear()
            start = time.perf_counter()
            deadline = time.monotonic() + LINES_SECONDS  # as the wizard bounds a page
            for _kind, line in candidate_lines(position, Side.NS):
                lines += 1
                skipped += tricks_on_line(position, Side.NS, line, deadline=deadline) is None
            worst = max(worst, time.perf_counter() - start)
        figures[str(left)] = {
            "positions": args.positions,
            "lines": lines,
            "seconds_max": round(worst, 3),
            "not_evaluated": skipped,
        }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
