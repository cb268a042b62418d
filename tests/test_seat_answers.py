"""procedures.table_roles.seat_answer: one reader of a seat the TD answers, for every
wizard that asks one; a wrong seat names the answer, in the reader's language."""

import pytest

from td_assist.bridge.cards import Seat
from td_assist.i18n import use_language
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.engine.walk import AnswerError
from td_assist.rulings.procedures.table_roles import seat_answer


def test_a_seat_is_read_as_the_td_types_it():
    assert [seat_answer(text, "offender") for text in ("N", "east", " s ", "West")] == [
        Seat.N,
        Seat.E,
        Seat.S,
        Seat.W,
    ]


@pytest.mark.parametrize(
    ("wizard", "question", "before"),
    [
        ("penalty-card", "offender", {}),
        ("exposed-card", "offender", {"call_index": "0"}),  # asked before whose card it was
        ("lead-out-of-turn", "offender", {}),
        ("claim", "claimer", {}),
    ],
)
def test_a_wrong_seat_is_refused_at_its_answer_in_english_and_german(wizard, question, before):
    answers = {**before, question: "Q"}
    with pytest.raises(AnswerError) as raised:
        rule(wizard, None, None, answers)
    assert raised.value.where == f"answer {question}"
    assert "'Q'" in raised.value.problem
    with use_language("de"), pytest.raises(AnswerError) as raised:
        rule(wizard, None, None, answers)
    assert raised.value.where == f"Antwort {question}"
