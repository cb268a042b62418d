"""A session's hand record (the boards of the day), kept for the TD, and the facts the
TD adds at a table to rule on one of its boards.

A club's dealing machine or scorer gives a hand record: every deal of the session,
usually with no auction or play. The TD loads it once; a ruling then starts from a
board number plus what only the table knows (contract, declarer, tricks).

>>> facts = TableFacts.from_query({"c": "4S", "x": "X", "d": "s", "t": "9"})
>>> facts.contract_text, facts.declarer, facts.tricks
('4SX', <Seat.S: 'S'>, 9)
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import decode_record, detect_format, parse_record
from td_assist.bridge.formats.results import is_results_file
from td_assist.bridge.results import MAX_RESULTS_FILE, SessionResults
from td_assist.i18n import _
from td_assist.session_results import (
    deals_from_results,
    hand_record_text,
    no_deals_error,
    read_results_file,
    results_notice,
)
from td_assist.store import SessionInfo, Store, StoredResults

MAX_HAND_RECORD = 2_000_000
MAX_NAME = 80
_FORMATS = {".pbn": "pbn", ".lin": "lin", ".json": "json", ".txt": "text"}


class HandRecord(BaseModel):
    """The boards of a session by number, and what was set aside while reading it."""

    model_config = ConfigDict(frozen=True)
    boards: dict[int, Board]
    notice: str = ""


def read_hand_record(text: str, source: str, fmt: str | None = None) -> HandRecord:
    """The session's boards from a PBN, LIN, JSON or text record.

    Every board needs a number. A number that appears more than once (the same board
    played at several tables) must have the same deal each time; what one table did
    is then dropped, because the TD gives it for the table being ruled.
    """
    if len(text) > MAX_HAND_RECORD:
        raise RecordError(
            _("the file is larger than {size} MB").format(size=MAX_HAND_RECORD // 1_000_000),
            source,
        )
    try:
        boards = parse_record(text, fmt or detect_format(text))
    except RecordError as error:
        raise error.located(source) from None
    by_number: dict[int, Board] = {}
    repeated: set[int] = set()
    no_deal: set[int] = set()
    numbered = any(board.number is not None for board in boards)
    for position, board in enumerate(boards, start=1):
        if board.number is None:
            if numbered:
                raise RecordError(
                    _("board {position} in the file has no board number").format(position=position),
                    source,
                )
            # No board has a number (a file of deals): number them in file order.
            board = board.model_copy(update={"number": position})
        if board.number is None:
            raise RecordError(_("a board in the file has no board number"))
        if board.deal is None:
            no_deal.add(board.number)
            continue
        first = by_number.get(board.number)
        if first is None:
            by_number[board.number] = board
            continue
        if first.deal != board.deal:
            raise RecordError(
                _("board {number} appears twice with different deals").format(number=board.number),
                source,
            )
        repeated.add(board.number)
    if not by_number:
        raise RecordError(_("no board in the file has a deal"), source)
    for number in repeated:
        by_number[number] = deal_only(by_number[number])
    notices = []
    if not numbered:
        notices.append(_("The boards had no numbers; they are numbered in file order."))
    if repeated:
        notices.append(
            _(
                "Boards {boards} appear more than once (several tables); their deals "
                "are kept and the contract and result are asked at each ruling."
            ).format(boards=_listed(repeated))
        )
    no_deal -= set(by_number)
    if no_deal:
        notices.append(
            _("Boards {boards} have no deal and were left out.").format(boards=_listed(no_deal))
        )
    notice = " ".join(notices)
    return HandRecord(boards=dict(sorted(by_number.items())), notice=notice)


def _listed(numbers: set[int]) -> str:
    shown = sorted(numbers)
    return ", ".join(str(n) for n in shown[:12]) + (" ..." if len(shown) > 12 else "")


def deal_only(board: Board) -> Board:
    """The board as a hand record gives it: number, dealer, vulnerability, deal."""
    return Board(
        number=board.number,
        dealer=board.dealer,
        vulnerability=board.vulnerability,
        deal=board.deal,
        event=board.event,
    )


def storable(text: str) -> str:
    """Text the log can keep: a command line or file name with bytes that are not UTF-8
    reaches Python as lone surrogates, which no database or page can hold ("?")."""
    return text.encode("utf-8", "replace").decode("utf-8")


def session_name(requested: str, source: str) -> str:
    """The name the TD gave, else the file's name without its extension."""
    name = " ".join(storable(requested).split())[:MAX_NAME]
    return name or storable(Path(source).stem)[:MAX_NAME] or "Session"


