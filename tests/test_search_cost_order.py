"""A never-asked search's merging, ordering and "did you mean" made cheaper (issue 29).

Merging a term's sums into the question's takes the cheaper of two ways; the order of
the hits sorts by their items only the sections scoring at least the 80th score; the
spelling check behind "did you mean" makes snippets for the three hits it compares,
not for ten; a word that is the only one of the question a phrasing index holds has
its sections' scores worked out once per factor. Each gives what the plain way gives,
to the last bit and in order, and the work saved is counted here, never timed.
"""

from __future__ import annotations

import pickle
import random
from operator import itemgetter

import pytest

from td_assist.search import engine as engine_module
from td_assist.search import get_search
from td_assist.search import ranking as ranking_module
from td_assist.search.engine import SAME_LAW_FACTORS, SearchEngine
from td_assist.search.ranking import PhrasingIndex, _add_into
from tests.spies import first_arguments


def _added_plainly(totals: dict[int, float], adding: dict[int, float]) -> None:
    for doc, value in adding.items():
        totals[doc] = totals.get(doc, 0.0) + value


@pytest.mark.parametrize("seed", range(5))
def test_a_merge_gives_the_plain_loops_sums_to_the_last_bit_and_in_order(seed):
    rng = random.Random(seed)
    for _ in range(300):
        totals: dict[int, float] = {}
        plain: dict[int, float] = {}
        # an empty start, a term far bigger than the sums so far, and one of like size
        for _term in range(rng.randint(1, 6)):
            size = rng.choice([0, 1, 5, 40, 400])
            adding = {rng.randrange(600): rng.random() * 7 for _ in range(size)}
            _add_into(totals, adding)
            _added_plainly(plain, adding)
            assert list(totals.items()) == list(plain.items())


def _ordered_plainly(
    engine: SearchEngine, scores: dict[str, float], general: bool
) -> list[tuple[str, float]]:
    """SearchEngine._order as it was: every scored section sorted by its item."""
    by_law: dict[int, list[tuple[str, float]]] = {}
    for anchor, value in sorted(scores.items(), key=itemgetter(1), reverse=True)[:80]:
        law = engine._law_of.get(anchor)
        if law is not None:
            by_law.setdefault(law, []).append((anchor, value))
    placed: list[tuple[float, str, float]] = []
    for law, found in by_law.items():
        found.sort(key=itemgetter(1), reverse=True)
        lifted = False
        if general and law:
            root = engine._root_of[law]
            top = found[0][1]
            if found[0][0] != root and scores.get(root, 0.0) > 0.25 * top:
                found = [(root, top * 1.001)] + [a for a in found if a[0] != root]
                lifted = True
        factors = (1.0, 0.97, 0.7, 0.6) if lifted else SAME_LAW_FACTORS
        for factor, (anchor, value) in zip(factors, found, strict=False):
            placed.append((value * factor, anchor, value))
    placed.sort(key=itemgetter(0), reverse=True)
    return [(anchor, value) for _w, anchor, value in placed if anchor in engine.book.sections]


QUESTIONS = [
    "dummy revoked",
    "declarer led from the wrong hand and then the defender revoked on the next trick",
    "lead out of turn",
    "Strafkarte liegt auf dem Tisch",
    "claim disputed by the opponents after a hesitation",
    "what is an alert",
]


def _scores_of(engine: SearchEngine) -> list[tuple[dict[str, float], bool]]:
    asked = []
    for question in QUESTIONS:
        said = question.lower().split()
        german = engine._looks_german(said)
        scores = engine._evidence(said, engine._expansions(said, german), german)
        asked += [(scores, True), (scores, False)]
    rng = random.Random(3)
    anchors = [a for a in engine.book.sections if a[:1].isdigit()]
    for _ in range(40):  # equal scores about the 80th place: which ones pass the cut
        made_up = {a: float(rng.choice([1, 2, 3, 4, 5])) for a in rng.sample(anchors, 300)}
        asked.append((made_up, rng.random() < 0.5))
    return asked


def test_the_order_of_hits_is_the_full_sorts_to_the_last_bit():
    engine = get_search()
    for scores, general in _scores_of(engine):
        ordered = [(s.anchor, v) for s, v in engine._order(scores, general)]
        assert ordered == _ordered_plainly(engine, scores, general)


