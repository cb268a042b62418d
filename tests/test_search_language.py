"""Search behaviour on the words of the table: real words kept, German analysed as
German, general questions answered by the main law, memory bounded."""

import random
import string

import pytest

from td_assist.search.analysis import german_terms


@pytest.mark.parametrize(
    "word",
    # real English words the lawbook does not use, and inflections of words it does
    ["tanked", "huddled", "dithered", "reneged", "walked", "argued", "quizzical",
     "flustered", "conceded", "dropped", "facing", "underruff", "bridgemate", "misclicked",
     # real German words, inflected, and compounds of known parts
     "festgestellt", "ausgespielt", "gepasst", "zurückgenommen", "umgedreht", "Strafkarten",
     "Hauptstrafkarte", "Ausspielfehler", "Tischkarte", "nachgefragt", "überlegte",
     "Turnierleiterin", "Gegenspielerin", "bedient", "Reststiche"],
)  # fmt: skip
def test_speller_never_rewrites_a_real_word(engine, word):
    assert engine.speller.correct(word.lower()) is None
    results = engine.search(f"{word} revoke")
    assert results.suggestion is None


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("insuficient", {"insufficient"}),
        ("hesitaion", {"hesitation"}),
        ("estabished", {"established"}),
    ],
)
def test_speller_corrects_words_that_are_not_words(engine, typed, meant):
    assert engine.speller.correct(typed) in meant


def test_did_you_mean_only_when_the_correction_changes_the_result(engine):
    changed = engine.search("insuficient bid")
    assert changed.suggestion == "insufficient bid" and changed.hits[0].law == 27
    # a typo that leaves the top results as they are is corrected silently
    for query in ("revoke establishd", "penalty card droped"):
        results = engine.search(query)
        if results.suggestion is not None:
            plain = [h.anchor for h in results.hits[:3]]
            assert plain != [h.anchor for h in engine._rank(query.split(), 10)[0][:3]]


def test_german_compounds_are_split_into_known_parts(engine):
    terms = german_terms("Hauptstrafkarte", engine.decompounder)
    assert "straf" in terms and "kart" in terms and "haupt" in terms
    # compounds that appear nowhere whole in the content still find their law
    assert "ausspielirrtum" not in engine.german  # as a whole word, unknown to the content
    top = [h.law for h in engine.search("Hauptstrafkarte des Gegenspielers").hits[:3]]
    assert 50 in top
    top = [h.law for h in engine.search("Ausspielirrtum des falschen Gegenspielers").hits[:3]]
    assert {54, 56} & set(top)
    # the everyday compound itself, which the phrasings use whole
    top = [h.law for h in engine.search("Ausspielfehler des falschen Gegenspielers").hits[:3]]
    assert {54, 56} & set(top)


@pytest.mark.parametrize(
    ("question", "law"),
    [
        ("Der Stich war schon umgedreht, ist das Revoke vollendet?", 63),
        ("Mein Partner hat lange überlegt und dann gepasst", 16),
        ("Der Tisch hat eine falsche Karte gespielt", 45),
        ("Karte während der Reizung auf den Tisch gefallen", 24),
    ],
)
def test_german_questions_find_their_law(engine, question, law):
    assert law in [h.law for h in engine.search(question).hits[:3]]


def test_a_german_card_word_does_not_pull_towards_the_definitions(engine):
    for question in ("Karte fallen gelassen", "Gegner hat die Karten gezeigt"):
        hits = engine.search(question).hits[:3]
        assert all(h.law != 0 for h in hits), [h.anchor for h in hits]


@pytest.mark.parametrize(
    ("question", "laws"),
    [
        ("insufficient bid", {"27"}),
        ("Strafkarte", {"50"}),
        ("revoke", {"61"}),
        ("claim", {"68", "70"}),  # claims, or contested claims: either main law
    ],
)
def test_a_general_question_shows_the_main_law_above_its_deep_subsections(engine, question, laws):
    anchors = [h.anchor for h in engine.search(question).hits]
    assert anchors[0] in laws  # the law itself, not one of its parts
    law = anchors[0]
    deep = [a for a in anchors if a.startswith(law) and a != law]
    assert not deep or anchors.index(law) < anchors.index(deep[0])


