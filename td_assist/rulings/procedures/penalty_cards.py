"""Penalty cards followed through the recorded play (Laws 50-52, 59).

Given the penalty cards of one defender, the trick from which they bind him, and
declarer's Law 50D2/51B choices, ``trace`` replays the record and reports, each with
its evidence in words: which other cards of each suit the offender still held, when
each penalty card stopped being one (played, or picked up after declarer required or
forbade its suit), every trick where a major penalty card should have been played and
was not (Law 50D1: following suit first, then leading, discarding or ruffing at the
first legal opportunity), every lead by the offender's partner that broke declarer's
requirement or prohibition (Law 50D2; a prohibition lasts while he keeps the lead,
and a partner who cannot comply may lead anything, Law 59), and every play that broke
the minor-card rule (Law 50C).

It knows nothing of trees or pages: the penalty-card and lead-out-of-turn wizards
call it and turn the result into facts and the ``rectification``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat, Suit
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Play, Trick
from td_assist.i18n import _, ngettext

LeadChoice = Literal["require", "forbid", "none"]
_PAST = {"require": "required", "forbid": "forbade", "none": "left free"}
ViolationKind = Literal[
    "penalty_card_not_played", "lead_restriction_broken", "minor_card_rule_broken"
]

# A failure to play a penalty card is a revoke (61A) dealt with by Law 52, with no
# automatic transfer when established (64B3). Breaking a lead requirement or
# prohibition is a revoke too (61A), with the ordinary Law 64 transfers.
NOT_PLAYED_LAWS = ("50D1a", "52A", "52B", "61A", "64B3")
MINOR_RULE_LAWS = ("50C", "52A", "52B", "61A", "64B3")
LEAD_RESTRICTION_LAWS = ("50D2a", "61A", "64A")


@dataclass(frozen=True)
class PenaltyCard:
    seat: Seat
    card: Card
    major: bool


@dataclass(frozen=True)
class LeadDecision:
    """Declarer's choice when the offender's partner was to lead (Law 50D2, 51B)."""

    choice: LeadChoice
    suits: tuple[Suit, ...] = ()


@dataclass(frozen=True)
class Violation:
    trick: int
    seat: Seat
    kind: ViolationKind
    card: Card  # what was led or played instead
    laws: tuple[str, ...]
    evidence: str
    # The penalty cards that were due instead (Law 50D1); with more than one, declarer
    # would have said which (Law 51A). Empty for a broken lead restriction.
    due: tuple[Card, ...] = ()
    # For a broken lead restriction, the occasion (0: the first lead by the offender's
    # partner) whose choice he broke: a prohibition can outlast the occasion it was made.
    occasion: int | None = None


@dataclass(frozen=True)
class Release:
    card: Card
    trick: int
    how: Literal["played", "picked_up"]


@dataclass(frozen=True)
class LeadOccasion:
    """A lead by the offender's partner while a major penalty card lay on the table."""

    trick: int
    suits: tuple[Suit, ...]  # the suits of the major penalty cards at that moment
    decision: LeadDecision | None  # None: declarer's choice is not known
    led: Card | None
    unable: bool  # Law 59: he could not comply with the requirement or prohibition


@dataclass
class PenaltyTrace:
    offender: Seat
    start_trick: int
    other_cards: dict[Card, tuple[Card, ...]]  # per penalty card, the rest of its suit held
    releases: list[Release] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    occasions: list[LeadOccasion] = field(default_factory=list)
    remaining: list[PenaltyCard] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)
    declarer_played_after: dict[int, bool] = field(default_factory=dict)  # by violation trick
    established_after: dict[int, bool] = field(default_factory=dict)  # by violation trick

    @property
    def released_trick(self) -> int | None:
        """The trick at which the last penalty card stopped being one (None: still there)."""
        if self.remaining or not self.releases:
            return None
        return max(r.trick for r in self.releases)

    @property
    def released_by(self) -> Literal["played", "picked_up"] | None:
        if self.released_trick is None:
            return None
        last = [r for r in self.releases if r.trick == self.released_trick]
        return last[-1].how


