"""Requests that answered 500 or did what they should not (issue 28), through the test
client: numbers too large for SQLite, tokens and PINs with non-ASCII text, a lone
surrogate echoed into a page, a GET that writes, an HTML answer on the JSON API, and a
PIN walked from many addresses."""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
from pathlib import Path

import pytest

from td_assist.web import create_app
from td_assist.web.security import PIN_FAILURES_IN_ALL

DATA = Path(__file__).resolve().parent / "data"
TOKEN = "hostile-token"
HUGE = ["99999999999999999999", str(2**63), str(2**64), "9" * 400]
# As sent on the wire (percent-encoded UTF-8): é, a token with é, an emoji, a
# right-to-left mark, full-width letters, a lone surrogate's bytes, a byte no UTF-8 has.
NON_ASCII = [
    "%C3%A9",
    "tok%C3%A9n",
    "%F0%9F%98%80",
    "%E2%80%AE",
    "%EF%BC%AE%EF%BC%B3",
    "%ED%B3%BF",
    "%FF",
]
FORM = "application/x-www-form-urlencoded"


def make_app(tmp_path, **config):
    settings = {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "k"}
    return create_app({**settings, **config})


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    client = app.test_client()
    with client.session_transaction() as session:
        session["csrf_token"] = TOKEN
    return client


def load_session(client) -> str:
    with (DATA / "24-boards-no-play.pbn").open("rb") as handle:
        response = client.post(
            "/sessions",
            data={"csrf_token": TOKEN, "name": "Tuesday", "file": (handle, "t.pbn")},
            content_type="multipart/form-data",
        )
    assert response.status_code == 303
    return response.headers["Location"].rsplit("=", 1)[-1]


def tapped_board(client) -> str:
    from .conftest import TAPPED_HANDS

    body = {
        "number": 1,
        "hands": {seat: cards.split() for seat, cards in TAPPED_HANDS.items()},
        "auction": ["1S", "P", "4S", "P", "P", "P"],
        "play": ["HA", "H6", "H9", "H3"],
    }
    return client.post("/api/boards", json=body).get_json()["id"]


def store_dump(path: Path) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return [(t, sorted(db.execute(f"SELECT * FROM {t}").fetchall())) for t in sorted(tables)]


# --- numbers beyond SQLite's integers ---------------------------------------------------


@pytest.mark.parametrize("number", HUGE)
def test_a_session_board_number_beyond_64_bits_is_not_found(client, number):
    session_id = load_session(client)
    url = f"/sessions/{session_id}/boards/{number}"
    assert client.get(url).status_code == 404
    assert client.get(url + "?c=4S&d=N&t=9").status_code == 404
    assert client.post(url + "?c=4S&d=N&t=9", data={"csrf_token": TOKEN}).status_code == 404


def test_the_store_finds_nothing_for_a_number_it_cannot_hold(app):
    store = app.extensions["td_store"]
    session_id = store.save_session("s", "s", {1: {"number": 1}})
    assert store.session_board(session_id, 2**64) is None
    assert store.entries(board_number=2**64) == []


# --- tokens and PINs with any text -------------------------------------------------------


def post_routes(app) -> list[str]:
    """Every HTML form's address (the JSON API takes no token)."""
    urls = []
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods or rule.rule.startswith("/api/"):
            continue
        url = re.sub(r"<int:[^>]+>", "3", rule.rule)
        urls.append(re.sub(r"<[^>]+>", "x", url))
    return urls


@pytest.mark.parametrize("sent", NON_ASCII)
def test_a_csrf_token_with_non_ascii_text_is_refused_on_every_form(app, client, sent):
    urls = post_routes(app)
    assert len(urls) >= 8
    for url in urls:
        response = client.post(url, data=f"csrf_token={sent}", content_type=FORM)
        assert response.status_code == 400, url
        assert "expired" in response.get_data(as_text=True), url


