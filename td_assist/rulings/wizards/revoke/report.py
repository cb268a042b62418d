"""What one revoke walk rules on: the reported revoke, the revokes the record shows,
and what the record says of each (who, which trick, whether it was established)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side, Suit
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Play, Revoke
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, once
from td_assist.rulings.engine.model import IrregularityReport, irregularity_kind
from td_assist.rulings.procedures.table_roles import playing_declarer, role_words
from td_assist.rulings.procedures.tricks_and_scores import trick_sides


@irregularity_kind
class RevokeReport(IrregularityReport):
    """What the TD was told: who revoked and at which trick (both optional)."""

    kind: Literal["revoke"] = "revoke"
    offender: Seat | None = None
    trick: int | None = Field(default=None, ge=1, le=13)


@dataclass(frozen=True)
class RevokeFocus:
    """What one walk rules on: a revoke the record shows, and the board's other revokes.

    ``others`` pairs each other revoke with whether it was established (``None`` when
    neither the record nor the TD says), for Law 64B2 and 64B7.
    """

    revoke: Revoke
    number: int
    established: bool | None = None
    others: tuple[tuple[Revoke, bool | None], ...] = ()


def play_of(ctx: Context) -> Play | None:
    return ctx.board.play_obj if ctx.board is not None else None


def recorded_revoke(ctx: Context) -> Revoke | None:
    return ctx.focus.revoke if isinstance(ctx.focus, RevokeFocus) else None


def reported_revoke(ctx: Context) -> RevokeReport | None:
    return ctx.report if isinstance(ctx.report, RevokeReport) else None


def offender_of(ctx: Context) -> Seat | None:
    """The offender: from the record, else the TD's answer, else the report."""
    recorded, reported = recorded_revoke(ctx), reported_revoke(ctx)
    if recorded is not None:
        return recorded.seat
    answered = ctx.walked.get("offender")
    if isinstance(answered, str):
        return Seat(answered)
    return reported.offender if reported is not None else None


def trick_of(ctx: Context) -> int | None:
    recorded, reported = recorded_revoke(ctx), reported_revoke(ctx)
    if recorded is not None:
        return recorded.trick
    answered = ctx.walked.get("revoke_trick")
    if isinstance(answered, int):
        return answered
    return reported.trick if reported is not None else None


def led_suit_of(ctx: Context) -> Suit | None:
    recorded = recorded_revoke(ctx)
    if recorded is not None:
        return recorded.led_suit
    answered = ctx.walked.get("revoke_suit")
    return Suit(answered) if isinstance(answered, str) else None


def role_of(ctx: Context, seat: Seat) -> str:
    """The seat's role when the revoke happened: after declarer spread his hand following
    an opening lead out of turn (Law 54A), his partner plays it and his cards are dummy's."""
    declarer = playing_declarer(ctx.board)
    if declarer is None:
        return "unknown"
    if seat is declarer:
        return "declarer"
    return "dummy" if seat is declarer.partner else "defender"


def offending_tricks_from(ctx: Context, revoke: Revoke, after: bool) -> int | None:
    """Tricks the offending side won from the revoke trick on (``after``: only later ones),
    when the record settles who won every trick (the whole play, or a claim)."""
    sides = board_trick_sides(ctx)
    if sides is None:
        return None
    first = revoke.trick if after else revoke.trick - 1
    return sides[first:].count(revoke.seat.side)


def board_trick_sides(ctx: Context) -> list[Side] | None:
    """``trick_sides(ctx.board)``, once per ruling (two facts and the transfer read it);
    a list never to be changed."""
    return ctx.once("trick_sides", lambda: trick_sides(ctx.board))


def board_declarer_tricks(ctx: Context) -> int | None:
    """``ctx.board.declarer_tricks_played()``, once per ruling (a fact and the transfer
    read it)."""
    board = ctx.board
    return ctx.once("declarer_tricks", board.declarer_tricks_played) if board else None


def recorded_evidence(ctx: Context, recorded: Revoke) -> str:
    """``recorded.evidence()`` of the walk's own revoke, once per ruling (three facts
    quote it)."""
    if not isinstance(ctx.focus, RevokeFocus) or ctx.focus.revoke is not recorded:
        return recorded.evidence()
    return ctx.once(("evidence", ctx.focus.number), recorded.evidence)


