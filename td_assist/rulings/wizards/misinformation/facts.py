"""The misinformation tree's facts, answered from the incident and the record."""

from __future__ import annotations

from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.wizards.misinformation.incident import Incident, remedy_for, report_of

FACTS = FactTable()


@FACTS.register("type_in_report")
def type_in_report(ctx: Context) -> FactResult:
    reported = report_of(ctx.report)
    if reported is None or reported.type is None:
        return FactResult.unknown(_("The report does not say what the misinformation was."))
    return FactResult(reported.type, [_("From the Director's report.")])


@FACTS.register("told_by_opponent")
def told_by_opponent(ctx: Context) -> FactResult:
    incident: Incident = ctx.focus
    if incident.explainer is None or incident.leader is None:
        return FactResult.unknown(_("The report does not name who said it was his lead."))
    if incident.explainer.side == incident.leader.side:
        return FactResult(
            "no",
            [
                _("{explainer} is {leader}'s partner, not an opponent (Law 47E1).").format(
                    explainer=incident.explainer.name_full, leader=incident.leader.name_full
                )
            ],
            settled=True,
        )
    return FactResult(
        "yes",
        [
            _("The report says {explainer}, an opponent, told {leader} it was his lead.").format(
                explainer=incident.explainer.name_full, leader=incident.leader.name_full
            )
        ],
    )


@FACTS.register("corrected_at_in_report")
def corrected_at_in_report(ctx: Context) -> FactResult:
    reported = report_of(ctx.report)
    if reported is None or reported.corrected_at is None:
        return FactResult.unknown(_("The report does not say when the right information came out."))
    return FactResult(reported.corrected_at, [_("From the Director's report.")])


@FACTS.register("opponent_acted_after")
def opponent_acted_after(ctx: Context) -> FactResult:
    found = remedy_for(ctx.focus, _walked(ctx, "corrected_at"))
    if found.opponents_acted is None:
        return FactResult.unknown(_("The record does not show the calls after the explained one."))
    if found.opponents_acted:
        return FactResult("yes", list(found.evidence), settled=True)
    return FactResult(
        "no",
        [_("Established from the auction: no opponent called after the explained call.")],
        settled=True,
    )


@FACTS.register("remedy_open")
def remedy_open(ctx: Context) -> FactResult:
    found = remedy_for(ctx.focus, _walked(ctx, "corrected_at"))
    if found.remedy is None:
        return FactResult.unknown(_("The record does not show who declares; the Director says."))
    return FactResult(found.remedy, list(found.evidence), settled=True)


@FACTS.register("dummy_faced_in_record")
def dummy_faced_in_record(ctx: Context) -> FactResult:
    board = ctx.board
    play = board.play_obj if board is not None else None
    if play is not None and len(play.cards) >= 2:
        return FactResult(
            "yes", [_("Established from the play record: dummy's card was played to trick 1.")]
        )
    return FactResult.unknown(_("The record does not show whether dummy had faced a card."))


def _walked(ctx: Context, name: str) -> str | None:
    value = ctx.walked.get(name)
    return str(value) if value is not None else None
