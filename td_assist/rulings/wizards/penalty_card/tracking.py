"""When the cards were exposed, and the penalty cards followed through the recorded play
with declarer's later Law 50D2 choices (``procedures.penalty_cards.trace``).
"""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat, Suit
from td_assist.bridge.display import suit_name
from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.play import Play
from td_assist.i18n import _
from td_assist.rulings.engine.deal_checks import trick_answer
from td_assist.rulings.engine.model import (
    AnsweredBy,
    PendingQuestion,
    Step,
)
from td_assist.rulings.engine.walk import AnswerError, Mode, td_step
from td_assist.rulings.procedures.named_cards import (
    card_names,
)
from td_assist.rulings.procedures.penalty_cards import (
    DESIGNATED,
    LeadDecision,
    LeadOccasion,
    PenaltyCard,
    trace,
)
from td_assist.rulings.wizards.penalty_card.report import (
    ALL_SUITS,
    SUIT_ORDER,
    PenaltyCardReport,
    Situation,
    lead_choices,
    suit_of_answer,
    suits_of_answer,
)

Timing = tuple[bool, bool, list[Step]]  # before his card, before the lead, steps to show


def exposure_timing(
    board: Board | None,
    report: PenaltyCardReport,
    offender: Seat,
    cards: list[Card],
    trick: int | None,
    answers: dict[str, str],
    declaring: bool,
) -> Timing | PendingQuestion:
    """Whether the cards were exposed before the offender's own card to the reported
    trick (answer ``before_trick``): if so, that card is already checked against them
    (Law 50C, 50D1). The irregularity may fix it (the report's ``before_trick``, as the
    lead-out-of-turn wizard sends for a lead taken back, means before anyone led to the
    trick), and so may the record (he played an exposed card to that very trick, or has
    not yet played to it); otherwise the TD is asked: the wizard does not guess. When
    the offender's partner led to that trick, whether his lead came after the exposure
    (Law 50D2) is asked too (``before_lead``)."""
    play = board.play_obj if board is not None else None
    prompt = _(
        "Did the exposure come before {offender}'s own card to trick {trick}, or with or after it?"
    ).format(offender=offender.name_full, trick=trick or "?")
    laws = ["50C", "50D1a"]

    def step(before: bool, by: AnsweredBy, evidence: list[str]) -> Step:
        return Step(
            node="before_trick",
            question=prompt,
            answer="yes" if before else "no",
            answer_label=_("Yes, before it") if before else _("No, with or after it"),
            answered_by=by,
            evidence=evidence,
            laws=laws,
        )

    if report.before_lead:
        why = _("The lead out of turn was taken back before anything was played to the trick.")
        return True, True, [step(True, "record", [why])]
    if report.before_trick:
        # The TD's report, not the record: it says so on the path.
        return True, True, [step(True, "td", [_("Reported: before anyone led to the trick.")])]
    if declaring or trick is None or not cards:
        return False, False, []  # nothing of his play to check: the timing does not matter
    recorded = _timing_in_record(play, offender, cards, trick)
    if "before_trick" in answers:
        before = _yes_no(answers, "before_trick")
        if recorded is not None and recorded[0] and not before:
            raise AnswerError(
                _("before_trick=no contradicts the record: {evidence}").format(
                    evidence=recorded[1]
                ),
                where="answer before_trick",
            )
        taken = step(before, "td", [])
    elif recorded is not None:
        before = recorded[0]
        taken = step(before, "record", [recorded[1]])
    elif play is None:
        return False, False, []  # no play recorded after it: nothing to check either way
    else:
        return PendingQuestion(
            node="before_trick",
            prompt=prompt,
            kind="question",
            laws=laws,
            help=_(
                "If before, {offender}'s card to trick {trick} is checked against "
                "the penalty card (a major one had to be played there if he could; a minor one "
                "bars his other low cards of its suit). Two cards played at once: with it."
            ).format(offender=offender.name_full, trick=trick),
            choices=[
                {
                    "value": "no",
                    "label": _("With or after his card to trick {trick}").format(trick=trick),
                },
                {
                    "value": "yes",
                    "label": _("Before his card to trick {trick}").format(trick=trick),
                },
            ],
        )
    partner = offender.partner
    led_by_partner = (
        before
        and play is not None
        and trick <= len(play.tricks)
        and play.tricks[trick - 1].leader is partner
        and bool(play.tricks[trick - 1].cards)
    )
    if not led_by_partner:
        return before, False, [taken]
    lead_prompt = _("Did the exposure come before {partner} led to trick {trick}?").format(
        partner=partner.name_full, trick=trick
    )
    if "before_lead" not in answers:
        return PendingQuestion(
            node="before_lead",
            prompt=lead_prompt,
            kind="question",
            laws=["50D2"],
            help=_(
                "If so, declarer had the Law 50D2 choice before {partner}'s lead "
                "to trick {trick}, and the lead is checked against it."
            ).format(partner=partner.name_full, trick=trick),
            choices=[
                {
                    "value": "no",
                    "label": _("No: {partner} had already led").format(partner=partner.name_full),
                },
                {
                    "value": "yes",
                    "label": _("Yes: before {partner}'s lead").format(partner=partner.name_full),
                },
            ],
        )
    before_lead = _yes_no(answers, "before_lead")
    lead_step = td_step(
        "before_lead",
        lead_prompt,
        "yes" if before_lead else "no",
        ["50D2"],
        answer_label=_("Yes") if before_lead else _("No"),
    )
    return before, before_lead, [taken, lead_step]


