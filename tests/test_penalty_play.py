"""Penalty cards followed through a recorded play (Laws 50C, 50D1, 50D2, 51, 52, 59).

One deal throughout: South plays 4S, West leads.

    North (dummy)  S 5432  H 543   D AK2   C 432
    East           S 76    H QJT9  D QJT9  C 765
    South (decl.)  S AKQJ  H 876   D 876   C AKQ
    West           S T98   H AK2   D 543   C JT98
"""

import pytest

from td_assist.bridge.cards import Card, Seat, Suit
from td_assist.bridge.deal import Deal
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Play
from td_assist.rulings.procedures.penalty_cards import LeadDecision, PenaltyCard, trace

DEAL = Deal.from_pbn("N:5432.543.AK2.432 76.QJT9.QJT9.765 AKQJ.876.876.AKQ T98.AK2.543.JT98")


def play(cards: str) -> Play:
    return Play.parse(DEAL, Suit.SPADES, Seat.W, cards.replace("/", " "))


def penalty(seat: str, card: str, major: bool = True) -> PenaltyCard:
    return PenaltyCard(Seat(seat), Card.parse(card), major)


NONE = {0: LeadDecision("none")}


def kinds(result) -> list[tuple[int, str, str]]:
    return [(v.trick, v.seat.value, v.kind) for v in result.violations]


def test_major_card_played_when_following_suit_is_released_by_play():
    record = play("C8 C2 C5 CA / H6 H2 H3 HQ")
    result = trace(record, [penalty("E", "HQ")], 1, Seat.S, NONE)
    assert kinds(result) == []
    assert (result.released_trick, result.released_by) == (2, "played")
    assert not result.remaining


def test_another_card_of_the_suit_when_the_penalty_card_could_follow_is_a_failure():
    record = play("C8 C2 C5 CA / H6 H2 H3 H9 / C6 CK C9 C3")
    result = trace(record, [penalty("E", "HQ")], 1, Seat.S, NONE)
    # The queen stays a penalty card (52B1(c)), so East, on lead at trick 3, fails again.
    assert kinds(result) == [
        (2, "E", "penalty_card_not_played"),
        (3, "E", "penalty_card_not_played"),
    ]
    violation = result.violations[0]
    assert violation.card == Card.parse("H9")
    assert {"50D1a", "52B", "61A", "64B3"} <= set(violation.laws)
    assert "♥Q" in violation.evidence and "trick 2" in violation.evidence
    # Declarer played from his hand after East's nine; East then led to trick 3.
    assert result.declarer_played_after[2] and result.established_after[2]
    assert result.released_trick is None and [p.card for p in result.remaining] == [
        Card.parse("HQ")
    ]


def test_following_suit_comes_before_the_penalty_card():
    record = play("C8 C2 C5 CA / D6 D3 DA D9")
    result = trace(record, [penalty("E", "HQ")], 1, Seat.S, NONE)
    assert kinds(result) == []
    assert [p.card for p in result.remaining] == [Card.parse("HQ")]


def test_void_in_the_suit_led_must_discard_the_penalty_card():
    record = play("S8 S2 S6 SJ / SA S9 S3 S7 / SK ST S4 D9")
    result = trace(record, [penalty("E", "HQ")], 1, Seat.S, NONE)
    assert kinds(result) == [(3, "E", "penalty_card_not_played")]
    assert "no ♠" in result.violations[0].evidence


def test_offender_on_lead_must_lead_the_penalty_card():
    record = play("H2 H3 HJ H6 / H9 H7 HA H4")
    result = trace(record, [penalty("E", "DQ")], 1, Seat.S)
    assert kinds(result) == [(2, "E", "penalty_card_not_played")]
    assert "on lead" in result.violations[0].evidence


def test_penalty_card_binds_only_from_its_start_trick():
    # East's nine of hearts at trick 2 came before the queen became a penalty card;
    # his lead of a club at trick 3 came after, when he had to lead the queen.
    record = play("C8 C2 C5 CA / H6 H2 H3 H9 / C6 CK C9 C3")
    assert kinds(trace(record, [penalty("E", "HQ")], 3, Seat.S)) == [
        (3, "E", "penalty_card_not_played")
    ]


def test_minor_card_forbids_another_low_card_of_its_suit():
    record = play("D4 DA D9 D6")
    result = trace(record, [penalty("W", "D3", major=False)], 1, Seat.S)
    assert kinds(result) == [(1, "W", "minor_card_rule_broken")]
    assert "50C" in result.violations[0].laws


