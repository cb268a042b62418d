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
from td_assist.bridge.display import call_text, suit_name
from td_assist.bridge.errors import RecordError
from td_assist.i18n import N_, _, current_language, ngettext
from td_assist.rulings.engine.model import IrregularityReport

# Marked for the catalog, read in the reader's language where a sentence is made.
_RANKS = {
    "A": N_("ace"),
    "K": N_("king"),
    "Q": N_("queen"),
    "J": N_("jack"),
    "T": N_("ten"),
    "9": N_("nine"),
    "8": N_("eight"),
    "7": N_("seven"),
    "6": N_("six"),
    "5": N_("five"),
    "4": N_("four"),
    "3": N_("three"),
    "2": N_("two"),
}


def card_words(text: str) -> str:
    """``H9`` -> "the nine of hearts"."""
    try:
        card = Card.parse(text)
    except RecordError:
        return text
    return _("the {rank} of {suit}").format(
        rank=_(_RANKS[card.rank.value]), suit=suit_name(card.suit)
    )


def cards_words(cards: list[str]) -> str:
    named = [card_words(c) for c in cards]
    if len(named) <= 1:
        return "".join(named)
    return _("{cards} and {last}").format(cards=", ".join(named[:-1]), last=named[-1])


def call_words(call: str) -> str:
    """``P`` -> "pass", ``X`` -> "double"; a bid stays as it is written (``1S``) in
    English, and reads as German tables write it in German (``1♠``, ``3SA``)."""
    named = {"P": _("pass"), "X": _("double"), "XX": _("redouble")}
    if call in named:
        return named[call]
    if current_language() == "en":
        return call
    try:
        return call_text(call)
    except (RecordError, ValueError, IndexError):  # not a bid: told as it is written
        return call


def _seat(value: object) -> str:
    try:
        return Seat.parse(str(value)).name_full
    except (RecordError, ValueError):
        return str(value)


def _call_at(board: Board | None, call_index: int | None) -> str:
    """ "North's 1S (call 3 of the auction)", from the record when it has that call."""
    if call_index is None:
        return _("a call")
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
    return _("the opening lead") if value == 1 else _("trick {number}").format(number=value)


def _revoke(r: Any, _board: Board | None) -> list[str]:
    if r.offender is None and r.trick is None:
        return [_("The Director is called to a revoke.")]
    who = _seat(r.offender) if r.offender is not None else _("A player")
    if r.trick is None:
        return [_("{who} is reported to have revoked.").format(who=who)]
    return [_("{who} is reported to have revoked at trick {trick}.").format(who=who, trick=r.trick)]


def _lead_out_of_turn(r: Any, _board: Board | None) -> list[str]:
    who = _seat(r.offender) if r.offender is not None else _("A player")
    card = card_words(r.card) if r.card else _("a card")
    to = (
        _(" to trick {number}").format(number=r.trick)
        if r.trick not in (None, 1)
        else _(" (the opening lead)")
    )
    if r.trick is None:
        to = ""
    face = "" if getattr(r, "faced", True) else _(", face down")
    return [
        _("{who} led {card} out of turn{to}{face}.").format(who=who, card=card, to=to, face=face)
    ]


def _penalty_card(r: Any, _board: Board | None) -> list[str]:
    who = _seat(r.offender) if r.offender is not None else _("A player")
    cards = cards_words(list(r.cards)) or _("a card")
    how = {"inadvertent": _(" by accident"), "deliberate": _(" deliberately")}.get(
        r.exposure or "", ""
    )
    when = _(" at trick {number}").format(number=r.trick) if r.trick is not None else ""
    before = (
        _(", before playing his own card to that trick")
        if getattr(r, "before_trick", False)
        else ""
    )
    return [
        _("{who} exposed {cards}{how}{when}{before}.").format(
            who=who, cards=cards, how=how, when=when, before=before
        )
    ]


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
    who = _seat(r.source) if r.source is not None else _("A player")
    if not at:
        return [_("{who} gave the information.").format(who=who)]
    return [_("{who} gave the information at {at}.").format(who=who, at=at)]


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


