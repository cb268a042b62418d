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


def transferred_tricks(decision: RevokeDecision) -> int:
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


def trick_sides(ctx: Context) -> list[Side] | None:
    """The side that won each of the 13 tricks, in order, when the record settles it.

    With a claim after the last complete trick, the claimed tricks come after the
    played ones (their order does not matter: every revoke trick was played before).
    """
    board = ctx.board
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


def allocate_transfers(ctx: Context, decisions: list[RevokeDecision]) -> list[int]:
    """Tricks each revoke transfers, revoke by revoke in order of play.

    Each revoke can only take tricks its side won from its own revoke trick on, and no
    trick moves twice. An earlier revoke takes the earliest such tricks, which leaves
    the most for a later revoke (Law 64A applies to each revoke separately).
    """
    sides = trick_sides(ctx)
    used: set[int] = set()
    counts: list[int] = [0] * len(decisions)
    # In order of play, whatever order the wizard ruled them in (a reported revoke first).
    order = sorted(range(len(decisions)), key=lambda i: decisions[i].trick or 0)
    for position in order:
        decision = decisions[position]
        wanted = transferred_tricks(decision)
        revoke = decision.revoke
        if not wanted or sides is None or revoke is None:
            counts[position] = wanted
            continue
        side, start = revoke.seat.side, revoke.trick - 1
        taken: list[int] = []
        if decision.transfer_rule == "64A1" and sides[start] is side and start not in used:
            taken.append(start)  # the revoke trick itself, won by the offender
        for index in range(start, 13):
            if len(taken) >= wanted:
                break
            if sides[index] is side and index not in used and index not in taken:
                taken.append(index)
        used.update(taken)
        counts[position] = len(taken)
    return counts


def revoke_adjustment(
    ctx: Context, decisions: list[RevokeDecision], equity_declarer_tricks: int | None
) -> Adjustment:
    board = ctx.board
    declarer = board.declarer_seat if board else None
    lines: list[RevokeLine] = []
    laws: list[str] = []
    counts = allocate_transfers(ctx, decisions)
    total = sum(counts)
    for decision, count in zip(decisions, counts, strict=True):
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
    adjustment.declarer_tricks_played = played
    if played is None or declarer is None or offender_side is None:
        if total and played is None:
            adjustment.note = (
                "Declarer's tricks are not in the record: answer declarer_tricks=N to get "
                "the final tricks and scores."
            )
        elif total and offender_side is None:
            adjustment.note = (
                "The record does not show who revoked: give the offender "
                "(irregularity offender) to apply the transfer."
            )
        return _with_scores(adjustment, board)
    sign = -1 if offender_side is declarer.side else 1  # tricks move to the non-offenders
    final = played + sign * total
    both_sides = any(d.outcome == "no_transfer_both_sides" for d in decisions)
    if equity_declarer_tricks is not None and both_sides:
        # Law 64C2(b): the result likely had neither revoke happened, whoever it favours.
        laws.append("64C2b")
        final = equity_declarer_tricks
        adjustment.equity_applied = True
        adjustment.note = (
            f"Law 64C2(b): both sides revoked; the Director assigns the result "
            f"likely without either revoke ({final} tricks for declarer)."
        )
    elif equity_declarer_tricks is not None:
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
