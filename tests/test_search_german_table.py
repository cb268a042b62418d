"""German table talk the search must read right (issue 34, sq-de3): the everyday verbs
clubs write for a law's act meet the phrasings' words, the splitter takes no ending for
a second noun, and a player's feminine form is the player."""

import pytest

from td_assist.search.analysis import Decompounder, fold, german_stem


@pytest.mark.parametrize(
    ("said", "same"),
    [
        ("rückgängig", "zurücknehmen"),  # taking a call or card back (Laws 25, 45C, 47)
        ("Undo", "zurücknehmen"),
        ("Rücknahme", "zurücknehmen"),
        ("unverzüglich", "sofort"),  # calling the Director at once (Law 9B1a)
        ("Verzögerung", "zögern"),  # a slow call (Law 16B, 73D)
        ("verzögerten", "zögern"),
        ("hereinlegen", "bluffen"),  # misleading on purpose (Law 73E)
        ("Psyche", "bluffen"),
        ("moniert", "reklamieren"),  # objecting at the table
        ("attackiert", "unhöflich"),  # going for an opponent in words (Law 74A)
        ("bedienen", "bedient"),  # following suit: the stemmer left them apart
        ("bekennen", "bedient"),  # Swiss: Farbe bekennen
        ("Lizit", "Reizung"),  # Austrian: the auction
        ("lizitieren", "reizen"),
        ("Resultat", "Ergebnis"),  # Swiss: a board's result
        ("Systemkarte", "Konventionskarte"),
        ("Spielführer", "Alleinspieler"),
        ("berichtigt", "Berichtigung"),  # rectification: the stemmer left them apart
        ("geschaut", "schauen"),  # looking at cards (Laws 43A2c, 74C5)
        ("hingewiesen", "hinweisen"),  # drawing attention (Law 9A): a strong verb
        ("gesprungen", "springen"),
        ("geschädigt", "Schaden"),  # the damage an adjusted score repairs (Law 12B1)
        ("verwarnt", "Verwarnung"),
        ("gewichteter", "Gewichtung"),  # a weighted score (Law 12C1c)
        ("Dummys", "Dummy"),
        ("Zuschauern", "Zuschauer"),
        ("Kreuz", "Treff"),  # clubs, as many German tables say
    ],
)
def test_everyday_verbs_meet_the_phrasings_word(engine, said, same):
    assert engine._german_meaning(said)[0] == engine._german_meaning(same)[0]


@pytest.mark.parametrize(
    "question",
    [
        "verzögertes Kontra vom Partner",
        "mein Partner hat nach einer Verzögerung kontriert",
    ],
)
def test_a_delayed_double_is_about_the_delay(engine, question):
    assert engine.search(question).hits[0].law in {16, 73}


def test_a_call_undone_reaches_the_changed_call(engine):
    laws = [h.law for h in engine.search("Gebot per Undo rückgängig gemacht").hits[:3]]
    assert 25 in laws


@pytest.mark.parametrize(
    ("word", "parts"),
    [
        ("fehlende", ()),  # missing: no "Fehl" + "Ende"
        ("bestehende", ()),
        ("erkennbares", ()),  # no "Bar"
        ("spielerinnen", ()),  # no "innen"
        ("irrigerweise", ("irriger",)),  # an adverb: its head, no "Weise"
        ("spielende", ("spiel", "ende")),  # the end of the play is an end
        ("rundenende", ("runden", "ende")),
    ],
)
def test_an_ending_is_no_second_noun(word, parts):
    vocabulary = {"fehl", "ende", "besteh", "erkenn", "bar", "bare", "spieler", "innen"}
    vocabulary |= {"irrig", "irriger", "weise", "spiel", "runden"}
    assert Decompounder(vocabulary).split(word) == parts


def test_an_insufficient_bid_has_no_end_in_it(engine):
    # "ungenügenden" once gave "Ende", which pulls the laws on the end of the auction
    assert german_stem("ende") not in engine._german_meaning("ungenügenden")


