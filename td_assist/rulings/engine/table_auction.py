"""The auction given as an answer: ``auction="1S P W:1H"`` on a hand-record board.

A club's hand record has the deal but no auction; the Director learns the auction at
the table. Given as the ``auction`` answer (the command line's ``--answer``, a JSON
request's ``answers``, the bidding box on the phone), the calls are written into the
board before the wizard runs, so every wizard rules it exactly as it rules a record
holding that auction.

The calls are given in the order they were made, from the dealer. A call made out of
rotation carries the seat that made it as a prefix (``W:1H``); a prefix naming the
seat whose turn it was is allowed and changes nothing. The record then holds the call
as PBN does (``^S`` for each turn passed over), with one exception: an insufficient
bid out of rotation as the last call, in a wizard that asks ``whose_turn`` (the
insufficient-bid wizard, Law 27A2), is given to the player whose turn it was and the
seat becomes the ``whose_turn`` answer, which is how that wizard reads such a bid from
a record (without a prefix nothing is implied: the wizard asks, or takes the usual case,
as it does for a record). A prefix on the call straight after an insufficient bid says
who made it: the offender (his replacement) or his LHO (who accepted it, Law 27A1).

>>> from td_assist.bridge.board import Board
>>> board = Board(number=1)
>>> written, extra = apply_auction_answer(board, {"auction": "1S W:1H"}, takes_turn=True)
>>> written.auction, extra["whose_turn"]
(['1S', '1H'], 'partner')
"""

from __future__ import annotations

import re

from td_assist.bridge.auction import SKIP_MARK, Auction, Call, InsufficientBid
from td_assist.bridge.board import Board, Irregularity
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _

ANSWER = "auction"
MAX_CALLS = 120  # a real auction has a few dozen calls at most
# Whose turn it was, seen from the player who bid (the insufficient-bid wizard's
# ``whose_turn`` answer), by how many seats the caller sits after the turn holder.
TURN_BY_OFFSET = {0: "own", 1: "rho", 2: "partner", 3: "lho"}
_SPLIT = re.compile(r"[\s,;]+")
_SEAT_PREFIX = re.compile(r"^([NESWnesw])\s*[:=/]\s*(.+)$")


def read_calls(text: str) -> list[tuple[Seat | None, str]]:
    """The calls of the answer, each with the seat given as its prefix (None: in turn)."""
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    if not tokens:
        raise RecordError(
            _("the auction is empty: give the calls, e.g. 1S P 2S"), where="answer auction"
        )
    if len(tokens) > MAX_CALLS:
        raise RecordError(
            _("the auction has {count} calls; at most {most}").format(
                count=len(tokens), most=MAX_CALLS
            ),
            where="answer auction",
        )
    calls: list[tuple[Seat | None, str]] = []
    for number, token in enumerate(tokens, start=1):
        prefixed = _SEAT_PREFIX.match(token)
        seat = Seat.parse(prefixed.group(1)) if prefixed else None
        text_call = prefixed.group(2) if prefixed else token
        try:
            call = Call.parse(text_call)
        except RecordError as error:
            raise RecordError(
                _("call {number} ({call}): {problem}").format(
                    number=number, call=shown(token[:20]), problem=error.problem
                ),
                where="answer auction",
            ) from None
        calls.append((seat, str(call)))
    return calls