def established_once(
    known: dict[Hashable, Any], board: Board, number: int, revoke: Revoke
) -> FactResult:
    """``established_in_record`` of the ruling's revoke ``number``, once per ruling (the
    walks' focuses and the walk of that revoke both ask)."""
    return once(known, ("established", number), lambda: established_in_record(board, revoke))


def established_in_record(board: Board, revoke: Revoke) -> FactResult:
    """Law 63A as far as the record shows it: a card of the offending side to a later trick.

    A claim ends the play without saying who claimed, or whether an opponents' claim
    was agreed in time (Law 63A3 and 63A4 differ there), so then the TD is asked.
    """
    play = board.play_obj
    if play is None:
        raise RecordError(_("the revoke wizard needs the recorded play here"))
    offenders = {revoke.seat, revoke.seat.partner}
    role = ""
    if revoke.seat is playing_declarer(board):
        role = f" ({role_words()['declarer']})"
    for trick in play.tricks[revoke.trick :]:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if seat in offenders:
                return FactResult(
                    "yes",
                    [
                        _(
                            "Established (Law 63A1): {seat} of the offending side played "
                            "{card} to trick {trick}."
                        ).format(seat=seat.name_full, card=card.pretty, trick=trick.number)
                    ],
                )
    if board.claim is not None:
        return FactResult.unknown(
            _(
                "After the revoke by {seat}{role} at trick {trick} nobody of "
                "the offending side played another card: the play ended in a "
                "claim or concession. The record does not show who made it, "
                "or whether an opponents' claim was agreed without objection "
                "in time (Law 63A3, 63A4, 69A)."
            ).format(seat=revoke.seat.name_full, role=role, trick=revoke.trick)
        )
    return FactResult(
        "no",
        [
            _(
                "Not established: neither {seat} nor {partner} has played to "
                "trick {value}, and the record shows no claim or concession "
                "(Law 63A)."
            ).format(
                seat=revoke.seat.name_full,
                partner=revoke.seat.partner.name_full,
                value=revoke.trick + 1,
            )
        ],
    )


def answers_for(answers: dict[str, str], number: int) -> dict[str, str]:
    shared = {k: v for k, v in answers.items() if "." not in k}
    prefix = f"{number}."
    own = {k[len(prefix) :]: v for k, v in answers.items() if k.startswith(prefix)}
    return shared | own


def select_revokes(board: Board | None, report: RevokeReport | None) -> list[Revoke]:
    """The revokes in the record, narrowed to the reported offender or trick if given."""
    if board is None or board.play_obj is None:
        return []
    found = board.revokes
    if report is not None and report.offender is not None:
        found = [r for r in found if r.seat is report.offender]
    if report is not None and report.trick is not None:
        found = [r for r in found if r.trick == report.trick]
    if report is not None and (report.offender or report.trick) and not found:
        return []
    # Other revokes on the board still count for Law 64B2 and 64B7 and get their own
    # transfers; the reported one is ruled first.
    rest = [r for r in board.revokes if r not in found]
    return sorted(found, key=lambda r: r.trick) + sorted(rest, key=lambda r: r.trick)


def revoke_focuses(
    board: Board | None,
    revokes: list[Revoke],
    answers: dict[str, str],
    known: dict[Hashable, Any] | None = None,
) -> list[RevokeFocus]:
    """One focus per revoke, each knowing whether the others were established.

    The TD's answer for a revoke (``2.established=no``, or ``established`` for all)
    decides; else the record does. ``known``: the ruling's ``Context.known``.
    """
    known = {} if known is None else known
    status: dict[Revoke, bool | None] = {}
    for number, revoke in enumerate(revokes, start=1):
        answer = answers_for(answers, number).get("established")
        if answer is not None:
            status[revoke] = answer.strip().lower() != "no"
        else:
            if board is None:
                raise RecordError(
                    _(
                        "whether the revoke was established needs the board or the "
                        "answer established"
                    )
                )
            status[revoke] = {"yes": True, "no": False}.get(
                established_once(known, board, number, revoke).value or ""
            )
    return [
        RevokeFocus(
            revoke=revoke,
            number=number,
            established=status[revoke],
            others=tuple((o, status[o]) for o in revokes if o is not revoke),
        )
        for number, revoke in enumerate(revokes, start=1)
    ]
