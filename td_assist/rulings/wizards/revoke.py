"""The revoke wizard (Laws 61-64): its report, its facts, its transfer, its walk.

The tree (rulings/revoke.toml) is walked once per revoke in the record, in order of
play, so each revoke gets its own transfer (Law 64); the TD's answers apply to every
walk unless prefixed with the revoke's number (``2.attention=after_round``).

The computation follows Law 64: each established revoke is handled in order with its
own transfer (64A1: the revoke trick plus one later trick won by the offending side
when the offending player won the revoke trick; 64A2: one trick when the offending
side won the revoke trick or a later one), never more tricks than the offending side
won from the revoke trick on; then Law 64C: when the TD judges that the transfer
leaves the non-offending side short, the result the TD expects without the revoke
stands instead, and never less for them than the transfer gives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side, Suit
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Play, Revoke
from td_assist.i18n import _
from td_assist.lawbook.model import display_anchor
from td_assist.rulings.engine.deal_checks import check_trick_in_play, tricks_started
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import (
    IrregularityReport,
    OptionLine,
    Ruling,
    Step,
    irregularity_kind,
)
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register
from td_assist.rulings.engine.tree import OutcomeNode, Tree
from td_assist.rulings.engine.walk import AnswerError, Mode, Walk, fill, pending_ruling, walk
from td_assist.rulings.procedures.adjusted_scores import (
    PossibleResult,
    ScoreAdjustment,
    adjusted_score,
    by_side_text,
    event_unit,
)
from td_assist.rulings.procedures.result_answers import parse_results, units_from_answers
from td_assist.rulings.procedures.table_roles import role_words
from td_assist.rulings.procedures.tricks_and_scores import (
    declarer_tricks_as_played,
    side_name,
    trick_sides,
    with_scores,
)

NAME = "revoke"


@irregularity_kind
class RevokeReport(IrregularityReport):
    """What the TD was told: who revoked and at which trick (both optional)."""

    kind: Literal["revoke"] = "revoke"
    offender: Seat | None = None
    trick: int | None = Field(default=None, ge=1, le=13)


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


# --- Facts from the record -------------------------------------------------------------

FACTS = FactTable()


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


def _play(ctx: Context) -> Play | None:
    return ctx.board.play_obj if ctx.board is not None else None


def _recorded(ctx: Context) -> Revoke | None:
    return ctx.focus.revoke if isinstance(ctx.focus, RevokeFocus) else None


def _reported(ctx: Context) -> RevokeReport | None:
    return ctx.report if isinstance(ctx.report, RevokeReport) else None


def _seat(ctx: Context) -> Seat | None:
    """The offender: from the record, else the TD's answer, else the report."""
    recorded, reported = _recorded(ctx), _reported(ctx)
    if recorded is not None:
        return recorded.seat
    answered = ctx.walked.get("offender")
    if isinstance(answered, str):
        return Seat(answered)
    return reported.offender if reported is not None else None


def _trick(ctx: Context) -> int | None:
    recorded, reported = _recorded(ctx), _reported(ctx)
    if recorded is not None:
        return recorded.trick
    answered = ctx.walked.get("revoke_trick")
    if isinstance(answered, int):
        return answered
    return reported.trick if reported is not None else None


def _suit(ctx: Context) -> Suit | None:
    recorded = _recorded(ctx)
    if recorded is not None:
        return recorded.led_suit
    answered = ctx.walked.get("revoke_suit")
    return Suit(answered) if isinstance(answered, str) else None


def _role(ctx: Context, seat: Seat) -> str:
    declarer = ctx.board.declarer_seat if ctx.board else None
    if declarer is None:
        return "unknown"
    if seat is declarer:
        return "declarer"
    return "dummy" if seat is declarer.partner else "defender"


def _who(ctx: Context, seat: Seat) -> str:
    role = _role(ctx, seat)
    return f"{seat.name_full} ({role_words()[role]})" if role != "unknown" else seat.name_full


