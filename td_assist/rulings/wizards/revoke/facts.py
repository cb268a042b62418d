"""The revoke tree's facts, read from the record, the report and the TD's answers."""

from __future__ import annotations

from td_assist.bridge.cards import Suit
from td_assist.bridge.display import suit_name
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Revoke
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.walk import AnswerError
from td_assist.rulings.procedures.table_roles import role_label
from td_assist.rulings.procedures.tricks_and_scores import side_name
from td_assist.rulings.wizards.revoke.report import (
    RevokeFocus,
    board_declarer_tricks,
    established_once,
    offender_of,
    offending_tricks_from,
    play_of,
    recorded_evidence,
    recorded_revoke,
    reported_revoke,
    role_of,
    trick_of,
)

FACTS = FactTable()


@FACTS.register("revoke_in_record")
def revoke_in_record(ctx: Context) -> FactResult:
    play = play_of(ctx)
    if play is None:
        return FactResult.unknown(
            _("The play is not recorded, so the record cannot show a revoke.")
        )
    recorded = recorded_revoke(ctx)
    if recorded is not None:
        return FactResult(
            "yes",
            [
                _("The record shows it: {evidence}").format(
                    evidence=recorded_evidence(ctx, recorded)
                )
            ],
        )
    if play.revokes:  # the TD reported a revoke the record places elsewhere
        others = "; ".join(
            _("{seat} at trick {trick}").format(seat=o.seat.name_full, trick=o.trick)
            for o in play.revokes
        )
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
    recorded, reported = recorded_revoke(ctx), reported_revoke(ctx)
    if recorded is not None:
        # The walk rules on this recorded revoke: another offender would be another
        # revoke, which the record would have to show.
        return FactResult(
            recorded.seat.value,
            [
                _("The record shows the revoke by {who}: {evidence}").format(
                    who=role_label(ctx.board, recorded.seat),
                    evidence=recorded_evidence(ctx, recorded),
                )
            ],
            settled=True,
        )
    if reported is not None and reported.offender is not None:
        return FactResult(
            reported.offender.value,
            [_("As reported: {who}.").format(who=role_label(ctx.board, reported.offender))],
        )
    return FactResult.unknown(_("The play is not recorded: the TD says who revoked."))


