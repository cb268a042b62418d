"""Calls, contracts and the auction: legality, sufficiency, end, contract, declarer.

>>> auction = Auction.parse(Seat.N, "1S P 2S P 4S P P P")
>>> auction.contract()
Contract(level=4, strain=<Strain.SPADES: 'S'>, doubling=0, declarer=<Seat.N: 'N'>)
>>> str(Auction.parse(Seat.N, "1S 2H").lowest_sufficient_bid(Strain.CLUBS))
'3C'

A recorded auction may hold the insufficient bid the TD was called for (Law 27). It
is read, not rejected, and kept with its seat; see ``InsufficientBid``:

>>> auction = Auction.parse(Seat.N, "1NT 1H 2H P P P")
>>> bid = auction.insufficient_bids[0]
>>> bid.call_index, bid.offender, str(bid.bid), str(bid.lowest_sufficient), bid.accepted
(2, <Seat.E: 'E'>, '1H', '2H', False)
>>> str(bid.replacement), str(auction.contract()), auction.declarer(), bid.alternative
('2H', '2H', <Seat.E: 'E'>, 'accepted')
>>> accepted = Auction.parse(Seat.N, "1NT 1H 2H P P P", accepted={2: True})
>>> [s.value for s in accepted.seats], accepted.declarer()
(['N', 'E', 'S', 'W', 'N', 'E'], <Seat.S: 'S'>)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from td_assist.bridge.cards import Seat, Strain
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _


class CallKind(enum.StrEnum):
    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


# Python 3.11 reaches an enum member through its class in ~0.7 us (a descriptor call
# each time), a module name in ~10 ns: the kinds are read for every call of an auction.
_BID, _PASS, _DOUBLE, _REDOUBLE = CallKind.BID, CallKind.PASS, CallKind.DOUBLE, CallKind.REDOUBLE


@dataclass(frozen=True, slots=True)
class Call:
    """A bid (level 1-7 and strain), a pass, a double or a redouble."""

    kind: CallKind
    level: int = 0
    strain: Strain | None = None

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        if not 1 <= level <= 7:
            raise RecordError(_("a bid must be at level 1 to 7, not {level}").format(level=level))
        return cls(CallKind.BID, level, strain)

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read ``1NT``, ``1N``, ``4s``, ``P``/``Pass``, ``X``/``Dbl``, ``XX``/``Rdbl``.

        >>> [str(Call.parse(t)) for t in ("1n", "pass", "dbl", "XX", "7♠")]
        ['1NT', 'P', 'X', 'XX', '7S']
        """
        return _parse_call(text.strip())

    @property
    def is_bid(self) -> bool:
        return self.kind is _BID

    @property
    def is_pass(self) -> bool:
        return self.kind is _PASS

    @property
    def rank(self) -> int:
        """Position in the ranking of bids: 1C = 0 ... 7NT = 34 (Law 18B)."""
        if self.strain is None:
            raise RecordError(_("a bid without a strain"))
        return (self.level - 1) * 5 + self.strain.order

    def __str__(self) -> str:
        if self.kind is _BID:
            if self.strain is None:
                raise RecordError("only a bid has a rank")
            return f"{self.level}{self.strain.value}"
        return _CALL_TEXT[self.kind]


_CALL_TEXT = {CallKind.PASS: "P", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}
_CALL_ALIASES = {
    "P": CallKind.PASS, "PASS": CallKind.PASS, "PAS": CallKind.PASS, "PASSE": CallKind.PASS,
    "X": CallKind.DOUBLE, "D": CallKind.DOUBLE, "DBL": CallKind.DOUBLE,
    "DOUBLE": CallKind.DOUBLE, "KONTRA": CallKind.DOUBLE,
    "XX": CallKind.REDOUBLE, "R": CallKind.REDOUBLE, "RDBL": CallKind.REDOUBLE,
    "REDOUBLE": CallKind.REDOUBLE, "RE": CallKind.REDOUBLE, "REKONTRA": CallKind.REDOUBLE,
}  # fmt: skip

PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)
# Every call in its one spelling ("P", "X", "1NT"): a recorded auction mostly comes
# written so, and needs no reading (issue 29).
CALL_TEXTS: frozenset[str] = frozenset(
    ["P", "X", "XX", *(f"{level}{strain.value}" for level in range(1, 8) for strain in Strain)]
)


