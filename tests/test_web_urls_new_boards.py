"""A new board's addresses (its page, its wizard, its ruling form) are the ones Flask
builds, written by the endpoint's rule without walking Flask's URL map for each new
board (issue 29: a TD's first look at a new call asks for three of them)."""

from __future__ import annotations

import pytest
from flask import url_for

from td_assist.web import urls as urls_module
from td_assist.web.urls import kept_url_for

from .spies import first_arguments

BOARD_IDS = ["b1", "a" * 40, "x y", "ä/ß", "50%", "a?b#c", "..", "-_.~", "\u20ac;=@+"]
ENDPOINTS = [
    ("boards.show", {}),
    ("wizard.step", {"wizard_name": "revoke"}),
    ("ledger.record", {"wizard_name": "claim"}),
]


@pytest.mark.parametrize("root", ["", "/td", "/td/club"])
def test_a_new_boards_addresses_are_flasks_and_flask_builds_each_endpoint_once(
    app, monkeypatch, root
):
    built = first_arguments(monkeypatch, urls_module, "url_for")
    with app.test_request_context("/", base_url=f"http://127.0.0.1{root}/"):
        for board_id in BOARD_IDS:
            for endpoint, values in ENDPOINTS:
                expected = url_for(endpoint, board_id=board_id, **values)
                assert kept_url_for(endpoint, board_id=board_id, **values) == expected
                assert expected.startswith(f"{root}/")
    assert sorted(built) == sorted(endpoint for endpoint, _values in ENDPOINTS)


def test_with_a_server_name_flask_writes_every_new_address(app, monkeypatch):
    app.config["SERVER_NAME"] = "td.example"
    built = first_arguments(monkeypatch, urls_module, "url_for")
    for host in ("td.example", "other.example"):
        with app.test_request_context("/", base_url=f"http://{host}/"):
            for board_id in BOARD_IDS[:3]:
                expected = url_for("boards.show", board_id=f"{host} {board_id}")
                assert kept_url_for("boards.show", board_id=f"{host} {board_id}") == expected
    assert len(built) == 6  # each new board's address: Flask's way, the Host may count


def test_a_value_that_is_not_text_goes_to_flask(app):
    with app.test_request_context("/"):
        assert kept_url_for("boards.show", board_id="b1") == url_for("boards.show", board_id="b1")
        assert kept_url_for("boards.show", board_id=7) == url_for("boards.show", board_id=7)


@pytest.mark.parametrize(
    "answer", ["declarer_tricks:9", "a b", "ä/ß?&=#%+", "!$'()*,/:;?@", "~-_."]
)
def test_an_answer_in_the_query_is_written_as_flask_writes_it(app, answer):
    """The query part is written with werkzeug's own set of unquoted characters
    (urls.QUERY_SAFE): a wizard's answers in its links read back as they were."""
    with app.test_request_context("/"):
        for board_id in BOARD_IDS[:4]:
            values = {"wizard_name": "revoke", "board_id": board_id, "a": answer}
            assert kept_url_for("wizard.step", **values) == url_for("wizard.step", **values)
            assert kept_url_for("wizard.step", **values) == url_for("wizard.step", **values)
