"""Situation classes a fresh batch of dev questions missed (issue 34, sq-en9c), told the
way players tell them: a player who counts fourteen cards after looking (Law 13), a call
made while another player was due to call (Law 31), the double card put out instead of
a pass (Law 25), a discard picked up again after the player meant to ruff (Law 47), a pair
late for a session (Law 90), the director settling a dispute at the table (Law 81), a
claim the opponents do not accept (Law 68), brown sticker and relay methods barred by the
event's rules (Law 40), a score weighted after misinformation (Law 12), a Swiss "Natel"
ringing in the playing room (Law 90), and declarer lifting back a winner played on his
own winner (Law 45). The sentences are our own, not from the question sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("after looking at my cards I counted fourteen", 13),
        ("a player called when another was due to call", 31),
        ("she put down the double card though she intended to pass", 25),
        ("my partner threw off a heart instead of ruffing and then picked it up again", 47),
        ("the east west pair was tardy for the second half", 90),
        ("who decides a dispute between the two pairs during play", 81),
        ("ich bin mit dem Claim nicht einverstanden", 68),
        ("versehentlich abgeworfen statt gestochen, Karte zurückgenommen", 47),
        ("Relay-Systeme verboten in der Liga", 40),
        ("sind Brown-Sticker-Eröffnungen bei uns erlaubt", 40),
        ("after the misexplanation the score was split between game doubled and slam", 12),
    ],
)
def test_a_situation_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("declarer dropped his ace onto dummy's king by accident and took it back", 45),
        ("I want to claim, how do I do it", 68),
        ("Natel nicht ausgeschaltet, es läutete zweimal im Saal", 90),
    ],
)
def test_a_situation_finds_its_law_in_the_top_three(engine, question, law):
    assert law in [hit.law for hit in engine.search(question).hits[:3]]