def test_a_phrasing_that_is_exactly_the_question_beats_a_title_sharing_its_words(engine):
    # "two cards" is the title of Law 51 (penalty cards); the situation is Law 58B.
    assert engine.search("two cards played at once").hits[0].anchor == "58B"
    assert engine.search("zwei Karten gleichzeitig gespielt").hits[0].anchor == "58B"


def test_german_verb_forms_meet_at_their_root(engine):
    # Snowball leaves "spielt", "gespielt" and "spielen" apart; the forms of one verb
    # must find the same phrasings, and a noun that only looks like a participle stays.
    meaning = engine._german_meaning
    assert meaning("spielt") == meaning("gespielt") == meaning("spielen")
    assert meaning("gereizt") == meaning("reizen")
    assert meaning("Gebot") == ["gebot"]  # not "bieten" with ge- taken off
    told = engine.search("Dummy spielt eine Karte, die der Alleinspieler nicht genannt hat")
    said = engine.search("Dummy hat eine Karte gespielt, die der Alleinspieler nicht nannte")
    assert told.hits[0].anchor == said.hits[0].anchor == "45D"


def test_a_specific_question_opens_at_the_subsection(engine):
    anchors = [h.anchor for h in engine.search("revoke on trick twelve").hits[:3]]
    assert "62D" in anchors


def test_jargon_is_evidence_not_an_override(engine):
    # a word for a double in a hesitation question must not pull Law 19 to the top
    hits = engine.search("partner hesitated for a long time and then doubled").hits
    assert hits[0].law == 16
    # a claim that forgot a trump: the outstanding-trump rule, not the general claim law
    hits = engine.search("declarer claimed but forgot a trump").hits[:3]
    assert any(h.anchor.startswith("70C") for h in hits)


def test_definitions_do_not_crowd_the_top(engine):
    for question in ("partner dropped a card", "the trick was turned over", "claim"):
        laws = [h.law for h in engine.search(question).hits[:3]]
        assert 0 not in laws, question
    assert engine.search("definition of trick").hits[0].law == 0


def test_what_is_a_term_opens_at_its_definition(engine):
    for question, anchor in (
        ("what is an artificial call", "def-artificial-call"),
        ("what's an alert", "def-alert"),
        ("was ist ein Revoke", "def-revoke"),
    ):
        assert engine.search(question).hits[0].anchor == anchor, question
    # a question about a term's consequences is not a request for its definition
    assert engine.search("what is the penalty for a revoke").hits[0].law != 0


def test_other_ways_of_asking_what_a_term_is_open_at_its_definition(engine):
    """'what counts as a call' asks what a call is; its 'counts' is no search word (it
    found the laws on counting one's cards)."""
    for question, anchor in (
        ("what counts as a call", "def-call"),
        ("what counts as an alert", "def-alert"),
        ("what is meant by a revoke", "def-revoke"),
    ):
        hits = engine.search(question).hits
        assert hits[0].anchor == anchor, question
        assert all(h.law != 7 for h in hits[:3]), question
    assert engine.search("what counts as a played card").hits[0].anchor.startswith("45C")
    assert engine.search("was zählt als Ansage").hits[0].law != 7


def test_term_cache_stays_bounded_under_random_queries(engine):
    rng = random.Random(12)
    before = engine.scorer.cached_terms
    for _ in range(2000):
        word = "".join(rng.choices(string.ascii_lowercase, k=rng.randint(5, 12)))
        engine.search(f"{word} {word[::-1]} zq{word}")
    grown = engine.scorer.cached_terms - before
    assert engine.scorer.cached_terms <= len(engine.scorer.vocabulary)
    assert grown < 200  # only real index terms that random letters happen to spell


def test_every_phrasing_anchor_is_a_section(engine):
    from td_assist.search import load_phrasings

    book = engine.book
    assert engine.problems == []
    for situation in load_phrasings(book.folder / "phrasings.toml"):
        assert situation.anchor in book.sections, situation.anchor
        assert situation.en or situation.de


