"""Search terms are made safely from many threads at once (issue 29).

The server answers on eight threads. Whoosh's stemming cache was shared by all of them
without a lock: once it held 50,000 words it began evicting, and a thread evicting
while another added a word failed ("dictionary changed size during iteration"), so
searches with new words answered 500 until a restart.
"""

from __future__ import annotations

import itertools
import string

from td_assist.search.analysis import english_terms, index_terms
from tests.together import run_together

THREADS = 8
WORDS_PER_THREAD = 9_000  # 72,000 distinct words: past the 50,000 where eviction starts


def made_up_words(seed: int, count: int) -> list[str]:
    """``count`` distinct words no dictionary has, different for each seed."""
    letters = string.ascii_lowercase
    prefix = "zq" + letters[seed]
    return [
        prefix + "".join(tail) + "ing"
        for tail in itertools.islice(itertools.product(letters, repeat=4), count)
    ]


def stem_in_threads(threads: int, per_thread: int) -> list[BaseException]:
    """Every thread turns its own distinct words into terms; the errors they met."""

    def work(seed: int) -> None:
        for word in made_up_words(seed, per_thread):
            english_terms(word)

    return run_together(threads, work)


def test_eight_threads_stemming_many_new_words_meet_no_error():
    errors = stem_in_threads(THREADS, WORDS_PER_THREAD)
    assert not errors, f"{len(errors)} threads failed, first: {errors[0]!r}"


def test_stems_are_the_same_after_the_cache_has_turned_over():
    before = english_terms("the defender revoked twice")
    stem_in_threads(2, 2_000)
    assert english_terms("the defender revoked twice") == before == ["defend", "revok", "twice"]
    assert index_terms("Revoked cards") == ["revok", "card"]
