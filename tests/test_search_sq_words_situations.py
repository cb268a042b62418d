"""Everyday words of real questions that no index knew (issue 34, sq-words): American
spellings, table words for the lawbook's terms, conventions by their names and German
club words now reach the lawbook's words (laws/synonyms.toml) and the phrasings' words
(laws/thesaurus.toml), so they count in a question."""

import pytest

from td_assist.search.analysis import english_terms, german_terms


@pytest.mark.parametrize(
    ("question", "law"),
    [
        # a convention named by its name is a partnership understanding (Law 40)
        ("they play Michaels and never told us", 40),
        ("a Lebensohl sequence nobody told us about", 40),
        ("they play Drury", 40),
        ("Flannery two diamonds", 40),
        # conduct at the table that a German club calls "unethisch" (Law 74)
        ("ist das unethisch", 74),
    ],
)
def test_a_question_in_everyday_words_finds_its_law_in_the_top_three(engine, question, law):
    laws = [hit.law for hit in engine.search(question).hits[:3]]
    assert law in laws, laws


@pytest.mark.parametrize(
    ("said", "lawbook"),
    [
        ("nominated", "designate"),
        ("defense", "defender"),
        ("improper", "improperly"),
        ("infringement", "infraction"),
        ("responder", "partner"),
        ("unsure", "doubt"),
        ("expires", "deadline"),
        ("splinter", "partnership understanding"),
        ("replied", "answer"),
        ("rational", "irrational"),
        ("geahndet", "penalty"),
        ("Partei", "side"),
        ("unschuldigen", "non-offending side"),
        ("upset", "annoy"),
        ("vul", "vulnerable"),
        ("displayed", "show"),
        ("ACBL", "Regulating Authority"),
    ],
)
def test_an_everyday_word_searches_the_lawbook_word(engine, said, lawbook):
    assert lawbook in engine.search(said).expanded


@pytest.mark.parametrize(
    ("said", "phrasings"),
    [
        ("favor", "favour"),
        ("honor", "honour"),
        ("incorrectly", "incorrect"),
        ("criticized", "criticise"),
        ("distribution", "shape"),
    ],
)
def test_an_american_spelling_meets_the_phrasings_british_one(engine, said, phrasings):
    assert engine.same.english(english_terms(said)) == engine.same.english(english_terms(phrasings))


@pytest.mark.parametrize(
    ("said", "phrasings"),
    [("Achse", "Paar"), ("erkundigen", "erkundigt"), ("unschuldige", "nichtschuldige")],
)
def test_a_german_club_word_meets_the_phrasings_word(engine, said, phrasings):
    assert engine.same.german(german_terms(said)) == engine.same.german(german_terms(phrasings))
