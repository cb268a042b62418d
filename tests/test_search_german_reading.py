"""How German questions are read into search terms (issue 34, sq-de6): words that only
look like a bridge word ("falls" is "if", not a card that fell)."""

import pytest

from td_assist.search.analysis import fold, german_stem, german_terms


def test_german_falls_is_if_in_the_german_reading_itself():
    # the "if" was once taken out by the engine before the German reading; the reading
    # itself now knows it, so every caller (phrasings, German lawbook, questions) agrees
    fell = german_stem("fallen")
    assert fell not in german_terms("falls der Gegner sein Gebot ändern will")
    assert fell in german_terms("die Karte ist auf den Tisch gefallen")


def test_an_english_questions_falls_is_still_a_card_that_fell():
    fell = german_stem("fallen")
    assert fell in german_terms("a card falls face up", english_question=True)


def test_the_engine_reads_falls_as_the_questions_language_does(engine):
    fell = engine._german_meaning("heruntergefallen")[0]
    assert fell not in engine._german_asked("falls der Alleinspieler nicht bedient", True)
    assert fell in engine._german_asked("declarer's card falls face up", False)


@pytest.mark.parametrize(
    ("declined", "participle"),
    [
        ("verbotene", "verboten"),
        ("verbotenen", "verboten"),
        ("genommene", "genommen"),
        ("zurückgenommene", "zurückgenommen"),
        ("gesehenen", "gesehen"),
    ],
)
def test_a_strong_participle_before_a_noun_is_the_participle(declined, participle):
    # "die verbotene Konvention" is what is "verboten" (Law 40B2a), not the "Verbot" of
    # a lead restriction ("Ausspielverbot", Law 26)
    assert german_stem(fold(declined)) == german_stem(fold(participle))


def test_a_noun_that_ends_like_a_participle_stays_a_noun():
    assert german_stem("gebote") != german_stem("geboten")
    assert german_stem("verbotene") != german_stem("verbot")


def test_a_card_put_down_is_not_an_exposed_card(engine):
    # "Karten verdeckt hingelegt", "Stiche falsch herum hingelegt": put down, not shown
    assert engine._german_meaning("hingelegt")[0] != engine._german_meaning("aufgedeckt")[0]
    assert engine._german_meaning("gezeigt")[0] == engine._german_meaning("aufgedeckt")[0]


def test_aus_alone_is_no_term_but_its_verb_still_is(engine):
    # "Karte aus dem Stich genommen" met "Karten aus dem falschen Board genommen" (Law
    # 15A1) on "aus"; the particle that ends a clause still makes its verb
    out = german_stem("aus")
    assert out not in german_terms("Karte aus dem Stich genommen", engine.decompounder)
    played = german_terms("West spielt Pik aus", engine.decompounder)
    assert out not in played
    assert german_stem("ausspielen") in played


def test_a_particle_joins_a_verb_the_vocabulary_knows(engine):
    # the engine reads a question lowercased and without its commas: the particle at the
    # end once joined the question's first verb ("passiert" -> "auspassieren")
    question = "es passiert immer wieder der falsche gegenspieler spielt zum ersten stich aus"
    terms = german_terms(question, engine.decompounder)
    assert german_stem("ausspielen") in terms
    assert german_stem("auspassieren") not in terms


def test_a_conjunction_that_tells_no_situation_is_no_term():
    # "gepasst, obwohl der Geber noch nicht dran war" (Law 30) met every "..., obwohl"
    assert german_terms("obwohl er nicht dran ist") == german_terms("er nicht dran ist")


def test_a_card_played_out_of_turn_is_not_a_pass_out_of_turn(engine):
    hit = engine.search("Partner spielt eine Karte, obwohl er nicht dran ist").hits[0]
    assert hit.law != 30


@pytest.mark.parametrize(
    ("infinitive", "participle"),
    [("anschauen", "angeschaut"), ("zuschauen", "zugeschaut"), ("zuschauen", "Zuschauer")],
)
def test_a_diphthong_before_an_ending_is_no_umlaut(infinitive, participle):
    # "ue" after a vowel is no "ü" spelt without umlauts: "schauen" was read "schaun"
    # and never met "geschaut"
    assert german_stem(fold(infinitive)) == german_stem(fold(participle))


def test_umlauts_spelt_out_still_meet_the_umlauts():
    assert german_stem("zurueckgenommen") == german_stem(fold("zurückgenommen"))
    assert german_stem("oeffnen") == german_stem(fold("öffnen"))


def test_not_agreed_is_a_dispute_not_some():
    # "einig" was a stop word with "einige" (some): "nicht einig" (a dispute) said nothing
    assert german_stem("einig") in german_terms("wir sind uns nicht einig")
    assert german_terms("einige Karten") == german_terms("Karten")


def test_a_disagreement_at_the_table_reaches_the_disputed_facts(engine):
    hits = engine.search("Wir sind uns nicht einig, welche Karte gespielt wurde").hits[:3]
    assert 85 in [hit.law for hit in hits]


def test_a_banned_convention_is_the_regulating_authoritys(engine):
    # "verbotene Konvention" went to the lead restrictions of Law 26 ("Farbe verbieten")
    assert engine.search("verbotene Konvention").hits[0].anchor.startswith("40B2a")
