"""LIN (Bridge Base Online) import: md, sv, ah, qx, mb (with alerts), an, pc, mc.

>>> lin = ("qx|o1|md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|o|"
...        "mb|1S|mb|p|mb|p|mb|p|")
>>> board = parse_lin(lin)[0]
>>> board.dealer, str(board.contract_obj), board.declarer_seat
(<Seat.N: 'N'>, '1S', <Seat.N: 'N'>)
"""

from __future__ import annotations

import re

from td_assist.bridge.auction import Call
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat, Suit
from td_assist.bridge.deal import Deal, Hand, Vulnerability
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _

MAX_LIN_BYTES = 5_000_000
_DEALER_DIGITS = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_LIN_VUL = {"O": "None", "0": "None", "-": "None", "N": "NS", "E": "EW", "B": "All"}
_HAND_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """``key|value|`` pairs with their pair number, newlines ignored."""
    parts = text.replace("\r", "").replace("\n", "").split("|")
    pairs: list[tuple[str, str, int]] = []
    for index in range(0, len(parts) - 1, 2):
        pairs.append((parts[index].strip().lower(), parts[index + 1], index // 2 + 1))
    return pairs


def parse_lin(text: str) -> list[Board]:
    """Every board in a LIN file or string; a new ``qx`` or ``md`` starts a new board."""
    if len(text) > MAX_LIN_BYTES:
        raise RecordError(
            _("the file is larger than {size} MB").format(size=MAX_LIN_BYTES // 1_000_000)
        )
    boards: list[Board] = []
    current: dict[str, object] | None = None
    last_call: int | None = None

    def finish() -> None:
        if current is not None and current.get("deal"):
            boards.append(_checked(current))

    for key, value, position in _tokens(text):
        where = _("LIN item {position} ({key})").format(position=position, key=key)
        try:
            if key == "qx" or (key == "md" and current is not None and current.get("deal")):
                finish()
                current, last_call = {"auction": [], "play": [], "auction_notes": {}}, None
                if key == "qx":
                    number = _board_number(value)
                    if number is not None:
                        current["number"] = number
                    continue
            if current is None:
                current, last_call = {"auction": [], "play": [], "auction_notes": {}}, None
            if key == "md":
                dealer, deal = _read_md(value)
                current["deal"] = deal.to_pbn()
                if dealer is not None:
                    current["dealer"] = dealer
            elif key == "sv":
                code = value.strip().upper()[:1]
                current["vulnerability"] = (
                    Vulnerability(_LIN_VUL[code])
                    if code in _LIN_VUL
                    else Vulnerability.parse(value)
                )
            elif key == "ah":
                number = _board_number(value)
                if number is not None:
                    current["number"] = number
            elif key == "mb":
                alert = value.endswith("!")
                call = Call.parse(value.rstrip("!"))
                calls: list[str] = current["auction"]  # type: ignore[assignment]
                calls.append(str(call))
                last_call = len(calls) - 1
                if alert:
                    current["auction_notes"][last_call] = "alerted"  # type: ignore[index]
            elif key == "an" and last_call is not None:
                current["auction_notes"][last_call] = value.strip()  # type: ignore[index]
            elif key == "pc":
                cards: list[str] = current["play"]  # type: ignore[assignment]
                cards.append(str(Card.parse(value)))
            elif key == "mc":
                if not _TRICKS.fullmatch(value.strip()):
                    raise RecordError(
                        _("'{text}' is not a number of tricks (0 to 13)").format(text=value[:20])
                    )
                current["claim"] = int(value)
        except RecordError as error:
            raise RecordError(error.problem, where=where) from None
    finish()
    if not boards:
        raise RecordError(_("no board found (a LIN board needs an md item with the deal)"))
    return boards


_TRICKS = re.compile(r"[0-9]{1,2}")


def _board_number(value: str) -> int | None:
    """The board number in ``o1``, ``c12``, ``Board 7``: its ASCII digits, if few enough."""
    digits = re.sub(r"[^0-9]", "", value)
    return int(digits) if digits and len(digits) <= 5 and int(digits) >= 1 else None


def _read_md(value: str) -> tuple[Seat | None, Deal]:
    value = value.strip()
    dealer = _DEALER_DIGITS.get(value[:1])
    body = value[1:] if value[:1] and value[:1] in "0123456789" else value
    hands: dict[Seat, Hand] = {}
    for seat, part in zip(_HAND_ORDER, body.split(",")):
        if part.strip():
            hands[seat] = _read_lin_hand(part.strip(), seat)
    return dealer, Deal.from_hands(hands)


def _read_lin_hand(text: str, seat: Seat) -> Hand:
    cards: list[Card] = []
    suit: Suit | None = None
    for char in text.upper().replace("10", "T"):
        if char in "SHDC":
            suit = Suit(char)
        elif suit is None:
            raise RecordError(
                _("{seat}'s hand {text} must start with a suit letter").format(
                    seat=seat.name_full, text=shown(text)
                )
            )
        else:
            cards.append(Card.parse(suit.value + char))
    return Hand.of(cards)


def _checked(fields: dict[str, object]) -> Board:
    number = fields.get("number")
    try:
        return Board.checked(**fields)
    except RecordError as error:
        where = _("LIN board {number}").format(number=number) if number else _("LIN board")
        raise error.located(where) from None
