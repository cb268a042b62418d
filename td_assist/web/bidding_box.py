"""The bidding box: the auction entered one tap per call, as it happened at the table.

The page is links only (no script): each key is a link whose address carries the calls
so far, in the ``auction`` answer's form (``P 1S W:1H``, see
``td_assist.rulings.engine.table_auction``), so the back button is an undo too and the server
keeps nothing between taps. An insufficient bid is a key like any other; a call out of
rotation is entered by tapping the seat that called first. The diagram beside it is the
usual four columns, and each call in it can be the answer to "where did it happen?".

Any page that needs the auction (the insufficient-bid and unauthorised-information
wizards today; calls out of rotation, cards exposed in the auction and misinformation
later) builds a ``BiddingBox`` with its own ``link`` and renders ``_bidding_box.html``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from td_assist.bridge.auction import PASS, SKIP_MARK, Call, CallKind
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Strain
from td_assist.bridge.display import call_text
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.table_auction import apply_auction_answer, read_calls

COLUMNS = (Seat.W, Seat.N, Seat.E, Seat.S)
MAX_TAPPED = 60  # calls in one auction entered on the phone
STRAIN_CLASS = {
    Strain.CLUBS: "c",
    Strain.DIAMONDS: "d",
    Strain.HEARTS: "h",
    Strain.SPADES: "s",
    Strain.NOTRUMP: "nt",
}
# Makes a link to the box with these calls and the seat chosen for the next call.
BoxLink = Callable[[list[str], Seat | None], str]


@dataclass
class DiagramCall:
    number: int  # 1-based among the calls made
    text: str  # "1♥", "Pass"
    seat: Seat
    note: str = ""  # "insufficient", "out of rotation"


@dataclass
class BoxKey:
    token: str  # "1S", "W:1H"
    level: str  # "1", or "" for Pass, X, XX
    strain: str  # "♠", "NT", "Pass", "X", "XX"
    css: str
    url: str | None  # None: that call cannot be made now
    insufficient: bool = False


@dataclass
class BiddingBox:
    dealer: Seat
    tokens: list[str]
    rows: list[list[list[DiagramCall]]] = field(default_factory=list)
    seat: Seat | None = None  # who makes the next call (the TD may pick another)
    expected: Seat | None = None  # whose turn it is
    seat_links: list[tuple[Seat, str]] = field(default_factory=list)
    others: list[BoxKey] = field(default_factory=list)  # Pass, X, XX
    bids: list[BoxKey] = field(default_factory=list)
    undo: str | None = None
    complete: bool = False
    contract: str | None = None
    pending_insufficient: Seat | None = None  # an unsettled insufficient bid by this seat
    error: str | None = None

    @property
    def calls(self) -> list[DiagramCall]:
        return [call for row in self.rows for cell in row for call in cell]


def read_tokens(text: str) -> list[str]:
    """The calls of an address, each in its one spelling; [] when empty or unreadable."""
    if not text.strip():
        return []
    try:
        calls = read_calls(text)
    except RecordError:
        return []
    return [f"{seat.value}:{call}" if seat else call for seat, call in calls][:MAX_TAPPED]


def written(board: Board, tokens: list[str]) -> Board:
    """The hand-record board with these calls written in, or a RecordError naming one."""
    if not tokens:
        return board
    result, _changed = apply_auction_answer(board, {"auction": " ".join(tokens)}, takes_turn=False)
    # A board given in comes back as a board; the None case is the caller's own.
    return board if result is None else result


def build(board: Board, tokens: list[str], seat: Seat | None, link: BoxLink) -> BiddingBox:
    """The box for the calls so far; ``seat`` is the seat the TD tapped for the next call."""
    box = BiddingBox(dealer=board.dealer, tokens=tokens)
    try:
        now = written(board, tokens)
    except RecordError as error:
        box.error = str(error)
        box.tokens = []
        now = board
        tokens = []
    auction = now.auction_obj
    box.rows = _rows(now)
    box.undo = link(tokens[:-1], None) if tokens else None
    box.complete = auction.is_complete
    if box.complete:
        contract = auction.contract()
        box.contract = str(contract) if contract else None
        return box
    pending = next(
        (b for b in auction.insufficient_bids if b.call_index == len(tokens) and not b.replacement),
        None,
    )
    box.pending_insufficient = pending.offender if pending is not None else None
    box.expected = auction.next_seat
    box.seat = seat or box.expected
    box.seat_links = [(s, link(tokens, s)) for s in Seat]
    # After an insufficient bid the seat is always written: it says whether the next call
    # accepted it (LHO) or replaced it (the offender).
    prefix = f"{box.seat.value}:" if box.seat is not box.expected or pending else ""
    last_bid = auction.last_bid()
    for call in (PASS, Call(CallKind.DOUBLE), Call(CallKind.REDOUBLE)):
        token = prefix + str(call)
        box.others.append(
            BoxKey(token, "", call_text(str(call)), "other", _if_fits(board, tokens, token, link))
        )
    for level in range(1, 8):
        for strain in Strain:
            call = Call(CallKind.BID, level, strain)
            token = prefix + str(call)
            low = last_bid is not None and call.rank <= last_bid.rank
            box.bids.append(
                BoxKey(
                    token,
                    str(level),
                    strain.symbol,
                    STRAIN_CLASS[strain],
                    _if_fits(board, tokens, token, link),
                    insufficient=low,
                )
            )
    return box


def _if_fits(board: Board, tokens: list[str], token: str, link: BoxLink) -> str | None:
    if len(tokens) >= MAX_TAPPED:
        return None
    try:
        written(board, [*tokens, token])
    except RecordError:
        return None
    return link([*tokens, token], None)


def _rows(board: Board) -> list[list[list[DiagramCall]]]:
    """The calls in rows of W N E S under the seat that made each; a replaced
    insufficient bid shares its cell with the replacement."""
    if not board.auction:
        return []
    auction = board.auction_obj
    withdrawn = auction.withdrawn
    insufficient = {b.call_index - 1 for b in auction.insufficient_bids}
    cells: list[list[DiagramCall]] = []
    last: Seat | None = None
    for index, (seat, text) in enumerate(zip(auction.seats, board.auction)):
        note = ""
        if index in insufficient:
            note = "insufficient"
        elif SKIP_MARK in board.auction_marks.get(index, []):
            note = _("out of rotation")
        call = DiagramCall(index + 1, call_text(text), seat, note)
        if index - 1 in withdrawn and last is seat:
            cells[-1].append(call)
            continue
        if last is None:
            gap = COLUMNS.index(seat)
        else:
            gap = (COLUMNS.index(seat) - COLUMNS.index(last)) % 4 - 1
            gap = 3 if gap < 0 else gap
        cells += [[] for _ in range(gap)]
        cells.append([call])
        last = seat
    padded = cells + [[] for _ in range(-len(cells) % 4)]
    return [padded[i : i + 4] for i in range(0, len(padded), 4)]
