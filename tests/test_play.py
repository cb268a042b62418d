import pytest

from td_assist.bridge.cards import Card, Seat, Side, Suit
from td_assist.bridge.deal import Deal
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Play

# Spades: N AKQ2 E 543 S 876 W JT9; hearts: N 543 E AKQ2 S 876 W JT9;
# diamonds: N 432 E 765 S AKQ8 W JT9; clubs: N 432 E 765 S AKQ W JT98.
DEAL = Deal.from_pbn("N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98")
HEARTS_THEN_RUFF = "HA H6 H9 H3  HK H7 HT H4  HQ H8 HJ H5  H2 S6 D9 S2"


def test_tricks_follow_the_winner_and_trumps_win():
    play = Play.parse(DEAL, Suit.SPADES, Seat.E, HEARTS_THEN_RUFF)
    assert [t.leader for t in play.tricks] == [Seat.E, Seat.E, Seat.E, Seat.E]
    assert play.winners() == [Seat.E, Seat.E, Seat.E, Seat.S]  # S6 overruffs nothing: N's S2
    assert play.tricks_won_by(Side.EW) == 3 and play.tricks_won_by(Side.NS) == 1
    assert play.next_seat() is Seat.S
    assert play.revokes == []


def test_same_cards_in_notrump_the_suit_led_wins():
    play = Play.parse(DEAL, None, Seat.E, HEARTS_THEN_RUFF)
    assert play.tricks[3].winner is Seat.E  # H2 is the only heart


def test_revoke_found_with_the_card_still_held():
    play = Play.parse(DEAL, Suit.SPADES, Seat.E, "HA H6 H9 H3  HK D8 HT H4")
    assert len(play.revokes) == 1
    revoke = play.revokes[0]
    assert (revoke.trick, revoke.seat, str(revoke.card)) == (2, Seat.S, "D8")
    assert [str(c) for c in revoke.held] == ["H8", "H7"]
    assert "South played ♦8 to a ♥ lead while still holding ♥8, ♥7" in revoke.evidence()
    assert not play.followed_suit(play.tricks[1], Seat.S)
    assert play.followed_suit(play.tricks[1], Seat.W)


def test_discard_when_void_is_not_a_revoke():
    play = Play.parse(DEAL, Suit.SPADES, Seat.E, HEARTS_THEN_RUFF)
    assert play.followed_suit(play.tricks[3], Seat.W)  # W had no hearts left


def test_what_each_player_held_at_each_moment():
    play = Play.parse(DEAL, Suit.SPADES, Seat.E, HEARTS_THEN_RUFF)
    assert Card.parse("HA") not in play.holding(Seat.E, before_trick=2)
    assert Card.parse("HK") in play.holding(Seat.E, before_trick=2)
    assert len(play.holding(Seat.N, before_trick=5)) == 9
    with pytest.raises(RecordError, match="no trick 9"):
        play.holding(Seat.N, before_trick=9)


def test_card_not_held_is_named_with_trick_and_seat():
    # East leads; South plays second, and the ace of spades is North's.
    with pytest.raises(
        RecordError,
        match=r"Play trick 1: South played SA but does not hold it "
        r"\(North holds it\)",
    ):
        Play.parse(DEAL, Suit.SPADES, Seat.E, "HA SA")


def test_card_played_twice_is_named():
    with pytest.raises(
        RecordError, match="Play trick 2: East played HA, which was already played at trick 1"
    ):
        Play.parse(DEAL, Suit.SPADES, Seat.E, "HA H6 H9 H3 HA")


def test_wrong_player_leading_is_an_accepted_lead_out_of_turn():
    # After East wins trick 1 East should lead again; South's DA is a lead out of turn
    # (Law 53A: the play went on, so it was accepted) and the play follows from South.
    play = Play.parse(DEAL, Suit.SPADES, Seat.E, "HA H6 H9 H3 DA DJ D2 D5")
    (lead,) = play.leads_out_of_turn
    assert (lead.trick, lead.offender, lead.correct_leader, str(lead.card)) == (
        2,
        Seat.S,
        Seat.E,
        "DA",
    )
    assert not lead.opening_lead
    assert play.tricks[1].leader is Seat.S and play.tricks[1].winner is Seat.S
    assert play.next_seat() is Seat.S


def test_a_card_out_of_rotation_inside_a_trick_is_still_an_error():
    with pytest.raises(RecordError, match="Play trick 2: West played D2 but does not hold it"):
        Play.parse(DEAL, Suit.SPADES, Seat.E, "HA H6 H9 H3 DA D2")


def test_more_than_thirteen_tricks_is_an_error():
    with pytest.raises(RecordError, match="more than 13 tricks"):
        Play.parse(DEAL, None, Seat.E, ["HA"] * 53)


