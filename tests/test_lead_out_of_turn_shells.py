"""The lead-out-of-turn wizard through its shells and from PBN records with markers."""

import json
import re

import pytest

from td_assist.bridge.formats import read_boards
from td_assist.bridge.formats.pbn import boards_to_pbn
from td_assist.cli import main
from td_assist.rulings.engine.registry import rule
from td_assist.web import create_app

DEAL = "N:5432.543.AK2.432 76.QJT9.QJT9.765 AKQJ.876.876.AKQ T98.AK2.543.JT98"


def pbn(declarer: str, play: str) -> str:
    return (
        '[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
        f'[Deal "{DEAL}"]\n[Auction "S"]\n1S Pass 4S Pass\nPass Pass\n'
        f'[Declarer "{declarer}"]\n[Contract "4S"]\n[Play "W"]\n{play}\n'
    )


@pytest.fixture
def client(tmp_path):
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    return app.test_client()


def test_pbn_with_a_spread_declarer_rules_that_north_is_declarer(tmp_path):
    # East led out of turn; South spread his hand (Law 54A) and North played it: the
    # PBN names North with '^' on the Declarer tag.
    path = tmp_path / "spread.pbn"
    path.write_text(pbn("^N", "C8 C2 ^L C7 CA"), encoding="utf-8")
    board = read_boards(path)[0]
    ruling = rule("lead-out-of-turn", board, None, {})
    assert ruling.status == "complete" and ruling.outcome == "declarer_spreads"
    rect = ruling.rectification
    assert rect["offender"] == "E" and rect["correct_leader"] == "W"
    assert rect["declarer"] == "N" and rect["choice"] == "declarer_becomes_dummy"
    assert any(
        step.node == "choice_opening" and step.answered_by == "record" for step in ruling.path
    )


