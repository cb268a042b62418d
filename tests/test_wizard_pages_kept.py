"""What the wizard pages and the ruling POST keep between requests (issue 29): the stored
board read once, its diagram rendered once per language, the templates' texts and
addresses looked up once, a wizard's answer names and choices worked out once per tree,
a POSTed board read once. Each page reads as it did when everything was made afresh,
German and English are kept apart, a changed tree is read anew, and a bad answer or
board still gets its clear error."""

from __future__ import annotations

import json

import pytest
from jinja2 import Environment

from benchmarks.live_server import TAPPED_BOARD
from benchmarks.load import ruling_body
from td_assist.bridge.board import Board
from td_assist.i18n import _, ngettext, use_language
from td_assist.reports import ruling_report
from td_assist.rulings.engine import registry, requests
from td_assist.rulings.engine.walk import AnswerError
from td_assist.web import boards as boards_module
from td_assist.web import diagram, rulings_kept, template_texts
from tests.test_rulings_registry import TOY_TREE, ToyReport, toy  # noqa: F401


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def board_id(client) -> str:
    return client.post("/api/boards", json=TAPPED_BOARD).get_json()["id"]


GERMAN = {"Accept-Language": "de"}
FIRST, RULING = "", "?a=declarer_tricks:9"


def page(client, board_id: str, query: str, headers: dict | None = None) -> str:
    response = client.get(f"/rule/revoke/{board_id}{query}", headers=headers or {})
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    # The record form's token and key are new on every page, kept or not.
    for field in ('name="csrf_token" value="', 'name="request_key" value="'):
        if field in text:
            start = text.index(field) + len(field)
            text = text[:start] + text[text.index('"', start) :]
    return text


def forget_everything_kept(app) -> None:
    """As a server just started: nothing kept but the trees and catalogs."""
    diagram._kept.clear()
    ruling_report._views_kept.clear()
    template_texts._kept.clear()
    rulings_kept.forget()
    requests._boards_kept.clear()
    registry._NAMES_KEPT.clear()
    registry._CHOICES_KEPT.clear()
    app.extensions["td_urls"].clear()
    app.extensions.pop("td_boards_read", None)


def test_a_kept_wizard_page_reads_as_one_made_afresh_in_each_language(app, client, board_id):
    kept = {}
    for language in ({}, GERMAN):
        for query in (FIRST, RULING):
            page(client, board_id, query, language)  # the first visit keeps its parts
            kept[str(language), query] = page(client, board_id, query, language)
    forget_everything_kept(app)
    for language in ({}, GERMAN):
        for query in (FIRST, RULING):
            assert page(client, board_id, query, language) == kept[str(language), query]


def test_german_and_english_diagrams_and_texts_are_kept_apart(client, board_id):
    english = page(client, board_id, RULING)
    german = page(client, board_id, RULING, GERMAN)
    assert "Dealer North" in english and "Teiler" not in english
    assert "Teiler Nord" in german and "Dealer North" not in german
    assert "Restart" in english and "Neu beginnen" in german
    assert page(client, board_id, RULING) == english  # English again, after the German
    assert page(client, board_id, RULING, GERMAN) == german


def test_the_stored_board_is_read_once_and_its_diagram_rendered_once(
    app, client, board_id, monkeypatch
):
    with app.test_request_context():
        assert boards_module.load_board(board_id) is boards_module.load_board(board_id)
    renders = []
    real = diagram.Markup

    def counting(text):
        renders.append(text)
        return real(text)

    monkeypatch.setattr(diagram, "Markup", counting)
    for _visit in range(3):
        page(client, board_id, RULING)
    page(client, board_id, RULING, GERMAN)
    assert len(renders) == 2  # once in English, once in German
    other = client.post("/api/boards", json={**TAPPED_BOARD, "number": 2}).get_json()["id"]
    assert "Board 2" in page(client, other, RULING)  # another board: its own diagram
    assert len(renders) == 3
    app.jinja_env.cache.clear()  # as Jinja loads an edited _board.html again
    page(client, other, RULING)
    assert len(renders) == 4


def test_a_wrong_answer_still_gets_its_clear_error_after_the_page_was_kept(client, board_id):
    page(client, board_id, RULING)
    for _visit in range(2):
        response = client.get(f"/rule/revoke/{board_id}?a=declarer_tricks:99")
        assert response.status_code == 400
        assert "Go back one question and choose again" in response.get_data(as_text=True)
        response = client.get(f"/rule/revoke/{board_id}?a=no_such_answer:1")
        assert response.status_code == 400
        assert "no_such_answer" in response.get_data(as_text=True)


