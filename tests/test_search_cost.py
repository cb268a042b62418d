"""A never-asked search made cheaper without changing what it finds (issue 29).

The scoring keeps what a term adds per phrasing and section, merges sums a dictionary
at a time and keeps its sums in lists; the engine keeps each word's meaning and the
speller each word's correction. Each must give what the plain way gives, to the last
bit and in the same order (equal scores keep their order, so the order of a result's
sections is part of what it gives); each store is bounded and safe across the server's
threads.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from td_assist.search import engine as engine_module
from td_assist.search import get_search
from td_assist.search import speller as speller_module
from td_assist.search.ranking import (
    EXACT_BOOST,
    FACTORS_KEPT,
    REST_SHARE,
    ContentScorer,
    PhraseQ,
    PhrasingIndex,
    TermQ,
    _idf,
    _weight,
    phrase_count,
)
from tests.together import run_together

THREADS = 8


def _phrasings_scored_plainly(
    index: PhrasingIndex, terms: Sequence[str], common: Mapping[str, float] | None = None
) -> dict[str, float]:
    """PhrasingIndex.score as it was written before issue 29's second round: term by
    term, phrasing by phrasing, in dictionaries."""
    asked = list(dict.fromkeys(terms))
    per_doc: dict[int, float] = {}
    for term in asked:
        found = index.postings.get(term)
        if not found:
            continue
        idf = _idf(index.count, len(found)) * (common.get(term, 1.0) if common else 1.0)
        for doc, tf in found.items():
            weight = _weight(tf, index.lengths[doc], index.average)
            per_doc[doc] = per_doc.get(doc, 0.0) + idf * weight
    size = len(asked)
    if size >= 2:
        held = [index.postings[t] for t in asked if t in index.postings]
        for doc in per_doc:
            if index.lengths[doc] == size and sum(f.get(doc, 0) for f in held) == size:
                per_doc[doc] *= EXACT_BOOST
    best: dict[str, float] = {}
    rest: dict[str, float] = {}
    for doc, value in per_doc.items():
        anchor = index.owner[doc]
        before = best.get(anchor, 0.0)
        if value > before:
            rest[anchor] = rest.get(anchor, 0.0) + before
            best[anchor] = value
        else:
            rest[anchor] = rest.get(anchor, 0.0) + value
    return {a: v + REST_SHARE * rest.get(a, 0.0) for a, v in best.items()}


def _content_scored_plainly(
    scorer: ContentScorer, queries: Sequence[TermQ | PhraseQ]
) -> dict[str, float]:
    """ContentScorer.score as it was: each posting added to its section in turn."""
    totals: dict[int, float] = {}
    for query in queries:
        if isinstance(query, TermQ):
            found = scorer.postings(query.term)
            if len(found) > scorer.count // 4:
                continue
            idf = scorer.idf(query.term) * query.boost
            for doc, positions in found.items():
                weight = _weight(len(positions), scorer.lengths[doc], scorer.average)
                totals[doc] = totals.get(doc, 0.0) + idf * weight
            continue
        lists = [scorer.postings(t) for t in query.terms]
        if not all(lists):
            continue
        idf = sum(scorer.idf(t) for t in query.terms) * query.boost
        for doc in set(lists[0]).intersection(*lists[1:]):
            count = phrase_count([lst[doc] for lst in lists], query.slop)
            if count:
                weight = _weight(count, scorer.lengths[doc], scorer.average)
                totals[doc] = totals.get(doc, 0.0) + idf * weight
    return {scorer.anchors[doc]: value for doc, value in totals.items()}


def _made_up_index(seed: int) -> tuple[PhrasingIndex, list[str]]:
    """Phrasings of a few words from a small vocabulary (so words repeat within one,
    phrasings of one length abound and sections share words), for many sections."""
    rng = random.Random(seed)
    vocabulary = [f"w{n}" for n in range(40)]
    texts = {
        f"{law}{part}": [
            [rng.choice(vocabulary) for _ in range(rng.randint(1, 6))]
            for _ in range(rng.randint(1, 8))
        ]
        for law in range(1, 30)
        for part in "ABC"
    }
    return PhrasingIndex(texts), vocabulary


def _made_up_questions(vocabulary: list[str], seed: int) -> list[tuple[list[str], dict | None]]:
    rng = random.Random(seed)
    asked = []
    for _ in range(300):
        terms = [rng.choice([*vocabulary, "unheard"]) for _ in range(rng.randint(1, 12))]
        common = rng.choice(
            [None, {}, {t: rng.choice([1.0, 0.25, 0.5, 0.8]) for t in terms if rng.random() < 0.5}]
        )
        asked.append((terms, common))
    return asked


@pytest.mark.parametrize("seed", range(6))
def test_phrasings_score_as_they_did_term_by_term_to_the_last_bit_and_in_order(seed):
    index, vocabulary = _made_up_index(seed)
    for terms, common in _made_up_questions(vocabulary, seed):
        plain = _phrasings_scored_plainly(index, terms, common)
        for _ in range(2):  # worked out, then from what was kept
            assert list(index.score(terms, common).items()) == list(plain.items())


def test_a_phrasing_that_says_a_word_twice_is_the_question_only_with_its_words_counted():
    index = PhrasingIndex({"1": [["card", "card"]], "2": [["card", "led"]], "3": [["led", "x"]]})
    asked = ["card", "zorbled"]  # as long as "card card", which holds only asked words
    plain = _phrasings_scored_plainly(index, asked)
    assert index.score(asked) == plain
    assert plain["1"] > index.score(["card"])["1"]  # doubled, as the plain count says
    assert list(index.score(["card", "led"]).items()) == list(
        _phrasings_scored_plainly(index, ["card", "led"]).items()
    )


def test_a_factor_of_zero_scores_as_before():
    """Sums kept in lists take a section first met at 0.0 for one not met yet: every
    score is above zero but for a factor of zero, which is scored the plain way."""
    index, vocabulary = _made_up_index(7)
    for terms, _common in _made_up_questions(vocabulary, 7)[:60]:
        common = {t: 0.0 for t in terms[::2]}
        assert list(index.score(terms, common).items()) == list(
            _phrasings_scored_plainly(index, terms, common).items()
        )


def test_the_engines_phrasings_and_lawbook_score_as_they_did(engine):
    questions = [
        "dummy revoked",
        "partner hesitated then he bid 4s",
        "Strafkarte liegt",
        "declarer claimed but a trump was still out and the defenders objected",
        "revoke established after the next trick was led",
        "opening lead out of turn",
    ]
    for question in questions:
        english = engine._english_meaning(question)
        common = engine.scorer.commonness(english)
        german = engine._german_meaning(question)
        for index, terms, factors in [
            (engine.english, english, common),
            (engine.german, german, engine.german.commonness(german, 4.5)),
            (engine.german_text, german, None),
        ]:
            for _ in range(2):
                assert list(index.score(terms, factors).items()) == list(
                    _phrasings_scored_plainly(index, terms, factors).items()
                )
        queries = engine._content_query(question.lower().split(), [])
        queries += [PhraseQ(("follow", "suit"), boost=1.4, kept=True), TermQ("revok", boost=0.8)]
        for _ in range(2):
            assert list(engine.scorer.score(queries).items()) == list(
                _content_scored_plainly(engine.scorer, queries).items()
            )


def test_what_a_term_adds_is_kept_for_a_few_factors_only():
    index, vocabulary = _made_up_index(3)
    term = vocabulary[0]
    expected = [_phrasings_scored_plainly(index, [term], {term: f / 10}) for f in range(1, 11)]
    for _ in range(2):
        for factor, plain in zip(range(1, 11), expected, strict=True):
            assert index.score([term], {term: factor / 10}) == plain
    assert len(index._scored[term][2]) == FACTORS_KEPT
    scorer = get_search().scorer
    for boost in range(1, 11):
        scorer.score([TermQ("revok", boost=boost / 10)])
    assert len(scorer._added["revok"]) <= FACTORS_KEPT


def test_phrasings_scored_on_eight_threads_at_once_score_as_on_one():
    index, vocabulary = _made_up_index(11)
    questions = _made_up_questions(vocabulary, 11)
    expected = [list(_phrasings_scored_plainly(index, t, c).items()) for t, c in questions]
    fresh = PhrasingIndex({})
    vars(fresh).update({**vars(index), "_scored": {}})  # nothing kept yet
    wrong: list[int] = []

    def work(seed: int) -> None:
        order = list(range(len(questions)))
        random.Random(seed).shuffle(order)
        for number in order:
            terms, common = questions[number]
            if list(fresh.score(terms, common).items()) != expected[number]:
                wrong.append(number)

    errors = run_together(THREADS, work)
    assert not errors and not wrong


def test_a_words_meaning_is_kept_bounded_and_a_whole_question_is_not(engine, monkeypatch):
    monkeypatch.setattr(engine_module, "WORDS_KEPT", 50)
    monkeypatch.delitem(vars(engine), "_kept__english_meaning", raising=False)
    words = [f"zorbl{n}ing" for n in range(120)]
    plain = [engine_module.english_terms(w) for w in words]
    assert [engine._english_meaning(w) for w in words] == plain
    assert [engine._english_meaning(w) for w in words] == plain
    kept = vars(engine)["_kept__english_meaning"]
    assert 0 < len(kept) <= 50
    engine._english_meaning("the dummy revoked")
    assert "the dummy revoked" not in kept
    engine._english_meaning("revoked").append("changed by a caller")
    assert engine._english_meaning("revoked") == ["revok"]  # what is kept is not shared


def test_meanings_and_corrections_on_eight_threads_meet_no_error_and_agree(monkeypatch):
    """Made-up words flood the stores (so their oldest go, over and over) while
    eight threads read them: each word's answer is the one worked out alone."""
    built = get_search()
    monkeypatch.setattr(engine_module, "WORDS_KEPT", 64)
    monkeypatch.setattr(speller_module, "CORRECTIONS_KEPT", 64)
    # the stores are made with their bound, on their first use from here on
    monkeypatch.delitem(vars(built), "_kept__german_meaning", raising=False)
    monkeypatch.delitem(vars(built.speller), "_corrected", raising=False)
    words = [f"{a}{b}ing" for a in ("zorbl", "revok", "dumm", "hesit") for b in range(60)]
    words += ["revokd", "dumy", "penalty", "strafkarte", "insuficient", "claimd"]
    alone = {
        w: (built._german_meaning(w), built.speller.candidates(w)[:1] or [None]) for w in words
    }
    wrong: list[str] = []

    def work(seed: int) -> None:
        order = list(words)
        random.Random(seed).shuffle(order)
        for word in order * 2:
            found = (built._german_meaning(word), [built.speller.correct(word)])
            if found != alone[word]:
                wrong.append(word)

    errors = run_together(THREADS, work)
    assert not errors and not wrong
    assert len(vars(built.speller)["_corrected"]) <= 64
    assert len(vars(built)["_kept__german_meaning"]) <= 64


