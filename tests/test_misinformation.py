"""The misinformation wizard (Laws 20F, 21, 40B4, 47E, 75): the law, and its shells.

Each test states what the 2017 text says and fails if the wizard rules otherwise: a
mistaken call is no infraction (75C), no evidence means a mistaken explanation (21B1(b)),
only the last call of a player whose partner has not called since may change (21B1(a)),
then only his LHO's later call (21B2), a lead taken back under 47E is never a penalty
card, 47E1 needs an opponent's word, 47E2 ends when dummy faces a card.
"""

from __future__ import annotations

import json

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.cli import main
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.wizards.misinformation.incident import MisinformationReport
from td_assist.web import create_app

DEAL = "N:AQ932.J94.AJ.652 54.QT5.KT64.KT94 KT87.6.Q972.QJ87 J6.AK8732.853.A3"
RAISE = ["1S", "P", "2S", "P", "P", "P"]  # 2S by North; East leads


def board(auction: list[str], result: int | None = None) -> Board:
    extra = {"result": result} if result is not None else {}
    return Board.checked(
        number=1, dealer="N", vulnerability="None", deal=DEAL, auction=auction, **extra
    )


def report(**fields: object) -> MisinformationReport:
    base: dict[str, object] = {"explainer": "N", "call_index": 3, "type": "explanation"}
    return MisinformationReport.model_validate(base | fields)


@pytest.fixture
def client(tmp_path):
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    return app.test_client()


# --- Law 75: explanation or call ---------------------------------------------------------


def test_a_mistaken_call_is_no_infraction_and_gives_no_redress_for_misinformation():
    # The opponents say they were damaged, but the explanation was the agreement (75C):
    # whatever the damage, no adjusted score for misinformation; the caller's UI is ruled
    # by the UI wizard, which finds none here.
    ruling = rule(
        "misinformation",
        board(["1NT", "P", "2H", "P", "2S", "P", "P", "P"], 9),
        report(corrected_at="end_of_play"),
        {"agreement": "matches_explanation", "ui": "no", "results": "3H W 9"},
    )
    rect = ruling.rectification
    assert ruling.outcome == "mistaken_call"
    assert rect["infraction"] is False and rect["mistake"] == "call"
    assert rect["handed_to"] == "unauthorised-information"
    assert rect["unauthorised_information_outcome"] == "no_ui"
    assert ruling.adjustment.adjusted is False and ruling.adjustment.score_ns_final == 140
    assert "75C" in ruling.laws and "75B1" not in ruling.laws


def test_a_mistaken_call_hands_the_ui_to_its_wizard_which_may_adjust():
    ruling = rule(
        "misinformation",
        board(["1NT", "P", "2H", "P", "2S", "P", "P", "P"], 9),
        report(corrected_at="end_of_play"),
        {
            "agreement": "matches_explanation",
            "ui": "yes",
            "suggested": "yes",
            "logical_alternative": "yes",
            "damaged": "yes",
            "results": "2S N 8",
            "comparison": "140",
        },
    )
    assert ruling.rectification["unauthorised_information_outcome"] == "adjust_assigned"
    assert ruling.rectification["infraction"] is False  # no misinformation infraction
    assert ruling.adjustment.adjusted is True and ruling.adjustment.score_ns_final == 110
    assert any(step.node == "logical_alternative" for step in ruling.path)


def test_a_mistaken_call_asks_the_ui_questions_through_the_misinformation_wizard():
    ruling = rule(
        "misinformation",
        board(["1NT", "P", "2H", "P", "2S", "P", "P", "P"], 9),
        report(corrected_at="end_of_play"),
        {"agreement": "matches_explanation"},
        mode="step",
    )
    assert ruling.status == "needs_answer" and ruling.wizard == "misinformation"
    assert ruling.pending.node == "ui"
    assert [s.node for s in ruling.path][:2] == ["type", "agreement"]


def test_without_evidence_the_director_presumes_a_mistaken_explanation():
    # Law 21B1(b): no agreement answer in a batch ruling is the presumption, not a guess
    # that the call was wrong.
    ruling = rule(
        "misinformation", board(RAISE, 9), report(corrected_at="end_of_play"), {"damaged": "no"}
    )
    step = next(s for s in ruling.path if s.node == "agreement")
    assert (step.answer, step.answered_by) == ("no_evidence", "assumed")
    assert ruling.rectification["infraction"] is True
    assert ruling.rectification["mistake"] == "explanation"