@cache
def _parse_call(text: str) -> Call:
    upper = text.upper()
    if upper in _CALL_ALIASES:
        return Call(_CALL_ALIASES[upper])
    if len(upper) >= 2 and upper[0] in "0123456789":  # ASCII only: int() refuses '²'
        level = int(upper[0])
        try:
            strain = Strain.parse(upper[1:])
        except RecordError:
            raise RecordError(_("unknown call {text}").format(text=shown(text))) from None
        if 1 <= level <= 7:
            return Call.bid(level, strain)
        raise RecordError(
            _("{text} is not a bid: the level must be 1 to 7").format(text=shown(text))
        )
    raise RecordError(_("unknown call {text} (e.g. 1C, 3NT, P, X, XX)").format(text=shown(text)))


def expand_all_pass(calls: list[str]) -> list[str]:
    """Replace ``AP`` (all pass, as PBN and quick entry write it) by the passes it means.

    >>> expand_all_pass(["1S", "P", "2S", "AP"])
    ['1S', 'P', '2S', 'P', 'P', 'P']
    >>> expand_all_pass(["P", "AP"])
    ['P', 'P', 'P', 'P']
    """
    expanded: list[str] = []
    for call in calls:
        if call.strip().upper() != "AP":
            expanded.append(call)
            continue
        if all(c.strip().upper() in {"P", "PASS"} for c in expanded):
            expanded += ["P"] * max(4 - len(expanded), 0)
        else:
            trailing = 0
            for previous in reversed(expanded):
                if previous.strip().upper() not in {"P", "PASS"}:
                    break
                trailing += 1
            expanded += ["P"] * max(3 - trailing, 0)
    return expanded


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract. ``level`` 0 means the board was passed out."""

    level: int
    strain: Strain | None
    doubling: int = 0  # 0 undoubled, 1 doubled, 2 redoubled
    declarer: Seat | None = None

    @classmethod
    def passed_out(cls) -> Contract:
        return cls(0, None, 0, None)

    @classmethod
    def parse(cls, text: str, declarer: Seat | None = None) -> Contract:
        """Read ``4S``, ``4SX``, ``3NTXX``, ``4H*`` (``*`` = doubled), ``Pass``.

        A trailing seat is accepted too: ``4SXS`` is 4 spades doubled by South.

        >>> Contract.parse("4SX", Seat.S).doubling
        1
        """
        raw = text.strip().upper().replace(" ", "")
        if raw in {"P", "PASS", "AP", "PASSEDOUT", "0"}:
            return cls.passed_out()
        if declarer is None and len(raw) >= 3 and raw[-1] in "NESW":
            try:
                return cls._parse_bare(raw[:-1], text).with_declarer(Seat(raw[-1]))
            except RecordError:
                pass  # "3NT" or "1N": the last letter belongs to the strain
        contract = cls._parse_bare(raw, text)
        return contract.with_declarer(declarer) if declarer else contract

    @classmethod
    def _parse_bare(cls, raw: str, original: str) -> Contract:
        doubling = 0
        for suffix, value in (("XX", 2), ("**", 2), ("X", 1), ("*", 1)):
            if raw.endswith(suffix):
                doubling, raw = value, raw[: -len(suffix)]
                break
        try:
            call = Call.parse(raw)
        except RecordError:
            call = PASS
        if not call.is_bid:
            raise RecordError(
                _("unknown contract {text} (e.g. 4S, 3NTX, 6HXX, Pass)").format(
                    text=shown(original)
                )
            )
        return cls(call.level, call.strain, doubling, None)

    @property
    def is_passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    def with_declarer(self, declarer: Seat) -> Contract:
        return Contract(self.level, self.strain, self.doubling, declarer)

    def __str__(self) -> str:
        if self.is_passed_out:
            return "Pass"
        if self.strain is None:
            raise RecordError(_("a contract without a strain"))
        return f"{self.level}{self.strain.value}{'X' * self.doubling}"


INSUFFICIENT_MARK = "^I"
"""PBN 2.1 (3.9) marker before an insufficient bid that was accepted."""
MAX_INSUFFICIENT_BIDS = 6
"""More than this in one auction is a garbled record, not a table incident."""
SKIP_MARK = "^S"
"""PBN 2.1 (3.9) marker in place of the call of a player whose turn was skipped."""


@dataclass(frozen=True, slots=True)
class InsufficientBid:
    """An insufficient bid kept in a recorded auction, with what the wizard needs.

    - ``call_index``: its 1-based position among the recorded calls;
    - ``offender``: who made it; ``bid``: the insufficient bid itself;
    - ``lowest_sufficient``: the cheapest sufficient bid in the same strain at that
      moment (None when that would be above the 7 level; Law 27B1(a));
    - ``accepted``: True when the offender's LHO called over it (Law 27A1), False when
      the offender's next call replaced it, None when the record stops at it;
    - ``replacement`` and ``replacement_index`` (1-based): the offender's legal call in
      its place, when it was not accepted;
    - ``marked``: the record says so explicitly (PBN ``^I``) or the caller forced it;
    - ``alternative``: the other reading the same calls allow (``"accepted"`` or
      ``"replaced"``), or None when only one reading fits.

    >>> bid = Auction.parse(Seat.N, "1S 1H").insufficient_bids[0]
    >>> bid.offender, str(bid.lowest_sufficient), bid.accepted, bid.replacement
    (<Seat.E: 'E'>, '2H', None, None)
    """

    call_index: int
    offender: Seat
    bid: Call
    lowest_sufficient: Call | None
    accepted: bool | None
    replacement: Call | None = None
    replacement_index: int | None = None
    marked: bool = False
    alternative: str | None = None


class _State(NamedTuple):
    """What the calls so far imply for the next call (a tuple: one is made per call read,
    and a frozen dataclass cost ten times as much to make; issue 29)."""

    last_bid: Call | None
    last_bidder: Seat | None
    doubling: int
    complete: bool
    calls: int = 0
    trailing_passes: int = 0


@dataclass(frozen=True, slots=True)
class Auction:
    """A recorded sequence of calls from the dealer onwards.

    Every call is checked: an illegal double, redouble or a call after the end is a
    RecordError naming the call. An insufficient bid is the one irregularity kept (a
    TD is called for it): see ``insufficient_bids``. ``seats`` says who made each
    call; it differs from plain rotation after a replaced insufficient bid (two calls
    in a row by the offender) or a skipped turn (PBN ``^S``).

    Reading an unmarked insufficient bid: when the next call can be the offender's
    replacement, that is the default reading (the usual course at the table: the
    Director is called before LHO calls); otherwise LHO's call accepted it. ``accepted``
    (1-based call index -> bool) forces a reading, e.g. the TD's answer in a wizard.
    """

    dealer: Seat
    calls: tuple[Call, ...] = ()
    seats: tuple[Seat, ...] = ()
    insufficient_bids: tuple[InsufficientBid, ...] = ()
    skipped: tuple[tuple[int, Seat], ...] = ()  # (1-based index of the next call, seat)

    def __post_init__(self) -> None:
        if len(self.seats) != len(self.calls):
            rotation = tuple(self.dealer.offset(i) for i in range(len(self.calls)))
            object.__setattr__(self, "seats", rotation)

    @classmethod
    def parse(
        cls,
        dealer: Seat,
        calls: str | Iterable[str | Call],
        *,
        marks: Mapping[int, Iterable[str]] | None = None,
        accepted: Mapping[int, bool] | None = None,
    ) -> Auction:
        """Read calls in order. ``marks`` maps a 0-based call position to the PBN markers
        written before it (``^I``, ``^S``; position ``len(calls)`` for a trailing skip).
        """
        items = calls.split() if isinstance(calls, str) else list(calls)
        parsed: list[Call] = []
        for position, item in enumerate(items, start=1):
            try:
                parsed.append(item if isinstance(item, Call) else Call.parse(item))
            except RecordError as error:
                raise error.located(_("Auction call {number}").format(number=position)) from None
        marks = {k: tuple(v) for k, v in (marks or {}).items()}
        return _read(dealer, parsed, marks, dict(accepted or {}))

    def with_call(self, call: Call) -> Auction:
        """The auction with one more legal call, or a RecordError saying why it is illegal."""
        problem = self.why_illegal(call)
        if problem:
            raise RecordError(
                problem, where=_("Auction call {number}").format(number=len(self.calls) + 1)
            )
        return Auction(
            self.dealer,
            (*self.calls, call),
            (*self.seats, self.next_seat),
            self.insufficient_bids,
            self.skipped,
        )

    @property
    def next_seat(self) -> Seat:
        """Whose turn it is to call (after a pending insufficient bid: the offender's LHO)."""
        if not self.calls:
            skips = sum(1 for index, _ in self.skipped if index == 1)
            return self.dealer.offset(skips)
        skips = sum(1 for index, _ in self.skipped if index == len(self.calls) + 1)
        last = self.seats[-1]
        pending = self._pending()
        if pending is not None and pending.accepted is False:
            return last  # replaced, but the replacement is not recorded yet
        return last.offset(1 + skips)

    def seat_of(self, index: int) -> Seat:
        """Who made call number ``index`` (0-based)."""
        return self.seats[index]

    def _pending(self) -> InsufficientBid | None:
        if self.insufficient_bids:
            last = self.insufficient_bids[-1]
            if last.call_index == len(self.calls) and last.replacement is None:
                return last
        return None

    @property
    def withdrawn(self) -> frozenset[int]:
        """0-based positions of insufficient bids that were replaced, not accepted."""
        return frozenset(b.call_index - 1 for b in self.insufficient_bids if not b.accepted)

    def effective_calls(self) -> list[tuple[Seat, Call]]:
        """The calls that stand (withdrawn insufficient bids left out), with their seats."""
        gone = self.withdrawn
        return [(s, c) for i, (s, c) in enumerate(zip(self.seats, self.calls)) if i not in gone]

    def _state(self) -> _State:
        return _state_of(self.effective_calls())

    @property
    def is_complete(self) -> bool:
        """Ended: four passes at the start, or three passes after any other call."""
        return self._pending() is None and _complete(self.effective_calls())

    @property
    def is_passed_out(self) -> bool:
        calls = self.effective_calls()
        return len(calls) == 4 and all(c.is_pass for _, c in calls)

    def last_bid(self) -> Call | None:
        return self._state().last_bid

    def why_illegal(self, call: Call) -> str | None:
        """None if ``call`` is legal now, else the reason (naming the law's rule)."""
        if self._pending() is not None:
            return _("{call} cannot follow: the insufficient bid before it is not settled").format(
                call=call
            )
        return _why_illegal(self._state(), self.next_seat, call)

    def is_legal(self, call: Call) -> bool:
        return self.why_illegal(call) is None

    def legal_calls(self) -> list[Call]:
        """Every call the next player may make now, in bidding-box order."""
        if self.is_complete:
            return []
        candidates = [PASS, DOUBLE, REDOUBLE] + [
            Call(CallKind.BID, level, strain) for level in range(1, 8) for strain in Strain
        ]
        return [c for c in candidates if self.is_legal(c)]

    def lowest_sufficient_bid(self, strain: Strain) -> Call | None:
        """The cheapest bid in ``strain`` that would be sufficient now (None above 7).

        The insufficient-bid wizard needs it for Law 27B1(a).
        """
        return _lowest_sufficient(self._state().last_bid, strain)

    def is_sufficient(self, bid: Call) -> bool:
        last = self._state().last_bid
        return bid.is_bid and (last is None or bid.rank > last.rank)

    def insufficient_bid(self, call_index: int) -> InsufficientBid | None:
        """The insufficient bid at 1-based ``call_index``, if there is one."""
        for bid in self.insufficient_bids:
            if bid.call_index == call_index:
                return bid
        return None

    def contract(self) -> Contract | None:
        """The final contract once the auction has ended; None while it goes on."""
        calls = self.effective_calls()  # once: the end, the last bid and declarer read it
        if self._pending() is not None or not _complete(calls):
            return None
        state = _state_of(calls)
        if state.last_bid is None:
            return Contract.passed_out()
        if state.last_bid.strain is None:
            raise RecordError(_("the last bid has no strain"))
        return Contract(
            state.last_bid.level, state.last_bid.strain, state.doubling, _declarer(state, calls)
        )

    def declarer(self) -> Seat | None:
        """The first player of the contracting side to name the final strain.

        Not necessarily the player who made the final bid (Definitions, "Declarer");
        a withdrawn insufficient bid does not count.
        """
        calls = self.effective_calls()
        return _declarer(_state_of(calls), calls)

    def opening_leader(self) -> Seat | None:
        """Declarer's left-hand opponent, once there is a contract."""
        contract = self.contract()
        if contract is None or contract.declarer is None:
            return None
        return contract.declarer.lho

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)