def side_totals(ctx: Context) -> dict[Side, int] | None:
    """Each side's tricks at the end, when the record settles them (play or claim)."""
    play, board = _play(ctx), ctx.board
    if play is None or board is None or board.declarer_seat is None:
        return None
    declarer_side = board.declarer_seat.side
    if play.is_finished:
        return {side: play.tricks_won_by(side) for side in Side}
    if board.claim is not None and play.completed_tricks == play.tricks:
        return {declarer_side: board.claim, declarer_side.other: 13 - board.claim}
    return None


def offending_tricks_from(ctx: Context, revoke: Revoke, after: bool) -> int | None:
    """Tricks the offending side won from the revoke trick on (``after``: only later ones)."""
    play = _play(ctx)
    totals = side_totals(ctx)
    if play is None or totals is None:
        return None
    side = revoke.seat.side
    before = sum(1 for t in play.tricks[: revoke.trick - 1] if t.winner and t.winner.side is side)
    winner = play.tricks[revoke.trick - 1].winner
    on_revoke_trick = int(bool(winner and winner.side is side))
    return totals[side] - before - (on_revoke_trick if after else 0)


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
    if board.declarer_seat is not None:
        role = " (declarer)" if revoke.seat is board.declarer_seat else ""
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


@FACTS.register("revoke_in_record")
def revoke_in_record(ctx: Context) -> FactResult:
    play = _play(ctx)
    if play is None:
        return FactResult.unknown(
            _("The play is not recorded, so the record cannot show a revoke.")
        )
    recorded = _recorded(ctx)
    if recorded is not None:
        return FactResult(
            "yes", [_("The record shows it: {evidence}").format(evidence=recorded.evidence())]
        )
    if play.revokes:  # the TD reported a revoke the record places elsewhere
        others = "; ".join(f"{o.seat.name_full} at trick {o.trick}" for o in play.revokes)
        return FactResult(
            "no",
            [
                _(
                    "The record shows no revoke by the player or at the trick "
                    "reported; it shows one by {others}. Correct the report, or "
                    "answer 'yes' if the record is wrong."
                ).format(others=others)
            ],
        )
    return FactResult(
        "no",
        [
            _(
                "Every card in the record ({count} played) followed suit "
                "where the player could; nobody discarded or ruffed while "
                "holding the suit led."
            ).format(count=len(play.cards))
        ],
    )


@FACTS.register("revoke_offender")
def revoke_offender(ctx: Context) -> FactResult:
    recorded, reported = _recorded(ctx), _reported(ctx)
    if recorded is not None:
        # The walk rules on this recorded revoke: another offender would be another
        # revoke, which the record would have to show.
        return FactResult(
            recorded.seat.value,
            [
                _("The record shows the revoke by {who}: {evidence}").format(
                    who=_who(ctx, recorded.seat), evidence=recorded.evidence()
                )
            ],
            settled=True,
        )
    if reported is not None and reported.offender is not None:
        return FactResult(
            reported.offender.value, [f"As reported: {_who(ctx, reported.offender)}."]
        )
    return FactResult.unknown(_("The play is not recorded: the TD says who revoked."))


@FACTS.register("revoke_trick_number")
def revoke_trick_number(ctx: Context) -> FactResult:
    recorded, reported = _recorded(ctx), _reported(ctx)
    if recorded is not None:
        return FactResult(
            str(recorded.trick),
            [
                _("The record shows the revoke at trick {trick}: {evidence}").format(
                    trick=recorded.trick, evidence=recorded.evidence()
                )
            ],
            settled=True,
        )
    if reported is not None and reported.trick is not None:
        return FactResult(
            str(reported.trick), [_("As reported: trick {trick}.").format(trick=reported.trick)]
        )
    return FactResult.unknown(_("The play is not recorded: the TD says at which trick."))


