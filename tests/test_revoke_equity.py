"""Law 64C in the revoke wizard: the Director's result, as one trick count or weighted.

Law 64C1 adjusts only when the transfer leaves the non-offending side short of what they
would have had without the revoke; Law 64C2(b) (both sides revoked) restores equity
whichever side it favours. The Director may weigh several results (Law 12C1(c)); the
weighting is that of td_assist.rulings.procedures.adjusted_scores, and the damage is judged in the
event's unit (IMPs, matchpoints, or points).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from td_assist.bridge.errors import RecordError
from td_assist.cli import main
from td_assist.rulings.engine.registry import rule
from td_assist.training.cases import load_case

CASES = Path(__file__).resolve().parent.parent / "rulings" / "cases" / "revoke"
CUT_OFF = "14-equity-beats-transfer"  # 3NT by S, 10 tricks played, 11 after the transfer
BOTH_SIDES = "26-both-sides-revoke-equity"  # 4H by S, 11 played, both sides revoked


def board(name: str):
    return load_case(CASES / f"{name}.toml").board.to_board()


def test_a_weighted_64c_score_replaces_a_transfer_that_falls_short():
    ruling = rule("revoke", board(CUT_OFF), None, {"results": "13 0.6; 12 0.4"})
    adjustment = ruling.adjustment
    assert adjustment.equity_applied and adjustment.adjusted
    assert [(line.tricks, line.weight, line.score_ns) for line in adjustment.weighted] == [
        (13, 0.6, 520),
        (12, 0.4, 490),
    ]
    assert adjustment.score_ns_final == pytest.approx(0.6 * 520 + 0.4 * 490)
    assert adjustment.declarer_tricks_final is None  # a weighted score has no one count
    assert adjustment.tricks_transferred == 1 and adjustment.score_ns_played == 430
    assert {"64A2", "64C1", "12C1c"} <= set(ruling.laws)
    assert ruling.title == "Score adjusted to restore equity (Law 64C)"
    assert "NS +508" in ruling.text


def test_the_weighted_results_may_be_spelt_with_the_contract():
    short = rule("revoke", board(CUT_OFF), None, {"results": "13 0.6; 12 0.4"})
    long = rule("revoke", board(CUT_OFF), None, {"results": "3NT S 13 60%; 3NT S = 40%"})
    assert long.adjustment.weighted[0].tricks == 13 and long.adjustment.weighted[1].tricks == 9
    assert short.adjustment.weighted[1].tricks == 12


def test_one_weighted_result_is_declarers_tricks_after_the_ruling():
    ruling = rule("revoke", board(CUT_OFF), None, {"results": "13"})
    assert ruling.adjustment.declarer_tricks_final == 13
    assert ruling.adjustment.score_ns_final == 520


def test_a_weighted_score_no_better_than_the_transfer_leaves_the_transfer():
    # Law 64C1: the transfer (11 tricks, +460) is what North-South get at least.
    ruling = rule("revoke", board(CUT_OFF), None, {"results": "11 0.5; 10 0.5"})
    adjustment = ruling.adjustment
    assert not adjustment.equity_applied and not adjustment.weighted
    assert adjustment.declarer_tricks_final == 11 and adjustment.score_ns_final == 460
    assert "64C1" in ruling.laws and "transfer stands" in adjustment.note


def test_the_damage_is_judged_in_imps_at_teams():
    # +475 weighted beats +460 in points, but against -100 at the other table both are
    # 11 IMPs: North-South lose nothing at teams that the transfer does not give back.
    answers = {"results": "12 0.5; 11 0.5"}
    points = rule("revoke", board(CUT_OFF), None, answers)
    assert points.adjustment.equity_applied and points.adjustment.score_ns_final == 475
    teams = rule("revoke", board(CUT_OFF), None, answers | {"comparison": "-100"})
    assert not teams.adjustment.equity_applied
    assert teams.adjustment.score_ns_final == 460


def test_a_weighted_score_is_given_in_the_events_units():
    answers = {"results": "13 0.6; 12 0.4", "traveller": "430, 460, 520"}
    adjustment = rule("revoke", board(CUT_OFF), None, answers).adjustment
    # 520 beats two and ties one (5 of 6); 490 beats two (4 of 6): 0.6 x 5 + 0.4 x 4.
    assert adjustment.mp_percent_ns == pytest.approx(100 * (0.6 * 5 + 0.4 * 4) / 6, abs=0.01)
    assert adjustment.by_side["EW"].mp_percent == pytest.approx(100 - adjustment.mp_percent_ns)


def test_both_sides_revoked_the_weighted_result_stands_whichever_side_it_favours():
    # Law 64C2(b): North-South's own revoke gained a trick; the weighted result without
    # either revoke is worse for them than the table result, and it still stands.
    answers = {"equity": "", "results": "10 0.7; 11 0.3"}
    ruling = rule("revoke", board(BOTH_SIDES), None, answers)
    adjustment = ruling.adjustment
    assert adjustment.equity_applied
    assert adjustment.score_ns_final == pytest.approx(0.7 * 620 + 0.3 * 650)
    assert "64C2b" in ruling.laws


def test_the_64c2b_note_names_the_law_once():
    ruling = rule("revoke", board(BOTH_SIDES), None, {"equity": "10"})
    assert "Law 64C2(b): both sides revoked" in ruling.text
    assert "Law Law" not in ruling.text


@pytest.mark.parametrize(
    ("answers", "where", "words"),
    [
        ({"results": "4S S 10"}, "answer results", "3NT by S"),
        ({"results": "13 0.6; 12 0.4", "equity": "13"}, "answers equity and results", "not both"),
        ({"comparison": "-100"}, "answers comparison and traveller", "give results too"),
        ({"results": "13 0.6; 12"}, "answer results", "no weight"),
        (
            {"results": "13 0.6; 12 0.4", "traveller": "430, 4x0"},
            "traveller entry 2",
            "not a score",
        ),
    ],
)
def test_a_weighted_score_that_cannot_apply_is_refused_with_its_place(answers, where, words):
    with pytest.raises(RecordError) as error:
        rule("revoke", board(CUT_OFF), None, answers)
    assert where in str(error.value) and words in str(error.value)


def test_no_weighted_score_for_a_revoke_corrected_in_time():
    # Law 64C follows an established revoke; a corrected one has no adjusted score to weigh.
    with pytest.raises(RecordError, match="only after an established revoke"):
        rule("revoke", board(CUT_OFF), None, {"established": "no", "results": "13"})


def test_the_command_line_gives_the_weighted_score(capsys):
    code = main(
        [
            "rule",
            "revoke",
            str(CASES / f"{CUT_OFF}.toml"),
            "--answer",
            "equity=",
            "--answer",
            "results=13 0.6; 12 0.4",
            "--json",
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    adjustment = out["adjustment"]
    assert [line["tricks"] for line in adjustment["weighted"]] == [13, 12]
    assert adjustment["score_ns_final"] == pytest.approx(508)
    assert adjustment["tricks_transferred"] == 1  # the revoke fields stay
