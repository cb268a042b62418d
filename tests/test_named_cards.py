"""procedures.named_cards: the cards a TD names as exposed, shared by the penalty-card
(Law 49) and exposed-card (Law 24) wizards, each passing its own words and law."""

import pytest

from td_assist.bridge.cards import Card, Seat
from td_assist.bridge.errors import RecordError
from td_assist.rulings.engine.model import Step
from td_assist.rulings.procedures.named_cards import (
    ask_more_cards,
    card_names,
    cards_answer,
    whose_card,
)

HELD = [Card.parse(c) for c in ("SK", "S3", "H7", "DA")]


def _ask(answers: dict[str, str], cards: list[Card], steps: list[Step]):
    return ask_more_cards(
        HELD, cards, answers, steps, prompt="Another of West's?", laws=["24C"], help_text="24C"
    )


def test_cards_answer_reads_spaces_and_commas_and_stops_at_a_hand():
    assert [str(c) for c in cards_answer("SK, h3 DA", "answer cards")] == ["SK", "H3", "DA"]
    whole_deck = " ".join(f"{s}{r}" for s in "SHDC" for r in "AKQJT98765432")
    assert len(cards_answer(whole_deck, "answer cards")) == 13


def test_a_card_that_does_not_parse_is_an_error_where_it_was_given():
    with pytest.raises(RecordError) as raised:
        cards_answer("SK ZZ", "answer card_3")
    assert raised.value.where == "answer card_3"


def test_the_first_card_not_answered_is_asked_offering_the_rest_of_the_hand():
    cards, steps = [HELD[0]], []
    pending = _ask({}, cards, steps)
    assert pending is not None
    assert (pending.node, pending.prompt, pending.laws, pending.help) == (
        "card_2",
        "Another of West's?",
        ["24C"],
        "24C",
    )
    assert [c["value"] for c in pending.choices] == ["none", "S3", "H7", "DA"]
    assert steps == []


def test_answered_cards_are_added_with_a_step_each_until_none():
    cards, steps = [HELD[0]], []
    answers = {"card_2": "H7", "card_3": "SK DA", "card_4": "none"}
    assert _ask(answers, cards, steps) is None
    assert [str(c) for c in cards] == ["SK", "H7", "DA"]  # SK not twice
    assert [s.node for s in steps] == ["card_2", "card_3", "card_4"]
    assert steps[1].answer_label == card_names([Card.parse("SK"), Card.parse("DA")])
    assert steps[2].answer == "No other card"


def test_no_question_once_every_card_held_is_named():
    cards, steps = list(HELD), []
    assert _ask({}, cards, steps) is None


def test_a_bad_further_card_names_its_own_answer():
    with pytest.raises(RecordError) as raised:
        _ask({"card_2": "Q9"}, [HELD[0]], [])
    assert raised.value.where == "answer card_2"


# North holds the spade ace; West the spade ten.
DEAL = "N:AKQ32.543.AK2.43 76.QJT9.QJT9.765 J54.876.876.AKQ2 T98.AK2.543.JT98"


def test_a_card_named_for_the_wrong_player_is_refused_naming_who_holds_it():
    from td_assist.bridge.board import Board
    from td_assist.bridge.cards import Seat
    from td_assist.rulings.procedures.named_cards import check_held

    board = Board.checked(number=1, deal=DEAL)
    check_held(board, Seat.W, [Card.parse("ST"), Card.parse("HA")])  # both his
    with pytest.raises(RecordError) as raised:
        check_held(board, Seat.W, [Card.parse("ST"), Card.parse("SA")])
    assert raised.value.where == "irregularity cards"
    assert "North holds it" in str(raised.value)
    # Without the whole deal there is nothing to check against.
    check_held(Board.checked(number=1), Seat.W, [Card.parse("SA")])
    check_held(None, Seat.W, [Card.parse("SA")])


def test_whose_card_takes_the_answer_over_the_report_and_shows_it_in_the_path():
    steps: list[Step] = []
    seat = whose_card(Seat.N, {"offender": "w"}, steps, laws=["24"], seat_label=str)
    assert seat is Seat.W
    assert [(s.node, s.answer, s.answered_by) for s in steps] == [("offender", "West", "td")]
    assert whose_card(Seat.N, {}, steps, laws=["24"], seat_label=str) is Seat.N


def test_whose_card_asks_offering_each_seat_as_the_wizard_labels_it():
    pending = whose_card(None, {}, [], laws=["48A", "49"], seat_label=lambda s: f"<{s.value}>")
    assert not isinstance(pending, Seat)
    assert (pending.node, pending.laws) == ("offender", ["48A", "49"])
    assert [c["label"] for c in pending.choices] == ["<N>", "<E>", "<S>", "<W>"]
