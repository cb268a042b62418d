"""The lawbook's content: complete, well formed, and saying what the Laws say.

Each fact test names a rule the 2017 Laws lay down and checks that the section
rendering it states it. They guard the laws the wizards rest on against edits that
change the meaning (see ../shared/reference/seed-facts.md, "Traps").
"""

import re

import pytest

from td_assist.cli import main
from td_assist.lawbook import get_lawbook

TITLES = {
    1: "The Pack", 2: "The Duplicate Boards", 3: "Arrangement of Tables", 4: "Partnerships",
    5: "Assignment of Seats", 6: "The Shuffle and Deal", 7: "Control of Board and Cards",
    8: "Sequence of Rounds", 9: "Procedure Following an Irregularity",
    10: "Assessment of Rectification", 11: "Forfeiture of the Right to Rectification",
    12: "Director's Discretionary Powers", 13: "Incorrect Number of Cards", 14: "Missing Card",
    15: "Wrong Board or Hand", 16: "Authorised and Unauthorised Information",
    17: "The Auction Period", 18: "Bids", 19: "Doubles and Redoubles",
    20: "Review and Explanation of Calls", 21: "Misinformation", 22: "End of Auction",
    23: "Comparable Call", 24: "Card Exposed or Led During the Auction",
    25: "Legal and Illegal Changes of Call", 26: "Call Withdrawn, Lead Restrictions",
    27: "Insufficient Bid", 28: "Calls Considered to Be in Rotation",
    29: "Procedure after a Call Out of Rotation", 30: "Pass Out of Rotation",
    31: "Bid Out of Rotation", 32: "Double or Redouble Out of Rotation", 33: "Simultaneous Calls",
    34: "Retention of the Right to Call", 35: "Inadmissible Calls",
    36: "Inadmissible Doubles and Redoubles", 37: "Action Violating Obligation to Pass",
    38: "Bid of More Than Seven", 39: "Call after the Final Pass", 40: "Partnership Understandings",
    41: "Commencement of Play", 42: "Dummy's Rights", 43: "Dummy's Limitations",
    44: "Sequence and Procedure of Play", 45: "Card Played",
    46: "Incomplete or Invalid Designation of a Card from Dummy", 47: "Retraction of Card Played",
    48: "Exposure of Declarer's Cards", 49: "Exposure of a Defender's Cards",
    50: "Disposition of a Penalty Card", 51: "Two or More Penalty Cards",
    52: "Failure to Lead or Play a Penalty Card", 53: "Lead Out of Turn Accepted",
    54: "Faced Opening Lead Out of Turn", 55: "Declarer's Lead Out of Turn",
    56: "Defender's Lead Out of Turn", 57: "Premature Lead or Play",
    58: "Simultaneous Leads or Plays", 59: "Inability to Lead or Play as Required",
    60: "Play after an Illegal Play", 61: "Failure to Follow Suit – Inquiries Concerning a Revoke",
    62: "Correction of a Revoke", 63: "Establishment of a Revoke",
    64: "Procedure after Establishment of a Revoke", 65: "Arrangement of Tricks",
    66: "Inspection of Tricks", 67: "Defective Trick", 68: "Claim or Concession of Tricks",
    69: "Agreed Claim or Concession", 70: "Contested Claim or Concession",
    71: "Concession Cancelled", 72: "General Principles",
    73: "Communication, Tempo and Deception", 74: "Conduct and Etiquette",
    75: "Mistaken Explanation or Mistaken Call", 76: "Spectators",
    77: "Duplicate Bridge Scoring Table", 78: "Methods of Scoring", 79: "Tricks Won",
    80: "Regulation and Organization", 81: "The Director",
    82: "Rectification of Errors of Procedure", 83: "Notification of the Right to Appeal",
    84: "Rulings on Agreed Facts", 85: "Rulings on Disputed Facts", 86: "In Team Play or Similar",
    87: "Fouled Board", 88: "Award of Indemnity Points", 89: "Rectification in Individual Events",
    90: "Procedural Penalties", 91: "Penalize or Suspend", 92: "Right to Appeal",
    93: "Procedures of Appeal",
}  # fmt: skip


