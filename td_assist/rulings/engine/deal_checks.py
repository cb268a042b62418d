"""Facts the TD gives that every wizard shares, checked against the record.

A number of tricks or a trick that the recorded play rules out is a mistake in the
answer (or the record), and a ruling built on it would be wrong: it gets a message
naming the fact, not a ruling. Each wizard checks its own facts (a revoke suit, a
penalty card) where it reads them; these are the ones common to all.
"""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.rulings.engine.model import IrregularityReport, PendingQuestion
from td_assist.rulings.engine.walk import AnswerError

DECLARER_TRICKS = "declarer_tricks"


def tricks_started(board: Board) -> int:
    """How many tricks the recorded play reaches (the last one may be incomplete)."""
    return -(-len(board.play) // 4)


def declarer_tricks_range(board: Board | None) -> tuple[int, int] | None:
    """The totals declarer can still end with, given the recorded play, or None when
    the record does not narrow them (no play, or no declarer)."""
    if board is None or not board.play:
        return None
    try:
        play, declarer = board.play_obj, board.declarer_seat
    except RecordError:
        return None
    if play is None or declarer is None:
        return None
    return play.claim_range(declarer.side)


def check_declarer_tricks(board: Board | None, answers: dict[str, str]) -> None:
    """``declarer_tricks`` must fit the play: no fewer than declarer's side has won, no
    more than that plus the tricks left."""
    given = answers.get(DECLARER_TRICKS, "").strip()
    if not given:  # the usual case: not raising int's ValueError for nothing
        return
    try:
        tricks = int(given)
    except ValueError:
        return  # not given, or not a number: the walk says so
    if not 0 <= tricks <= 13:
        raise AnswerError(
            _("declarer_tricks={tricks} cannot be: a board has 13 tricks").format(tricks=tricks),
            where=f"answer {DECLARER_TRICKS}",
        )
    limits = declarer_tricks_range(board)
    if limits is None or board is None:
        return
    low, high = limits
    if not low <= tricks <= high:
        done = len(board.play_obj.completed_tricks) if board.play_obj else 0
        seat = board.declarer_seat.name_full if board.declarer_seat else _("declarer")
        raise AnswerError(
            _(
                "declarer_tricks={tricks} cannot be: the record shows {seat}'s side winning "
                "{low} of the {done} tricks played, so declarer ends with {low} to {high} tricks"
            ).format(tricks=tricks, seat=seat, low=low, done=done, high=high),
            where=f"answer {DECLARER_TRICKS}",
        )


def check_trick_in_play(board: Board | None, trick: int | None, what: str, where: str) -> None:
    """A trick the recorded play cannot reach: the record ends earlier (with a claim, or
    more than one trick before it)."""
    if board is None or trick is None or not board.play:
        return
    started = tricks_started(board)
    finished = board.claim is not None or len(board.play) == 52
    if trick > started + 1 or (finished and trick > started):
        ended = (
            f"ends with a claim after trick {started}"
            if board.claim is not None
            else (f"ends at trick {started}")
        )
        raise RecordError(
            f"{what} at trick {trick} is beyond the play: the record {ended}. Correct the "
            "trick, or the record",
            where=where,
        )


def check_report(board: Board | None, report: IrregularityReport | None) -> None:
    """The reported trick (revoke, lead out of turn, penalty card) against the play."""
    trick = getattr(report, "trick", None)
    if report is None or not isinstance(trick, int):
        return
    if report.kind == "claim":
        return  # the claim came before the lead to its trick: the claim wizard checks it
    what = {
        "revoke": "the revoke",
        "lead_out_of_turn": "the lead out of turn",
        "penalty_card": "the exposure",
    }.get(report.kind, "the irregularity")
    check_trick_in_play(board, trick, what, "irregularity trick")


def narrow_pending(board: Board | None, pending: PendingQuestion | None) -> None:
    """A picker offers only what the recorded play leaves possible: declarer's totals,
    and for the trick of an irregularity, the tricks the play reaches."""
    if pending is None or pending.kind != "number":
        return
    if pending.node == DECLARER_TRICKS:
        limits = declarer_tricks_range(board)
        if limits is not None:
            pending.minimum, pending.maximum = limits
    elif pending.node == "trick" and board is not None and board.play:
        reach = tricks_started(board)
        finished = board.claim is not None or len(board.play) == 52
        pending.maximum = min(pending.maximum or 13, reach if finished else reach + 1)


def trick_answer(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise RecordError(
            _("{text} is not a trick number").format(text=shown(text)), where="answer trick"
        ) from None
    if not 1 <= value <= 13:
        raise RecordError(
            _("trick {number} is outside 1 to 13").format(number=value), where="answer trick"
        )
    return value
