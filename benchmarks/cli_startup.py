"""How long each command takes from start to exit, beside ``python -c pass`` (issue 29).

Each command is run several times in a fresh process (as a TD types it); the median
wall time is printed with its ratio to an empty Python start. Targets: ``--version``
and ``law 64B3`` at most 5x, ``search`` at most 10x. The first ``search`` in a fresh
user folder builds the index and the speller's lists once; it is shown apart, and the
timed runs use the built ones, as every later search does.

    python benchmarks/cli_startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS: list[tuple[str, list[str]]] = [
    ("--version", ["--version"]),
    ("law 64B3", ["law", "64B3"]),
    ("score 4SX S 9", ["score", "4SX", "S", "9", "--vul", "NS"]),
    ('search "dummy revoked"', ["search", "dummy", "revoked"]),
    ('search "zorbled"', ["search", "zorbled"]),  # an unknown word: the speller's lists
    ("cases list", ["cases", "list"]),
]


def timed(command: list[str], environment: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, env=environment, capture_output=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.decode()[-400:]}")
    return seconds


def median_of(runs: int, command: list[str], environment: dict[str, str]) -> float:
    return statistics.median(timed(command, environment) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    cli = [sys.executable, "-m", "td_assist"]
    with tempfile.TemporaryDirectory() as home:
        environment = {**os.environ, "TD_ASSIST_HOME": home}
        first = timed([*cli, "search", "zorbled"], environment)
        baseline = median_of(args.runs, [sys.executable, "-c", "pass"], environment)
        print(f"python -c pass: {baseline * 1000:.0f} ms (median of {args.runs})")
        print(f"first search in a fresh user folder (builds the index): {first * 1000:.0f} ms")
        print(f"{'command':<26} {'ms':>6} {'x python':>9}")
        for label, argv in COMMANDS:
            seconds = median_of(args.runs, [*cli, *argv], environment)
            print(f"{'td-assist ' + label:<26} {seconds * 1000:>6.0f} {seconds / baseline:>9.1f}")


if __name__ == "__main__":
    main()