def test_the_order_sorts_by_their_items_only_the_sections_that_can_be_among_the_first_80(
    monkeypatch,
):
    engine = get_search()
    keyed: list[int] = []
    real = sorted

    def counting(items, *args, **values):
        found = real(items, *args, **values)
        if values.get("key") is not None:
            keyed.append(len(found))
        return found

    monkeypatch.setattr(engine_module, "sorted", counting, raising=False)
    for scores, general in _scores_of(engine)[: 2 * len(QUESTIONS)]:
        keyed.clear()
        engine._order(scores, general)
        at_least = sorted(scores.values(), reverse=True)[min(79, len(scores) - 1)]
        assert keyed[0] == sum(1 for v in scores.values() if v >= at_least)
        if len(scores) > 200:
            assert keyed[0] < len(scores) // 2


def test_did_you_mean_makes_snippets_for_the_three_hits_it_compares(monkeypatch):
    engine = get_search()
    question = "dumy revokd"  # two words corrected: the plain spelling is searched too
    full = engine.search(question)
    assert full.suggestion is not None
    plain_hits, _expanded = engine._rank(question.split(), 10)
    assert [h.anchor for h in plain_hits[:3]] == [
        h.anchor for h in engine._rank(question.split(), 3)[0]
    ]
    made = first_arguments(monkeypatch, engine_module, "highlight_snippet")
    again = engine.search(question)
    assert again == full  # the same hits, snippets and suggestion
    assert len(made) == len(full.hits) + 3  # the plain spelling's first three only


def _index() -> PhrasingIndex:
    return PhrasingIndex(
        {
            "1A": [["revok", "trick"], ["revok", "revok"], ["lead"]],
            "1B": [["revok"], ["trick", "lead", "card"]],
            "2": [["card", "revok", "claim"], ["claim"]],
        }
    )


def _scored_afresh(index: PhrasingIndex, terms, common=None) -> dict[str, float]:
    fresh = pickle.loads(pickle.dumps(index))  # nothing kept
    return fresh.score(terms, common)


def test_a_word_alone_in_the_question_is_scored_once_per_factor_and_as_before(monkeypatch):
    index = _index()
    asked = [
        (["revok", "unheard", "again"], None),
        (["unheard", "revok", "never"], {"revok": 0.5}),
        (["revok"], None),
        (["claim", "nothing"], {"claim": 0.8}),
    ]
    expected = [_scored_afresh(index, terms, common) for terms, common in asked]
    worked = first_arguments(monkeypatch, PhrasingIndex, "_best_and_rest")
    for _ in range(3):
        for (terms, common), plain in zip(asked, expected, strict=True):
            scored = index.score(terms, common)
            assert list(scored.items()) == list(plain.items())  # to the last bit, in order
            scored.clear()  # the caller's own copy: what is kept stays
    # revok with factors 1.0 and 0.5, claim with 0.8: each worked out once
    assert len(worked) == 3


def test_a_word_alone_is_not_kept_where_a_phrasing_is_the_question_itself(monkeypatch):
    index = _index()
    plain = _scored_afresh(index, ["revok", "unheard"])
    longer = _scored_afresh(index, ["revok", "unheard", "again"])
    worked = first_arguments(monkeypatch, PhrasingIndex, "_best_and_rest")
    # "revok revok" is a phrasing as long as the question, all of whose words it has:
    # lifted as the question itself, so worked out each time and never kept
    for _ in range(2):
        assert index.score(["revok", "unheard"]) == plain
    assert len(worked) == 2
    assert not vars(index).get("_alone_kept")
    for _ in range(2):
        assert index.score(["revok", "unheard", "again"]) == longer
    assert len(worked) == 3  # a question of three words: no phrasing is it, so kept
    assert plain != longer


def test_the_kept_words_are_bounded_and_not_stored_with_the_tables(monkeypatch):
    monkeypatch.setattr(ranking_module, "ALONE_KEPT", 2)
    index = _index()
    for factor in (1.0, 0.9, 0.8, 0.7):
        index.score(["revok", "unheard", "again"], {"revok": factor})
    assert len(index._alone_kept) == 2
    stored = pickle.loads(pickle.dumps(index))
    assert "_alone_kept" not in vars(stored)
    assert stored.score(["revok"]) == index.score(["revok"])
