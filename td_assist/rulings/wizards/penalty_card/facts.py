"""The penalty-card tree's facts, answered from the situation and the record."""

from __future__ import annotations

from td_assist.bridge.errors import RecordError
from td_assist.i18n import _, ngettext
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.procedures.named_cards import (
    card_names,
)
from td_assist.rulings.procedures.table_roles import role_label
from td_assist.rulings.wizards.penalty_card.report import ALL_SUITS, PenaltyCardReport, Situation
from td_assist.rulings.wizards.penalty_card.tracking import major_suits, suits_text

FACTS = FactTable()


def _situation(ctx: Context) -> Situation:
    if not isinstance(ctx.focus, Situation):
        raise TypeError("a penalty-card fact needs the wizard's situation")
    return ctx.focus


def _no_play(situation: Situation) -> FactResult | None:
    if situation.trace is None:
        if situation.play is None:
            return FactResult.unknown(_("The play after the exposure is not recorded."))
        return FactResult.unknown(_("The report does not say which card or at which trick."))
    return None


@FACTS.register("offender_role")
def offender_role(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.offender is None or s.declarer is None:
        return FactResult.unknown(_("The record does not say who is declarer."))
    declaring = s.offender in (s.declarer, s.declarer.partner)
    return FactResult(
        "declaring_side" if declaring else "defender",
        [
            _("{role}: {declarer} is declarer.").format(
                role=role_label(s.board, s.offender), declarer=s.declarer.name_full
            )
        ],
    )


@FACTS.register("partner_could_see")
def partner_could_see(ctx: Context) -> FactResult:
    """Law 49: a card partner could not possibly have seen (and not named) is no penalty
    card. A card led or played, as the report says a deliberate exposure was, lay face up
    on the table; otherwise the TD says (the usual case: he could)."""
    s = _situation(ctx)
    report = ctx.report if isinstance(ctx.report, PenaltyCardReport) else None
    if s.before_lead:
        return FactResult(
            "yes", [_("The card was led face up on the table (a lead out of turn).")], settled=True
        )
    if report is not None and report.exposure == "deliberate":
        return FactResult(
            "yes", [_("Reported as led or played: it lay face up on the table.")], settled=True
        )
    return FactResult.unknown(_("Only the table can say where the card was held."))


@FACTS.register("several_penalty_cards")
def several_penalty_cards(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if not s.cards:
        return FactResult.unknown(_("The report does not name the cards."))
    value = "several" if len(s.cards) > 1 else "one"
    return FactResult(value, [_("Exposed: {cards}.").format(cards=card_names(s.cards))])


@FACTS.register("card_is_honour")
def card_is_honour(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if len(s.cards) != 1:
        return FactResult.unknown(_("The report does not name the card."))
    card = s.cards[0]
    honour = card.rank.is_honour
    return FactResult(
        "yes" if honour else "no",
        [
            (_("{card} is an honour.") if honour else _("{card} is below honour rank.")).format(
                card=card.pretty
            )
        ],
    )


@FACTS.register("exposure_kind")
def exposure_kind(ctx: Context) -> FactResult:
    s = _situation(ctx)
    report = ctx.report if isinstance(ctx.report, PenaltyCardReport) else None
    if report is not None and report.exposure is not None:
        why = (
            _("Reported as exposed inadvertently.")
            if report.exposure == "inadvertent"
            else _("Reported as exposed deliberately.")
        )
        return FactResult(report.exposure, [why])
    return FactResult.unknown(
        _("The report does not say how the card came to be exposed.")
        if s.cards
        else _("Not reported.")
    )


@FACTS.register("minor_rule_broken")
def minor_rule_broken(ctx: Context) -> FactResult:
    s = _situation(ctx)
    unknown = _no_play(s)
    if unknown:
        return unknown
    broken = s.violations("minor_card_rule_broken")
    if broken:
        return FactResult("yes", [broken[0].evidence])
    return FactResult("no", _trace_summary(s))


@FACTS.register("major_not_played")
def major_not_played(ctx: Context) -> FactResult:
    s = _situation(ctx)
    unknown = _no_play(s)
    if unknown:
        return unknown
    failures = s.violations("penalty_card_not_played")
    certain = [v for v in failures if v.trick < s.certain_until()]
    if certain:
        return FactResult("yes", [certain[0].evidence])
    if failures:
        return FactResult.unknown(
            _(
                "{evidence} Whether the card was still a penalty card then depends "
                "on declarer's choice when the offender's partner led at trick "
                "{trick}, which the record cannot show."
            ).format(evidence=failures[0].evidence, trick=s.certain_until())
        )
    return FactResult("no", _trace_summary(s))


def _trace_summary(s: Situation) -> list[str]:
    if s.trace is None:
        raise RecordError("the penalty card was not followed through the record")
    play = s.play
    last = len(play.tricks) if play is not None else 0
    start = s.trace.start_trick
    if start > last:
        return [
            _(
                "The record stops before trick {start}, when the penalty card starts to bind."
            ).format(start=start)
        ]
    return [
        *s.trace.evidence,
        _("The record was checked from trick {start} to trick {last}.").format(
            start=start, last=last
        ),
    ]


@FACTS.register("declarer_played_since")
def declarer_played_since(ctx: Context) -> FactResult:
    s = _situation(ctx)
    failure = s.first_failure()
    if s.trace is None or failure is None:
        return FactResult.unknown(_("The record does not show the wrong card."))
    if s.trace.declarer_played_after.get(failure.trick):
        return FactResult(
            "yes",
            [
                _("Declarer played a card after {card}: he must accept it (Law 52B1(b)).").format(
                    card=failure.card.pretty
                )
            ],
        )
    if s.trace.established_after.get(failure.trick):
        return FactResult(
            "yes",
            [
                _(
                    "The offending side played to trick {trick}: the revoke is "
                    "established and cannot be corrected (Law 63A1, 63B)."
                ).format(trick=failure.trick + 1)
            ],
        )
    return FactResult("no", [_("The record stops after {card}.").format(card=failure.card.pretty)])


@FACTS.register("partner_got_lead")
def partner_got_lead(ctx: Context) -> FactResult:
    s = _situation(ctx)
    unknown = _no_play(s)
    if unknown:
        return unknown
    if s.trace is None or s.partner is None:
        raise RecordError("the penalty card was not followed through the record")
    now = s.partner_on_lead_now()
    if now is not None:
        on_table = card_names([p.card for p in s.trace.remaining if p.major])
        return FactResult(
            "yes",
            [
                _(
                    "The record stops with {partner} to lead to trick {trick} while "
                    "{on_table} lies on the table: declarer chooses now (Law 50D2)."
                ).format(partner=s.partner.name_full, trick=now, on_table=on_table)
            ],
        )
    if s.trace.occasions:
        first = s.trace.occasions[0]
        return FactResult(
            "yes",
            [
                ngettext(
                    "{partner} led to trick {trick} while {suits} penalty card lay on the table.",
                    "{partner} led to trick {trick} while {suits} penalty cards lay on the table.",
                    len(first.suits),
                ).format(
                    partner=s.partner.name_full,
                    trick=first.trick,
                    suits=suits_text(list(first.suits)),
                )
            ],
        )
    return FactResult(
        "no",
        [
            _(
                "The record shows no lead by {partner} while a major penalty card lay on the table."
            ).format(partner=s.partner.name_full)
        ],
    )


def _suit_fact(ctx: Context, several: tuple[str, ...] = ()) -> FactResult:
    """Declarer may name only a suit in which the offender has a penalty card (50D2,
    51B2); ``several``: the choices that name more than one of them."""
    s = _situation(ctx)
    suits = (
        list(s.trace.occasions[0].suits)
        if s.trace is not None and s.trace.occasions
        else major_suits(s)
    )
    offer = tuple(suit.value.lower() for suit in suits)
    if len(suits) == 1:
        return FactResult(
            offer[0],
            [_("The penalty cards are all in {suit}.").format(suit=suits[0].symbol)],
            offer,
        )
    if suits:
        return FactResult.unknown(
            _(
                "Penalty cards in {suits}: declarer names the suit he requires, "
                "or the suit or suits he forbids (Law 51B2)."
            ).format(suits=suits_text(suits)),
            offer + several,
        )
    return FactResult.unknown(_("The report does not name the cards."))


FACTS.register("suit_to_require")(_suit_fact)


@FACTS.register("suit_to_forbid")
def _forbid_fact(ctx: Context) -> FactResult:
    return _suit_fact(ctx, several=(ALL_SUITS,))


def _kept_fact(ctx: Context) -> FactResult:
    s = _situation(ctx)
    now = s.partner_on_lead_now()
    if now is not None and s.partner is not None:
        return FactResult(
            "yes",
            [
                _(
                    "The record stops before {partner}'s lead to trick {trick}: he is "
                    "about to lead, bound by declarer's choice."
                ).format(partner=s.partner.name_full, trick=now)
            ],
        )
    if s.trace is None or not s.trace.occasions or s.trace.occasions[0].decision is None:
        return FactResult.unknown(_("The record does not show partner's lead after the choice."))
    first = s.trace.occasions[0]
    # Only this choice's breaches (a prohibition lasts while he keeps the lead); one at a
    # later Law 50D2 choice is the later_leads_kept question's.
    broken = [v for v in s.violations("lead_restriction_broken") if v.occasion == 0]
    if broken:
        return FactResult("no", [broken[0].evidence])
    if first.unable:
        return FactResult("unable", [line for line in s.trace.evidence if "Law 59" in line][:1])
    mine = [line for line in s.trace.evidence if line.startswith(f"Trick {first.trick}:")]
    complied = _("{partner} complied.").format(partner=s.partner.name_full if s.partner else "?")
    return FactResult("yes", mine or [complied])


FACTS.register("requirement_kept")(_kept_fact)
FACTS.register("prohibition_kept")(_kept_fact)


@FACTS.register("later_leads_kept")
def later_leads_kept(ctx: Context) -> FactResult:
    """Declarer has the Law 50D2 choice again at each later lead while a major penalty
    card remains; a requirement or prohibition broken then is a revoke (Law 61A)."""
    s = _situation(ctx)
    partner = s.partner.name_full if s.partner else _("The offender's partner")
    if s.trace is None:
        # Nothing after the exposure is recorded: no later lead has been made yet.
        return FactResult("yes", [_("The play after the exposure is not recorded.")])
    broken = [v for v in s.violations("lead_restriction_broken") if v.occasion]
    if broken:
        return FactResult("no", [broken[0].evidence])
    later = s.trace.occasions[1:]
    if not later:
        return FactResult(
            "yes",
            [
                _(
                    "The record shows no later lead by {partner} while a major penalty card "
                    "remained."
                ).format(partner=partner)
            ],
        )
    open_tricks = [str(o.trick) for o in later if o.decision is None]
    checked = ", ".join(str(o.trick) for o in later if o.decision is not None) or "-"
    evidence = [
        _(
            "{partner} kept to declarer's choice at every later lead the record shows "
            "(trick {tricks})."
        ).format(partner=partner, tricks=checked)
    ]
    if open_tricks:
        evidence.append(
            _(
                "Declarer's choice at trick {tricks} is not given, so that lead was not checked."
            ).format(tricks=", ".join(open_tricks))
        )
    return FactResult("yes", evidence)