@pytest.fixture(scope="module")
def book():
    return get_lawbook()


def text(book, anchor):
    section = book.get(anchor)
    assert section is not None, f"{anchor} is missing"
    return " ".join(part.text for part in section.walk())


def test_all_93_laws_present_with_their_titles(book):
    assert {law.number: law.title for law in book.laws} == TITLES
    assert set(book.named) == {"introduction", "definitions"}


def test_every_cross_reference_resolves(book):
    assert book.unresolved_references() == []


def test_every_section_has_text_or_children(book):
    empty = [s.anchor for s in book.sections.values() if not s.text and not s.children]
    assert empty == []


def test_table_of_contents_has_the_chapters_in_order(book):
    chapters = book.chapters()
    assert chapters[0].title == "Definitions"
    assert [c.title for c in chapters[1:4]] == [
        "Preliminaries",
        "Preparation and Progression",
        "General Laws Governing Irregularities",
    ]
    numbers = [law.number for c in chapters for law in c.laws if law.number]
    assert numbers == list(range(1, 94))


def test_law_64_prints_complete(capsys):
    assert main(["law", "64"]) == 0
    out = capsys.readouterr().out
    for anchor in ["64A1", "64A2", *(f"64B{i}" for i in range(1, 9)), "64C1", "64C2(a)", "64C2(b)"]:
        assert f"[Law {anchor}]" in out
    assert "In practice (commentary, not the law)" in out