@FACTS.register("revoke_led_suit")
def revoke_led_suit(ctx: Context) -> FactResult:
    recorded = _recorded(ctx)
    if recorded is not None:
        return FactResult(
            recorded.led_suit.value,
            [
                _("The record shows a {led_suit} lead to trick {trick}.").format(
                    led_suit=recorded.led_suit.symbol, trick=recorded.trick
                )
            ],
            settled=True,
        )
    why = _("The play is not recorded: the TD says which suit was led.")
    held = _suits_held(ctx)
    if held is not None and len(held) < len(Suit):
        # A revoke is in a suit the offender held: the others are not offered, and an
        # answer naming one is refused with the reason.
        who = seat.name_full if (seat := _seat(ctx)) else "The offender"
        missing = " or ".join(s.name.lower() for s in Suit if s not in held)
        why += _(" {who} held no {missing} in the deal.").format(who=who, missing=missing)
        given = ctx.answers.get("revoke_suit", "").strip().upper()
        if given in {s.value for s in Suit} and Suit(given) not in held:
            named = Suit(given).name.lower()
            raise AnswerError(
                _(
                    "{who} held no {named} in the deal, so he cannot have "
                    "revoked in {named}: the suit led was one he held ({list})"
                ).format(who=who, named=named, list=", ".join(s.name.lower() for s in held)),
                where=_("answer revoke_suit"),
            )
        return FactResult.unknown(why, offer=tuple(s.value for s in Suit if s in held))
    return FactResult.unknown(why)


def _suits_held(ctx: Context) -> list[Suit] | None:
    """The suits the offender held at the start of play (None when the deal is unknown)."""
    seat = _seat(ctx)
    if seat is None or ctx.board is None or not ctx.board.deal:
        return None
    try:
        deal = ctx.board.deal_obj
    except RecordError:
        return None
    if deal is None or not deal.is_complete:
        return None
    hand = deal.hand(seat)
    return [suit for suit in Suit if hand.has_suit(suit)]


@FACTS.register("both_revoked_same_trick")
def both_revoked_same_trick(ctx: Context) -> FactResult:
    recorded, play = _recorded(ctx), _play(ctx)
    if recorded is None or play is None or not isinstance(ctx.focus, RevokeFocus):
        return FactResult.unknown(_("The play is not recorded: the TD says."))
    same = [
        o
        for o, _ in ctx.focus.others
        if o.trick == recorded.trick and o.seat.side is not recorded.seat.side
    ]
    if not same:
        return FactResult(
            "no",
            [
                _("Nobody of the other side revoked on trick {trick} in the record.").format(
                    trick=recorded.trick
                )
            ],
        )
    other = same[0]
    following = play.tricks[recorded.trick] if len(play.tricks) > recorded.trick else None
    sides = {seat.side for seat in following.seats} if following is not None else set()
    where = _("{seat} also revoked on trick {trick}").format(
        seat=other.seat.name_full, trick=recorded.trick
    )
    if len(sides) == 1:
        return FactResult(
            "yes",
            [
                _("{where}, and only one side has played to trick {value} (Law 62C3).").format(
                    where=where, value=recorded.trick + 1
                )
            ],
        )
    state = _("both sides have") if sides else _("neither side has")
    return FactResult(
        "no",
        [
            _("{where}, but {state} played to trick {value}.").format(
                where=where, state=state, value=recorded.trick + 1
            )
        ],
    )


@FACTS.register("revoke_established")
def revoke_established(ctx: Context) -> FactResult:
    recorded, board = _recorded(ctx), ctx.board
    if recorded is None or board is None or board.play_obj is None:
        return FactResult.unknown(_("The record does not show what happened after the revoke."))
    return established_in_record(board, recorded)


@FACTS.register("offender_role")
def offender_role(ctx: Context) -> FactResult:
    seat = _seat(ctx)
    if seat is None or ctx.board is None or ctx.board.declarer_seat is None:
        return FactResult.unknown(_("The record does not say who revoked or who is declarer."))
    role = _role(ctx, seat)
    value = "defender" if role == "defender" else "declaring_side"
    # The role follows from the offender and the declarer: change those, not this.
    return FactResult(
        value, [_("The offender is {who}.").format(who=_who(ctx, seat))], settled=True
    )


@FACTS.register("revoke_on_trick_12")
def revoke_on_trick_12(ctx: Context) -> FactResult:
    trick = _trick(ctx)
    if trick is None:
        return FactResult.unknown(_("The record does not show at which trick the revoke happened."))
    return FactResult(
        "yes" if trick == 12 else "no",
        [_("The revoke was at trick {trick}.").format(trick=trick)],
        settled=True,
    )