@FACTS.register("revoke_trick_number")
def revoke_trick_number(ctx: Context) -> FactResult:
    recorded, reported = recorded_revoke(ctx), reported_revoke(ctx)
    if recorded is not None:
        return FactResult(
            str(recorded.trick),
            [
                _("The record shows the revoke at trick {trick}: {evidence}").format(
                    trick=recorded.trick, evidence=recorded_evidence(ctx, recorded)
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
    recorded = recorded_revoke(ctx)
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
        who = seat.name_full if (seat := offender_of(ctx)) else _("The offender")
        missing = _(" or ").join(suit_name(s) for s in Suit if s not in held)
        why += _(" {who} held no {missing} in the deal.").format(who=who, missing=missing)
        given = ctx.answers.get("revoke_suit", "").strip().upper()
        if given in {s.value for s in Suit} and Suit(given) not in held:
            named = suit_name(Suit(given))
            raise AnswerError(
                _(
                    "{who} held no {named} in the deal, so he cannot have "
                    "revoked in {named}: the suit led was one he held ({list})"
                ).format(who=who, named=named, list=", ".join(suit_name(s) for s in held)),
                where=_("answer revoke_suit"),
            )
        return FactResult.unknown(why, offer=tuple(s.value for s in Suit if s in held))
    return FactResult.unknown(why)


def _suits_held(ctx: Context) -> list[Suit] | None:
    """The suits the offender held at the start of play (None when the deal is unknown)."""
    seat = offender_of(ctx)
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
    recorded, play = recorded_revoke(ctx), play_of(ctx)
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
    recorded, board = recorded_revoke(ctx), ctx.board
    if recorded is None or board is None or board.play_obj is None:
        return FactResult.unknown(_("The record does not show what happened after the revoke."))
    return established_once(ctx.known, board, ctx.focus.number, recorded)


@FACTS.register("offender_role")
def offender_role(ctx: Context) -> FactResult:
    seat = offender_of(ctx)
    if seat is None or ctx.board is None or ctx.board.declarer_seat is None:
        return FactResult.unknown(_("The record does not say who revoked or who is declarer."))
    role = role_of(ctx, seat)
    value = "defender" if role == "defender" else "declaring_side"
    # The role follows from the offender and the declarer: change those, not this.
    return FactResult(
        value, [_("The offender is {who}.").format(who=role_label(ctx.board, seat))], settled=True
    )


@FACTS.register("revoke_on_trick_12")
def revoke_on_trick_12(ctx: Context) -> FactResult:
    trick = trick_of(ctx)
    if trick is None:
        return FactResult.unknown(_("The record does not show at which trick the revoke happened."))
    return FactResult(
        "yes" if trick == 12 else "no",
        [_("The revoke was at trick {trick}.").format(trick=trick)],
        settled=True,
    )


@FACTS.register("revoke_by_dummy_or_penalty_card")
def revoke_by_dummy_or_penalty_card(ctx: Context) -> FactResult:
    seat = offender_of(ctx)
    if seat is None or ctx.board is None or ctx.board.declarer_seat is None:
        return FactResult.unknown(_("The record does not say who revoked."))
    if role_of(ctx, seat) == "dummy":
        return FactResult(
            "yes",
            [
                _("The card not played was one of dummy's: {who} (Law 64B3).").format(
                    who=role_label(ctx.board, seat)
                )
            ],
            settled=True,
        )
    if recorded_revoke(ctx) is None:
        return FactResult.unknown(
            _(
                "{who} is not dummy; the TD says whether the card he failed "
                "to play was a penalty card."
            ).format(who=role_label(ctx.board, seat))
        )
    return FactResult(
        "no",
        [
            _(
                "{who} failed to follow suit from his own hand; the record "
                "shows no penalty card (a TD who knows otherwise answers "
                "'yes')."
            ).format(who=role_label(ctx.board, seat))
        ],
    )


def _other_revokes(ctx: Context) -> list[tuple[Revoke, bool | None]]:
    return list(ctx.focus.others) if isinstance(ctx.focus, RevokeFocus) else []


@FACTS.register("second_revoke_same_suit")
def second_revoke_same_suit(ctx: Context) -> FactResult:
    recorded = recorded_revoke(ctx)
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
    recorded = recorded_revoke(ctx)
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
    recorded = recorded_revoke(ctx)
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
    recorded = recorded_revoke(ctx)
    play = play_of(ctx)
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
                    who=role_label(ctx.board, winner), trick=recorded.trick
                )
            ],
        )
    note = ""
    if role_of(ctx, recorded.seat) == "declarer" and winner is recorded.seat.partner:
        note = _(" A trick won by dummy is not won by declarer (Law 64A).")
    return FactResult(
        "no",
        [
            _("Trick {trick} was won by {who}, not by the offender.{note}").format(
                trick=recorded.trick, who=role_label(ctx.board, winner), note=note
            )
        ],
    )


@FACTS.register("offending_side_won_later_trick")
def offending_side_won_later_trick(ctx: Context) -> FactResult:
    recorded = recorded_revoke(ctx)
    later = offending_tricks_from(ctx, recorded, after=True) if recorded is not None else None
    trick = trick_of(ctx)
    evidence_from = _("the record")
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
    tricks = board_declarer_tricks(ctx)
    if tricks is None:
        return FactResult.unknown(
            _("The record does not show the end of the play, a claim or a result.")
        )
    return FactResult(
        str(tricks), [_("The record gives declarer {tricks} tricks.").format(tricks=tricks)]
    )
