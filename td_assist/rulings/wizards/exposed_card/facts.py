"""The exposed-card tree's facts, answered from the situation and the recorded auction."""

from __future__ import annotations

from td_assist.bridge.cards import Card
from td_assist.i18n import _, ngettext
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.procedures.named_cards import (
    card_names,
)
from td_assist.rulings.wizards.exposed_card.report import Category, Situation

FACTS = FactTable()


def _situation(ctx: Context) -> Situation:
    if not isinstance(ctx.focus, Situation):
        raise TypeError("an exposed-card fact needs the wizard's situation")
    return ctx.focus


def _premature(ctx: Context) -> bool:
    return ctx.walked.get("premature_lead") == "yes"


def category_of(cards: list[Card], premature_lead: bool) -> Category:
    """Law 24A-C: two or more cards (C), else a single honour or a card led (B), else a
    single card below honour rank (A). Honours are A K Q J 10 (Definitions).

    >>> category_of([Card.parse("S9")], False), category_of([Card.parse("ST")], False)
    ('low_card', 'honour_or_premature_lead')
    >>> category_of([Card.parse("S2")], True)
    'honour_or_premature_lead'
    >>> category_of([Card.parse("S2"), Card.parse("D3")], False)
    'two_or_more'
    """
    if len(cards) >= 2:
        return "two_or_more"
    if premature_lead or cards[0].rank.is_honour:
        return "honour_or_premature_lead"
    return "low_card"


@FACTS.register("exposed_after_first_call")
def exposed_after_first_call(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.call_index == 0:
        return FactResult(
            "no", [_("No call had been made when the card was exposed.")], settled=True
        )
    auction = s.auction
    last = ""
    if auction is not None and s.call_index <= len(auction.calls):
        last = _(" (the last: {seat}'s {call})").format(
            seat=auction.seats[s.call_index - 1].name_full, call=auction.calls[s.call_index - 1]
        )
    return FactResult(
        "yes",
        [
            ngettext(
                "{count} call had been made{last}.",
                "{count} calls had been made{last}.",
                s.call_index,
            ).format(count=s.call_index, last=last)
        ],
        settled=True,
    )


@FACTS.register("led_face_up")
def led_face_up(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.premature_reported is None:
        return FactResult.unknown(_("The report does not say whether the card was led."))
    if s.premature_reported:
        return FactResult("yes", [_("Reported as led face up before the auction ended.")])
    return FactResult("no", [_("Reported as exposed, not led.")])


@FACTS.register("partner_could_see")
def partner_could_see(ctx: Context) -> FactResult:
    return FactResult.unknown(_("Only the table can say where the card was and who could see it."))


@FACTS.register("exposure_class")
def exposure_class(ctx: Context) -> FactResult:
    s = _situation(ctx)
    category = category_of(s.cards, _premature(ctx))
    if category == "two_or_more":
        why = ngettext(
            "{count} card exposed: {cards}.", "{count} cards exposed: {cards}.", len(s.cards)
        ).format(count=len(s.cards), cards=card_names(s.cards))
    elif _premature(ctx):
        why = _("{card} was led face up: a premature lead.").format(card=s.cards[0].pretty)
    elif category == "honour_or_premature_lead":
        why = _("{card} is an honour (ace, king, queen, jack or ten).").format(
            card=s.cards[0].pretty
        )
    else:
        why = _("{card} is below honour rank.").format(card=s.cards[0].pretty)
    return FactResult(category, [why], settled=True)


@FACTS.register("forced_pass_kept")
def forced_pass_kept(ctx: Context) -> FactResult:
    s = _situation(ctx)
    turn = s.partner_turn()
    partner = s.partner.name_full
    if turn.status is None:
        return FactResult.unknown(
            _(
                "The record has no auction: ask the table what {partner} did at call {number}."
            ).format(partner=partner, number=turn.number)
        )
    if turn.status == "ended_first":
        why = _("The auction ended before {partner}'s next turn.").format(partner=partner)
    elif turn.status == "pending":
        why = _("The record stops before call {number}, {partner}'s next turn.").format(
            number=turn.number, partner=partner
        )
    elif turn.status == "passed":
        why = _("{partner} passed at call {number}.").format(partner=partner, number=turn.number)
    else:
        why = _("{partner} called {call} at call {number}.").format(
            partner=partner, call=turn.call, number=turn.number
        )
    return FactResult(turn.status, [why], settled=True)


@FACTS.register("lho_called_over_barred_call")
def lho_called_over_barred_call(ctx: Context) -> FactResult:
    s = _situation(ctx)
    turn = s.partner_turn()
    auction = s.auction
    if auction is None or turn.number is None or turn.number >= len(auction.calls):
        return FactResult.unknown(_("The record does not show a call after the barred call."))
    over = auction.calls[turn.number]
    return FactResult(
        "yes",
        [
            _("{seat} called {call} over it (call {number}).").format(
                seat=auction.seats[turn.number].name_full, call=over, number=turn.number + 1
            )
        ],
    )


@FACTS.register("auction_end")
def auction_end(ctx: Context) -> FactResult:
    s = _situation(ctx)
    state = s.end_state()
    contract = s.contract
    if state == "open":
        return FactResult(
            "open",
            [
                _(
                    "The record's auction has not ended: give the rest of the auction (or the "
                    "contract and declarer) to rule on what follows it."
                )
            ],
            settled=True,
        )
    if state == "passed_out":
        return FactResult("passed_out", [_("The board was passed out.")], settled=True)
    declarer = s.board.declarer_seat if s.board is not None else None
    return FactResult(
        state,
        [
            _("The contract is {contract} by {declarer}.").format(
                contract=contract, declarer=declarer.name_full if declarer else "?"
            )
        ],
        settled=True,
    )


@FACTS.register("offending_side_leader")
def offending_side_leader(ctx: Context) -> FactResult:
    s = _situation(ctx)
    declarer = s.board.declarer_seat if s.board is not None else None
    if declarer is None:
        return FactResult.unknown(_("The record does not say who is declarer."))
    leader = declarer.lho
    return FactResult(
        "offender" if leader is s.offender else "partner",
        [_("{leader} is on lead, at declarer's left.").format(leader=leader.name_full)],
        settled=True,
    )
