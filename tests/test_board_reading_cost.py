"""A new board's cards and calls already in their one spelling (as the tablet, the
formats and a board sent back write them) are taken as they are, not read one by one
(issue 29: a board's 52 cards at each ruling POST of a new board); any other spelling
is still read into the one spelling, and a bad one still gets its error."""

from __future__ import annotations

import pytest

from td_assist.bridge.auction import CALL_TEXTS, Call
from td_assist.bridge.board import Board
from td_assist.bridge.cards import ALL_CARDS, CARD_TEXTS, Card
from td_assist.bridge.errors import RecordError

from .spies import first_arguments

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
PLAY = ["HT", "H5", "H2", "HA", "SA", "ST", "S7", "S4"]


def test_the_one_spellings_are_every_card_and_call_as_each_is_written():
    assert {str(card) for card in ALL_CARDS} == CARD_TEXTS and len(CARD_TEXTS) == 52
    assert {str(Call.parse(text)) for text in CALL_TEXTS} == CALL_TEXTS
    assert len(CALL_TEXTS) == 3 + 7 * 5


def test_cards_and_calls_in_their_spelling_are_not_read_one_by_one(monkeypatch):
    cards = first_arguments(monkeypatch, Card, "parse")
    calls = first_arguments(monkeypatch, Call, "parse")
    board = Board.model_validate({"deal": DEAL, "auction": ["1NT", "P", "P", "P"], "play": PLAY})
    assert (cards, calls) == ([], [])
    assert board.play == PLAY and board.auction == ["1NT", "P", "P", "P"]


@pytest.mark.parametrize(
    ("play", "auction", "read_play", "read_auction"),
    [
        (["h10", *PLAY[1:]], ["1n", "AP"], PLAY, ["1NT", "P", "P", "P"]),
        (["♥T", *PLAY[1:]], ["1NT", "pass", "P", "P"], PLAY, ["1NT", "P", "P", "P"]),
        ([" HT", *PLAY[1:]], ["1NT", "P", "P", "P "], PLAY, ["1NT", "P", "P", "P"]),
        (["10h", *PLAY[1:]], ["1♠", "P", "P", "P"], PLAY, ["1S", "P", "P", "P"]),
    ],
)
def test_any_other_spelling_is_still_read_into_the_one(play, auction, read_play, read_auction):
    board = Board.checked(deal=DEAL, auction=auction, play=play)
    assert (board.play, board.auction) == (read_play, read_auction)


def test_a_bad_card_or_call_among_good_ones_still_names_its_place():
    with pytest.raises(RecordError, match="card 3: unknown card 'S1'"):
        Board.checked(deal=DEAL, auction=["1NT", "P", "P", "P"], play=["HT", "H5", "S1"])
    with pytest.raises(RecordError, match="call 2: "):
        Board.checked(deal=DEAL, auction=["1NT", "8S", "P", "P"])
