"""Board, information and tempo situations told the way a director hears them (issue 34,
sq-info3): a board whose hands went back turned round after one table is a fouled
board (Law 87), and a hand seen before any call is the Director's choice of remedy
under Law 16D2, not only the report of Law 16D1, and a defender who uses partner's slow
card reaches Law 73C1. The sentences are our own, not from the question sets."""


def test_hands_returned_turned_round_are_a_fouled_board(engine):
    question = (
        "after one table the cards went back into the board the wrong way round, "
        "so the later tables sat north-south with the east-west hands"
    )
    assert engine.search(question).hits[0].law == 87


def test_a_hand_seen_before_any_call_asks_for_the_directors_remedy(engine):
    question = (
        "before anyone had called, a player saw nearly all of an opponent's hand; "
        "may the director move the players or redeal"
    )
    assert engine.search(question).hits[0].anchor.startswith("16D2")


def test_partners_slow_card_in_defence_reaches_law_73c1(engine):
    question = (
        "in defence partner paused a long time before playing small, "
        "and I then switched to that suit"
    )
    top = [hit.anchor for hit in engine.search(question).hits[:3]]
    assert "73C1" in top, top


def test_changing_tempo_to_unsettle_opponents_is_law_74c7(engine):
    question = "der Gegner hat das Spieltempo absichtlich gewechselt, um uns zu verunsichern"
    assert engine.search(question).hits[0].anchor == "74C7"