def test_both_as_the_table_thought_is_no_misinformation():
    ruling = rule(
        "misinformation",
        board(RAISE, 9),
        report(corrected_at="end_of_play"),
        {"agreement": "matches_both"},
    )
    assert ruling.outcome == "no_misinformation"
    assert ruling.rectification["infraction"] is False
    assert ruling.rectification["mistake"] == "none"


# --- Law 21B1, 21B2: who may change which call ------------------------------------------


def test_the_misinformed_player_may_change_his_last_call_and_his_lho_a_later_one():
    ruling = rule(
        "misinformation",
        board(["1NT", "P", "2H", "P", "2S"]),
        report(corrected_at="auction", corrected_after_calls=5),
        {"agreement": "matches_call", "influenced": "yes"},
    )
    rect = ruling.rectification
    assert rect["change_of_call_allowed"] is True
    assert (rect["may_change"], rect["victim_call_index"]) == ("W", 4)
    assert (rect["lho_may_change"], rect["lho_call_index"]) == ("N", 5)
    assert ruling.marked_calls == [3, 4]


def test_no_lho_change_when_he_has_not_called_after_the_changed_call():
    ruling = rule(
        "misinformation",
        board(["1NT", "P", "2H", "P"]),
        report(corrected_at="auction", corrected_after_calls=4),
        {"agreement": "matches_call", "influenced": "yes"},
    )
    assert ruling.rectification["may_change"] == "W"
    assert ruling.rectification["lho_may_change"] is None


def test_no_change_for_a_player_whose_partner_has_called_since():
    # West's pass (call 4) was influenced, but East (his partner) has called since: only
    # East's own last call is open to Law 21B1(a), never West's.
    ruling = rule(
        "misinformation",
        board(["1NT", "P", "2H", "P", "2S", "P"]),
        report(corrected_at="auction", corrected_after_calls=6),
        {"agreement": "matches_call", "influenced": "yes"},
    )
    rect = ruling.rectification
    assert (rect["may_change"], rect["victim_call_index"]) == ("E", 6)
    assert rect["may_change"] != "W"
    assert rect["lho_may_change"] is None  # South has not called after call 6


def test_the_clarification_period_still_allows_a_change_of_call():
    # Law 21B1(a) runs to the end of the auction period, which lasts until the opening
    # lead is faced (Law 17D1): after the final pass East, the last to call, may change.
    ruling = rule(
        "misinformation",
        board(RAISE),
        report(corrected_at="after_final_pass"),
        {"agreement": "matches_call", "influenced": "yes"},
    )
    assert ruling.outcome == "change_call"
    assert (ruling.rectification["may_change"], ruling.rectification["victim_call_index"]) == (
        "E",
        6,
    )


def test_no_change_of_call_once_the_opening_lead_is_faced():
    ruling = rule(
        "misinformation",
        board(RAISE, 9),
        report(corrected_at="end_of_play"),
        {"agreement": "matches_call", "damaged": "no"},
    )
    assert ruling.rectification["change_of_call_allowed"] is False
    assert ruling.rectification["may_change"] is None
    assert "influenced" not in {s.node for s in ruling.path}


def test_a_call_not_influenced_stands():
    ruling = rule(
        "misinformation",
        board(["1NT", "P", "2H", "P"]),
        report(corrected_at="auction", corrected_after_calls=4),
        {"agreement": "matches_call", "influenced": "no"},
    )
    assert ruling.outcome == "no_change_of_call"
    assert ruling.rectification["change_of_call_allowed"] is False
    assert ruling.rectification["infraction"] is True


# --- Law 47E: leads taken back, never penalty cards -------------------------------------


def test_47e2_lead_taken_back_is_not_a_penalty_card():
    ruling = rule(
        "misinformation",
        board(RAISE),
        report(corrected_at="after_opening_lead"),
        {"agreement": "matches_call", "dummy_faced": "no"},
    )
    rect = ruling.rectification
    assert ruling.outcome == "lead_retracted"
    assert rect["lead_retraction_allowed"] is True and rect["penalty_cards"] == []
    assert rect["lead_retraction_required"] is False  # East's choice (Law 47E2(a))
    assert rect["correct_leader"] == "E"
    assert "not a penalty card" in ruling.text


