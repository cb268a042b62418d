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

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.play import Play, Revoke
from td_assist.rulings.adjust import (
    declarer_tricks_as_played,
    side_name,
    trick_sides,
    with_scores,
)
from td_assist.rulings.engine import Mode, Walk, fill, pending_ruling
from td_assist.rulings.facts import Context, FactResult, FactTable
from td_assist.rulings.model import (
    Adjustment,
    IrregularityReport,
    OptionLine,
    PendingQuestion,
    Ruling,
    Step,
    irregularity_kind,
)
from td_assist.rulings.tree import OutcomeNode
from td_assist.rulings.wizards import AnswerHelp, Wizard, get_tree, register, walk_wizard

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


class RevokeAdjustment(Adjustment):
    offender: Seat | None = None
    revoke_trick: int | None = None
    established: bool | None = None
    revokes: list[RevokeLine] = Field(default_factory=list)
    equity_applied: bool = False


# --- Facts from the record -------------------------------------------------------------

FACTS = FactTable()


def _play(ctx: Context) -> Play | None:
    return ctx.board.play_obj if ctx.board is not None else None


def _role(ctx: Context, seat: Seat) -> str:
    declarer = ctx.board.declarer_seat if ctx.board else None
    if declarer is None:
        return "unknown"
    if seat is declarer:
        return "declarer"
    return "dummy" if seat is declarer.partner else "defender"


def _who(ctx: Context, seat: Seat) -> str:
    role = _role(ctx, seat)
    return f"{seat.name_full} ({role})" if role != "unknown" else seat.name_full


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
    on_revoke_trick = int(
        bool(
            play.tricks[revoke.trick - 1].winner
            and play.tricks[revoke.trick - 1].winner.side is side
        )
    )
    return totals[side] - before - (on_revoke_trick if after else 0)


@FACTS.register("revoke_in_record")
def revoke_in_record(ctx: Context) -> FactResult:
    play = _play(ctx)
    if play is None:
        return FactResult.unknown("The play is not recorded, so the record cannot show a revoke.")
    if ctx.focus is not None:
        r: Revoke = ctx.focus
        return FactResult("yes", [f"The record shows it: {r.evidence()}"])
    if play.revokes:  # the TD reported a revoke the record places elsewhere
        others = "; ".join(f"{o.seat.name_full} at trick {o.trick}" for o in play.revokes)
        return FactResult(
            "no",
            [
                f"The record shows no revoke by the player or at the trick reported; it shows "
                f"one by {others}. Correct the report, or answer 'yes' if the record is wrong."
            ],
        )
    return FactResult(
        "no",
        [
            f"Every card in the record ({len(play.cards)} played) followed suit where the player "
            "could; nobody discarded or ruffed while holding the suit led."
        ],
    )


