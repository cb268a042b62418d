"""The sentences the revoke, lead-out-of-turn and claim wizards compose, in German: the
ones that were English in a German ruling, or English words glued into a German sentence
(issue 36), and their --list-questions help. The English rulings stay as they were
(benchmarks/case_json.py compares every worked case byte for byte)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from td_assist.bridge.board import Board
from td_assist.cli import main
from td_assist.i18n import _, use_language
from td_assist.rulings.engine.registry import get_wizard, load_wizards, rule
from td_assist.rulings.engine.walk import AnswerError

CASES = Path(__file__).resolve().parent.parent / "rulings" / "cases"


def ruled(capsys, wizard: str, case: str, language: str = "de") -> dict:
    assert main(["--lang", language, "rule", wizard, str(CASES / wizard / case), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def evidence(ruling: dict) -> list[str]:
    return [line for step in ruling["path"] for line in step.get("evidence", [])]


def test_several_revokes_are_numbered_and_counted_in_german(capsys):
    ruling = ruled(capsys, "revoke", "19-two-defenders-each-revoke.toml")
    assert ruling["title"] == "2 Stiche insgesamt übertragen"
    assert ruling["text"].startswith("Renonce 1: West hat in Stich 2 revoziert")
    assert "\n\nRenonce 2: Ost hat in Stich 4 revoziert" in ruling["text"]
    english = ruled(capsys, "revoke", "19-two-defenders-each-revoke.toml", "en")
    assert english["title"] == "2 tricks transferred in all"
    assert english["text"].startswith("Revoke 1: ")


def test_a_reported_revoke_offender_reads_german(capsys):
    ruling = ruled(capsys, "revoke", "22-no-play-record-td-answers.toml")
    assert "Wie gemeldet: Süd (Gegenspieler)." in evidence(ruling)


def test_the_revoke_suits_the_offender_did_not_hold_are_named_in_german():
    # North holds thirteen spades: a revoke of his can only be in a suit he held.
    board = Board(
        number=1,
        deal="N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        auction=["7S", "P", "P", "P"],
    )
    answers = {"revoke_found": "yes", "offender": "N", "revoke_trick": "3"}
    with use_language("de"):
        asked = rule("revoke", board, None, answers)
        with pytest.raises(AnswerError) as refused:
            rule("revoke", board, None, {**answers, "revoke_suit": "H"})
    assert asked.pending is not None
    assert "Nord hatte laut Verteilung kein Coeur oder Karo oder Treff." in asked.pending.help
    assert "kein Coeur, kann also nicht in Coeur revoziert haben" in refused.value.problem
    assert "(Pik)" in refused.value.problem


def test_the_lead_out_of_turn_facts_read_german(capsys):
    accepted = ruled(capsys, "lead-out-of-turn", "01-opening-lead-accepted-in-record.toml")
    assert "Ost (Gegenspieler) hat ausgespielt." in evidence(accepted)
    spread = ruled(capsys, "lead-out-of-turn", "02-declarer-spreads.toml")
    assert "Wie gemeldet." in evidence(spread)


def test_the_card_led_out_of_turn_is_asked_in_german():
    answers = {"offender": "E", "trick": "3", "card": "S7", "correct_leader": "S"}
    with use_language("de"):
        ruling = rule("lead-out-of-turn", None, None, answers)
    questions = {step.node: step.question for step in ruling.path}
    assert questions["card"] == "Welche Karte?"


@pytest.mark.parametrize("wizard", ["revoke", "lead-out-of-turn", "claim"])
def test_the_answer_help_and_notes_are_in_the_catalog(wizard):
    """--list-questions shows them through _(): each has its German."""
    load_wizards()
    chosen = get_wizard(wizard)
    with use_language("de"):
        for help_text in chosen.answers:
            assert _(help_text.text) != help_text.text, help_text.text
            assert _(help_text.text).startswith("(TL)  ")
        assert _(chosen.notes) != chosen.notes


def test_the_penalty_card_steps_after_a_refused_lead_are_grouped_in_german(capsys):
    ruling = ruled(capsys, "lead-out-of-turn", "03-opening-lead-refused.toml")
    groups = {step["group"] for step in ruling["path"]}
    assert groups == {"", "Strafkarte (Regel 50D)"}
    english = ruled(capsys, "lead-out-of-turn", "03-opening-lead-refused.toml", "en")
    assert {step["group"] for step in english["path"]} == {"", "Penalty card (Law 50D)"}


def test_contradicting_revoke_counts_are_refused_in_german():
    answers = {
        "revoke_found": "yes",
        "offender": "S",
        "revoke_trick": "11",
        "revoke_suit": "D",
        "established": "yes",
        "dummy_card": "no",
        "repeat": "no",
        "both_sides": "no",
        "attention": "in_time",
        "won_from_revoke": "4",
        "won_revoke_trick": "yes",
        "later_trick": "yes",
    }
    with use_language("de"), pytest.raises(AnswerError) as refused:
        rule("revoke", None, None, answers)
    assert refused.value.where == "Antworten won_from_revoke und revoke_trick"
    assert "(die Antwort des Turnierleiters)" in refused.value.problem