def test_47e2_no_retraction_once_dummy_has_faced_a_card():
    ruling = rule(
        "misinformation",
        board(RAISE, 9),
        report(corrected_at="after_opening_lead"),
        {"agreement": "matches_call", "dummy_faced": "yes", "damaged": "no"},
    )
    assert ruling.rectification["lead_retraction_allowed"] is False
    assert ruling.outcome == "no_damage"


def test_no_lead_to_take_back_when_the_explainers_side_is_on_lead():
    # East explained West's call; North-South declare after it, so East leads: the
    # misinformed side (North-South) made no lead to take back.
    auction = ["1S", "2H", "2S", "P", "P", "P"]  # East overcalls 2H; 2S by North
    ruling = rule(
        "misinformation",
        board(auction, 8),
        MisinformationReport(
            explainer="W", call_index=2, type="explanation", corrected_at="after_opening_lead"
        ),
        {"agreement": "matches_call", "damaged": "no"},
    )
    step = next(s for s in ruling.path if s.node == "remedy")
    assert step.answer == "too_late"
    assert ruling.rectification["lead_retraction_allowed"] is False


def test_47e1_an_opponents_word_takes_the_lead_back_without_penalty():
    ruling = rule(
        "misinformation",
        board(RAISE),
        MisinformationReport(type="turn_to_lead", explainer="S", lead={"seat": "W", "card": "HA"}),
        {},
    )
    rect = ruling.rectification
    assert ruling.outcome == "lead_retracted_47e1"
    assert rect["lead_retraction_allowed"] is True
    assert rect["lead_may_be_accepted"] is False  # his LHO cannot accept it (Law 47E1)
    assert rect["lead_retraction_required"] is True
    assert rect["penalty_cards"] == [] and rect["correct_leader"] == "E"


def test_47e1_not_for_a_players_own_partners_word():
    ruling = rule(
        "misinformation",
        board(RAISE),
        MisinformationReport(type="turn_to_lead", explainer="E", lead={"seat": "W", "card": "HA"}),
        {},
    )
    assert ruling.outcome == "led_out_of_turn"
    assert ruling.rectification["lead_may_be_accepted"] is True
    with pytest.raises(RecordError, match="contradicts"):
        rule(
            "misinformation",
            board(RAISE),
            MisinformationReport(
                type="turn_to_lead", explainer="E", lead={"seat": "W", "card": "HA"}
            ),
            {"misinformed_by_opponent": "yes"},
        )


def test_a_lead_by_the_right_player_is_no_lead_out_of_turn():
    with pytest.raises(RecordError, match="turn to lead"):
        rule(
            "misinformation",
            board(RAISE),
            MisinformationReport(type="turn_to_lead", explainer="S", lead={"seat": "E"}),
            {},
        )


# --- Law 20F5: who corrects, and when ----------------------------------------------------


def test_the_explainers_partner_corrects_after_the_final_pass_as_declarer_or_dummy():
    ruling = rule(
        "misinformation",
        board(RAISE, 9),
        report(corrected_at="end_of_play"),
        {"agreement": "matches_call", "damaged": "no"},
    )
    assert ruling.rectification["partner_corrects_at"] == "after_final_pass"
    assert "20F5b" in ruling.laws and "Law 20F5(b)(ii)" in ruling.text


def test_the_explainers_partner_corrects_at_the_end_of_play_as_a_defender():
    # West's 2H overcall explained by East; North-South declare, so West defends.
    ruling = rule(
        "misinformation",
        board(["1S", "P", "P", "2H", "2S", "P", "P", "P"], 8),
        MisinformationReport(
            explainer="E", call_index=4, type="explanation", corrected_at="end_of_play"
        ),
        {"agreement": "matches_call", "damaged": "no"},
    )
    assert ruling.rectification["partner_corrects_at"] == "end_of_play"
    assert "Law 20F5(b)(i)" in ruling.text


# --- Damage: the shared Law 12C scores ---------------------------------------------------