def _state_of(calls: list[tuple[Seat, Call]]) -> _State:
    state = _State(None, None, 0, False)
    for seat, call in calls:
        state = _after(state, seat, call)
    return state


def _after(state: _State, seat: Seat, call: Call) -> _State:
    """The state once ``seat`` has made ``call`` (one step, so reading stays linear)."""
    last_bid, last_bidder, doubling = state.last_bid, state.last_bidder, state.doubling
    if call.is_bid:
        last_bid, last_bidder, doubling = call, seat, 0
    elif call.kind is _DOUBLE:
        doubling = 1
    elif call.kind is _REDOUBLE:
        doubling = 2
    passes = state.trailing_passes + 1 if call.is_pass else 0
    count = state.calls + 1
    return _State(last_bid, last_bidder, doubling, count >= 4 and passes >= 3, count, passes)


def _declarer(state: _State, calls: list[tuple[Seat, Call]]) -> Seat | None:
    """``Auction.declarer`` of the standing ``calls``, ``state`` being where they end."""
    if state.last_bid is None or state.last_bidder is None:
        return None
    side = state.last_bidder.side
    for seat, call in calls:
        if call.is_bid and call.strain is state.last_bid.strain and seat.side is side:
            return seat
    return state.last_bidder


def _complete(calls: list[tuple[Seat, Call]]) -> bool:
    return len(calls) >= 4 and all(c.is_pass for _, c in calls[-3:])


