"""Outcomes -> tricks transferred -> declarer's final tricks -> scores.

The revoke computation follows Law 64: each established revoke is handled in order
with its own transfer (64A1: the revoke trick plus one later trick won by the
offending side when the offending player won the revoke trick; 64A2: one trick when
the offending side won the revoke trick or a later one), never more tricks than the
offending side won from the revoke trick on; then Law 64C: when the TD judges that
the transfer leaves the non-offending side short, the result the TD expects without
the revoke stands instead, and never less for them than the transfer gives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.play import Revoke
from td_assist.bridge.scoring import score_ns
from td_assist.rulings.facts import Context
from td_assist.rulings.facts.revoke import offending_tricks_from
from td_assist.rulings.model import Adjustment, RevokeLine


@dataclass
class RevokeDecision:
    """One revoke as the wizard ruled it."""

    offender: Seat | None
    trick: int | None
    established: bool
    outcome: str
    transfer_rule: str  # "none", "64A1", "64A2"
    laws: list[str]
    later_trick_won: bool | None  # for 64A1: did the offending side win a later trick?
    revoke: Revoke | None


def transferred_tricks(decision: RevokeDecision, ctx: Context) -> int:
    """Tricks this revoke transfers, before the cap across several revokes."""
    if decision.transfer_rule == "64A2":
        return 1
    if decision.transfer_rule == "64A1":
        return 1 + (1 if decision.later_trick_won else 0)
    return 0


def declarer_tricks_as_played(board: Board | None, answers: dict[str, str]) -> int | None:
    """From the record (full play, claim or result), else the TD's ``declarer_tricks``."""
    if "declarer_tricks" in answers:
        try:
            value = int(answers["declarer_tricks"])
        except ValueError:
            return None
        return value if 0 <= value <= 13 else None
    return board.declarer_tricks_played() if board is not None else None


def revoke_adjustment(
    ctx: Context, decisions: list[RevokeDecision], equity_declarer_tricks: int | None
) -> Adjustment:
    board = ctx.board
    declarer = board.declarer_seat if board else None
    lines: list[RevokeLine] = []
    total = 0
    laws: list[str] = []
    for decision in decisions:
        count = transferred_tricks(decision, ctx)
        if count and decision.revoke is not None:
            # Law 64A counts only tricks the offending side won from the revoke trick on,
            # and an earlier transfer has already used some of them.
            available = offending_tricks_from(ctx, decision.revoke, after=False)
            if available is not None:
                count = max(0, min(count, available - total))
        total += count
        laws += [a for a in decision.laws if a not in laws]
        if decision.offender is not None and decision.trick is not None:
            lines.append(
                RevokeLine(
                    offender=decision.offender,
                    trick=decision.trick,
                    established=decision.established,
                    transferred=count,
                    outcome=decision.outcome,
                    laws=decision.laws,
                )
            )
    first = decisions[0] if decisions else None
    adjustment = Adjustment(
        tricks_transferred=total,
        declarer=declarer,
        laws=laws,
        revokes=lines,
        offender=first.offender if first else None,
        revoke_trick=first.trick if first else None,
        established=first.established if first else None,
    )
    played = declarer_tricks_as_played(board, ctx.answers)
    offender_side = first.offender.side if first and first.offender else None
    if played is None or declarer is None or offender_side is None:
        if played is None and total:
            adjustment.note = (
                "Declarer's tricks are not in the record: answer declarer_tricks=N to get "
                "the final tricks and scores."
            )
        adjustment.declarer_tricks_played = played
        return _with_scores(adjustment, board)
    sign = -1 if offender_side is declarer.side else 1  # tricks move to the non-offenders
    final = played + sign * total
    if equity_declarer_tricks is not None:
        laws.append("64C1")
        better_for_non_offenders = (
            equity_declarer_tricks < final
            if offender_side is declarer.side
            else equity_declarer_tricks > final
        )
        if better_for_non_offenders:
            final = equity_declarer_tricks
            adjustment.equity_applied = True
            adjustment.note = (
                f"Law 64C1: the transfer does not make up for the damage; the Director "
                f"assigns the result expected without the revoke ({final} tricks for declarer)."
            )
        else:
            adjustment.note = (
                "Law 64C1 considered: the automatic transfer already gives the "
                "non-offending side at least the result expected without the revoke."
            )
    adjustment.declarer_tricks_played = played
    adjustment.declarer_tricks_final = max(0, min(13, final))
    return _with_scores(adjustment, board)


def _with_scores(adjustment: Adjustment, board: Board | None) -> Adjustment:
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
    return "North-South" if side is Side.NS else "East-West"


Computation = Callable[..., Adjustment]
COMPUTATIONS: dict[str, Computation] = {"revoke_transfer": revoke_adjustment}
