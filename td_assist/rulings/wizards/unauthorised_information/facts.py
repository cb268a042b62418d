"""The unauthorised-information tree's facts, answered from the incident and the record."""

from __future__ import annotations

from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.wizards.unauthorised_information.incident import (
    SETTLED_KINDS,
    Incident,
    KindFinding,
    kind_words,
)

FACTS = FactTable()


@FACTS.register("incident_in_record")
def incident_in_record(ctx: Context) -> FactResult:
    incident: Incident | None = ctx.focus
    if incident is None or incident.call_index is None:
        return FactResult(
            "no",
            [
                _(
                    "The record does not show where the information was given; the Director "
                    "establishes it at the table."
                )
            ],
        )
    return FactResult("yes", incident.evidence)


@FACTS.register("source_kind_in_record")
def source_kind_in_record(ctx: Context) -> FactResult:
    incident: Incident | None = ctx.focus
    finding = incident.finding if incident is not None else KindFinding()
    said = _(" and ").join(finding.words)
    if finding.kind is not None:
        if finding.kind == "alert":
            line = _(
                "Established from {said}: partner's alert (or missing alert) passed the "
                "information."
            )
        elif set(finding.found) == SETTLED_KINDS:
            line = _(
                "Established from {said}: partner's alert and explanation (both his, Law 16B1, "
                "Law 73C1) passed the information."
            )
        else:
            line = _("Established from {said}: partner's explanation passed the information.")
        return FactResult(finding.kind, [line.format(said=said)])
    if not finding.found:
        return FactResult.unknown(
            _("The record does not say what passed the information; the Director says.")
        )
    named = ", ".join(kind_words(kind) for kind in finding.found)
    if finding.rules_out_tempo:
        line = _(
            "From {said}, the record mentions {named}, which does not settle it: the Director says."
        )
    else:
        line = _(
            "From {said}, the record mentions {named}, but not whether it was partner's "
            "(Law 16B1) or an opponent's (Law 73D)."
        )
    return FactResult(
        None,
        [line.format(said=said, named=named)],
        default_ruled_out=(finding.rules_out_tempo),
    )


@FACTS.register("information_from_outside")
def information_from_outside(ctx: Context) -> FactResult:
    # Follows from the answer the walk took on what passed the information.
    kind = ctx.walked.get("source_kind")
    if kind == "extraneous":
        return FactResult(
            "outside", [_("Information from outside the table (Law 16D).")], settled=True
        )
    return FactResult(
        "infraction",
        [_("The information came from the table: the side that broke the Law is at fault.")],
        settled=True,
    )


@FACTS.register("alert_in_record")
def alert_in_record(ctx: Context) -> FactResult:
    incident: Incident | None = ctx.focus
    finding = incident.finding if incident is not None else KindFinding()
    if finding.alert_missing is None:
        return FactResult.unknown(
            _("The record does not say whether the call was alerted; the Director says.")
        )
    said = _(" and ").join(finding.words)
    if finding.alert_missing:
        return FactResult(
            "not_alerted",
            [_("Established from {said}: the call was not alerted.").format(said=said)],
        )
    return FactResult(
        "alerted", [_("Established from {said}: the call was alerted.").format(said=said)]
    )