def test_minor_card_lets_an_honour_of_its_suit_be_played_first():
    record = play("HA H3 HT H6 / HK H4 H9 H7")
    result = trace(record, [penalty("E", "H9", major=False)], 1, Seat.S)
    assert kinds(result) == []
    assert (result.released_trick, result.released_by) == (2, "played")
    # No Law 50D2 occasion for a minor card: West's leads are free.
    assert result.occasions == []


def test_required_suit_led_picks_the_card_up():
    record = play("H2 H3 H9 H6")
    result = trace(record, [penalty("E", "HQ")], 1, Seat.S, {0: LeadDecision("require")})
    assert kinds(result) == []
    assert (result.released_trick, result.released_by) == (1, "picked_up")
    assert result.occasions[0].decision == LeadDecision("require")


def test_required_suit_not_led_while_held_breaks_the_restriction():
    record = play("C8 C2 C5 CA")
    result = trace(record, [penalty("E", "HQ")], 1, Seat.S, {0: LeadDecision("require")})
    assert kinds(result) == [(1, "W", "lead_restriction_broken")]
    assert "61A" in result.violations[0].laws
    assert "♥A" in result.violations[0].evidence


def test_partner_void_in_the_required_suit_may_lead_anything():
    record = play("S8 S2 S6 SJ / SA S9 S3 S7 / H6 H2 H3 HJ / D9 D6 D3 DA")
    result = trace(
        record, [penalty("W", "ST")], 4, Seat.S, {0: LeadDecision("require", (Suit.SPADES,))}
    )
    assert kinds(result) == []
    assert result.occasions[0].unable and result.occasions[0].trick == 4
    assert (result.released_trick, result.released_by) == (4, "picked_up")
    assert any("Law 59" in line for line in result.evidence)


def test_prohibition_lasts_while_partner_keeps_the_lead():
    record = play("HA H3 H9 H6 / D3 D2 D9 D6")
    result = trace(record, [penalty("E", "DQ")], 1, Seat.S, {0: LeadDecision("forbid")})
    assert kinds(result) == [(2, "W", "lead_restriction_broken")]
    assert "kept the lead" in result.violations[0].evidence
    assert (result.released_trick, result.released_by) == (1, "picked_up")


def test_prohibition_ends_when_partner_loses_the_lead():
    record = play("HA H3 H9 H6 / H2 H4 HT H7 / C5 CA C8 C2 / H8 HK H5 HJ / D3 D2 D9 D6")
    result = trace(record, [penalty("E", "DQ")], 1, Seat.S, {0: LeadDecision("forbid")})
    assert kinds(result) == []


def test_two_suits_requiring_one_picks_up_only_that_suit():
    record = play("HA H3 H9 H6 / C8 C2 C5 CA")
    cards = [penalty("E", "HQ"), penalty("E", "DQ")]
    result = trace(record, cards, 1, Seat.S, {0: LeadDecision("require", (Suit.HEARTS,))})
    assert kinds(result) == []
    assert [p.card for p in result.remaining] == [Card.parse("DQ")]
    # West keeps the lead at trick 2 with the queen of diamonds still on the table:
    # declarer has the choice again, and it is not recorded.
    assert [o.trick for o in result.occasions] == [1, 2]
    assert result.occasions[1].decision is None
    assert result.occasions[1].suits == (Suit.DIAMONDS,)


def test_other_cards_of_the_suit_are_shown():
    result = trace(play("C8 C2 C5 CA"), [penalty("E", "HQ")], 1, Seat.S, NONE)
    assert set(result.other_cards[Card.parse("HQ")]) == {Card.parse(c) for c in ("HJ", "HT", "H9")}
    assert any("♥J, ♥10, ♥9" in line for line in result.evidence)


def test_a_card_the_offender_does_not_hold_is_an_error():
    with pytest.raises(RecordError, match="not in East's hand; South holds it"):
        trace(play("C8 C2 C5 CA"), [penalty("E", "SA")], 1, Seat.S)


def test_a_card_already_played_before_it_binds_is_an_error():
    with pytest.raises(RecordError, match="trick 2, before it became a penalty card"):
        trace(play("C8 C2 C5 CA / H6 H2 H3 HQ"), [penalty("E", "HQ")], 3, Seat.S)


# Law 51A: East has the heart and diamond queens as penalty cards from trick 2. South
# draws trumps; at trick 4 East has no spade left, so either queen could be discarded
# and declarer says which.
TRUMPS_DRAWN = "C8 C2 C5 CA / SA S8 S2 S6 / SK S9 S3 S7 / SQ ST S4"
BOTH_QUEENS = [penalty("E", "HQ"), penalty("E", "DQ")]
DIAMOND_QUEEN = {4: Card.parse("DQ")}