def test_template_texts_read_as_jinjas_own_gettext_in_each_language(app):
    jinjas = Environment(extensions=["jinja2.ext.i18n"], autoescape=True)
    jinjas.install_gettext_callables(_, ngettext, newstyle=True)  # type: ignore[attr-defined]
    source = (
        '{{ _("NS %%") }}|{{ _("Board %(number)s", number="<b>7</b>") }}|{{ _("Restart") }}|'
        '{{ ngettext("%(num)d case", "%(num)d cases", 3) }}|{{ _("Dealer %(seat)s", seat="N") }}'
    )
    ours = app.jinja_env.from_string(source)
    for language in ("en", "de", "en"):
        with use_language(language):
            shown = ours.render()
            assert shown == jinjas.from_string(source).render()
            assert ours.render() == shown  # kept
    with use_language("de"):
        assert "Neu beginnen" in ours.render() and "&lt;b&gt;7" in ours.render()
    with use_language("en"):
        assert ours.render().startswith("NS %|Board &lt;b&gt;7&lt;/b&gt;|Restart|3 cases")


def test_template_addresses_are_kept_per_app_and_per_mount_point(app, client, board_id):
    plain = page(client, board_id, FIRST)
    assert f'href="/boards/{board_id}"' in plain
    mounted = client.get(f"/rule/revoke/{board_id}", base_url="http://localhost/td/")
    text = mounted.get_data(as_text=True)
    assert f'href="/td/boards/{board_id}"' in text and 'href="/td/static/css/app.css"' in text
    assert f'href="/td/rule/revoke/{board_id}?a=declarer_tricks%3A9"' in text
    assert page(client, board_id, FIRST) == plain  # and the plain mount point as before
    with app.test_request_context():
        from flask import url_for

        from td_assist.web.urls import kept_url_for

        for endpoint, values in [("core.home", {}), ("boards.show", {"board_id": board_id})]:
            assert kept_url_for(endpoint, **values) == url_for(endpoint, **values)
            assert kept_url_for(endpoint, **values) == url_for(endpoint, **values)


def test_a_posted_board_is_read_once_and_a_changed_one_anew(client):
    body = json.loads(ruling_body())
    first = client.post("/api/rulings/revoke", json=body)
    assert first.status_code == 200
    kept = len(requests._boards_kept)
    again = client.post("/api/rulings/revoke", json=body)
    assert again.get_json() == first.get_json() and len(requests._boards_kept) == kept
    # The same deal with the play after trick 10 cut: another board, another ruling.
    shorter = {**body, "board": {**body["board"], "play": body["board"]["play"][:40]}}
    changed = client.post("/api/rulings/revoke", json=shorter)
    assert changed.status_code in (200, 400)
    assert changed.get_json() != first.get_json()
    requests._boards_kept.clear()
    assert client.post("/api/rulings/revoke", json=shorter).get_json() == changed.get_json()


def test_a_bad_posted_board_gets_its_clear_error_every_time(client):
    body = json.loads(ruling_body())
    bad = {**body, "board": {**body["board"], "play": ["SA", "SA"]}}
    for _visit in range(2):
        response = client.post("/api/rulings/revoke", json=bad)
        assert response.status_code == 400
        assert "error" in response.get_json() and "SA" in response.get_json()["error"]
    assert client.post("/api/rulings/revoke", json=body).status_code == 200
    assert client.post("/api/rulings/revoke", json=bad).status_code == 400


def test_a_kept_board_is_the_board_read_afresh():
    body = json.loads(ruling_body())
    requests._boards_kept.clear()
    fresh = requests.parse_request(body).board
    kept = requests.parse_request(body).board
    assert isinstance(kept, Board) and kept is fresh  # the second was not read again
    requests._boards_kept.clear()
    assert requests.parse_request(body).board == fresh


def test_a_tree_read_again_gives_its_new_answer_names_and_choices(toy, tmp_path):  # noqa: F811
    report = ToyReport(offender="E", faced=True)
    assert registry.rule("toy-card", None, report, {"honour": "No"}).outcome == "minor"
    with pytest.raises(AnswerError, match="rank"):
        registry.rule("toy-card", None, report, {"rank": "low"})
    changed = TOY_TREE.replace("honour", "rank").replace(
        '{ value = "no", label = "No", next = "minor" }',
        '{ value = "Low", label = "Low", next = "minor" }',
    )
    (tmp_path / "toy-card.toml").write_text(changed, encoding="utf-8")
    registry.get_tree.cache_clear()  # as a test or a reload reads the trees again
    assert registry.rule("toy-card", None, report, {"rank": "low"}).outcome == "minor"
    with pytest.raises(AnswerError, match="honour"):
        registry.rule("toy-card", None, report, {"honour": "yes"})