@FACTS.register("revoke_established")
def revoke_established(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    play, board = _play(ctx), ctx.board
    if r is None or play is None or board is None:
        return FactResult.unknown("The record does not show what happened after the revoke.")
    offenders = {r.seat, r.seat.partner}
    later = [t for t in play.tricks if t.number > r.trick]
    for trick in later:
        for seat, card in zip(trick.seats, trick.cards):
            if seat in offenders:
                return FactResult(
                    "yes",
                    [
                        f"Established (Law 63A1): {_who(ctx, seat)} of the offending side played "
                        f"{card.pretty} to trick {trick.number}."
                    ],
                )
    if board.claim is not None:
        return FactResult(
            "yes",
            [
                "Established (Law 63A3-A4): the play ended in a claim or concession, which the "
                "offending side made or agreed to."
            ],
        )
    nxt = r.trick + 1
    return FactResult(
        "no",
        [
            f"Not established: neither {r.seat.name_full} nor {r.seat.partner.name_full} has "
            f"played to trick {nxt}, and there was no claim or concession (Law 63A)."
        ],
    )


@FACTS.register("offender_role")
def offender_role(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    if r is None or ctx.board is None or ctx.board.declarer_seat is None:
        return FactResult.unknown("The record does not say who revoked or who is declarer.")
    role = _role(ctx, r.seat)
    value = "defender" if role == "defender" else "declaring_side"
    return FactResult(value, [f"The offender is {_who(ctx, r.seat)}."])


@FACTS.register("revoke_on_trick_12")
def revoke_on_trick_12(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    if r is None:
        return FactResult.unknown("The record does not show at which trick the revoke happened.")
    return FactResult("yes" if r.trick == 12 else "no", [f"The revoke was at trick {r.trick}."])


@FACTS.register("revoke_by_dummy_or_penalty_card")
def revoke_by_dummy_or_penalty_card(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    if r is None or ctx.board is None or ctx.board.declarer_seat is None:
        return FactResult.unknown("The record does not say who revoked.")
    if _role(ctx, r.seat) == "dummy":
        return FactResult(
            "yes", [f"The card not played was one of dummy's: {_who(ctx, r.seat)} (Law 64B3)."]
        )
    return FactResult(
        "no",
        [
            f"{_who(ctx, r.seat)} failed to follow suit from his own hand; the record shows no "
            "penalty card (a TD who knows otherwise answers 'yes')."
        ],
    )


@FACTS.register("second_revoke_same_suit")
def second_revoke_same_suit(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    play = _play(ctx)
    if r is None or play is None:
        return FactResult.unknown("The record does not show the earlier play.")
    earlier = [
        e
        for e in play.revokes
        if e.trick < r.trick and e.seat is r.seat and e.led_suit is r.led_suit
    ]
    if earlier:
        first = earlier[0]
        return FactResult(
            "yes",
            [
                f"{r.seat.name_full} already revoked in {r.led_suit.symbol} at trick "
                f"{first.trick}; this is a later revoke in the same suit (Law 64B2)."
            ],
        )
    return FactResult(
        "no", [f"No earlier revoke in {r.led_suit.symbol} by {r.seat.name_full} on this board."]
    )


@FACTS.register("both_sides_revoked")
def both_sides_revoked(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    play = _play(ctx)
    if r is None or play is None:
        return FactResult.unknown("The record does not show the whole play.")
    other = [o for o in play.revokes if o.seat.side is not r.seat.side]
    if other:
        o = other[0]
        return FactResult(
            "yes",
            [f"The other side revoked too: {o.seat.name_full} at trick {o.trick} (Law 64B7)."],
        )
    return FactResult("no", ["Only one side revoked on this board."])


@FACTS.register("offending_side_won_a_trick")
def offending_side_won_a_trick(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    if r is None:
        return FactResult.unknown("The record does not show the revoke.")
    won = offending_tricks_from(ctx, r, after=False)
    if won is None:
        return FactResult.unknown(
            "The play after the revoke is not recorded to the end (and there is no claim)."
        )
    side = "North-South" if r.seat.side is Side.NS else "East-West"
    if won == 0:
        return FactResult(
            "no", [f"{side} won no trick from trick {r.trick} to the end (Law 64B1)."]
        )
    return FactResult("yes", [f"{side} won {won} trick(s) from trick {r.trick} to the end."])


@FACTS.register("offender_won_revoke_trick")
def offender_won_revoke_trick(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    play = _play(ctx)
    if r is None or play is None:
        return FactResult.unknown("The record does not show the revoke trick.")
    winner = play.tricks[r.trick - 1].winner
    if winner is None:
        return FactResult.unknown(f"Trick {r.trick} is not complete in the record.")
    if winner is r.seat:
        return FactResult("yes", [f"{_who(ctx, winner)} won the revoke trick (trick {r.trick})."])
    note = ""
    if _role(ctx, r.seat) == "declarer" and winner is r.seat.partner:
        note = " A trick won by dummy is not won by declarer (Law 64A)."
    return FactResult(
        "no", [f"Trick {r.trick} was won by {_who(ctx, winner)}, not by the offender.{note}"]
    )


@FACTS.register("offending_side_won_later_trick")
def offending_side_won_later_trick(ctx: Context) -> FactResult:
    r: Revoke | None = ctx.focus
    if r is None:
        return FactResult.unknown("The record does not show the revoke.")
    later = offending_tricks_from(ctx, r, after=True)
    if later is None:
        return FactResult.unknown("The play after the revoke is not recorded to the end.")
    if later == 0:
        return FactResult("no", [f"The offending side won no trick after trick {r.trick}."])
    return FactResult("yes", [f"The offending side won {later} trick(s) after trick {r.trick}."])


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
        return with_scores(adjustment, board)
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
    return with_scores(adjustment, board)


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


def rule_revoke(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    tree = get_tree(NAME)
    reported = report if isinstance(report, RevokeReport) else None
    revokes = select_revokes(board, reported)
    focuses: list[Revoke | None] = list(revokes) or [None]
    path: list[Step] = []
    decisions: list[RevokeDecision] = []
    texts: list[str] = []
    options: list[OptionLine] = []
    first_walk: Walk | None = None
    equity: int | None = None
    for number, focus in enumerate(focuses, start=1):
        group = (
            f"Revoke {number}: {focus.seat.name_full} at trick {focus.trick}"
            if focus is not None and len(focuses) > 1
            else ""
        )
        result = walk_wizard(
            WIZARD, board, reported, _answers_for(answers, number), mode, focus, group
        )
        path += result.steps
        if result.pending is not None:
            return pending_ruling(NAME, path, result.pending)
        first_walk = first_walk or result
        assert result.outcome is not None
        node = tree.nodes[result.outcome]
        assert isinstance(node, OutcomeNode)
        if "equity" in result.numbers and result.numbers["equity"] is not None:
            equity = result.numbers["equity"]
        decisions.append(_decision(result, node, focus, reported))
        texts.append(fill(node.text, _values(board, focus, result)))
        for option in node.options:
            line = OptionLine(
                side=option.side, text=fill(option.text, _values(board, focus, result))
            )
            if line not in options:
                options.append(line)
    assert first_walk is not None and first_walk.outcome is not None
    base_ctx = Context(board, reported, answers)
    adjustment = revoke_adjustment(base_ctx, decisions, equity)
    if (
        mode == "step"
        and adjustment.declarer_tricks_played is None
        and board is not None
        and board.contract_obj is not None
        and not board.contract_obj.is_passed_out
    ):
        # The record stops before the end and has no claim or result: ask for the result
        # at the table, which the score needs.
        return pending_ruling(
            NAME,
            path,
            PendingQuestion(
                node="declarer_tricks",
                kind="number",
                laws=["79A1"],
                minimum=0,
                maximum=13,
                prompt="How many tricks did declarer take at the table (before any adjustment)?",
                help="The record does not show the end of the play, a claim or a result.",
            ),
        )
    first_node = tree.nodes[first_walk.outcome]
    assert isinstance(first_node, OutcomeNode)
    laws = list(dict.fromkeys(a for d in decisions for a in d.laws))
    if adjustment.equity_applied and "64C1" not in laws:
        laws.append("64C1")
    if len(texts) > 1:
        texts = [f"Revoke {i}: {t}" for i, t in enumerate(texts, start=1)]
    summary = _summary(board, adjustment)
    return Ruling(
        wizard=NAME,
        status="complete",
        path=path,
        outcome=first_walk.outcome,
        title=first_node.title,
        text="\n\n".join([*texts, *([summary] if summary else [])]),
        options=options,
        laws=laws,
        adjustment=adjustment,
        marked_tricks=sorted({line.trick for line in adjustment.revokes}),
    )


def _decision(
    result: Walk, node: OutcomeNode, focus: Revoke | None, reported: RevokeReport | None
) -> RevokeDecision:
    answered = {step.node: step.answer for step in result.steps}
    return RevokeDecision(
        offender=focus.seat if focus else reported.offender if reported else None,
        trick=focus.trick if focus else reported.trick if reported else None,
        established=answered.get("established") == "yes",
        outcome=result.outcome or "",
        transfer_rule=node.transfer,
        laws=list(node.laws),
        later_trick_won=answered.get("later_trick") == "yes",
        revoke=focus,
    )


def _values(board: Board | None, focus: Revoke | None, result: Walk) -> dict[str, object]:
    values: dict[str, object] = {}
    if focus is not None:
        values |= {
            "offender": focus.seat.name_full,
            "offender_partner": focus.seat.partner.name_full,
            "trick": focus.trick,
            "card": focus.card.pretty,
            "led_suit": focus.led_suit.symbol,
            "held": ", ".join(c.pretty for c in focus.held),
            "non_offenders": side_name(focus.seat.side.other),
            "offenders": side_name(focus.seat.side),
        }
    if board is not None and board.contract_obj is not None:
        values["contract"] = str(board.contract_obj)
        values["declarer"] = board.declarer_seat.name_full if board.declarer_seat else "?"
    values["equity"] = result.numbers.get("equity")
    return values


def _summary(board: Board | None, adjustment: RevokeAdjustment) -> str:
    if adjustment.declarer_tricks_played is None or board is None:
        return adjustment.note
    contract = board.contract_obj
    line = (
        f"Declarer's tricks: {adjustment.declarer_tricks_played} as played, "
        f"{adjustment.declarer_tricks_final} after adjustment "
        f"({adjustment.tricks_transferred} transferred)."
    )
    if adjustment.score_ns_final is not None and contract is not None:
        line += (
            f" Score for {contract} by {board.declarer_seat.value if board.declarer_seat else '?'}:"
            f" NS {adjustment.score_ns_played:+d} as played, "
            f"NS {adjustment.score_ns_final:+d} after the ruling."
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
        answers=(
            AnswerHelp(
                "declarer_tricks",
                "(TD)  Declarer's tricks as played, when the record does not show them  [0-13]",
            ),
        ),
        notes=(
            "With several revokes, prefix a name with the revoke's number to answer for "
            "that revoke only: 2.attention=after_round"
        ),
    )
)
