"""German table situations (issue 34, sq-de8): questions as German players put them, in
words of our own, find the law that settles them. Each question missed its law (or ranked
it below first) before the German phrasings in laws/phrasings.toml were added."""

import re

import pytest


def laws_ranked(engine, question: str, top: int) -> list[str]:
    # the law number alone: "9B1c" is Law 9, and "90B" is not
    return [re.match(r"\d*", hit.anchor).group() for hit in engine.search(question).hits[:top]]


@pytest.mark.parametrize(
    ("question", "law"),
    [
        # a card seen during the auction, and what it means for partner's next call
        (
            "während der Reizung fiel dem Gegner die Dame aus der Hand, "
            "darf sein Partner noch bieten",
            "24",
        ),
        # "aus Versehen" once made this a slip of the bidding box (Law 25A)
        (
            "Gegner hat beim Bieten aus Versehen eine Karte gezeigt, "
            "muss sein Partner jetzt passen",
            "24",
        ),
        # declarer's dropped card is never a penalty card
        ("dem Alleinspieler ist beim Ausspielen die Pik-Dame mit rausgerutscht", "48"),
        # an honour that declarer drops is no auction matter (Law 24) once he is declarer
        ("dem Alleinspieler ist der Coeur-König heruntergefallen, alle haben ihn gesehen", "48"),
        # more than one penalty card: who chooses which comes first
        ("meinem Partner sind zwei Karten hingefallen, welche spielt er zuerst", "51"),
        # two cards at once from one hand
        ("ich habe beim Zugeben eine zweite Karte mit aufgedeckt", "58"),
        # two players lead at the same moment
        ("beide Gegenspieler haben zum ersten Stich gleichzeitig ausgespielt", "58"),
        # individual events: the partner of the offender
        ("im Einzelturnier hat mein Mitspieler den Fehler gemacht, werde ich auch bestraft", "12"),
        # a revoke noticed at once by the player himself
        (
            "der Gegner hat mit dem Trumpf-Ass gestochen, obwohl er noch Karo hatte, "
            "und es gleich gemerkt",
            "62",
        ),
    ],
)
def test_a_german_table_story_finds_its_law_first(engine, question, law):
    assert laws_ranked(engine, question, 1) == [law]


@pytest.mark.parametrize(
    ("question", "law"),
    [
        # an opponent's bid overlooked: an insufficient bid
        ("ich habe 1 SA auf 1 SA des Gegners gesagt, das hatte ich nicht gesehen", "27"),
        # calling the director costs no rights
        ("verliere ich meine Rechte, wenn ich den TL an den Tisch hole", "9"),
        # when a card counts as played
        ("gilt die Karte als gespielt, die offen in der Mitte liegt", "45"),
        # "geschenkt" was read as "geschickt" (a player sent home) before the phrasings
        # knew the word; it is a concession
        ("der Verteidiger hat mir den letzten Stich geschenkt, obwohl er noch das Ass hatte", "71"),
        # "ausgelacht" was read as "ausgemacht" (settled among the players, Law 10)
        ("der Gegner hat meinen Partner ausgelacht", "74"),
        # "sich verworfen" is the card table's word for a discard, here a revoke
        ("Gegner hat Karo verworfen, obwohl er noch eins hatte", "61"),
        # an online slip: a misclick is an unintended call
        ("Undo am Computer nach einem Fehlklick", "25"),
    ],
)
def test_a_german_table_story_finds_its_law_among_the_first_three(engine, question, law):
    assert law in laws_ranked(engine, question, 3)


def test_a_card_that_slipped_out_is_a_card_that_fell(engine):
    # "rausgerutscht" means what "runtergefallen" means at the table
    question = "dem Gegenspieler ist beim Sortieren eine Karte rausgerutscht, sein Partner sah sie"
    assert laws_ranked(engine, question, 1) == ["49"]


def test_asking_whether_one_may_discard_holding_the_suit_finds_the_duty_to_follow(engine):
    # a question before the play is the duty of Law 44C, not yet a revoke (Law 61)
    question = "darf ich abwerfen, obwohl ich die Farbe noch habe"
    assert laws_ranked(engine, question, 1) == ["44"]


@pytest.mark.parametrize(
    "question",
    [
        "wer muss bei uns alertieren, ich selbst oder mein Partner",
        "beim Online-Turnier: muss ich selbst alertieren",
    ],
)
def test_who_alerts_is_the_alert_procedure_not_a_missed_alert(engine, question):
    # the alert word once pulled these to the misinformation of Law 21B1a
    assert laws_ranked(engine, question, 1) == ["40"]
