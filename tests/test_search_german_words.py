"""German words of the table (issue 34): the splitter knows the parts German players
build bridge compounds from, a changed call is Law 25 in every form of "ändern", and a
double after a long think is about the think (Law 16/73), not about the double."""

import pytest

from td_assist.search.analysis import fold, german_stem, german_terms


@pytest.mark.parametrize(
    ("compound", "part"),
    [
        ("Verfahrensstrafe", "strafe"),  # procedural penalty
        ("Gedankenpause", "pause"),  # a pause for thought: a hesitation
        ("Fingerfehler", "fehler"),  # a slip of the finger at the bidding box
        ("Nebenstrafkarte", "strafkarte"),  # minor penalty card
        ("Partnerschaftsvereinbarung", "vereinbarung"),  # partnership agreement
        ("Spielabkürzung", "abkürzung"),  # shortening play: a claim
    ],
)
def test_the_splitter_knows_bridge_compounds(engine, compound, part):
    assert engine.decompounder.split(fold(compound))[-1] == fold(part)
    stem = engine._german_meaning(part)[0]
    assert stem in engine._german_meaning(compound)


def test_a_pause_for_thought_is_a_hesitation(engine):
    assert set(engine._german_meaning("Zögern")) <= set(engine._german_meaning("Gedankenpause"))


@pytest.mark.parametrize(
    "question",
    [
        "Gedankenpause vor dem Kontra",
        "Kontra erst nach einer Gedankenpause",
        "Mein Partner hat erst nach einer Gedankenpause kontriert",
        "Nach einer Gedankenpause kam das Kontra vom Partner und ich habe gepasst",
    ],
)
def test_a_double_after_a_long_think_is_about_the_think(engine, question):
    assert engine.search(question).hits[0].law in {16, 73}


@pytest.mark.parametrize("form", ["ändern", "geändert", "Änderung", "abgeändert"])
def test_every_form_of_changing_meets_one_term(engine, form):
    assert engine._german_meaning(form) == engine._german_meaning("ändern")


@pytest.mark.parametrize(
    "question",
    ["Der Gegner hat seine Ansage abgeändert", "Ansage geändert", "Gebotsänderung"],
)
def test_a_changed_call_in_any_form_is_law_25(engine, question):
    assert engine.search(question).hits[0].law == 25


def test_the_stop_card_spelled_with_two_ps_is_the_stop_card(engine):
    assert engine._german_meaning("Stopp") == engine._german_meaning("Stop")
    assert "skip-bid warning" in engine.search("Stopp-Karte nicht gelegt").expanded


def test_a_word_part_the_splitter_leaves_whole_stays_whole(engine):
    # "Turnierleitung" already meets "Turnierleiter" as a whole word; split, its part
    # "leitung" pulled every question that mentions the director towards Law 9B
    assert engine.decompounder.split("turnierleitung") == ()
    assert german_stem("turnierleitung") == german_stem("turnierleiter")


def test_how_many_is_not_too_many(engine):
    # "wie viele Stiche" asks how many tricks a revoke costs; "eine Karte zu viel" is a
    # card too many. Sharing the term "viel", a revoke phrasing outscored Law 67.
    from td_assist.search.analysis import german_terms

    assert german_stem("viel") not in german_terms("wie viele Stiche")
    assert german_stem("viel") in german_terms("eine Karte zu viel")
    assert engine.search("Renonce wie viele Stiche").hits[0].law == 64
    assert engine.search("am Ende hatte ich eine Karte zu viel").hits[0].law == 67


@pytest.mark.parametrize(
    "question", ["Spielabkürzung", "Der Alleinspieler hat das Spiel abgekürzt"]
)
def test_shortening_the_play_is_a_claim(engine, question):
    assert engine.search(question).hits[0].law in {68, 69, 70, 71}


# --- sq-de: verb forms (issue 34) ---


@pytest.mark.parametrize(
    ("form", "infinitive"),
    [
        ("fand", "finden"),  # "Nach dem Spiel fand ich noch eine Karte"
        ("gefunden", "finden"),
        ("nahm", "nehmen"),
        ("zurückgenommen", "zurücknehmen"),  # a separable prefix before a strong participle
        ("sah", "sehen"),
        ("gesehen", "sehen"),
        ("zog", "ziehen"),
        ("fiel", "fallen"),
        ("übernommen", "übernehmen"),  # an inseparable prefix: no ge-
        ("abgeworfen", "abwerfen"),
    ],
)
def test_a_strong_verb_s_forms_meet_its_infinitive(form, infinitive):
    assert german_stem(fold(form)) == german_stem(fold(infinitive))


@pytest.mark.parametrize(
    ("participle", "infinitive"),
    [
        ("abgerechnet", "abrechnen"),
        ("weggelegt", "weglegen"),
        ("ausgespielt", "ausspielen"),
        ("ausgespielte", "ausspielen"),
        ("angemeldet", "anmelden"),
        ("nachgezählt", "nachzählen"),
    ],
)
def test_a_separable_verb_s_participle_meets_its_infinitive(participle, infinitive):
    # without any vocabulary: the stem alone
    assert german_stem(fold(participle)) == german_stem(fold(infinitive))


@pytest.mark.parametrize("form", ["revokiert", "revokierte", "revokieren", "renoncieren"])
def test_every_form_of_revoking_is_the_revoke(engine, form):
    assert engine._german_meaning(form) == engine._german_meaning("Revoke")


def test_an_ieren_ending_on_a_noun_is_left_alone():
    from td_assist.search.analysis import german_infinitive

    assert german_infinitive("turniere") == "turniere"
    assert german_infinitive("vierte") == "vierte"


