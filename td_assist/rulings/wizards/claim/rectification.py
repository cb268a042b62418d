"""The claim's outcome in numbers: the tricks each side gets, declarer's total, the
score, and the text the TD reads out."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context
from td_assist.rulings.procedures.tricks_and_scores import side_name
from td_assist.rulings.wizards.claim.facts import on_line, outstanding_trumps
from td_assist.rulings.wizards.claim.lines import (
    CandidateLine,
    candidate_line_results,
    cards_left_by_seat,
    double_dummy_tricks,
    suit_breaks,
)
from td_assist.rulings.wizards.claim.report import ClaimSituation

OUTCOME_KINDS = {
    "adjudicated": "adjudicated",
    "claim_agreed": "agreed",
    "agreement_withdrawn": "agreement_withdrawn",
    "concession_cancelled": "concession_cancelled",
    "concession_stands": "concession_stands",
    "scored_as_played": "scored_as_played",
    "no_concession": "no_concession",
}


class ClaimRectification(BaseModel):
    model_config = ConfigDict(extra="forbid")
    outcome: str
    claimer: Seat
    claiming_side: Side
    trick: int
    remaining: int
    claimed: int
    statement: str = ""
    stated_total: int | None = None
    tricks_won_before_claim: int | None = None  # declarer's side
    tricks_to_claimers: int | None = None  # of the tricks left, as ruled
    tricks_to_declarer: int | None = None  # declarer's total after the ruling
    contract: str | None = None
    declarer: Seat | None = None
    score_ns: int | None = None
    cards_left: dict[str, list[str]] = Field(default_factory=dict)
    on_lead: Seat | None = None
    on_lead_assumed: bool = False  # not recorded nor answered: the claimer taken as on lead
    outstanding_trumps: list[str] = Field(default_factory=list)
    suit_breaks: list[str] = Field(default_factory=list)
    lines: list[CandidateLine] = Field(default_factory=list)
    double_dummy_check: int | None = None  # the claiming side's tricks, double dummy


def awarded_tricks(node: str, situation: ClaimSituation, ctx: Context) -> int | None:
    """The claiming side's tricks of those left, as the outcome gives them."""
    if node in ("claim_agreed", "concession_stands"):
        return situation.claimed
    if node == "agreement_withdrawn":
        likely = ctx.walked.get("likely_tricks")
        return min(likely, situation.claimed) if isinstance(likely, int) else None
    if node in ("concession_cancelled", "adjudicated"):
        return on_line(ctx)
    return None


def claim_rectification(
    situation: ClaimSituation, node: str, awarded: int | None, total: int | None
) -> ClaimRectification:
    board = situation.board
    contract = board.contract_obj if board is not None else None
    score = None
    if total is not None and board is not None and contract is not None:
        try:
            score = board.score_ns(total)
        except RecordError:
            score = None
    return ClaimRectification(
        outcome=OUTCOME_KINDS.get(node, node),
        claimer=situation.claimer,
        claiming_side=situation.side,
        trick=situation.trick,
        remaining=situation.remaining,
        claimed=situation.claimed,
        statement=situation.statement,
        stated_total=situation.stated_total,
        tricks_won_before_claim=situation.won_before,
        tricks_to_claimers=awarded,
        tricks_to_declarer=total,
        contract=str(contract) if contract is not None else None,
        declarer=situation.declarer,
        score_ns=score,
        cards_left=cards_left_by_seat(situation),
        on_lead=situation.on_lead,
        on_lead_assumed=situation.on_lead_assumed,
        outstanding_trumps=[str(card) for _seat, card in outstanding_trumps(situation)],
        suit_breaks=suit_breaks(situation),
        lines=candidate_line_results(situation),
        double_dummy_check=double_dummy_tricks(situation),
    )


def read_out(situation: ClaimSituation, rectification: ClaimRectification) -> str:
    """The result as a TD reads it out: tricks before, total after, contract, score."""
    declarer, total = situation.declarer, rectification.tricks_to_declarer
    if declarer is None or rectification.contract is None:
        return _("The contract and declarer are not known, so the board cannot be scored yet.")
    if total is None:
        return _(
            "{contract} by {declarer}: declarer's side had won {before} tricks before the claim. "
            "The total is not known yet; score the board when it is (Law 77)."
        ).format(
            contract=rectification.contract,
            declarer=declarer.name_full,
            before="?" if situation.won_before is None else situation.won_before,
        )
    text = _(
        "{contract} by {declarer}: declarer's side had won {before} tricks before the claim "
        "and ends with {total} tricks."
    ).format(
        contract=rectification.contract,
        declarer=declarer.name_full,
        before="?" if situation.won_before is None else situation.won_before,
        total=total,
    )
    if rectification.score_ns is not None:
        text += " " + _("Score (Law 77): North-South {score:+d}.").format(
            score=rectification.score_ns
        )
    return text


def ruling_notes(situation: ClaimSituation, ctx: Context, node: str) -> list[str]:
    notes = []
    lost = ctx.walked.get("tricks_lost_to_trump")
    line = ctx.walked.get("normal_line_tricks")
    if node in ("adjudicated", "concession_cancelled") and isinstance(line, int):
        notes.append(
            _(
                "On the least successful normal line consistent with the statement "
                "{claimers} win {line} of the {remaining} tricks left."
            ).format(claimers=side_name(situation.side), line=line, remaining=situation.remaining)
        )
    if isinstance(lost, int) and lost:
        notes.append(
            _(
                "The claimer did not mention the outstanding trump and may well have forgotten "
                "it: {lost} more go to {non_claimers} (Law 70C)."
            ).format(lost=lost, non_claimers=side_name(situation.side.other))
        )
    if situation.stated_total is not None and situation.declarer is not None:
        as_counted = situation.declarer_total(situation.claimed)
        if as_counted is not None and as_counted != situation.stated_total:
            notes.append(
                _(
                    "The claimer stated a total of {stated} tricks for declarer, but the tricks "
                    "already won and those claimed make {counted}: a trick already won stays "
                    "with the side that won it (Law 69B1, Law 71A)."
                ).format(stated=situation.stated_total, counted=as_counted)
            )
    return notes