# (anchor, patterns that must all appear, what the 2017 Law says)
FACTS = [
    (
        "61A",
        [r"fails to follow suit", r"requir"],
        "a revoke includes failing to play a required card",
    ),
    (
        "62A",
        [r"must correct", r"before it (becomes|is) established"],
        "unestablished revoke corrected",
    ),
    (
        "62B1",
        [r"major penalty card", r"defender"],
        "a defender's corrected revoke card: major penalty card",
    ),
    ("62B2", [r"declarer", r"dummy", r"43B2\(b\)"], "declarer's card replaced, subject to 43B2(b)"),
    (
        "62C1",
        [r"non-offending side", r"take back"],
        "non-offenders may withdraw cards played after",
    ),
    (
        "62D1",
        [r"twelfth trick", r"must be corrected", r"even if (it is )?established"],
        "62D trick 12",
    ),
    (
        "63A1",
        [r"plays or leads a card to the next trick"],
        "established by playing to the next trick",
    ),
    ("63A2", [r"names", r"designates"], "or naming/designating a card for it"),
    ("63A3", [r"claims or concedes"], "or claiming or conceding"),
    (
        "63A4",
        [
            r"agrees to a claim or concession by an opponent",
            r"agreement becomes established",
            r"69A",
        ],
        "or agreeing to the opponents' claim, once that agreement is established",
    ),
    ("63B", [r"can no longer be corrected", r"62D"], "established revoke not corrected"),
    ("64A", [r"won (in|by) dummy (is not|does not count as)"], "dummy's trick is not declarer's"),
    (
        "64A1",
        [r"won the revoke trick himself", r"one more trick", r"after the revoke trick"],
        "two tricks only when the offender won it and the side won a later trick",
    ),
    (
        "64A2",
        [r"did not win the revoke trick", r"one trick", r"revoke trick or any later trick"],
        "otherwise one trick",
    ),
    ("64B1", [r"neither the revoke trick nor any later trick"], "64B1"),
    ("64B2", [r"same player", r"same suit"], "64B2 second revoke same suit"),
    ("64B3", [r"penalty card", r"dummy"], "64B3 penalty card or dummy's card"),
    ("64B4", [r"non-offending side", r"call on the next board"], "64B4"),
    ("64B5", [r"round had ended"], "64B5"),
    ("64B6", [r"twelfth trick"], "64B6"),
    ("64B7", [r"[Bb]oth sides revoked"], "64B7"),
    ("64C1", [r"adjusted score", r"not compensated"], "64C equity"),
    ("12C1c", [r"weighted", r"legally"], "weighted scores of legal outcomes"),
    ("12C2a", [r"60%", r"50%", r"40%"], "artificial scores 60/50/40"),
    ("12C2b", [r"3 IMPs"], "plus/minus 3 IMPs"),
    (
        "16B1a",
        [r"demonstrably suggest", r"logical alternative", r"must not"],
        "may not choose the suggested LA (no 'opposite action')",
    ),
    (
        "16B1b",
        [r"significant proportion", r"serious consideration", r"some might"],
        "LA definition",
    ),
    ("23A", [r"comparable call", r"three tests"], "23A comparable call"),
    ("25A1", [r"partner has not yet called"], "unintended call until partner calls"),
    ("26B", [r"forbid", r"one suit"], "26B declarer may forbid one suit"),
    ("27A1", [r"LHO", r"accept"], "27A LHO may accept"),
    ("27B1a", [r"lowest sufficient bid", r"same denomination"], "27B1(a) lowest sufficient bid"),
    ("27B1b", [r"comparable call"], "27B1(b) comparable call"),
    ("27B2", [r"partner must pass", r"rest of the auction"], "27B2 partner silenced"),
    ("27D", [r"adjusted score"], "27D damage"),
    (
        "28B",
        [r"treated as made in rotation", r"gives up"],
        "28B call at the proper turn over a COOT",
    ),
    ("29A", [r"LHO may", r"gives up any right to rectification"], "29A LHO may call over a COOT"),
    ("29B", [r"cancelled", r"Law 30, Law 31 or Law 32"], "29B otherwise cancelled"),
    ("32A1", [r"same double or redouble again"], "32A1 repeat the double"),
    ("52A", [r"may not take that other card back"], "52A card not withdrawn on own initiative"),
    ("55B2", [r"wrong one of his two hands", r"correct hand"], "55B2 lead from the wrong hand"),
    ("12C1e", [r"extremely serious error", r"gambling"], "12C1(e) self-inflicted damage"),
    ("16B1", [r"hesitation"], "16B1 sources of UI include hesitation"),
    ("16C2", [r"unauthorised", r"logical alternatives"], "16C2 withdrawn action UI for offenders"),
    ("30A", [r"must pass at his next turn"], "30A"),
    ("31A2b", [r"pass at his next turn"], "31A2(b) partner passes once"),
    ("41A", [r"face down", r"left of the presumed declarer"], "opening lead face down by LHO"),
    ("47A", [r"taken back"], "47 retraction"),
    ("49", [r"penalty card"], "exposed defender's card is a penalty card"),
    (
        "50B",
        [r"minor penalty card", r"below honour rank", r"major penalty card", r"deliberate"],
        "major/minor distinction",
    ),
    ("50C", [r"honour"], "minor penalty card: may play an honour instead"),
    ("50D1a", [r"first legal opportunity"], "major penalty card played at first opportunity"),
    ("50D2a", [r"require", r"forbid"], "declarer's lead options when partner is on lead"),
    ("50E2", [r"unauthorised", r"picked up"], "once picked up, its information is UI for partner"),
    ("51A", [r"declarer chooses"], "51"),
    ("53A", [r"accept"], "lead out of turn may be accepted"),
    ("54A", [r"face up", r"becomes dummy"], "54A declarer may spread and become dummy"),
    ("54B", [r"accept"], "54B accept"),
    ("54C", [r"must accept", r"seen"], "54C must accept if he could have seen dummy"),
    ("54D", [r"major penalty card"], "54D refuse: major penalty card"),
    ("55A", [r"accept", r"taken back"], "55 declarer's lead out of turn"),
    ("56B", [r"major penalty card", r"50D"], "56 defender's LOOT: no spread-hand option"),
    ("57A", [r"major penalty card", r"declarer chooses"], "57 premature play"),
    # Checked against the 2017 English texts of Laws 46, 47, 55 and 57 (PZBS 2017 edition;
    # thesmolens.com LawsDupBridge): wordings that differ from the 2007 Laws.
    (
        "46B1a",
        [r"highest card of the suit led"],
        "46B1(a): 'high' means the highest of the suit led",
    ),
    (
        "47E1",
        [r"cannot be accepted by his left-hand opponent", r"Law 63A1 does not apply"],
        "47E1: a lead or play induced by an opponent's misinformation cannot be accepted",
    ),
    ("55C", [r"Law 16 applies"], "55C (2017): Law 16 applies, no longer a bare adjusted score"),
    (
        "57C1",
        [r"nod or a gesture"],
        "57C1 footnote: dummy's card is indicated also by a nod or gesture",
    ),
    # Law 40 checked against the 2017 English text (PZBS 2017 edition, Law 40).
    (
        "40A1b",
        [
            r"make its understandings available to the opponents",
            r"Regulating Authority decides how",
        ],
        "40A1(b): duty to disclose; the Regulating Authority sets the manner",
    ),
    (
        "40A4",
        [r"stays the same whichever of the two partners", r"method only, not style or judgement"],
        "40A4: an agreed meaning does not depend on which partner makes the call or play; "
        "this restricts method, not style or judgement",
    ),
    (
        "40B1a",
        [r"whether stated or tacit, is a partnership understanding"],
        "40B1(a): any agreement, explicit or implicit, is a partnership understanding",
    ),
    (
        "40B1c",
        [
            r"artificial meaning",
            r"special partnership understanding unless the Regulating Authority",
        ],
        "40B1(c): an artificial call is a special partnership understanding unless the RA decides "
        "otherwise",
    ),
]


