"""The results a TD types for a Law 12C adjusted score, read into values.

``parse_results`` reads the probable results with their weights (``"4S S 10 0.6; 3SX S
9 0.4"``), ``parse_traveller`` the other NS scores of a pairs board, ``parse_comparison``
the other table's score of a team match; ``units_from_answers`` takes whichever the TD
gave. A bad entry gets a RecordError naming it. The scores themselves are computed in
``adjusted_scores``. ``AdjustRequest`` and ``adjust_from_request`` read a whole Law 12C
request as typed, the same for ``td-assist adjust``, the desk page and ``/api/adjust``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.deal import Vulnerability, board_vulnerability
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.rulings.procedures.adjusted_scores import (
    MAX_RESULTS,
    MAX_TRAVELLER,
    WEIGHT_TOLERANCE,
    AdjustedScore,
    PossibleResult,
    SelfInflictedMethod,
    adjusted_score,
    check_weights,
    possible_score,
)

_PART_SPLIT = re.compile(r"[;\n]+")
_GLUED_RESULT = re.compile(r"^(.+?)(=|[+-]\d{1,2})$")
_NOISE = {"by", "@", "x", "*"}  # "4S by S 10 x 0.6"


def parse_results(text: str, *, weights_required: bool = True) -> list[PossibleResult]:
    """Read ``"4S S 10 0.6; 3SX S 9 0.4"``: contract, declarer, tricks, weight per part.

    Parts are separated by ``;`` or new lines. Tricks may be a number (0-13) or
    relative to the contract (``=``, ``+1``, ``-2``), also glued to it (``4S-1 S``).
    A weight is a fraction (``0.6``, ``0,6``) or a percentage (``60%``); the weights
    must add up to 1 (100%). One result alone needs no weight. ``Pass`` is a passed-out
    board.

    >>> [str(r) for r in parse_results("4S S 10 0.6; 3SX S 9 40%")]
    ['4S S 10', '3SX S 9']
    """
    parts = [p.strip() for p in _PART_SPLIT.split(text or "") if p.strip()]
    if not parts:
        raise RecordError(_("no results given (e.g. 4S S 10 0.6; 3S S 9 0.4)"))
    if len(parts) > MAX_RESULTS:
        raise RecordError(
            _("too many results ({count}); at most {MAX_RESULTS}").format(
                count=len(parts), MAX_RESULTS=MAX_RESULTS
            )
        )
    found: list[tuple[PossibleResult, bool]] = []
    for number, part in enumerate(parts, start=1):
        where = f"result {number} ({part[:60]!r})"
        try:
            found.append(_parse_part(part))
        except RecordError as error:
            raise error.located(where) from None
    results = [r for r, _ in found]
    given = [has_weight for _, has_weight in found]
    if len(results) == 1 and not given[0]:
        return [PossibleResult(results[0].contract, results[0].declarer, results[0].tricks, 1.0)]
    if weights_required and not all(given):
        missing = ", ".join(str(i) for i, g in enumerate(given, start=1) if not g)
        raise RecordError(
            _(
                "result {missing} has no weight: with several results give "
                "each a weight (e.g. 4S S 10 0.6; 3S S 9 0.4)"
            ).format(missing=missing)
        )
    check_weights(results)
    return results


def _parse_part(part: str) -> tuple[PossibleResult, bool]:
    tokens = [t for t in part.replace("\t", " ").split(" ") if t and t.lower() not in _NOISE]
    if not tokens:
        raise RecordError("empty result")
    weight, has_weight = 1.0, False
    contract_text = tokens[0]
    relative: str | None = None
    glued = _GLUED_RESULT.match(contract_text)
    if glued and glued.group(1)[:1].isdigit():
        contract_text, relative = glued.group(1), glued.group(2)
    contract = _parse_contract(contract_text)
    rest = tokens[1:]
    if contract.is_passed_out:
        if len(rest) > 1:
            raise RecordError(_("a passed-out board takes only a weight (e.g. Pass 0.2)"))
        if rest:
            weight, has_weight = _parse_weight(rest[0]), True
        return PossibleResult(contract, None, None, weight), has_weight
    if contract.declarer is not None:
        declarer = contract.declarer
    else:
        if not rest:
            raise RecordError(
                _("no declarer after {contract} (e.g. 4S S 10)").format(contract=contract)
            )
        declarer = Seat.parse(rest[0])
        rest = rest[1:]
    if relative is None:
        if not rest:
            raise RecordError(
                _("no tricks after {contract} {declarer} (e.g. 10, or = or -1)").format(
                    contract=contract, declarer=declarer
                )
            )
        relative, rest = rest[0], rest[1:]
    tricks = _parse_tricks(relative, contract)
    if len(rest) > 1:
        raise RecordError(
            _("unexpected {list} after the weight").format(list=shown(" ".join(rest[1:])))
        )
    if rest:
        weight, has_weight = _parse_weight(rest[0]), True
    return PossibleResult(Contract(contract.level, contract.strain, contract.doubling, declarer),
                          declarer, tricks, weight), has_weight  # fmt: skip


def _parse_contract(text: str) -> Contract:
    try:
        return Contract.parse(text)
    except ValueError:  # RecordError, or a stray character the call reader trips on
        raise RecordError(
            _("unknown contract {text} (e.g. 4S, 3NTX, 6HXX, Pass)").format(text=shown(text))
        ) from None


def _parse_tricks(text: str, contract: Contract) -> int:
    if text == "=":
        tricks = contract.tricks_needed
    elif text[:1] in "+-" and text[1:].isascii() and text[1:].isdigit():
        tricks = contract.tricks_needed + int(text)
    elif text.isascii() and text.isdigit():
        tricks = int(text)
    else:
        raise RecordError(
            _("tricks {text} is not a number (0-13) or =, +1, -2").format(text=shown(text))
        )
    if not 0 <= tricks <= 13:
        raise RecordError(
            _("{contract} {text} means {tricks} tricks, which is impossible (0-13)").format(
                contract=contract, text=text, tricks=tricks
            )
        )
    return tricks


def _parse_weight(text: str) -> float:
    raw = text.strip().replace(",", ".")
    percent = raw.endswith("%")
    try:
        value = float(raw.rstrip("%"))
    except ValueError:
        raise RecordError(
            _("weight {text} is not a number (e.g. 0.6 or 60%)").format(text=shown(text))
        ) from None
    if not math.isfinite(value) or value < 0:
        raise RecordError(_("weight {text} must be a positive number").format(text=shown(text)))
    if percent:
        value /= 100
    if value > 1 + WEIGHT_TOLERANCE:
        raise RecordError(
            _("weight {text} is more than 1 (write 0.6 or 60%)").format(text=shown(text))
        )
    return value


def parse_traveller(text: str) -> list[int]:
    """The other NS scores on the traveller: ``"420, 450, -50"`` (commas, spaces or ;)."""
    entries = [e for e in re.split(r"[,;\s]+", (text or "").strip()) if e]
    if not entries:
        raise RecordError(_("the traveller is empty: give the other NS scores, e.g. 420, 450, -50"))
    if len(entries) > MAX_TRAVELLER:
        raise RecordError(
            _("the traveller has {count} scores; at most {MAX_TRAVELLER}").format(
                count=len(entries), MAX_TRAVELLER=MAX_TRAVELLER
            )
        )
    scores = []
    for number, entry in enumerate(entries, start=1):
        try:
            points = int(entry.removeprefix("+"))
        except ValueError:
            raise RecordError(
                _("{entry} is not a score (NS points such as 420 or -50)").format(
                    entry=shown(entry)
                ),
                where=f"traveller entry {number}",
            ) from None
        try:
            scores.append(possible_score(points, "score"))
        except RecordError as error:
            raise error.located(f"traveller entry {number}") from None
    return scores


def parse_comparison(text: str | int) -> int:
    """The NS score at the other table of a team match."""
    if isinstance(text, int):
        return text
    raw = str(text).strip().removeprefix("+")
    try:
        points = int(raw)
    except ValueError:
        raise RecordError(
            _(
                "comparison {text} is not a score (the NS points at the other table, e.g. -140)"
            ).format(text=shown(str(text)))
        ) from None
    return possible_score(points, "comparison")


TRAVELLER_LEFT_OUT = "skip"
"""The ``traveller`` answer that leaves it out: the scorer matchpoints the weighted score."""


def traveller_left_out(answers: dict[str, str]) -> bool:
    return answers.get("traveller", "").strip().lower() == TRAVELLER_LEFT_OUT


def units_from_answers(answers: dict[str, str]) -> tuple[int | None, list[int]]:
    """The other table's score (teams) or the traveller (pairs), when the TD gave one."""
    if answers.get("comparison", "").strip():
        try:
            return parse_comparison(answers["comparison"]), []
        except RecordError as error:
            raise error.located("answer comparison") from None
    if answers.get("traveller", "").strip() and not traveller_left_out(answers):
        try:
            return None, parse_traveller(answers["traveller"])
        except RecordError as error:
            raise error.located("answer traveller") from None
    return None, []


