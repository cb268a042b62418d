"""The bidding box, "where did it happen?", the result builder and the score keypad,
through the Flask test client (the browser walk is tests/test_browser_club.py)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.bridge.formats import read_boards
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.procedures.result_answers import parse_results
from td_assist.session import load_text
from td_assist.web import create_app

HAND_RECORD = Path(__file__).resolve().parent / "data" / "24-boards-no-play.pbn"


@pytest.fixture
def app(tmp_path):
    return create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def session_id(app):
    store = app.extensions["td_store"]
    return load_text(store, HAND_RECORD.read_text(encoding="utf-8"), "24.pbn", "Tuesday").id


def token(client) -> str:
    page = client.get("/sessions").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def links(page: str, attribute: str) -> dict[str, str]:
    """data-ATTRIBUTE value -> the link's address."""
    found = {}
    for href, value in re.findall(r'href="([^"]+)"[^>]*data-' + attribute + r'="([^"]+)"', page):
        found[value] = html.unescape(href)
    return found


def answers_of(url: str) -> dict[str, str]:
    return dict(v.partition(":")[::2] for k, v in parse_qsl(urlsplit(url).query) if k == "a")


def test_an_auction_wizard_on_a_session_board_opens_the_bidding_box(client, session_id):
    reply = client.get(f"/sessions/{session_id}/boards/5?w=insufficient-bid")
    assert reply.status_code == 302
    assert f"/sessions/{session_id}/boards/5/auction?w=insufficient-bid" in reply.location
    page = client.get(reply.location).get_data(as_text=True)
    assert "data-bidding-box" in page and 'data-next-seat="N"' in page  # board 5: North deals
    # The contract pickers are not asked first.
    assert 'data-contract="4S"' not in page


def test_the_box_takes_an_insufficient_bid_and_a_seat_and_undoes(client, session_id):
    base = f"/sessions/{session_id}/boards/5/auction?w=insufficient-bid"
    page = client.get(base + "&k=P+1S").get_data(as_text=True)
    calls = links(page, "call")
    assert "1H" in calls and "insufficient" in page  # 1H is a key, marked insufficient
    assert "X" in calls and "XX" not in calls  # nothing to redouble yet
    after = client.get(calls["1H"]).get_data(as_text=True)
    assert re.findall(r'data-where="(\d+)"', after) == ["3"]  # only the insufficient bid
    assert 'data-next-seat="W"' in after  # West may accept it by calling
    undo = links(after, "undo") or {
        "x": html.unescape(re.search(r'href="([^"]+)" data-undo', after).group(1))
    }
    assert "k=P+1S" in next(iter(undo.values())).replace("%20", "+")
    # A call out of rotation: tap West, then 1H; the call is written with its seat.
    seats = links(page, "seat")
    west = client.get(seats["W"]).get_data(as_text=True)
    assert 'data-next-seat="W"' in west and "out of rotation" in west
    assert "W%3A1H" in links(west, "call")["1H"]


def test_the_tapped_call_starts_the_wizard_with_the_auction(client, session_id, app):
    url = f"/sessions/{session_id}/boards/5/auction"
    form = {"w": "insufficient-bid", "k": "P 1S 1H", "call_index": "3"}
    assert client.post(url, data=form).status_code == 400  # no CSRF token
    form["csrf_token"] = token(client)
    first = client.post(url, data=form)
    again = client.post(url, data=form)
    assert first.status_code == 303 and first.location == again.location  # one board kept
    assert answers_of(first.location) == {
        "usual": "yes",
        "auction": "P 1S 1H",
        "call_index": "3",
    }
    question = client.get(first.location).get_data(as_text=True)
    assert "accept the insufficient bid" in question
    assert "needs the recorded auction" not in question
    # Answer as the table says, by the links, to the ruling: the same ruling as a record
    # holding the auction.
    step = first.location
    for node, value in (("accepted", "no"), ("replacement", "2H")):
        step = client.get(step).get_data(as_text=True)
        step = next(
            html.unescape(h)
            for h in re.findall(r'href="([^"]+)"', step)
            if answers_of(html.unescape(h)).get(node) == value
        )
    ruling_page = client.get(step).get_data(as_text=True)
    board = next(b for b in read_boards(HAND_RECORD) if b.number == 5)
    recorded = rule(
        "insufficient-bid",
        Board.checked(**(board.model_dump() | {"auction": ["P", "1S", "1H"]})),
        None,
        {"accepted": "no", "replacement": "2H", "usual": "yes"},
    )
    assert html.escape(recorded.title, quote=True) in ruling_page
    assert "Law 27B1(a)" in ruling_page


def test_a_bad_auction_posted_is_named_not_a_500(client, session_id):
    form = {"w": "insufficient-bid", "k": "1S X XX XX", "call_index": "4"}
    reply = client.post(
        f"/sessions/{session_id}/boards/5/auction", data=form | {"csrf_token": token(client)}
    )
    assert reply.status_code == 400
    assert "call 4 (XX): XX is not allowed" in reply.get_data(as_text=True)


