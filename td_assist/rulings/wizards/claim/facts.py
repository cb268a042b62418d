"""The claim tree's facts, read from the claim as the report, record and answers
give it."""

from __future__ import annotations

from td_assist.bridge.cards import Card, Seat
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.wizards.claim.report import ClaimSituation

FACTS = FactTable()


def _situation(ctx: Context) -> ClaimSituation:
    if not isinstance(ctx.focus, ClaimSituation):
        raise TypeError("a claim fact needs the wizard's situation")
    return ctx.focus


@FACTS.register("play_went_on")
def play_went_on(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    if situation.played_on:
        return FactResult(
            None,
            [
                _(
                    "The record holds the play after the claim: say whether play went on at the "
                    "non-claiming side's request with all four agreeing (Law 68D2(b))."
                )
            ],
        )
    if situation.board is not None and situation.board.play:
        return FactResult(
            "no", [_("Established: the record's play stops at the claim.")], settled=True
        )
    return FactResult.unknown(_("The record does not show the play after the claim."))


@FACTS.register("defender_conceded")
def defender_conceded(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    defender = situation.is_defender()
    if defender is None:
        return FactResult.unknown(_("The record names no declarer."))
    conceded = situation.remaining - situation.claimed
    if defender and conceded > 0:
        why = _("Established: {claimer}, a defender, conceded {count} of the tricks left.").format(
            claimer=situation.claimer.name_full, count=conceded
        )
        return FactResult("yes", [why], settled=True)
    why = (
        _("Established: {claimer} is declarer's side.").format(claimer=situation.claimer.name_full)
        if not defender
        else _("Established: {claimer} conceded none of the tricks left.").format(
            claimer=situation.claimer.name_full
        )
    )
    return FactResult("no", [why], settled=True)


@FACTS.register("claim_route")
def claim_route(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    if ctx.walked.get("agreed") == "yes":
        return FactResult(
            "reopened", [_("Established: the claim was agreed, and is reopened in time.")], True
        )
    if situation.claimed == 0:
        why = _("Established: {claimer} claimed none of the tricks left: a concession.").format(
            claimer=situation.claimer.name_full
        )
        return FactResult("concession", [why], settled=True)
    why = _("Established: {claimer} claimed {count} of the tricks left, and it was disputed.")
    return FactResult(
        "disputed_claim",
        [why.format(claimer=situation.claimer.name_full, count=situation.claimed)],
        settled=True,
    )


@FACTS.register("trump_outstanding")
def trump_outstanding(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    if situation.board is None or situation.board.contract_obj is None:
        return FactResult.unknown(_("The contract is not known."))
    if situation.trump is None:
        return FactResult("no", [_("Established: the contract is in no trumps.")], settled=True)
    if situation.hands is None:
        return FactResult.unknown(_("The cards left are not known."))
    held = outstanding_trumps(situation)
    if not held:
        why = _("Established: no opponent of the claimer holds a trump.")
        return FactResult("no", [why], settled=True)
    cards = ", ".join(f"{seat.name_full} {card.pretty}" for seat, card in held)
    return FactResult(
        "yes",
        [_("Established: an opponent still holds a trump ({cards}).").format(cards=cards)],
        settled=True,
    )


def outstanding_trumps(situation: ClaimSituation) -> list[tuple[Seat, Card]]:
    trump, hands = situation.trump, situation.hands
    if trump is None or hands is None:
        return []
    return [
        (seat, card)
        for seat in Seat
        if seat.side is not situation.side
        for card in hands[seat]
        if card.suit is trump
    ]


def on_line(ctx: Context) -> int | None:
    """The claiming side's tricks on the normal line, less those lost to the trump
    (Law 70C) when the TD found all three conditions."""
    line = ctx.walked.get("normal_line_tricks")
    if not isinstance(line, int):
        return None
    lost = ctx.walked.get("tricks_lost_to_trump")
    return max(line - lost, 0) if isinstance(lost, int) else line


@FACTS.register("conceded_trick_unlosable")
def conceded_trick_unlosable(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    tricks = on_line(ctx)
    if tricks is None:
        return FactResult.unknown(_("The tricks on the normal line are not known."))
    if tricks > situation.claimed:
        why = _(
            "Established: no normal play loses more than {lost} of the {remaining} tricks left, "
            "but {claimer}'s side conceded {conceded}."
        ).format(
            lost=situation.remaining - tricks,
            remaining=situation.remaining,
            claimer=situation.claimer.name_full,
            conceded=situation.remaining - situation.claimed,
        )
        return FactResult("yes", [why], settled=True)
    why = _(
        "Established: a normal play wins only {tricks} of the {remaining} tricks left, and "
        "{claimer}'s side claimed {claimed}."
    ).format(
        tricks=tricks,
        remaining=situation.remaining,
        claimer=situation.claimer.name_full,
        claimed=situation.claimed,
    )
    return FactResult("no", [why], settled=True)


@FACTS.register("agreement_gave_away_trick")
def agreement_gave_away_trick(ctx: Context) -> FactResult:
    situation = _situation(ctx)
    likely = ctx.walked.get("likely_tricks")
    if not isinstance(likely, int):
        return FactResult.unknown(_("The likely tricks are not known."))
    over = _stated_over_claim(situation)
    if over:
        why = _(
            "Established: the total the claimer stated, {stated} for declarer, counts {over} "
            "trick(s) the other side had in fact already won (Law 69B1)."
        ).format(stated=situation.stated_total, over=over)
        return FactResult("yes", [why], settled=True)
    if likely < situation.claimed:
        why = _(
            "Established: {claimer}'s side would probably have won {likely}, but was given "
            "{claimed}."
        )
    else:
        why = _(
            "Established: {claimer}'s side would probably have won {likely}, and was given "
            "{claimed}."
        )
    text = why.format(claimer=situation.claimer.name_full, likely=likely, claimed=situation.claimed)
    return FactResult("yes" if likely < situation.claimed else "no", [text], settled=True)


def _stated_over_claim(situation: ClaimSituation) -> int:
    """How many tricks the stated total gives the claiming side beyond all it could have:
    tricks the other side had already won (Law 69B1, Law 71A)."""
    declarer = situation.declarer
    if situation.stated_total is None or declarer is None or situation.won_before is None:
        return 0
    most = situation.won_before + situation.remaining  # declarer's side, at most
    least = situation.won_before  # declarer's side, at least
    if situation.claimer.side is declarer.side:
        return max(situation.stated_total - most, 0)
    return max(least - situation.stated_total, 0)


@FACTS.register("declarer_tricks_played")
def declarer_tricks_fact(ctx: Context) -> FactResult:
    board = ctx.board
    play = board.play_obj if board is not None else None
    if board is not None and play is not None and play.is_finished:
        tricks = board.declarer_tricks_played()
        why = _("Established: the record holds the whole play.")
        return FactResult(str(tricks), [why], settled=True)
    return FactResult.unknown(_("The record does not hold the whole play."))
