"""Whether a change to search's cost left its results alone (issue 29).

Writes every result of the main question set and of the real dev questions (never the
held-out ones), each also with a number of its own added as server_cpu.py asks it,
some also at limits 3 and 50: query, hits (anchor, law, title, heading, cite, snippet,
score, language), suggestion, expansions and note. Run it with the code before and
after a change, then compare the two files: they must be the same, byte for byte.

    python benchmarks/search_same_results.py --write after.json
    git worktree add /tmp/before main   # or any copy of the old code
    PYTHONPATH=/tmp/before python benchmarks/search_same_results.py --write before.json
    python benchmarks/search_same_results.py --compare before.json after.json
"""

from __future__ import annotations

import sys
import time
import tomllib
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.before_after import before_and_after, read_both, save

BENCHMARKS = Path(__file__).resolve().parent


def questions() -> list[str]:
    with (BENCHMARKS / "search_queries.toml").open("rb") as stream:
        main = [q["q"] for q in tomllib.load(stream)["query"]]
    with (BENCHMARKS / "search_real_questions.toml").open("rb") as stream:
        dev = [q["q"] for q in tomllib.load(stream)["question"] if q.get("split") == "dev"]
    return main + dev + [f"{q} {n}" for n, q in enumerate(main, 1000)]


def write(path: Path) -> None:
    from td_assist.search import get_search

    engine = get_search()
    found = []
    started = time.perf_counter()
    for number, question in enumerate(questions()):
        for limit in (10, 3, 50) if number % 7 == 0 else (10,):
            results = engine.search(question, limit=limit)
            found.append(
                {
                    "q": question,
                    "limit": limit,
                    "query": results.query,
                    "jumped": results.jumped,
                    "suggestion": results.suggestion,
                    "expanded": results.expanded,
                    "note": results.note,
                    "hits": [asdict(hit) for hit in results.hits],
                }
            )
    save(path, found)
    seconds = time.perf_counter() - started
    print(f"{len(found)} searches written to {path} in {seconds:.1f} s (code: {engine_file()})")


def engine_file() -> str:
    import td_assist.search.engine

    return str(td_assist.search.engine.__file__)


def compare(before: Path, after: Path) -> int:
    old, new = read_both(before, after)
    if len(old) != len(new):
        print(f"{len(old)} searches before, {len(new)} after")
        return 1
    differ = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    for a, b in differ[:10]:
        print(f"differs: {a['q']!r} (limit {a['limit']})")
        print(f"  before {[h['anchor'] for h in a['hits']]}")
        print(f"  after  {[h['anchor'] for h in b['hits']]}")
    print(f"{len(old)} searches compared: {len(differ)} differ")
    return 1 if differ else 0


def main() -> None:
    before_and_after(__doc__.splitlines()[0], write, compare)


if __name__ == "__main__":
    main()