def test_a_phrasing_for_a_missing_section_is_reported_not_fatal(tmp_path):
    import shutil

    from td_assist.lawbook import get_lawbook
    from td_assist.search import SearchEngine, ensure_index, load_phrasings, load_synonyms

    laws = tmp_path / "laws"
    shutil.copytree(get_lawbook().folder, laws)
    phrasings = laws / "phrasings.toml"
    phrasings.write_text(
        phrasings.read_text(encoding="utf-8")
        + '\n[[situation]]\nanchor = "64Z9"\nen = ["zebra crossing"]\n',
        encoding="utf-8",
    )
    book = get_lawbook(laws)
    engine = SearchEngine(
        ensure_index(book, laws / "synonyms.toml"),
        book,
        load_synonyms(laws / "synonyms.toml"),
        load_phrasings(phrasings),
    )
    assert engine.problems == ["phrasings.toml: 64Z9 is not a section"]
    assert engine.search("revoke").hits


def _engine_with(laws, thesaurus_text: str):
    from td_assist.lawbook import get_lawbook
    from td_assist.search import (
        SearchEngine,
        ensure_index,
        load_phrasings,
        load_synonyms,
        load_thesaurus,
    )
    from td_assist.search.analysis import Thesaurus

    (laws / "thesaurus.toml").write_text(thesaurus_text, encoding="utf-8")
    book = get_lawbook(laws)
    same = load_thesaurus(laws / "thesaurus.toml")
    return SearchEngine(
        ensure_index(book, laws / "synonyms.toml"),
        book,
        load_synonyms(laws / "synonyms.toml"),
        load_phrasings(laws / "phrasings.toml"),
        Thesaurus.from_groups(same),
    )


def test_thesaurus_words_meet_the_phrasings_in_other_words(tmp_path):
    """A phrasing says "grabbled"; the question says "wibbled". Only the thesaurus group
    joins them, so the section is found with the group and not without it."""
    import shutil

    from td_assist.lawbook import get_lawbook

    laws = tmp_path / "laws"
    shutil.copytree(get_lawbook().folder, laws)
    phrasings = laws / "phrasings.toml"
    phrasings.write_text(
        phrasings.read_text(encoding="utf-8")
        + '\n[[situation]]\nanchor = "81C5"\nen = ["grabbled the zorbs"]\n'
        + 'de = ["Zorbs gegrabbelt"]\n',
        encoding="utf-8",
    )
    without = _engine_with(laws, "")
    assert "81C5" not in [h.anchor for h in without.search("they wibbled").hits[:3]]
    group = (
        '[[same]]\nlang = "en"\nwords = ["grabbled", "wibbled"]\n'
        '[[same]]\nlang = "de"\nwords = ["gegrabbelt", "gewibbelt"]\n'
    )
    joined = _engine_with(laws, group)
    assert joined.search("they wibbled").hits[0].anchor == "81C5"
    assert joined.search("sie haben gewibbelt").hits[0].anchor == "81C5"


def test_thesaurus_groups_keep_to_one_meaning():
    """A word in two groups would join two meanings; every group has two words or more."""
    from td_assist.lawbook import get_lawbook
    from td_assist.search import load_thesaurus

    seen: dict[tuple[str, str], int] = {}
    groups = load_thesaurus(get_lawbook().folder / "thesaurus.toml")
    assert groups
    for number, group in enumerate(groups):
        for word in group.words:
            key = (group.lang, word.lower())
            assert key not in seen, f"{word} is in groups {seen[key]} and {number}"
            seen[key] = number


def test_a_dropped_card_is_found_in_the_words_of_the_table(engine):
    hits = [h.anchor for h in engine.search("a card fell out of declarer's hand").hits[:3]]
    assert "48A" in hits


def test_a_german_word_many_sections_share_weighs_less_than_a_telling_one(engine):
    """ "ausgespielt" is in the phrasings of many sections; "getrumpft ... bedient" is what
    the question is about (a revoke), so the revoke laws come first."""
    led, ruffed = engine._german_meaning("ausgespielt")[0], engine._german_meaning("getrumpft")[0]
    common = engine.german.commonness([led, ruffed], 4.5)
    assert common[led] < common[ruffed] <= 1.0
    hits = engine.search("Die ausgespielte Karte wurde getrumpft, obwohl er bedienen konnte")
    assert hits.hits[0].law in {61, 62, 63, 64}


