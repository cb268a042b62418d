"""benchmarks/load.py's never-answered rows (issue 29): each request is on a deal of its
own, a legal one the wizard reads as it reads the kept board (same page, same ruling),
so the rows measure what a TD's new board costs. No server, no timing."""

from __future__ import annotations

import json
import re

import pytest

from benchmarks.live_server import TAPPED_BOARD
from benchmarks.load import NEW_ROUTES, WIZARD_STEPS, never_answered, ruling_body
from td_assist.bridge.board import Board
from td_assist.rulings.engine.requests import parse_request

COUNT = 300


def heading(page: str) -> str:
    found = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)
    assert found is not None, page[:300]
    return found.group(1)


@pytest.fixture
def client(app):
    return app.test_client()


def tapped(client, boards: list[dict]):
    def tap_in(board: dict) -> str:
        boards.append(board)
        response = client.post("/api/boards", json=board)
        assert response.status_code in (200, 201), response.get_data(as_text=True)
        return str(response.get_json()["id"])

    return tap_in


def trick_winners(board: Board) -> list[object]:
    assert board.play_obj is not None
    return [trick.winner for trick in board.play_obj.tricks]


def test_every_new_wizard_page_is_a_deal_of_its_own(client):
    boards: list[dict] = []
    requests = never_answered(NEW_ROUTES[0], COUNT, tapped(client, boards))
    assert len(requests) == COUNT
    deals = {json.dumps({s: sorted(c) for s, c in b["hands"].items()}) for b in boards}
    assert len(deals) == COUNT
    assert json.dumps({s: sorted(c) for s, c in TAPPED_BOARD["hands"].items()}) not in deals


def test_a_new_wizard_page_is_the_wizard_page_of_the_kept_board(client):
    kept = client.post("/api/boards", json=TAPPED_BOARD).get_json()["id"]
    expected = {
        step: heading(client.get(f"/rule/revoke/{kept}{step}").get_data(as_text=True))
        for step in WIZARD_STEPS
    }
    for _, method, path, _ in never_answered(NEW_ROUTES[0], 12, tapped(client, [])):
        response = client.get(path)
        assert method == "GET" and response.status_code == 200
        step = path[path.index("?") :] if "?" in path else ""
        assert heading(response.get_data(as_text=True)) == expected[step]


def test_every_new_ruling_post_is_a_deal_of_its_own_with_the_same_play_shape():
    kept = parse_request(json.loads(ruling_body())).board
    requests = never_answered(NEW_ROUTES[1], COUNT, lambda board: "unused")
    boards = [parse_request(json.loads(body)).board for *_, body in requests]
    assert len({board.deal for board in boards} | {kept.deal}) == COUNT + 1
    for board in boards[:40]:
        assert trick_winners(board) == trick_winners(kept)
        assert [r.trick for r in board.revokes] == [r.trick for r in kept.revokes]


def test_a_new_ruling_post_answers_as_the_kept_board_does(client):
    kept = client.post("/api/rulings/revoke", data=ruling_body(), content_type="application/json")
    assert kept.status_code == 200
    for *_, body in never_answered(NEW_ROUTES[1], 12, lambda board: "unused"):
        response = client.post("/api/rulings/revoke", data=body, content_type="application/json")
        assert response.status_code == 200
        assert response.get_json()["adjustment"] == kept.get_json()["adjustment"]
