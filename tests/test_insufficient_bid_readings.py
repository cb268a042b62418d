"""Which reading of the recorded calls the insufficient-bid wizard takes (Law 27A1).

"1S 1H P P P" reads two ways: South's pass accepted East's 1H (contract 1H by East), or
East's pass replaced it (contract 1S by North, East's partner barred). Only something
else in the record, or the table, can say which; the wizard must never pick one and
call it the record's answer.
"""

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.rulings.engine.registry import rule

DEAL = "N:5432.543.AK2.432 76.QJT9.QJT9.765 AKQJ.876.876.AKQ T98.AK2.543.JT98"
BOTH_WAYS = ["1S", "1H", "P", "P", "P"]


def _step(ruling, node):
    return next(step for step in ruling.path if step.node == node)


def test_calls_that_read_both_ways_are_asked_about_not_assumed():
    board = Board.checked(number=1, deal=DEAL, auction=BOTH_WAYS)
    ruling = rule("insufficient-bid", board, None, {})
    assert ruling.status == "needs_answer"
    assert ruling.pending.node == "accepted"
    assert "read both ways" in ruling.pending.help
    assert all(step.node != "accepted" for step in ruling.path)


def test_the_recorded_contract_settles_the_reading_as_accepted():
    board = Board.checked(number=1, deal=DEAL, auction=BOTH_WAYS, contract="1H", declarer="E")
    ruling = rule("insufficient-bid", board, None, {})
    step = _step(ruling, "accepted")
    assert (step.answer, step.answered_by) == ("yes", "record")
    assert "fits the recorded contract" in " ".join(step.evidence)
    assert ruling.outcome == "accepted_bid"
    assert ruling.rectification["partner_barred"] is False


def test_the_recorded_contract_settles_the_reading_as_replaced():
    board = Board.checked(number=1, deal=DEAL, auction=BOTH_WAYS, contract="1S", declarer="N")
    ruling = rule("insufficient-bid", board, None, {})
    step = _step(ruling, "accepted")
    assert (step.answer, step.answered_by) == ("no", "record")
    assert ruling.rectification["replacement"] == "P"
    assert ruling.rectification["partner_barred"] is True  # Law 27B2


def test_the_tds_answer_is_not_shown_as_the_records():
    board = Board.checked(number=1, deal=DEAL, auction=BOTH_WAYS)
    ruling = rule("insufficient-bid", board, None, {"accepted": "yes"})
    step = _step(ruling, "accepted")
    assert step.answered_by == "td"
    assert not any("^I" in line or "fits" in line for line in step.evidence)
    assert (ruling.rectification["contract"], ruling.rectification["declarer"]) == ("1H", "E")


def test_a_call_that_cannot_replace_the_bid_settles_it_as_accepted():
    # After 2S, East's 1H could not be replaced by 2H (still insufficient), so the 2H
    # is South's, over an accepted 1H.
    board = Board.checked(number=1, deal=DEAL, auction=["2S", "1H", "2H", "P", "P", "P"])
    step = _step(rule("insufficient-bid", board, None, {}), "accepted")
    assert (step.answer, step.answered_by) == ("yes", "record")
    assert "South called over it" in " ".join(step.evidence)


def test_a_cancelled_double_in_the_record_is_not_part_of_the_contract():
    # East replaced 1H by a double that is not comparable: Law 27B3 cancels it. The
    # scorer wrote it down, then East's legal pass and two more: 1NT by North, undoubled.
    board = Board.checked(number=1, deal=DEAL, auction=["1NT", "1H", "X", "P", "P", "P"])
    ruling = rule("insufficient-bid", board, None, {"accepted": "no", "comparable": "no"})
    rect = ruling.rectification
    assert ruling.outcome == "illegal_double"
    assert (rect["attempted_replacement"], rect["replacement"]) == ("X", "P")
    assert (rect["contract"], rect["declarer"], rect["opening_leader"]) == ("1NT", "N", "E")
    assert "1NTX" not in ruling.text


def test_an_unintended_call_cannot_be_replaced_after_partner_has_called():
    # South accepted 1H by passing and West then bid 2S: Law 25A4 bars the
    # substitution, whatever East meant.
    board = Board.checked(number=1, deal=DEAL, auction=["1NT", "1H", "P", "2S", "P", "P", "P"])
    with pytest.raises(RecordError, match="25A4") as raised:
        rule("insufficient-bid", board, None, {"accepted": "yes", "unintended": "yes"})
    assert raised.value.where == "answer unintended"


