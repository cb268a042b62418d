"""Functions that answer tree questions from the board record.

Each takes the walk's ``Context`` and returns a ``FactResult``: the choice value it
established and the evidence in words ("Established: West played to trick 7"), or
``value=None`` when the record cannot tell, so that the TD is asked instead. Each
wizard keeps its own ``FactTable``; its tree names the facts (``fact = "..."``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from td_assist.bridge.board import Board
from td_assist.rulings.engine.model import IrregularityReport

_T = TypeVar("_T")


@dataclass
class Context:
    board: Board | None
    report: IrregularityReport | None
    answers: dict[str, str]
    focus: Any = None  # what one walk is about, e.g. the Revoke being ruled on
    # The answers taken so far in this walk (node -> choice value or number), so that
    # a fact can build on an earlier answer: the offender's seat gives his role.
    walked: dict[str, str | int | None] = field(default_factory=dict)
    # What one ruling worked out from the record alone (a revoke's evidence, who won
    # each trick), shared by its walks: several facts and the transfer ask the same
    # (issue 29). A wizard passes one dict to each Context of a ruling, never further.
    known: dict[Hashable, Any] = field(default_factory=dict)

    def once(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """``make()``, worked out once per ``key`` in this ruling's ``known``."""
        return once(self.known, key, make)


def once(known: dict[Hashable, Any], key: Hashable, make: Callable[[], _T]) -> _T:
    """``known[key]``, made by ``make()`` the first time it is asked."""
    if key in known:
        return known[key]  # type: ignore[no-any-return]
    made = known[key] = make()
    return made


@dataclass(frozen=True)
class FactResult:
    value: str | None
    evidence: list[str]
    # The only choices the Laws leave open here, when the record narrows them (declarer
    # may forbid only a suit with a penalty card in it); empty: every choice is open.
    offer: tuple[str, ...] = ()
    # The value follows from what the walk rules on (the revoke the record shows, its
    # trick): a TD answer that differs cannot change the ruling, so it is refused
    # rather than shown as an override the ruling then ignores.
    settled: bool = False
    # The record shows something that does not fit the node's ``default`` (a note of an
    # alert where the usual case is a hesitation): a batch ruling must then ask, not
    # assume the usual case against the record.
    default_ruled_out: bool = False

    @classmethod
    def unknown(cls, why: str, offer: tuple[str, ...] = ()) -> FactResult:
        return cls(None, [why], offer)


Fact = Callable[[Context], FactResult]


class FactTable(dict[str, Fact]):
    """One wizard's facts by name. ``@FACTS.register("name")`` adds a function."""

    def register(self, name: str) -> Callable[[Fact], Fact]:
        def add(function: Fact) -> Fact:
            if name in self:
                raise ValueError(f"fact '{name}' is defined twice")
            self[name] = function
            return function

        return add
