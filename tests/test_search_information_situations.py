"""Information, explanations and tempo told the way players tell them (issue 34, sq-info):
partner's missing alert is corrected at the time Law 20F5 sets (not a Law 16 or Law 21
question for the one who knows), a defender who dithers with small cards to fool declarer
is Law 73, and whether reserving one's rights is enough after a hesitation is Law 16B2.
The sentences are our own, not from the question sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("partner did not alert my conventional bid and we are defending, when do I say so", 20),
        ("my partner forgot the alert, do I correct it straight away while we still bid", 20),
        ("Partner hat mein Gebot nicht alertiert, sage ich es während der Reizung", 20),
        ("wir verteidigen, der Partner hat nicht alertiert, wann sage ich es", 20),
        ("the defender dithered with two low cards and I took the wrong view", 73),
    ],
)
def test_an_information_situation_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law


def test_reserving_rights_after_a_hesitation_is_law_16b2(engine):
    hits = engine.search("Rechte wahren nach dem Zögern oder gleich den Turnierleiter holen").hits
    assert hits[0].anchor == "16B2"


def test_declarer_reports_partners_missing_alert_after_the_final_pass(engine):
    question = "als Alleinspieler den fehlenden Alert des Partners nach dem letzten Passe melden"
    top = [hit.anchor for hit in engine.search(question).hits[:3]]
    assert any(anchor.startswith("20F5b") for anchor in top), top
