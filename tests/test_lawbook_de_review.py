"""The German lawbook reviewed section by section against the English (issue 36): the
same anchors, and in every section and every "In der Praxis" note the same law
cross-references ("Law 64A1" <-> "Regel 64A1"). `td-assist laws check --lang de` runs
the same review; a reference lost in translation most likely lost a rule with it."""

from __future__ import annotations

import pytest

from td_assist.cli import main
from td_assist.lawbook import get_lawbook
from td_assist.lawbook.commands import translation_reference_problems
from td_assist.lawbook.refs import find_references

from .test_lawbook_de import laws_copy  # noqa: F401  (a fixture)


@pytest.fixture(scope="module")
def english():
    return get_lawbook()


@pytest.fixture(scope="module")
def german():
    return get_lawbook(lang="de")


def test_every_in_der_praxis_note_cites_the_laws_its_english_note_cites(english, german):
    differ = []
    for law in english.laws:
        cited_en = {ref.anchor for ref in find_references(law.commentary)}
        cited_de = {ref.anchor for ref in find_references(german.law(law.number).commentary)}
        if cited_en != cited_de:
            differ.append((law.number, sorted(cited_en - cited_de), sorted(cited_de - cited_en)))
    assert differ == []


def test_the_german_lawbook_passes_the_review(english, german):
    assert set(german.sections) == set(english.sections)
    assert translation_reference_problems(german, english) == []


def test_laws_check_in_german_finds_no_problem(capsys):
    assert main(["laws", "check", "--lang", "de"]) == 0
    assert capsys.readouterr().out.strip() == "93 Regeln, 886 Abschnitte, 0 Probleme"


def test_laws_check_names_a_reference_lost_in_translation(laws_copy, capsys):  # noqa: F811
    law_64 = laws_copy / "de" / "law-64.md"
    text = law_64.read_text(encoding="utf-8")
    # the first mention of Regel 64B1 loses its number in "translation"
    text = text.replace("Regel 64B1", "dieser Regel", 1)
    law_64.write_text(text, encoding="utf-8")
    assert main(["laws", "check", "--lang", "de"]) == 1
    out = capsys.readouterr().out
    assert "64B1" in out and "law-64.md" in out
    assert "der englische Text verweist auf" in out  # said in German


def test_laws_check_names_a_reference_gained_in_translation(laws_copy, capsys):  # noqa: F811
    law_12 = laws_copy / "de" / "law-12.md"
    text = law_12.read_text(encoding="utf-8")
    law_12.write_text(text.rstrip("\n") + " Siehe auch Regel 93B.\n", encoding="utf-8")
    assert main(["laws", "check", "--lang", "de"]) == 1
    assert "93B" in capsys.readouterr().out
