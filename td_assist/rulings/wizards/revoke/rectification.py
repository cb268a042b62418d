"""The revoke's rectification in numbers: the Law 64 transfers and the Law 64C
adjusted score (one result, or weighted under Law 12C1(c))."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Revoke
from td_assist.i18n import _
from td_assist.lawbook.model import display_anchor
from td_assist.rulings.engine.facts import Context
from td_assist.rulings.engine.walk import AnswerError
from td_assist.rulings.procedures.adjusted_scores import (
    PossibleResult,
    ScoreAdjustment,
    adjusted_score,
    by_side_text,
    event_unit,
)
from td_assist.rulings.procedures.result_answers import parse_results, units_from_answers
from td_assist.rulings.procedures.tricks_and_scores import (
    declarer_tricks_as_played,
    side_name,
    with_scores,
)
from td_assist.rulings.wizards.revoke.report import board_declarer_tricks, board_trick_sides


class RevokeLine(BaseModel):
    model_config = ConfigDict(extra="forbid")
    offender: Seat
    trick: int
    established: bool
    transferred: int
    outcome: str
    laws: list[str]


class RevokeAdjustment(ScoreAdjustment):
    offender: Seat | None = None
    revoke_trick: int | None = None
    established: bool | None = None
    revokes: list[RevokeLine] = Field(default_factory=list)
    equity_applied: bool = False  # Law 64C: the Director's result replaced the transfer
    # True when Law 64C assigned an adjusted score; a transfer alone is not one.
    adjusted: bool = False


# --- The computation (Law 64) ----------------------------------------------------------


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
    won_from: int | None = None  # tricks the offending side won from the revoke trick on


def transferred_tricks(decision: RevokeDecision) -> int:
    """Tricks this revoke transfers, before the cap across several revokes."""
    if decision.transfer_rule == "64A2":
        return 1
    if decision.transfer_rule == "64A1":
        return 1 + (1 if decision.later_trick_won else 0)
    return 0


def allocate_transfers(ctx: Context, decisions: list[RevokeDecision]) -> list[int]:
    """Tricks each revoke transfers, revoke by revoke in order of play.

    Each revoke can only take tricks its side won from its own revoke trick on, and no
    trick moves twice. An earlier revoke takes the earliest such tricks, which leaves
    the most for a later revoke (Law 64A applies to each revoke separately).
    """
    sides = board_trick_sides(ctx)
    used: set[int] = set()
    counts: list[int] = [0] * len(decisions)
    # In order of play, whatever order the wizard ruled them in (a reported revoke first).
    order = sorted(range(len(decisions)), key=lambda i: decisions[i].trick or 0)
    for position in order:
        decision = decisions[position]
        wanted = transferred_tricks(decision)
        revoke = decision.revoke
        if not wanted or sides is None or revoke is None:
            # No full record: the TD's count of the offenders' tricks is the cap.
            cap = decision.won_from
            counts[position] = wanted if cap is None else min(wanted, cap)
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
    ctx: Context,
    decisions: list[RevokeDecision],
    equity_declarer_tricks: int | None,
    weighing: EquityWeighing | None = None,
) -> RevokeAdjustment:
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
    adjustment = RevokeAdjustment(
        tricks_transferred=total,
        declarer=declarer,
        laws=laws,
        revokes=lines,
        offender=first.offender if first else None,
        revoke_trick=first.trick if first else None,
        established=first.established if first else None,
    )
    played = declarer_tricks_as_played(board, ctx.answers, lambda: board_declarer_tricks(ctx))
    offender_side = first.offender.side if first and first.offender else None
    adjustment.declarer_tricks_played = played
    if played is None or declarer is None or offender_side is None:
        if total and played is None and declarer is None:
            adjustment.note = _(
                "The record shows no contract, declarer or result: answer "
                "contract=..., declarer=... and declarer_tricks=N to get the "
                "final tricks and scores."
            )
        elif total and played is None:
            adjustment.note = _(
                "Declarer's tricks are not in the record: answer "
                "declarer_tricks=N to get the final tricks and scores."
            )
        elif total and declarer is None:
            adjustment.note = _(
                "The record shows no contract and declarer: answer "
                "contract=... and declarer=... to apply the transfer and get "
                "the scores."
            )
        elif total and offender_side is None:
            adjustment.note = _("Say who revoked (answer offender=SEAT) to apply the transfer.")
        if total:
            return adjustment  # the tricks after the transfer are not known
        return with_scores(adjustment, board)
    sign = -1 if offender_side is declarer.side else 1  # tricks move to the non-offenders
    final = played + sign * total
    both_sides = any(d.outcome == "no_transfer_both_sides" for d in decisions)
    same_trick = any(d.outcome == "corrected_both_same_trick" for d in decisions)
    if weighing is not None and weighing.results:
        if board is None:
            raise RecordError(_("a weighted score needs the board"))
        return _weighted_equity(
            adjustment,
            board,
            weighing,
            max(0, min(13, final)),
            offender_side.other,
            "64C2b" if both_sides else "64C1",
            equity_stands=both_sides or same_trick,
        )
    if equity_declarer_tricks is not None and (both_sides or same_trick):
        # Law 64C2(b), and 64C1 after a 62C3 correction: both sides offended, so equity is
        # the result likely had neither revoke happened, whichever side it favours.
        law = "64C2b" if both_sides else "64C1"
        adjustment.laws.append(law)
        final = equity_declarer_tricks
        adjustment.equity_applied = True
        adjustment.note = _(
            "{law}: both sides revoked; the Director assigns the result "
            "likely had neither revoke happened ({final} tricks for "
            "declarer)."
        ).format(law=display_anchor(law), final=final)
    elif equity_declarer_tricks is not None:
        # After a later revoke in the same suit, equity is judged under 64C2(a).
        repeat = any(d.outcome == "no_transfer_repeat" for d in decisions)
        law = "64C2a" if repeat else "64C1"
        adjustment.laws.append(law)
        better_for_non_offenders = (
            equity_declarer_tricks < final
            if offender_side is declarer.side
            else equity_declarer_tricks > final
        )
        if better_for_non_offenders:
            final = equity_declarer_tricks
            adjustment.equity_applied = True
            adjustment.note = _(
                "{law}: the transfer does not make up for the damage; the "
                "Director assigns the result expected without the revoke "
                "({final} tricks for declarer)."
            ).format(law=display_anchor(law), final=final)
        else:
            adjustment.note = _(
                "{law} considered: the automatic transfer already gives the "
                "non-offending side at least the result expected without the "
                "revoke."
            ).format(law=display_anchor(law))
    adjustment.declarer_tricks_final = max(0, min(13, final))
    with_scores(adjustment, board)
    adjustment.adjusted = adjustment.equity_applied
    return adjustment


# --- Law 64C as a weighted score (Law 12C1(c)) -------------------------------------------

EQUITY_RESULTS = "results"
_TRICKS_ONLY = re.compile(r"^(\d{1,2}|=|[+-]\d{1,2})$")


@dataclass(frozen=True)
class EquityWeighing:
    """The TD's Law 64C judgment as results to weigh, and the event's units (the damage
    is judged in them, and the weighted score is given in them)."""

    results: list[PossibleResult]
    comparison: int | None
    traveller: list[int]


def equity_weighing(board: Board | None, answers: dict[str, str]) -> EquityWeighing | None:
    """Read ``results`` (``"13 0.6; 12 0.4"`` or ``"3NT S 13 0.6; ..."``), ``comparison``
    and ``traveller``; None when the TD gave none of them.

    A revoke happens in the play, so every result is the board's own contract by its
    own declarer: only the tricks (and their weights) are the Director's judgment.
    """
    comparison, traveller = units_from_answers(answers)
    text = answers.get(EQUITY_RESULTS, "").strip()
    if not text and (comparison is not None or traveller):
        raise AnswerError(
            _(
                "comparison and traveller score a weighted Law 64C result: "
                "give results too (e.g. results=13 0.6; 12 0.4)"
            ),
            where=_("answers comparison and traveller"),
        )
    if not text:
        return None
    where = _("answer {name}").format(name=EQUITY_RESULTS)
    contract = board.contract_obj if board is not None else None
    declarer = board.declarer_seat if board is not None else None
    if contract is None or declarer is None or contract.is_passed_out:
        raise AnswerError(
            _(
                "a weighted Law 64C score needs the contract and declarer: "
                "answer contract=... and declarer=..."
            ),
            where=where,
        )
    own = f"{contract} {declarer.value}"
    parts = [part.strip() for part in re.split(r"[;\n]+", text) if part.strip()]
    spelt = "; ".join(
        f"{own} {part}" if _TRICKS_ONLY.match(part.split()[0]) else part for part in parts
    )
    try:
        results = parse_results(spelt)
    except RecordError as error:
        raise error.located(where) from None
    for number, result in enumerate(results, start=1):
        if result.contract != contract.with_declarer(declarer):
            raise AnswerError(
                _(
                    "result {number} is {contract} by {declarer}, but the revoke "
                    "happened in the play of {contract2} by {declarer2}: Law 64C "
                    "weighs declarer's tricks in that contract (give them as 13 "
                    "0.6; 12 0.4)"
                ).format(
                    number=number,
                    contract=result.contract,
                    declarer=result.declarer,
                    contract2=contract,
                    declarer2=declarer.value,
                ),
                where=where,
            )
    return EquityWeighing(results, comparison, traveller)


def _result(board: Board, tricks: int) -> PossibleResult:
    """The board's contract by its declarer taking ``tricks`` (weight 1)."""
    if board.contract_obj is None or board.declarer_seat is None:
        raise RecordError(_("the record names no contract and declarer"))
    declarer = board.declarer_seat
    return PossibleResult(board.contract_obj.with_declarer(declarer), declarer, tricks, 1.0)


