"""The revoke tree follows the 2017 Laws where an audit found it did not (issue 9).

Each test fails on the tree and facts as they were: 64B7 and 64B2 need the other (or
first) revoke established, 63A3/63A4 claims, 62C3/64B8, 62B2's faced card, the legal
replacement card, 62C2 for the declaring side, and 64C2(b)'s equity.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from td_assist.rulings.engine.registry import get_tree, rule
from td_assist.rulings.wizards.revoke.report import RevokeReport
from td_assist.training.cases import load_case

CASES = Path(__file__).resolve().parent.parent / "rulings" / "cases" / "revoke"


def case_board(name: str):
    return load_case(CASES / f"{name}.toml").board.to_board()


def step(ruling, node: str, group_start: str = ""):
    return next(s for s in ruling.path if s.node == node and s.group.startswith(group_start))


def test_64b7_needs_both_sides_revokes_established():
    # Board 9 stopped after trick 7: South's revoke at trick 5 is established (South played
    # to trick 6), declarer's at trick 7 is not (nobody of his side has played since).
    board = case_board("09-both-sides-revoke")
    data = board.model_dump() | {"play": board.play[:28], "claim": None}
    cut = type(board).checked(**data)
    ruling = rule("revoke", cut, None, {"1.won_from_revoke": "1", "declarer_tricks": "11"})
    assert step(ruling, "both_sides", "Revoke 1").answer == "no"
    lines = {(line.offender.value, line.trick): line for line in ruling.adjustment.revokes}
    assert lines["S", 5].outcome == "transfer_one" and lines["S", 5].transferred == 1
    assert lines["E", 7].outcome == "corrected_declaring_side" and not lines["E", 7].established
    assert ruling.adjustment.declarer_tricks_final == 12


def test_64b7_still_applies_when_both_revokes_were_established():
    ruling = rule("revoke", case_board("09-both-sides-revoke"), None, {})
    assert {line.outcome for line in ruling.adjustment.revokes} == {"no_transfer_both_sides"}


def test_64b2_needs_the_first_revoke_established():
    board = case_board("08-second-revoke-same-suit")
    report = RevokeReport(offender="W", trick=3)
    usual = rule("revoke", board, report, {})
    assert usual.adjustment.revokes[0].outcome == "no_transfer_repeat"
    # The TD finds the first revoke (trick 2, ruled second) was corrected in time.
    corrected = rule("revoke", board, report, {"2.established": "no"})
    assert step(corrected, "repeat", "Revoke 1").answer == "no"
    assert corrected.adjustment.revokes[0].outcome != "no_transfer_repeat"
    assert "established" in get_tree("revoke").nodes["repeat"].prompt


def test_a_claim_in_the_record_does_not_by_itself_establish_the_revoke():
    board = case_board("24-declarer-revokes-then-claims")
    asked = rule("revoke", board, None, {})
    assert asked.status == "needs_answer" and asked.pending.node == "established"
    assert "who made it" in asked.pending.help
    # Declarer's own claim establishes it (63A3); so does an established agreement to the
    # opponents' claim (63A4); a claim disputed in time does not.
    for answer in ("offenders_claimed", "agreed_claim"):
        ruling = rule("revoke", board, None, {"established": answer})
        assert ruling.outcome == "transfer_two", answer
    disputed = rule("revoke", board, None, {"established": "no"})
    assert disputed.outcome == "corrected_declaring_side"
    assert disputed.adjustment.tricks_transferred == 0


def test_the_established_question_uses_the_2017_wording():
    node = get_tree("revoke").nodes["established"]
    text = " ".join([node.prompt, node.help, *(c.label for c in node.choices)])
    assert "claimed, conceded or agreed" not in text
    assert "69A" in node.laws and "63A4" in text and "63A3" in text
    assert {c.value for c in node.choices} >= {"offenders_claimed", "agreed_claim", "no"}


def test_both_sides_revoking_on_one_trick_are_both_corrected_without_transfer():
    ruling = load_case(CASES / "28-both-sides-revoke-on-one-trick.toml").run()
    assert ruling.outcome == "corrected_both_same_trick"
    assert {"62C3", "64B8"} <= set(ruling.laws)
    assert ruling.adjustment.tricks_transferred == 0
    assert "only one side has played to trick 6" in step(ruling, "same_trick").evidence[0]


def test_a_defenders_card_already_faced_is_simply_replaced():
    usual = rule("revoke", case_board("10-defender-corrects-in-time"), None, {})
    assert usual.outcome == "corrected_defender" and "major penalty card" in usual.text
    faced = rule("revoke", case_board("10-defender-corrects-in-time"), None, {"faced_card": "yes"})
    assert faced.outcome == "corrected_defender_faced_card"
    assert "simply replaced" in faced.text and "62B2" in faced.laws
    assert "becomes a major penalty card" not in faced.text


@pytest.mark.parametrize("outcome", ["corrected_defender", "corrected_defender_faced_card"])
def test_the_correction_is_a_legal_card_not_always_the_suit_led(outcome):
    text = get_tree("revoke").nodes[outcome].text
    assert "a legal card" in text and "penalty card or a suit" in text


def test_declaring_side_correction_offers_62c2():
    ruling = rule("revoke", case_board("11-declarer-corrects-in-time"), None, {})
    assert ruling.outcome == "corrected_declaring_side" and "62C2" in ruling.laws
    declaring = [o for o in ruling.options if o.side == "declaring side"]
    assert declaring and "62C2" in declaring[0].text and "no penalty card" in declaring[0].text


def test_equity_help_says_64c2b_restores_equity_whichever_side_it_favours():
    equity = get_tree("revoke").inputs["equity"]
    assert "64C2b" in equity.laws
    assert "neither revoke" in equity.help and "whichever side it favours" in equity.help
    # And the computation does so: both sides revoked, equity below the table result.
    board = case_board("09-both-sides-revoke")
    ruling = rule("revoke", board, None, {"equity": "10"})
    assert ruling.adjustment.declarer_tricks_final == 10 and "64C2b" in ruling.laws
