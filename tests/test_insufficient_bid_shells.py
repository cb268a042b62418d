"""The insufficient-bid wizard through its shells, from records holding the insufficient bid."""

import json
import re
from pathlib import Path

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.formats import read_boards
from td_assist.cli import main
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.engine.requests import parse_irregularity
from td_assist.web import create_app
from td_assist.web.views import auction_rows

DEAL = "N:5432.543.AK2.432 76.QJT9.QJT9.765 AKQJ.876.876.AKQ T98.AK2.543.JT98"


def pbn(auction: str, extra: str = "") -> str:
    return (
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{DEAL}"]\n{extra}[Auction "N"]\n{auction}\n'
    )


@pytest.fixture
def client(tmp_path):
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    return app.test_client()


def test_cli_rules_on_a_pbn_record_with_an_accepted_insufficient_bid(tmp_path, capsys):
    path = tmp_path / "accepted.pbn"
    path.write_text(pbn("1NT ^I 1H 2H Pass\nPass Pass"), encoding="utf-8")
    assert main(["rule", "insufficient-bid", str(path), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    rect = ruling["rectification"]
    assert ruling["outcome"] == "accepted_bid"
    assert rect["accepted"] is True and rect["replacement"] is None
    assert (rect["offender"], rect["accept_chooser"]) == ("E", "S")
    # South's 2H over the accepted 1H: South, not East, is declarer.
    assert (rect["contract"], rect["declarer"]) == ("2H", "S")


def test_cli_rules_on_a_replaced_insufficient_bid_in_a_pbn_record(tmp_path, capsys):
    path = tmp_path / "replaced.pbn"
    path.write_text(
        pbn("1NT 1H 2H Pass\nPass Pass", '[Declarer "E"]\n[Contract "2H"]\n'), encoding="utf-8"
    )
    assert main(["rule", "insufficient-bid", str(path), "--json"]) == 0
    rect = json.loads(capsys.readouterr().out)["rectification"]
    assert rect["replacement"] == "2H" and rect["replacement_kind"] == "lowest_same_denomination"
    assert (rect["contract"], rect["declarer"], rect["partner_barred"]) == ("2H", "E", False)


def test_the_accepted_answer_forces_the_other_reading_of_the_same_calls(tmp_path):
    path = tmp_path / "replaced.pbn"
    path.write_text(pbn("1NT 1H 2H Pass\nPass Pass"), encoding="utf-8")
    board = read_boards(path)[0]
    ruling = rule("insufficient-bid", board, None, {"accepted": "yes"})
    assert ruling.outcome == "accepted_bid"
    assert ruling.rectification["declarer"] == "S"
    accepted_step = next(step for step in ruling.path if step.node == "accepted")
    assert accepted_step.answered_by == "td"


def test_api_takes_the_contract_request_and_names_bad_input(client):
    board = {"number": 1, "deal": DEAL, "auction": ["1NT", "1H"]}
    body = {
        "board": board,
        "irregularity": {"kind": "insufficient_bid", "call_index": 2},
        "answers": {"accepted": "no", "replacement": "3H", "comparable": "no"},
    }
    response = client.post("/api/rulings/insufficient-bid", json=body)
    assert response.status_code == 200, response.get_json()
    rect = response.get_json()["rectification"]
    assert rect["replacement_kind"] == "other" and rect["partner_barred"] is True
    assert rect["lead_restrictions"] is True and rect["contract"] is None
    for answers, words in (
        ({"accepted": "no", "replacement": "1S"}, "insufficient"),
        ({"accepted": "no", "replacement": "banana"}, "replacement"),
        ({"damaged": "yes", "results": "4S N ten 1"}, "results"),
    ):
        response = client.post("/api/rulings/insufficient-bid", json=dict(body, answers=answers))
        if "results" in answers:  # the record stops at 1H: give a replacement that needs 27D
            answers = {"accepted": "no", "replacement": "2H", **answers}
            response = client.post(
                "/api/rulings/insufficient-bid", json=dict(body, answers=answers)
            )
        assert response.status_code == 400, response.get_json()
        assert words in json.dumps(response.get_json())
    not_ib = dict(body, irregularity={"kind": "insufficient_bid", "call_index": 1})
    response = client.post("/api/rulings/insufficient-bid", json=not_ib)
    assert response.status_code == 400
    assert "not an insufficient bid" in response.get_json()["error"]


def test_seven_level_insufficient_bid_has_no_lowest_sufficient_bid():
    board = Board.checked(number=1, deal=DEAL, auction=["7S", "7D", "P", "P", "P"])
    ruling = rule("insufficient-bid", board, None, {"accepted": "no"})
    rect = ruling.rectification
    assert rect["lowest_sufficient_same_denomination"] is None
    assert rect["replacement_kind"] == "other" and rect["partner_barred"] is True


def test_no_record_of_the_auction_is_a_clear_error(client):
    body = {"board": {"number": 1, "deal": DEAL}, "irregularity": {"kind": "insufficient_bid"}}
    response = client.post("/api/rulings/insufficient-bid", json=body)
    assert response.status_code == 400
    assert "recorded auction" in response.get_json()["error"]


def test_weights_must_add_up_to_one():
    board = Board.checked(
        number=1, deal=DEAL, auction=["1S", "1H", "2H", "2S", "4H", "P", "P", "P"], result=10
    )
    answers = {"accepted": "no", "damaged": "yes", "results": "3H E 10 0.6; 4S N 9 0.3"}
    with pytest.raises(Exception, match=r"results: the weights add up to 0\.9 .*not 1"):
        rule("insufficient-bid", board, None, answers)


def test_auction_grid_marks_the_insufficient_bid_and_its_replacement():
    replaced = Board.checked(number=1, auction=["1NT", "1H", "2H", "P", "P", "P"])
    assert auction_rows(replaced) == [
        ["", "1NT", "1♥ insufficient → 2♥", "Pass"],
        ["Pass", "Pass", "", ""],
    ]
    accepted = Board.checked(
        number=1, auction=["2S", "2D", "P", "P", "P"], contract="2D", declarer="E"
    )
    assert auction_rows(accepted)[0][2] == "2♦ insufficient, accepted"


def _token(client):
    page = client.get("/boards/new").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def test_tablet_asks_lho_then_the_replacement_and_marks_the_auction(client):
    text = pbn("1NT 1H")
    response = client.post("/boards", data={"text": text, "csrf_token": _token(client)})
    assert response.status_code == 303, response.get_data(as_text=True)[:400]
    board_id = response.headers["Location"].rsplit("/", 1)[-1]
    base = f"/rule/insufficient-bid/{board_id}"
    turn = client.get(base).get_data(as_text=True)
    assert "Did East bid 1H at his own turn" in turn and "{" not in turn
    assert "West bid it, at his partner&#39;s turn" in turn  # the choices name the seats
    base += "?a=whose_turn:own"
    assert "unintended call" in client.get(base).get_data(as_text=True)
    base += "&a=unintended:no"
    first = client.get(base).get_data(as_text=True)
    assert "Does South (the offender" in first and "{lho}" not in first
    page = client.get(f"{base}&a=accepted:no").get_data(as_text=True)
    assert "Which legal call did East make in place of 1H?" in page
    asked = f"{base}&a=accepted:no&a=replacement:2H"
    done = client.get(f"{asked}&a=artificial:no&a=damaged_lowest:no").get_data(as_text=True)
    assert "lowest sufficient bid" in done and "1♥ insufficient" in done


def test_home_tile_is_live_and_law_27_lists_the_steps(client):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/boards/new?wizard=insufficient-bid"' in home
    law = client.get("/laws/27").get_data(as_text=True)
    assert "Insufficient bid wizard" in law


REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "real-records" / "pbn"


@pytest.mark.skipif(not REAL.is_dir(), reason="../shared/real-records is absent")
def test_a_real_record_with_two_accepted_insufficient_bids_rules_on_each():
    # heilman__correct_10.pbn: an auction with ^I before 1C and before 3NT.
    board = next(
        b for b in read_boards(REAL / "heilman__correct_10.pbn") if len(b.insufficient_bids) == 2
    )
    for bid in board.insufficient_bids:
        report = parse_irregularity({"kind": "insufficient_bid", "call_index": bid.call_index})
        ruling = rule("insufficient-bid", board, report, {})
        assert ruling.outcome == "accepted_bid"
        rect = ruling.rectification
        assert rect["offender"] == bid.offender.value and rect["accepted"] is True
        assert (rect["contract"], rect["declarer"]) == ("5HX", "N")


def test_list_questions_fills_the_placeholders_with_role_words(capsys):
    assert main(["rule", "insufficient-bid", "--list-questions"]) == 0
    listed = capsys.readouterr().out
    assert "Does the offender's LHO" in listed
    questions = [line for line in listed.splitlines() if "(TD)" in line or "(record" in line]
    assert questions and not any("{" in line for line in questions)


def test_ruling_page_shows_the_auction_as_the_td_read_it(client):
    text = pbn("2S 2D Pass Pass\nPass")
    response = client.post("/boards", data={"text": text, "csrf_token": _token(client)})
    board_id = response.headers["Location"].rsplit("/", 1)[-1]
    base = f"/rule/insufficient-bid/{board_id}?a=whose_turn:own&a=unintended:no"
    replaced = client.get(f"{base}&a=accepted:no&a=artificial:no&a=comparable:no").get_data(
        as_text=True
    )
    assert "2♦ insufficient → Pass" in replaced
    accepted = client.get(f"{base}&a=accepted:yes").get_data(as_text=True)
    assert "2♦ insufficient, accepted" in accepted and "by East" in accepted


def test_law_12c1e_needs_the_result_without_the_error():
    board = Board.checked(
        number=1, deal=DEAL, auction=["1S", "1H", "2H", "2S", "4H", "X", "P", "P", "P"], result=10
    )
    answers = {"accepted": "no", "damaged": "yes", "results": "3H E 10", "serious_error": "yes"}
    with pytest.raises(Exception, match="result_without_error"):
        rule("insufficient-bid", board, None, answers)
    answers["result_without_error"] = "4H E banana"
    with pytest.raises(Exception, match=r"result_without_error.*banana"):
        rule("insufficient-bid", board, None, answers)


def test_law_27d_teams_each_side_gets_the_weighted_imps_of_its_own_view():
    board = Board.checked(
        number=1, deal=DEAL, auction=["1S", "1H", "2H", "2S", "4H", "P", "P", "P"], result=10
    )
    answers = {
        "accepted": "no",
        "damaged": "yes",
        "results": "3H E 10 60%; 4S N 9 40%",
        "comparison": "-420",
    }
    ruling = rule("insufficient-bid", board, None, answers)
    adjustment = ruling.adjustment
    assert "NS -122 points, +7.2 IMPs; EW +122 points, -7.2 IMPs" in ruling.text
    # 6 and 9 IMPs weighted (never the IMPs of the weighted -122 points, which are 7).
    assert adjustment.imps_ns == 7.2 and [w.imps_ns for w in adjustment.weighted] == [6, 9]
    assert adjustment.by_side["NS"].imps == 7.2 and adjustment.by_side["EW"].imps == -7.2
    assert adjustment.self_inflicted is None