@FACTS.register("revoke_by_dummy_or_penalty_card")
def revoke_by_dummy_or_penalty_card(ctx: Context) -> FactResult:
    seat = _seat(ctx)
    if seat is None or ctx.board is None or ctx.board.declarer_seat is None:
        return FactResult.unknown(_("The record does not say who revoked."))
    if _role(ctx, seat) == "dummy":
        return FactResult(
            "yes",
            [
                _("The card not played was one of dummy's: {who} (Law 64B3).").format(
                    who=_who(ctx, seat)
                )
            ],
            settled=True,
        )
    if _recorded(ctx) is None:
        return FactResult.unknown(
            _(
                "{who} is not dummy; the TD says whether the card he failed "
                "to play was a penalty card."
            ).format(who=_who(ctx, seat))
        )
    return FactResult(
        "no",
        [
            _(
                "{who} failed to follow suit from his own hand; the record "
                "shows no penalty card (a TD who knows otherwise answers "
                "'yes')."
            ).format(who=_who(ctx, seat))
        ],
    )


def _other_revokes(ctx: Context) -> list[tuple[Revoke, bool | None]]:
    return list(ctx.focus.others) if isinstance(ctx.focus, RevokeFocus) else []


@FACTS.register("second_revoke_same_suit")
def second_revoke_same_suit(ctx: Context) -> FactResult:
    recorded = _recorded(ctx)
    if recorded is None:
        return FactResult.unknown(_("The play is not recorded: the TD says."))
    earlier = [
        (e, established)
        for e, established in _other_revokes(ctx)
        if e.trick < recorded.trick and e.seat is recorded.seat and e.led_suit is recorded.led_suit
    ]
    suit = recorded.led_suit.symbol
    for first, established in earlier:
        if established:
            return FactResult(
                "yes",
                [
                    _(
                        "{seat} already revoked in {suit} at trick {trick}, and that "
                        "revoke was established; this is a later revoke in the same "
                        "suit (Law 64B2)."
                    ).format(seat=recorded.seat.name_full, suit=suit, trick=first.trick)
                ],
            )
    if any(established is None for _, established in earlier):
        return FactResult.unknown(
            _(
                "{seat} revoked in {suit} earlier too; the record does not "
                "show whether that first revoke was established."
            ).format(seat=recorded.seat.name_full, suit=suit)
        )
    if earlier:
        return FactResult(
            "no",
            [
                _(
                    "{seat}'s earlier revoke in {suit} (trick {trick}) was not "
                    "established, so it does not count (Law 64B2)."
                ).format(seat=recorded.seat.name_full, suit=suit, trick=earlier[0][0].trick)
            ],
        )
    return FactResult(
        "no",
        [
            _("No earlier revoke in {suit} by {seat} on this board.").format(
                suit=suit, seat=recorded.seat.name_full
            )
        ],
    )


@FACTS.register("both_sides_revoked")
def both_sides_revoked(ctx: Context) -> FactResult:
    recorded = _recorded(ctx)
    if recorded is None:
        return FactResult.unknown(_("The play is not recorded: the TD says."))
    other = [(o, est) for o, est in _other_revokes(ctx) if o.seat.side is not recorded.seat.side]
    for o, established in other:
        if established:
            return FactResult(
                "yes",
                [
                    _(
                        "The other side revoked too: {seat} at trick {trick}, and "
                        "that revoke was established (Law 64B7)."
                    ).format(seat=o.seat.name_full, trick=o.trick)
                ],
            )
    if any(established is None for _, established in other):
        return FactResult.unknown(
            _(
                "The other side revoked too; the record does not show "
                "whether that revoke was established."
            )
        )
    if other:
        o = other[0][0]
        return FactResult(
            "no",
            [
                _(
                    "{seat}'s revoke at trick {trick} was not established, so "
                    "Law 64B7 does not apply."
                ).format(seat=o.seat.name_full, trick=o.trick)
            ],
        )
    return FactResult("no", [_("Only one side revoked on this board.")])


