"""``td-assist rule WIZARD --list-questions --lang de``: the answers outside the tree
(``AnswerHelp.text``) and the wizard's notes are listed in German, as the tree's own
questions already were."""

import pytest

from td_assist.cli import main
from td_assist.i18n import _, use_language
from td_assist.rulings.engine.registry import TABLE_ANSWERS, get_wizard, load_wizards

WIZARDS = sorted(load_wizards())  # every wizard, a new one included


def _listing(wizard: str, language: str, capsys) -> str:
    assert main(["--lang", language, "rule", wizard, "--list-questions"]) in (0, None)
    return capsys.readouterr().out


@pytest.mark.parametrize("wizard", WIZARDS)
def test_the_answers_outside_the_tree_and_the_notes_are_listed_in_german(wizard, capsys):
    chosen = get_wizard(wizard)
    german = _listing(wizard, "de", capsys)
    tree = chosen.tree
    # An answer that is also a node of the tree is listed with the tree's question, and
    # the wizard's own help for a table answer comes before the common one.
    shown = set(tree.nodes) | set(tree.inputs)
    extras = []
    for extra in (*chosen.answers, *TABLE_ANSWERS):
        if extra.name not in shown:
            shown.add(extra.name)
            extras.append(extra)
    with use_language("de"):
        for extra in extras:
            assert _(extra.text) != extra.text, f"no German for {extra.text!r}"
            assert f"{extra.name}  {extra.shown_text}" in german
        if chosen.notes:
            assert _(chosen.notes) != chosen.notes
            assert _(chosen.notes) in german
    assert "(TD)  " not in german
    english = _listing(wizard, "en", capsys)
    assert all(f"{extra.name}  {extra.shown_text}" in english for extra in extras)
    assert "(TL)  " not in english


def test_the_usual_case_mark_is_german_too(capsys):
    german = _listing("penalty-card", "de", capsys)
    assert "(üblicher Fall)" in german and "(usual case)" not in german
    assert "(usual case)" in _listing("penalty-card", "en", capsys)
