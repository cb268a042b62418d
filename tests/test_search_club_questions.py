"""Conduct and procedure asked the way club pages, FAQs and newcomers ask it (issue 34,
sq-club): slow play told as "takes forever" or "fallen behind" is Law 90, not the tempo
laws; asking for a ruling to be heard again is an appeal (Law 92); proving damage is
Law 12B1; a player between rounds giving advice is a spectator (Law 76); belittling
partner is Law 74; refusing a ruling is Law 91; waiting for the Director is Law 9B2;
comparing results with other tables during the session is Law 90. The sentences are
our own, not from the question sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "laws"),
    [
        ("she spends forever over each card and the other tables are kept waiting", {90}),
        ("we have fallen well behind and the next pair is waiting for us", {90}),
        ("he takes ages to decide on every lead and the movement is late", {90}),
        ("we do not accept the ruling, can we have it heard again", {92}),
        ("how do we prove that their mistake damaged us", {12, 21}),
        ("what proof of damage does the director need before adjusting", {12}),
        ("someone between rounds gave a player advice during the hand", {76}),
        ("my partner keeps putting me down after every mistake", {74}),
        ("a player refuses to accept the ruling and keeps arguing", {91}),
    ],
)
def test_a_club_question_finds_its_law_first(engine, question, laws):
    assert engine.search(question).hits[0].law in laws


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("my RHO was cross that I summoned the TD", 9),
        ("looking at the results of other tables during the session", 90),
        ("do we have to wait for the director before carrying on", 9),
    ],
)
def test_a_club_question_finds_its_law_in_the_first_three(engine, question, law):
    assert law in [hit.law for hit in engine.search(question).hits[:3]]