def _yes_no(answers: dict[str, str], name: str) -> bool:
    said = answers[name].strip().lower()
    if said not in ("yes", "no"):
        raise AnswerError(
            _("{answer} is not an answer to '{name}'; choose one of: yes, no").format(
                answer=shown(answers[name]), name=name
            ),
            where=f"answer {name}",
        )
    return said == "yes"


def _timing_in_record(
    play: Play | None, offender: Seat, cards: list[Card], trick: int | None
) -> tuple[bool, str] | None:
    """What the record says of the timing: (before, why), or None when it cannot tell."""
    if play is None or trick is None:
        return None
    name = offender.name_full
    if trick > len(play.tricks):
        return True, _("The record stops before {seat} played to trick {trick}.").format(
            seat=name, trick=trick
        )
    card = play.tricks[trick - 1].card_of(offender)
    if card is None:
        return True, _("The record stops before {seat} played to trick {trick}.").format(
            seat=name, trick=trick
        )
    if card in cards:
        return True, _(
            "The record shows {seat} playing {card} to trick {trick}: it was "
            "exposed before he played it."
        ).format(seat=name, card=card.pretty, trick=trick)
    return None


def trace_with_later_choices(
    situation: Situation,
    play: Play,
    declarer: Seat,
    answers: dict[str, str],
    mode: Mode,
    steps: list[Step],
) -> PendingQuestion | None:
    """Follow the penalty cards through the record. Each later lead by the offender's
    partner while a major penalty card remains gives declarer the Law 50D2 choice again;
    the record cannot show it, so the TD's answer for that trick is taken (on the tablet
    it is asked), and the record is followed again with it."""
    decisions = _decisions(situation)
    penalties = _penalties(situation, _is_major(situation))
    start = situation.start_trick or 1
    designations = designations_of(answers)
    for _pass in range(14):  # one more occasion decided per pass; at most 13 leads
        situation.trace = trace(
            play,
            penalties,
            start,
            declarer,
            decisions,
            designations,
            lead_at_start=situation.before_lead or not situation.before_trick,
        )
        if 0 not in decisions:
            return None  # the first choice comes from the walk; later ones hang on it
        undecided = [
            (number, occasion)
            for number, occasion in enumerate(situation.trace.occasions)
            if occasion.decision is None
        ]
        if not undecided:
            return None
        number, occasion = undecided[0]
        found = _later_decision(situation, occasion, answers, mode, steps)
        if not isinstance(found, LeadDecision):
            return found
        decisions[number] = found
    return None


def designations_of(answers: dict[str, str]) -> dict[int, Card]:
    """Declarer's Law 51A designations by trick, from the answers ``designated_N``."""
    found: dict[int, Card] = {}
    for name, value in answers.items():
        if not name.startswith(DESIGNATED):
            continue
        number = trick_answer(name.removeprefix(DESIGNATED))
        try:
            found[number] = Card.parse(value)
        except RecordError as error:
            raise error.located(f"answer {name}") from None
    return found


