"""The case library and practice pages through Flask's test client."""

import re
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

from td_assist.training.cases import get_case, load_cases
from td_assist.training.practice import practice_questions, select_cases
from td_assist.web import create_app

CASE = "revoke/01-defender-ruffs-two-tricks"


@pytest.fixture
def client(tmp_path):
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    return app.test_client()


def text(response):
    assert response.status_code == 200, response.get_data(as_text=True)[:400]
    return response.get_data(as_text=True)


def test_library_lists_every_case_and_filters_by_wizard_law_and_level(client):
    page = text(client.get("/cases/"))
    assert page.count('<li><a href="/cases/') == len(load_cases())
    by_wizard = text(client.get("/cases/?wizard=penalty-card"))
    assert by_wizard.count('<li><a href="/cases/') == len(load_cases("penalty-card"))
    by_law = text(client.get("/cases/?law=54"))
    assert by_law.count('<li><a href="/cases/') == len(select_cases(load_cases(), law="54"))
    first = text(client.get("/cases/?difficulty=first-course"))
    wanted = select_cases(load_cases(), difficulty="first-course")
    assert first.count('<li><a href="/cases/') == len(wanted)
    # A hostile filter is ignored, not an error.
    assert text(client.get("/cases/?wizard=<script>&law=x' or 1")).count("<li><a") > 1


def test_a_case_page_shows_the_deal_walk_ruling_and_explanation(client):
    page = text(client.get(f"/cases/{CASE}"))
    assert 'class="hands"' in page and 'aria-label="Auction"' in page
    assert 'aria-label="Tricks"' in page
    assert "Is the revoke established" in page  # the model walk
    assert 'href="/laws/64#64A1"' in page
    assert "West ruffs" in page
    # The explanation's law references are links.
    assert '<a href="/laws/63#63A1" data-law-panel>Law 63A1</a>' in page


def test_an_unknown_case_is_404(client):
    assert client.get("/cases/revoke/no-such-case").status_code == 404
    assert client.get("/cases/../etc/passwd").status_code == 404


def test_a_law_page_lists_the_cases_that_cite_it(client):
    page = text(client.get("/laws/64"))
    assert "Worked cases on this law" in page
    assert f'href="/cases/{CASE}"' in page


def _form_answers(page):
    return re.findall(r'<button type="submit" class="choice" name="g" value="([^"]+)"', page)


def test_practice_grades_each_answer_and_shows_the_law_of_a_wrong_one(client):
    questions = practice_questions(get_case(CASE))
    right = [q.answer for q in questions]
    first_wrong = next(v for v, _ in questions[0].choices if v != right[0])
    query = urlencode([("c", CASE), ("g", first_wrong)])
    page = text(client.get(f"/practice/run?{query}"))
    assert 'data-feedback="wrong"' in page
    assert questions[0].answer_label in page
    law = questions[0].laws[0]
    assert f'/laws/{law[:2]}#{law}"' in page
    # The rest right: the summary scores all but one and names the law to revise.
    query = urlencode([("c", CASE), ("g", first_wrong), *[("g", a) for a in right[1:]]])
    summary = text(client.get(f"/practice/run?{query}"))
    assert f"{len(questions) - 1} of {len(questions)}" in summary
    assert "Laws to revise" in summary


def test_practice_asks_the_ruling_and_the_final_score(client):
    questions = practice_questions(get_case(CASE))
    assert questions[-2].prompt == "Which ruling?" and questions[-2].answer == "transfer_two"
    assert questions[-1].kind == "number" and questions[-1].answer == "450"
    # Steps the record settles are asked too.
    assert any(q.settled_by == "record" for q in questions)


def test_grading_at_the_end_shows_no_feedback_until_the_summary(client):
    query = urlencode([("c", CASE), ("g", "no"), ("grading", "end")])
    page = text(client.get(f"/practice/run?{query}"))
    assert "data-feedback" not in page
    assert 'name="grading" value="end"' in page