def test_damage_gives_the_weighted_score_with_each_sides_view():
    ruling = rule(
        "misinformation",
        board(RAISE, 9),
        report(corrected_at="end_of_play"),
        {
            "agreement": "matches_call",
            "damaged": "yes",
            "results": "3H W 9 0.5; 3S N 9 0.5",
            "traveller": "140, 110, -140, 50",
        },
    )
    adjustment = ruling.adjustment.model_dump()
    assert ruling.outcome == "adjust_assigned"
    assert adjustment["mp_percent_ns"] == 50.0 and adjustment["score_ns_final"] == 0
    assert adjustment["by_side"]["EW"]["mp_percent"] == 50.0
    assert "12C1c" in ruling.laws and "40B4" in ruling.laws


def test_the_table_result_answer_scores_a_hand_record_board():
    ruling = rule(
        "misinformation",
        board(RAISE),
        report(corrected_at="end_of_play"),
        {
            "agreement": "matches_call",
            "damaged": "yes",
            "results": "2S N 7",
            "comparison": "110",
            "table_result": "2S N 9",
        },
    )
    assert ruling.adjustment.score_ns_played == 140
    assert ruling.adjustment.score_ns_final == -50
    assert ruling.adjustment.model_dump()["imps_ns"] == -4


# --- The record and bad input -----------------------------------------------------------


def test_the_explanation_must_come_from_the_callers_partner():
    with pytest.raises(RecordError, match="partner"):
        rule("misinformation", board(RAISE), report(explainer="S"), {})


def test_a_correction_before_the_explained_call_is_refused():
    with pytest.raises(RecordError, match="the correction came after 2 calls"):
        rule(
            "misinformation",
            board(["1NT", "P", "2H", "P"]),
            report(corrected_at="auction", corrected_after_calls=2),
            {"agreement": "matches_call"},
        )


def test_the_club_path_asks_what_happened_from_the_tapped_auction():
    # A hand-record board, the auction tapped in, the explained call tapped: no report.
    hand_record = Board.checked(number=1, dealer="N", vulnerability="None", deal=DEAL)
    answers = {"auction": "1NT P 2H P", "call_index": "3"}
    asked = []
    for answer in ("explanation", "matches_call", "auction", "yes"):
        ruling = rule("misinformation", hand_record, None, answers, mode="step")
        assert ruling.status == "needs_answer"
        asked.append(ruling.pending.node)
        answers[ruling.pending.node] = answer
    assert asked == ["type", "agreement", "corrected_at", "influenced"]
    ruling = rule("misinformation", hand_record, None, answers, mode="step")
    assert ruling.outcome == "change_call" and ruling.rectification["may_change"] == "W"


def test_cli_and_api_give_the_contract_fields(tmp_path, capsys, client):
    body = {
        "board": {"number": 1, "dealer": "N", "deal": DEAL, "auction": ["1NT", "P", "2H", "P"]},
        "irregularity": {
            "kind": "misinformation",
            "explainer": "N",
            "call_index": 3,
            "type": "failure_to_alert",
            "corrected_at": "auction",
            "corrected_after_calls": 4,
        },
        "answers": {"agreement": "matches_call", "influenced": "yes"},
    }
    path = tmp_path / "request.json"
    path.write_text(json.dumps(body), encoding="utf-8")
    assert main(["rule", "misinformation", str(path), "--json"]) == 0
    from_cli = json.loads(capsys.readouterr().out)
    response = client.post("/api/rulings/misinformation", json=body)
    assert response.status_code == 200, response.get_json()
    for ruling in (from_cli, response.get_json()):
        rect = ruling["rectification"]
        for name in (
            "infraction",
            "mistake",
            "change_of_call_allowed",
            "may_change",
            "victim_call_index",
            "lho_may_change",
            "lead_retraction_allowed",
            "lead_may_be_accepted",
            "correct_leader",
            "penalty_cards",
        ):
            assert name in rect
        assert (rect["infraction"], rect["may_change"]) == (True, "W")
        assert ruling["adjustment"]["adjusted"] is False
    bad = dict(body, irregularity=dict(body["irregularity"], corrected_at="tomorrow"))
    response = client.post("/api/rulings/misinformation", json=bad)
    assert response.status_code == 400
    assert "corrected_at" in json.dumps(response.get_json())