def _names(cards: Sequence[Card]) -> str:
    return ", ".join(c.pretty for c in sorted(cards, key=lambda c: c.sort_key))


def _suit_names(suits: Sequence[Suit]) -> str:
    return " or ".join(s.symbol for s in suits)


def check_penalty_cards(play: Play, penalties: Sequence[PenaltyCard], start_trick: int) -> None:
    """Each penalty card must be the offender's and unplayed when it starts to bind."""
    for penalty in penalties:
        holder = play.deal.holder(penalty.card)
        if holder is not penalty.seat:
            whose = f"; {holder.name_full} holds it" if holder else ""
            raise RecordError(
                _("{card} is not in {seat}'s hand{whose}").format(
                    card=penalty.card.pretty, seat=penalty.seat.name_full, whose=whose
                ),
                where="irregularity cards",
            )
        for trick in play.tricks[: start_trick - 1]:
            if trick.card_of(penalty.seat) == penalty.card:
                raise RecordError(
                    _(
                        "the record shows {seat} playing {card} to trick {trick}, "
                        "before it became a penalty card"
                    ).format(
                        seat=penalty.seat.name_full, card=penalty.card.pretty, trick=trick.number
                    ),
                    where="irregularity trick",
                )


def trace(
    play: Play,
    penalties: Sequence[PenaltyCard],
    start_trick: int,
    declarer: Seat,
    decisions: Mapping[int, LeadDecision] | None = None,
    designations: Mapping[int, Card] | None = None,
    lead_at_start: bool = True,
) -> PenaltyTrace:
    """Follow ``penalties`` (all one defender's) from ``start_trick`` to the end of the record.

    ``decisions`` holds declarer's Law 50D2 choice per occasion, numbered from 0 in
    order of play; an occasion without one is reported but not checked.
    ``designations``: by trick, the penalty card declarer said the offender must play
    when two or more could legally be played (Law 51A). A designation of a card that
    is no penalty card then, or that he could not legally play, is an error, and so is
    one for a trick the record does not reach. ``lead_at_start`` False: a lead by the
    offender's partner to ``start_trick`` came before the exposure, so it gave declarer
    no Law 50D2 choice (the cards bind the offender's own card to that trick).
    """
    if not penalties:
        raise RecordError(_("there is no penalty card to follow"))
    offender = penalties[0].seat
    partner = offender.partner
    check_penalty_cards(play, penalties, start_trick)
    decisions = decisions or {}
    designated = dict(designations or {})
    penalty_set = {p.card for p in penalties}
    held_at_start = (
        play.holding(offender, start_trick)
        if start_trick <= len(play.tricks) + 1
        else play.holding(offender, len(play.tricks) + 1)
    )
    result = PenaltyTrace(
        offender=offender,
        start_trick=start_trick,
        other_cards={
            p.card: tuple(c for c in held_at_start.suit_cards(p.card.suit) if c not in penalty_set)
            for p in penalties
        },
    )
    for p in penalties:
        others = result.other_cards[p.card]
        result.evidence.append(
            _("When {card} became a penalty card {offender} also held ").format(
                card=p.card.pretty, offender=offender.name_full
            )
            + (
                f"{_names(others)} in {p.card.suit.symbol}."
                if others
                else f"no other {p.card.suit.symbol}."
            )
        )
    remaining: dict[Card, PenaltyCard] = {p.card: p for p in penalties}
    # A prohibition in force while partner keeps the lead: suit -> the occasion it came from.
    forbidden: dict[Suit, int] = {}
    occasion = 0
    previous_leader: Seat | None = None
    for trick in play.tricks[start_trick - 1 :]:
        if forbidden and not (trick.leader is partner and previous_leader is partner):
            forbidden = {}
        exposed_after_lead = trick.number == start_trick and not lead_at_start
        if trick.leader is partner and trick.cards and not exposed_after_lead:
            if any(p.major for p in remaining.values()):
                # Law 50D2 applies at every lead while a major penalty card remains, even
                # when an earlier prohibition still holds for other suits (Law 51B2(c)).
                decision = decisions.get(occasion)
                occasion += 1
                forbidden = _lead_occasion(
                    play, trick, partner, remaining, decision, result, forbidden
                )
            elif forbidden:
                _check_forbidden(play, trick, partner, forbidden, result, continuing=True)
        previous_leader = trick.leader
        card = trick.card_of(offender)
        chosen = designated.pop(trick.number, None)
        if chosen is not None:
            _check_designation(play, trick.number, offender, chosen, remaining, result)
        if card is None:
            break
        if card in remaining and chosen in (None, card):
            del remaining[card]
            result.releases.append(Release(card, trick.number, "played"))
            result.evidence.append(
                _("{offender} played the penalty card {card} to trick {trick}").format(
                    offender=offender.name_full, card=card.pretty, trick=trick.number
                )
                + (_(", the one declarer designated (Law 51A).") if chosen else ".")
            )
            continue
        _check_offender_play(play, trick, offender, card, remaining, declarer, result, chosen)
        if card in remaining:
            # Another penalty card than the one designated: it is played all the same
            # unless declarer has it replaced (Law 52B).
            del remaining[card]
            result.releases.append(Release(card, trick.number, "played"))
    next_trick = len(play.tricks) + 1
    if designated.keys() == {next_trick} and play.next_seat() is offender:
        # The record stops with the offender to lead: declarer has just designated.
        _check_designation(
            play, next_trick, offender, designated.pop(next_trick), remaining, result
        )
    if designated:
        number = min(designated)
        raise RecordError(
            _(
                "declarer's designation {designated} for trick {number}: the "
                "record shows no play by {offender} to that trick while his "
                "penalty cards bound him (from trick {start_trick} to trick "
                "{count})"
            ).format(
                designated=designated[number],
                number=number,
                offender=offender.name_full,
                start_trick=start_trick,
                count=len(play.tricks),
            ),
            where=f"answer designated_{number}",
        )
    result.remaining = list(remaining.values())
    if result.remaining:
        last = play.tricks[-1].number if play.tricks else 0
        result.evidence.append(
            ngettext(
                "{names} still lies on the table as a penalty card after trick {last}, "
                "the last in the record.",
                "{names} still lie on the table as penalty cards after trick {last}, "
                "the last in the record.",
                len(result.remaining),
            ).format(names=_names([p.card for p in result.remaining]), last=last)
        )
    return result


