"""English words stay out of the German compound splitter (issue 34, sq-de4): "offender"
was read as "off" + "ender" and "off" as "offen" (exposed, Law 24/49), so English
questions about an offender drew German evidence for exposed cards; with English words
kept whole, "-ender" can be refused as a tail ("fehlender" is no "Fehl" + "Ender")."""

import pytest

from td_assist.search.analysis import Decompounder, fold, german_stem, german_terms


def test_a_word_english_knows_is_no_german_compound(engine):
    # the splitter alone reads "singleton" as "single" + "ton"; the lawbook knows it
    assert engine.decompounder.split("singleton")
    assert engine._german_meaning("singleton") == engine._german_meaning("singleton")[:1]


def test_an_english_questions_words_are_not_split_as_german(engine):
    # "impasse" is no English word the lawbook knows, and the splitter finds
    # "imp" + "Asse" (aces) in it: an English question is not read as German compounds
    assert engine.decompounder.split("impasse")
    aces = german_stem("asse")
    assert aces not in engine._german_asked("we reached an impasse at the table", False)
    assert aces in engine._german_asked("impasse", True)


def test_an_offender_is_not_exposed(engine):
    exposed = engine._german_meaning("aufgedeckt")[0]
    assert exposed not in engine._german_meaning("offender")
    assert exposed not in engine._german_asked("the offender then led", False)


@pytest.mark.parametrize("word", ["fehlender", "passender", "spielender", "ausstehender"])
def test_ender_is_an_ending_not_a_noun(word):
    vocabulary = {"fehl", "ender", "ende", "pass", "spiel", "ausstehen", "aussteh"}
    assert Decompounder(vocabulary).split(word) == ()


def test_a_missing_alert_has_no_end_in_it(engine):
    # "fehlender Alert" once held "Ende": English questions saying "end" met it
    assert german_stem("ende") not in engine._german_meaning("fehlender")


ALERT_SECTIONS = {"21B1a", "40B2aiii", "40B4"}  # misinformation, alert rules, damage


@pytest.mark.parametrize("said", ["alertiert", "nicht alertiert", "Alert vergessen"])
def test_an_alert_word_is_evidence_for_the_alert_sections_as_a_group(engine, said):
    # the alert words once pointed at 21B1a and the alert rules alone, so every story
    # with an alert in it began at the misinformation law; the damage a missing alert
    # did (Law 40B4) is as much what the word speaks of
    terms = engine._german_meaning(said)
    evidence = engine.german.score(terms, {})
    assert set(sorted(evidence, key=evidence.__getitem__, reverse=True)[:3]) == ALERT_SECTIONS


@pytest.mark.parametrize("said", ["alertiert", "nicht alertiert"])
def test_a_missing_alert_reaches_the_damage_it_did(engine, said):
    assert "40B4" in [h.anchor for h in engine.search(said).hits[:3]]


def test_a_question_of_one_german_compound_is_still_split(engine):
    # no word of either language to tell by: read as German, its parts found
    asked = engine._german_asked("Gebotsänderung", False)
    assert german_stem("gebot") in asked


@pytest.mark.parametrize("name", ["Farbzwang", "Bedienpflicht", "Bedienzwang"])
def test_the_duty_to_follow_suit_is_following_suit(engine, name):
    # Law 44C by its German names meets the phrasings' "bedienen"
    assert engine._german_meaning(name)[0] == engine._german_meaning("bedienen")[0]


# --- sq-de5 ---
@pytest.mark.parametrize(
    ("word", "particle", "verb_part"),
    [("zurückgenommen", "zuruck", "nehm"), ("ausgespielt", "aus", "gespielt")],
)
def test_a_separable_verbs_particle_is_no_word_of_its_own(word, particle, verb_part):
    # the verb whole and its verb part are the evidence; the particle alone ("zurück",
    # "aus") is in every other story and counted a third time for the one word
    vocabulary = {"zuruck", "aus", "nehmen", "genommen", "spielen", "gespielt"}
    terms = german_terms(word, Decompounder(vocabulary))
    assert terms == [german_stem(fold(word)), verb_part]
    assert german_stem(particle) not in terms


@pytest.mark.parametrize(
    "question",
    [
        "Auf jeden Fall muss der Dummy schweigen",
        "Was gilt in diesem Fall, wenn der Gegner außer der Reihe ausgespielt hat?",
        "Was tun, falls der Gegner sein Gebot ändern will?",
        "Falls der Tisch den Turnierleiter ruft, was dann?",
        "falls der Alleinspieler nicht bedient hat, was gilt?",
    ],
)
def test_a_case_or_an_if_is_not_a_card_that_fell(engine, question):
    # "Fall" (a case) shared Snowball's stem with "fallen", and "falls" (if) read as
    # English "falls" and German "fallen": Laws 48-50's dropped cards came first
    laws = [hit.law for hit in engine.search(question).hits[:3]]
    assert not {48, 49, 50} & set(laws)


@pytest.mark.parametrize("word", ["Zweifelsfällen", "keinesfalls", "Faller", "Fall"])
def test_case_and_undertrick_words_do_not_fall(engine, word):
    assert engine._german_meaning("heruntergefallen")[0] not in engine._german_meaning(word)


def test_a_card_that_fell_still_falls(engine):
    fell = engine._german_meaning("heruntergefallen")[0]
    assert engine._german_meaning("fiel")[0] == engine._german_meaning("fallen")[0] == fell
