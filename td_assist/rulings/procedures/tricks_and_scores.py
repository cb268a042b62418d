"""Tricks -> declarer's final tricks -> scores: what every wizard's adjustment shares.

A wizard works out the tricks (the revoke wizard its Law 64 transfers, in
``td_assist.rulings.wizards.revoke``); this module reads declarer's tricks as played and
scores both results from North-South's view.
"""

from __future__ import annotations

from collections.abc import Callable

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Side
from td_assist.bridge.scoring import score_ns
from td_assist.i18n import _
from td_assist.rulings.engine.model import Adjustment

DECLARER_TRICKS = "declarer_tricks"  # the TD's answer when the record lacks the result


def declarer_tricks_as_played(
    board: Board | None,
    answers: dict[str, str],
    recorded: Callable[[], int | None] | None = None,
) -> int | None:
    """The TD's ``declarer_tricks`` when given, else the record (full play, claim or
    result): ``recorded()`` when the caller has already counted it."""
    if DECLARER_TRICKS in answers:
        try:
            value = int(answers[DECLARER_TRICKS])
        except ValueError:
            return None
        return value if 0 <= value <= 13 else None
    if board is None:
        return None
    return recorded() if recorded is not None else board.declarer_tricks_played()


def trick_sides(board: Board | None) -> list[Side] | None:
    """The side that won each of the 13 tricks, in order, when the record settles it.

    With a claim after the last complete trick, the claimed tricks come after the
    played ones (their order does not matter: every trick ruled on was played before).
    """
    play = board.play_obj if board is not None else None
    if board is None or play is None or board.declarer_seat is None:
        return None
    if play.tricks and not play.tricks[-1].is_complete:
        return None
    sides = [t.winner.side for t in play.tricks if t.winner is not None]
    if play.is_finished:
        return sides
    if board.claim is None:
        return None
    declarer_side = board.declarer_seat.side
    more = board.claim - sides.count(declarer_side)
    rest = 13 - len(sides)
    if not 0 <= more <= rest:
        return None
    return sides + [declarer_side] * more + [declarer_side.other] * (rest - more)


def with_scores(adjustment: Adjustment, board: Board | None) -> Adjustment:
    """Fill in the NS scores as played and after, from declarer's tricks."""
    if board is None or board.contract_obj is None or board.declarer_seat is None:
        return adjustment
    contract = board.contract_obj
    if adjustment.declarer_tricks_played is not None:
        adjustment.score_ns_played = score_ns(
            contract, adjustment.declarer_tricks_played, board.vulnerability, board.declarer_seat
        )
    if adjustment.declarer_tricks_final is None:
        adjustment.declarer_tricks_final = adjustment.declarer_tricks_played
    if adjustment.declarer_tricks_final is not None:
        adjustment.score_ns_final = score_ns(
            contract, adjustment.declarer_tricks_final, board.vulnerability, board.declarer_seat
        )
    return adjustment


def side_name(side: Side) -> str:
    return _("North-South") if side._value_ == "NS" else _("East-West")  # not Side.NS: 0.7 us
