"""Issue 36: the penalty-card ruling in German, end to end through the CLI
(``td-assist rule penalty-card REQUEST --lang de``): the tree's texts from
rulings/penalty-card.de.toml and the sentences the wizard composes from the catalog,
while the English ruling stays as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from td_assist.cli import main

from .test_german_pages import english_in, english_sentences

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
