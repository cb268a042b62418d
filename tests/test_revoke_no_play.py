"""The club path: a hand record with the deal only, and the facts the TD learns at the table.

The wizard asks every fact the record cannot answer, and the ruling then computes the
transfer and the score exactly as it does from a full play (issue 10).
"""

from __future__ import annotations

import json
import re

import pytest

from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import read_boards
from td_assist.cli import main
from td_assist.rulings.engine.registry import get_tree, rule

from .conftest import DATA

# West ruffs a diamond at trick 5 holding diamonds, wins it, and East-West win one more
# trick later; North declares 4S and takes nine tricks (tests/data/revoke-full-play.pbn).
TABLE = {"contract": "4S", "declarer": "N"}
FACTS = {
    "revoke_found": "yes",
    "offender": "W",
    "revoke_trick": "5",
    "revoke_suit": "D",
    "same_trick": "no",
    "established": "yes",
    "faced_card": "no",
    "dummy_card": "no",
    "repeat": "no",
    "both_sides": "no",
    "attention": "in_time",
    "won_from_revoke": "2",
    "won_revoke_trick": "yes",
    "declarer_tricks": "9",
    "equity": "skip",
}
# What changes in the facts to reach each outcome of the tree.
ROUTES = {
    "none": {"revoke_found": "no"},
    "corrected_both_same_trick": {"same_trick": "yes"},
    "corrected_defender": {"established": "no"},
    "corrected_defender_faced_card": {"established": "no", "faced_card": "yes"},
    "corrected_declaring_side": {"established": "no", "offender": "S"},
    "trick_twelve": {"revoke_trick": "12"},
    "no_transfer_dummy_or_penalty_card": {"dummy_card": "yes"},
    "no_transfer_repeat": {"repeat": "yes"},
    "no_transfer_both_sides": {"both_sides": "yes"},
    "no_transfer_late": {"attention": "after_next_board_call"},
    "no_transfer_after_round": {"attention": "after_round"},
    "no_transfer_no_tricks": {"won_from_revoke": "0"},
    "transfer_two": {},
    "transfer_revoke_trick_only": {"won_from_revoke": "1"},
    "transfer_one": {"won_revoke_trick": "no"},
}
TITLE_COUNT = {"Two tricks": 2, "One trick": 1}


def hand_record():
    return read_boards(DATA / "revoke-no-play.pbn")[0]


def test_every_outcome_has_a_route():
    assert set(ROUTES) == set(get_tree("revoke").outcomes())


@pytest.mark.parametrize("outcome", sorted(ROUTES))
def test_every_outcome_without_a_play_record_asks_each_fact_then_rules_in_full(outcome):
    facts = FACTS | ROUTES[outcome]
    board, answers = hand_record(), dict(TABLE)
    asked = []
    for _ in range(len(facts) + 1):  # the tablet: one question at a time
        ruling = rule("revoke", board, None, answers, mode="step")
        if ruling.status == "complete":
            break
        node = ruling.pending.node
        assert node in facts, f"asked '{node}', which the TD was not meant to need"
        asked.append(node)
        answers[node] = facts[node]
    assert ruling.status == "complete" and ruling.outcome == outcome
    if outcome != "none":
        assert asked[:4] == ["revoke_found", "offender", "revoke_trick", "revoke_suit"]
    shown = " ".join([ruling.title, ruling.text, *(o.text for o in ruling.options)])
    assert "?" not in shown and "{" not in shown, shown
    adjustment = ruling.adjustment
    assert adjustment.declarer_tricks_played == 9 and adjustment.score_ns_played == -50
    moved = adjustment.declarer_tricks_final - adjustment.declarer_tricks_played
    assert moved == adjustment.tricks_transferred  # West defends: tricks go to declarer
    expected = next((n for words, n in TITLE_COUNT.items() if words in ruling.title), 0)
    assert adjustment.tricks_transferred == expected, ruling.title


def test_the_same_board_rules_the_same_with_or_without_the_play(capsys):
    assert main(["rule", "revoke", str(DATA / "revoke-full-play.pbn"), "--json"]) == 0
    full = json.loads(capsys.readouterr().out)
    pairs = [f"{name}={value}" for name, value in (TABLE | FACTS).items()]
    args = ["rule", "revoke", str(DATA / "revoke-no-play.pbn"), "--json"]
    assert main([*args, *(x for pair in pairs for x in ("--answer", pair))]) == 0
    club = json.loads(capsys.readouterr().out)
    assert club["status"] == full["status"] == "complete"
    assert club["outcome"] == full["outcome"] == "transfer_two"
    assert club["adjustment"] == full["adjustment"]
    assert club["adjustment"]["score_ns_final"] == 450
    assert club["text"] == full["text"] and club["title"] == full["title"]