@pytest.mark.parametrize(("anchor", "patterns", "fact"), FACTS, ids=[f[0] for f in FACTS])
def test_the_law_states_the_fact(book, anchor, patterns, fact):
    body = text(book, anchor)
    for pattern in patterns:
        assert re.search(pattern, body), f"{anchor} must say: {fact} ({pattern!r} not found)"


def test_spread_hand_option_only_after_a_faced_opening_lead(book):
    assert re.search(r"becomes dummy", text(book, "54A"))
    for anchor in ("53", "56"):
        assert not re.search(r"becomes dummy|lay (out )?his (own )?hand", text(book, anchor))


def test_no_official_sentence_was_pasted(book):
    """Sample sentences of the official wording (from memory of its style, a few words
    each) must not appear: our text is our own."""
    official_phrases = [
        "the trick on which the revoke occurred was won by the offending player",
        "a revoke becomes established when the offender or his partner leads or plays",
        "demonstrably suggested over another by the extraneous information",
        "the offender's partner must pass whenever it is his turn to call",
    ]
    everything = " ".join(s.text.lower() for s in book.sections.values())
    for phrase in official_phrases:
        assert phrase not in everything


def commentary(book, number):
    return book.law_of(book.get(str(number))).commentary


# Where the 2007 wording (or a misreading) had survived, the 2017 rule. Each entry:
# (anchor, patterns that must appear, patterns that must not, what the 2017 Law says).
FIXES_2017 = [
    (
        "20F4a",
        [r"may call the Director straight away", r"does not have to"],
        [],
        "20F4(a): during the auction he may call the Director at once but need not",
    ),
    (
        "20F4b",
        [r"before the Clarification Period ends", r"once the play has begun", r"as soon as"],
        [],
        "20F4(b): at the latest by the end of the Clarification Period, at once during the play",
    ),
    (
        "20F4",
        [],
        [r"as soon as he realises it; he may not wait"],
        "20F4 no longer demands an immediate call during the auction",
    ),
    (
        "20C2",
        [r"first turn to play comes when a card is due from dummy", r"opening lead out of turn"],
        [],
        "20C2 footnote: declarer's first turn is from dummy unless an opening lead out of turn "
        "was accepted",
    ),
    ("16D1", [r"wrong hand \(see Law 13A\)"], [], "16D1 refers to Law 13A"),
    ("16D2", [r"would likely interfere"], [r"could interfere"], "16D2 'would likely interfere'"),
    (
        "16D2d",
        [r"adjusted score", r"Law 86B"],
        [r"artificial"],
        "16D2(d): an adjusted score (Law 86B for teams), not only an artificial one",
    ),
    (
        "53A",
        [r"thirteenth trick", r"cannot be accepted", r"must be taken back"],
        [],
        "53A footnote: at trick 13 a lead out of turn must be withdrawn",
    ),
    (
        "50E3",
        [r"could well have been different", r"12B1", r"never been exposed"],
        [r"information conveyed by the exposed card damaged"],
        "50E3: the 'could well have been different' test; restore the probable outcome had "
        "the card not been exposed",
    ),
    (
        "61B3",
        [r"ask each other, unless the Regulating Authority forbids it"],
        [],
        "61B3: defenders may ask each other unless the Regulating Authority forbids it",
    ),
    (
        "23C",
        [r"Law 12B1", r"probably have had without the irregularity"],
        [],
        "23C: damage as in 12B1; the adjustment restores the probable outcome had the "
        "irregularity not occurred",
    ),
    (
        "75B2",
        [r"no later than the facing of the opening lead", r"allowed but not required", r"20F4"],
        [],
        "75B2 agrees with 20F4: optional during the auction, required by the opening lead",
    ),
]


