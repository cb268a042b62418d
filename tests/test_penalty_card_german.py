"""Issue 36: the penalty-card ruling in German, end to end through the CLI
(``td-assist rule penalty-card REQUEST --lang de``): the tree's texts from
rulings/penalty-card.de.toml and the sentences the wizard composes from the catalog,
while the English ruling stays as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from td_assist.cli import main
from td_assist.web import create_app

from .test_german_pages import english_in, english_sentences
from .test_penalty_card_shells import _upload_board

REQUEST = Path(__file__).parent / "data" / "requests" / "penalty-card.json"
FREE_LEAD = ["--answer", "failed_major=no", "--answer", "lead_choice=none"]
TWO_CARDS = [
    "--answer",
    "cards=HQ,HJ",
    "--answer",
    "failed_major=no",
    "--answer",
    "partner_lead=no",
]


def ruling(capsys, *extra: str) -> str:
    assert main(["rule", "penalty-card", str(REQUEST), *extra]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("answers", [FREE_LEAD, TWO_CARDS], ids=["one card", "two cards"])
def test_the_german_ruling_has_no_english(capsys, answers):
    text = ruling(capsys, *answers, "--lang", "de")
    assert english_in(text, english_sentences()) == []


def test_the_wizards_own_sentences_are_german(capsys):
    text = ruling(capsys, *FREE_LEAD, "--lang", "de")
    assert "Gezeigt: ♥Q." in text
    assert "♥Q ist eine Figur." in text
    assert "Ost (Gegenspieler): Süd ist Alleinspieler." in text
    assert "♥Q bleibt als Strafkarte auf dem Tisch" in text
    # The verb inside the shared procedure's violation sentence.
    assert "In Stich 1 hat Ost ♥9 gespielt" in text


def test_several_penalty_cards_take_the_plural(capsys):
    text = ruling(capsys, *TWO_CARDS, "--lang", "de")
    assert "♥Q, ♥J sind große Strafkarten" in text
    assert "Sie bleiben offen vor Ost liegen" in text


def test_the_english_ruling_is_unchanged(capsys):
    text = ruling(capsys, *FREE_LEAD)
    assert "Exposed: ♥Q." in text
    assert "♥Q is an honour." in text
    assert "♥Q stays on the table as a penalty card" in text
    assert "At trick 1 East played ♥9" in text
    several = ruling(capsys, *TWO_CARDS)
    assert "♥Q, ♥J are major penalty cards" in several
    assert "They stay face up in front of East" in several


TABLET_WALK = [
    "",
    "a=offender:E",
    "a=offender:E&a=trick:1",
    "a=offender:E&a=trick:1&a=cards:HQ",
    "a=offender:E&a=trick:1&a=cards:HQ&a=card_2:none",
    "a=offender:E&a=trick:1&a=cards:HQ&a=card_2:none&a=before_trick:no",
    "a=offender:E&a=trick:1&a=cards:HQ&a=card_2:none&a=before_trick:no&a=normal_course:no",
    "a=offender:E&a=trick:1&a=cards:HQ&a=card_2:none&a=before_trick:no&a=normal_course:no"
    "&a=partner_could_see:yes",
    "a=offender:E&a=trick:1&a=cards:HQ,HJ&a=before_trick:yes&a=normal_course:no"
    "&a=partner_could_see:yes&a=lead_choice:require",
]


def test_every_tablet_page_of_the_walk_is_german(tmp_path):
    """The questions the wizard asks itself (offender, trick, cards, timing) and the
    ruling pages, on a board with its play, read with Accept-Language: de."""
    app = create_app({"TESTING": True, "STORE_PATH": str(tmp_path / "s.sqlite3")})
    client = app.test_client()
    board_id = _upload_board(client, "C8 C2 C5 CA\nH2 H3 HQ H6")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de-DE,de;q=0.9"
    sentences = english_sentences()
    pages = {}
    for query in TABLET_WALK:
        response = client.get(f"/rule/penalty-card/{board_id}?{query}")
        assert response.status_code == 200, query
        pages[query] = response.get_data(as_text=True)
        assert english_in(pages[query], sentences) == [], query
    assert "Wessen Karte wurde gezeigt?" in pages[""]
    assert "Welche Karte von Ost wurde gezeigt?" in pages[TABLET_WALK[2]]
    assert "Wurde auch eine weitere Karte von Ost gezeigt?" in pages[TABLET_WALK[3]]