def _lead_occasion(
    play: Play,
    trick: Trick,
    partner: Seat,
    remaining: dict[Card, PenaltyCard],
    decision: LeadDecision | None,
    result: PenaltyTrace,
    still: dict[Suit, int],
) -> dict[Suit, int]:
    """Partner leads while a major penalty card remains: apply declarer's choice.

    ``still``: suits an earlier prohibition still forbids (he has kept the lead); it
    holds beside whatever declarer chooses now. Returns the suits forbidden from here.
    """
    suits = tuple(dict.fromkeys(p.card.suit for p in remaining.values() if p.major))
    led = trick.cards[0]
    held = play.holding(partner, trick.number)
    unable = False
    number = len(result.occasions)  # this occasion's index
    forbidden = dict(still)
    if decision is None or decision.choice == "none":
        if decision is None:
            result.evidence.append(
                _(
                    "{partner} led {led} to trick {trick} while {names} lay on "
                    "the table as a major penalty card: declarer had the Law "
                    "50D2 options then; his choice is not in the record."
                ).format(
                    partner=partner.name_full,
                    led=led.pretty,
                    trick=trick.number,
                    names=_names([c for c, p in remaining.items() if p.major]),
                )
            )
        else:
            result.evidence.append(
                _(
                    "Trick {trick}: declarer neither required nor forbade a "
                    "lead; {partner} led {led} freely and the penalty card "
                    "stayed."
                ).format(trick=trick.number, partner=partner.name_full, led=led.pretty)
            )
        if still:
            unable = _check_forbidden(play, trick, partner, still, result, continuing=True)
    else:
        chosen = decision.suits or suits
        if decision.choice == "require":
            able = [c for c in held.cards if c.suit in chosen]
            unable = not able
            if unable and still:
                result.evidence.append(
                    _(
                        "Trick {trick}: declarer required {suit_names}; {partner} "
                        "held none, so that requirement lapsed (Law 59)."
                    ).format(
                        trick=trick.number,
                        suit_names=_suit_names(chosen),
                        partner=partner.name_full,
                    )
                )
                _check_forbidden(play, trick, partner, still, result, continuing=True)
            elif unable:
                result.evidence.append(
                    _(
                        "Trick {trick}: declarer required {suit_names}; {partner} "
                        "held none, so he could lead any card (Law 59)."
                    ).format(
                        trick=trick.number,
                        suit_names=_suit_names(chosen),
                        partner=partner.name_full,
                    )
                )
            elif led.suit not in chosen:
                _lead_broken(
                    trick,
                    partner,
                    led,
                    result,
                    _("declarer required {suit_names} and he held {names}").format(
                        suit_names=_suit_names(chosen), names=_names(able)
                    ),
                    number,
                )
            else:
                result.evidence.append(
                    _(
                        "Trick {trick}: declarer required {suit_names}; {partner} "
                        "led {led}, as required."
                    ).format(
                        trick=trick.number,
                        suit_names=_suit_names(chosen),
                        partner=partner.name_full,
                        led=led.pretty,
                    )
                )
        else:
            forbidden |= dict.fromkeys(chosen, number)
            unable = _check_forbidden(play, trick, partner, forbidden, result, continuing=False)
        for card in [c for c in remaining if c.suit in chosen]:
            del remaining[card]
            result.releases.append(Release(card, trick.number, "picked_up"))
            result.evidence.append(
                _(
                    "{card} went back into {partner}'s hand at trick {trick}, "
                    "when declarer {PAST} its suit (Law 50D2(a)); what it showed "
                    "is now unauthorised for his partner (Law 50E2)."
                ).format(
                    card=card.pretty,
                    partner=partner.partner.name_full,
                    trick=trick.number,
                    PAST=_PAST[decision.choice],
                )
            )
    result.occasions.append(LeadOccasion(trick.number, suits, decision, led, unable))
    return forbidden


