"""Laws 1-40 and 73-93 told the way players tell them (issue 34, sq-en9a): an opponent
handling dummy's cards is Law 7 (not the play of dummy's cards in Laws 43 and 45), the
director finding he silenced the wrong player is his own error in Law 82 (not a wrong
board in Law 15), a player who already knows the deal is Law 15 (not conduct in Law 74),
making sure partner heard an opponent's alert is drawing attention in Law 9 (not
unauthorised information in Law 16), and a table that agrees to forget an irregularity
has taken the director's job (Law 10). The sentences are our own, not from the question
sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("an opponent reached over and pushed dummy's cards together", 7),
        (
            "the director realised afterwards that he had barred the wrong player and the "
            "hand had already been played",
            82,
        ),
        ("one of the players told us he had met this deal before at another club", 15),
        ("may I make sure my partner heard the alert from my right-hand opponent", 9),
        ("the opponents said let's forget the lead out of turn and just carry on", 10),
    ],
)
def test_a_situation_of_laws_1_to_40_or_73_to_93_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law