def test_a_trainee_reads_the_report_as_sentences():
    from td_assist.training.case_story import reported

    told = reported(
        report(explanation="natural", corrected_at="after_final_pass"),
        board(["1NT", "P", "2H", "P", "P", "P"]),
    )
    assert told[0] == "North explained South's 2H (call 3 of the auction) as 'natural'."
    assert "after the final pass" in told[1]
    lead = MisinformationReport(
        type="turn_to_lead", explainer="S", lead={"seat": "W", "card": "HA"}
    )
    assert reported(lead, None) == [
        "South told West it was his lead, and he led the ace of hearts."
    ]


def test_the_german_texts_match_the_tree_node_for_node():
    import re
    import tomllib

    from td_assist.paths import content_dir

    folder = content_dir("rulings")
    english = tomllib.loads((folder / "misinformation.toml").read_text(encoding="utf-8"))
    german = tomllib.loads((folder / "misinformation.de.toml").read_text(encoding="utf-8"))
    assert set(german["nodes"]) == set(english["nodes"])
    for node_id, node in english["nodes"].items():
        translated = german["nodes"][node_id]
        for field in ("prompt", "help", "title", "text"):
            if field in node:
                placeholders = set(re.findall(r"\{(\w+)\}", node[field]))
                assert placeholders == set(re.findall(r"\{(\w+)\}", translated[field])), (
                    node_id,
                    field,
                )
        if "choices" in node:
            assert set(translated["labels"]) == {c["value"] for c in node["choices"]}


# --- German ------------------------------------------------------------------------------

SCORED = {"agreement": "matches_call", "damaged": "yes", "results": "3H W 9 0.5; 3S N 9 0.5"}


@pytest.mark.parametrize(
    ("auction", "fields", "answers"),
    [
        (
            ["1NT", "P", "2H", "P", "2S"],
            {"corrected_at": "auction", "corrected_after_calls": 5},
            {"agreement": "matches_call", "influenced": "yes"},
        ),
        (RAISE, {"corrected_at": "end_of_play"}, SCORED | {"traveller": "140, 110, -140, 50"}),
        (RAISE, {"corrected_at": "end_of_play"}, SCORED | {"comparison": "110"}),
        (RAISE, {"corrected_at": "end_of_play"}, SCORED),  # asks how the board is scored
        (RAISE, {"corrected_at": "end_of_play"}, SCORED | {"scoring": "pairs_scorer"}),
        (RAISE, {"corrected_at": "end_of_play"}, {"agreement": "matches_call", "damaged": "no"}),
        (RAISE, {"type": "failure_to_alert", "corrected_at": "auction"}, {}),
        (
            RAISE,
            {"type": "turn_to_lead", "explainer": "W", "lead": {"seat": "S", "card": "HA"}},
            {},
        ),
    ],
)
def test_each_ruling_path_reads_german(auction, fields, answers):
    from td_assist.i18n import use_language

    from .test_german_pages import english_in, english_sentences

    with use_language("de"):
        ruling = rule("misinformation", board(auction, 9), report(**fields), answers, "step")
    texts = [ruling.title, ruling.text, *(f"{o.side}: {o.text}" for o in ruling.options)]
    texts += [f"{step.question} {step.answer_label}" for step in ruling.path]
    if ruling.pending is not None:
        texts += [ruling.pending.prompt, ruling.pending.help or ""]
        texts += [choice.get("label", "") for choice in ruling.pending.choices or []]
    assert not english_in(" ".join(texts), english_sentences())


def test_a_wrong_call_number_is_refused_in_german():
    from td_assist.i18n import use_language

    with use_language("de"), pytest.raises(RecordError) as raised:
        rule("misinformation", board(RAISE), report(call_index=9), {})
    # A call is an Ansage (a bid is a Gebot).
    assert "Ansage 9" in str(raised.value) and "Meldung call_index" in str(raised.value)


def test_the_score_keypad_reads_german(client):
    from td_assist.web.boards import store

    from .test_german_pages import GERMAN, english_in, english_sentences

    with client.application.app_context():
        board_id = store().save_board(json.loads(board(RAISE, 9).model_dump_json()), source="t")
    asked = (
        f"/rule/misinformation/{board_id}?a=type:explanation&a=call_index:3"
        "&a=corrected_at:end_of_play&a=agreement:matches_call&a=damaged:yes"
    )
    page = client.get(asked, headers=GERMAN).get_data(as_text=True)
    assert "2♠ von Nord" in page
    assert not english_in(page, english_sentences())
