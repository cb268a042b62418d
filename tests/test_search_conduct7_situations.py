"""Director, tempo and conduct situations told the way players tell them (issue 34,
sq-conduct7): a slow tray behind screens is a hesitation (Law 16B), a pointless question
asked to mislead is Law 73D2, counting the seconds aloud after a stop card is the
skip-bid tempo of Law 73A2, a board the Director took away from a slow table gets an
artificial score (Law 12C2a), opponents who wave away a call for the Director are Law 9B1
and a friendly "just pick it up again" settles nothing among the players (Law 10A). The
sentences are our own, not from the question sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("the director had our table skip a board because we were slow", 12),
        ("I offered to get the director but they told me not to bother", 9),
        ("he asked me a pointless question only to put me off, real gamesmanship", 73),
        ("nach dem Stopp hat er die Sekunden laut gezählt", 73),
        ("der Gegner hat gesagt, ich kann die Karte ruhig wieder aufnehmen", 10),
        ("Hinter dem Screen kam das Tablett sehr langsam zurück", 16),
    ],
)
def test_a_conduct_situation_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law


def test_asking_the_director_to_note_a_slow_double_is_law_16b2(engine):
    # the director asked over to note the pause, not the use of the hesitation (16B1a)
    question = "their double was slow, so I asked the director over to note the pause"
    assert engine.search(question).hits[0].anchor == "16B2"


def test_players_offering_their_own_remedy_instead_of_the_director_is_law_9(engine):
    question = "the others at the table proposed their own remedy rather than call the director"
    assert engine.search(question).hits[0].law == 9
