"""The lead-out-of-turn tree's facts, read from the situation the report, record and
answers make."""

from __future__ import annotations

from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.procedures.table_roles import role_label
from td_assist.rulings.wizards.lead_out_of_turn.report import Situation

FACTS = FactTable()


def _situation(ctx: Context) -> Situation:
    if not isinstance(ctx.focus, Situation):
        raise TypeError(_("a lead-out-of-turn fact needs the wizard's situation"))
    return ctx.focus


@FACTS.register("lead_faced")
def lead_faced(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.recorded is not None:
        return FactResult("yes", [_recorded_text(s)])
    if not s.faced and s.trick != 1:
        return FactResult("yes", [_("Only an opening lead is made face down (Law 41A).")])
    return FactResult("yes" if s.faced else "no", [_("As reported.")])


@FACTS.register("lead_at_trick_13")
def lead_at_trick_13(ctx: Context) -> FactResult:
    s = _situation(ctx)
    return FactResult(
        "yes" if s.trick == 13 else "no",
        [_("The lead was to trick {trick}.").format(trick=s.trick)],
    )


@FACTS.register("proper_leader_is_opponent")
def proper_leader_is_opponent(ctx: Context) -> FactResult:
    """Law 53B lets only an opponent of the irregular leader make his own proper lead.

    The offender's partner (or declarer's own other hand) leading is not a proper lead
    that cancels the irregular one: so the answer is no, and only no is open.
    """
    s = _situation(ctx)
    correct = s.correct_leader
    if correct is None:
        return FactResult.unknown(_("The record does not say whose lead it was."))
    leader, offender = correct.name_full, s.offender.name_full
    if correct.side is s.offender.side:
        return FactResult(
            "no",
            [
                _(
                    "It was {leader}'s lead, and {leader} is {offender}'s "
                    "partner, not an opponent of the irregular leader: Law 53B "
                    "does not apply."
                ).format(leader=leader, offender=offender)
            ],
            offer=("no",),
        )
    return FactResult.unknown(
        _(
            "It was {leader}'s lead, and {leader} is an opponent of "
            "{offender}: whether he led his own card is for the TD to "
            "find out."
        ).format(leader=leader, offender=offender)
    )


@FACTS.register("offender_role")
def offender_role(ctx: Context) -> FactResult:
    s = _situation(ctx)
    role = s.role()
    if role is None:
        return FactResult.unknown(_("The record does not say who is declarer."))
    return FactResult(role, [_("{who} led.").format(who=role_label(s.board, s.offender))])


@FACTS.register("is_opening_lead")
def is_opening_lead(ctx: Context) -> FactResult:
    s = _situation(ctx)
    return FactResult(
        "yes" if s.trick == 1 else "no",
        [
            _("The opening lead (trick 1).")
            if s.trick == 1
            else _("The lead to trick {trick}.").format(trick=s.trick)
        ],
    )


def _recorded_text(s: Situation) -> str:
    lead = s.recorded
    if lead is None:
        raise RecordError(_("the record shows no accepted lead out of turn"))
    return _(
        "The record shows {offender} leading {card} to trick {trick} "
        "when it was {correct_leader}'s lead, and the play going on "
        "from it."
    ).format(
        offender=lead.offender.name_full,
        card=lead.card.pretty,
        trick=lead.trick,
        correct_leader=lead.correct_leader.name_full,
    )


@FACTS.register("declarer_choice")
def declarer_choice(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.recorded is None:
        return FactResult.unknown(_("The choice is declarer's; no record holds it."))
    if s.trick == 1 and s.spread_in_record:
        return FactResult(
            "declarer_becomes_dummy",
            [_recorded_text(s), _("The record marks that declarer spread his hand (Law 54A).")],
        )
    evidence = [_recorded_text(s), _("So the lead was accepted (Law 53A).")]
    if s.recorded.dummy_played_second and s.board is not None and s.board.play_obj is not None:
        dummy = s.recorded.offender.rho
        card = s.board.play_obj.tricks[0].card_of(dummy)
        evidence.append(
            _(
                "Declarer played {value} from dummy ({dummy}) second, before "
                "his own hand: that card stands and may be taken back only "
                "to correct a revoke (Law 54B2)."
            ).format(value=card.pretty if card else "a card", dummy=dummy.name_full)
        )
    return FactResult("accept", evidence)


@FACTS.register("declarer_began_spread")
def declarer_began_spread(ctx: Context) -> FactResult:
    """Law 54A: a declarer who began to spread his hand, showing a card, must spread it
    all and becomes dummy; no record says whether he began before the options."""
    s = _situation(ctx)
    if s.spread_in_record:
        return FactResult.unknown(
            _(
                "The record marks that declarer spread his hand; either way "
                "he becomes dummy (Law 54A)."
            )
        )
    return FactResult.unknown(_("Only the table can say; no record holds it."))


@FACTS.register("defenders_choice")
def defenders_choice(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.recorded is None:
        return FactResult.unknown(_("The choice is the defenders'; no record holds it."))
    return FactResult("accept", [_recorded_text(s), _("So the lead was accepted (Law 53A).")])
