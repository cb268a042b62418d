"""Who sits where at the table: declarer, dummy and defender as the record shows them
(Law 54A), and a seat as the TD answers it."""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.walk import AnswerError


def playing_declarer(board: Board | None) -> Seat | None:
    """Who plays the hand: the auction's declarer, or his partner when the record marks
    that he spread his hand after an opening lead out of turn (Law 54A)."""
    if board is None:
        return None
    for mark in board.irregularities:
        if mark.section == "declarer" and mark.code == "^" and mark.text:
            return Seat.parse(mark.text)
    return board.declarer_seat


def role_words() -> dict[str, str]:
    """The table roles as the reader says them (asked at run time, in his language)."""
    return {"declarer": _("declarer"), "dummy": _("dummy"), "defender": _("defender")}


def role_label(board: Board | None, seat: Seat) -> str:
    declarer = playing_declarer(board)
    if declarer is None:
        return seat.name_full
    # Only the one role shown is translated (a revoke ruling labels three seats).
    if seat is declarer:
        role = _("declarer")
    else:
        role = _("dummy") if seat is declarer.partner else _("defender")
    return f"{seat.name_full} ({role})"


def seat_answer(text: str, name: str) -> Seat:
    """The seat a TD answered to question ``name`` (``N``, ``north``...); one
    that is not a seat is an AnswerError at ``answer <name>``.

    >>> seat_answer("s", "offender").name_full
    'South'
    """
    try:
        return Seat.parse(text)
    except RecordError as error:
        raise AnswerError(error.problem, where=_("answer {name}").format(name=name)) from None