def _claim(r: Any, _board: Board | None) -> list[str]:
    who = _seat(r.claimer) if r.claimer is not None else _("A player")
    if r.claimed == 0:
        told = [_("{who} concedes the rest of the tricks.").format(who=who)]
    elif r.claimed is not None:
        told = [_("{who} claims {count} of the tricks left.").format(who=who, count=r.claimed)]
    else:
        told = [_("{who} claims.").format(who=who)]
    if r.trick is not None:
        told.append(_("Play has reached trick {number}.").format(number=r.trick))
    if r.statement.strip():
        told.append(_("He says: \u201c{statement}\u201d").format(statement=r.statement.strip()))
    if r.stated_total is not None:
        told.append(_("He says he takes {count} tricks in all.").format(count=r.stated_total))
    return told


def _call_out_of_rotation(r: Any, board: Board | None) -> list[str]:
    if r.call_index is None:
        return [_("The Director is called to a call out of rotation.")]
    told = _call_at(board, r.call_index)
    if getattr(r, "offender", None) is not None:
        return [
            _("{who} called out of rotation: {call_at}.").format(
                who=_seat(r.offender), call_at=told
            )
        ]
    return [_("The call out of rotation is {call_at}.").format(call_at=told)]


def _exposed_card_auction(r: Any, _board: Board | None) -> list[str]:
    who = _seat(r.offender) if getattr(r, "offender", None) is not None else _("A player")
    cards = cards_words(list(getattr(r, "cards", None) or [])) or _("a card")
    made = getattr(r, "call_index", None)
    if made is None:
        told = [_("{who} exposed {cards} during the auction.").format(who=who, cards=cards)]
    elif made == 0:
        told = [_("{who} exposed {cards} before the first call.").format(who=who, cards=cards)]
    else:
        told = [
            ngettext(
                "{who} exposed {cards} during the auction, after {count} call.",
                "{who} exposed {cards} during the auction, after {count} calls.",
                made,
            ).format(who=who, cards=cards, count=made)
        ]
    if getattr(r, "premature_lead", False):
        told.append(_("The card was led before the auction had ended (a premature lead)."))
    return told


STORIES: dict[str, Callable[[Any, Board | None], list[str]]] = {
    "call_out_of_rotation": _call_out_of_rotation,
    "exposed_card_auction": _exposed_card_auction,
    "revoke": _revoke,
    "lead_out_of_turn": _lead_out_of_turn,
    "penalty_card": _penalty_card,
    "insufficient_bid": _insufficient_bid,
    "unauthorised_information": _unauthorised_information,
    "misinformation": _misinformation,
    "claim": _claim,
}


def _value_words(name: str, value: object) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
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
        "None": _("nobody vulnerable"),
        "NS": _("North-South vulnerable"),
        "EW": _("East-West vulnerable"),
        "All": _("both sides vulnerable"),
    }.get(board.vulnerability.value, board.vulnerability.value)
    told = [
        _("Board {number}, dealer {dealer}, {vulnerable}.").format(
            number=board.number or "?", dealer=board.dealer.name_full, vulnerable=vul
        )
    ]
    contract = board.contract_obj
    if contract is not None and contract.is_passed_out:
        told.append(_("The board was passed out."))
    elif contract is not None and board.declarer_seat is not None:
        told.append(
            _("{declarer} plays {contract}.").format(
                declarer=board.declarer_seat.name_full, contract=contract
            )
        )
    elif board.auction:
        told.append(
            _("The auction so far: {list}.").format(
                list=" ".join(call_words(c) for c in board.auction)
            )
        )
    played = len(board.play_obj.tricks) if board.play_obj is not None else 0
    if played:
        told.append(
            ngettext(
                "The play is recorded for {played} trick.",
                "The play is recorded for {played} tricks.",
                played,
            ).format(played=played)
        )
    return " ".join(told)


def claim_line(board: Board | None) -> str:
    """A record whose claim decides the tricks: "Declarer claimed: 10 tricks in all"."""
    if board is None or board.claim is None:
        return ""
    declarer = board.declarer_seat
    who = declarer.name_full if declarer is not None else _("Declarer")
    played = len(board.play_obj.tricks) if board.play_obj is not None else 0
    if not played:
        return _("{who} (declarer) claimed: {claim} tricks in all, agreed.").format(
            who=who, claim=board.claim
        )
    return ngettext(
        "{who} (declarer) claimed after {played} trick: {claim} tricks in all, agreed.",
        "{who} (declarer) claimed after {played} tricks: {claim} tricks in all, agreed.",
        played,
    ).format(who=who, played=played, claim=board.claim)