def test_the_penalty_card_declarer_designated_is_played():
    result = trace(play(TRUMPS_DRAWN + " DQ"), BOTH_QUEENS, 2, Seat.S, NONE, DIAMOND_QUEEN)
    assert kinds(result) == []
    assert [p.card for p in result.remaining] == [Card.parse("HQ")]
    assert any("Trick 4: declarer designated ♦Q" in line for line in result.evidence)


def test_another_penalty_card_than_the_designated_one_is_a_failure_to_play_it():
    # Before Law 51A was an answer, any penalty card East chose passed as played.
    result = trace(play(TRUMPS_DRAWN + " HQ"), BOTH_QUEENS, 2, Seat.S, NONE, DIAMOND_QUEEN)
    assert kinds(result) == [(4, "E", "penalty_card_not_played")]
    violation = result.violations[0]
    assert violation.card == Card.parse("HQ") and violation.due == (Card.parse("DQ"),)
    assert "declarer designated ♦Q (Law 51A)" in violation.evidence
    # The heart queen was played all the same (declarer may accept it, Law 52B1).
    assert [p.card for p in result.remaining] == [Card.parse("DQ")]


def test_a_designation_with_the_offender_on_lead_is_checked_where_the_record_stops():
    # West's five of diamonds and jack of clubs are penalty cards from trick 2. He wins
    # trick 2 with the heart ace and the record stops with him to lead: both are due,
    # and declarer has just said which.
    record = play("C8 C2 C5 CA / H6 HA H3 H9")
    cards = [penalty("W", "D5"), penalty("W", "CJ")]
    result = trace(record, cards, 2, Seat.S, NONE, {3: Card.parse("CJ")})
    assert "Trick 3: declarer designated ♣J of the penalty cards ♦5, ♣J" in result.evidence[-2]
    with pytest.raises(RecordError, match="♥K is not a penalty card of West's at trick 3"):
        trace(record, cards, 2, Seat.S, NONE, {3: Card.parse("HK")})
    with pytest.raises(RecordError, match="no play by West to that trick"):
        trace(record, cards, 2, Seat.S, NONE, {4: Card.parse("CJ")})


@pytest.mark.parametrize(
    ("cards", "designated", "message", "where"),
    [
        # Not a penalty card: a card of his hand, or one he has already played.
        (TRUMPS_DRAWN + " DQ", {4: "DJ"}, "♦J is not a penalty card of East's at trick 4", 4),
        (
            TRUMPS_DRAWN + " DQ / SJ C9 S5 HQ",
            {4: "DQ", 5: "DQ"},
            r"stopped being one at trick 4 \(played\)",
            5,
        ),
        # Not legal: East still had a spade to follow with at trick 3 (a revoke).
        (TRUMPS_DRAWN + " DQ", {3: "DQ"}, "had to follow to the ♠ lead", 3),
        # Before the cards bound him, and after the record stops.
        (TRUMPS_DRAWN + " DQ", {1: "DQ"}, "no play by East to that trick", 1),
        (TRUMPS_DRAWN + " DQ", {9: "HQ"}, "no play by East to that trick", 9),
    ],
)
def test_a_designation_that_law_51a_does_not_allow_is_refused(cards, designated, message, where):
    chosen = {trick: Card.parse(card) for trick, card in designated.items()}
    with pytest.raises(RecordError, match=message) as caught:
        trace(play(cards), BOTH_QUEENS, 2, Seat.S, NONE, chosen)
    assert caught.value.where == f"answer designated_{where}"


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        (
            "en",
            "still lies on the table as a penalty card",
            "still lie on the table as penalty cards",
        ),
        ("de", "liegt nach Stich 1", "liegen nach Stich 1"),
    ],
)
def test_cards_left_on_the_table_are_counted_in_the_readers_language(language, one, two):
    from td_assist.i18n import use_language

    record = play("C8 C2 C5 CA")
    with use_language(language):
        single = trace(record, [penalty("E", "HQ")], 1, Seat.S, NONE)
        double = trace(record, [penalty("E", "HQ"), penalty("E", "DQ")], 1, Seat.S, NONE)
    assert any(one in line for line in single.evidence), single.evidence
    assert any(two in line for line in double.evidence), double.evidence
    # no English words glued into the German sentence
    assert not any("lies" in line or "Strafkartes" in line for line in double.evidence)