def _lowest_sufficient(last: Call | None, strain: Strain) -> Call | None:
    if last is None:
        return Call(CallKind.BID, 1, strain)
    above = strain.order > (last.strain.order if last.strain else 0)
    level = last.level if above else last.level + 1
    return Call(CallKind.BID, level, strain) if level <= 7 else None


def _why_illegal(state: _State, seat: Seat, call: Call) -> str | None:
    if state.complete:
        return _("{call} comes after the auction has ended").format(call=call)
    if call.kind is _BID:
        if state.last_bid is not None and call.rank <= state.last_bid.rank:
            return _("{call} is insufficient after {last}").format(call=call, last=state.last_bid)
        return None
    if call.kind is _DOUBLE:
        if state.last_bid is None:
            return _("X is not allowed: there is no bid to double")
        if state.last_bidder is None:
            raise RecordError(_("X is not allowed: nobody made the bid to double"))
        if state.last_bidder.side is seat.side:
            return _("X is not allowed: {bid} was bid by the doubler's own side").format(
                bid=state.last_bid
            )
        if state.doubling:
            return _("X is not allowed: {bid} is already doubled").format(bid=state.last_bid)
        return None
    if call.kind is _REDOUBLE:
        if state.doubling != 1:
            return _("XX is not allowed: there is no double to redouble")
        if state.last_bidder is None:
            raise RecordError(_("XX is not allowed: nobody made the bid to redouble"))
        if state.last_bidder.side is not seat.side:
            return _("XX is not allowed: only the side that made the bid may redouble")
        return None
    return None


