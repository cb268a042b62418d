"""A question never asked before, made cheaper without changing its page (issue 29).

The search page around the question is rendered once per kind of page and filled; the
addresses with the question in their query string are written after a kept path; the
user folder is worked out once per environment; a content phrase's share is kept per
factor. Each must give what the plain way gives, byte for byte (or to the last bit),
and each is counted here, never timed.
"""

from __future__ import annotations

import random

import pytest
from flask import template_rendered, url_for

from td_assist import paths
from td_assist.search import get_search
from td_assist.search.ranking import ContentScorer, PhraseQ, TermQ
from td_assist.web import core as core_module
from td_assist.web import urls as urls_module
from td_assist.web.urls import kept_url_for
from tests.search_pages import GERMAN, LAPTOP, PHONE, fresh_search_page
from tests.spies import first_arguments

ODD_QUESTIONS = [
    "dummy revoked 1042",
    "a&b=c#d?e/f <b>x</b> \"q\" 'z'",
    "Ünterbrechung ß ’ Revoke",
    "+%20 ~!$'()*,/:;?@",
    "tdAssistQuestionMark tdAssistAddressMark tdAssistResultsMark",
    "  spaced  out  ",
    "dumy revokd",  # a "did you mean" link
    "x" * 300,
]


@pytest.mark.parametrize("headers", [{}, GERMAN], ids=["English", "German"])
@pytest.mark.parametrize("remote", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_page_filled_into_its_frame_is_the_page_rendered_in_full(
    app, monkeypatch, headers, remote
):
    client = app.test_client()
    framed = {q: fresh_search_page(client, q, headers, remote) for q in ODD_QUESTIONS}
    assert app.extensions["td_search_frames"], "the pages were not made from a frame"
    assert all(frame is not None for frame in app.extensions["td_search_frames"].values())
    monkeypatch.setattr(core_module, "_page_frame", lambda: None)  # the old way: in full
    for question, page in framed.items():
        assert page == fresh_search_page(client, question, headers, remote), question


def test_the_frame_is_rendered_once_per_kind_of_page_not_once_per_question(app):
    rendered: list[str] = []

    def record(_sender, template, context, **_extra):
        rendered.append(template.name)

    client = app.test_client()
    with template_rendered.connected_to(record, app):
        for number in range(5):
            fresh_search_page(client, f"dummy revoked {number + 1000}", {}, PHONE)
        assert rendered.count("search.html") == 1
        for number in range(3):
            fresh_search_page(client, f"revoke {number + 1000}", GERMAN, PHONE)
        assert rendered.count("search.html") == 2  # German pages have their own


def test_a_page_that_does_not_hold_its_marks_is_rendered_in_full(app, monkeypatch):
    client = app.test_client()
    expected = fresh_search_page(client, "dummy revoked", {}, PHONE)
    app.extensions["td_search_frames"].clear()
    monkeypatch.setattr(core_module, "_QUESTION", "tdAssistNowhereMark")  # in no page
    assert fresh_search_page(client, "dummy revoked", {}, PHONE) == expected
    assert list(app.extensions["td_search_frames"].values()) == [None]


def test_an_address_with_a_question_is_flasks_own_and_keeps_only_its_path(app, monkeypatch):
    built = first_arguments(monkeypatch, urls_module, "url_for")
    with app.test_request_context("/search?q=x"):
        kept = app.extensions["td_urls"]
        for question in [*ODD_QUESTIONS, ""]:
            for endpoint, values in [
                ("core.search_page", {"q": question}),
                ("training.library", {"q": question}),
                ("language.switch", {"code": "de", "next": f"/search?q={question}"}),
                ("language.switch", {"code": "en", "next": question, "also": question}),
            ]:
                assert kept_url_for(endpoint, **values) == url_for(endpoint, **values)
        assert len(kept) == 4  # the paths: one per endpoint and language code
        # Flask walked its URL map once per endpoint, not per question (the second
        # language code's path is written by the rule, web/urls.py's _built)
        assert len(built) == 3
        # values that are not text go to Flask as before
        assert kept_url_for("core.search_page", q=None) == url_for("core.search_page", q=None)
        assert kept_url_for("training.library", page=2) == url_for("training.library", page=2)


def test_the_user_folder_follows_the_environment_and_is_worked_out_once(monkeypatch, tmp_path):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "one"))
    assert paths._user_base() == tmp_path / "one"
    made = paths._user_base_for.cache_info().misses
    for _ in range(5):
        assert paths._user_base() == tmp_path / "one"
    assert paths._user_base_for.cache_info().misses == made
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "two"))
    assert paths._user_base() == tmp_path / "two"
    monkeypatch.delenv("TD_ASSIST_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if paths.sys.platform != "win32":
        assert paths._user_base() == tmp_path / "data" / "td-assist"


def _content_scored_plainly(scorer: ContentScorer, queries) -> dict[str, float]:
    """ContentScorer.score as it was: each phrase's places and idf worked out anew."""
    from td_assist.search.ranking import _add_into

    totals: dict[int, float] = {}
    for query in queries:
        if isinstance(query, TermQ):
            if len(scorer.postings(query.term)) > scorer.count // 4:
                continue
            _add_into(totals, scorer._added_of(query.term, query.boost))
            continue
        found = scorer._phrase_weights(PhraseQ(query.terms, query.slop, query.boost))
        if found is None:
            continue
        idf = sum(scorer.idf(t) for t in query.terms) * query.boost
        _add_into(totals, {doc: idf * weight for doc, weight in found})
    return {scorer.anchors[doc]: value for doc, value in totals.items()}


def test_a_content_phrase_is_worked_out_once_per_factor_and_scores_as_before(monkeypatch):
    scorer = get_search().scorer
    vocabulary = sorted(scorer.vocabulary)
    rng = random.Random(7)
    phrases = [tuple(rng.sample(vocabulary, 2)) for _ in range(5)] + [
        ("lead", "out", "of", "turn"),
        ("penalti", "card"),
        ("no", "such", "wordatall"),
    ]
    slops = [rng.choice((0, 1)) for _ in phrases]
    asked = [
        [TermQ(rng.choice(vocabulary))]
        + [PhraseQ(p, slop=s, boost=b, kept=True) for p, s in zip(phrases, slops, strict=True)]
        for b in (1.0, 0.8, 1.0, 0.8)
    ]
    expected = [_content_scored_plainly(scorer, queries) for queries in asked]
    looked_up: list[tuple[str, ...]] = []
    real = ContentScorer._phrase_weights

    def counting(self, query):
        looked_up.append(query.terms)
        return real(self, query)

    monkeypatch.setattr(ContentScorer, "_phrase_weights", counting)
    scorer._phrases_added.clear()
    for queries, plain in zip(asked, expected, strict=True):
        scored = scorer.score(queries)
        assert list(scored.items()) == list(plain.items())  # to the last bit, in order
    assert len(looked_up) == 2 * len(phrases)  # per factor, not per question
    # a question's own phrase (not the content's) is not kept
    own = [PhraseQ(("revok", "trick"), slop=1, boost=1.5)]
    before = len(scorer._phrases_added)
    scorer.score(own)
    assert len(scorer._phrases_added) == before


def test_every_anchor_the_engine_scores_is_the_books_so_held_back_needs_no_look_through():
    engine = get_search()
    engine.search("what is an alert")
    every, _no_laws, all_the_books = engine._no_laws
    assert all_the_books
    for question in ("what is an alert", "dummy revoked", "Strafkarte liegt", "introduction"):
        said = question.lower().split()
        scores = engine._evidence(said, engine._expansions(said, False), False)
        assert set(scores) <= every
        plain = {a for a in scores if not a[:1].isdigit()}
        assert engine._held_back(scores) == plain


def test_the_apis_answer_is_the_models_answer_without_building_the_models():
    from td_assist.search.report import SearchJson, report_data, report_of

    engine = get_search()
    for question in [*ODD_QUESTIONS, "64b3", "99z", "Strafkarte liegt", "what is an alert", ""]:
        for limit in (1, 10, 50):
            results = engine.search(question, limit=limit)
            made = report_data(results)
            assert made == report_of(results).model_dump()
            assert list(made) == list(SearchJson.model_fields)  # the JSON's order too
            for hit in made["hits"]:  # type: ignore[union-attr]
                assert list(hit) == list(report_of(results).hits[0].model_dump())
                assert type(hit["law"]) is int and type(hit["score"]) is float