def test_the_contract_answers_must_agree_with_a_recorded_auction():
    full = read_boards(DATA / "revoke-full-play.pbn")[0]
    with pytest.raises(RecordError, match=r"answers contract and declarer.*does not match"):
        rule("revoke", full, None, {"contract": "3NT", "declarer": "N"})
    with pytest.raises(RecordError, match="answers contract and declarer"):
        rule("revoke", hand_record(), None, {"contract": "8S", "declarer": "N"})


def test_without_contract_or_tricks_the_ruling_never_shows_numbers_it_does_not_have():
    answers = {k: v for k, v in FACTS.items() if k not in {"declarer_tricks"}}
    ruling = rule("revoke", hand_record(), None, answers)
    assert ruling.status == "complete" and ruling.outcome == "transfer_two"
    assert ruling.adjustment.declarer_tricks_final is None
    assert ruling.adjustment.tricks_transferred == 2
    assert "contract=" in ruling.text and not re.search(r"\?(?!\w)", ruling.text)


def test_cli_and_api_take_offender_and_revoke_trick_as_answers(tmp_path):
    from td_assist.web import create_app

    board = json.loads(hand_record().model_dump_json())
    client = create_app({"TESTING": True}).test_client()
    body = {"board": board, "answers": TABLE | {"revoke_found": "yes"}}
    step = client.post("/api/rulings/revoke?mode=step", json=body).get_json()
    assert step["pending"]["node"] == "offender"
    assert [c["value"] for c in step["pending"]["choices"]] == ["N", "E", "S", "W"]
    body["answers"] |= {"offender": "w"}  # seats in either case
    step = client.post("/api/rulings/revoke?mode=step", json=body).get_json()
    assert step["pending"]["node"] == "revoke_trick"
    assert (step["pending"]["minimum"], step["pending"]["maximum"]) == (1, 13)
    done = client.post("/api/rulings/revoke", json={"board": board, "answers": TABLE | FACTS})
    assert done.get_json()["adjustment"]["declarer_tricks_final"] == 11


def test_the_tablet_pages_rule_a_hand_record_board_from_the_tds_answers():
    from td_assist.web import create_app

    client = create_app({"TESTING": True}).test_client()
    board_id = client.application.extensions["td_store"].save_board(
        json.loads(hand_record().model_dump_json()), source="test"
    )
    base = f"/rule/revoke/{board_id}?" + "&".join(f"a={k}:{v}" for k, v in TABLE.items())
    first = client.get(base + "&a=revoke_found:yes").get_data(as_text=True)
    assert "Who revoked?" in first and ">West<" in first
    page = client.get(base + "".join(f"&a={k}:{v}" for k, v in FACTS.items())).get_data(
        as_text=True
    )
    assert "Two tricks transferred" in page
    assert "data-final-tricks>11<" in page and "+450" in page
    assert "?" not in page.split('class="ruling-text"')[1].split("</div>")[0]


def test_usual_for_the_rest_takes_defaults_but_still_asks_the_facts_and_the_tricks():
    board, answers = hand_record(), dict(TABLE)
    asked = []
    for _ in range(len(FACTS) + 2):
        ruling = rule("revoke", board, None, answers, mode="step")
        if ruling.status == "complete":
            break
        node = ruling.pending.node
        asked.append(node)
        answers[node] = FACTS[node]
        if node == "revoke_suit":
            answers["usual"] = "yes"  # the TD taps "usual case for the rest"
    assert ruling.outcome == "transfer_two"
    assert asked == [
        "revoke_found",
        "offender",
        "revoke_trick",
        "revoke_suit",
        "won_from_revoke",
        "won_revoke_trick",
        "declarer_tricks",
    ]
    assumed = {s.node for s in ruling.path if s.answered_by == "assumed"}
    assert assumed == {
        "same_trick",
        "established",
        "dummy_card",
        "repeat",
        "both_sides",
        "attention",
        "equity",
    }
    assert ruling.adjustment.score_ns_final == 450


@pytest.mark.parametrize(
    ("route", "law", "label"),
    [("no_transfer_repeat", "64C2a", "Law 64C2(a)"), ("transfer_two", "64C1", "Law 64C1")],
)
def test_equity_after_a_second_revoke_in_the_same_suit_is_judged_under_64c2a(route, law, label):
    # The same player revoked again in the suit: no transfer for it (64B2), and the
    # Director's judgment of the result without it is Law 64C2(a), not 64C1.
    answers = TABLE | FACTS | ROUTES[route] | {"equity": "7"}
    ruling = rule("revoke", hand_record(), None, answers)
    assert ruling.status == "complete" and ruling.outcome == route
    assert law in ruling.adjustment.laws
    assert {"64C1", "64C2a"} - {law} & set(ruling.adjustment.laws) == set()
    assert ruling.adjustment.note.startswith(label)