def test_unknown_card_is_named_with_its_trick():
    with pytest.raises(RecordError, match="Play trick 2: unknown card 'H1'"):
        Play.parse(DEAL, None, Seat.E, "HA H6 H9 H3 H1")


def test_declarer_leading_from_the_wrong_hand_is_flagged_with_the_hand_it_came_from():
    # Declarer South (spades): dummy's SA wins trick 1, so dummy must lead trick 2.
    # Declarer leads DA from his own hand instead: the offender is the hand the card
    # came from (CONTRACTS.md, lead-out-of-turn).
    play = Play.parse(DEAL, Suit.SPADES, Seat.W, "SJ SA S3 S6 DA DJ D2 D5")
    assert play.tricks[0].winner is Seat.N
    (lead,) = play.leads_out_of_turn
    assert (lead.trick, lead.offender, lead.correct_leader) == (2, Seat.S, Seat.N)


def test_opening_lead_out_of_turn_and_rotation_from_the_actual_leader():
    # East should lead (declarer North), but South faces the first card: the play
    # goes on in rotation from South (Law 53A, accepted).
    play = Play.parse(DEAL, None, Seat.E, "DA DJ D2 D5")
    (lead,) = play.leads_out_of_turn
    assert lead.opening_lead and (lead.offender, lead.correct_leader) == (Seat.S, Seat.E)
    assert play.tricks[0].seats == (Seat.S, Seat.W, Seat.N, Seat.E)


def test_play_with_hands_the_deal_does_not_show():
    # Only North and South known: East and West may play any card no shown hand holds.
    partial = Deal.from_pbn("N:AKQ2.543.432.432 - 876.876.AKQ8.AKQ -")
    play = Play.parse(partial, None, Seat.E, "HA H6 H9 H3")
    assert play.tricks[0].winner is Seat.E and play.revokes == []
    with pytest.raises(RecordError, match="West played SA but does not hold it"):
        Play.parse(partial, None, Seat.E, "HA H6 SA")
    with pytest.raises(RecordError, match="it was North's lead"):
        Play.parse(partial, None, Seat.N, "HA")


def test_dummy_played_second_to_an_accepted_opening_lead_out_of_turn():
    # Declarer North (spades), so East has the opening lead; West (declarer's right-hand
    # opponent) leads instead. Declarer accepts by playing dummy's (South's) card second,
    # before his own hand: that card stands (Law 54B2), then North and East play.
    play = Play.parse(DEAL, Suit.SPADES, Seat.E, "CJ CA C2 C5")
    (lead,) = play.leads_out_of_turn
    assert (lead.offender, lead.correct_leader, lead.dummy_played_second) == (
        Seat.W,
        Seat.E,
        True,
    )
    trick = play.tricks[0]
    assert trick.seats == (Seat.W, Seat.S, Seat.N, Seat.E)
    assert trick.card_of(Seat.S) == Card.parse("CA") and trick.winner is Seat.S
    assert play.next_seat() is Seat.S


def test_a_trick_stopped_after_dummys_second_card_waits_for_declarer():
    play = Play.parse(DEAL, Suit.SPADES, Seat.E, "CJ CA")
    assert play.tricks[0].seats == (Seat.W, Seat.S) and play.next_seat() is Seat.N
    play = Play.parse(DEAL, Suit.SPADES, Seat.E, "CJ CA C2")
    assert play.next_seat() is Seat.E


def test_after_dummys_second_card_the_record_must_still_fit_the_deal():
    # The correct leader (East) playing before declarer (North) is not Law 54B2's order;
    # the same cards in rotation are the ordinary accepted lead, dummy not played early.
    with pytest.raises(RecordError, match="Play trick 1: North played C5 but does not hold it"):
        Play.parse(DEAL, Suit.SPADES, Seat.E, "CJ CA C5 C2")
    (lead,) = Play.parse(DEAL, Suit.SPADES, Seat.E, "CJ C2 C5 CA").leads_out_of_turn
    assert not lead.dummy_played_second
    # Only the opening lead: later, dummy's card out of rotation is still an error.
    with pytest.raises(RecordError, match="Play trick 2: North played DA but does not hold"):
        Play.parse(DEAL, Suit.SPADES, Seat.E, "HA H6 H9 H3 DJ DA")


def test_the_leader_to_a_trick_is_the_winner_of_the_one_before():
    play = Play.parse(DEAL, Suit.SPADES, Seat.E, HEARTS_THEN_RUFF + "  S7")
    # East won three hearts; South ruffed the fourth (S6), so South leads to trick 5
    assert [play.leader_of(n) for n in range(1, 6)] == [Seat.E, Seat.E, Seat.E, Seat.E, Seat.S]
    assert play.leader_of(6) is None  # trick 5 is not complete in the record
    assert play.leader_of(9) is None  # nor are the tricks beyond it
    assert Play.parse(DEAL, None, Seat.W, "").leader_of(1) is Seat.W