def test_a_speller_read_back_keeps_no_corrections_of_the_one_written():
    import pickle

    speller = get_search().speller
    speller.correct("revokd")
    assert "_corrected" in vars(speller)
    assert "_corrected" not in vars(pickle.loads(pickle.dumps(speller)))


def test_a_flood_of_made_up_words_fills_every_per_word_store_to_one_bound(engine):
    """Each store kept per word has the one bound WORDS_CACHED, so a flood of made-up
    words (issue 29's memory soak sends one in four requests with a new one) fills them
    all early and the server's memory then stays flat: the stems' own store was 20,000
    and the others 8,192, so memory still grew long after the others were full."""
    from td_assist.search import analysis

    bound = analysis.WORDS_CACHED
    caches = {
        "english_stem": analysis.english_stem,
        "_english": analysis._english,
        "german_stem": analysis.german_stem,
        "split": analysis.Decompounder.split,
        "verb_root": analysis.Decompounder.verb_root,
        "engine _stem": engine_module._stem,
    }
    assert {name: c.cache_parameters()["maxsize"] for name, c in caches.items()} == dict.fromkeys(
        caches, bound
    )
    for number in range(bound + 300):
        engine.search(f"zq{number:05d}x")
    assert all(c.cache_info().currsize <= bound for c in caches.values())
    stores = [vars(engine)[n] for n in vars(engine) if n.startswith("_kept_")]
    stores.append(vars(engine.speller)["_corrected"])
    assert stores and all(0 < len(store) <= bound for store in stores)
    assert max(len(store) for store in stores) > bound // 2  # the flood did reach them


@pytest.mark.parametrize("word", ["wouldn", "shouldn", "contended", "contend"])
def test_everyday_english_the_word_list_lacks_is_never_corrected(word: str) -> None:
    # "wouldn't" reached the speller as "wouldn" and came back "couldn"; "contended"
    # came back "conceded", a word that pulls a question to the claim laws.
    assert get_search().speller.correct(word) is None
