"""Search meets situations of the play (issue 34, laws/phrasings.toml lines of sq-play7)
when players describe them in their own words, which are not the wording of any
phrasing."""

import pytest


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        # Law 45C4b: a card named from dummy that could not win, put right at once, is
        # a slip of the tongue only when it was never meant (not a change of mind)
        (
            "der Alleinspieler hat vom Tisch eine zu niedrige Karte verlangt und sofort "
            "auf eine höhere korrigiert",
            "45C4b",
        ),
        # Law 69B: an agreed claim that turns out to give the claimer a trick the other
        # side would have won may be withdrawn within the correction period
        (
            "after the defenders accepted his claim, declarer noticed he had miscounted "
            "and asked the director to change the score",
            "69B",
        ),
        # Law 64B3: dummy's card hidden behind another suit makes dummy's "void" a revoke
        (
            "a card was hidden behind another suit in dummy so dummy looked void and "
            "declarer ruffed from the table",
            "64B3",
        ),
        ("dummy showed out of the suit but a card of it was stuck behind the trumps", "64B3"),
    ],
)
def test_a_play_situation_in_table_words_comes_first(engine, question, anchor):
    first = engine.search(question).hits[0].anchor
    assert first.startswith(anchor), first