def test_start_a_random_ten_and_a_set_by_law(client):
    response = client.get("/practice/start?random=1")
    assert response.status_code == 302
    ids = [v for k, v in parse_qsl(urlsplit(response.headers["Location"]).query) if k == "c"]
    assert len(ids) == 10 and len(set(ids)) == 10
    response = client.get("/practice/start?law=54")
    ids = [v for k, v in parse_qsl(urlsplit(response.headers["Location"]).query) if k == "c"]
    assert ids == [c.id for c in select_cases(load_cases(), law="54")][: len(ids)]
    assert client.get("/practice/start?wizard=revoke&law=54").status_code == 400


def test_a_bad_practice_address_is_a_clear_400(client):
    assert client.get("/practice/run").status_code == 400
    page = client.get("/practice/run?c=revoke/nope")
    assert page.status_code == 400 and "there is no case" in page.get_data(as_text=True)
    # A hostile answer is graded wrong, never a 500.
    query = urlencode([("c", CASE), ("g", "<script>" * 20)])
    assert "&lt;script&gt;" in text(client.get(f"/practice/run?{query}"))


def test_teacher_quiz_has_every_question_and_an_answer_key(client):
    ids = ["revoke/01-defender-ruffs-two-tricks", "penalty-card/01-declarer-drops-a-card"]
    page = text(client.get("/practice/quiz?" + urlencode([("c", c) for c in ids])))
    assert "Answer key" in page
    total = sum(len(practice_questions(get_case(c))) for c in ids)
    key = page.split("Answer key", 1)[1]
    assert key.count("<li>") == total
    assert "Two tricks transferred" in key


def test_practice_home_offers_the_choices(client):
    page = text(client.get("/practice/"))
    assert 'name="wizard"' in page and 'name="law"' in page and 'name="difficulty"' in page
    assert "practice.js" in page


def test_a_case_of_an_unregistered_wizard_is_a_clear_error_not_a_500(client, tmp_path, monkeypatch):
    from td_assist.training import cases as cases_module

    folder = tmp_path / "rulings" / "cases" / "future-wizard"
    folder.mkdir(parents=True)
    source = get_case(CASE)
    (folder / "01-x.toml").write_text(
        f'title = "x"\nwizard = "future-wizard"\nlaws = ["64A1"]\nexplanation = "x"\n'
        f'[board]\ndeal = "{source.board.deal}"\n[expected]\noutcome = "x"\n'
    )
    monkeypatch.setattr(cases_module, "content_dir", lambda name: tmp_path / name)
    page = client.get("/cases/future-wizard/01-x")
    assert page.status_code == 400 and "unknown wizard" in page.get_data(as_text=True)
    assert client.get("/practice/run?c=future-wizard/01-x").status_code == 400
    assert "future-wizard/01-x" in text(client.get("/cases/"))


def test_words_find_cases_and_the_search_page_links_to_them(client):
    page = text(client.get("/cases/?q=dummy+revokes"))
    found = re.findall(r'<li><a href="/cases/([^"]+)"', page)
    assert "revoke/07-dummy-revokes" in found
    assert all("dummy" in (get_case(c).title + get_case(c).explanation).lower() for c in found)
    results = text(client.get("/search?q=dummy+revoked"))
    assert "/cases/?q=dummy+revoked" in results


@pytest.mark.parametrize("case", load_cases(), ids=lambda case: case.id)
def test_every_case_makes_a_practice_set_that_grades_its_own_model_answers(case):
    questions = practice_questions(case)
    assert questions and questions[-1].settled_by in {"ruling", "score", "pending"}
    for question in questions:
        assert question.is_right(question.answer)
        if question.kind == "choice":
            assert question.answer in dict(question.choices)
            wrong = [v for v, _ in question.choices if v != question.answer]
            assert wrong and not question.is_right(wrong[0])
