"""Issue 11 items 1, 2 and 4: any spelling the model accepts renders on every page;
digits other than ASCII and huge numbers get a clear error, never a 500."""

import json
import re

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import parse_record
from td_assist.bridge.formats.pbn import parse_pbn
from td_assist.web import create_app

DEAL = "N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98"


@pytest.fixture
def app(tmp_path):
    return create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )


@pytest.fixture
def client(app):
    return app.test_client()


def token(client):
    page = client.get("/boards/new").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def paste(client, text, number=""):
    return client.post(
        "/boards", data={"text": text, "board_number": number, "csrf_token": token(client)}
    )


SPELLINGS = [
    "pass 1s p 4s pass p pass",
    "P 1S P 4S P P P",
    "p 1♠ Pass 4♠ pass PASS p",
    "Pass 1s pas 4S AP",
]


@pytest.mark.parametrize("calls", SPELLINGS)
def test_every_spelling_is_stored_canonical_and_every_page_renders(client, app, calls):
    text = f"board 5\ndeal {DEAL}\nauction {calls}\nplay h8 hj h3 ha / hk h7 h10 h4\n"
    response = paste(client, text)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    board_id = response.headers["Location"].rsplit("/", 1)[-1]
    stored = app.extensions["td_store"].board(board_id)
    assert stored["auction"] == ["P", "1S", "P", "4S", "P", "P", "P"]
    assert stored["play"] == ["H8", "HJ", "H3", "HA", "HK", "H7", "HT", "H4"]
    assert client.get(f"/boards/{board_id}").status_code == 200
    assert client.get(f"/rule/revoke/{board_id}").status_code == 200


def test_a_board_saved_as_typed_by_an_older_version_still_renders(client, app):
    store = app.extensions["td_store"]
    typed = {"number": 1, "deal": DEAL, "auction": ["1n", "p", "pass", "Pass"], "play": []}
    board_id = store.save_board(typed, source="pasted")
    assert client.get(f"/boards/{board_id}").status_code == 200
    assert client.get(f"/rule/revoke/{board_id}").status_code == 200
    board = Board.model_validate(typed)
    ruling_id = store.save_ruling(board_id, "revoke", {}, _any_ruling(client, board), "")
    assert client.get(f"/rulings/{ruling_id}").status_code == 200


def _any_ruling(client, board):
    response = client.post(
        "/api/rulings/revoke", json={"board": json.loads(board.model_dump_json())}
    )
    assert response.status_code == 200
    return response.get_json()


def test_the_api_accepts_ordinary_spellings_and_answers_canonical_calls(client):
    board = {"number": 1, "deal": DEAL, "auction": ["1s", "p", "2♠", "pass", "P", "p"]}
    response = client.post("/api/rulings/revoke", json={"board": board})
    assert response.status_code == 200


def test_irregular_auctions_and_leads_render(client, app):
    # East's 1H is insufficient and replaced by 2H; East also leads out of turn.
    text = f"board 1\ndeal {DEAL}\nauction 1NT 1H 2H P P P\nplay sa s3 s7 sj\n"
    response = paste(client, text)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    board_id = response.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(f"/boards/{board_id}")
    assert page.status_code == 200
    assert client.get(f"/rule/revoke/{board_id}").status_code == 200


# Item 2: digits that str.isdigit() accepts but int() refuses ---------------------


def test_superscript_digits_are_refused_cleanly_everywhere(client):
    assert client.get("/laws/%C2%B2").status_code == 404
    text = f"board 1\ndeal {DEAL}\n"
    assert paste(client, text, number="²").status_code in (303, 400)
    bad_call = paste(client, f"board 1\ndeal {DEAL}\nauction ²S P P P\n")
    assert bad_call.status_code == 400
    assert "²S" in bad_call.get_data(as_text=True)
    api = client.post("/api/rulings/revoke", json={"board": {"auction": ["²S"]}})
    assert api.status_code == 400 and "unknown call" in api.get_json()["error"]
    with pytest.raises(RecordError, match="board: '²' is not a number"):
        parse_record(f"board ²\ndeal {DEAL}\n")


def test_a_pbn_note_numbered_with_a_superscript_is_not_a_note():
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1S =1= AP\n[Note "²:x"]\n'
    (board,) = parse_pbn(text)
    assert board.auction_notes == {0: ""}


# Item 4: a JSON record with a 5,000-digit number -----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"number": ' + "9" * 5000 + "}",
        '{"number": 1, "result": ' + "1" * 5000 + "}",
        '{"number": "' + "9" * 5000 + '"}',
        '{"number": 1e999}',
    ],
)
def test_a_huge_number_in_json_is_a_clear_error(client, text):
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    assert "Exceeds" not in str(caught.value) and "int" not in str(caught.value)
    response = paste(client, text)
    assert response.status_code == 400


def test_deal_and_contract_are_stored_in_their_one_form():
    board = Board.checked(
        number=1,
        deal="e:543.akq2.765.765 876.876.akq8.akq jt9.jt9.jt9.jt98 -",
        contract="4s",
        declarer="n",
        play=["♥8", "10h", "h3", "h2"],
    )
    assert board.deal == DEAL and board.contract == "4S" and board.declarer.value == "N"
    assert board.play == ["H8", "HT", "H3", "H2"]
