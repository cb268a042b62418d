"""PBN 2.1 import and export for the tags a TD needs.

Read: Event, Board, Dealer, Vulnerable, Deal, Auction (notes, ``AP``), Contract,
Declarer, Result and Play, many boards to a file, ``#`` tag inheritance, comments,
and the irregularity markers of PBN section 3.9 (``^`` plus a letter), which are kept
on the board rather than rejected. Every error names the PBN line.

Each line of the Play section lists one trick in seat order starting from the seat
in the Play tag (the opening leader), not in order of play; ``-`` is a card not
played (yet).

>>> text = ('[Board "1"]\\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ '
...         '765.432.AKQJ.T98 432.AKQJ.T98.765"]\\n[Auction "N"]\\n1NT Pass Pass Pass\\n')
>>> [str(b.contract_obj) for b in parse_pbn(text)]
['1NT']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from td_assist.bridge.auction import Call, expand_all_pass
from td_assist.bridge.board import Board, Irregularity
from td_assist.bridge.cards import Card, Seat
from td_assist.bridge.deal import Deal, Vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Trick

MAX_PBN_BYTES = 5_000_000

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_NOTE_REF = re.compile(r"^=(\d+)=$")
_NAG = re.compile(r"^\$\d+$")
_SUFFIXES = "!?"


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    tokens: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class _Game:
    tags: list[_Tag] = field(default_factory=list)
    first_line: int = 0

    def get(self, name: str) -> _Tag | None:
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None


def _split_games(text: str) -> list[_Game]:
    """Tokenise: tags with their section tokens, games split by empty lines."""
    games: list[_Game] = []
    game = _Game()
    in_brace = False
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if not in_brace and line.startswith("%"):
            continue  # PBN escape line (e.g. "% PBN 2.1")
        if not in_brace and not line.strip():
            if game.tags:
                games.append(game)
                game = _Game()
            continue
        pos = 0
        while pos < len(line):
            if in_brace:
                end = line.find("}", pos)
                if end < 0:
                    break
                in_brace, pos = False, end + 1
                continue
            char = line[pos]
            if char.isspace():
                pos += 1
            elif char == "{":
                in_brace, pos = True, pos + 1
            elif char == ";":
                break
            elif char == "[":
                match = _TAG.match(line, pos)
                if not match:
                    raise RecordError(
                        'malformed tag (expected [Name "value"])', where=f"PBN line {line_no}"
                    )
                if not game.tags:
                    game.first_line = line_no
                value = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
                game.tags.append(_Tag(match.group(1), value, line_no))
                pos = match.end()
            else:
                end = pos
                while end < len(line) and not line[end].isspace() and line[end] not in "{[;":
                    end += 1
                token = line[pos:end]
                if not game.tags:
                    raise RecordError(
                        f"{token!r} appears before any tag", where=f"PBN line {line_no}"
                    )
                game.tags[-1].tokens.append((token, line_no))
                pos = end
    if in_brace:
        raise RecordError("a comment opened with '{' is never closed", where="PBN end of file")
    if game.tags:
        games.append(game)
    return games


def parse_pbn(text: str, only: int | None = None) -> list[Board]:
    """Every board in a PBN file, in file order; with ``only``, just that board number.

    ``only`` lets a ruling on one board of a session file skip validating the others.
    """
    if len(text) > MAX_PBN_BYTES:
        raise RecordError(f"the file is larger than {MAX_PBN_BYTES // 1_000_000} MB")
    boards: list[Board] = []
    previous: dict[str, str] = {}
    for game in _split_games(text):
        if only is not None:
            number_tag = game.get("Board")
            number = number_tag.value.strip() if number_tag else ""
            number = previous.get("Board", "") if number == "#" else number
            if number != str(only):
                for tag in game.tags:  # keep '#' inheritance right for later boards
                    _value(game, tag.name, previous)
                continue
        board = _build_board(game, previous)
        if board is not None:
            boards.append(board)
    if not boards:
        if only is not None:
            raise RecordError(f"there is no board {only} in the file")
        raise RecordError("no board found (a PBN board needs at least a Deal or Board tag)")
    return boards


def _value(game: _Game, name: str, previous: dict[str, str]) -> tuple[str, int]:
    tag = game.get(name)
    if tag is None:
        return "", game.first_line
    value = tag.value.strip()
    if value == "#":  # tag value inheritance (PBN 4.8)
        value = previous.get(name, "")
    previous[name] = value
    return ("" if value == "?" else value), tag.line


def _build_board(game: _Game, previous: dict[str, str]) -> Board | None:
    fields: dict[str, object] = {}
    irregular: list[Irregularity] = []

    def at(line: int) -> str:
        return f"PBN line {line}"

    event, _ = _value(game, "Event", previous)
    fields["event"] = event
    number_text, line = _value(game, "Board", previous)
    deal_text, deal_line = _value(game, "Deal", previous)
    if not number_text and not deal_text:
        return None
    try:
        if number_text:
            fields["number"] = int(number_text)
        dealer, line = _value(game, "Dealer", previous)
        if dealer:
            fields["dealer"] = Seat.parse(dealer.lstrip("^"))
        vul, line = _value(game, "Vulnerable", previous)
        if vul:
            fields["vulnerability"] = Vulnerability.parse(vul)
        line = deal_line
        if deal_text:
            fields["deal"] = Deal.from_pbn(deal_text).to_pbn()
        contract, line = _value(game, "Contract", previous)
        fields["contract"] = contract or None
        declarer, line = _value(game, "Declarer", previous)
        if declarer:
            fields["declarer"] = Seat.parse(declarer.lstrip("^"))
        result, line = _value(game, "Result", previous)
        if result:
            fields["result"] = int(result.lstrip("^"))
    except ValueError as error:
        problem = error.problem if isinstance(error, RecordError) else str(error)
        raise RecordError(problem, where=at(line)) from None

    auction_tag = game.get("Auction")
    if auction_tag is not None:
        calls, notes = _read_auction(game, auction_tag, irregular)
        fields["auction"] = calls
        fields["auction_notes"] = notes
        if auction_tag.value.strip() and auction_tag.value.strip() not in "#?":
            try:
                fields.setdefault("dealer", Seat.parse(auction_tag.value))
            except RecordError as error:
                raise RecordError(error.problem, where=at(auction_tag.line)) from None

    fields["irregularities"] = irregular
    board = _checked(fields, game.first_line)

    play_tag = game.get("Play")
    if play_tag is not None and play_tag.tokens:
        cards = _read_play(board, play_tag, irregular)
        fields["play"] = cards
        fields["irregularities"] = irregular
        board = _checked(fields, play_tag.line)
    return board


def _checked(fields: dict[str, object], line: int) -> Board:
    try:
        return Board.checked(**fields)
    except RecordError as error:
        raise error.located(f"PBN board at line {line}") from None


def _clean(token: str) -> str:
    return token.rstrip(_SUFFIXES)


def _read_auction(
    game: _Game, tag: _Tag, irregular: list[Irregularity]
) -> tuple[list[str], dict[int, str]]:
    calls: list[str] = []
    note_refs: dict[int, int] = {}
    for token, line in tag.tokens:
        if token == "*":
            break
        if _NAG.match(token) or token in {"-", "+"}:
            continue
        if match := _NOTE_REF.match(token):
            if calls:
                note_refs[len(calls) - 1] = int(match.group(1))
            continue
        if token.startswith("^"):
            irregular.append(Irregularity(section="auction", index=len(calls) - 1, code=token))
            continue
        if token.upper() == "AP":
            calls[:] = expand_all_pass([*calls, "AP"])
            continue
        try:
            calls.append(str(Call.parse(_clean(token))))
        except RecordError as error:
            raise RecordError(
                f"auction call {len(calls) + 1}: {error.problem}", where=f"PBN line {line}"
            ) from None
    notes: dict[int, str] = {}
    texts = _note_texts(game)
    for index, ref in note_refs.items():
        notes[index] = texts.get(ref, "")
    return calls, notes


def _note_texts(game: _Game) -> dict[int, str]:
    texts: dict[int, str] = {}
    for tag in game.tags:
        if tag.name == "Note" and ":" in tag.value:
            ref, _, text = tag.value.partition(":")
            if ref.strip().isdigit():
                texts[int(ref)] = text.strip()
    return texts


def _read_play(board: Board, tag: _Tag, irregular: list[Irregularity]) -> list[str]:
    """Turn the seat-ordered trick lines into cards in the order they were played."""
    contract = board.contract_obj
    if contract is None or contract.declarer is None or contract.strain is None:
        raise RecordError(
            "the Play section needs a contract and declarer (Auction or Contract/Declarer tags)",
            where=f"PBN line {tag.line}",
        )
    try:
        first_seat = Seat.parse(tag.value)
    except RecordError as error:
        raise RecordError(error.problem, where=f"PBN line {tag.line}") from None
    tokens: list[tuple[str, int]] = []
    for token, line in tag.tokens:
        if token == "*":
            break
        if _NAG.match(token) or _NOTE_REF.match(token):
            continue
        if token.startswith("^"):
            irregular.append(Irregularity(section="play", index=len(tokens) - 1, code=token))
            continue
        tokens.append((_clean(token), line))
    trump = contract.strain.suit
    leader = contract.declarer.lho
    order: list[str] = []
    stopped_at: int | None = None
    for start in range(0, len(tokens), 4):
        number = start // 4 + 1
        group = tokens[start : start + 4]
        by_seat: dict[Seat, tuple[str, int]] = dict(zip(first_seat.rotation(), group))
        trick_cards: list[Card] = []
        for seat in leader.rotation():
            token, line = by_seat.get(seat, ("-", group[-1][1]))
            if token == "-":
                stopped_at = stopped_at or number
                continue
            if stopped_at is not None:
                raise RecordError(
                    f"trick {number}: {seat.name_full} has a card after a missing one",
                    where=f"PBN line {line}",
                )
            try:
                card = Card.parse(token)
            except RecordError as error:
                raise RecordError(
                    f"trick {number}: {error.problem}", where=f"PBN line {line}"
                ) from None
            trick_cards.append(card)
            order.append(str(card))
        trick = Trick(number, leader, tuple(trick_cards), trump)
        if trick.winner is not None:
            leader = trick.winner
    return order


# Export ---------------------------------------------------------------------------


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def board_to_pbn(board: Board) -> str:
    lines = [f'[Event "{_quote(board.event)}"]']
    if board.number is not None:
        lines.append(f'[Board "{board.number}"]')
    lines.append(f'[Dealer "{board.dealer.value}"]')
    lines.append(f'[Vulnerable "{board.vulnerability.value}"]')
    if board.deal:
        lines.append(f'[Deal "{board.deal}"]')
    contract = board.contract_obj
    declarer = board.declarer_seat
    lines.append(f'[Declarer "{declarer.value if declarer else ""}"]')
    lines.append(f'[Contract "{contract if contract else ""}"]')
    lines.append(f'[Result "{"" if board.result is None else board.result}"]')
    if board.auction:
        lines.append(f'[Auction "{board.dealer.value}"]')
        row: list[str] = []
        notes: list[str] = []
        for index, call in enumerate(board.auction):
            row.append(call)
            if index in board.auction_notes:
                notes.append(board.auction_notes[index])
                row.append(f"={len(notes)}=")
            if len([t for t in row if not t.startswith("=")]) == 4:
                lines.append(" ".join(row))
                row = []
        if row:
            lines.append(" ".join(row))
        lines.extend(f'[Note "{i}:{_quote(text)}"]' for i, text in enumerate(notes, start=1))
    play = board.play_obj
    if play is not None:
        first = play.opening_leader
        lines.append(f'[Play "{first.value}"]')
        for trick in play.tricks:
            by_seat = dict(zip(trick.seats, trick.cards))
            lines.append(
                " ".join(str(by_seat[s]) if s in by_seat else "-" for s in first.rotation())
            )
        lines.append("*")
    return "\n".join(lines) + "\n"


def boards_to_pbn(boards: list[Board]) -> str:
    return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(board_to_pbn(b) for b in boards)
