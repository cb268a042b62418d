"""Issue 27: rulings the outside checks found wrong or missing, one test each.

Each test names the law it holds the wizard to; each failed on the code before the fix.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.rulings.engine.registry import load_wizards, rule
from td_assist.training.cases import get_case, load_cases

PACKAGE = Path(__file__).resolve().parent.parent / "td_assist"
DEAL = "N:5432.543.AK2.432 76.QJT9.QJT9.765 AKQJ.876.876.AKQ T98.AK2.543.JT98"


def board(**fields) -> Board:
    for name in ("auction", "play"):
        if isinstance(fields.get(name), str):
            fields[name] = fields[name].replace("/", " ").split()
    return Board.checked(**{"number": 1, "deal": DEAL, **fields})


# --- Insufficient bid: a double given as the replacement (Law 27B3) ----------------------


@pytest.mark.parametrize("mode", ["batch", "step"])
@pytest.mark.parametrize(
    "extra", [{}, {"artificial": "no"}, {"artificial": "yes", "same_denomination": "no"}]
)
def test_double_answered_as_replacement_is_an_attempt_cancelled(mode, extra):
    # The record stops at East's 1H over 1NT; the TD says East then doubled. Law 27B3:
    # not comparable, the double is cancelled and West is barred. It crashed.
    answers = {"whose_turn": "own", "accepted": "no", "replacement": "X", **extra}
    ruling = rule("insufficient-bid", board(auction="1NT 1H"), None, answers, mode)
    if ruling.status == "needs_answer":
        assert ruling.pending is not None and ruling.pending.choices
        return
    rect = ruling.rectification or {}
    assert ruling.outcome == "double_cancelled" or rect["replacement_kind"] in (
        "illegal",
        "comparable",
    )
    if rect["replacement_kind"] == "illegal":
        assert rect["attempted_replacement"] == "X" and rect["replacement"] is None
        assert rect["partner_barred"] is True
        assert "27B3" in ruling.laws


def test_no_assert_statement_guards_the_package():
    # An assert is stripped under python -O and is a traceback for a TD otherwise: every
    # condition input can reach gets a clear error or a question instead.
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [
            f"{path.relative_to(PACKAGE)}:{node.lineno}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Assert)
        ]
    assert found == []


# --- "No adjustment" has one shape ------------------------------------------------------------


@pytest.mark.parametrize("wizard", sorted(load_wizards()))
def test_every_complete_ruling_says_whether_it_adjusted(wizard):
    for case in load_cases(wizard):
        ruling = case.run()
        if ruling.status != "complete":
            continue
        adjustment = ruling.summary()["adjustment"]
        assert adjustment is not None, case.id
        assert adjustment["adjusted"] in (True, False), case.id


def test_insufficient_bid_without_damage_is_adjusted_false():
    ruling = get_case("insufficient-bid/05-lowest-same-strain-natural").run()
    assert ruling.summary()["adjustment"]["adjusted"] is False


def test_answer_errors_stay_record_errors():
    with pytest.raises(RecordError):
        rule("insufficient-bid", board(auction="1NT 1H"), None, {"replacement": "XX"})


# --- Lead out of turn withdrawn: who leads next (Laws 53A, 56B) -------------------------------

SPADES_GAME = {"number": 3, "auction": "1S P 4S P P P"}


def test_refused_lead_in_the_record_leaves_the_correct_leader_to_lead():
    # South won trick 1; West led the two of hearts to trick 2 and declarer refuses it
    # (Law 56B): South leads, not North, the next seat of the unfinished recorded trick.
    played = board(**SPADES_GAME, play="C8 C2 C5 CA / H2")
    ruling = rule("lead-out-of-turn", played, None, {"choice": "reject"})
    rect = ruling.rectification or {}
    assert ruling.outcome == "rejected_later"
    assert rect["correct_leader"] == "S" and rect["next_to_play"] == "S"


def test_accepted_lead_in_the_record_goes_on_from_the_recorded_trick():
    played = board(**SPADES_GAME, play="C8 C2 C5 CA / H2")
    ruling = rule("lead-out-of-turn", played, None, {"choice": "accept"})
    assert (ruling.rectification or {})["next_to_play"] == "N"


def test_accepting_a_lead_to_trick_13_is_refused_with_the_reason():
    case = get_case("lead-out-of-turn/08-trick-thirteen")
    with pytest.raises(RecordError, match="53A"):
        rule(
            "lead-out-of-turn",
            case.board.to_board(),
            case.irregularity,
            {**case.answers, "choice": "accept"},
        )


def test_refusing_a_lead_declarer_must_accept_is_refused():
    case = get_case("lead-out-of-turn/05-declarer-could-see-dummy")
    with pytest.raises(RecordError, match="54C"):
        rule(
            "lead-out-of-turn",
            case.board.to_board() if case.board else None,
            case.irregularity,
            {**case.answers, "choice": "reject"},
        )


# --- Penalty card timing (Laws 50C, 50D1, 52) -----------------------------------------------

# Declarer (South) wins tricks 1-3; West then led the ace of hearts out of turn to trick 4,
# declarer refused it, and led a heart himself.
TRICKS_1_TO_3 = "C8 C2 C5 CA / SA S8 S2 S6 / SK S9 S3 S7"


def _exposed_heart_ace(west_plays: str, answers: dict | None = None):
    from td_assist.rulings.wizards.penalty_card import PenaltyCardReport

    played = board(**SPADES_GAME, play=f"{TRICKS_1_TO_3} / H6 {west_plays} H3 H9")
    report = PenaltyCardReport(offender="W", cards=["HA"], trick=4, exposure="deliberate")
    return rule("penalty-card", played, report, answers or {})


def test_penalty_card_played_to_the_reported_trick_is_read_as_exposed_before_it():
    ruling = _exposed_heart_ace("HA")  # refused before as impossible
    assert ruling.status == "complete"
    timing = next(step for step in ruling.path if step.node == "before_trick")
    assert timing.answer == "yes" and timing.answered_by == "record"
    assert (ruling.rectification or {})["released_trick"] == 4


def test_timing_the_record_cannot_tell_is_asked_not_assumed():
    ruling = _exposed_heart_ace("HK")
    assert ruling.status == "needs_answer" and ruling.pending.node == "before_trick"


def test_another_card_to_the_reported_trick_is_a_failure_to_play_it():
    ruling = _exposed_heart_ace("HK", {"before_trick": "yes"})
    rect = ruling.rectification or {}
    assert ruling.outcome == "failure_accepted"  # declarer has played since (Law 52B1b)
    assert rect["violation_summary"] == ["trick 4 W penalty_card_not_played"]


def test_exposed_after_his_card_binds_from_the_next_trick():
    ruling = _exposed_heart_ace("HK", {"before_trick": "no"})
    assert ruling.outcome != "failure_accepted"
    assert (ruling.rectification or {})["violations"] == []


def test_minor_card_rule_counts_the_reported_trick_too():
    # West leads the eight of clubs; East drops the seven of clubs (a minor penalty card)
    # before his own card to the trick, then plays the five: another card below honour
    # rank of that suit while the minor penalty card is out (Law 50C).
    from td_assist.rulings.wizards.penalty_card import PenaltyCardReport

    played = board(**SPADES_GAME, play="C8 C2 C5 CA")
    report = PenaltyCardReport(offender="E", cards=["C7"], trick=1, exposure="inadvertent")
    asked = rule("penalty-card", played, report, {"before_trick": "yes"})
    assert asked.pending is not None and asked.pending.node == "before_lead"
    ruling = rule("penalty-card", played, report, {"before_trick": "yes", "before_lead": "no"})
    assert ruling.outcome in ("failure_accepted", "accept_choice", "failure_replaced")
    summary = (ruling.rectification or {})["violation_summary"]
    assert summary == ["trick 1 E minor_card_rule_broken"]


def test_before_trick_no_against_the_record_is_refused():
    with pytest.raises(RecordError, match="before_trick"):
        _exposed_heart_ace("HA", {"before_trick": "no"})


# --- Declarer's lead choice when the record stops with the partner on lead (50D2, 51B) ------


def _queen_out_west_on_lead(answers: dict):
    from td_assist.rulings.wizards.penalty_card import PenaltyCardReport

    # West wins trick 1 with the ace of hearts; East had dropped the queen of diamonds
    # after his own card to it. The record stops with West to lead to trick 2.
    played = board(**SPADES_GAME, play="HA H3 H9 H6")
    report = PenaltyCardReport(offender="E", cards=["DQ"], trick=1, exposure="deliberate")
    return rule("penalty-card", played, report, {"before_trick": "no", **answers})


def test_lead_choice_is_applied_when_the_partner_is_on_lead_at_the_end_of_the_record():
    ruling = _queen_out_west_on_lead({"lead_choice": "forbid"})
    rect = ruling.rectification or {}
    assert ruling.outcome == "lead_forbidden"
    assert rect["lead_choice"] == "forbid" and rect["lead_suit"] == "D"
    assert rect["still_on_table"] == [] and rect["released_by"] == "picked_up"
    lead = next(step for step in ruling.path if step.node == "partner_lead")
    assert lead.answer == "yes" and "no lead by West" not in " ".join(lead.evidence)


def test_lead_choice_is_asked_when_the_partner_is_on_lead_and_nobody_said():
    ruling = _queen_out_west_on_lead({})
    assert ruling.status == "needs_answer" and ruling.pending.node == "lead_choice"


# --- Unauthorised information: an alert and an explanation together (16B1, 73C1) ----------

BLACKWOOD = {
    "number": 1,
    "deal": "N:Q52.AK64.K93.A62 763.T82.AJ62.K93 AK984.Q9.T75.754 JT.J753.Q84.QJT8",
    "auction": "1S P 4NT P 5H P 6S P P P",
}


def _ui_report(source: str):
    from td_assist.rulings.wizards.unauthorised_information import UnauthorisedInformationReport

    return UnauthorisedInformationReport(
        source=source, call_index=3, description="N alerted 4NT and explained it as Blackwood"
    )


def test_alert_and_explanation_named_together_are_ruled_on():
    ruling = rule("unauthorised-information", board(**BLACKWOOD), _ui_report("N"), {})
    kind = next(step for step in ruling.path if step.node == "source_kind")
    assert kind.answered_by == "record" and kind.answer == "explanation"
    assert ruling.pending is None or ruling.pending.node != "source_kind"


def test_alert_of_a_players_own_call_is_refused_with_the_reason():
    with pytest.raises(RecordError, match="own call"):
        rule("unauthorised-information", board(**BLACKWOOD), _ui_report("S"), {})


def test_law_16d2d_option_is_any_adjusted_score_not_only_an_artificial_one():
    # 2017 Law 16D2(d) lets the Director award an adjusted score (Law 86B in teams);
    # the lawbook (laws/law-16.md) says so, and the tree's option must agree.
    ruling = get_case("unauthorised-information/19-extraneous-before-auction").run()
    option = next(o.text for o in ruling.options if "16D2(d)" in o.text)
    assert "may award an adjusted score" in option and "86B" in option


# --- Law 12C2(c): a side's own session percentage -------------------------------------------


def _artificial_case(answers: dict, mode: str = "batch"):
    case = get_case("unauthorised-information/11-artificial")  # NS offenders, EW not
    return rule(
        "unauthorised-information",
        case.board.to_board(),
        case.irregularity,
        {**case.answers, **answers},
        mode,
    )


def test_own_session_percentages_replace_average_plus_and_minus():
    ruling = _artificial_case({"session_percent_NS": "35.5", "session_percent_EW": "65,25%"})
    by_side = ruling.summary()["adjustment"]["by_side"]
    assert by_side["EW"]["mp_percent"] == 65.25  # non-offenders above 60%
    assert by_side["NS"]["mp_percent"] == 35.5  # offenders below 40%
    assert "12C2c" in ruling.laws and "65.25%" in ruling.text


def test_session_percentages_inside_the_band_leave_60_and_40():
    # An offending side above 40% keeps average minus; a non-offending side below 60%
    # keeps average plus.
    ruling = _artificial_case({"session_percent_NS": "63.5", "session_percent_EW": "35"})
    by_side = ruling.summary()["adjustment"]["by_side"]
    assert (by_side["NS"]["mp_percent"], by_side["EW"]["mp_percent"]) == (40, 60)
    assert "12C2c" not in ruling.laws


def test_artificial_by_fault_takes_the_session_percentage_of_a_side_not_at_fault():
    from td_assist.bridge.cards import Side
    from td_assist.rulings.procedures.adjusted_scores import Fault, artificial_by_fault

    faults = {Side.NS: Fault.NONE, Side.EW: Fault.PARTLY}
    answer = artificial_by_fault(faults, session_percent={Side.NS: 70.0, Side.EW: 20.0})
    assert answer.by_side["NS"].mp_percent == 70.0
    assert answer.by_side["EW"].mp_percent == 50  # partly at fault: 12C2(c) does not apply


def test_tablet_asks_the_session_percentage_and_takes_a_skip():
    asked = _artificial_case({"usual": "yes"}, "step")
    assert asked.pending is not None and asked.pending.node == "session_percent_NS"
    skipped = {"usual": "yes", "session_percent_NS": "skip", "session_percent_EW": "skip"}
    done = _artificial_case(skipped, "step")
    assert done.status == "complete"


def test_a_session_percentage_that_is_no_number_is_refused():
    with pytest.raises(RecordError, match="session_percent_EW"):
        _artificial_case({"session_percent_EW": "lots"})


# --- New questions in the trees: Law 49, Law 50D2, Law 54 and 54A ---------------------------


def test_law_49_a_card_partner_could_not_see_is_no_penalty_card():
    ruling = get_case("penalty-card/29-card-partner-could-not-see").run()
    assert ruling.outcome == "not_seen_by_partner"
    assert (ruling.rectification or {})["penalty_cards"] == []


def test_law_49_a_card_led_was_seen_and_the_td_cannot_say_otherwise():
    from td_assist.rulings.wizards.penalty_card import PenaltyCardReport

    report = PenaltyCardReport(offender="E", cards=["HQ"], trick=3, exposure="deliberate")
    ruling = rule("penalty-card", board(**SPADES_GAME), report, {})
    seen = next(step for step in ruling.path if step.node == "partner_could_see")
    assert seen.answer == "yes" and seen.answered_by == "record"
    with pytest.raises(RecordError, match="partner_could_see"):
        rule("penalty-card", board(**SPADES_GAME), report, {"partner_could_see": "no"})


def test_law_50d2_a_lead_before_declarer_chose_is_dealt_with_under_law_49():
    ruling = get_case("penalty-card/30-partner-leads-before-declarer-chooses").run()
    assert ruling.outcome == "lead_too_soon" and "49" in ruling.laws


def test_law_54a_a_declarer_who_began_to_spread_has_no_choice_left():
    case = get_case("lead-out-of-turn/23-declarer-began-to-spread")
    ruling = case.run()
    rect = ruling.rectification or {}
    assert ruling.outcome == "declarer_spreads"
    assert rect["choices"] == ["declarer_becomes_dummy"] and rect["declarer"] == "N"
    with pytest.raises(RecordError, match="54A"):
        rule(
            "lead-out-of-turn",
            case.board.to_board(),
            case.irregularity,
            {**case.answers, "choice": "reject"},
        )


def test_law_54a_is_asked_before_the_options_on_the_tablet():
    case = get_case("lead-out-of-turn/03-opening-lead-refused")
    answers = {"misinformed_by_opponent": "no", "partner_face_down": "no"}
    ruling = rule("lead-out-of-turn", case.board.to_board(), case.irregularity, answers, "step")
    assert ruling.pending is not None and ruling.pending.node == "declarer_began_spread"


def test_law_54_opening_the_partners_face_down_lead_goes_back():
    ruling = get_case("lead-out-of-turn/24-partner-face-down-lead-goes-back").run()
    assert "goes back into his hand" in ruling.text and "Law 54)" in ruling.text
