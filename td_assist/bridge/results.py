"""A session's results as the scorer keeps them: per board, each table's result.

Readers for USEBIO XML, PBN score tables and Bridgemate ``.bws`` databases (in
``td_assist.bridge.formats``) all give a ``SessionResults``. What a file says the
scorer decided is kept as written: an artificial score (``A6040``, Ruter's ``A+``, a
Bridgemate remark ``60%-40%``) stays in ``artificial`` with the percentages it names,
and the match points or IMPs on a line are the file's own, never recomputed.

>>> line = TableResult(ns_pair="1NS", ew_pair="1EW", artificial="A6040",
...                    ns_percent=60, ew_percent=40)
>>> line.is_artificial, line.score_ns
(True, None)
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.cards import Seat
from td_assist.i18n import _

MAX_RESULTS_FILE = 20_000_000


class TableResult(BaseModel):
    """One table's result on a board (one traveller line), N-S's view for the score."""

    model_config = ConfigDict(frozen=True)
    ns_pair: str = Field(max_length=20)
    ew_pair: str = Field(max_length=20)
    table: str = Field(default="", max_length=20)
    # The section, in a file with several (ACBLscore, Bridgemate): each is its own traveller.
    section: str = Field(default="", max_length=20)
    line: int | None = None  # where the result is in the file (line, or row id)
    contract: str = ""  # "4HX", "3NT", "PASS"; empty when not played or artificial
    declarer: Seat | None = None
    tricks: int | None = Field(default=None, ge=0, le=13)
    lead: str = ""
    score_ns: int | None = None
    # An artificial or adjusted score exactly as the file writes it, and the
    # percentages it names (N-S, E-W) where it names them.
    artificial: str = ""
    ns_percent: int | None = None
    ew_percent: int | None = None
    # The line's match points, IMPs or percentages as the file gives them.
    points_ns: float | None = None
    points_ew: float | None = None

    @property
    def is_artificial(self) -> bool:
        return bool(self.artificial)

    def describe(self) -> str:
        """The result as a TD reads it: ``4S by S, 9 tricks, -50`` or ``A6040``."""
        if self.artificial:
            return _("artificial {score}").format(score=self.artificial)
        if self.contract.upper() == "PASS":
            return _("passed out")
        named = {"contract": self.contract, "tricks": self.tricks, "score": self.score_ns}
        if self.declarer is not None and self.tricks is not None:
            named["declarer"] = self.declarer.value
            if self.score_ns is not None:
                return _("{contract} by {declarer}, {tricks} tricks, NS {score:+d}").format(**named)
            return _("{contract} by {declarer}, {tricks} tricks").format(**named)
        if self.score_ns is not None:
            if self.contract:
                return _("{contract}, NS {score:+d}").format(**named)
            return _("NS {score:+d}").format(**named)
        return self.contract or _("no result")


class BoardResults(BaseModel):
    """A board's traveller: every table's result, in file order."""

    model_config = ConfigDict(frozen=True)
    number: int = Field(ge=1)
    lines: list[TableResult]
    datum: float | None = None  # a Butler board's datum, as written


class SessionResults(BaseModel):
    """A session's results file, read."""

    model_config = ConfigDict(frozen=True)
    source: str
    format: str  # "usebio", "pbn", "bws"
    event_type: str = ""  # USEBIO EVENT_TYPE or the PBN ScoringType, as written
    scoring: str = ""  # "MP", "IMP" or "" when the file does not say
    boards: dict[int, BoardResults]
    notice: str = ""

    def traveller(self, number: int) -> list[TableResult]:
        board = self.boards.get(number)
        return list(board.lines) if board else []

    def find(self, number: int, ns_pair: str = "", table: str = "") -> TableResult | None:
        """The result at a table (by table number or N-S pair) on a board."""
        for line in self.traveller(number):
            if ns_pair and same_pair(line.ns_pair, ns_pair):
                return line
            if table and line.table == table.strip():
                return line
        return None


def same_pair(written: str, wanted: str) -> bool:
    """``1NS`` in a Mitchell file is pair 1 N-S: the TD may type ``1`` or ``1NS``."""
    a, b = written.strip().upper(), wanted.strip().upper()
    return a == b or a.removesuffix("NS").removesuffix("EW") == b


def neuberg(points: float, results_compared: int, results_on_board: int) -> float:
    """Match points on a board with ``results_on_board`` results, scaled from a score
    earned against only ``results_compared`` of them (two per win, one per tie).

    The Neuberg formula the EBU and WBF use: ``(MP + 1) * N / n - 1``, where ``N`` is
    the number of results a normal score is compared with plus one.

    >>> round(neuberg(36, 19, 21), 1)
    39.9
    """
    if results_compared < 1:
        raise ValueError("no result to compare with")
    return (points + 1) * results_on_board / results_compared - 1