FIELD_LIMIT = 4000  # characters of one typed list of results or traveller scores


class AdjustRequest(BaseModel):
    """A Law 12C adjusted score asked for in words: every field is the text as typed,
    empty when not given (the ``adjust`` command's options, the desk page's form and
    ``POST /api/adjust``'s body)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    results: str = Field(default="", max_length=FIELD_LIMIT)
    vul: str = Field(default="", max_length=20)
    board: str = Field(default="", max_length=6)
    comparison: str = Field(default="", max_length=20)
    traveller: str = Field(default="", max_length=FIELD_LIMIT)
    table_result: str = Field(default="", max_length=200)
    without_error: str = Field(default="", max_length=FIELD_LIMIT)
    non_offenders: str = Field(default="", max_length=4)
    method: str = Field(default="", max_length=40)
    deal: str = Field(default="", max_length=100)


def adjust_from_request(
    request: AdjustRequest, default_method: Callable[[], SelfInflictedMethod]
) -> AdjustedScore:
    """The adjusted score ``request`` asks for; a field that does not read, or two that
    do not go together, is a RecordError naming it. ``default_method`` is the Law
    12C1(e) method when the request names none (the club's setting), read only then."""
    if request.board:
        if not (request.board.isascii() and request.board.isdigit()):
            raise RecordError(
                _("board {board!r} is not a board number").format(board=request.board)
            )
        vulnerability = board_vulnerability(int(request.board))
    else:
        vulnerability = Vulnerability.parse(request.vul or "None")
    if request.comparison and request.traveller:
        raise RecordError(
            _("give the other table's score (teams) or a traveller (pairs), not both")
        )
    split = (request.table_result, request.without_error, request.non_offenders)
    if any(split) and not all(split):
        raise RecordError(
            _(
                "Law 12C1(e) needs all three: the table result, the result without the "
                "error and the non-offending side"
            )
        )
    method = SelfInflictedMethod.parse(request.method) if request.method else default_method()
    return adjusted_score(
        parse_results(request.results),
        vulnerability,
        comparison=parse_comparison(request.comparison) if request.comparison else None,
        traveller=parse_traveller(request.traveller) if request.traveller else (),
        table_result=parse_results(request.table_result) if request.table_result else None,
        without_error=parse_results(request.without_error) if request.without_error else None,
        non_offenders=_side(request.non_offenders) if request.non_offenders else None,
        method=method,
        deal=request.deal or None,
    )


def _side(text: str) -> Side:
    key = text.strip().upper().replace("-", "").replace("/", "")
    if key not in {"NS", "EW"}:
        raise RecordError(
            _("unknown side {non_offenders!r} (use NS or EW)").format(non_offenders=text)
        )
    return Side(key)
