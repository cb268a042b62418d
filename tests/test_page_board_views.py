"""The board pieces of the wizard pages (issue 29): a question page, which shows no
diagram, works out no hands or tricks; the hands a diagram shows read as the cards' own
order gives them, whatever the deal."""

from __future__ import annotations

import random

import pytest

from benchmarks.live_server import TAPPED_BOARD
from td_assist.bridge.board import Board
from td_assist.bridge.cards import ALL_CARDS, Rank, Seat
from td_assist.bridge.deal import Deal, Hand
from td_assist.i18n import use_language
from td_assist.reports import board_views, ruling_report

from .spies import first_arguments

FIRST, RULING = "", "?a=declarer_tricks:9"


@pytest.fixture
def client(app):
    return app.test_client()


def test_a_question_page_works_out_no_hands_or_tricks_and_its_ruling_page_does(
    monkeypatch, client
) -> None:
    ruling_report._views_kept.clear()
    hands = first_arguments(monkeypatch, board_views, "hands")
    tricks = first_arguments(monkeypatch, board_views, "tricks")
    board_id = client.post("/api/boards", json=TAPPED_BOARD).get_json()["id"]
    question = client.get(f"/rule/revoke/{board_id}{FIRST}")
    assert question.status_code == 200
    assert 'class="hand seat-' not in question.get_data(as_text=True)
    assert (len(hands), len(tricks)) == (0, 0)
    ruling = client.get(f"/rule/revoke/{board_id}{RULING}")
    assert 'class="hand seat-N"' in ruling.get_data(as_text=True)
    assert (len(hands), len(tricks)) == (1, 1)


def _as_the_cards_order_them(hand: Hand) -> list[str]:
    """Each suit's ranks as shown, read through the hand's own suit order."""
    return [
        " ".join("10" if c.rank is Rank.TEN else c.rank.value for c in hand.suit_cards(suit)) or "—"
        for suit in board_views.SUITS
    ]


def _shuffled_deal(seed: int) -> Deal:
    cards = list(ALL_CARDS)
    random.Random(seed).shuffle(cards)
    hands = {seat: Hand.of(cards[13 * i : 13 * i + 13]) for i, seat in enumerate(Seat)}
    if seed % 4 == 0:  # a hand not given (a deal tapped in as far as it was seen)
        hands[Seat(random.Random(seed).choice("NESW"))] = Hand(frozenset())
    return Deal.from_hands(hands)


@pytest.mark.parametrize("seed", range(40))
def test_a_diagrams_hands_read_as_the_cards_own_order_gives_them(seed: int) -> None:
    deal = _shuffled_deal(seed)
    board = Board(deal=deal.to_pbn())
    with use_language("en"):
        views = board_views.hands(board)
    assert [view.seat for view in views] == list(Seat)
    for view in views:
        assert [ranks for _symbol, _cls, ranks in view.suits] == _as_the_cards_order_them(
            deal.hand(view.seat)
        )
        assert [(symbol, cls) for symbol, cls, _ranks in view.suits] == [
            (suit.symbol, board_views.SUIT_CLASS[suit]) for suit in board_views.SUITS
        ]


def test_a_void_a_ten_and_the_honours_are_shown_in_order() -> None:
    board = Board.model_validate(
        {"deal": "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"}
    )
    with use_language("en"):
        north = board_views.hands(board)[0]
    assert north.suits[0][2] == "A K Q J 10 9 8 7 6 5 4 3 2"
    assert [ranks for _symbol, _cls, ranks in north.suits[1:]] == ["—", "—", "—"]


def test_a_tricks_cells_are_the_columns_n_e_s_w_with_who_revoked() -> None:
    trick = board_views.TrickView(
        number=4,
        leader=Seat.E,
        cards={"E": ("♥A", "h"), "S": ("♥6", "h"), "W": ("♣9", "c")},
        winner=Seat.E,
        revoke_seats={"W"},
    )
    assert trick.cells == [
        (None, False),
        (("♥A", "h"), False),
        (("♥6", "h"), False),
        (("♣9", "c"), True),
    ]