def test_a_bid_of_no_trump_is_not_a_missing_trump(engine):
    """ "one no trump" is a call; a claim's forgotten trump (70C) has nothing to do with it."""
    hits = engine.search("LHO opened one no trump although it was my turn to call").hits
    assert 70 not in [h.law for h in hits[:3]]
    assert engine.search("claimed but forgot that a trump was still out").hits[0].law == 70


def test_german_function_words_are_no_compound_parts(engine):
    assert engine.decompounder.split("alleinspieler") == ()
    # even when the content uses "allein" as a word of its own
    from td_assist.search.analysis import Decompounder

    assert Decompounder({"allein", "spieler", "spiel"}).split("alleinspieler") == ()
    assert "straf" in engine._german_meaning("Hauptstrafkarte")


@pytest.mark.parametrize(
    "question",
    ["LHO opened one no trump although it was my turn", "West opened 2NT out of rotation"],
)
def test_an_opening_bid_is_not_an_opening_lead(engine, question):
    # Law 54 is the opening lead faced out of turn; an opening bid out of rotation is Law 31
    hits = engine.search(question).hits
    assert hits[0].law != 54 and 31 in [h.law for h in hits[:3]], [h.anchor for h in hits[:3]]
    assert engine.search("partner made the opening lead out of turn").hits[0].law == 54


def test_the_candidate_phrasings_stay_valid_content():
    # benchmarks/phrasings_wider.toml is measured with --phrasings; it must stay loadable
    # and name real sections, one entry each, so a TD can promote entries from it
    from pathlib import Path

    from td_assist.lawbook import get_lawbook
    from td_assist.search import load_phrasings

    candidates = Path(__file__).resolve().parent.parent / "benchmarks" / "phrasings_wider.toml"
    if not candidates.exists():
        pytest.skip("benchmarks/ not shipped here")
    book = get_lawbook()
    anchors = [s.anchor for s in load_phrasings(candidates)]
    assert len(anchors) == len(set(anchors))
    assert set(anchors) <= set(book.sections)


def test_a_card_too_many_at_the_end_is_a_defective_trick(engine):
    # "zu viel" carries the meaning here: "viel" is no stop word for search
    assert engine.search("am Ende hatte ich eine Karte zu viel").hits[0].law == 67


def test_a_story_opens_at_the_part_it_is_about(engine):
    # A long, specific question: the hit is the best-matching part of a section, shown
    # with the section's heading, and the part is not listed a second time.
    question = "declarer claimed but forgot a trump, and an opponent could ruff a winner"
    hits = engine.search(question).hits
    claim = next(h for h in hits if h.anchor.startswith("70C"))
    assert claim.anchor != "70C" and claim.heading == "There Is an Outstanding Trump"
    # the part continues 70C's sentence: the snippet starts with that sentence
    assert claim.snippet.startswith("When one of the opponents still holds a trump")
    anchors = [h.anchor for h in hits]
    assert len(anchors) == len(set(anchors))


def test_a_general_question_still_opens_at_the_law(engine):
    assert engine.search("claim").hits[0].anchor in {"70", "68", "69"}


def test_seats_in_a_story_are_not_evidence(engine):
    # "North ... East ... West" is who, not what: a fouled board (87) must not win on it
    story = "North dealt, East and South passed, then West noticed North had thirteen cards"
    hits = engine.search(story + " and East had fourteen").hits
    assert hits[0].law == 13 and 87 not in [h.law for h in hits[:2]]
    # a short question about seats keeps them
    assert engine.search("north south cards switched").hits[0].law == 87


@pytest.mark.parametrize(
    "question", ["Ansage ändern", "Kann ich meine Ansage noch ändern?", "Gebot geändert"]
)
def test_changing_a_call_in_german_reaches_law_25(engine, question):
    """Folded, "ändern" is "andern" (a German function word, "other"), and "Ansage" is a
    call, not an alert: both had sent these questions to Law 21's misinformation."""
    assert engine.search(question).hits[0].law == 25


