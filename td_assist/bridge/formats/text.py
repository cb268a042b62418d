"""A compact text form for quick entry at the desk, one fact per line.

```
board 7
dealer S            (optional: the board number decides it)
vul All             (optional likewise)
deal N:AKQ2.KJ5.T92.AQ7 ...
auction 1S P 2S P 4S P P P
                    (^I before an accepted insufficient bid, ^S for a skipped turn)
contract 4S by N    (optional when the auction is complete)
note 1: weak        (an explanation of call 1 of the auction)
play HK H2 H5 H3 / SA S4 S7 S9 / ...
result 10
```

Several boards are separated by a blank line; ``#`` starts a comment.

>>> text = "board 1\\ndeal N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 -\\nauction 1S AP"
>>> board = parse_text(text)[0]
>>> str(board.contract_obj), board.declarer_seat
('1S', <Seat.N: 'N'>)
"""

from __future__ import annotations

import re

from td_assist.bridge.auction import INSUFFICIENT_MARK, SKIP_MARK, Contract, expand_all_pass
from td_assist.bridge.board import Board, Irregularity
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _

MAX_TEXT_BYTES = 1_000_000
AUCTION_MARKS = (INSUFFICIENT_MARK, SKIP_MARK)
_KEYS = {
    "board",
    "dealer",
    "vul",
    "vulnerable",
    "deal",
    "auction",
    "contract",
    "play",
    "result",
    "event",
    "claim",
    "note",
}


def parse_text(text: str) -> list[Board]:
    if len(text) > MAX_TEXT_BYTES:
        raise RecordError(_("the text is larger than 1 MB"))
    boards: list[Board] = []
    fields: dict[str, object] = {}
    start = 1
    for line_no, raw in enumerate([*text.splitlines(), ""], start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            if fields:
                boards.append(_checked(fields, start))
                fields = {}
            continue
        if not fields:
            start = line_no
        key, _space, value = line.partition(" ")
        key, value = key.lower().rstrip(":"), value.strip()
        where = _("line {line}").format(line=line_no)
        if key not in _KEYS:
            raise RecordError(
                _("unknown item {item} (use one of: {items})").format(
                    item=shown(key), items=", ".join(sorted(_KEYS))
                ),
                where=where,
            )
        try:
            _read_item(fields, key, value, line_no)
        except RecordError as error:
            raise error.located(where) from None
    if not boards:
        raise RecordError(_("no board found (write at least a deal line)"))
    return boards


def _read_item(fields: dict[str, object], key: str, value: str, line_no: int) -> None:
    if key == "board":
        fields["number"] = _number(value, "board", 5)
    elif key in ("vul", "vulnerable"):
        fields["vulnerability"] = value
    elif key == "auction":
        calls: list[str] = []
        marks: list[Irregularity] = []
        for token in value.replace("-", " ").split():
            if token.upper() in AUCTION_MARKS:  # as in PBN: ^S a skipped turn, ^I accepted
                marks.append(Irregularity(section="auction", index=len(calls), code=token.upper()))
            else:
                calls[:] = expand_all_pass([*calls, token])
        fields["auction"] = calls
        fields["irregularities"] = marks
    elif key == "contract":
        contract_text, _by, by = value.partition(" by ")
        declarer = Seat.parse(by) if by.strip() else None
        contract = Contract.parse(contract_text, declarer)
        fields["contract"] = str(contract)
        if contract.declarer:
            fields["declarer"] = contract.declarer
    elif key == "play":
        fields["play"] = split_tricks(value)
    elif key == "note":
        number, _colon, explanation = value.partition(":")
        if not _DIGITS.fullmatch(number.strip()) or int(number) < 1:
            raise RecordError(_("a note is written 'note N: text', N being the call's number"))
        notes = fields.setdefault("auction_notes", {})
        if not isinstance(notes, dict):
            raise RecordError(_("the auction notes are not a list of notes"))
        notes[int(number) - 1] = explanation.strip()
    elif key in ("result", "claim"):
        fields[key] = _number(value, key, 2)
    else:
        fields[key] = value


_DIGITS = re.compile(r"[0-9]{1,3}")


def split_tricks(value: str) -> list[str]:
    """The cards of a play written one trick between slashes ("HA H3 H9 H6 / ..."):
    each trick but the last has four cards, the last one to four. Without slashes the
    cards are simply in order.

    >>> split_tricks("HA H3 H9 H6 / HK")
    ['HA', 'H3', 'H9', 'H6', 'HK']
    """
    if "/" not in value:  # the cards in order, no tricks marked
        return value.split()
    groups = [g.split() for g in value.split("/")]
    if groups and not groups[-1] and len(groups) > 1:
        groups.pop()  # a closing slash
    for number, group in enumerate(groups, start=1):
        last = number == len(groups)
        if len(group) > 4 or (not last and len(group) != 4) or (last and not group and number > 1):
            raise RecordError(
                _("trick {number} has {count} cards; a trick has 4").format(
                    number=number, count=len(group)
                )
            )
    return [card for group in groups for card in group]


def _number(value: str, key: str, most_digits: int) -> int:
    """An ASCII number; ``int()`` alone accepts '١' and fails on '²' with Python's words."""
    text = value.strip()
    if not text or len(text) > most_digits or not all(c in "0123456789" for c in text):
        raise RecordError(_("{item}: '{text}' is not a number").format(item=key, text=text[:20]))
    return int(text)


def _checked(fields: dict[str, object], line: int) -> Board:
    try:
        return Board.checked(**fields)
    except RecordError as error:
        raise error.located(_("board starting at line {line}").format(line=line)) from None


def board_to_text(board: Board) -> str:
    lines = []
    if board.number is not None:
        lines.append(f"board {board.number}")
    lines += [f"dealer {board.dealer.value}", f"vul {board.vulnerability.value}"]
    if board.event:
        lines.insert(0, f"event {board.event}")
    if board.deal:
        lines.append(f"deal {board.deal}")
    if board.auction:
        marks: dict[int, list[str]] = {}
        for mark in board.irregularities:
            if mark.section == "auction" and mark.code in AUCTION_MARKS:
                marks.setdefault(mark.index, []).append(mark.code)
        for call_index, accepted in board.accepted_insufficient.items():
            written = marks.setdefault(call_index - 1, [])
            if accepted and INSUFFICIENT_MARK not in written:
                written.append(INSUFFICIENT_MARK)
        tokens = [
            token
            for index, call in enumerate([*board.auction, ""])
            for token in [*marks.get(index, []), call]
            if token
        ]
        lines.append("auction " + " ".join(tokens))
    lines += [f"note {i + 1}: {text}" for i, text in sorted(board.auction_notes.items())]
    if board.contract:
        by = f" by {board.declarer.value}" if board.declarer else ""
        lines.append(f"contract {board.contract}{by}")
    if board.play:
        tricks = [" ".join(board.play[i : i + 4]) for i in range(0, len(board.play), 4)]
        lines.append("play " + " / ".join(tricks))
    if board.result is not None:
        lines.append(f"result {board.result}")
    if board.claim is not None:
        lines.append(f"claim {board.claim}")
    return "\n".join(lines) + "\n"
