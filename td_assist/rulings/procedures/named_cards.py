"""The cards a TD names as exposed, read from an answer, and asked one at a time.

A card exposed during the auction (Law 24) and a defender's penalty card (Law 49) are
named the same way: ``cards`` as typed (``SK H3``), and on the tablet one further card
per question (``card_2``, ``card_3``...) until the TD says there is no other. The two
wizards differ only in the words and the law they cite, which they pass in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.model import PendingQuestion, Step
from td_assist.rulings.engine.walk import td_step
from td_assist.rulings.procedures.table_roles import seat_answer

MAX_CARDS = 13  # one hand
MORE_CARD = "card_"  # card_2, card_3...: one more card per question on the tablet


def cards_answer(text: str, where: str) -> list[Card]:
    """The cards of an answer (``SK H3`` or ``SK, H3``), at most a hand's worth; a card
    that does not parse is an error at ``where``."""
    cards = []
    for item in text.replace(",", " ").split()[:MAX_CARDS]:
        try:
            cards.append(Card.parse(item))
        except RecordError as error:
            raise error.located(where) from None
    return cards


def check_held(board: Board | None, offender: Seat, cards: Sequence[Card]) -> None:
    """Every card named was in the offender's hand, when the record has the whole deal;
    else a RecordError naming the card and who holds it."""
    deal = board.deal_obj if board is not None else None
    if deal is None or not deal.is_complete:
        return
    for card in cards:
        holder = deal.holder(card)
        if holder is not offender:
            raise RecordError(
                (
                    _("{card} is not in {offender}'s hand; {holder} holds it")
                    if holder
                    else _("{card} is not in {offender}'s hand")
                ).format(
                    card=card.pretty,
                    offender=offender.name_full,
                    holder=holder.name_full if holder else "",
                ),
                where="irregularity cards",
            )


def card_names(cards: Sequence[Card]) -> str:
    """The cards as the TD sees them, in the order given: ``♠K, ♥3``."""
    return ", ".join(c.pretty for c in cards)


def whose_card(
    reported: Seat | None,
    answers: Mapping[str, str],
    steps: list[Step],
    *,
    laws: list[str],
    seat_label: Callable[[Seat], str],
) -> Seat | PendingQuestion:
    """Whose card was exposed: the ``offender`` answered (a step added to ``steps``), else
    the one ``reported``; when neither, the question, citing ``laws`` and offering each
    seat as ``seat_label`` shows it."""
    offender = reported
    if "offender" in answers:
        offender = seat_answer(answers["offender"], "offender")
        steps.append(td_step("offender", _("Whose card was exposed?"), offender.name_full))
    if offender is not None:
        return offender
    return PendingQuestion(
        node="offender",
        prompt=_("Whose card was exposed?"),
        kind="question",
        laws=laws,
        choices=[{"value": s.value, "label": seat_label(s)} for s in Seat],
    )


def ask_more_cards(
    held: Sequence[Card],
    cards: list[Card],
    answers: Mapping[str, str],
    steps: list[Step],
    *,
    prompt: str,
    laws: list[str],
    help_text: str,
) -> PendingQuestion | None:
    """On the tablet, one further card per question until the TD says there is none.

    Each ``card_N`` answered adds its card to ``cards`` and a step to ``steps``; the
    first one not answered is returned as the question (``prompt``, citing ``laws``),
    offering the cards of ``held`` not yet named. None when every card is named.
    """
    for number in range(2, MAX_CARDS + 1):
        name = f"{MORE_CARD}{number}"
        if name not in answers:
            rest = [c for c in held if c not in cards]
            if not rest:
                return None
            return PendingQuestion(
                node=name,
                prompt=prompt,
                kind="question",
                laws=laws,
                help=help_text,
                choices=[{"value": "none", "label": _("No other card")}]
                + [{"value": str(c), "label": c.pretty} for c in rest],
            )
        if answers[name].strip().lower() == "none":
            steps.append(td_step(name, _("Another card exposed?"), _("No other card")))
            return None
        extra = cards_answer(answers[name], f"answer {name}")
        cards += [c for c in extra if c not in cards]
        steps.append(td_step(name, _("Another card exposed?"), card_names(extra)))
    return None
