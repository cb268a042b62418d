"""The layout parts every page shares (menu links, law panel, footer) are rendered once
per language and kind of reader and kept (issue 29): pages read as before, each in its
reader's language, and a phone never gets the laptop's "Phones" link."""

from __future__ import annotations

import pytest

from td_assist.web import layout as layout_module
from tests.spies import first_arguments


@pytest.fixture
def renders(monkeypatch):
    return first_arguments(monkeypatch, layout_module, "render_template")


PHONE = {"REMOTE_ADDR": "192.168.1.20"}


def test_the_layout_parts_are_rendered_once_per_language_and_reader(app, renders):
    client = app.test_client()
    for page in ["/", "/rulings", "/search", "/cases/", "/"]:
        assert client.get(page).status_code == 200
    assert sorted(renders) == ["_layout_end.html", "_layout_links.html"]
    client.get("/rulings", headers={"Accept-Language": "de"})
    client.get("/rulings", environ_base=PHONE)
    client.get("/", headers={"Accept-Language": "de"}, environ_base=PHONE)
    assert len(renders) == 2 * 4  # two parts for each language and laptop-or-phone
    assert len(app.extensions["td_layout"]) == 8


def test_each_reader_gets_the_menu_and_footer_of_their_own_language(app):
    client = app.test_client()
    english = client.get("/rulings").get_data(as_text=True)
    german = client.get("/rulings", headers={"Accept-Language": "de"}).get_data(as_text=True)
    phone = client.get("/rulings", environ_base=PHONE).get_data(as_text=True)
    assert '<a href="/search">Search</a>' in english and '<a href="/search">Suche</a>' in german
    assert "in our own words" in english and "in our own words" not in german
    assert "data-lan-link" in english and "data-lan-link" not in phone
    assert '<dialog id="law-panel" aria-label="Law">' in english
    assert client.get("/rulings").get_data(as_text=True) == english


def test_the_kept_layout_parts_are_bounded(app, monkeypatch):
    monkeypatch.setattr(layout_module, "KINDS_KEPT", 1)
    client = app.test_client()
    for language in ["en", "de", "en"]:
        page = client.get("/rulings", headers={"Accept-Language": language})
        assert f'lang="{language}"' in page.get_data(as_text=True)
        assert len(app.extensions["td_layout"]) <= 2
