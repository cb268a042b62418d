"""German table words that no index knew (issue 34, de-words): Swiss and everyday words
now reach the lawbook's words (laws/synonyms.toml), and a revoke told as "gestochen,
obwohl er noch ... hatte" finds the revoke laws rather than the claim law about an
outstanding trump (Law 70C3), whose German heading shares "Gegner", "noch" and "Trumpf"."""

import pytest


@pytest.mark.parametrize(
    ("said", "lawbook"),
    [
        ("der Fehlbare", "offender"),
        ("nach Gutdünken", "discretion"),
        ("ohne Nachweis", "evidence"),
        ("unkorrekt erklärt", "incorrect"),
        ("vor der Vollendung", "established"),
        ("hat gegrinst", "mannerism"),
        ("die regulierende Stelle", "Regulating Authority"),
        ("in Dummyfunktion", "dummy"),
        ("ein unterbliebenes Alert", "failure"),
        ("konventionelle Gebote", "partnership understanding"),
        ("spielt in Eigenregie", "initiative"),
        ("die verbliebenen Stiche", "remaining"),
        ("ohne Kenntnis", "knowledge"),
        ("gefälligkeitshalber", "courtesy"),
        ("unser Teamkapitän", "captain"),
        ("eine Busse", "procedural penalty"),
        ("unfreundliche Äußerungen", "remark"),
        ("der mutmaßliche Alleinspieler", "presumed"),
    ],
)
def test_a_german_table_word_searches_the_lawbook_word(engine, said, lawbook):
    assert lawbook in engine.search(said).expanded


@pytest.mark.parametrize(
    ("question", "law"),
    [
        # a trump played with the suit led still in hand is a revoke (Law 61)
        ("mein linker Gegner hat eingestochen, obwohl er noch Karo hatte", 61),
        ("der Gegenspieler hat getrumpft, obwohl er die Farbe hätte bedienen können", 61),
        # while a trump the defenders still hold after a claim stays a claim matter (Law 70)
        ("Claim, aber der Gegner hat noch einen Trumpf", 70),
        ("Alleinspieler claimt und vergisst den letzten Trumpf der Gegner", 70),
    ],
)
def test_a_trump_story_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law


def test_a_revoke_after_a_lead_out_of_turn_finds_the_revoke_law(engine):
    # the lead out of turn dominates the words; the revoke must still make the top three
    laws = [
        hit.law
        for hit in engine.search("Ausspiel außer der Reihe, später noch eine Renonce").hits[:3]
    ]
    assert 61 in laws, laws
