"""The lead-out-of-turn wizard against the 2017 Laws: who may lead, 53B, 50D2 hand-over.

Board 3 throughout: South plays 4S, West has the opening lead.
North S 5432 H 543 D AK2 C 432; East S 76 H QJT9 D QJT9 C 765;
South S AKQJ H 876 D 876 C AKQ; West S T98 H AK2 D 543 C JT98.
"""

import json

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.cli import main
from td_assist.rulings.engine.model import Ruling
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.engine.requests import parse_irregularity

DEAL = "N:5432.543.AK2.432 76.QJT9.QJT9.765 AKQJ.876.876.AKQ T98.AK2.543.JT98"
AUCTION = ["1S", "P", "4S", "P", "P", "P"]


def board(play: list[str] | None = None) -> Board:
    return Board.model_validate({"number": 3, "deal": DEAL, "auction": AUCTION, "play": play or []})


def rule_loot(
    offender: str,
    card: str,
    trick: int,
    answers: dict[str, str],
    mode: str = "batch",
    play: list[str] | None = None,
) -> Ruling:
    # Read by kind, as every shell does (importing the wizard module here would register
    # the wizards in another order than the registry's).
    report = parse_irregularity(
        {"kind": "lead_out_of_turn", "offender": offender, "card": card, "trick": trick}
    )
    return rule("lead-out-of-turn", board(play), report, answers, mode)  # type: ignore[arg-type]


def test_a_card_answer_that_is_no_card_names_the_answer(tmp_path, capsys):
    request = tmp_path / "request.json"
    body = {
        "board": {"number": 3, "deal": DEAL, "auction": AUCTION},
        "irregularity": {"kind": "lead_out_of_turn", "offender": "E", "trick": 5},
        "answers": {"correct_leader": "N", "card": "ZZ", "choice": "accept"},
    }
    request.write_text(json.dumps(body), encoding="utf-8")
    assert main(["rule", "lead-out-of-turn", str(request), "--json"]) != 0
    error = json.loads(capsys.readouterr().out)
    assert error["where"] == "answer card" and "ZZ" in error["error"]
    # A card he does not hold, given as an answer, is the answer's fault too.
    with pytest.raises(RecordError) as caught:
        rule_loot("E", "", 5, {"card": "SA", "correct_leader": "N", "choice": "accept"})
    assert caught.value.where == "answer card"


@pytest.mark.parametrize(
    ("offender", "card", "trick", "answers", "where"),
    [
        # West is declarer's left-hand opponent: the opening lead is his (Law 41A).
        ("W", "C8", 1, {"choice": "accept"}, "irregularity offender"),
        ("E", "DQ", 5, {"correct_leader": "E", "choice": "accept"}, "answer correct_leader"),
        ("W", "DQ", 5, {"offender": "E", "correct_leader": "E"}, "answer correct_leader"),
    ],
)
def test_a_lead_by_the_player_whose_lead_it_was_is_refused(offender, card, trick, answers, where):
    # Laws 53-56 rule on a lead out of turn; the proper leader's lead is none, so no
    # choice for declarer and no penalty card can follow from it.
    with pytest.raises(RecordError) as caught:
        rule_loot(offender, card, trick, answers)
    assert caught.value.where == where
    assert "not out of turn" in caught.value.problem


def test_the_proper_leader_reported_through_the_offender_answer_names_that_answer():
    # West leads a low heart and East wins trick 1 with the queen: the record makes
    # East the leader to trick 2, so a lead by East there is no lead out of turn.
    play = ["H2", "H3", "HQ", "H6"]
    with pytest.raises(RecordError) as caught:
        rule_loot("W", "", 2, {"offender": "E", "card": "DQ", "choice": "accept"}, play=play)
    assert caught.value.where == "answer offender"


def test_53b_is_refused_when_the_proper_leader_is_the_offenders_partner():
    # East leads at trick 5 when it was West's lead. Law 53B covers only a proper lead by
    # an opponent of the irregular leader; for his partner Law 56 applies.
    with pytest.raises(RecordError) as caught:
        rule_loot("E", "DQ", 5, {"correct_leader": "W", "proper_lead_made": "yes"})
    assert caught.value.where == "answer proper_lead_made"
    assert "partner" in caught.value.problem and "53B" in caught.value.problem


