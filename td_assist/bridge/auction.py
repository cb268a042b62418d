"""Calls, contracts and the auction: legality, sufficiency, end, contract, declarer.

>>> auction = Auction.parse(Seat.N, "1S P 2S P 4S P P P")
>>> auction.contract()
Contract(level=4, strain=<Strain.SPADES: 'S'>, doubling=0, declarer=<Seat.N: 'N'>)
>>> str(Auction.parse(Seat.N, "1S 2H").lowest_sufficient_bid(Strain.CLUBS))
'3C'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from td_assist.bridge.cards import Seat, Strain
from td_assist.bridge.errors import RecordError


class CallKind(enum.StrEnum):
    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


@dataclass(frozen=True, slots=True)
class Call:
    """A bid (level 1-7 and strain), a pass, a double or a redouble."""

    kind: CallKind
    level: int = 0
    strain: Strain | None = None

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        if not 1 <= level <= 7:
            raise RecordError(f"a bid must be at level 1 to 7, not {level}")
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
        return self.kind is CallKind.BID

    @property
    def is_pass(self) -> bool:
        return self.kind is CallKind.PASS

    @property
    def rank(self) -> int:
        """Position in the ranking of bids: 1C = 0 ... 7NT = 34 (Law 18B)."""
        assert self.strain is not None
        return (self.level - 1) * 5 + self.strain.order

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            assert self.strain is not None
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


@cache
def _parse_call(text: str) -> Call:
    upper = text.upper()
    if upper in _CALL_ALIASES:
        return Call(_CALL_ALIASES[upper])
    if len(upper) >= 2 and upper[0].isdigit():
        level = int(upper[0])
        try:
            strain = Strain.parse(upper[1:])
        except RecordError:
            raise RecordError(f"unknown call {text!r}") from None
        if 1 <= level <= 7:
            return Call.bid(level, strain)
        raise RecordError(f"{text!r} is not a bid: the level must be 1 to 7")
    raise RecordError(f"unknown call {text!r} (e.g. 1C, 3NT, P, X, XX)")


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
            raise RecordError(f"unknown contract {original!r} (e.g. 4S, 3NTX, 6HXX, Pass)")
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
        assert self.strain is not None
        return f"{self.level}{self.strain.value}{'X' * self.doubling}"


@dataclass(frozen=True, slots=True)
class _State:
    """What the calls so far imply for the next call."""

    last_bid: Call | None
    last_bidder: Seat | None
    doubling: int
    complete: bool


@dataclass(frozen=True, slots=True)
class Auction:
    """A legal sequence of calls from the dealer onwards.

    Building one checks every call, so an ``Auction`` is legal by construction;
    ``Auction.parse`` names the first illegal call and its position.
    """

    dealer: Seat
    calls: tuple[Call, ...] = ()

    @classmethod
    def parse(cls, dealer: Seat, calls: str | Iterable[str | Call]) -> Auction:
        items = calls.split() if isinstance(calls, str) else list(calls)
        auction = cls(dealer)
        for position, item in enumerate(items, start=1):
            try:
                call = item if isinstance(item, Call) else Call.parse(item)
            except RecordError as error:
                raise error.located(f"Auction call {position}") from None
            auction = auction.with_call(call)
        return auction

    def with_call(self, call: Call) -> Auction:
        """The auction with one more call, or a RecordError saying why it is illegal."""
        problem = self.why_illegal(call)
        if problem:
            raise RecordError(problem, where=f"Auction call {len(self.calls) + 1}")
        return Auction(self.dealer, (*self.calls, call))

    @property
    def next_seat(self) -> Seat:
        """Whose turn it is to call."""
        return self.dealer.offset(len(self.calls))

    def seat_of(self, index: int) -> Seat:
        """Who made call number ``index`` (0-based)."""
        return self.dealer.offset(index)

    def _state(self) -> _State:
        last_bid: Call | None = None
        last_bidder: Seat | None = None
        doubling = 0
        for index, call in enumerate(self.calls):
            if call.is_bid:
                last_bid, last_bidder, doubling = call, self.seat_of(index), 0
            elif call.kind is CallKind.DOUBLE:
                doubling = 1
            elif call.kind is CallKind.REDOUBLE:
                doubling = 2
        return _State(last_bid, last_bidder, doubling, self._is_complete())

    def _is_complete(self) -> bool:
        calls = self.calls
        if len(calls) < 4:
            return False
        return all(c.is_pass for c in calls[-3:])

    @property
    def is_complete(self) -> bool:
        """Ended: four passes at the start, or three passes after any other call."""
        return self._is_complete()

    @property
    def is_passed_out(self) -> bool:
        return len(self.calls) == 4 and all(c.is_pass for c in self.calls)

    def last_bid(self) -> Call | None:
        return self._state().last_bid

    def why_illegal(self, call: Call) -> str | None:
        """None if ``call`` is legal now, else the reason (naming the law's rule)."""
        state = self._state()
        if state.complete:
            return f"{call} comes after the auction has ended"
        if call.kind is CallKind.BID:
            if state.last_bid is not None and call.rank <= state.last_bid.rank:
                return f"{call} is insufficient after {state.last_bid}"
            return None
        if call.kind is CallKind.DOUBLE:
            if state.last_bid is None:
                return "X is not allowed: there is no bid to double"
            assert state.last_bidder is not None
            if state.last_bidder.side is self.next_seat.side:
                return f"X is not allowed: {state.last_bid} was bid by the doubler's own side"
            if state.doubling:
                return f"X is not allowed: {state.last_bid} is already doubled"
            return None
        if call.kind is CallKind.REDOUBLE:
            if state.doubling != 1:
                return "XX is not allowed: there is no double to redouble"
            assert state.last_bidder is not None
            if state.last_bidder.side is not self.next_seat.side:
                return "XX is not allowed: only the side that made the bid may redouble"
            return None
        return None

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
        last = self._state().last_bid
        if last is None:
            return Call(CallKind.BID, 1, strain)
        level = (
            last.level
            if strain.order > (last.strain.order if last.strain else 0)
            else (last.level + 1)
        )
        return Call(CallKind.BID, level, strain) if level <= 7 else None

    def is_sufficient(self, bid: Call) -> bool:
        last = self._state().last_bid
        return bid.is_bid and (last is None or bid.rank > last.rank)

    def contract(self) -> Contract | None:
        """The final contract once the auction has ended; None while it goes on."""
        state = self._state()
        if not state.complete:
            return None
        if state.last_bid is None:
            return Contract.passed_out()
        assert state.last_bid.strain is not None
        return Contract(
            state.last_bid.level, state.last_bid.strain, state.doubling, self.declarer()
        )

    def declarer(self) -> Seat | None:
        """The first player of the contracting side to name the final strain.

        Not necessarily the player who made the final bid (Definitions, "Declarer").
        """
        state = self._state()
        if state.last_bid is None or state.last_bidder is None:
            return None
        side = state.last_bidder.side
        for index, call in enumerate(self.calls):
            seat = self.seat_of(index)
            if call.is_bid and call.strain is state.last_bid.strain and seat.side is side:
                return seat
        return state.last_bidder

    def opening_leader(self) -> Seat | None:
        """Declarer's left-hand opponent, once there is a contract."""
        contract = self.contract()
        if contract is None or contract.declarer is None:
            return None
        return contract.declarer.lho

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)