def _results_text(weighing: EquityWeighing, scores: list[int]) -> str:
    return "; ".join(
        _("{value:g}% of {tricks} tricks (NS {score:+d})").format(
            value=result.weight * 100, tricks=result.tricks, score=score
        )
        for result, score in zip(weighing.results, scores, strict=True)
    )


def _weighted_equity(
    adjustment: RevokeAdjustment,
    board: Board,
    weighing: EquityWeighing,
    transferred: int,
    non_offenders: Side,
    law: str,
    *,
    equity_stands: bool,
) -> RevokeAdjustment:
    """Law 64C with the Director's judgment given as a weighted score (Law 12C1(c)).

    After one side's revoke the weighted score replaces the transfer only when it is
    better for the non-offending side in the event's own unit (Law 64C1: the transfer
    is what they get at least). When both sides revoked (Law 64C2(b), or both revokes
    corrected under 62C3) it restores equity whichever side it favours.
    """
    vulnerability = board.vulnerability
    units = {"comparison": weighing.comparison, "traveller": weighing.traveller}
    weighted = adjusted_score(weighing.results, vulnerability, deal=board.deal, **units)
    after_transfer = _result(board, transferred)
    adjustment.declarer_tricks_final = transferred
    with_scores(adjustment, board)  # as played, and after the transfer
    kept = adjusted_score([after_transfer], vulnerability, **units)
    adjustment.laws.append(law)
    scores = [line.score_ns for line in weighted.weighted]
    described = _results_text(weighing, scores)
    side = non_offenders.value
    if not equity_stands and event_unit(weighted.by_side[side]) <= event_unit(kept.by_side[side]):
        adjustment.note = _(
            "Law 64C1 considered: the Director's weighted score "
            "({described}) is no better for {side_name} than the result "
            "after the transfer (NS {score_ns_final:+d}), so the "
            "transfer stands."
        ).format(
            described=described,
            side_name=side_name(non_offenders),
            score_ns_final=adjustment.score_ns_final,
        )
        return adjustment
    adjustment.take(weighted)
    adjustment.equity_applied = True
    one = weighing.results[0].tricks if len(weighing.results) == 1 else None
    adjustment.declarer_tricks_final = one
    if equity_stands and one is not None:
        why = _(
            "both sides revoked; the Director assigns the result likely had neither revoke happened"
        )
    elif equity_stands:
        why = _(
            "both sides revoked; the Director assigns the results likely had neither "
            "revoke happened"
        )
    elif one is not None:
        why = _(
            "the transfer does not make up for the damage; the Director "
            "assigns the result expected without the revoke"
        )
    else:
        why = _(
            "the transfer does not make up for the damage; the Director "
            "assigns the results expected without the revoke"
        )
    if one is not None:
        adjustment.note = _("{law}: {why} ({one} tricks for declarer).").format(
            law=display_anchor(law), why=why, one=one
        )
    else:
        adjustment.note = _(
            "{law}: {why}, weighted (Law 12C1(c)): {described}; NS "
            "{score_ns_final:+g}. {by_side_text}"
        ).format(
            law=display_anchor(law),
            why=why,
            described=described,
            score_ns_final=weighted.score_ns_final,
            by_side_text=by_side_text(weighted),
        )
    return adjustment