def test_53b_is_not_asked_when_the_proper_leader_is_the_offenders_partner():
    told = {"misinformed_by_opponent": "no"}
    ruling = rule_loot("E", "DQ", 5, {"correct_leader": "W", **told}, mode="step")
    assert ruling.status == "needs_answer" and ruling.pending is not None
    assert ruling.pending.node == "choice_later"  # Law 56: declarer's choice, not 53B
    step = next(s for s in ruling.path if s.node == "proper_lead_made")
    assert step.answer == "no" and step.answered_by == "record"
    ruling = rule_loot("E", "DQ", 5, {"correct_leader": "W", "choice": "reject"})
    assert ruling.outcome == "rejected_later"
    assert ruling.rectification["penalty_cards"] == [{"seat": "E", "card": "DQ", "major": True}]


def test_53b_is_refused_for_declarers_lead_from_the_wrong_hand():
    # Declarer leads from dummy (North) when his own hand (South) is on lead: the proper
    # leader is no opponent of the irregular leader either (Law 55 governs).
    with pytest.raises(RecordError) as caught:
        rule_loot("N", "DA", 5, {"correct_leader": "S", "proper_lead_made": "yes"})
    assert caught.value.where == "answer proper_lead_made"


def test_53b_stands_when_the_proper_leader_is_an_opponent():
    told = {"misinformed_by_opponent": "no"}
    ruling = rule_loot("E", "DQ", 5, {"correct_leader": "S", **told}, mode="step")
    assert ruling.pending is not None and ruling.pending.node == "proper_lead_made"
    ruling = rule_loot("E", "DQ", 5, {"correct_leader": "S", "proper_lead_made": "yes"})
    assert ruling.outcome == "proper_lead_stands"
    assert ruling.rectification["penalty_cards"] == []


def _step(ruling: Ruling, node: str):
    return next(step for step in ruling.path if step.node == node)


def test_refused_lead_when_the_partner_is_on_lead_gives_declarer_the_50d2_choice():
    # East leads at trick 5 when it was West's lead; declarer refuses it. West is on lead
    # now with the major penalty card on the table: declarer's Law 50D2 choice is due.
    ruling = rule_loot("E", "DQ", 5, {"correct_leader": "W", "choice": "reject"})
    assert ruling.status == "complete" and ruling.outcome == "rejected_later"
    partner = _step(ruling, "partner_lead")
    assert partner.answer == "yes" and partner.answered_by == "record"
    assert "West" in partner.evidence[0]
    # A batch ruling leaves the choice open: nothing chosen, the card still on the table,
    # the three options to read to declarer.
    left = _step(ruling, "lead_choice")
    assert left.answer is None and left.answered_by == "assumed"
    rect = ruling.rectification
    assert rect["lead_choice"] is None and rect["still_on_table"] == ["DQ"]
    assert rect["lead_options"] == {"seat": "W", "suits": ["D"], "options": ["require", "forbid"]}
    assert sum("require him to lead" in option.text for option in ruling.options) == 1


def test_refused_lead_when_declarer_is_on_lead_defers_the_50d2_choice():
    ruling = rule_loot("E", "DQ", 5, {"correct_leader": "N", "choice": "reject"})
    partner = _step(ruling, "partner_lead")
    assert partner.answer == "no" and partner.answered_by == "record"
    assert not any(step.node == "lead_choice" for step in ruling.path)
    assert ruling.outcome == "rejected_later" and "wait for declarer's choice" in ruling.text


def test_a_record_that_stops_at_the_refused_lead_still_puts_the_partner_on_lead():
    # West wins trick 1 with the ace of hearts; the record stops there. East leads the
    # queen of diamonds to trick 2, declarer refuses it and forbids diamonds.
    play = ["HA", "H3", "H9", "H6"]
    answers = {"choice": "reject", "lead_choice": "forbid"}
    ruling = rule_loot("E", "DQ", 2, answers, play=play)
    assert _step(ruling, "partner_lead").answer == "yes"
    assert "Lead of the suit forbidden" in ruling.text
    assert ruling.rectification["lead_choice"] == "forbid"
    assert ruling.rectification["still_on_table"] == []


