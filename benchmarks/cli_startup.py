"""How long each command takes from start to exit, beside ``python -c pass`` (issue 29).

Each command is run several times in a fresh process (as a TD types it); the median
wall time and the median CPU time (user + system of the process) are printed with
their ratios to an empty Python start. On a machine shared with other work the CPU
ratio is the steadier figure. Targets: ``--version``
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


def timed(command: list[str], environment: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run."""
    import resource  # Unix only, as this benchmark is

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=environment, capture_output=True, check=False)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.decode()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu


def median_of(runs: int, command: list[str], environment: dict[str, str]) -> tuple[float, float]:
    results = [timed(command, environment) for _ in range(runs)]
    return statistics.median(r[0] for r in results), statistics.median(r[1] for r in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    cli = [sys.executable, "-m", "td_assist"]
    with tempfile.TemporaryDirectory() as home:
        environment = {**os.environ, "TD_ASSIST_HOME": home}
        # An installed td-assist runs from compiled bytecode (pip writes it; a source
        # checkout writes it on the first run). A shell that forbids writing it would
        # time Python compiling every module on every run instead.
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([*cli, "--help"], env=environment, capture_output=True, check=False)
        first, _ = timed([*cli, "search", "zorbled"], environment)
        wall, cpu = median_of(args.runs, [sys.executable, "-c", "pass"], environment)
        print(f"python -c pass: {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU "
              f"(medians of {args.runs})")  # fmt: skip
        print(f"first search in a fresh user folder (builds what it keeps): {first * 1000:.0f} ms")
        print(f"{'command':<34} {'wall ms':>8} {'x python':>9} {'CPU ms':>7} {'x python':>9}")
        for label, argv in COMMANDS:
            seconds, used = median_of(args.runs, [*cli, *argv], environment)
            print(
                f"{'td-assist ' + label:<34} {seconds * 1000:>8.0f} {seconds / wall:>9.1f} "
                f"{used * 1000:>7.0f} {used / max(cpu, 1e-6):>9.1f}"
            )


if __name__ == "__main__":
    main()