@FACTS.register("offending_tricks_from_revoke")
def offending_tricks_from_revoke(ctx: Context) -> FactResult:
    recorded = _recorded(ctx)
    if recorded is None:
        return FactResult.unknown(_("The play is not recorded: the TD counts them."))
    won = offending_tricks_from(ctx, recorded, after=False)
    if won is None:
        return FactResult.unknown(
            _("The play after the revoke is not recorded to the end (and there is no claim).")
        )
    side = side_name(recorded.seat.side)
    return FactResult(
        str(won),
        [
            _("{side} won {won} trick(s) from trick {trick} to the end.").format(
                side=side, won=won, trick=recorded.trick
            )
        ],
    )


@FACTS.register("offender_won_revoke_trick")
def offender_won_revoke_trick(ctx: Context) -> FactResult:
    recorded = _recorded(ctx)
    play = _play(ctx)
    if recorded is None or play is None:
        return FactResult.unknown(
            _("The play is not recorded: the TD says who won the revoke trick.")
        )
    winner = play.tricks[recorded.trick - 1].winner
    if winner is None:
        return FactResult.unknown(
            _("Trick {trick} is not complete in the record.").format(trick=recorded.trick)
        )
    if winner is recorded.seat:
        return FactResult(
            "yes",
            [
                _("{who} won the revoke trick (trick {trick}).").format(
                    who=_who(ctx, winner), trick=recorded.trick
                )
            ],
        )
    note = ""
    if _role(ctx, recorded.seat) == "declarer" and winner is recorded.seat.partner:
        note = _(" A trick won by dummy is not won by declarer (Law 64A).")
    return FactResult(
        "no",
        [
            _("Trick {trick} was won by {who}, not by the offender.{note}").format(
                trick=recorded.trick, who=_who(ctx, winner), note=note
            )
        ],
    )


@FACTS.register("offending_side_won_later_trick")
def offending_side_won_later_trick(ctx: Context) -> FactResult:
    recorded = _recorded(ctx)
    later = offending_tricks_from(ctx, recorded, after=True) if recorded is not None else None
    trick = _trick(ctx)
    evidence_from = "the record"
    if later is None:
        # From the TD's count: the offender won the revoke trick, so it is one of them.
        won = ctx.walked.get("won_from_revoke")
        later = won - 1 if isinstance(won, int) and won >= 1 else None
        evidence_from = _("the TD's count")
    if later is None:
        return FactResult.unknown(_("The play after the revoke is not recorded to the end."))
    if later == 0:
        return FactResult(
            "no",
            [
                _("The offending side won no trick after trick {trick} ({evidence_from}).").format(
                    trick=trick, evidence_from=evidence_from
                )
            ],
        )
    return FactResult(
        "yes",
        [
            _(
                "The offending side won {later} trick(s) after trick {trick} ({evidence_from})."
            ).format(later=later, trick=trick, evidence_from=evidence_from)
        ],
    )


@FACTS.register("declarer_tricks_played")
def declarer_tricks_played(ctx: Context) -> FactResult:
    board = ctx.board
    contract = board.contract_obj if board is not None else None
    if board is None or contract is None or contract.is_passed_out:
        return FactResult("skip", [_("There is no contract, so there is no score to adjust.")])
    tricks = board.declarer_tricks_played()
    if tricks is None:
        return FactResult.unknown(
            _("The record does not show the end of the play, a claim or a result.")
        )
    return FactResult(
        str(tricks), [_("The record gives declarer {tricks} tricks.").format(tricks=tricks)]
    )


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
    sides = trick_sides(ctx.board)
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
    played = declarer_tricks_as_played(board, ctx.answers)
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
    where = f"answer {EQUITY_RESULTS}"
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
    if equity_stands:
        why = _(
            "both sides revoked; the Director assigns the result likely had neither revoke happened"
        )
    else:
        why = _(
            "the transfer does not make up for the damage; the Director "
            "assigns the result expected without the revoke"
        )
    if one is None:
        why = why.replace("the result", "the results")
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


# --- The walk: once per revoke ---------------------------------------------------------


def _answers_for(answers: dict[str, str], number: int) -> dict[str, str]:
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


