"""Functions that answer tree questions from the board record.

Each takes the walk's ``Context`` and returns a ``FactResult``: the choice value it
established and the evidence in words ("Established: West played to trick 7"), or
``value=None`` when the record cannot tell, so that the TD is asked instead. Each
wizard keeps its own ``FactTable``; its tree names the facts (``fact = "..."``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from td_assist.bridge.board import Board
from td_assist.rulings.model import IrregularityReport


@dataclass
class Context:
    board: Board | None
    report: IrregularityReport | None
    answers: dict[str, str]
    focus: Any = None  # what one walk is about, e.g. the Revoke being ruled on
    values: dict[str, Any] = field(default_factory=dict)  # filled in for the ruling text


@dataclass(frozen=True)
class FactResult:
    value: str | None
    evidence: list[str]

    @classmethod
    def unknown(cls, why: str) -> FactResult:
        return cls(None, [why])


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
