"""Search meets the situations of the score and of boards played by the wrong pairs
(issue 34, laws/phrasings.toml block sq-cards) when players describe them in their own
words, which are not the wording of any phrasing."""

import pytest


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        # Law 78D: ties and Victory Points come from the Conditions of Contest
        ("how are ties broken when two teams finish level", "78D"),
        ("wie werden IMPs in Siegpunkte umgerechnet", "78D"),
        # Law 78A: matchpoints, which clubs show as percentages
        ("how are the percentages worked out at pairs", "78A"),
        # Law 15B: a board played by pairs it was not meant for
        ("Die Paare haben sich vertan und gegen das falsche Paar gespielt", "15B"),
        # the Definitions: the wider word and the narrower one
        ("what is the difference between an irregularity and an infraction", "def-irregularity"),
    ],
)
def test_a_situation_in_the_players_words_reaches_its_section(engine, question, anchor):
    anchors = [hit.anchor for hit in engine.search(question).hits[:3]]
    assert any(a == anchor or a.startswith(anchor) for a in anchors), anchors
