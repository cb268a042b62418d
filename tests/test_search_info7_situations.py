"""Agreements, explanations and misinformation told the way players tell them (issue 34,
sq-info7): opponents pressing for more than "wide range" is asking and answering (Law 20F);
what to say when there is no agreement is disclosure (Law 40B6); a pass withdrawn once the
right explanation came is Law 21B; a lead changed after a corrected explanation is Law 47E;
a misbid owned up to at the end of the auction is Law 75C; a psych that kept us out of
game is Law 40C. A partner who showed out is asked about a revoke (Law 61B), not about the
meaning of a bid. The sentences are our own, not from the question sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("they refused to accept 'wide range' as an answer and wanted numbers", 20),
        ("die Gegner wollten eine genauere Antwort auf ihre Frage nach der Punktzahl", 20),
        ("is it right to give my guess of partner's meaning when we have no agreement", 40),
        ("the opponent bid on a worthless hand and we never found our game", 40),
        ("the TD let my partner withdraw his last pass once the right explanation was given", 21),
        ("with the correct explanation the opening leader would have chosen another card", 47),
        ("at the end of the auction, what should I tell the opponents about my mistaken bid", 75),
        ("partner shows out, can I ask him to make sure", 61),
    ],
)
def test_an_explanation_situation_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law


def test_a_lead_changed_after_the_explanation_was_put_right_finds_law_47(engine):
    question = (
        "the wrong explanation was put right before the lead was turned over, "
        "can the leader take it back"
    )
    assert 47 in [hit.law for hit in engine.search(question).hits[:3]]
