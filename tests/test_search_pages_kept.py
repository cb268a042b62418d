"""Search pages and API answers kept while the server runs (issue 29): a question asked
again is answered from the kept page, byte for byte what a fresh search renders, in the
reader's language, and the store never grows past its bound."""

from __future__ import annotations

import threading

import pytest

from td_assist.search import SearchEngine
from td_assist.web import core as core_module
from td_assist.web import create_app

QUESTION = "dummy revoked"
GERMAN = {"Accept-Language": "de"}


@pytest.fixture
def searches(monkeypatch):
    """The questions the engine was asked."""
    asked: list[str] = []
    real = SearchEngine.search

    def counting(self, raw, limit=10):
        asked.append(raw)
        return real(self, raw, limit)

    monkeypatch.setattr(SearchEngine, "search", counting)
    return asked


def kept_searches(app) -> int:
    return len(app.extensions.get("td_searches", ()))


def test_a_question_asked_again_is_answered_from_the_kept_page(app, searches):
    client = app.test_client()
    for path in (
        f"/search?q={QUESTION}",
        f"/api/search?q={QUESTION}",
        f"/search?q={QUESTION}&partial=1",
    ):
        first = client.get(path)
        again = client.get(path)
        assert first.status_code == again.status_code == 200
        assert again.get_data() == first.get_data()
        assert again.mimetype == first.mimetype
    assert searches == [QUESTION] * 3  # once per address, not once per request
    assert client.get("/api/search?q=dummy+revoked").get_json()["hits"][0]["anchor"] == "64B3"


def test_a_kept_page_is_the_page_a_fresh_search_renders(app, tmp_path):
    kept = app.test_client()
    kept.get(f"/search?q={QUESTION}")
    kept.get(f"/api/search?q={QUESTION}&limit=3")
    fresh = create_app(
        {"TESTING": True, "SECRET_KEY": "k", "STORE_PATH": str(tmp_path / "t.db")}
    ).test_client()
    for path in (f"/search?q={QUESTION}", f"/api/search?q={QUESTION}&limit=3"):
        assert kept.get(path).get_data() == fresh.get(path).get_data()


def test_a_german_and_an_english_reader_each_get_their_own_page(app, searches):
    client = app.test_client()
    english = client.get(f"/search?q={QUESTION}").get_data(as_text=True)
    german = client.get(f"/search?q={QUESTION}", headers=GERMAN).get_data(as_text=True)
    assert 'lang="en"' in english and 'lang="de"' in german
    assert "Suche" in german and "Suche" not in english
    assert client.get(f"/search?q={QUESTION}").get_data(as_text=True) == english
    assert client.get(f"/search?q={QUESTION}", headers=GERMAN).get_data(as_text=True) == german
    assert len(searches) == 2


def test_a_law_number_still_goes_to_its_section_and_is_not_kept(app):
    client = app.test_client()
    for _ in range(2):
        response = client.get("/search?q=64b3")
        assert response.status_code == 302 and response.headers["Location"] == "/laws/64#64B3"
    assert kept_searches(app) == 0


def test_the_kept_searches_are_bounded(app, monkeypatch, searches):
    monkeypatch.setattr(core_module, "SEARCHES_KEPT", 4)
    client = app.test_client()
    for number in range(10):
        assert client.get(f"/search?q=revoke+{number}").status_code == 200
        assert kept_searches(app) <= 4
    assert kept_searches(app) == 4
    client.get("/search?q=revoke+9")  # among the newest: kept
    client.get("/search?q=revoke+0")  # the oldest went first: searched again
    assert searches[-1] == "revoke 0" and searches.count("revoke 9") == 1


def test_eight_threads_asking_old_and_new_questions_all_get_their_page(app, monkeypatch):
    monkeypatch.setattr(core_module, "SEARCHES_KEPT", 8)
    questions = ["dummy revoked", "lead out of turn", "claim", "hesitation", "insufficient bid"]
    expected = {
        q: app.test_client().get("/search", query_string={"q": q}).get_data() for q in questions
    }
    errors: list[str] = []
    start = threading.Barrier(8)

    def work(seed: int) -> None:
        client = app.test_client()
        start.wait()
        for turn in range(30):
            question = questions[(seed + turn) % len(questions)]
            response = client.get("/search", query_string={"q": question})
            if response.status_code != 200 or response.get_data() != expected[question]:
                errors.append(f"{question}: {response.status_code}")
            new = client.get("/api/search", query_string={"q": f"revoke {seed} {turn}"})
            if new.status_code != 200:
                errors.append(f"new question: {new.status_code}")

    workers = [threading.Thread(target=work, args=(seed,)) for seed in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    assert kept_searches(app) <= 8