@pytest.mark.parametrize("choice", ["require", "forbid"])
def test_a_card_picked_up_under_50d2a_is_not_left_on_the_table(choice):
    # Law 50D2(a): requiring or forbidding the suit puts the penalty card back in the
    # offender's hand. It stays listed as the penalty card the refusal made (the
    # contract's penalty_cards), and is not shown as still lying face up.
    answers = {"correct_leader": "W", "choice": "reject", "lead_choice": choice}
    ruling = rule_loot("E", "DQ", 5, answers)
    assert "goes back into his hand" in ruling.text
    rect = ruling.rectification
    assert rect["penalty_cards"] == [{"seat": "E", "card": "DQ", "major": True}]
    assert rect["lead_choice"] == choice
    assert rect["still_on_table"] == [] and rect["released_by"] == "picked_up"
    assert rect["released_trick"] == 5


def test_a_card_left_on_the_table_under_50d2b_stays_there():
    answers = {"correct_leader": "W", "choice": "reject", "lead_choice": "none"}
    rect = rule_loot("E", "DQ", 5, answers).rectification
    assert rect["still_on_table"] == ["DQ"] and rect["released_by"] is None


def test_step_mode_asks_declarers_50d2_choice_after_a_refused_lead():
    # On the tablet: after the refusal the penalty card is major by law (Law 54D), so
    # the penalty-card steps do not ask whether it was shown in the normal course of
    # play; the next question is declarer's Law 50D2 choice, West being on lead.
    answers = {"choice": "reject", "misinformed_by_opponent": "no", "declarer_saw_dummy": "no"}
    answers |= {"partner_face_down": "no", "declarer_began_spread": "no"}  # Law 54, 54A
    ruling = rule_loot("E", "HQ", 1, answers, mode="step")
    assert ruling.pending is not None and ruling.pending.node == "lead_choice"
    course = _step(ruling, "normal_course")
    assert course.answer == "no" and course.answered_by == "record"
    ruling = rule_loot("E", "HQ", 1, {**answers, "lead_choice": "require"}, mode="step")
    assert ruling.status == "complete" and "Lead of the suit required" in ruling.text


def test_a_lead_choice_when_the_offenders_partner_is_not_on_lead_is_refused():
    # East leads at trick 5 when it was North's (dummy's) lead; declarer refuses it. The
    # Law 50D2 choice comes only when West is to lead with the diamond queen still on the
    # table: a lead_choice now was silently dropped, as if declarer had chosen nothing.
    answers = {"correct_leader": "N", "choice": "reject", "lead_choice": "require"}
    with pytest.raises(RecordError) as caught:
        rule_loot("E", "DQ", 5, answers)
    assert caught.value.where == "answer lead_choice"
    assert "North's lead to trick 5, not West's" in caught.value.problem


def test_a_lead_choice_for_a_partner_lead_the_record_does_not_show_is_refused():
    # South wins trick 1; East leads the queen of diamonds to trick 2 out of turn and
    # declarer refuses it. The record goes on: South leads a diamond and East plays the
    # queen to it. West never leads while it lies on the table.
    play = ["C8", "C2", "C5", "CA", "D6", "D3", "DA", "DQ", "S2", "S6", "SA", "S8"]
    answers = {"correct_leader": "S", "choice": "reject", "lead_choice": "forbid"}
    with pytest.raises(RecordError) as caught:
        rule_loot("E", "DQ", 2, answers, play=play)
    assert caught.value.where == "answer lead_choice"
    assert "record shows no lead by West" in caught.value.problem


def test_a_lead_choice_after_an_accepted_lead_is_refused():
    answers = {"correct_leader": "W", "choice": "accept", "lead_choice": "require"}
    with pytest.raises(RecordError, match="leaves no penalty card") as caught:
        rule_loot("E", "DQ", 5, answers)
    assert caught.value.where == "answer lead_choice"