def _engine_everyday(laws, everyday_text: str | None):
    german = laws / "german.toml"
    if everyday_text is None:
        german.unlink(missing_ok=True)
    else:
        german.write_text(everyday_text, encoding="utf-8")
    return _engine_with(laws, (laws / "thesaurus.toml").read_text(encoding="utf-8"))


def test_an_everyday_german_word_leaves_the_decision_to_the_telling_one(tmp_path):
    """ "Zorbs" is in a phrasing of 19A beside "Kontra", "gewibbelt" alone in one of
    81C5's. Listed as everyday, "Kontra" no longer carries the question to 19A; alone,
    it finds the same as without the list."""
    import shutil

    from td_assist.lawbook import get_lawbook

    laws = tmp_path / "laws"
    shutil.copytree(get_lawbook().folder, laws)
    phrasings = laws / "phrasings.toml"
    phrasings.write_text(
        phrasings.read_text(encoding="utf-8")
        + '\n[[situation]]\nanchor = "81C5"\nde = ["gewibbelt"]\n'
        + '\n[[situation]]\nanchor = "19A"\nde = ["Kontra Zorbs"]\n',
        encoding="utf-8",
    )
    question = "Der Partner hat Kontra gesagt und dabei gewibbelt"
    plain = _engine_everyday(laws, None)
    listed = _engine_everyday(laws, 'weight = 0.3\neveryday = ["Kontra"]\n')
    assert plain.search(question).hits[0].anchor != "81C5"
    assert listed.search(question).hits[0].anchor == "81C5"
    assert [h.anchor for h in listed.search("Kontra").hits] == [
        h.anchor for h in plain.search("Kontra").hits
    ]


def test_a_malformed_everyday_list_names_its_file(tmp_path):
    from td_assist.search.content import load_everyday

    bad = tmp_path / "german.toml"
    bad.write_text("weight = 7\neveryday = []\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"german\.toml"):
        load_everyday(bad)
    assert load_everyday(tmp_path / "absent.toml").weight == 1.0


def test_one_law_gives_way_in_the_top_three_to_another_that_scores_close(engine):
    book = engine.book

    def ranked(*pairs):
        return [(book.get(anchor), score) for anchor, score in pairs]

    crowded = ranked(("64A1", 10.0), ("64A2", 9.0), ("64B", 8.0), ("62A", 7.0))
    assert [s.anchor for s, _ in engine._make_room(crowded, [])[:3]] == ["64A1", "64A2", "62A"]
    far = ranked(("64A1", 10.0), ("64A2", 9.0), ("64B", 8.0), ("62A", 2.0))
    assert [s.anchor for s, _ in engine._make_room(far, [])[:3]] == ["64A1", "64A2", "64B"]


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        ("insufficient bid and then a lead out of turn", {27}, {53, 54, 55, 56}),
        ("Renonce und danach ein Claim", {68, 69, 70, 71}, {61, 62, 63, 64}),
        # the top three held three laws, none a repeat: the one the question does not
        # name (56, a defender's lead) gives way
        ("declarer led from the wrong hand and a defender then revoked", {55}, {61, 62, 63, 64}),
        # the top three held three laws of one irregularity (a card dropped: 48-50)
        ("a player dropped a card and then revoked", {24, 48, 49, 50}, {61, 62, 63, 64}),
    ],
)
def test_a_question_naming_two_irregularities_gets_both_laws(engine, question, first, second):
    laws = {hit.law for hit in engine.search(question).hits[:3]}
    assert laws & first and laws & second


def test_a_named_irregularity_takes_the_place_of_a_law_the_question_does_not_name(engine):
    book = engine.book
    ranked = [
        (book.get(anchor), score)
        for anchor, score in (("55A", 10.0), ("54A", 8.0), ("56B", 7.0), ("64B7", 5.0))
    ]
    named = [frozenset([55]), frozenset([61, 62, 63, 64])]
    assert [s.anchor for s, _ in engine._make_room(ranked, named)[:4]] == [
        "55A",
        "54A",
        "64B7",
        "56B",
    ]
    # named in passing (far below the third): the order stays
    ranked[3] = (book.get("64B7"), 2.0)
    assert [s.anchor for s, _ in engine._make_room(ranked, named)[:3]] == ["55A", "54A", "56B"]