def _check_forbidden(
    play: Play,
    trick: Trick,
    partner: Seat,
    prohibition: dict[Suit, int],
    result: PenaltyTrace,
    continuing: bool,
) -> bool:
    """Check one lead under a prohibition; True when he held only forbidden suits."""
    forbidden = tuple(prohibition)
    led = trick.cards[0]
    held = play.holding(partner, trick.number)
    allowed = [c for c in held.cards if c.suit not in forbidden]
    still = _(" (he had kept the lead, so the prohibition still held)") if continuing else ""
    if not allowed:
        result.evidence.append(
            _(
                "Trick {trick}: {partner} held only {suit_names}, so he "
                "could lead any card (Law 59)."
            ).format(
                trick=trick.number, partner=partner.name_full, suit_names=_suit_names(forbidden)
            )
        )
        return True
    if led.suit in forbidden:
        _lead_broken(
            trick,
            partner,
            led,
            result,
            _(
                "declarer had forbidden {suit_names}{still} and he held {names} in other suits"
            ).format(suit_names=_suit_names(forbidden), still=still, names=_names(allowed)),
            prohibition[led.suit],
        )
    else:
        result.evidence.append(
            _(
                "Trick {trick}: {partner} led {led}, keeping to declarer's "
                "prohibition of {suit_names}{still}."
            ).format(
                trick=trick.number,
                partner=partner.name_full,
                led=led.pretty,
                suit_names=_suit_names(forbidden),
                still=still,
            )
        )
    return False


