"""Random and hostile requests never produce a 500 or a traceback."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from td_assist.web import create_app

from .conftest import TAPPED_HANDS

SETTINGS = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 100) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
board_like = st.fixed_dictionaries(
    {},
    optional={
        "number": st.integers(-3, 40) | st.text(max_size=4),
        "hands": st.dictionaries(
            st.sampled_from(["N", "E", "S", "W", "X"]),
            st.lists(st.sampled_from(["SA", "HK", "D2", "C10", "ZZ", ""]), max_size=15),
            max_size=4,
        ),
        "auction": st.lists(st.sampled_from(["1S", "P", "X", "XX", "2H", "8N", ""]), max_size=8),
        "play": st.lists(st.sampled_from(["SA", "HK", "D2", "H3"]), max_size=6),
        "deal": st.text(max_size=30),
        "dealer": st.text(max_size=3),
    },
)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "log.sqlite3"
    return create_app({"TESTING": True, "STORE_PATH": str(path), "SECRET_KEY": "t"}).test_client()


@pytest.fixture(scope="module")
def board_id(client):
    hands = TAPPED_HANDS
    body = {
        "number": 1,
        "hands": {k: v.split() for k, v in hands.items()},
        "auction": ["1S", "P", "4S", "P", "P", "P"],
        "play": [
            "HA",
            "H6",
            "H9",
            "H3",
            "HK",
            "H7",
            "HT",
            "H4",
            "D5",
            "DA",
            "D9",
            "D2",
            "CA",
            "C8",
            "C2",
            "C5",
            "DK",
            "S9",
            "D3",
            "D6",
            "CJ",
        ],
    }
    response = client.post("/api/boards", json=body)
    assert response.status_code == 201
    return response.get_json()["id"]


def ok(response):
    assert response.status_code < 500, response.get_data(as_text=True)[:300]
    assert "Traceback" not in response.get_data(as_text=True)


@SETTINGS
@given(json_values)
def test_api_rulings_with_any_json(client, body):
    ok(client.post("/api/rulings/revoke", data=json.dumps(body), content_type="application/json"))


@SETTINGS
@given(board_like)
def test_api_boards_check_and_save_with_board_like_json(client, body):
    ok(client.post("/api/boards/check", json=body))
    ok(client.post("/api/boards", json=body))
    ok(client.post("/api/rulings/revoke", json={"board": body}))


NODE_ANSWERS = st.sampled_from(
    [
        "attention:in_time",
        "attention:after_round",
        "equity:skip",
        "equity:10",
        "equity:99",
        "won_from_revoke:2",
        "offender:W",
        "revoke_trick:5",
        "later_trick:no",
        "declarer_tricks:9",
        "declarer_tricks:-1",
        "dummy_card:yes",
        "established:no",
        "role:defender",
        "x:y",
        "attention",
        ":",
        "revoke_found:no",
    ]
)


@SETTINGS
@given(st.lists(NODE_ANSWERS | st.text(max_size=20), max_size=8), st.text(max_size=30))
def test_wizard_and_search_addresses_with_any_text(client, board_id, answers, query):
    ok(client.get("/search", query_string={"q": query}))
    ok(client.get("/api/search", query_string={"q": query, "limit": query[:3]}))
    ok(client.get(f"/rule/revoke/{board_id}", query_string=[("a", a) for a in answers]))
    ok(client.get("/laws/" + query.replace("/", "")[:10]))