def load_text(
    store: Store,
    text: str,
    source: str,
    name: str = "",
    results_raw: bytes | None = None,
    results_source: str = "",
) -> SessionInfo:
    """Read a hand record and keep it as a new session (the latest, so the default),
    with the scorer's results file when one is given."""
    suffix = Path(source).suffix.lower()
    record = read_hand_record(text, source, _FORMATS.get(suffix))
    if results_raw is None:
        return _save(store, record, source, name)
    results, stored = read_results_file(results_raw, results_source or source)
    return _save(store, record, source, name, results, stored)


def load_bytes(
    store: Store,
    raw: bytes,
    source: str,
    name: str = "",
    results_raw: bytes | None = None,
    results_source: str = "",
) -> SessionInfo:
    """A hand record, a results file, or both (``raw`` may itself be the results)."""
    if results_raw is None and is_results_file(raw):
        results, stored = read_results_file(raw, source)
        text = hand_record_text(raw, results)
        boards = deals_from_results(raw, results)
        if text is not None:
            try:
                record = read_hand_record(text, source, "pbn")
            except RecordError:
                raise no_deals_error(source) from None
        elif boards:
            record = HandRecord(boards={b.number: b for b in boards if b.number is not None})
        else:
            raise no_deals_error(source)
        return _save(store, record, source, name, results, stored)
    if len(raw) > MAX_HAND_RECORD:
        raise RecordError(
            _("the file is larger than {size} MB").format(size=MAX_HAND_RECORD // 1_000_000),
            source,
        )
    return load_text(store, decode_record(raw), source, name, results_raw, results_source)


def _save(
    store: Store,
    record: HandRecord,
    source: str,
    name: str,
    results: SessionResults | None = None,
    stored: StoredResults | None = None,
) -> SessionInfo:
    boards = {n: json.loads(b.model_dump_json()) for n, b in record.boards.items()}
    notice = storable(record.notice)
    if results is not None:
        notice = " ".join(filter(None, (notice, results_notice(results, set(record.boards)))))
    session_id = store.save_session(
        session_name(name, source), storable(source), boards, notice, results=stored
    )
    info = store.session(session_id)
    if info is None:
        raise RecordError(_("the session just saved could not be read back from the log"))
    return info


def _read_file(path: Path, limit: int) -> bytes:
    try:
        with path.open("rb") as file:
            raw = file.read(limit + 1)
    except OSError as error:
        raise RecordError(
            _("cannot read the file: {reason}").format(reason=error.strerror), where=str(path)
        ) from None
    if len(raw) > limit:
        raise RecordError(
            _("the file is larger than {size} MB").format(size=limit // 1_000_000), path.name
        )
    return raw


def load_file(
    store: Store, path: Path, name: str = "", results_path: Path | None = None
) -> SessionInfo:
    """A session from a hand record, a results file, or a hand record and its results."""
    raw = _read_file(path, MAX_RESULTS_FILE)
    if results_path is None:
        return load_bytes(store, raw, path.name, name)
    results_raw = _read_file(results_path, MAX_RESULTS_FILE)
    return load_bytes(store, raw, path.name, name, results_raw, results_path.name)


def find_session(store: Store, wanted: str | None) -> SessionInfo:
    """A session by id or name (the latest loaded when ``wanted`` is empty)."""
    if not wanted:
        latest = store.latest_session()
        if latest is None:
            raise RecordError(_("no session is loaded: use 'td-assist session load FILE' first"))
        return latest
    sessions = store.sessions(include_removed=True)
    for session in sessions:
        if session.id == wanted:
            return session
    named = [s for s in sessions if s.name.casefold() == wanted.strip().casefold()]
    if named:
        return named[0]
    raise RecordError(
        _("there is no session '{name}' (see 'td-assist session list')").format(name=wanted)
    )


def session_board(store: Store, session_id: str, number: int) -> Board | None:
    data = store.session_board(session_id, number)
    return Board.model_validate(data) if data is not None else None


# The table's facts -------------------------------------------------------------------

_TRICKS = re.compile(r"^(?:[0-9]|1[0-3])$")
_LEVEL_STRAIN = re.compile(r"^[1-7](?:C|D|H|S|NT)$")


class TableFacts(BaseModel):
    """What the TD adds to a hand-record board: contract, declarer, declarer's tricks."""

    model_config = ConfigDict(frozen=True)
    contract: str | None = None  # level and strain, e.g. "4S"; "P" when passed out
    doubling: int = Field(default=0, ge=0, le=2)
    declarer: Seat | None = None
    tricks: int | None = Field(default=None, ge=0, le=13)
    in_progress: bool = False  # the play has not ended: no result yet

    @classmethod
    def from_query(cls, args: Any) -> TableFacts:
        """Read ``c`` (4S, 3NT, P), ``x`` (X, XX), ``d`` (seat), ``t`` (0-13 or ``open``).

        Anything that does not fit is dropped, so an edited address asks again.
        """
        contract = str(args.get("c", "")).strip().upper()[:4]
        if contract != "P" and not _LEVEL_STRAIN.match(contract):
            contract = ""
        doubling = {"X": 1, "XX": 2}.get(str(args.get("x", ""))[:4].strip().upper(), 0)
        declarer = None
        seat = str(args.get("d", "")).strip().upper()[:1]
        if seat and seat in "NESW":
            declarer = Seat(seat)
        tricks_text = str(args.get("t", "")).strip().lower()[:4]
        tricks = int(tricks_text) if _TRICKS.match(tricks_text) else None
        return cls(
            contract=contract or None,
            doubling=0 if contract == "P" else doubling,
            declarer=declarer,
            tricks=tricks,
            in_progress=tricks_text == "open",
        )

    @classmethod
    def from_board(cls, board: Board) -> TableFacts:
        """The facts a board made by ``board_with_facts`` holds (to change one of them)."""
        contract = board.contract_obj
        if contract is None:
            return cls()
        tricks = board.declarer_tricks_played()
        if contract.level == 0:
            return cls(contract="P")
        strain = contract.strain.value if contract.strain is not None else ""
        return cls(
            contract=f"{contract.level}{strain}",
            doubling=contract.doubling,
            declarer=board.declarer_seat,
            tricks=tricks,
            in_progress=tricks is None,
        )

    @property
    def contract_text(self) -> str | None:
        if self.contract is None:
            return None
        return self.contract + "X" * self.doubling if self.contract != "P" else "Pass"

    def query(self) -> dict[str, str]:
        out: dict[str, str] = {}
        if self.contract:
            out["c"] = self.contract
        if self.doubling:
            out["x"] = "X" * self.doubling
        if self.declarer:
            out["d"] = self.declarer.value
        if self.tricks is not None:
            out["t"] = str(self.tricks)
        elif self.in_progress:
            out["t"] = "open"
        return out


def missing_fact(board: Board, facts: TableFacts) -> str | None:
    """The next thing the TD must give: ``contract``, ``declarer``, ``tricks`` or None.

    What the record holds (an auction, a finished play, a claim or result) is not asked.
    """
    recorded = board.contract_obj
    if recorded is None and facts.contract is None:
        return "contract"
    passed_out = recorded.is_passed_out if recorded is not None else facts.contract == "P"
    if passed_out:
        return None
    if board.declarer_seat is None and facts.declarer is None:
        return "declarer"
    if board.declarer_tricks_played() is None and facts.tricks is None and not facts.in_progress:
        return "tricks"
    return None


def board_with_facts(board: Board, facts: TableFacts, event: str = "") -> Board:
    """The hand-record board with the table's contract, declarer and result on it, as a
    PBN with Contract, Declarer and Result tags and no auction would give it."""
    fields = json.loads(board.model_dump_json())
    if board.contract_obj is None and facts.contract_text is not None:
        fields["contract"] = facts.contract_text
        if facts.contract != "P":
            fields["declarer"] = facts.declarer.value if facts.declarer else None
    if board.declarer_tricks_played() is None and facts.tricks is not None:
        fields["result"] = facts.tricks
    if event and not board.event:
        fields["event"] = event
    return Board.checked(**fields)


def facts_board_id(session_id: str, board: Board) -> str:
    """The same board with the same facts gets the same id, so going back and forth
    between the pickers and the wizard never stores a copy."""
    digest = hashlib.sha256(f"{session_id}\n{board.model_dump_json()}".encode()).digest()
    return "s" + digest[:12].hex()
