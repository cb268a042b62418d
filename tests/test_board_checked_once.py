"""A board is checked once (issue 29): the ruling API checks the board it reads, and the
ruling checks the board it is given; the second asks nothing again. What a board has
derived (deal, auction, contract, play, the check) goes with a copy only while the
fields it comes from stay the same: a copy with other cards played or another claim
derives and checks them afresh."""

from __future__ import annotations

import uuid

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.rulings.engine.requests import RulingRequest, parse_request

from .spies import first_arguments

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
# 1NT by North; East leads: West wins the heart, North the spade
PLAY = ["HT", "H5", "H2", "HA", "SA", "ST", "S7", "S4"]


def _board(**fields: object) -> Board:
    return Board.checked(number=1, deal=DEAL, auction=["1NT", "P", "P", "P"], **fields)


def test_a_ruling_post_checks_its_new_board_once(monkeypatch, app):
    checks = first_arguments(monkeypatch, Board, "_check_claim")
    board = {
        "number": 1,
        "deal": DEAL,
        "auction": ["1NT", "P", "P", "P"],
        "play": PLAY,
        "event": f"checked once {uuid.uuid4()}",  # a board no other test has sent
    }
    response = app.test_client().post("/api/rulings/revoke", json={"board": board})
    assert response.status_code == 200, response.get_json()
    assert len(checks) == 1


def test_asking_again_does_not_check_again(monkeypatch):
    board = Board.model_validate({"deal": DEAL, "auction": ["1NT", "P", "P", "P"], "play": PLAY})
    checks = first_arguments(monkeypatch, Board, "_check_claim")
    board.validate_record()
    board.validate_record()
    board.normalized().validate_record()
    assert checks == [board]


def test_a_board_that_fails_its_check_fails_it_every_time():
    board = Board.model_validate(
        {"deal": DEAL, "auction": ["1NT", "P", "P", "P"], "play": PLAY, "claim": 13}
    )
    for _ in range(2):
        with pytest.raises(RecordError, match="a claim of 13 tricks"):
            board.validate_record()


def test_a_copy_with_other_cards_played_replays_them():
    board = _board(play=PLAY)
    assert len(board.play_obj.cards) == 8
    shorter = board.model_copy(update={"play": PLAY[:4]})
    assert len(shorter.play_obj.cards) == 4
    assert [t.winner for t in shorter.play_obj.tricks] == [board.play_obj.tricks[0].winner]


def test_a_copy_with_another_deal_or_auction_derives_them_again():
    board = _board(play=PLAY)
    other_deal = "N:T98.765.432.AKQJ AKQJ.T98.765.432 432.AKQJ.T98.765 765.432.AKQJ.T98"
    moved = board.model_copy(update={"deal": other_deal, "play": []})
    assert str(moved.deal_obj) == other_deal and moved.play_obj is None
    passed_out = board.model_copy(
        update={"auction": ["P", "P", "P", "P"], "play": [], "contract": None, "declarer": None}
    )
    assert passed_out.contract_obj is not None and passed_out.contract_obj.is_passed_out


def test_a_copy_with_a_claim_the_play_rules_out_is_checked_again():
    board = _board(play=PLAY, claim=7)
    board.validate_record()
    with pytest.raises(RecordError, match="a claim of 13 tricks"):
        board.model_copy(update={"claim": 13}).validate_record()


def test_a_copy_changing_only_what_nothing_derives_from_keeps_what_was_derived():
    board = _board(play=PLAY)
    board.validate_record()
    for update in ({"event": "club pairs"}, {"number": 5}, {"result": 7}):
        copy = board.model_copy(update=update)
        assert copy.play_obj is board.play_obj and copy.deal_obj is board.deal_obj
        assert copy.record_checked


@pytest.mark.parametrize(
    "fields",
    [
        {"deal": DEAL.lower(), "auction": ["1NT", "P", "P", "P"], "play": PLAY},
        {"deal": DEAL, "contract": "3nx", "declarer": "s", "play": PLAY},
        {
            "number": 1,
            "auction": ["1NT", "1H", "2H", "P", "P", "P"],
            "contract": "2H",
            "declarer": "S",
        },
        {"deal": "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765", "contract": "4S"},
    ],
)
def test_the_written_out_board_keeps_objects_equal_to_those_read_afresh(fields):
    written = Board.checked(**fields)
    fresh = Board.model_validate(written.model_dump())
    assert written.deal_obj == fresh.deal_obj
    assert written.contract_obj == fresh.contract_obj
    assert written.auction_obj == fresh.auction_obj
    if written.play:
        assert written.play_obj.cards == fresh.play_obj.cards
        assert written.play_obj.winners() == fresh.play_obj.winners()


def test_a_request_whose_board_is_in_its_one_form_is_not_copied(monkeypatch):
    """normalized() gives the board itself back: the request read stands, no copy
    (issue 29: one fewer model built per new ruling POST)."""
    copies = first_arguments(monkeypatch, RulingRequest, "model_copy")
    board = _board(play=PLAY, event=f"one form {uuid.uuid4()}").model_dump(mode="json")
    request = parse_request({"board": board})
    assert copies == []
    assert request.board is not None and request.board.deal == DEAL
    written = parse_request({"board": {**board, "deal": DEAL.lower()}})
    assert len(copies) == 1
    assert written.board is not None and written.board.deal == DEAL