def _later_decision(
    situation: Situation,
    occasion: LeadOccasion,
    answers: dict[str, str],
    mode: Mode,
    steps: list[Step],
) -> LeadDecision | PendingQuestion | None:
    """Declarer's choice at a later lead (answers ``lead_choice_N``, ``lead_suit_N`` for
    trick N); a question on the tablet, None where nobody has said."""
    partner = situation.partner.name_full if situation.partner else _("Partner")
    cards = card_names([c for c in situation.cards if c.suit in occasion.suits])
    name, suit_node = f"lead_choice_{occasion.trick}", f"lead_suit_{occasion.trick}"
    question = _(
        "Trick {trick}: {partner} was to lead again while {cards} still lay on "
        "the table. What did declarer choose then?"
    ).format(trick=occasion.trick, partner=partner, cards=cards)
    if name not in answers:
        if mode != "step":
            return None
        return PendingQuestion(
            node=name,
            prompt=question,
            kind="question",
            laws=["50D2", "51B"],
            help=_(
                "Declarer has the choice again each time the offender's partner is to lead "
                "while a major penalty card remains (Law 50D2, Law 51B2(c))."
            ),
            choices=[{"value": value, "label": label} for value, label in lead_choices()],
        )
    choice = answers[name].strip().lower()
    labels = dict(lead_choices())
    if choice not in labels:
        raise RecordError(
            _("{answer} is not a choice; answer require, forbid or none").format(
                answer=shown(answers[name])
            ),
            where=f"answer {name}",
        )
    steps.append(td_step(name, question, labels[choice]))
    if choice == "none":
        return LeadDecision("none")
    suits = occasion.suits
    if len(suits) > 1:
        if suit_node not in answers:
            if mode != "step":
                return None
            several = (
                [("all", _("Every suit he has a penalty card in"))] if choice == "forbid" else []
            )
            return PendingQuestion(
                node=suit_node,
                prompt=(
                    _("Trick {trick}: which suit did declarer require?")
                    if choice == "require"
                    else _("Trick {trick}: which suit did declarer forbid?")
                ).format(trick=occasion.trick),
                kind="question",
                laws=["51B2"],
                choices=[{"value": s.value, "label": suit_name(s, capital=True)} for s in suits]
                + [{"value": v, "label": label} for v, label in several],
            )
        suits = _later_suits(answers[suit_node], suits, choice, suit_node)
        steps.append(
            td_step(
                suit_node,
                _("Which suit did declarer require?")
                if choice == "require"
                else _("Which suit did declarer forbid?"),
                suits_text(list(suits)),
            )
        )
    return LeadDecision(choice, suits)  # type: ignore[arg-type]


def _later_suits(
    said: str, open_suits: tuple[Suit, ...], choice: str, where: str
) -> tuple[Suit, ...]:
    """The suit (or, forbidding, every suit) declarer named among those with a penalty
    card in them (Law 51B2)."""
    named = open_suits if said.strip().lower() == ALL_SUITS else suits_of_answer(said)
    if not set(named) <= set(open_suits) or (choice == "require" and len(named) != 1):
        raise RecordError(
            (
                _(
                    "declarer may require one suit in which there is a penalty card "
                    "({suits}), not {answer}"
                )
                if choice == "require"
                else _(
                    "declarer may forbid one suit, or every suit, in which there is a "
                    "penalty card ({suits}), not {answer}"
                )
            ).format(suits=suits_text(list(open_suits)), answer=shown(said)),
            where=f"answer {where}",
        )
    if choice == "forbid" and len(named) > 1:
        _check_every_suit(set(named), set(open_suits), f"answer {where}")
    return tuple(named)


def _is_major(situation: Situation) -> bool:
    """Law 50B: minor only for a single card below honour rank exposed by accident."""
    cards = situation.cards
    if len(cards) != 1:
        return True
    return cards[0].rank.is_honour or situation.exposure != "inadvertent"


def _penalties(situation: Situation, major: bool) -> list[PenaltyCard]:
    if situation.offender is None:
        raise RecordError("whose penalty card it is is not known")
    return [PenaltyCard(situation.offender, card, major) for card in situation.cards]


def single_suit(answers: dict[str, str]) -> Suit | None:
    for key in ("require_suit", "forbid_suit"):
        if answers.get(key) and answers[key] != ALL_SUITS:
            return suit_of_answer(answers[key])
    return None


def check_all_forbidden(situation: Situation, said: str) -> None:
    """``lead_suit=SH`` stands for "every suit with a penalty card": it must name them all."""
    named = set(suits_of_answer(said)) if said.strip().lower() != ALL_SUITS else set()
    held = set(major_suits(situation))
    if named and held:
        _check_every_suit(named, held, "answer lead_suit")


def _check_every_suit(named: set[Suit], held: set[Suit], where: str) -> None:
    """Forbidding more than one suit means every suit with a penalty card (Law 51B2(b))."""
    if named != held:
        raise RecordError(
            _(
                "declarer forbade {named}, but the penalty cards are in {held}; forbid one "
                "suit or every suit with a penalty card (Law 51B2(b))"
            ).format(
                named=suits_text(sorted(named, key=_suit_rank)),
                held=suits_text(sorted(held, key=_suit_rank)),
            ),
            where=where,
        )


def _suit_rank(suit: Suit) -> int:
    return SUIT_ORDER.index(suit.value)


def _decisions(situation: Situation) -> dict[int, LeadDecision]:
    choice = situation.lead_choice
    if choice not in ("require", "forbid", "none"):
        return {}
    if choice == "none":
        return {0: LeadDecision("none")}
    suits = major_suits(situation)
    suit = situation.lead_suit or (suits[0] if len(suits) == 1 else None)
    return {0: LeadDecision(choice, (suit,) if suit else tuple(suits))}  # type: ignore[arg-type]


def major_suits(situation: Situation) -> list[Suit]:
    return sorted({c.suit for c in situation.cards}, key=_suit_rank)


def suits_text(suits: list[Suit]) -> str:
    return _(" and ").join(s.symbol for s in suits)