def _lead_broken(
    trick: Trick, partner: Seat, led: Card, result: PenaltyTrace, why: str, occasion: int
) -> None:
    result.violations.append(
        Violation(
            trick.number,
            partner,
            "lead_restriction_broken",
            led,
            LEAD_RESTRICTION_LAWS,
            _("At trick {trick} {partner} led {led}, but {why}.").format(
                trick=trick.number, partner=partner.name_full, led=led.pretty, why=why
            ),
            occasion=occasion,
        )
    )


def _majors_due(
    play: Play,
    number: int,
    offender: Seat,
    led_suit: Suit | None,
    remaining: dict[Card, PenaltyCard],
) -> tuple[list[Card], str]:
    """The major penalty cards the offender must play to trick ``number`` (Law 50D1;
    following suit comes first), and why; ``led_suit`` None: he is on lead."""
    majors = [c for c, p in remaining.items() if p.major]
    if led_suit is None:
        return majors, _("he was on lead")
    if play.holding(offender, number).suit_cards(led_suit):
        could = [c for c in majors if c.suit is led_suit]
        return could, _("he had to follow to the {led_suit} lead, and could with it").format(
            led_suit=led_suit.symbol
        )
    return majors, _("he had no {led_suit}, so it was his turn to discard or ruff").format(
        led_suit=led_suit.symbol
    )


def _check_designation(
    play: Play,
    number: int,
    offender: Seat,
    chosen: Card,
    remaining: dict[Card, PenaltyCard],
    result: PenaltyTrace,
) -> None:
    """Declarer may designate only a penalty card the offender could legally play then."""
    where = f"answer designated_{number}"
    if chosen not in remaining:
        gone = [r for r in result.releases if r.card == chosen]
        why = (
            _("it stopped being one at trick {trick} ({replace})").format(
                trick=gone[0].trick, replace=gone[0].how.replace("_", " ")
            )
            if gone
            else _("his penalty cards then were ") + (_names(list(remaining)) or "none")
        )
        raise RecordError(
            _("{chosen} is not a penalty card of {offender}'s at trick {number}: {why}").format(
                chosen=chosen.pretty, offender=offender.name_full, number=number, why=why
            ),
            where=where,
        )
    trick = play.tricks[number - 1] if number <= len(play.tricks) else None
    leading = trick is None or trick.leader is offender
    led_suit = None if leading or trick is None else trick.led_suit
    could, why = _majors_due(play, number, offender, led_suit, remaining)
    if chosen not in could:
        reason = (
            _("{why}, so playing {chosen} would be a revoke (Law 61A)").format(
                why=why, chosen=chosen.pretty
            )
            if led_suit is not None and chosen.suit is not led_suit and could
            else _("{why}, and {value} could be played").format(
                why=why, value=_names(could) or "no penalty card"
            )
        )
        raise RecordError(
            _(
                "declarer cannot designate {chosen} at trick {number} (Law "
                "51A): {offender} {reason}"
            ).format(
                chosen=chosen.pretty, number=number, offender=offender.name_full, reason=reason
            ),
            where=where,
        )
    result.evidence.append(
        _(
            "Trick {number}: declarer designated {chosen} of the penalty "
            "cards {names} that {offender} could legally play (Law 51A)."
        ).format(
            number=number, chosen=chosen.pretty, names=_names(could), offender=offender.name_full
        )
    )


