"""The ruling log and its exports in German (issue 36): a saved ruling, a correction of it,
the log with its history, the printed report, the PBN and the CSV, all asked for in
German. Names a scorer program reads (the CSV's columns, the PBN tags) stay as they are."""

from __future__ import annotations

import csv
import io
import re

import pytest

from td_assist.web import create_app

from .test_german_pages import GERMAN, english_in, english_sentences, visible_text
from .test_session_web import _full_play_ruling, html, load, token


@pytest.fixture
def client(tmp_path):
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = GERMAN["Accept-Language"]
    return client


@pytest.fixture
def corrected(client):
    """A ruling recorded in German and then corrected: the log has one entry with history."""
    load(client, name="Dienstag")
    permalink = _full_play_ruling(client, table="2", ns_pair="4", ew_pair="6")
    correction = client.post(
        f"{permalink}/amend",
        data={"csrf_token": token(client), "kind": "correction", "tricks_after": "9"},
    )
    assert correction.status_code == 303, html(correction)[:300]
    return permalink, correction.headers["Location"]


def test_the_saved_ruling_and_its_correction_read_german(client, corrected):
    original, correction = corrected
    sentences = english_sentences()
    for url in (original, correction):
        page = html(client.get(url))
        assert not english_in(page, sentences), english_in(page, sentences)
        assert "Stiche, NS" in page and "wie gespielt; danach:" in page
        assert "NS 4 · OW 6" in page
        assert not re.search(r"\btricks\b|\bas played\b", visible_text(page))
    assert "Korrektur" in html(client.get(correction))
    assert "Entscheidung" in html(client.get(original))


def test_the_log_page_names_earlier_entries_in_german(client, corrected):
    log = html(client.get("/rulings"))
    assert "1 frühere" in log and "Entscheidung:" in log
    assert not re.search(r"\bearlier\b|\bruling:", visible_text(log))


def test_the_printed_report_is_german(client, corrected):
    page = html(client.get("/rulings/export.html"))
    assert '<html lang="de">' in page
    assert "Diese Korrektur ändert den Eintrag" in page
    assert "Tisch 2" in page and "NS 4 gegen OW 6" in page
    body = page[page.index("<main>") :]
    assert not english_in(body, english_sentences())
    assert "This correction" not in body and " v EW " not in body


def test_the_pbn_comments_in_german_with_its_tags_as_pbn_says(client, corrected):
    pbn = html(client.get("/rulings/export.pbn"))
    assert '[Table "2"]' in pbn and '[Score "NS' in pbn
    assert "{Entscheidung (Korrektur" in pbn and "Ergebnis wie gespielt" in pbn


def test_the_csv_keeps_the_columns_and_codes_a_scorer_reads(client, corrected):
    rows = list(csv.DictReader(io.StringIO(html(client.get("/rulings/export.csv")))))
    assert rows[0]["score_kind"] == "points" and rows[0]["wizard"] == "revoke"
    assert list(rows[0])[:5] == ["session", "board", "table", "ns_pair", "ew_pair"]