def test_a_board_without_an_auction_opens_the_box_instead_of_an_error(client):
    text = "board 5\ndeal N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98\n"
    saved = client.post("/boards", data={"text": text, "csrf_token": token(client)})
    board_id = saved.location.rsplit("/", 1)[1]
    reply = client.get(f"/rule/insufficient-bid/{board_id}")
    assert reply.status_code == 302 and f"/boards/{board_id}/auction" in reply.location
    page = client.get(reply.location + "&k=P+1S+1H").get_data(as_text=True)
    assert 'name="a" value="auction:P 1S 1H"' in page
    assert 'value="call_index:3"' in page


def ui_question(client, session_id: str, *extra: tuple[str, str]) -> str:
    form = {
        "w": "unauthorised-information",
        "k": "P 1H 1S 2H 3S P P 4H P P P",
        "call_index": "6",
        "csrf_token": token(client),
    }
    start = client.post(f"/sessions/{session_id}/boards/6/auction", data=form).location
    judged = [
        ("ui", "yes"),
        ("suggested", "yes"),
        ("logical_alternative", "yes"),
        ("damaged", "yes"),
    ]
    query = "&".join(f"a={n}%3A{v}" for n, v in [*judged, *extra])
    return f"{start}&{query}"


def test_one_adjusted_result_takes_two_taps(client, session_id):
    url = ui_question(client, session_id)
    page = client.get(url).get_data(as_text=True)
    assert 'data-stage="contract"' in page
    quick = links(page, "quick-contract")
    assert {"3S-W", "4H-S"} <= set(quick)  # contracts from the auction, with declarer
    tricks = client.get(quick["3S-W"]).get_data(as_text=True)
    assert 'data-stage="tricks"' in tricks
    nine = links(tricks, "tricks")["9"]
    assert answers_of(nine)["results"] == "3S W 9 1"
    assert [str(r) for r in parse_results(answers_of(nine)["results"])] == ["3S W 9"]


def test_weights_in_thirds_add_up_to_one(client, session_id):
    url = ui_question(client, session_id)
    several = re.search(r'href="([^"]+)" data-several', client.get(url).get_data(as_text=True))
    page = client.get(html.unescape(several.group(1))).get_data(as_text=True)
    page = client.get(links(page, "quick-contract")["3S-W"]).get_data(as_text=True)
    page = client.get(links(page, "tricks")["9"]).get_data(as_text=True)
    weights = links(page, "weight")
    assert "1" in weights and "1/3" in weights and "2/3" in weights
    page = client.get(weights["1/3"]).get_data(as_text=True)
    assert "2/3 is left to give" in page
    page = client.get(links(page, "quick-contract")["4H-S"]).get_data(as_text=True)
    page = client.get(links(page, "tricks")["10"]).get_data(as_text=True)
    rest = links(page, "weight")
    assert "1" not in rest and set(rest) >= {"2/3", "1/3", "1/2"}  # never past the whole
    done = answers_of(rest["2/3"])["results"]
    results = parse_results(done)
    assert [(str(r), round(r.weight, 6)) for r in results] == [
        ("3S W 9", 0.333333),
        ("4H S 10", 0.666667),
    ]


def test_weights_that_do_not_add_up_are_refused_with_the_sum(client, session_id):
    page = client.get(
        ui_question(client, session_id, ("results", "3S W 9 0.5; 4H S 10 0.3"))
    ).get_data(as_text=True)
    assert "add up to 0.8" in html.unescape(page)


def test_the_traveller_by_keypad_or_left_out(client, session_id):
    url = ui_question(client, session_id, ("results", "3S W 9"), ("scoring", "pairs"))
    page = client.get(url).get_data(as_text=True)
    assert "data-score-pad" in page
    keys = links(page, "key")
    page = client.get(keys["4"]).get_data(as_text=True)
    page = client.get(links(page, "key")["2"]).get_data(as_text=True)
    assert "not a bridge score" in page  # 42
    page = client.get(links(page, "key")["0"]).get_data(as_text=True)
    add = html.unescape(re.search(r'href="([^"]+)" data-add-score', page).group(1))
    page = client.get(add).get_data(as_text=True)
    assert "Scores so far: 420" in page
    done = html.unescape(re.search(r'href="([^"]+)" data-scores-done', page).group(1))
    assert answers_of(done)["traveller"] == "420"
    ruled = client.get(done).get_data(as_text=True)
    assert "of the matchpoints" in ruled
    skip = html.unescape(re.search(r'href="([^"]+)" data-traveller-skip', page).group(1))
    left_out = html.unescape(client.get(skip).get_data(as_text=True))
    assert "the scorer matchpoints the weighted NS score of -140 points" in left_out


def test_the_tap_entry_page_gets_the_session_deal_by_board_number(client, session_id):
    reply = client.post("/api/boards/check", json={"number": 6})
    found = reply.get_json()["session_deal"]
    board = next(b for b in read_boards(HAND_RECORD) if b.number == 6)
    assert found["session"] == "Tuesday"
    assert sorted(found["hands"]["N"]) == sorted(str(c) for c in board.deal_obj.hand(Seat.N).cards)
    assert client.post("/api/boards/check", json={"number": 99}).get_json()["session_deal"] is None
