"""The wizard and ruling pages kept with marks for their record form's token and key
(issue 29, page_cache.kept_with_fresh_tokens): a kept page reads as one made afresh but
for a new request key on each visit and the session's own CSRF token (so the form it
holds still records); a mark typed into the address is shown as typed and that page is
not kept; a new ruling (a tree read again) makes the page again; while templates
reload as they are edited nothing is kept; the store is bounded."""

from __future__ import annotations

import re

import pytest

from benchmarks.live_server import TAPPED_BOARD
from td_assist.rulings.engine import registry
from td_assist.web import page_cache, rulings_kept

RULING = "?a=declarer_tricks:9"
KEY = re.compile(r'name="request_key" value="([^"]*)"')
TOKEN = re.compile(r'name="csrf_token" value="([^"]*)"')


@pytest.fixture
def client(app):
    rulings_kept.forget()
    return app.test_client()


@pytest.fixture
def board_id(client) -> str:
    return client.post("/api/boards", json=TAPPED_BOARD).get_json()["id"]


def _kept_pages(app) -> int:
    kept = app.extensions.get("td_wizard_pages")
    return len(kept) if kept is not None else 0


def _blanked(page: str) -> str:
    return TOKEN.sub("", KEY.sub("", page))


def test_a_kept_ruling_page_has_a_new_key_each_visit_and_the_sessions_token(app, client, board_id):
    pages = [client.get(f"/rule/revoke/{board_id}{RULING}").get_data(as_text=True) for _ in "abc"]
    assert _kept_pages(app) == 1
    keys = [KEY.search(page).group(1) for page in pages]
    assert len(set(keys)) == 3 and all(len(key) >= 16 for key in keys)
    tokens = {TOKEN.search(page).group(1) for page in pages}
    assert len(tokens) == 1 and page_cache.TOKEN_MARK not in pages[-1]
    assert len({_blanked(page) for page in pages}) == 1
    saved = client.post(
        f"/rule/revoke/{board_id}/record",
        data={
            "answers": '{"declarer_tricks": "9"}',
            "csrf_token": tokens.pop(),
            "request_key": keys[-1],
        },
    )
    assert saved.status_code == 303


def test_a_kept_page_answers_another_phone_with_its_own_token(app, board_id, client):
    client.get(f"/rule/revoke/{board_id}{RULING}")
    other = app.test_client()
    page = other.get(f"/rule/revoke/{board_id}{RULING}").get_data(as_text=True)
    assert _kept_pages(app) == 1
    assert TOKEN.search(page).group(1) != TOKEN.search(
        client.get(f"/rule/revoke/{board_id}{RULING}").get_data(as_text=True)
    ).group(1)


def test_a_mark_typed_into_the_address_is_shown_as_typed_and_not_kept(app, client, board_id):
    typed = f"/rule/revoke/{board_id}{RULING}&amends={page_cache.TOKEN_MARK}"
    for _visit in range(2):
        page = client.get(typed).get_data(as_text=True)
        assert f'name="amends" value="{page_cache.TOKEN_MARK}"' in page
        assert TOKEN.search(page).group(1) != page_cache.TOKEN_MARK
    assert _kept_pages(app) == 0


def test_the_first_question_is_kept_too_and_reads_as_made_afresh(app, client, board_id):
    first = client.get(f"/rule/revoke/{board_id}").get_data(as_text=True)
    again = client.get(f"/rule/revoke/{board_id}").get_data(as_text=True)
    assert first == again and _kept_pages(app) == 1


def test_a_tree_read_again_makes_the_page_again(app, client, board_id, monkeypatch):
    renders = []
    real = page_cache.kept_page

    def counting(render, *args, **kwargs):
        def counted():
            renders.append(1)
            return render()

        return real(counted, *args, **kwargs)

    monkeypatch.setattr(page_cache, "kept_page", counting)
    for _visit in range(2):
        client.get(f"/rule/revoke/{board_id}{RULING}")
    assert len(renders) == 1
    registry._tree_in.cache_clear()  # as after an edited tree: a new ruling
    client.get(f"/rule/revoke/{board_id}{RULING}")
    assert len(renders) == 2


def test_nothing_is_kept_while_templates_reload(app, client, board_id):
    app.jinja_env.auto_reload = True
    for _visit in range(2):
        page = client.get(f"/rule/revoke/{board_id}{RULING}").get_data(as_text=True)
        assert KEY.search(page) and TOKEN.search(page)
    assert _kept_pages(app) == 0


def test_the_kept_pages_are_bounded(app, client, board_id, monkeypatch):
    monkeypatch.setattr(page_cache, "WIZARD_PAGES_KEPT", 5)
    for number in range(9):
        client.get(f"/rule/revoke/{board_id}{RULING}&n={number}")
    assert _kept_pages(app) == 5