def _read(
    dealer: Seat,
    calls: list[Call],
    marks: dict[int, tuple[str, ...]],
    forced: dict[int, bool],
) -> Auction:
    """Read the calls once; at each unmarked insufficient bid, try the default reading
    first and the other one if the rest of the auction cannot be read that way."""
    readings = _read_from(dealer, calls, marks, forced, 0, None, [], [], [], [])
    if isinstance(readings, RecordError):
        raise readings
    return readings


def _read_from(
    dealer: Seat,
    calls: list[Call],
    marks: dict[int, tuple[str, ...]],
    forced: dict[int, bool],
    start: int,
    seat: Seat | None,
    seats: list[Seat],
    standing: list[tuple[Seat, Call]],
    insufficient: list[InsufficientBid],
    skipped: list[tuple[int, Seat]],
) -> Auction | RecordError:
    seats, standing, insufficient, skipped = (
        list(seats), list(standing), list(insufficient), list(skipped)
    )  # fmt: skip
    seat = dealer if seat is None else seat
    index = start
    state = _state_of(standing)
    while index < len(calls):
        for code in marks.get(index, ()):
            if code.upper() == SKIP_MARK:
                skipped.append((index + 1, seat))
                seat = seat.lho
        call = calls[index]
        problem = _why_illegal(state, seat, call)
        if problem is None:
            seats.append(seat)
            standing.append((seat, call))
            state = _after(state, seat, call)
            seat, index = seat.lho, index + 1
            continue
        where = _("Auction call {number}").format(number=index + 1)  # only a problem says it
        insufficient_now = call.is_bid and not state.complete
        if not insufficient_now:
            return RecordError(problem, where=where)
        if call.strain is None:
            raise RecordError(_("an insufficient bid without a strain"))
        lowest = _lowest_sufficient(state.last_bid, call.strain)
        number = index + 1
        marked = INSUFFICIENT_MARK in {m.upper() for m in marks.get(index, ())}
        choice = forced.get(number, True if marked else None)
        seats.append(seat)
        if index + 1 == len(calls):  # the record stops at the insufficient bid
            insufficient.append(
                InsufficientBid(number, seat, call, lowest, choice, marked=choice is not None)
            )
            return Auction(dealer, tuple(calls), tuple(seats), tuple(insufficient), tuple(skipped))
        if len(insufficient) >= MAX_INSUFFICIENT_BIDS:
            return RecordError(
                _("more than {count} insufficient bids: check the auction").format(
                    count=MAX_INSUFFICIENT_BIDS
                ),
                where=where,
            )
        options = [choice] if choice is not None else [False, True]
        replacement = calls[index + 1]
        fits = {
            False: _why_illegal(state, seat, replacement) is None,
            True: _why_illegal(_after(state, seat, call), seat.lho, replacement) is None,
        }
        first_error: RecordError | None = None
        for accept in options:
            other = (
                None
                if choice is not None or not fits[not accept]
                else ("replaced" if accept else "accepted")
            )
            if accept:
                bid = InsufficientBid(
                    number, seat, call, lowest, True, marked=choice is not None,
                    alternative=other,
                )  # fmt: skip
                outcome = _read_from(
                    dealer, calls, marks, forced, index + 1, seat.lho, seats,
                    [*standing, (seat, call)], [*insufficient, bid], skipped,
                )  # fmt: skip
            elif not fits[False]:
                again = _why_illegal(state, seat, replacement)
                outcome = RecordError(
                    _(
                        "{call} is insufficient after {last}, and the next call "
                        "cannot replace it: {why}"
                    ).format(call=call, last=state.last_bid, why=again),
                    where=where,
                )
            else:
                bid = InsufficientBid(
                    number, seat, call, lowest, False, replacement, number + 1,
                    marked=choice is not None, alternative=other,
                )  # fmt: skip
                outcome = _read_from(
                    dealer, calls, marks, forced, index + 2, seat.lho, [*seats, seat],
                    [*standing, (seat, replacement)], [*insufficient, bid], skipped,
                )  # fmt: skip
            if isinstance(outcome, Auction):
                return outcome
            first_error = _further(first_error, outcome)
        if first_error is None:
            raise RecordError(_("the auction cannot be read"))
        return first_error
    for code in marks.get(len(calls), ()):
        if code.upper() == SKIP_MARK:
            skipped.append((len(calls) + 1, seat))
            seat = seat.lho
    return Auction(dealer, tuple(calls), tuple(seats), tuple(insufficient), tuple(skipped))


def _further(known: RecordError | None, new: RecordError) -> RecordError:
    """Of two readings that both fail, report the one that read further."""
    if known is None:
        return new

    def reach(error: RecordError) -> int:
        digits = (error.where or "").rpartition(" ")[2]
        return int(digits) if digits.isascii() and digits.isdigit() else 0

    return new if reach(new) > reach(known) else known