def _focuses(
    board: Board | None, revokes: list[Revoke], answers: dict[str, str]
) -> list[RevokeFocus]:
    """One focus per revoke, each knowing whether the others were established.

    The TD's answer for a revoke (``2.established=no``, or ``established`` for all)
    decides; else the record does.
    """
    status: dict[Revoke, bool | None] = {}
    for number, revoke in enumerate(revokes, start=1):
        answer = _answers_for(answers, number).get("established")
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
                established_in_record(board, revoke).value or ""
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


def rule_revoke(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    tree = get_tree(NAME)
    reported = report if isinstance(report, RevokeReport) else None
    revokes = select_revokes(board, reported)
    focuses: list[RevokeFocus | None] = list(_focuses(board, revokes, answers)) or [None]
    path: list[Step] = []
    decisions: list[RevokeDecision] = []
    texts: list[str] = []
    options: list[OptionLine] = []
    first_walk: Walk | None = None
    equity: int | None = None
    weighing = equity_weighing(board, answers)
    for number, focus in enumerate(focuses, start=1):
        group = (
            _("Revoke {number}: {seat} at trick {trick}").format(
                number=number, seat=focus.revoke.seat.name_full, trick=focus.revoke.trick
            )
            if focus is not None and len(focuses) > 1
            else ""
        )
        ctx = Context(board, reported, _answers_for(answers, number), focus=focus)
        result = walk(tree, ctx, FACTS, mode, group)
        _check_against_play(ctx, result)
        path += result.steps
        if result.pending is not None:
            return pending_ruling(NAME, path, result.pending)
        _check_counts(ctx, result)
        first_walk = first_walk or result
        if result.outcome is None:
            raise RecordError(_("the ruling has no outcome"))
        node = _outcome(tree, result.outcome)
        if result.numbers.get("equity") is not None:
            equity = result.numbers["equity"]
        decisions.append(_decision(result, node, ctx))
        values = _values(board, ctx, result)
        texts.append(fill(node.text, values))
        for option in node.options:
            line = OptionLine(side=option.side, text=fill(option.text, values))
            if line not in options:
                options.append(line)
    if first_walk is None or first_walk.outcome is None:
        raise RecordError(_("the board shows no revoke to rule on"))
    if weighing is not None and weighing.results:
        _check_weighing_applies(tree, decisions, equity)
    adjustment = revoke_adjustment(Context(board, reported, answers), decisions, equity, weighing)
    first_node = _outcome(tree, first_walk.outcome)
    laws = list(dict.fromkeys(a for d in decisions for a in d.laws))
    laws += [a for a in adjustment.laws if a not in laws]
    if len(texts) > 1:
        texts = [f"Revoke {i}: {t}" for i, t in enumerate(texts, start=1)]
    summary = _summary(board, adjustment)
    return Ruling(
        wizard=NAME,
        status="complete",
        path=path,
        outcome=first_walk.outcome,
        title=_title(first_node, adjustment, decisions),
        text="\n\n".join([*texts, *([summary] if summary else [])]),
        options=options,
        laws=laws,
        adjustment=adjustment,
        marked_tricks=sorted({line.trick for line in adjustment.revokes}),
    )


def _check_weighing_applies(
    tree: Tree, decisions: list[RevokeDecision], equity: int | None
) -> None:
    """A weighted Law 64C score needs an outcome where Law 64C applies, and only one
    judgment: refused rather than dropped, so the TD never reads a ruling without it."""
    if equity is not None:
        raise AnswerError(
            _(
                "Law 64C takes one judgment: equity (declarer's tricks) or "
                "results (a weighted score), not both"
            ),
            where=_("answers equity and {EQUITY_RESULTS}").format(EQUITY_RESULTS=EQUITY_RESULTS),
        )
    if not any("equity" in _outcome(tree, d.outcome).asks for d in decisions):
        raise AnswerError(
            _(
                "Law 64C applies only after an established revoke, and this "
                "ruling has none (the revoke is corrected or there is none): "
                "there is no adjusted score to weigh"
            ),
            where=f"answer {EQUITY_RESULTS}",
        )


def _outcome(tree: Tree, node_id: str) -> OutcomeNode:
    node = tree.nodes[node_id]
    if not isinstance(node, OutcomeNode):
        raise TypeError(_("a revoke outcome must be an outcome node of the tree"))
    return node


def _check_counts(ctx: Context, result: Walk) -> None:
    """The trick counts of one walk must be able to be true together.

    Without a play record the TD gives them one by one; if they contradict each other
    the transfer would be computed from an impossible board (two tricks moved when the
    offenders won one, declarer pushed past 13), so the answers are refused instead.
    """
    steps = {step.node: step for step in result.steps}
    won = result.numbers.get("won_from_revoke")
    trick, seat = _trick(ctx), _seat(ctx)
    if won is None:
        return

    def said(name: str) -> str:
        step = steps[name]
        source = {"td": _("the TD's answer"), "record": _("the record or report")}
        return f"{name}={step.answer} ({source.get(step.answered_by, 'assumed')})"

    def refuse(names: list[str], why: str) -> None:
        given = ", ".join(said(name) for name in names)
        raise AnswerError(f"{given}: {why}", where=f"answers {' and '.join(names)}")

    if trick is not None and won > 14 - trick and "revoke_trick" in steps:
        refuse(
            ["won_from_revoke", "revoke_trick"],
            _("only {value} tricks are played from trick {trick} to the end").format(
                value=14 - trick, trick=trick
            ),
        )
    later = steps.get("later_trick")
    if later is not None and (later.answer == "yes") != (won >= 2):
        # later_trick is asked only when the offender won the revoke trick himself, so
        # that trick is one of the won_from_revoke tricks and the rest are later ones.
        refuse(
            ["won_from_revoke", "later_trick"],
            _(
                "the offender won the revoke trick, so the offending side "
                "won {value} later trick(s), not {value2}"
            ).format(value=won - 1, value2="none" if later.answer == "no" else "one or more"),
        )
    tricks = result.numbers.get("declarer_tricks")
    declarer = ctx.board.declarer_seat if ctx.board is not None else None
    if tricks is None or seat is None or declarer is None:
        return
    side = side_name(seat.side)
    total = tricks if seat.side is declarer.side else 13 - tricks
    if won > total:
        refuse(
            ["won_from_revoke", "declarer_tricks"],
            _(
                "{side} took {total} trick(s) in all, so they cannot have "
                "won {won} from the revoke trick on"
            ).format(side=side, total=total, won=won),
        )
    if trick is not None and total - won > trick - 1:
        refuse(
            ["won_from_revoke", "declarer_tricks", "revoke_trick"],
            _(
                "{side} took {total} trick(s) in all and {won} from trick "
                "{trick} on, which leaves {value} for the {value2} trick(s) "
                "before it"
            ).format(
                side=side, total=total, won=won, trick=trick, value=total - won, value2=trick - 1
            ),
        )


def _check_against_play(ctx: Context, result: Walk) -> None:
    """The TD's revoke trick must be one the recorded play reaches; the pickers for it
    and for the tricks won from it offer only the tricks that can be."""
    board, pending = ctx.board, result.pending
    answered = ctx.walked.get("revoke_trick")
    if isinstance(answered, int) and _recorded(ctx) is None:
        check_trick_in_play(board, answered, "the revoke", _("answer revoke_trick"))
    if pending is None:
        return
    if pending.node == "revoke_trick" and board is not None and board.play:
        reach = tricks_started(board)
        finished = board.claim is not None or len(board.play) == 52
        pending.maximum = min(pending.maximum or 13, reach if finished else reach + 1)
    trick = _trick(ctx)
    if pending.node == "won_from_revoke" and trick is not None:
        pending.maximum = min(pending.maximum or 13, 14 - trick)


def _title(node: OutcomeNode, adjustment: RevokeAdjustment, decisions: list[RevokeDecision]) -> str:
    """The outcome's title, unless the numbers say otherwise (several revokes, a cap, 64C)."""
    if (
        len(decisions) == 1
        and not adjustment.equity_applied
        and transferred_tricks(decisions[0]) == adjustment.tricks_transferred
    ):
        return node.title
    if adjustment.equity_applied:
        return _("Score adjusted to restore equity (Law 64C)")
    count = adjustment.tricks_transferred
    if count == 0:
        return _("No trick transferred")
    return _("{value} transferred in all").format(
        value="One trick" if count == 1 else f"{count} tricks"
    )


def _decision(result: Walk, node: OutcomeNode, ctx: Context) -> RevokeDecision:
    answered = {step.node: step.answer for step in result.steps}
    focus = ctx.focus if isinstance(ctx.focus, RevokeFocus) else None
    won_from = result.numbers.get("won_from_revoke")
    if "established" in answered:
        established = answered["established"] != "no"
    else:  # a path that does not ask (Law 62C3): as the record or the TD says
        established = bool(focus and focus.established)
    return RevokeDecision(
        offender=_seat(ctx),
        trick=_trick(ctx),
        established=established,
        outcome=result.outcome or "",
        transfer_rule=node.transfer,
        laws=list(node.laws),
        later_trick_won=answered.get("later_trick") == "yes",
        revoke=focus.revoke if focus else None,
        won_from=won_from,
    )


def _values(board: Board | None, ctx: Context, result: Walk) -> dict[str, object]:
    """The ruling text's placeholders, from the record or the TD's answers."""
    values: dict[str, object] = {}
    seat, trick, suit, recorded = _seat(ctx), _trick(ctx), _suit(ctx), _recorded(ctx)
    if seat is not None:
        values |= {
            "offender": seat.name_full,
            "offender_partner": seat.partner.name_full,
            "non_offenders": side_name(seat.side.other),
            "offenders": side_name(seat.side),
        }
    if trick is not None:
        values["trick"] = trick
    values["card"] = recorded.card.pretty if recorded is not None else _("the card he revoked with")
    if suit is not None:
        values["led_suit"] = suit.symbol
    if recorded is not None:
        values["held"] = ", ".join(c.pretty for c in recorded.held)
    if board is not None and board.contract_obj is not None:
        values["contract"] = str(board.contract_obj)
        if board.declarer_seat is not None:
            values["declarer"] = board.declarer_seat.name_full
    values["equity"] = result.numbers.get("equity")
    return values


def _summary(board: Board | None, adjustment: RevokeAdjustment) -> str:
    final = adjustment.declarer_tricks_final
    weighted = final is None and bool(adjustment.weighted)
    if adjustment.declarer_tricks_played is None or (final is None and not weighted) or not board:
        return adjustment.note
    contract, declarer = board.contract_obj, board.declarer_seat
    after = "a weighted score" if weighted else final
    line = _(
        "Declarer's tricks: {declarer_tricks_played} as played, "
        "{after} after adjustment ({tricks_transferred} transferred)."
    ).format(
        declarer_tricks_played=adjustment.declarer_tricks_played,
        after=after,
        tricks_transferred=adjustment.tricks_transferred,
    )
    if (
        adjustment.score_ns_final is not None
        and adjustment.score_ns_played is not None
        and contract is not None
        and declarer is not None
    ):
        line += _(
            " Score for {contract} by {declarer}: NS "
            "{score_ns_played:+d} as played, NS {score_ns_final:+g} "
            "after the ruling."
        ).format(
            contract=contract,
            declarer=declarer.value,
            score_ns_played=adjustment.score_ns_played,
            score_ns_final=adjustment.score_ns_final,
        )
    if adjustment.note:
        line += " " + adjustment.note
    return line


WIZARD = register(
    Wizard(
        name=NAME,
        title="Revoke",
        laws="Laws 61-64",
        kind="revoke",
        rule=rule_revoke,
        facts=FACTS,
        computations=frozenset({"revoke_transfer"}),
        notes=(
            "With several revokes, prefix a name with the revoke's number to answer for "
            "that revoke only: 2.attention=after_round"
        ),
        answers=(
            AnswerHelp(
                EQUITY_RESULTS,
                "(TD)  Law 64C as a weighted score (Law 12C1(c)), instead of equity: "
                'declarer\'s tricks and weights, "13 0.6; 12 0.4"',
            ),
            AnswerHelp("comparison", "(TD)  Teams: NS score at the other table, e.g. -140"),
            AnswerHelp("traveller", '(TD)  Pairs: the other NS scores, "420, 450, -50"'),
        ),
    )
)