@pytest.mark.parametrize(
    ("anchor", "present", "absent", "fact"),
    FIXES_2017,
    ids=[f"{f[0]}-{i}" for i, f in enumerate(FIXES_2017)],
)
def test_2017_rule_replaces_old_wording(book, anchor, present, absent, fact):
    body = text(book, anchor)
    for pattern in present:
        assert re.search(pattern, body), f"{anchor} must say: {fact} ({pattern!r} not found)"
    for pattern in absent:
        assert not re.search(pattern, body), f"{anchor}: {fact} ({pattern!r} is the old rule)"


def test_20f4_note_does_not_demand_an_immediate_call(book):
    note = commentary(book, 20)
    assert "calls the Director at once, whether he notices during the auction" not in note
    assert re.search(
        r"during the auction the explainer may call the Director at once but is not obliged", note
    )
    assert re.search(r"before the Clarification Period ends", note)


def test_75_note_mistaken_call_caller_continues_as_if_understood(book):
    """Law 75A with 16B: the caller knows partner took the call differently; that knowledge
    is unauthorised, so he goes on as if partner had understood the call as he meant it."""
    note = commentary(book, 75)
    assert "as if partner's explanation of his call were the agreement" not in note
    assert re.search(r"as if partner had understood the call as he intended it", note)
    assert re.search(r"Law 16B", note)


def test_25_note_intent_at_the_moment_of_the_call(book):
    note = commentary(book, 25)
    assert "A call that was under consideration, even briefly, is not unintended" not in note
    assert re.search(r"intention at the moment of the call", note)


def test_45_note_dummy_wrong_card_declarer_changes_only_after_rho(book):
    note = commentary(book, 45)
    assert "cards played after it by the next players may be changed" not in note
    assert re.search(
        r"declarer may change a card he played afterwards only if his right-hand opponent", note
    )


def test_54_note_retraction_under_47e1_is_mandatory(book):
    note = commentary(book, 54)
    assert "Law 47E1 lets him take it back" not in note
    assert re.search(r"Law 47E1 applies: the lead must be taken back", note)


def test_contents_page_does_not_present_our_grouping_as_chapters_of_the_laws(tmp_path):
    """The 2017 book is numbered 1 to 93 without chapters; our grouping is a finding aid."""
    from td_assist.web import create_app

    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    client = app.test_client()
    contents = client.get("/laws/").get_data(as_text=True)
    assert "not divided into chapters" in contents
    assert not re.search(r"Chapter [IVX]+", contents)
    law_page = client.get("/laws/64").get_data(as_text=True)
    assert not re.search(r"Chapter [IVX]+", law_page)
