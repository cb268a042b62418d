"""Revoke and penalty-card rulings where an audit found the Laws applied wrongly.

Each test builds its own record (board 3: South plays 4S, West leads) and fails on
the code as it was: a claim that contradicts the play, a TD answer that the ruling
showed as overriding the record but ignored, counts that cannot all be true, later
Law 50D2 choices, and the penalty cards left after a Law 52B2 substitution.
"""

from __future__ import annotations

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.rulings.engine.registry import rule


def cards(text: str) -> list[str]:
    """The cards played, in order, written in one string."""
    return text.split()


DEAL = "N:5432.543.AK2.432 76.QJT9.QJT9.765 AKQJ.876.876.AKQ T98.AK2.543.JT98"
AUCTION = ["1S", "P", "4S", "P", "P", "P"]
# West cashes two hearts, East wins the third; South ruffs the fourth and draws trumps
# (tricks 4-7), cashes the club ace, and West discards a diamond on the club king at
# trick 9 while holding clubs: a revoke, then the record stops.
NINE_TRICKS = cards(
    "HA H3 H9 H6 HK H4 HT H7 H2 H5 HJ H8 HQ SJ C8 S2 SA S8 S3 S6 SK S9 S4 S7 "
    "SQ ST S5 D9 CA C9 C2 C5 CK D3 C3 C6"
)


def board(play: list[str] | None = None, **fields: object) -> Board:
    return Board.checked(number=3, deal=DEAL, auction=AUCTION, play=play or [], **fields)


# --- D5: a claim is checked against the tricks already won and lost ---------------------


@pytest.mark.parametrize(
    ("played", "claim", "numbers"),
    [
        (
            NINE_TRICKS[:8],
            12,
            "won 0 of the 2 tricks played, so the claim must be between 0 and 11",
        ),
        (NINE_TRICKS, 5, "won 6 of the 9 tricks played, so the claim must be between 6 and 10"),
        (NINE_TRICKS, 13, "won 6 of the 9 tricks played, so the claim must be between 6 and 10"),
    ],
)
def test_a_claim_that_the_play_rules_out_is_refused(played, claim, numbers):
    with pytest.raises(RecordError) as raised:
        board(played, claim=claim)
    assert raised.value.where == "claim"
    assert f"a claim of {claim} tricks" in raised.value.problem and numbers in raised.value.problem


def test_a_claim_at_either_end_of_what_the_play_allows_stands():
    assert board(NINE_TRICKS, claim=6).declarer_tricks_played() == 6
    assert board(NINE_TRICKS, claim=10).declarer_tricks_played() == 10


def test_the_revoke_wizard_refuses_a_board_built_without_the_check():
    # A board made in code (not through Board.checked) still may not be ruled on.
    unchecked = Board(number=3, deal=DEAL, auction=AUCTION, play=NINE_TRICKS, claim=5)
    with pytest.raises(RecordError) as raised:
        rule("revoke", unchecked, None, {"established": "agreed_claim"})
    assert raised.value.where == "claim"
    assert "won_from_revoke" not in str(raised.value)


# --- D1: a TD answer against the revoke the record shows is refused, not shown and ignored


# East ruffs the club lead at trick 5 while holding clubs and wins it; East-West win
# nothing later. North is dummy.
RUFF_WINS = cards(
    "HA H3 H9 H6 HK H4 HT H7 H2 H5 HJ H8 DQ D6 D3 DA C2 S6 CA C8 DJ D7 D4 DK "
    "S2 S7 SA S8 SK S9 S3 D9 SQ ST S4 DT CK C9 C3 C5 CQ CT C4 C6 SJ CJ S5 C7 "
    "D8 D5 D2 HQ"
)


@pytest.mark.parametrize(
    ("answer", "value", "shown"),
    [
        ("offender", "N", "'North'"),
        ("revoke_trick", "7", "7"),
        ("revoke_suit", "H", "'Hearts'"),
        ("trick12", "yes", "'Yes, trick 12'"),
    ],
)
def test_an_answer_against_the_recorded_revoke_is_refused(answer, value, shown):
    from td_assist.rulings.engine.walk import AnswerError

    with pytest.raises(AnswerError) as raised:
        rule("revoke", board(RUFF_WINS), None, {answer: value})
    assert raised.value.where == f"answer {answer}"
    assert raised.value.problem.startswith(f"{shown} contradicts")
    assert "trick 5" in raised.value.problem


def test_an_answer_that_agrees_with_the_recorded_revoke_is_taken():
    ruling = rule("revoke", board(RUFF_WINS), None, {"offender": "E", "revoke_trick": "5"})
    assert ruling.outcome == "transfer_revoke_trick_only"
    assert ruling.adjustment.tricks_transferred == 1