@pytest.mark.parametrize("sent", NON_ASCII)
def test_the_pin_form_takes_a_token_or_pin_with_any_text(tmp_path, sent):
    app = make_app(tmp_path, LAN_PIN="123456")
    tablet = app.test_client()
    tablet.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    page = tablet.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    forged = tablet.post("/pin", data=f"pin=123456&csrf_token={sent}", content_type=FORM)
    assert forged.status_code == 400 and "expired" in forged.get_data(as_text=True)
    wrong = tablet.post("/pin", data=f"pin={sent}&csrf_token={token}", content_type=FORM)
    assert wrong.status_code == 401 and "not right" in wrong.get_data(as_text=True)


# --- a lone surrogate in what a page echoes ---------------------------------------------


@pytest.mark.parametrize(
    "answers",
    [
        '{"usual": "yes", "declarer_tricks": "\\ud800"}',
        '{"usual": "yes", "\\udfff": "1"}',
        '{"usual": "yes", "offender": "\\ud800\\ud800x"}',
        '{"\\ud83c": "\\udca1"}',
    ],
)
def test_a_lone_surrogate_in_the_answers_gets_a_readable_400(client, answers):
    board_id = tapped_board(client)
    response = client.post(
        f"/rule/revoke/{board_id}/record", data={"csrf_token": TOKEN, "answers": answers}
    )
    assert response.status_code == 400
    body = response.get_data()
    body.decode("utf-8")  # a page any browser reads
    assert b"<p>" in body


def test_a_lone_surrogate_in_the_json_api_is_read_as_unreadable_text(client):
    body = json.dumps({"board": {"number": 1}, "answers": {"declarer_tricks": "\ud800"}})
    response = client.post("/api/rulings/revoke", data=body, content_type="application/json")
    assert response.status_code < 500
    response = client.post("/api/adjust", json={"results": "4S S 10 \ud800"})
    assert response.status_code == 400 and "error" in response.get_json()


# --- a GET never writes ----------------------------------------------------------------


HOSTILE_QUERIES = [
    {"c": "4S", "d": "N", "t": "9", "w": "revoke"},
    {"c": "P", "w": "revoke"},
    {"c": "4S", "x": "X", "d": "S", "t": "open"},
    {"a": "usual:yes", "node": "results", "value": "4S S 10"},
    {"s": "x", "b": "99999999999999999999", "n": "1", "q": "revoke", "limit": "5"},
    {"done": "pin", "new_pin": "1", "csrf_token": TOKEN, "kind": "appeal", "note": "x"},
]


def test_no_get_or_head_handler_writes_to_the_store(app, client, tmp_path):
    session_id = load_session(client)
    board_id = tapped_board(client)
    answers = json.dumps({"usual": "yes", "declarer_tricks": "9"})
    recorded = client.post(
        f"/rule/revoke/{board_id}/record", data={"csrf_token": TOKEN, "answers": answers}
    )
    ruling_id = recorded.headers["Location"].rsplit("/", 1)[-1]
    values = {
        "session_id": session_id,
        "number": "3",
        "board_id": board_id,
        "ruling_id": ruling_id,
        "wizard_name": "revoke",
        "fmt": "csv",
        "page": "64",
        "name": "01-defender-ruffs-two-tricks",
        "filename": "css/app.css",
        "code": "en",
    }
    before = store_dump(tmp_path / "log.sqlite3")
    gets = [rule for rule in app.url_map.iter_rules() if "GET" in rule.methods]
    assert len(gets) >= 20
    for rule in gets:
        url = rule.rule
        for name in rule.arguments:
            url = re.sub(rf"<(?:[a-z]+:)?{name}>", values[name], url)
        for query in HOSTILE_QUERIES:
            for method in (client.get, client.head):
                response = method(url, query_string=query)
                assert response.status_code < 500, (url, query)
    assert store_dump(tmp_path / "log.sqlite3") == before


