"""German reading (issue 34, sq-de7): a verb's form is read as a verb, not as a compound of
nouns it seems to hold; a separable verb's present in a subordinate clause meets its
participle; the suit ("Farbe") is an everyday word of the play's stories."""

import pytest

from td_assist.search.analysis import fold, german_stem


@pytest.mark.parametrize(
    ("said", "no_part"),
    [
        ("zugegeben", "Züge"),  # zu + gegeben: a card played to the trick, no moves
        ("aufgehoben", "oben"),  # auf + gehoben: a penalty lifted, nothing "above"
        ("gebliebene", "Liebe"),  # a remaining card holds no love
    ],
)
def test_a_strong_verbs_form_is_no_compound_of_nouns(engine, said, no_part):
    meaning = engine._german_meaning(said)
    assert german_stem(no_part.lower()) not in meaning
    assert meaning  # the verb itself is still read


def test_a_strong_verbs_form_keeps_its_verb_without_the_particle(engine):
    # the particle alone ("zu") is in every other story; the verb part stays
    assert engine._german_meaning("zugegeben")[-1] == engine._german_meaning("geben")[0]


def test_a_separable_verb_in_a_subordinate_clause_meets_its_participle(engine):
    # "wer seine Karten zusammenlegt": the present with its particle in front, as a
    # subordinate clause puts it, and the phrasings' "zusammengelegt" are one verb
    assert engine._german_meaning("zusammenlegt")[0] == engine._german_meaning("zusammengelegt")[0]


def test_folding_ones_cards_while_play_goes_on_finds_the_law_on_it(engine):
    hits = engine.search("wenn jemand seine Karten zusammenlegt, obwohl noch gespielt wird").hits
    assert hits[0].anchor.startswith("66")


def test_the_suit_does_not_take_over_a_question_about_asking(engine):
    # "Farbe" once pulled the suit-showing questions towards the revoke laws (61B)
    hits = engine.search("darf ich fragen, welche Farbe der Partner angezeigt hat").hits
    assert hits[0].anchor.startswith("20F")


def test_the_suit_alone_still_finds_its_laws(engine):
    # an everyday word alone is what the question asks about
    assert engine.search("Farbe").hits


@pytest.mark.parametrize(
    ("form", "infinitive"),
    [("übersah", "übersehen"), ("bekam", "bekommen"), ("erhielten", "erhalten")],
)
def test_a_strong_verbs_past_with_an_inseparable_prefix_is_its_verb(form, infinitive):
    # "der Alleinspieler übersah die Renonce" is "übersehen", as "übersehen hat" is
    assert german_stem(fold(form)) == german_stem(fold(infinitive))


@pytest.mark.parametrize("noun", ["verlag", "belag", "verbot"])
def test_a_noun_that_looks_like_a_prefixed_past_stays_a_noun(noun):
    # "Verbot" is no "verbieten" here: the participle "verboten" is, the noun is not
    verb = {"verlag": "verliegen", "belag": "beliegen", "verbot": "verbieten"}[noun]
    assert german_stem(noun) != german_stem(verb)


@pytest.mark.parametrize(
    ("said", "particle"),
    [
        ("er hat gar nicht bedient", "gar"),
        ("ich hab mal gepasst", "mal"),
        ("das ist ja ein Revoke", "ja"),
    ],
)
def test_a_spoken_particle_is_no_search_term(engine, said, particle):
    assert german_stem(particle) not in engine._german_meaning(said)
    assert engine._german_meaning(said)  # the telling words stay
