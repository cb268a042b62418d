"""PBN 2.1 import and export for the tags a TD needs.

Read: Event, Board, Dealer, Vulnerable, Deal, Auction (notes, ``AP``), Contract,
Declarer, Result and Play, many boards to a file, ``#`` tag inheritance, comments,
and the irregularity markers of PBN section 3.9 (``^`` plus a letter), which are kept
on the board rather than rejected. Every error names the PBN line.

Each line of the Play section lists one trick in seat order starting from the seat
in the Play tag (the opening leader), not in order of play; ``-`` is a card not
played (yet), ``+`` marks where the known play ends.

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
from td_assist.i18n import _

MAX_PBN_BYTES = 5_000_000

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_NOTE_REF = re.compile(r"^=([0-9]{1,3})=$")
_NAG = re.compile(r"^\$[0-9]+$")
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


def pbn_line(number: int) -> str:
    """Where a problem is, as the reader says it: ``PBN line 14``."""
    return _("PBN line {number}").format(number=number)


def _split_games(text: str) -> list[_Game]:
    """Tokenise: tags with their section tokens, games split by empty lines.

    A tag may have any spacing between its parts, even line breaks (PBN 3.3).
    """
    games: list[_Game] = []
    game = _Game()
    in_brace = False
    line_no, pos, size = 1, 0, len(text)
    line_start = True
    while pos < size:
        if line_start and not in_brace:
            end_of_line = text.find("\n", pos)
            end_of_line = size if end_of_line < 0 else end_of_line
            line = text[pos:end_of_line]
            if line.startswith("%") or not line.strip():
                if not line.strip() and game.tags:  # an empty line ends a game
                    games.append(game)
                    game = _Game()
                pos, line_no = end_of_line + 1, line_no + 1
                continue
        line_start = False
        char = text[pos]
        if char == "\n":
            pos, line_no, line_start = pos + 1, line_no + 1, True
        elif in_brace:
            end = text.find("}", pos)
            if end < 0:
                break
            line_no += text.count("\n", pos, end)
            in_brace, pos = False, end + 1
        elif char.isspace():
            pos += 1
        elif char == "{":
            in_brace, pos = True, pos + 1
        elif char == ";":
            end = text.find("\n", pos)
            pos = size if end < 0 else end
        elif char == "[":
            match = _TAG.match(text, pos)
            if not match:
                raise RecordError(
                    _('malformed tag (expected [Name "value"])'), where=pbn_line(line_no)
                )
            if not game.tags:
                game.first_line = line_no
            value = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
            game.tags.append(_Tag(match.group(1), value, line_no))
            line_no += match.group(0).count("\n")
            pos = match.end()
        else:
            end = pos
            while end < size and not text[end].isspace() and text[end] not in "{[;":
                end += 1
            token = text[pos:end]
            if not game.tags:
                raise RecordError(
                    _("'{token}' appears before any tag").format(token=_shown(token)),
                    where=pbn_line(line_no),
                )
            game.tags[-1].tokens.append((token, line_no))
            pos = end
    if in_brace:
        raise RecordError(
            _("a comment opened with '{' is never closed"), where=_("PBN end of file")
        )
    if game.tags:
        games.append(game)
    return games


def _shown(token: str) -> str:
    """A token as a TD can read it in a message (no escapes, not too long)."""
    return token if len(token) <= 30 else token[:27] + "..."


def parse_pbn(text: str, only: int | None = None, skipped: list[str] | None = None) -> list[Board]:
    """Every board in a PBN file, in file order; with ``only``, just that board number.

    ``only`` lets a ruling on one board of a session file skip validating the others.
    A game with none of the Board, Deal, Auction, Contract or Play tags holds no board
    (PBN files also carry score tables and comments); each one is named in ``skipped``
    when a list is given, and in the error when the file holds nothing else.
    """
    if len(text) > MAX_PBN_BYTES:
        raise RecordError(
            _("the file is larger than {size} MB").format(size=MAX_PBN_BYTES // 1_000_000)
        )
    text = text.removeprefix("\ufeff")
    boards: list[Board] = []
    previous: dict[str, str] = {}
    passed_over: list[str] = []
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
        if isinstance(board, str):
            passed_over.append(f"{pbn_line(game.first_line)}: {board}")
        else:
            boards.append(board)
    if skipped is not None:
        skipped.extend(passed_over)
    if not boards:
        if only is not None:
            raise RecordError(_("there is no board {number} in the file").format(number=only))
        if passed_over:
            raise RecordError(
                _("no board found: {reasons}").format(reasons="; ".join(passed_over[:3]))
            )
        raise RecordError(
            _("no board found (a PBN board needs a Board, Deal, Auction, Contract or Play tag)")
        )
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


_BOARD_TAGS = ("Board", "Deal", "Auction", "Contract", "Play")
_ASCII_NUMBER = re.compile(r"[0-9]{1,6}")
_SIDE_RESULT = re.compile(r"(NS|EW)\s*([0-9]{1,2})", re.IGNORECASE)


def _board_number(text: str) -> int:
    """An ASCII number; ``int()`` alone would accept '²' or '١' and fail later."""
    if not _ASCII_NUMBER.fullmatch(text):
        raise RecordError(_("board number '{text}' is not a number").format(text=_shown(text)))
    return int(text)


def _read_result(text: str) -> tuple[int | None, dict[str, int]]:
    """``10`` (declarer's tricks) or ``NS 11``, ``EW 2``, ``NS 11 EW 2`` (PBN 3.4.15)."""
    text = text.lstrip("^").strip()
    if _ASCII_NUMBER.fullmatch(text):
        return int(text), {}
    sides = {side.upper(): int(tricks) for side, tricks in _SIDE_RESULT.findall(text)}
    if not sides or _SIDE_RESULT.sub("", text).strip():
        raise RecordError(
            _("result '{text}' is not a number of tricks (e.g. 10, NS 11 or EW 2)").format(
                text=_shown(text)
            )
        )
    if "NS" in sides and "EW" in sides and sides["NS"] + sides["EW"] != 13:
        raise RecordError(
            _("result '{text}': the two sides' tricks do not add up to 13").format(text=text)
        )
    return None, sides


def _end_position(deal_text: str) -> int | None:
    """The cards in each hand when the Deal is an end position (PBN 3.10), else None."""
    text = deal_text.partition(":")[2]
    hands = [h for h in text.split() if h != "-"]
    sizes = {len(h.replace(".", "").replace("10", "T")) for h in hands}
    if (
        len(text.split()) == 4
        and len(hands) >= 2
        and len(sizes) == 1
        and 0 < (size := sizes.pop()) < 13
    ):
        return size
    return None


def _build_board(game: _Game, previous: dict[str, str]) -> Board | str:
    """The game's board, or why the game holds none (a text for the report)."""
    fields: dict[str, object] = {}
    irregular: list[Irregularity] = []

    def at(line: int) -> str:
        return pbn_line(line)

    if not any(game.get(name) for name in _BOARD_TAGS):
        for tag in game.tags:  # keep '#' inheritance right for later boards
            _value(game, tag.name, previous)
        return _("a game with no Board, Deal, Auction, Contract or Play tag holds no board")
    deal_tag = game.get("Deal")
    if deal_tag is not None and (size := _end_position(deal_tag.value)) is not None:
        for tag in game.tags:
            _value(game, tag.name, previous)
        return _(
            "an end position ({size} cards a hand, PBN 3.10) is not a board record "
            "and is not supported"
        ).format(size=size)
    event = _value(game, "Event", previous)[0]
    fields["event"] = event
    number_text, line = _value(game, "Board", previous)
    deal_text, deal_line = _value(game, "Deal", previous)
    side_result: dict[str, int] = {}
    try:
        if number_text:
            fields["number"] = _board_number(number_text)
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
        if declarer.startswith("^") and declarer[1:].strip():
            # Law 54A: after an opening lead out of turn declarer spread his hand and
            # became dummy; the seat named played the hand, the auction's declarer is
            # his partner.
            player = Seat.parse(declarer[1:])
            fields["declarer"] = player.partner
            irregular.append(Irregularity(section="declarer", index=0, code="^", text=player.value))
        elif declarer:
            fields["declarer"] = Seat.parse(declarer)
        result, line = _value(game, "Result", previous)
        if result:
            fields["result"], side_result = _read_result(result)
    except RecordError as error:
        raise RecordError(error.problem, where=at(line)) from None

    auction_tag = game.get("Auction")
    if auction_tag is not None:
        first_seat: Seat | None = None
        if auction_tag.value.strip() and auction_tag.value.strip() not in "#?":
            try:
                first_seat = Seat.parse(auction_tag.value)
            except RecordError as error:
                raise RecordError(error.problem, where=at(auction_tag.line)) from None
        calls, notes, blanks = _read_auction(game, auction_tag, irregular)
        fields["auction"] = calls
        fields["auction_notes"] = notes
        if first_seat is not None:  # '-' fills the seats before the dealer
            fields.setdefault("dealer", first_seat.offset(blanks))

    fields["irregularities"] = irregular
    board = _checked(fields, game.first_line)

    play_tag = game.get("Play")
    if play_tag is not None and play_tag.tokens:
        cards = _read_play(board, play_tag, irregular)
        fields["play"] = cards
        fields["irregularities"] = irregular
        board = _checked(fields, play_tag.line)
    if side_result:
        tricks = _declarer_tricks(board, side_result)
        if tricks is not None:
            fields["result"] = tricks
            board = _checked(fields, game.first_line)
    return board


def _declarer_tricks(board: Board, sides: dict[str, int]) -> int | None:
    """Declarer's tricks from a result written by side; None when there is no declarer."""
    declarer = board.declarer_seat
    if declarer is None:
        return None
    own, other = declarer.side.value, declarer.side.other.value
    if own in sides:
        return sides[own]
    return 13 - sides[other]


def _checked(fields: dict[str, object], line: int) -> Board:
    try:
        return Board.checked(**fields)
    except RecordError as error:
        raise error.located(_("PBN board at line {line}").format(line=line)) from None


def _clean(token: str) -> str:
    return token.rstrip(_SUFFIXES)


def _is_annotation(token: str) -> bool:
    """A suffix (``!``, ``?!``) written as its own token, or a NAG (``$13``)."""
    return bool(_NAG.match(token)) or (bool(token) and not token.strip(_SUFFIXES))


def _read_auction(
    game: _Game, tag: _Tag, irregular: list[Irregularity]
) -> tuple[list[str], dict[int, str], int]:
    """Calls, notes by call position, and the number of leading ``-`` placeholders."""
    calls: list[str] = []
    note_refs: dict[int, int] = {}
    blanks = 0
    for token, line in tag.tokens:
        if token == "*":
            break
        if token == "-" and not calls and not irregular:
            blanks += 1
            continue
        if _is_annotation(token) or token in {"-", "+"}:
            continue
        if match := _NOTE_REF.match(token):
            if calls:
                note_refs[len(calls) - 1] = int(match.group(1))
            continue
        if token.startswith("^"):
            irregular.append(Irregularity(section="auction", index=len(calls), code=token.upper()))
            continue
        if token.upper() == "AP":
            calls[:] = expand_all_pass([*calls, "AP"])
            continue
        try:
            calls.append(str(Call.parse(_clean(token))))
        except RecordError:
            raise RecordError(
                _(
                    "auction call {number}: '{token}' is not a call (e.g. 1C, 3NT, Pass, X, XX, AP)"
                ).format(number=len(calls) + 1, token=_shown(token)),
                where=pbn_line(line),
            ) from None
    notes: dict[int, str] = {}
    texts = _note_texts(game)
    for index, ref in note_refs.items():
        notes[index] = texts.get(ref, "")
    return calls, notes, blanks


def _note_texts(game: _Game) -> dict[int, str]:
    texts: dict[int, str] = {}
    for tag in game.tags:
        if tag.name == "Note" and ":" in tag.value:
            ref, _colon, text = tag.value.partition(":")
            if _ASCII_NUMBER.fullmatch(ref.strip()):
                texts[int(ref)] = text.strip()
    return texts


def _read_play(board: Board, tag: _Tag, irregular: list[Irregularity]) -> list[str]:
    """Turn the seat-ordered trick lines into cards in the order they were played.

    A ``^L`` before a card says its player led the trick (out of turn); ``^R`` marks
    a revoke. Both are kept at the position of the card in the order of play.
    """
    contract = board.contract_obj
    if contract is None or contract.declarer is None or contract.strain is None:
        raise RecordError(
            _("the Play section needs a contract and declarer (Auction or Contract/Declarer tags)"),
            where=pbn_line(tag.line),
        )
    try:
        first_seat = Seat.parse(tag.value)
    except RecordError as error:
        raise RecordError(error.problem, where=pbn_line(tag.line)) from None
    tokens: list[tuple[str, int]] = []
    marks: dict[int, list[str]] = {}
    for token, line in tag.tokens:
        if token == "*":
            break
        if _is_annotation(token) or _NOTE_REF.match(token):
            continue
        if token.startswith("^"):
            marks.setdefault(len(tokens), []).append(token.upper())
            continue
        tokens.append((_clean(token) if token != "--" else "-", line))
    deal = board.deal_obj
    trump = contract.strain.suit
    leader = first_seat  # who led to trick 1, whether in turn or not (PBN 3.5)
    order: list[str] = []
    stopped_at: int | None = None
    for start in range(0, len(tokens), 4):
        number = start // 4 + 1
        group = tokens[start : start + 4]
        columns = list(zip(first_seat.rotation(), group, range(start, start + len(group))))
        by_seat = {seat: (token, line, index) for seat, (token, line), index in columns}
        led_out_of_turn = [s for s, (_, _, i) in by_seat.items() if "^L" in marks.get(i, ())]
        if led_out_of_turn:
            leader = led_out_of_turn[0]
        trick_cards: list[Card] = []
        for seat in leader.rotation():
            token, line, index = by_seat.get(seat, ("-", group[-1][1], -1))
            if token == "+":  # the rest of the play is not known (PBN 3.5)
                return order
            if token == "-":
                stopped_at = stopped_at or number
                continue
            if stopped_at is not None:
                raise RecordError(
                    _("trick {number}: {seat} has a card after a missing one").format(
                        number=number, seat=seat.name_full
                    ),
                    where=pbn_line(line),
                )
            try:
                card = Card.parse(token)
            except RecordError:
                raise RecordError(
                    _("trick {number}: '{token}' is not a card (e.g. SA, HT, C2)").format(
                        number=number, token=_shown(token)
                    ),
                    where=pbn_line(line),
                ) from None
            if deal is not None and deal.is_complete and card not in deal.hand(seat):
                owner = deal.holder(card)
                facts = {"number": number, "seat": seat.name_full, "card": card}
                if owner:
                    problem = _(
                        "trick {number}: {seat} played {card} but does not hold it "
                        "({owner} holds it)"
                    ).format(owner=owner.name_full, **facts)
                else:
                    problem = _("trick {number}: {seat} played {card} but does not hold it")
                    problem = problem.format(**facts)
                raise RecordError(problem, where=pbn_line(line))
            for code in marks.get(index, ()):
                irregular.append(Irregularity(section="play", index=len(order), code=code))
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
    marks: dict[tuple[str, int], list[str]] = {}
    for mark in board.irregularities:
        marks.setdefault((mark.section, mark.index), []).append(mark.code)
    for call_index, accepted in board.accepted_insufficient.items():
        written = marks.setdefault(("auction", call_index - 1), [])
        if accepted and "^I" not in written:
            written.append("^I")
    lines = [f'[Event "{_quote(board.event)}"]']
    if board.number is not None:
        lines.append(f'[Board "{board.number}"]')
    lines.append(f'[Dealer "{board.dealer.value}"]')
    lines.append(f'[Vulnerable "{board.vulnerability.value}"]')
    if board.deal:
        lines.append(f'[Deal "{board.deal}"]')
    contract = board.contract_obj
    declarer = board.declarer_seat
    played_by = [m.text for m in board.irregularities if m.section == "declarer"]
    declarer_text = f"^{played_by[0]}" if played_by else declarer.value if declarer else ""
    lines.append(f'[Declarer "{declarer_text}"]')
    lines.append(f'[Contract "{contract if contract else ""}"]')
    lines.append(f'[Result "{"" if board.result is None else board.result}"]')
    if board.auction or marks:
        lines.append(f'[Auction "{board.dealer.value}"]')
        row: list[str] = []
        notes: list[str] = []
        for index, call in enumerate([*board.auction, None]):
            row.extend(marks.get(("auction", index), []))
            if call is None:
                break
            row.append(call)
            if index in board.auction_notes:
                notes.append(board.auction_notes[index])
                row.append(f"={len(notes)}=")
            if len([t for t in row if t[0] not in "=^"]) == 4:
                lines.append(" ".join(row))
                row = []
        if row:
            lines.append(" ".join(row))
        lines.extend(f'[Note "{i}:{_quote(text)}"]' for i, text in enumerate(notes, start=1))
    play = board.play_obj
    if play is not None and play.tricks:
        first = play.tricks[0].leader
        lines.append(f'[Play "{first.value}"]')
        position = 0
        for trick in play.tricks:
            by_seat: dict[Seat, str] = {}
            for seat, card in zip(trick.seats, trick.cards):
                by_seat[seat] = " ".join([*marks.get(("play", position), []), str(card)])
                position += 1
            lines.append(" ".join(by_seat.get(s, "-") for s in first.rotation()))
        lines.append("*")
    return "\n".join(lines) + "\n"


def boards_to_pbn(boards: list[Board]) -> str:
    return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(board_to_pbn(b) for b in boards)
