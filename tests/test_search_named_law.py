"""A law named by number among a question's words ("law 73 slow pass", "12C1e for the
OS") is the law the asker wants to read: its best part comes first. Before, the number
was dropped with the other numbers and the words alone decided (Law 73 was not in the top
four for "law 73 slow pass")."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("law 73 slow pass", 73),
        ("Law 12 and a revoke", 12),
        ("Regel 73 langsames Passe", 73),
        ("Regel 64 nach dem Claim", 64),
        ("what does law 90 say about a revoke", 90),
    ],
)
def test_a_named_law_comes_first(engine, question, law):
    assert engine.search(question).hits[0].law == law


def test_a_named_section_comes_first_as_its_best_part(engine):
    first = engine.search("12C1e for the OS").hits[0].anchor
    assert first.startswith("12C1e")


def test_two_named_laws_both_come_first_in_the_order_said(engine):
    laws = [h.law for h in engine.search("law 16 or law 73 for a slow pass").hits[:2]]
    assert laws == [16, 73]


@pytest.mark.parametrize(
    "story", ["partner opened 2C and I bid 2D", "1NT 2C 2H 4S", "we were 3 tricks down on board 12"]
)
def test_bids_and_counts_name_no_law(engine, story):
    assert engine._sections_named(story) == []


def test_a_number_that_is_no_section_names_nothing(engine):
    assert engine._sections_named("law 95 and 12Z9") == []


def test_a_paragraph_of_a_regulation_is_no_law(engine):
    # German "§ 6 der Verfahrensordnung" is the federation's rules, not Law 6 (the deal)
    assert engine._sections_named("Protest nach § 6 der Verfahrensordnung") == []
