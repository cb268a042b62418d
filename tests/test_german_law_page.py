"""The law page in German (issue 36): the list of all laws, the wizards that use the law
and the other laws that refer to it in German; only the worked cases' titles wait for
their German overlays (test_german_pages.py's KNOWN_GAPS says so)."""

from __future__ import annotations

import re

import pytest

from td_assist.i18n import use_language
from td_assist.lawbook import get_lawbook
from td_assist.rulings.engine.registry import load_wizards
from td_assist.web import create_app

from .test_german_pages import GERMAN, english_in, english_sentences


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    folder = tmp_path_factory.mktemp("law-page")
    app = create_app({"TESTING": True, "STORE_PATH": str(folder / "log.sqlite3")})
    return app.test_client()


def section(page: str, css_class: str) -> str:
    found = re.search(rf'<(section|details) class="{css_class}">.*?</\1>', page, re.S)
    assert found, f"the page has no {css_class} part"
    return found.group(0)


def without_cases(page: str) -> str:
    return re.sub(r'<section class="cases-citing">.*?</section>', "", page, flags=re.S)


@pytest.mark.parametrize("number", [12, 16, 64])
def test_a_german_law_page_is_german_but_for_the_case_titles(client, number):
    page = client.get(f"/laws/{number}", headers=GERMAN).get_data(as_text=True)
    english = english_in(without_cases(page), english_sentences())
    assert not english, f"/laws/{number} shows English:\n  " + "\n  ".join(english[:20])


def test_the_list_of_all_laws_comes_from_the_german_lawbook(client):
    page = client.get("/laws/64", headers=GERMAN).get_data(as_text=True)
    listing = section(page, "law-toc")
    german, english = get_lawbook(lang="de"), get_lawbook()
    for number in (1, 40, 64, 93):
        assert german.law(number).title in listing
        assert english.law(number).title not in listing
    assert german.law(1).chapter_title in listing


def test_the_wizards_using_the_law_are_named_in_german(client):
    page = client.get("/laws/64", headers=GERMAN).get_data(as_text=True)
    used = section(page, "used-by")
    assert "Assistent Renonce:" in used
    assert "Revoke" not in used
    english = client.get("/laws/64").get_data(as_text=True)
    # each language keeps its own list (the list is cached per law and language)
    assert "Revoke wizard:" in section(english, "used-by")
    assert "Renonce" not in section(english, "used-by")


def test_the_laws_referring_to_this_one_are_cited_as_regel(client):
    page = client.get("/laws/12", headers=GERMAN).get_data(as_text=True)
    cited = section(page, "cited-by")
    assert "Regel " in cited
    assert not re.search(r"\bLaw \d", cited)


def test_every_wizard_title_on_the_law_pages_is_its_german_tree_title(client):
    with use_language("de"):
        german_titles = {wizard.shown_title for wizard in load_wizards().values()}
    page = client.get("/laws/16", headers=GERMAN).get_data(as_text=True)
    shown = set(re.findall(r'<a href="/wizards/[^"#]+#[^"]+">Assistent ([^:]+):', page))
    assert shown and shown <= german_titles


def test_a_named_section_is_cited_by_its_german_heading():
    german = get_lawbook(lang="de")
    assert german.get("def-revoke").display == "Definitionen: Renonce"
    assert get_lawbook().get("def-revoke").display == "Definitions: Revoke"


def test_a_search_for_a_law_that_does_not_exist_says_so_in_german(client):
    page = client.get("/search?q=Regel+99", headers=GERMAN).get_data(as_text=True)
    assert "Regel 99 ist kein Abschnitt der Regeln" in page
    assert "Übungsfälle zu „Regel 99“" in page
    assert "is not a section" not in page and "Worked cases about" not in page
