"""Stemming under threads (issue 29): 8 threads turn 200,000 distinct made-up words
into search terms, as the server's threads do with what people type. Prints the time,
the errors met (must be 0) and the size of the stem caches afterwards (bounded).

    python benchmarks/stem_threads.py [--words 200000] [--threads 8]
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from td_assist.search import analysis
from td_assist.search.analysis import english_terms, german_stem
from tests.test_search_threads import made_up_words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=200_000)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    per_thread = args.words // args.threads
    errors: list[BaseException] = []
    barrier = threading.Barrier(args.threads)

    def work(seed: int) -> None:
        barrier.wait()
        for word in made_up_words(seed, per_thread):
            try:
                english_terms(word)
                german_stem(word)
            except Exception as error:
                errors.append(error)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(args.threads)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - start
    print(f"{args.threads} threads, {per_thread * args.threads:,} distinct words: {seconds:.1f} s")
    print(f"errors: {len(errors)}" + (f" (first: {errors[0]!r})" if errors else ""))
    cache = getattr(analysis, "english_stem", None)  # before issue 29: whoosh's own cache
    if cache is not None:
        print(f"English stem cache: {cache.cache_info().currsize:,} words (bounded)")


if __name__ == "__main__":
    main()
