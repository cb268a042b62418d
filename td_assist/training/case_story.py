"""What was reported at the table, told as a TD would read it (for a worked case).

A case's ``irregularity`` is data (``cards = ["H9"]``, ``before_trick = false``); a
trainee reads it as sentences naming the players, calls and cards: "East exposed the
nine of hearts by accident at trick 2." Each kind of irregularity has its sentence;
a kind this module does not know yet is still told field by field in words, never as
Python values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.model import IrregularityReport

_RANKS = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
}
_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_words(text: str) -> str:
    """``H9`` -> "the nine of hearts"."""
    try:
        card = Card.parse(text)
    except RecordError:
        return text
    return f"the {_RANKS[card.rank.value]} of {_SUITS[card.suit.value]}"


def cards_words(cards: list[str]) -> str:
    named = [card_words(c) for c in cards]
    if len(named) <= 1:
        return "".join(named)
    return f"{', '.join(named[:-1])} and {named[-1]}"


def call_words(call: str) -> str:
    """``P`` -> "pass", ``X`` -> "double"; a bid stays as it is written (``1S``)."""
    return {"P": "pass", "X": "double", "XX": "redouble"}.get(call, call)


def _seat(value: object) -> str:
    try:
        return Seat.parse(str(value)).name_full
    except (RecordError, ValueError):
        return str(value)


def _call_at(board: Board | None, call_index: int | None) -> str:
    """ "North's 1S (call 3 of the auction)", from the record when it has that call."""
    if call_index is None:
        return "a call"
    if board is not None:
        try:
            auction = board.auction_obj
            if 1 <= call_index <= len(auction.calls):
                seat = auction.seat_of(call_index - 1).name_full
                call = call_words(str(auction.calls[call_index - 1]))
                return _("{seat}'s {call} (call {call_index} of the auction)").format(
                    seat=seat, call=call, call_index=call_index
                )
        except RecordError:
            pass
    return _("call {call_index} of the auction").format(call_index=call_index)


def _trick(value: object) -> str:
    return _("the opening lead") if value == 1 else f"trick {value}"


def _revoke(r: Any, _board: Board | None) -> list[str]:
    if r.offender is None and r.trick is None:
        return [_("The Director is called to a revoke.")]
    who = _seat(r.offender) if r.offender is not None else "A player"
    when = f" at trick {r.trick}" if r.trick is not None else ""
    return [_("{who} is reported to have revoked{when}.").format(who=who, when=when)]


def _lead_out_of_turn(r: Any, _board: Board | None) -> list[str]:
    who = _seat(r.offender) if r.offender is not None else "A player"
    card = card_words(r.card) if r.card else "a card"
    to = f" to {_trick(r.trick)}" if r.trick not in (None, 1) else _(" (the opening lead)")
    if r.trick is None:
        to = ""
    face = "" if getattr(r, "faced", True) else ", face down"
    return [
        _("{who} led {card} out of turn{to}{face}.").format(who=who, card=card, to=to, face=face)
    ]


def _penalty_card(r: Any, _board: Board | None) -> list[str]:
    who = _seat(r.offender) if r.offender is not None else "A player"
    cards = cards_words(list(r.cards)) or "a card"
    how = {"inadvertent": " by accident", "deliberate": " deliberately"}.get(r.exposure or "", "")
    when = f" at trick {r.trick}" if r.trick is not None else ""
    before = (
        _(", before playing his own card to that trick")
        if getattr(r, "before_trick", False)
        else ""
    )
    return [f"{who} exposed {cards}{how}{when}{before}."]


def _insufficient_bid(r: Any, board: Board | None) -> list[str]:
    if r.call_index is None:
        return [_("The Director is called to an insufficient bid.")]
    return [_("The insufficient bid is {call_at}.").format(call_at=_call_at(board, r.call_index))]


def _unauthorised_information(r: Any, board: Board | None) -> list[str]:
    # The description names who did what; the report's ``source`` alone would mislead
    # for information from outside the table (it then names the player who got it).
    at = _call_at(board, r.call_index) if r.call_index is not None else ""
    if r.description:
        told = [f"{r.description.strip().rstrip('.')}."]
        return [*told, _("It happened at {at}.").format(at=at)] if at else told
    who = _seat(r.source) if r.source is not None else "A player"
    return [
        _("{who} gave the information{value}.").format(who=who, value=" at " + at if at else "")
    ]


def _misinformation(r: Any, board: Board | None) -> list[str]:
    explainer = _seat(r.explainer) if r.explainer is not None else _("An opponent")
    if r.type == "turn_to_lead":
        lead = getattr(r, "lead", None)
        if lead is None:
            return [
                _("{explainer} told a player that it was his turn to lead.").format(
                    explainer=explainer
                )
            ]
        if not lead.card:
            return [
                _("{explainer} told {leader} it was his lead, and he led.").format(
                    explainer=explainer, leader=_seat(lead.seat)
                )
            ]
        return [
            _("{explainer} told {leader} it was his lead, and he led {card}.").format(
                explainer=explainer, leader=_seat(lead.seat), card=card_words(lead.card)
            )
        ]
    at = _call_at(board, r.call_index) if r.call_index is not None else _("a call")
    if r.type == "failure_to_alert":
        told = [_("{explainer} did not alert {call}.").format(explainer=explainer, call=at)]
    elif r.explanation.strip():
        told = [
            _("{explainer} explained {call} as '{said}'.").format(
                explainer=explainer, call=at, said=r.explanation.strip()
            )
        ]
    else:
        told = [_("{explainer} explained {call}.").format(explainer=explainer, call=at)]
    when = {
        "auction": _("The right information came out during the auction."),
        "after_final_pass": _(
            "The right information came out after the final pass, before the opening lead "
            "was faced."
        ),
        "after_opening_lead": _("The right information came out after the opening lead was faced."),
        "end_of_play": _("The right information came out at the end of the play."),
    }.get(r.corrected_at or "")
    return [*told, when] if when else told


STORIES: dict[str, Callable[[Any, Board | None], list[str]]] = {
    "revoke": _revoke,
    "lead_out_of_turn": _lead_out_of_turn,
    "penalty_card": _penalty_card,
    "insufficient_bid": _insufficient_bid,
    "unauthorised_information": _unauthorised_information,
    "misinformation": _misinformation,
}


def _value_words(name: str, value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if name == "cards" or all(isinstance(v, str) and len(v) == 2 for v in value):
            return cards_words([str(v) for v in value])
        return ", ".join(_value_words(name, v) for v in value)
    if name in {"offender", "source", "seat", "claimer", "explainer"}:
        return _seat(value)
    if name == "card":
        return card_words(str(value))
    return str(value)


def _any_kind(report: IrregularityReport, _board: Board | None) -> list[str]:
    fields = report.model_dump(mode="json", exclude_none=True)
    kind = str(fields.pop("kind", "")).replace("_", " ")
    told = [_("The Director is called to a {kind}.").format(kind=kind)] if kind else []
    for name, value in fields.items():
        told.append(f"{name.replace('_', ' ').capitalize()}: {_value_words(name, value)}.")
    return told


def reported(report: IrregularityReport | None, board: Board | None) -> list[str]:
    """The sentences telling what the Director was told at the table."""
    if report is None:
        return []
    return STORIES.get(report.kind, _any_kind)(report, board)


def board_story(board: Board | None) -> str:
    """ "Board 3, dealer South, East-West vulnerable. South plays 4S; 6 tricks played." """
    if board is None:
        return ""
    vul = {
        "None": "nobody vulnerable",
        "NS": _("North-South vulnerable"),
        "EW": _("East-West vulnerable"),
        "All": _("both sides vulnerable"),
    }.get(board.vulnerability.value, f"vulnerable: {board.vulnerability.value}")
    told = [f"Board {board.number or '?'}, dealer {board.dealer.name_full}, {vul}."]
    contract = board.contract_obj
    if contract is not None and contract.is_passed_out:
        told.append(_("The board was passed out."))
    elif contract is not None and board.declarer_seat is not None:
        told.append(f"{board.declarer_seat.name_full} plays {contract}.")
    elif board.auction:
        told.append(
            _("The auction so far: {list}.").format(
                list=" ".join(call_words(c) for c in board.auction)
            )
        )
    played = len(board.play_obj.tricks) if board.play_obj is not None else 0
    if played:
        told.append(
            _("The play is recorded for {played} trick{value}.").format(
                played=played, value="s" * (played != 1)
            )
        )
    return " ".join(told)


def claim_line(board: Board | None) -> str:
    """A record whose claim decides the tricks: "Declarer claimed: 10 tricks in all"."""
    if board is None or board.claim is None:
        return ""
    declarer = board.declarer_seat
    who = declarer.name_full if declarer is not None else "Declarer"
    played = len(board.play_obj.tricks) if board.play_obj is not None else 0
    after = f" after {played} trick{'s' * (played != 1)}" if played else ""
    return _("{who} (declarer) claimed{after}: {claim} tricks in all, agreed.").format(
        who=who, after=after, claim=board.claim
    )