def test_an_unintended_call_replaced_at_once_is_ruled_under_law_25a():
    board = Board.checked(number=1, deal=DEAL, auction=["1NT", "1H", "2H", "P", "P", "P"])
    ruling = rule("insufficient-bid", board, None, {"accepted": "no", "unintended": "yes"})
    assert ruling.outcome == "unintended_call"


def test_a_second_insufficient_bid_is_named_in_the_ruling_not_the_legal_call_after_it():
    board = Board.checked(number=1, deal=DEAL, auction=["1NT", "1H", "2H", "P", "P", "P"])
    answers = {"accepted": "no", "attempted_replacement": "1S"}
    ruling = rule("insufficient-bid", board, None, answers)
    assert ruling.outcome == "second_ib_rejected"
    assert "another insufficient bid, 1S," in ruling.text
    assert ruling.rectification["replacement"] == "2H"


def test_law_26b_takes_the_suits_an_artificial_bid_specified_from_the_td():
    # East's 1S is replaced by 2D showing both majors (artificial, not comparable):
    # West is barred; declarer may forbid only suits East did not specify. 2D specified
    # spades and hearts, not diamonds, so diamonds and clubs may be forbidden.
    board = Board.checked(number=1, deal=DEAL, auction=["1NT", "1S", "2D", "3NT", "P", "P", "P"])
    answers = {"accepted": "no", "artificial": "yes", "comparable": "no"}
    asked = rule("insufficient-bid", board, None, answers)
    assert asked.rectification["forbid_suits"] == ["S", "H", "C"]  # read from strains
    assert "which the Director then names" in asked.text
    judged = rule("insufficient-bid", board, None, answers | {"specified_suits": "S, H"})
    assert judged.rectification["forbid_suits"] == ["D", "C"]
    assert "specified_suits" not in judged.text
    with pytest.raises(RecordError, match="not a list of suits"):
        rule("insufficient-bid", board, None, answers | {"specified_suits": "hearts"})


def test_law_37b2_brings_a_lead_restriction_for_the_cancelled_call_too():
    # West, barred under Law 27B2, bids 2S; the Director is called before North calls.
    # 2S is cancelled, and Law 26B may restrict East's first lead for it, beside the
    # restriction on West's for East's withdrawn 1H.
    board = Board.checked(number=1, deal=DEAL, auction=["1NT", "1H", "P", "P", "2S"])
    answers = {"accepted": "no", "lho_called_over": "no"}
    ruling = rule("insufficient-bid", board, None, answers)
    assert ruling.outcome == "barred_call_cancelled"
    texts = [option.text for option in ruling.options]
    assert any("at West's first turn to lead" in t for t in texts)
    assert any("at East's first turn to lead" in t and "West did not specify" in t for t in texts)


def test_a_cancelled_double_moves_the_later_calls_to_the_seats_that_made_them():
    # East's recorded X is cancelled (Law 27B3): 2H is East's legal replacement, so the
    # 3H after South's pass is West's, a barred partner's bid (Law 27B3, then Law 37).
    # Read as recorded, 3H would be North's and West would seem to have passed throughout.
    board = Board.checked(
        number=1, deal=DEAL, auction=["1NT", "1H", "X", "2H", "P", "3H", "P", "P", "P"]
    )
    ruling = rule("insufficient-bid", board, None, {"accepted": "no", "comparable": "no"})
    called = _step(ruling, "barred_after_double")
    assert (called.answer, called.answered_by) == ("yes", "record")
    assert "West called 3H at call 6" in " ".join(called.evidence)
    over = _step(ruling, "lho_called_over")
    assert "North called P over it (call 7)" in " ".join(over.evidence)
    assert ruling.outcome == "barred_call_stands"
    assert (ruling.rectification["contract"], ruling.rectification["declarer"]) == ("3H", "E")


def test_a_cancelled_double_does_not_give_a_later_bid_to_the_barred_partner():
    # Recorded as read, West would have bid 2S; with East's X cancelled East passed in
    # its place, South bid 2S and West passed at every turn: no Law 37 call.
    board = Board.checked(number=1, deal=DEAL, auction=["1NT", "1H", "X", "P", "2S", "P", "P", "P"])
    ruling = rule("insufficient-bid", board, None, {"accepted": "no", "comparable": "no"})
    called = _step(ruling, "barred_after_double")
    assert (called.answer, called.answered_by) == ("no", "record")
    assert ruling.outcome == "illegal_double"
    assert (ruling.rectification["contract"], ruling.rectification["declarer"]) == ("2S", "S")
    assert ruling.rectification["opening_leader"] == "W"