def test_a_named_card_is_no_alert(engine):
    # "die Karte angesagt": the declarer named it; "angesagt" is "ansagen", not an alert
    assert engine._german_meaning("angesagt") == engine._german_meaning("ansagen")
    assert engine._german_meaning("angesagt") != engine._german_meaning("Alert")


@pytest.mark.parametrize(
    ("compound", "part"),
    [
        ("Spielgeschehen", "geschehen"),  # "hat ins Spielgeschehen eingegriffen"
        ("Reizverlauf", "verlauf"),
        ("Zeitüberschreitung", "überschreitung"),
        ("Schlemmkontrakt", "kontrakt"),
    ],
)
def test_the_splitter_knows_more_table_compounds(engine, compound, part):
    assert engine.decompounder.split(fold(compound))[-1] == fold(part)


@pytest.mark.parametrize(
    ("word", "meaning"),
    [
        ("Abwurf", "discard"),
        ("geschnappt", "ruff"),
        ("Kontrakt", "contract"),
        ("Schlemm", "slam"),
        ("Lizit", "auction"),
    ],
)
def test_german_table_words_mean_the_lawbook_s_terms(engine, word, meaning):
    assert meaning in engine.search(f"Frage zum {word}").expanded


def test_a_changed_call_after_partner_s_pass_is_law_25(engine):
    # "Pass" and "Partner" are in nearly every German auction story: the change decides
    assert (
        engine.search("Ost hat seine Ansage nach dem Pass des Partners geändert").hits[0].law == 25
    )


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        ("Darf der Dummy mitzählen, wie viele Stiche wir schon haben?", "42A2"),
        ("Der Alleinspieler hat das Ausspiel außer der Reihe abgelehnt", "54D"),
    ],
)
def test_german_situations_with_few_phrasings_find_their_section(engine, question, anchor):
    assert anchor in [hit.anchor for hit in engine.search(question).hits[:3]]


@pytest.mark.parametrize(
    ("sentence", "verb"),
    [
        ("Der Gegner nahm seine Karte zurück", "zurücknehmen"),
        ("Ost spielte die Pik Dame aus", "ausspielen"),
        ("west spielt herz aus", "ausspielen"),  # a search's question comes lowercased
        ("Nord gab einen Stich ab", "abgeben"),
    ],
)
def test_a_particle_at_the_clause_end_rejoins_its_verb(sentence, verb):
    from td_assist.search.analysis import german_terms

    assert german_stem(fold(verb)) in german_terms(sentence)


def test_a_call_taken_back_in_a_main_clause_is_law_25(engine):
    assert engine.search("Mein Partner nahm sein Gebot zurück").hits[0].law == 25


@pytest.mark.parametrize("word", ["Ausnahmen", "Annahmen"])
def test_a_plural_noun_is_no_compound_of_a_past_plural(engine, word):
    # "Ausnahmen" (exceptions) is not "aus" + "nahmen" (took)
    assert engine.decompounder.split(fold(word)) == ()


def test_a_plural_noun_is_no_separable_verb():
    from td_assist.search.analysis import german_infinitive

    assert german_infinitive("ausnahmen") == "ausnahmen"
    assert german_infinitive("aufgaben") == "aufgaben"
    assert german_infinitive("zurucknahm") == "zurucknehmen"


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("auszuspielen", "ausspielen"),  # "ist von der richtigen Seite auszuspielen"
        ("zurückzunehmen", "zurücknehmen"),  # a card or a call taken back
        ("aufzudecken", "aufdecken"),  # the opening lead faced
        ("zuzugeben", "zugeben"),  # a penalty card played at the first legal chance
        ("einzuhalten", "einhalten"),  # the round's time kept
        ("weitergespielt", "weiterspielen"),  # play went on after a claim
        ("hingelegt", "hinlegen"),  # cards put down on the table
        ("zusammengelegt", "zusammenlegen"),  # cards folded away before the score
        ("festgestellt", "feststellen"),  # a revoke found out
    ],
)
def test_a_separable_verbs_zu_infinitive_and_participle_meet_its_infinitive(said, plain):
    assert german_stem(fold(said)) == german_stem(fold(plain))


@pytest.mark.parametrize("noun", ["Abzug", "Anzug", "Auszug"])
def test_a_noun_that_starts_like_a_zu_infinitive_stays_whole(noun):
    assert german_stem(fold(noun)) == fold(noun)


@pytest.mark.parametrize(
    ("apart", "joined"),
    [
        ("zurück genommen", "zurückgenommen"),  # a hurried question writes the verb apart
        ("aus gespielt", "ausgespielt"),
        ("zurück gezogen", "zurückgezogen"),
    ],
)
def test_a_particle_written_apart_from_its_participle_still_makes_the_verb(apart, joined):
    assert german_stem(fold(joined)) in german_terms(apart)


def test_a_particle_before_an_article_or_a_noun_makes_no_verb():
    assert german_terms("aus der Hand") == ["hand"]  # no verb; "aus" alone is no term


@pytest.mark.parametrize(
    ("said", "same"),
    [
        ("befragen", "fragen"),  # asking about the opponents' calls (Law 20F)
        ("Nachfrage", "fragen"),
        ("benennt", "nennen"),  # declarer names dummy's card (Law 45B, 46)
        ("Benennung", "nennen"),
    ],
)
def test_asking_and_naming_meet_in_every_form(engine, said, same):
    assert engine._german_meaning(said) == engine._german_meaning(same)


def test_the_lead_is_an_everyday_word_of_the_play(engine):
    # "nach dem Ausspiel" is in nearly every story of the play: beside a word that
    # names the irregularity it weighs little, alone it still finds the lead laws
    assert engine._everyday_word("Ausspiel")
    assert engine.search("Ausspiel").hits[0].law in {41, 44, 53, 54, 55, 56}
