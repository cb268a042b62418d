"""Law 27D: the adjusted score when the replacement call damaged the non-offenders."""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.walk import (
    AnswerError,
)
from td_assist.rulings.procedures.adjusted_scores import (
    PossibleResult,
    ScoreAdjustment,
    SelfInflictedMethod,
    adjusted_score,
    no_damage,
    table_result,
)
from td_assist.rulings.procedures.result_answers import (
    parse_comparison,
    parse_results,
    parse_traveller,
    traveller_left_out,
)


class InsufficientBidAdjustment(ScoreAdjustment):
    """Law 27D: the Law 12C score had the insufficient bid never been made."""

    adjusted: bool = True  # Law 27D found damage, even before the results are entered
    score_ns_weighted: float | None = None  # the weighted NS points (older name, kept)


def _parsed(answers: dict[str, str], name: str) -> list[PossibleResult]:
    try:
        return parse_results(answers[name])
    except RecordError as error:
        raise error.located(f"answer {name}") from None


def _units(answers: dict[str, str]) -> tuple[int | None, list[int]]:
    """The other table's NS score (teams) or the traveller's other NS scores (pairs)."""
    comparison: int | None = None
    traveller: list[int] = []
    if answers.get("comparison", "").strip():
        try:
            comparison = parse_comparison(answers["comparison"])
        except RecordError as error:
            raise error.located("answer comparison") from None
    if answers.get("traveller", "").strip() and not traveller_left_out(answers):
        try:
            traveller = parse_traveller(answers["traveller"])
        except RecordError as error:
            raise error.located("answer traveller") from None
    return comparison, traveller


def _self_inflicted_method() -> SelfInflictedMethod:
    from td_assist.settings import load_settings  # settings import this package

    return load_settings().self_inflicted_method


def law_27d_score(
    board: Board, offender: Seat, answers: dict[str, str]
) -> InsufficientBidAdjustment:
    """Law 27D through Law 12C (procedures.adjusted_scores): each probable result scored,
    IMPed or matchpointed, then weighted; Law 12C1(e) when the non-offenders' serious
    error added to their damage (``serious_error`` and ``result_without_error``)."""
    table = table_result(board, answers)
    adjustment = InsufficientBidAdjustment(laws=["27D"])
    if table is not None:
        adjustment.declarer = board.declarer_seat
        adjustment.declarer_tricks_played = table.tricks
        adjustment.score_ns_played = table.score_ns(board.vulnerability)
    if not answers.get("results", "").strip():
        adjustment.note = _(
            "Enter the probable results as 'results' (e.g. 4S S 10 0.6; 3S S 9 0.4) to "
            "compute the weighted score."
        )
        return adjustment
    results = _parsed(answers, "results")
    comparison, traveller = _units(answers)
    without_error = None
    if answers.get("serious_error") == "yes":
        if not answers.get("result_without_error", "").strip():
            raise AnswerError(
                _(
                    "Law 12C1(e) needs the result the non-offenders would have had without "
                    "their serious error (e.g. 4SX E 8)"
                ),
                where="answer result_without_error",
            )
        if table is None:
            raise AnswerError(
                _(
                    "Law 12C1(e) compares with the table result: give the contract and "
                    "declarer's tricks"
                ),
                where="answer serious_error",
            )
        without_error = _parsed(answers, "result_without_error")
    answer = adjusted_score(
        results,
        board.vulnerability,
        comparison=comparison,
        traveller=traveller,
        table_result=[table] if without_error is not None and table is not None else None,
        without_error=without_error,
        non_offenders=offender.side.other,
        method=_self_inflicted_method(),
        deal=board.deal,
    )
    not_damaged = no_damage(
        answer, table, offender.side.other, board.vulnerability, comparison, traveller
    )
    if not_damaged:
        adjustment.table_stands(table, board.vulnerability, comparison, traveller)
        adjustment.note = not_damaged
        adjustment.laws.append("12B1")
        return adjustment
    adjustment.take(answer)
    adjustment.score_ns_weighted = answer.score_ns_final
    adjustment.note = _("Weighted North-South score: {sum} = {score}.").format(
        sum=" + ".join(f"{line.weight:g} x {line.score_ns}" for line in answer.weighted),
        score=f"{answer.score_ns_final:g}",
    )
    return adjustment