def apply_auction_answer(
    board: Board | None, answers: dict[str, str], takes_turn: bool
) -> tuple[Board | None, dict[str, str]]:
    """The board with the answered auction written in, and any answer it implies
    (``whose_turn``, for a wizard that ``takes_turn``). Unchanged without the answer."""
    text = answers.get(ANSWER, "")
    if not text.strip():
        return board, {}
    if board is None:
        raise RecordError(
            _(
                "an auction needs the board it was bid on (its dealer): give the hand record "
                "and the board number"
            ),
            where="answer auction",
        )
    if board.auction:
        raise RecordError(
            _(
                "board {number} already holds an auction ({auction}); "
                "give the auction in the record or as an answer, not both"
            ).format(number=board.number or "", auction=" ".join(board.auction)),
            where="answer auction",
        )
    given = read_calls(text)
    calls: list[str] = []
    marks: list[Irregularity] = []
    accepted: dict[int, bool] = {}
    implied: dict[str, str] = {}
    for number, (seat, call) in enumerate(given, start=1):
        so_far = _read(board, calls, marks, accepted, given)
        pending = _pending_insufficient(so_far, number - 1)
        last = number == len(given)
        if (
            pending is not None
            and seat is not None
            and seat in (pending.offender, pending.offender.lho)
        ):
            # Who called next settles the insufficient bid: the offender replaced it, his
            # LHO accepted it.
            accepted[pending.call_index] = seat is pending.offender.lho
            calls.append(call)
            continue
        turn_holder = so_far.next_seat
        steps = (seat.index - turn_holder.index) % 4 if seat is not None else 0
        if last and takes_turn and seat is not None and _insufficient(so_far, call):
            implied["whose_turn"] = TURN_BY_OFFSET[steps]
            steps = 0
        marks += [Irregularity(section="auction", index=number - 1, code=SKIP_MARK)] * steps
        calls.append(call)
    fields = board.model_dump() | {
        "auction": calls,
        "irregularities": [*board.irregularities, *marks],
        "accepted_insufficient": {**board.accepted_insufficient, **accepted},
    }
    try:
        written = Board.checked(**fields)
    except RecordError as error:
        raise _named(error, given) from None
    said = answers.get("whose_turn", "").strip().lower()
    if "whose_turn" in implied and said and said != implied["whose_turn"]:
        raise RecordError(
            f"whose_turn={said} does not fit the auction, which shows the last call made "
            f"{_turn_words(implied['whose_turn'])}",
            where="answer auction",
        )
    return written, implied


def _read(
    board: Board,
    calls: list[str],
    marks: list[Irregularity],
    accepted: dict[int, bool],
    given: list[tuple[Seat | None, str]],
) -> Auction:
    """The calls so far, read as the board will read them."""
    at: dict[int, list[str]] = {}
    for mark in marks:
        at.setdefault(mark.index, []).append(mark.code)
    try:
        return Auction.parse(board.dealer, calls, marks=at, accepted=accepted)
    except RecordError as error:
        raise _named(error, given) from None


def _pending_insufficient(auction: Auction, count: int) -> InsufficientBid | None:
    """The insufficient bid that is the last call so far, when nothing has settled it."""
    for bid in auction.insufficient_bids:
        if bid.call_index == count and bid.replacement is None:
            return bid
    return None


def _insufficient(auction: Auction, call: str) -> bool:
    made = Call.parse(call)
    return made.is_bid and not auction.is_complete and not auction.is_sufficient(made)


def _turn_words(turn: str) -> str:
    return {
        "own": "in turn",
        "rho": "at the bidder's RHO's turn",
        "partner": "at the bidder's partner's turn",
        "lho": "at the bidder's LHO's turn",
    }[turn]


def _named(error: RecordError, given: list[tuple[Seat | None, str]]) -> RecordError:
    """The board's error, said of the answer's call it is about ("call 3 (X)")."""
    where = error.where or ""
    digits = where.rpartition(" ")[2]
    if (
        digits.isascii()
        and digits.isdigit()
        and 0 < int(digits) <= len(given)
        # the place is said in the reader's language ("Auction call 3", "Reizung, Ansage 3")
        and where == _("Auction call {number}").format(number=int(digits))
    ):
        seat, call = given[int(digits) - 1]
        token = f"{seat.value}:{call}" if seat else call
        return RecordError(
            _("call {number} ({call}): {problem}").format(
                number=digits, call=token, problem=error.problem
            ),
            where="answer auction",
        )
    return RecordError(error.problem, where=f"answer auction ({where or 'board'})")
