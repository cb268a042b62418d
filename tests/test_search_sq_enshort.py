"""English TD shorthand and forum jargon (issue 34, sq-enshort): the abbreviations a
director or a forum regular types ("dbl OOT", "pen cards", "the OL", "NOS", "AI", "HUM",
"Alcatraz coup") find their laws through laws/synonyms.toml, and the jargon that already
worked (tempo, psychs, scores, fouled boards, two irregularities at once) keeps working.
The questions are our own, written in the clipped way TDs write them, not taken from the
question sets."""

import pytest


@pytest.mark.parametrize(
    ("question", "law"),
    [
        # "OOT" for out of turn, after the call or play it names
        ("lead OOT by RHO", 54),
        ("dbl OOT by pard", 32),
        ("XX out of turn", 32),
        ("lead OOT accepted, dummy faced", 54),
        ("LOOT by declarer from dummy", 55),
        # plural and short forms of a named irregularity
        ("two pen cards, which to lead", 51),
        ("Alcatraz coup by declarer", 72),
        ("HUM system not pre-alerted", 40),
        ("no SC on the table", 40),
        ("hitch before the double", 16),
        ("mech error, pulled 3H not 3S", 25),
        # the sides and the opening lead as TDs abbreviate them, and damage and redress
        ("declarer corrects MI before the OL", 20),
        ("NOS consequent damage only", 12),
        ("OS got a top, NOS want redress", 12),
    ],
)
def test_td_shorthand_finds_its_law_first(engine, question, law):
    assert engine.search(question).hits[0].law == law


def test_showing_out_and_then_finding_a_card_is_a_revoke(engine):
    # Laws 61-64 are the revoke's: what one is (61), correcting it (62), when it is
    # established (63), its rectification (64)
    assert engine.search("showed out then found a heart").hits[0].law in {61, 62, 63, 64}


def test_authorised_information_is_named_near_the_top(engine):
    # "AI": what a player may use (16A), the other side of UI; the opponents' rude
    # remarks about our bidding (74A2) still come first for these words
    assert 16 in [hit.law for hit in engine.search("opps AI from our bidding").hits[:3]]


@pytest.mark.parametrize(
    ("question", "laws"),
    [
        ("x was slow, pard pulled", {16}),
        ("pulled pard's penalty double after the tank", {16}),
        ("LA poll done, 3 of 5 pass", {16}),
        ("pro question by pard, UI?", {16, 20}),
        ("RR: director ruled result stands", {12, 92}),
        ("ok to field pard's psych?", {40}),
        ("fielded misbid, CPU?", {40}),
        ("8 boards fouled in a Mitchell", {87}),
        ("board played twice by same pair", {15}),
        ("NOS gets avg+ and OS avg-", {12}),
        ("12C1b SEWoG", {12}),
        ("gambling action by NOS after MI", {12}),
        ("director error: barred the wrong player", {82}),
        ("AWMW for a frivolous appeal", {92, 93}),
        ("pass OOT then IB", {27, 30}),
        ("BOOT then IB by LHO", {27, 31}),
        ("revoke then claim by declarer", {63, 64, 70}),
        ("IB corrected to lowest suff bid, pard barred?", {27}),
        ("misbid not MI, pard's explanation was right", {21, 75}),
        ("CoC say VPs", {78, 80}),
        ("OLOOT accepted by declarer, dummy not faced", {54}),
        ("hand passed out, 4 passes, redeal?", {22}),
    ],
)
def test_td_jargon_that_worked_keeps_its_law_first(engine, question, laws):
    assert engine.search(question).hits[0].law in laws
