"""An insufficient bid out of rotation: Laws 29 and 31 rule before Law 27 (Law 27A2), so
the insufficient-bid wizard hands it to the call-out-of-rotation wizard."""

import pytest

from td_assist.bridge.board import Board
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.engine.requests import parse_irregularity
from td_assist.rulings.engine.walk import AnswerError

DEAL = "N:AKQ32.543.AK2.43 76.QJT9.QJT9.765 J54.876.876.AKQ2 T98.AK2.543.JT98"


def ruling(auction: list[str], answers: dict[str, str], mode: str = "batch", index: int = 0):
    board = Board(number=1, dealer="N", vulnerability="None", deal=DEAL, auction=auction)
    call_index = index or len(auction)
    report = parse_irregularity({"kind": "insufficient_bid", "call_index": call_index})
    return rule("insufficient-bid", board, report, answers, mode=mode)


@pytest.mark.parametrize(
    ("turn", "offender", "lho"),
    [("rho", "S", "W"), ("partner", "W", "N")],
)
def test_the_offender_is_the_player_who_bid_not_the_seat_the_record_gives_it_to(
    turn, offender, lho
):
    # The record puts 1H at East's turn; whose_turn says whose turn it was for the bidder.
    done = ruling(["1S", "1H"], {"whose_turn": turn, "accepted": "yes"})
    assert done.wizard == "call-out-of-rotation"
    rect = done.rectification
    assert (rect["offender"], rect["accept_chooser"]) == (offender, lho)


def test_in_turn_is_the_usual_case_and_law_27_applies():
    done = ruling(["1S", "1H"], {"accepted": "no", "replacement": "2H"})
    assert done.wizard == "insufficient-bid"
    assert done.outcome == "lowest_same_denomination"


def test_out_of_rotation_the_replacement_is_never_law_27_and_partner_passes_once_only():
    # West's 1H at East's (his partner's) turn, not accepted, then a call that is not
    # comparable: Law 31B2 -> 31A2(b), one pass for East, not Law 27B2's bar for the rest.
    done = ruling(["1S", "1H"], {"whose_turn": "partner", "accepted": "no", "comparable": "no"})
    rect = done.rectification
    assert done.outcome == "bid_not_comparable"
    assert rect["partner_barred"] == "once" and rect["restricted_leader"] == "E"
    assert "31A2b" in done.laws and "27B2" not in done.laws


def test_rho_passing_sends_the_repeated_bid_back_to_law_27():
    done = ruling(["1S", "2C", "1H"], {"whose_turn": "rho", "accepted": "no", "rho_call": "pass"})
    assert done.outcome == "repeat_insufficient"
    assert "West must repeat 1H" in done.text
    assert "North may accept it (Law 27A1)" in done.text
    assert done.rectification["hand_on_to"] == "insufficient-bid"


def test_accepted_out_of_rotation_names_who_lost_a_turn():
    at_rho = ruling(["1S", "2C", "1H"], {"whose_turn": "rho", "accepted": "yes"})
    assert "South has lost the turn passed over" in at_rho.text
    at_partner = ruling(["1S", "1H"], {"whose_turn": "partner", "accepted": "yes"})
    assert "East and South have lost the turns passed over" in at_partner.text


def test_a_bid_straight_after_his_own_call_is_a_change_of_call():
    done = ruling(["1S", "1H"], {"whose_turn": "lho"})
    assert done.outcome == "change_of_call"
    assert "straight after his own call, 1S" in done.text
    assert {"31C", "25B1", "25B2"} <= set(done.laws)


def test_the_calls_after_a_cancelled_bid_out_of_rotation_are_the_legal_auction():
    # West's 1H at East's turn is cancelled; East then bids 2H at his own turn and all
    # pass: 2H by East. The cancelled 1H names no strain for declarer.
    done = ruling(
        ["1S", "1H", "2H", "P", "P", "P"],
        {"whose_turn": "partner", "accepted": "no", "comparable": "yes"},
        index=2,
    )
    rect = done.rectification
    assert done.outcome == "bid_comparable_call"
    assert rect["contract"] == "2H" and rect["declarer"] == "E"


def test_a_bad_whose_turn_is_refused_not_read_as_in_turn():
    with pytest.raises(AnswerError, match="whose_turn"):
        ruling(["1S", "1H"], {"whose_turn": "left"})


def test_step_mode_out_of_rotation_asks_lho_with_the_seats_named():
    pending = ruling(["1S", "1H"], {"whose_turn": "partner"}, mode="step").pending
    assert pending.node == "accepted"
    assert pending.prompt.startswith("Does North (the offender's LHO) accept 1H")
    assert "{" not in pending.prompt + pending.help


def test_step_mode_asks_whose_turn_first_with_the_seats_named():
    pending = ruling(["1S", "1H"], {}, mode="step").pending
    assert pending.node == "whose_turn"
    labels = [c["label"] for c in pending.choices]
    assert labels[0] == "East bid it, at his own turn"
    assert "West bid it, at his partner's turn" in labels
    assert "{" not in pending.prompt + pending.help + "".join(labels)


def test_the_older_answer_names_still_rule_the_same():
    older = {"oor_rho_accepted": "no", "oor_rho_call": "call", "oor_rho_comparable": "no"}
    old = ruling(["1S", "2C", "1H"], {"whose_turn": "rho", **older})
    new = ruling(
        ["1S", "2C", "1H"],
        {"whose_turn": "rho", "accepted": "no", "rho_call": "call", "comparable": "no"},
    )
    assert old.outcome == new.outcome == "bid_not_comparable"
    assert old.rectification == new.rectification