def test_the_completed_facts_store_the_board_only_when_posted_with_the_token(client, tmp_path):
    session_id = load_session(client)
    url = f"/sessions/{session_id}/boards/3?c=4S&d=N&t=9&w=revoke"
    before = store_dump(tmp_path / "log.sqlite3")
    page = client.get(url)
    assert page.status_code == 200 and "data-rule" in page.get_data(as_text=True)
    assert client.post(url, data={}).status_code == 400  # no token
    assert store_dump(tmp_path / "log.sqlite3") == before
    posted = client.post(url, data={"csrf_token": TOKEN})
    assert posted.status_code == 303 and posted.headers["Location"].startswith("/rule/revoke/")
    assert store_dump(tmp_path / "log.sqlite3") != before


# --- the JSON API answers every error as JSON ---------------------------------------------


def test_an_oversized_body_to_the_api_is_a_json_413(app, client):
    big = json.dumps({"results": "x" * 2_100_000})
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/") or "POST" not in rule.methods:
            continue
        url = re.sub(r"<[^>]+>", "revoke", rule.rule)
        response = client.post(url, data=big, content_type="application/json")
        assert response.status_code == 413, url
        assert response.is_json and "2 MB" in response.get_json()["error"], url


def test_other_api_errors_are_json_too(client):
    missing = client.get("/api/no-such-thing")
    assert missing.status_code == 404 and "error" in missing.get_json()
    wrong_method = client.get("/api/boards")
    assert wrong_method.status_code == 405 and "error" in wrong_method.get_json()


# --- a PIN walked from many addresses ----------------------------------------------------


def test_wrong_pins_from_many_addresses_close_the_pin_until_the_td_makes_a_new_one(tmp_path):
    app = make_app(tmp_path, LAN_PIN="123456")
    laptop = app.test_client()
    guesses = 0
    for address in range(PIN_FAILURES_IN_ALL):  # one guess per address: never locked alone
        tablet = app.test_client()
        tablet.environ_base["REMOTE_ADDR"] = f"10.1.{address // 250}.{address % 250 + 1}"
        page = tablet.get("/").get_data(as_text=True)
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        guess = tablet.post("/pin", data={"pin": f"{address:06d}9", "csrf_token": token})
        assert guess.status_code == 401
        guesses += 1
    lan = laptop.get("/lan").get_data(as_text=True)
    assert "data-pin-alarm" in lan and f"Wrong PINs since this PIN was made: {guesses}" in lan
    # The right PIN from a new address no longer opens td-assist.
    tablet = app.test_client()
    tablet.environ_base["REMOTE_ADDR"] = "10.9.9.9"
    token = re.search(r'name="csrf_token" value="([^"]+)"', tablet.get("/").get_data(as_text=True))
    closed = tablet.post("/pin", data={"pin": "123456", "csrf_token": token.group(1)})
    assert closed.status_code == 429 and "Ask the Director" in closed.get_data(as_text=True)
    # Lifting the per-address locks does not reopen it; a new PIN does.
    lan_token = re.search(r'name="csrf_token" value="([^"]+)"', lan).group(1)
    laptop.post("/lan/unlock", data={"csrf_token": lan_token})
    again = tablet.post("/pin", data={"pin": "123456", "csrf_token": token.group(1)})
    assert again.status_code == 429
    laptop.post("/lan/end-sessions", data={"csrf_token": lan_token, "new_pin": "1"})
    lan = laptop.get("/lan").get_data(as_text=True)
    assert "data-pin-alarm" not in lan and "Wrong PINs since this PIN was made: 0" in lan
    new_pin = app.extensions["td_lan"].pin
    opened = tablet.post("/pin", data={"pin": new_pin, "csrf_token": token.group(1)})
    assert opened.status_code == 303


def test_the_lan_page_counts_wrong_pins(tmp_path):
    app = make_app(tmp_path, LAN_PIN="123456")
    tablet = app.test_client()
    tablet.environ_base["REMOTE_ADDR"] = "192.168.1.40"
    token = re.search(r'name="csrf_token" value="([^"]+)"', tablet.get("/").get_data(as_text=True))
    for pin in ("1", "2", "3"):
        tablet.post("/pin", data={"pin": pin, "csrf_token": token.group(1)})
    lan = app.test_client().get("/lan").get_data(as_text=True)
    assert "Wrong PINs since this PIN was made: 3" in lan and "data-pin-alarm" not in lan