@pytest.mark.parametrize(
    ("feminine", "masculine"),
    [
        ("Spielerin", "Spieler"),
        ("Spielerinnen", "Spieler"),
        ("Gegnerin", "Gegner"),
        ("Turnierleiterin", "Turnierleiter"),
        ("Alleinspielerin", "Alleinspieler"),
    ],
)
def test_a_players_feminine_form_is_the_player(feminine, masculine):
    assert german_stem(fold(feminine)) == german_stem(fold(masculine))


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        # taking credit for a trick not won (Law 79A2), not agreeing the tricks (79A1)
        (
            "die Gegner haben sich verzählt und uns einen Stich geschenkt, müssen wir das sagen",
            "79A2",
        ),
        # dummy leaves his seat to watch declarer (Law 43A2b)
        ("der Strohmann steht auf und schaut dem Alleinspieler über die Schulter", "43A2b"),
    ],
)
def test_german_situations_of_thin_sections_find_their_section(engine, question, anchor):
    assert anchor in [h.anchor for h in engine.search(question).hits[:3]]


def test_a_mistake_is_not_an_inadvertent_act(engine):
    # as in English: a "Fehler" may be a bad bid, "versehentlich" is the slip of Law 25A
    assert engine._german_meaning("Fehler") != engine._german_meaning("versehentlich")
    assert engine._german_meaning("verklickt") == engine._german_meaning("versehentlich")
    assert engine._german_meaning("Fehler") == engine._german_meaning("Irrtum")


def test_the_auction_is_an_everyday_word_of_the_auction(engine):
    # "während der Reizung" is in half the stories of the auction: beside a word that
    # names the irregularity it weighs little, alone it still finds the auction's laws
    assert engine._everyday_word("Reizung")
    assert engine._everyday_word("Lizit")  # Austrian
    assert 17 <= engine.search("Reizung").hits[0].law <= 40


# --- sq-de5 ---
# "falls" (if) as no card that fell: tests/test_search_german_split.py, beside "Fall"


def test_an_english_card_that_falls_is_still_dropped(engine):
    laws = [hit.law for hit in engine.search("declarer's card falls face up on the table").hits[:3]]
    assert 48 in laws


@pytest.mark.parametrize(
    "word",
    [
        "gebeten",
        "beteiligt",
        "erhalten",
        "gehindert",
        "sollte",
        "wahren",
        "leider",
        "unternehmen",
        "beabsichtigt",
    ],
)
def test_everyday_german_is_no_typo(engine, word):
    # each was "corrected" to a near word of the content with another meaning: geboten
    # (a bid), beleidigt (an insult), Verhalten, geändert, wollte, während, leader, übernehmen,
    # unbeabsichtigt (its opposite)
    assert engine.speller.correct(fold(word)) is None


@pytest.mark.parametrize(
    ("said", "same"),
    [
        ("Atout", "Trumpf"),  # Austrian and Swiss tables
        ("Atoutfarbe", "Trumpf"),  # split, then its part met
        ("Mindergebot", "Unterbietung"),  # the insufficient bid (Law 27)
        ("Spielleitung", "Turnierleiter"),
        ("Laufzettel", "Boardzettel"),  # the traveller (Law 79)
        ("Schippe", "Pik"),
        ("Wanderung", "wandern"),  # the movement (Law 8)
    ],
)
def test_regional_words_meet_the_contents_word(engine, said, same):
    assert engine._german_meaning(same)[0] in engine._german_meaning(said)


def test_tricks_taken_off_are_tricks(engine):
    # "Stichabzug" (tricks deducted for a revoke, Law 64) was one unknown word
    assert german_stem("stich") in engine._german_meaning("Stichabzug")


def test_notes_at_the_table_are_a_memory_aid(engine):
    # Law 40C3a had no German situation: a note of the cards played went to Law 24
    question = "Gegner notiert sich während des Spiels die gefallenen Karten"
    assert engine.search(question).hits[0].anchor.startswith("40C3")