def test_cli_rules_on_an_accepted_lead_in_the_record(tmp_path, capsys):
    path = tmp_path / "board.pbn"
    path.write_text(pbn("S", "C8 C2 ^L C7 CA"), encoding="utf-8")
    assert main(["rule", "lead-out-of-turn", str(path), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["outcome"] == "accepted_opening"
    assert ruling["rectification"]["in_record"] is True
    assert ruling["marked_tricks"] == [1]


def test_api_refused_lead_hands_over_to_the_penalty_card_rules(client):
    board = {"number": 3, "deal": DEAL, "auction": ["1S", "P", "4S", "P", "P", "P"]}
    body = {
        "board": board,
        "irregularity": {
            "kind": "lead_out_of_turn",
            "offender": "E",
            "card": "HQ",
            "trick": 1,
            "faced": True,
        },
        "answers": {"choice": "reject", "lead_choice": "forbid"},
    }
    response = client.post("/api/rulings/lead-out-of-turn", json=body)
    assert response.status_code == 200, response.get_json()
    ruling = response.get_json()
    assert ruling["outcome"] == "rejected_opening"
    assert any(step["group"] == "Penalty card (Law 50D)" for step in ruling["path"])
    assert "Lead of the suit forbidden" in ruling["text"]
    assert ruling["rectification"]["lead_options"]["seat"] == "W"
    bad = dict(body, irregularity=dict(body["irregularity"], card="SA"))
    response = client.post("/api/rulings/lead-out-of-turn", json=bad)
    assert response.status_code == 400 and "East does not hold" in response.get_json()["error"]


def test_options_are_read_in_the_order_of_the_law_and_the_ruling_lists_the_one_chosen():
    board = read_boards_text(pbn("S", ""))
    facts = {"offender": "E", "trick": "1", "card": "HQ"}
    asked = rule("lead-out-of-turn", board, None, facts)
    prompt = asked.pending.prompt
    assert prompt.index("spread") < prompt.index("accept") < prompt.index("refuse")
    ruling = rule("lead-out-of-turn", board, None, {**facts, "choice": "accept"})
    texts = [option.text for option in ruling.options]
    assert len(texts) == 1 and "54B" in texts[0] and texts[0].startswith("chose to accept")
    assert ruling.rectification["choices"] == ["declarer_becomes_dummy", "accept", "reject"]


def read_boards_text(text):
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "b.pbn"
        path.write_text(text, encoding="utf-8")
        return read_boards(path)[0]


def _token(client):
    page = client.get("/boards/new").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _upload_hand_record(client) -> str:
    """The hand record with no play, stored as a club TD would load it; its id."""
    response = client.post("/boards", data={"text": pbn("S", ""), "csrf_token": _token(client)})
    assert response.status_code == 303, response.get_data(as_text=True)[:400]
    return response.headers["Location"].rsplit("/", 1)[-1]


def test_tablet_walk_and_home_tile(client):
    base = f"/rule/lead-out-of-turn/{_upload_hand_record(client)}"
    assert "Who led out of turn?" in client.get(base).get_data(as_text=True)
    page = client.get(f"{base}?a=offender:E&a=trick:1").get_data(as_text=True)
    assert "Which card did East lead?" in page
    asked = f"{base}?a=offender:E&a=trick:1&a=card:HQ&a=faced:yes&a=misinformed_by_opponent:no"
    asked += "&a=proper_lead_made:no&a=partner_face_down:no&a=declarer_began_spread:no"
    asked += "&a=declarer_saw_dummy:no"
    page = client.get(asked).get_data(as_text=True)
    assert "Spread his hand and become dummy" in page
    done = client.get(f"{asked}&a=choice_opening:declarer_becomes_dummy").get_data(as_text=True)
    assert "becomes dummy" in done
    home = client.get("/").get_data(as_text=True)
    assert (
        "Lead out of turn <small>Laws 53-56</small>" in home
        and "coming" not in home.split("Lead out of turn")[1][:60]
    )
    law = client.get("/laws/54").get_data(as_text=True)
    assert "Lead out of turn wizard" in law


def test_tablet_walk_through_a_refused_lead_reaches_declarers_50d2_choice(client):
    base = f"/rule/lead-out-of-turn/{_upload_hand_record(client)}"
    base += "?a=offender:E&a=trick:1&a=card:HQ&a=faced:yes"
    base += "&a=misinformed_by_opponent:no&a=declarer_saw_dummy:no&a=choice_opening:reject"
    base += "&a=partner_face_down:no&a=declarer_began_spread:no"
    page = client.get(base).get_data(as_text=True)
    # No question whether the refused lead was shown in the normal course of play (a
    # question this wizard cannot take the answer to): declarer's choice comes next.
    assert "does declarer require the lead" in page
    done = client.get(f"{base}&a=lead_choice:forbid").get_data(as_text=True)
    assert "Lead of the suit forbidden" in done


def test_after_declarer_spreads_later_rulings_use_the_new_declarer(tmp_path):
    path = tmp_path / "spread.pbn"
    path.write_text(pbn("^N", "C8 C2 ^L C7 CA\nH2 H3 HQ H6"), encoding="utf-8")
    board = read_boards(path)[0]
    ruling = rule(
        "penalty-card",
        board,
        None,
        {"offender": "S", "trick": "2", "cards": "H8", "declarer_faced": "card"},
    )
    role = next(step for step in ruling.path if step.node == "role")
    assert role.answer == "declaring_side"
    assert "South (dummy)" in role.evidence[0] and "North is declarer" in role.evidence[0]


# BBO's order of play: East leads out of turn, declarer calls dummy's club two before
# playing from his own hand (Law 54B2), then South's ace and West's eight.
LIN_DUMMY_SECOND = (
    "pn|S,W,N,E|st||md|1SAKQJH876D876CAKQ,ST98HAK2D543CJT98,S5432H543DAK2C432,|rh||"
    "ah|Board 3|sv|e|mb|1S|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|C7|pc|C2|pc|CA|pc|C8|"
)


def test_lin_record_of_dummy_played_second_is_read_as_the_accepted_lead(tmp_path, capsys):
    path = tmp_path / "dummy-second.lin"
    path.write_text(LIN_DUMMY_SECOND, encoding="utf-8")
    assert main(["rule", "lead-out-of-turn", str(path), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["outcome"] == "accepted_opening"
    rect = ruling["rectification"]
    assert rect["in_record"] is True and rect["dummy_played_second"] is True
    assert rect["offender"] == "E" and rect["next_to_play"] == "S"
    (choice,) = [step for step in ruling["path"] if step["node"] == "choice_opening"]
    assert choice["answered_by"] == "record"
    assert any("♣2 from dummy (North) second" in line for line in choice["evidence"])


def test_dummy_played_second_survives_the_pbn_export_by_seat(tmp_path):
    # PBN lists a trick by seat, not in order of play: the exported board keeps who
    # played which card and the accepted lead out of turn, read back as such.
    lin = tmp_path / "dummy-second.lin"
    lin.write_text(LIN_DUMMY_SECOND, encoding="utf-8")
    exported = tmp_path / "dummy-second.pbn"
    exported.write_text(boards_to_pbn(read_boards(lin)), encoding="utf-8")
    assert '[Play "E"]\nC7 CA C8 C2\n' in exported.read_text(encoding="utf-8")
    board = read_boards(exported)[0]
    trick = board.play_obj.tricks[0]
    assert {seat.value: str(trick.card_of(seat)) for seat in trick.seats} == {
        "E": "C7",
        "N": "C2",
        "S": "CA",
        "W": "C8",
    }
    assert rule("lead-out-of-turn", board, None, {}).outcome == "accepted_opening"