def _check_offender_play(
    play: Play,
    trick: Trick,
    offender: Seat,
    card: Card,
    remaining: dict[Card, PenaltyCard],
    declarer: Seat,
    result: PenaltyTrace,
    designated: Card | None = None,
) -> None:
    minors = [c for c, p in remaining.items() if not p.major]
    leading = trick.leader is offender
    could, why = _majors_due(
        play, trick.number, offender, None if leading else trick.led_suit, remaining
    )
    found: Violation | None = None
    if could:
        due = [designated] if designated is not None else could
        chosen = (
            _(", and declarer designated {designated} (Law 51A)").format(
                designated=designated.pretty
            )
            if designated
            else ""
        )
        found = Violation(
            trick.number,
            offender,
            "penalty_card_not_played",
            card,
            NOT_PLAYED_LAWS,
            _(
                "At trick {trick} {offender} {value} {card} although {why}: "
                "the major penalty card {names} had to be played (Law "
                "50D1){chosen}."
            ).format(
                trick=trick.number,
                offender=offender.name_full,
                value=_("led") if leading else _("played"),
                card=card.pretty,
                why=why,
                names=_names(could),
                chosen=chosen,
            ),
            tuple(due),
        )
    elif any(m.suit is card.suit for m in minors) and not card.rank.is_honour:
        minor = next(m for m in minors if m.suit is card.suit)
        found = Violation(
            trick.number,
            offender,
            "minor_card_rule_broken",
            card,
            MINOR_RULE_LAWS,
            _(
                "At trick {trick} {offender} {value} {card} while the minor "
                "penalty card {minor} was still on the table: no other card "
                "below honour rank of that suit before it (Law 50C)."
            ).format(
                trick=trick.number,
                offender=offender.name_full,
                value=_("led") if leading else _("played"),
                card=card.pretty,
                minor=minor.pretty,
            ),
            (minor,),
        )
    if found is None:
        return
    result.violations.append(found)
    result.declarer_played_after[trick.number] = _declarer_played_after(
        play, trick, offender, declarer
    )
    result.established_after[trick.number] = _offending_side_played_on(play, trick, offender)


def _declarer_played_after(play: Play, trick: Trick, offender: Seat, declarer: Seat) -> bool:
    """Has declarer played from either hand since ``offender``'s card (Law 52B1(b))?"""
    seen = False
    for later in play.tricks[trick.number - 1 :]:
        for seat in later.seats:
            if later is trick and not seen:
                seen = seat is offender
                continue
            if seat.side is declarer.side:
                return True
    return False


def _offending_side_played_on(play: Play, trick: Trick, offender: Seat) -> bool:
    """Has the offending side played to the next trick (an established revoke, Law 63A1)?"""
    if trick.number >= len(play.tricks):
        return False
    following = play.tricks[trick.number]
    return any(seat.side is offender.side for seat in following.seats)


# --- Shared by the wizards that leave penalty cards (penalty card, lead out of turn) ---

DESIGNATED = "designated_"  # designated_N: the penalty card declarer named at trick N


class PenaltyCardLine(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: Seat
    card: str
    major: bool


def cards_held(board: Board | None, offender: Seat, trick: int | None) -> list[Card]:
    """The offender's cards when the card was exposed, when the record knows them."""
    if board is None or board.deal_obj is None or not board.deal_obj.is_complete:
        return []
    play = board.play_obj
    hand = board.deal_obj.hand(offender)
    if play is not None and trick is not None:
        hand = play.holding(offender, min(trick, len(play.tricks) + 1))
    return sorted(hand.cards, key=lambda c: c.sort_key)


def major_by_law_50b(cards: Sequence[Card], deliberate: bool) -> bool:
    """Law 50B: a penalty card is minor only when it is a single card below honour rank
    exposed unintentionally; any honour, any card exposed by a deliberate play (a lead,
    a premature lead in the auction included), and every card of a defender with two or
    more penalty cards, is major.

    >>> major_by_law_50b([Card.parse("S9")], deliberate=False)
    False
    >>> major_by_law_50b([Card.parse("ST")], deliberate=False)
    True
    >>> major_by_law_50b([Card.parse("S2"), Card.parse("H3")], deliberate=False)
    True
    """
    if len(cards) != 1:
        return True
    return cards[0].rank.is_honour or deliberate
