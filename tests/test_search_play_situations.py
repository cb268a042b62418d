"""Search meets situations of the play and of the people round a table (issue 34,
laws/phrasings.toml and laws/synonyms.toml block sq-play4) when players describe them
in their own words, which are not the wording of any phrasing."""

import pytest


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        # Law 76: a player sitting out a round who watches a table is a spectator there
        ("a player sitting out this round stood behind declarer and told him he had revoked", "76"),
        ("the bystander said the defender had not followed suit", "76"),
        # Law 67B1: a hand that runs out of cards before the last trick
        ("South's hand was already empty before the last trick", "67"),
        # Law 65B3: a quitted card turned wrong, which dummy may point out
        ("as dummy I saw that the last trick was turned wrong in front of declarer", "65B"),
        # Law 74A2: a remark or outburst that could annoy or embarrass another player
        ("North lost her temper with her partner when the double was left in", "74"),
        # Law 90B2: a table behind the movement plays unduly slowly, whoever lost the time
        ("we fell behind because the previous round overran, must we catch up", "90B2"),
    ],
)
def test_a_situation_in_the_players_words_reaches_its_law(engine, question, anchor):
    anchors = [hit.anchor for hit in engine.search(question).hits[:3]]
    assert any(a == anchor or a.startswith(anchor) for a in anchors), anchors


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        # Law 65A: each player turns his own card face down once the trick is complete
        ("must dummy turn his card face down when the trick is over", "65A"),
        # Law 87A: two hands swapped in the board make it a fouled board
        ("at our table the north and south hands were swapped in the board", "87A"),
        ("we found the hands were switched after three tables had played it", "87A"),
        # Law 65D: played cards gathered before the number of tricks was agreed
        ("she gathered up her cards before we had agreed how many tricks we took", "65D"),
        # Law 65B: a quitted card pointed the wrong way is not a change of seats (Law 5A)
        ("my partner's cards are pointed in the wrong direction in front of him", "65B"),
        # Law 67: a card stuck to another one, or a trick missed, makes a defective trick
        ("is a sticky card a revoke", "67"),
        ("declarer missed a trick and has a card too many", "67"),
        # Law 45C: a card played and then "not meant" is not a change of call (Law 25B)
        ("he put down the jack and said he did not mean to play that, can he change it", "45C"),
        # Law 90: offences with no law of their own (90B4 names comparing scores; a phone
        # ringing at the table is any offence that inconveniences others, 90A)
        ("two pairs were comparing scores between rounds, may the director penalise them", "90B4"),
        ("my mobile phone rang in the middle of a hand, what can the director do", "90A"),
    ],
)
def test_a_situation_named_in_table_words_comes_first(engine, question, anchor):
    first = engine.search(question).hits[0].anchor
    assert first.startswith(anchor), first