def test_without_a_play_record_the_tds_offender_really_changes_the_ruling():
    from td_assist.rulings.wizards.revoke.report import RevokeReport

    # Reported as East's; the TD finds it was dummy's card (North): Law 64B3, no transfer.
    answers = {"revoke_found": "yes", "offender": "N", "revoke_suit": "C", "established": "yes"}
    answers["declarer_tricks"] = "9"
    ruling = rule("revoke", board(), RevokeReport(offender="E", trick=5), answers)
    assert ruling.outcome == "no_transfer_dummy_or_penalty_card"
    assert "64B3" in ruling.laws and ruling.adjustment.tricks_transferred == 0
    assert ruling.adjustment.revokes[0].offender.value == "N"


# --- D6: without a play record, trick counts that cannot all be true are refused ------


def no_record_revoke(**counts: str):
    from td_assist.rulings.wizards.revoke.report import RevokeReport

    answers = {"revoke_found": "yes", "revoke_suit": "C", "established": "yes"} | counts
    return rule("revoke", board(), RevokeReport(offender="E", trick=5), answers)


@pytest.mark.parametrize(
    ("counts", "names"),
    [
        # East-West took one trick in all (declarer 12): they cannot have won 3 from trick 5.
        (
            {"won_from_revoke": "3", "won_revoke_trick": "yes", "declarer_tricks": "12"},
            "won_from_revoke and declarer_tricks",
        ),
        # East won the revoke trick and it was their only one from there: no later trick.
        (
            {"won_from_revoke": "1", "won_revoke_trick": "yes", "later_trick": "yes"},
            "won_from_revoke and later_trick",
        ),
        (
            {"won_from_revoke": "3", "won_revoke_trick": "yes", "later_trick": "no"},
            "won_from_revoke and later_trick",
        ),
        # Seven tricks for East-West with one from trick 5 on leaves six for tricks 1-4.
        (
            {"won_from_revoke": "1", "won_revoke_trick": "no", "declarer_tricks": "6"},
            "won_from_revoke and declarer_tricks and revoke_trick",
        ),
    ],
)
def test_contradictory_trick_counts_are_refused(counts, names):
    from td_assist.rulings.engine.walk import AnswerError

    with pytest.raises(AnswerError) as raised:
        no_record_revoke(**counts)
    assert raised.value.where == f"answers {names}"
    for name, value in counts.items():
        if name in names:
            assert f"{name}={value}" in raised.value.problem


def test_consistent_counts_transfer_what_they_say():
    two = no_record_revoke(
        won_from_revoke="2", won_revoke_trick="yes", later_trick="yes", declarer_tricks="11"
    )
    assert two.outcome == "transfer_two"
    assert (two.adjustment.tricks_transferred, two.adjustment.declarer_tricks_final) == (2, 13)
    one = no_record_revoke(won_from_revoke="1", won_revoke_trick="yes", declarer_tricks="12")
    assert one.outcome == "transfer_revoke_trick_only"
    assert (one.adjustment.tricks_transferred, one.adjustment.declarer_tricks_final) == (1, 13)


# --- D4: after a Law 52B2 substitution the penalty card played is off the table --------


# West cashes two hearts and switches to a club; South wins and leads a diamond, and
# East, with the queen of diamonds a penalty card, follows with the nine.
WRONG_DIAMOND = cards("HA H3 H9 H6 HK H4 HT H7 C8 C2 C5 CA D6 D3 DA D9")


def penalty_ruling(play: list[str], exposed: list[str], answers: dict[str, str]):
    from td_assist.rulings.wizards.penalty_card import PenaltyCardReport

    report = PenaltyCardReport(
        offender="E", cards=exposed, trick=1, exposure="inadvertent", before_trick=True
    )
    return rule("penalty-card", board(play), report, answers)


FREE_LEADS = {"lead_choice": "none", "lead_choice_2": "none", "lead_choice_3": "none"}


@pytest.mark.parametrize(
    ("exposed", "listed", "on_table"),
    [
        (["DQ"], ["D9"], ["D9"]),
        # Only the diamond was due on a diamond lead: the spade stays a penalty card too.
        (["DQ", "S7"], ["D9", "S7"], ["D9", "S7"]),
    ],
)
def test_the_penalty_card_required_instead_goes_to_the_trick(exposed, listed, on_table):
    ruling = penalty_ruling(WRONG_DIAMOND, exposed, FREE_LEADS | {"accept_choice": "require"})
    assert ruling.outcome == "failure_replaced"
    rect = ruling.rectification
    assert sorted(line["card"] for line in rect["penalty_cards"]) == listed
    assert all(line["major"] for line in rect["penalty_cards"])
    assert sorted(rect["still_on_table"]) == on_table


def test_an_accepted_wrong_card_leaves_the_penalty_card_on_the_table():
    ruling = penalty_ruling(WRONG_DIAMOND, ["DQ"], FREE_LEADS | {"accept_choice": "accept"})
    assert ruling.outcome == "failure_accepted"
    assert ruling.rectification["still_on_table"] == ["DQ"]


