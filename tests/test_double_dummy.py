"""Double-dummy tricks with the optional analysis extra (endplay), and everything without it."""

import json
import re

import pytest

from td_assist.bridge import double_dummy
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Strain
from td_assist.cli import main
from td_assist.rulings.engine.registry import rule
from td_assist.web import create_app

# North-South hold AKQJ932 of diamonds opposite a singleton and solid black suits:
# 13 tricks in notrump and diamonds for either of them, 11 in spades; East-West 3 in hearts.
DEAL = "N:543.74.AKQJ932.6 QJT.32.T865.9842 AK2.AK65.4.AK753 9876.QJT98.7.QJT"
BOARD = {
    "number": 1,
    "deal": DEAL,
    "auction": ["1S", "P", "2S", "3H", "P", "P", "3S", "P", "P", "P"],
    "result": 9,
}
ANSWERS = {
    "ui": "yes", "suggested": "yes", "logical_alternative": "yes", "damaged": "yes",
    "results": "3H W 9 0.6; 3H W 8 0.4",
}  # fmt: skip
SLOW = {"kind": "unauthorised_information", "source": "N", "call_index": 5}


@pytest.fixture
def without_endplay(monkeypatch):
    monkeypatch.setattr(double_dummy, "available", lambda: False)
    double_dummy.dd_table.cache_clear()
    yield
    double_dummy.dd_table.cache_clear()


def board_page(tmp_path) -> str:
    client = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "s.db"), "SECRET_KEY": "t"}
    ).test_client()
    page = client.get("/boards/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    text = f"board 1\ndeal {DEAL}\nauction {' '.join(BOARD['auction'])}\nresult 9"
    response = client.post("/boards", data={"text": text, "csrf_token": token})
    return client.get(response.headers["Location"]).get_data(as_text=True)


def test_with_endplay_the_tricks_table_and_each_contract(tmp_path, capsys):
    pytest.importorskip("endplay")
    double_dummy.dd_table.cache_clear()
    table = double_dummy.dd_table(DEAL)
    assert table[Strain.NOTRUMP][Seat.S] == 13 and table[Strain.DIAMONDS][Seat.N] == 13
    assert table[Strain.SPADES][Seat.N] == 11 and table[Strain.HEARTS][Seat.W] == 3
    ruling = rule("unauthorised-information", Board.model_validate(BOARD), None, ANSWERS)
    assert [line.dd_tricks for line in ruling.adjustment.weighted] == [3, 3]
    assert "data-dd-table" in board_page(tmp_path)
    desk = create_app({"TESTING": True, "STORE_PATH": str(tmp_path / "d.db")}).test_client()
    page = desk.get("/adjust", query_string={"results": "3NT S 13", "deal": DEAL})
    assert "data-dd>13<" in page.get_data(as_text=True)
    assert main(["adjust", "--results", "3NT S 13", "--deal", DEAL]) == 0
    assert "double-dummy tricks" in capsys.readouterr().out


def test_without_endplay_everything_else_works(tmp_path, without_endplay, capsys):
    assert double_dummy.dd_table(DEAL) is None
    assert double_dummy.dd_tricks(DEAL, Strain.SPADES, Seat.N) is None
    ruling = rule("unauthorised-information", Board.model_validate(BOARD), None, ANSWERS)
    assert ruling.status == "complete"
    assert [line.dd_tricks for line in ruling.adjustment.weighted] == [None, None]
    assert ruling.adjustment.score_ns_final == -64  # 0.6 x -140 + 0.4 x 50
    assert "data-dd-table" not in board_page(tmp_path)
    assert main(["adjust", "--results", "3NT S 13", "--deal", DEAL, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["weighted"][0]["dd_tricks"] is None


def test_a_partial_deal_has_no_analysis():
    partial = "N:543.74.AKQJ932.6 QJT.32.T865.9842 - -"
    assert double_dummy.dd_table(partial) is None


def test_a_malformed_deal_is_named(capsys):
    assert main(["adjust", "--results", "3NT S 13", "--deal", "N:AKQ"]) == 2
    assert "Traceback" not in capsys.readouterr().err
