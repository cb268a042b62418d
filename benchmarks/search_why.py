"""Why a question finds what it finds: for content writers, not a measurement.

    python benchmarks/search_why.py "partner bid before me, what now?" [--top 5] [--lines 3]
    python benchmarks/search_why.py --phrasings candidate.toml "..."

Prints the question's first hits with each source of evidence apart (the law text, the
English phrasings, the German phrasings, the German lawbook), the jargon entries the
question met, and for each hit the phrasing lines that gave it most, with the words they
shared with the question (each source's raw score, before the engine weighs it and lifts
or holds back sections). A wrong first hit is usually one line that says too much or
too little: this shows which.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from td_assist.lawbook import get_lawbook
from td_assist.search import get_search, open_engine
from td_assist.search.content import load_phrasings, load_synonyms
from td_assist.search.engine import SearchEngine, phrasing_lines
from td_assist.search.ranking import PhrasingIndex, _add_weighted


def _option(name: str, default: str) -> str:
    if name in sys.argv:
        at = sys.argv.index(name)
        value = sys.argv[at + 1]
        del sys.argv[at : at + 2]
        return value
    return default


def _lines_in_index_order(engine: SearchEngine, phrasings: Path) -> tuple[list[str], list[str]]:
    """Each phrasing index's texts in the order its documents were numbered (the
    engine's own ``phrasing_lines``; a line with no search word makes no document)."""
    synonyms = load_synonyms(engine.book.folder / "synonyms.toml")
    jargon = {text for entry in synonyms for text in entry.say}
    english, german_lines, _problems = phrasing_lines(
        engine.book, load_phrasings(phrasings), synonyms
    )
    german: dict[str, list[str]] = {}
    for anchor, text in german_lines:
        german.setdefault(anchor, []).append(text)

    def numbered(texts: Mapping[str, list[str]], meaning: Callable[[str], list[str]]) -> list[str]:
        return [
            f"[jargon] {text}" if text in jargon else text
            for lines in texts.values()
            for text in lines
            if meaning(text)
        ]

    return (
        numbered(english, engine._english_meaning),
        numbered(german, engine._german_meaning),
    )


class _Recorder:
    """Wraps an index's ``score`` to keep the terms and factors of its first call; the
    engine adds an index's scores into its evidence (``add_to``), which goes through
    ``score`` here."""

    def __init__(self, index: PhrasingIndex) -> None:
        self.index = index
        self.calls: list[tuple[list[str], dict[str, float]]] = []
        self.results: list[dict[str, float]] = []
        self._add_to = index.add_to  # the index's own, before this one takes its place

    def __call__(
        self, terms: Sequence[str], common: Mapping[str, float] | None = None
    ) -> dict[str, float]:
        result: dict[str, float] = {}
        self._add_to(result, 1.0, terms, common)  # what PhrasingIndex.score gives
        self.calls.append((list(terms), dict(common or {})))
        self.results.append(result)
        return result

    def add_to(self, scores: dict[str, float], weight: float, *asked: Any) -> None:
        _add_weighted(scores, weight, self(*asked))  # as PhrasingIndex.add_to adds them

    def best_lines(self, anchor: str, texts: list[str], count: int) -> list[tuple[float, str, str]]:
        if not self.calls:
            return []
        terms, common = self.calls[0]
        per_doc: dict[int, float] = {}
        shared: dict[int, list[str]] = {}
        for term in dict.fromkeys(terms):
            scored = self.index._scored_term(term)
            if scored is None:
                continue
            idf, weights, _kept = scored
            for doc, weight in weights.items():
                if self.index.owner[doc] == anchor:
                    per_doc[doc] = per_doc.get(doc, 0.0) + idf * common.get(term, 1.0) * weight
                    shared.setdefault(doc, []).append(term)
        best = sorted(per_doc.items(), key=lambda item: -item[1])[:count]
        return [(value, texts[doc], " ".join(shared[doc])) for doc, value in best]


def main() -> None:
    top = int(_option("--top", "5"))
    count = int(_option("--lines", "3"))
    phrasings_option = _option("--phrasings", "")
    question = " ".join(sys.argv[1:])
    if not question:
        print(__doc__)
        return
    book = get_lawbook()
    if phrasings_option:
        phrasings = Path(phrasings_option)
        engine = open_engine(book, book.folder / "synonyms.toml", phrasings_path=phrasings)
    else:
        phrasings = book.folder / "phrasings.toml"
        engine = get_search()
    english_texts, german_texts = _lines_in_index_order(engine, phrasings)
    recorders = {}
    for name in ("english", "german", "german_text"):
        recorder = _Recorder(getattr(engine, name))
        getattr(engine, name).score = recorder  # type: ignore[method-assign]
        getattr(engine, name).add_to = recorder.add_to  # type: ignore[method-assign]
        recorders[name] = recorder
    met: list[str] = []
    expansions = engine._expansions

    def recorded_expansions(said: list[str], german: bool = False):  # type: ignore[no-untyped-def]
        found = expansions(said, german)
        if not met:
            met.extend(f"{' / '.join(e.say[:2])} -> {e.anchors[:2]} ({size})" for e, size in found)
            met.append(f"(words: {' '.join(said)})")
        return found

    engine._expansions = recorded_expansions  # type: ignore[method-assign]
    scorer_scores: list[dict[str, float]] = []
    scorer_score = engine.scorer.score

    def recorded_scorer(queries, weight=1.0):  # type: ignore[no-untyped-def]
        scorer_scores.append(scorer_score(queries))  # shown as the law text scores it
        return scorer_score(queries, weight)

    engine.scorer.score = recorded_scorer  # type: ignore[method-assign]
    hits = engine.search(question).hits[:top]
    print("jargon met:", *met, sep="\n  ")
    first = {name: (r.results[0] if r.results else {}) for name, r in recorders.items()}
    text_scores = scorer_scores[0] if scorer_scores else {}
    for rank, hit in enumerate(hits, 1):
        parts = (
            f"law text {text_scores.get(hit.anchor, 0.0):.2f}, "
            f"en phrasings {first['english'].get(hit.anchor, 0.0):.2f}, "
            f"de phrasings {first['german'].get(hit.anchor, 0.0):.2f}, "
            f"de lawbook {first['german_text'].get(hit.anchor, 0.0):.2f}"
        )
        print(f"{rank}. {hit.anchor}  score {hit.score:.2f}  ({parts})")
        for texts, name in ((english_texts, "english"), (german_texts, "german")):
            for value, text, shared in recorders[name].best_lines(hit.anchor, texts, count):
                print(f"     {value:5.2f} {text[:90]!r}  <- {shared}")


if __name__ == "__main__":
    main()
