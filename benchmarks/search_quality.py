"""Search quality and speed on realistic TD queries (issue 4).

Prints recall@1, recall@3 and MRR for three systems on benchmarks/search_queries.toml:
  td-assist     this search (numbers, synonyms, boosts, spelling)
  plain BM25    the same index queried with the bare words: no synonyms, no boosts,
                no law-number parsing, no spelling correction
  substring     Ctrl-F in a PDF: sections containing the query text, in law order
and then warm latency (p50, p95) and the cold index build time.

A hit answers a query when its anchor is one of the query's answers or lies inside
one (a hit on 64B3 answers "64B").

    python benchmarks/search_quality.py [--verbose]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

from whoosh.query import Or, Term

from td_assist.lawbook import get_lawbook
from td_assist.search import _ANALYZER, build_index, clean_query, get_search

QUERIES = Path(__file__).resolve().parent / "search_queries.toml"
HELD_OUT = Path(__file__).resolve().parent / "search_queries_heldout.toml"
Ranker = Callable[[str], list[str]]


def answers_query(anchor: str, answers: list[str]) -> bool:
    for answer in answers:
        if anchor == answer:
            return True
        if anchor.startswith(answer) and answer[:1].isdigit():
            rest = anchor[len(answer) :]
            if not (answer[-1].isdigit() and rest[:1].isdigit()):
                return True
    return False


def evaluate(
    rank: Ranker, queries: list[dict], verbose: bool = False
) -> tuple[float, float, float]:
    at1 = at3 = reciprocal = 0.0
    for item in queries:
        anchors = rank(item["q"])[:10]
        position = next(
            (i for i, a in enumerate(anchors) if answers_query(a, item["answers"])), None
        )
        if position is not None:
            reciprocal += 1 / (position + 1)
            at1 += position == 0
            at3 += position < 3
        if verbose and (position is None or position > 0):
            print(f"  miss@1 {item['q']!r}: got {anchors[:3]}, want {item['answers']}")
    n = len(queries)
    return at1 / n, at3 / n, reciprocal / n


def main() -> None:
    verbose = "--verbose" in sys.argv
    queries = tomllib.loads(QUERIES.read_text(encoding="utf-8"))["query"]
    book = get_lawbook()
    engine = get_search()

    def ours(q: str) -> list[str]:
        return [h.anchor for h in engine.search(q).hits]

    def plain_bm25(q: str) -> list[str]:
        words = [t.text for t in _ANALYZER(clean_query(q))]
        if not words:
            return []
        query = Or([Term("content", w) for w in words])
        return [r["anchor"] for r in engine.searcher.search(query, limit=10)]

    sections = list(book.sections.values())

    def substring(q: str) -> list[str]:
        needle = q.lower().strip()
        return [s.anchor for s in sections if needle and needle in s.text.lower()][:10]

    held_out = tomllib.loads(HELD_OUT.read_text(encoding="utf-8"))["query"]
    for label, items in (("main set", queries), ("held-out set", held_out)):
        print(f"\n{label}: {len(items)} queries, {len(book.sections)} sections indexed")
        print(f"{'system':<14}{'recall@1':>10}{'recall@3':>10}{'MRR':>8}")
        for name, ranker in (
            ("td-assist", ours),
            ("plain BM25", plain_bm25),
            ("substring", substring),
        ):
            r1, r3, mrr = evaluate(ranker, items, verbose and name == "td-assist")
            print(f"{name:<14}{r1:>10.3f}{r3:>10.3f}{mrr:>8.3f}")

    timings = []
    for _ in range(3):
        for item in queries + held_out:
            start = time.perf_counter()
            engine.search(item["q"])
            timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(
        f"\nwarm latency per query: p50 {statistics.median(timings):.2f} ms, p95 {p95:.2f} ms "
        f"({len(timings)} searches)"
    )
    with tempfile.TemporaryDirectory() as folder:
        seconds = build_index(Path(folder) / "index", book)
    print(f"cold index build: {seconds:.2f} s")


if __name__ == "__main__":
    main()