# --- D3, D9: declarer chooses again at each later lead, and a breach then is the ruling --


TWO_HEARTS = cards("HA H3 H9 H6 HK H4 HT H7")


def path_of(ruling) -> dict[str, str | None]:
    return {step.node: step.answer for step in ruling.path}


def test_a_prohibition_in_one_suit_does_not_end_the_choice_for_another():
    # East's DQ, D9 and C7 lie on the table; declarer forbids diamonds at trick 1. West
    # wins and leads again with C7 still a major penalty card: declarer may now require
    # clubs (Law 50D2, Law 51B2(c)); West leads a heart holding four clubs.
    first = {"lead_choice": "forbid", "lead_suit": "D"}
    ruling = penalty_ruling(
        TWO_HEARTS, ["DQ", "D9", "C7"], first | {"lead_choice_2": "require", "lead_suit_2": "C"}
    )
    assert [(v["trick"], v["kind"]) for v in ruling.rectification["violations"]] == [
        (2, "lead_restriction_broken")
    ]
    assert "required ♣" in ruling.rectification["violations"][0]["evidence"]
    assert path_of(ruling)["forbid_kept"] == "yes"  # the diamond prohibition was kept
    assert path_of(ruling)["later_forbidden"] == "no"
    assert ruling.outcome == "lead_restriction_broken"
    # Forbidding clubs too sends the club back: nothing is left on the table.
    forbid = penalty_ruling(TWO_HEARTS, ["DQ", "D9", "C7"], first | {"lead_choice_2": "forbid"})
    assert forbid.outcome == "lead_forbidden" and forbid.rectification["violations"] == []
    assert forbid.rectification["still_on_table"] == []
    assert forbid.rectification["released_trick"] == 2


def test_the_tablet_asks_the_later_choice_while_a_prohibition_holds():
    from td_assist.rulings.wizards.penalty_card import PenaltyCardReport

    report = PenaltyCardReport(
        offender="E", cards=["DQ", "D9", "C7"], trick=1, exposure="inadvertent", before_trick=True
    )
    asked = rule(
        "penalty-card",
        board(TWO_HEARTS),
        report,
        {"lead_choice": "forbid", "lead_suit": "D"},
        mode="step",
    )
    assert asked.pending is not None and asked.pending.node == "lead_choice_2"


def test_the_earlier_prohibition_still_holds_at_a_new_choice():
    # West keeps the lead and leads a diamond at trick 2, declarer leaving clubs free then:
    # the diamond prohibition of trick 1 still held (Law 50D2(a)).
    play = cards("HA H3 H9 H6 D3 D2 DJ D6")
    answers = {"lead_choice": "forbid", "lead_suit": "D", "lead_choice_2": "none"}
    ruling = penalty_ruling(play, ["DQ", "D9", "C7"], answers)
    assert path_of(ruling)["forbid_kept"] == "no"
    assert ruling.outcome == "lead_restriction_broken"
    assert "still held" in ruling.rectification["violations"][0]["evidence"]


def test_a_later_requirement_broken_after_a_free_lead_is_the_headline():
    # The lead is free at trick 1; at trick 2 declarer requires diamonds and West, holding
    # three, leads a heart: a revoke (Law 61A), not "the penalty card stays".
    ruling = penalty_ruling(TWO_HEARTS, ["DQ"], {"lead_choice": "none", "lead_choice_2": "require"})
    assert path_of(ruling)["lead_choice"] == "none"
    assert path_of(ruling)["later_free"] == "no"
    assert ruling.outcome == "lead_restriction_broken"
    assert "Lead free" not in ruling.title
    assert {"50D2a", "61A"} <= set(ruling.laws) and "50D2b" not in ruling.laws
    kept = penalty_ruling(TWO_HEARTS, ["DQ"], {"lead_choice": "none", "lead_choice_2": "none"})
    assert kept.outcome == "lead_free" and path_of(kept)["later_free"] == "yes"


# --- Law 51 (two or more penalty cards) is cited only when there are two or more --------


@pytest.mark.parametrize(
    ("choice", "outcome"), [("require", "lead_required"), ("forbid", "lead_forbidden")]
)
def test_a_single_penalty_card_does_not_cite_law_51(choice, outcome):
    answers = {"failed_major": "no", "partner_lead": "yes", "lead_choice": choice}
    answers |= {"lead_suit": "D", "require_kept": "yes", "forbid_kept": "yes"}
    one = penalty_ruling([], ["DQ"], answers)
    assert one.outcome == outcome
    assert "50D2a" in one.laws and not [a for a in one.laws if a.startswith("51")]
    two = penalty_ruling([], ["DQ", "D9"], answers)
    assert two.outcome == outcome
    assert "51B1a" in two.laws if choice == "require" else "51B1b" in two.laws
