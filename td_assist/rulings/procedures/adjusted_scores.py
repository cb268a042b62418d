"""Law 12C adjusted scores: weighted results, IMPs, matchpoints, and each side's score.

An assigned adjusted score (Law 12C1(b)-(c)) is a list of results the TD judges could
have happened legally, each with a weight. Each result gets its Law 77 score; the
weighted total in NS points follows, and then the score in the event's own unit:

- teams: each result is IMPed against the other table's NS score, and the IMPs are
  weighted (never the IMPs of the weighted points: 0.5 x 620 + 0.5 x -100 is +260,
  which is 6 IMPs against 0, while the weighted IMPs are 0.5 x 12 + 0.5 x -3 = 4.5);
- pairs: each result is matchpointed on the traveller (2 per score beaten, 1 per tie),
  and the matchpoints are weighted, then shown as a percentage of the top.

Law 12C1(e): when the non-offenders added to their own damage by an extremely serious
error unrelated to the infraction (or a gamble), the offenders still get the adjusted
score, but the non-offenders get no redress for the part of the damage they caused.
The scores then need not balance. With the table result A, the adjusted score B and
the result C they would have had with the infraction but without their error, all from
the non-offenders' view and in the event's unit:

- ``self_inflicted_part`` (the default, the method of the EBU White Book): they get
  A + (B - C) when A < C < B, i.e. the adjusted score less the self-inflicted part C - A;
  B when C <= A (none of the damage was their own); A when C >= B (all of it was).
  In one formula: A + max(0, B - max(A, C)).
- ``table_result``: they keep their table result A whenever the error is found.

Which method applies is the regulating authority's choice (``settings.toml``, see
td_assist/settings.py).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.auction import Contract
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.deal import Deal, Vulnerability
from td_assist.bridge.double_dummy import dd_tricks
from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.scoring import (
    ArtificialScore,
    WeightedResult,
    imps,
    matchpoint_top,
    matchpoints,
    score_ns,
    weighted_imps,
    weighted_matchpoints,
    weighted_total_points,
)
from td_assist.i18n import _
from td_assist.rulings.engine.model import Adjustment
from td_assist.rulings.procedures.tricks_and_scores import declarer_tricks_as_played, side_name

MAX_RESULTS = 12
MAX_TRAVELLER = 200
WEIGHT_TOLERANCE = 1e-6


class SelfInflictedMethod(enum.StrEnum):
    """How Law 12C1(e) is applied: the regulating authority's choice."""

    SELF_INFLICTED_PART = "self_inflicted_part"
    TABLE_RESULT = "table_result"

    @property
    def label(self) -> str:
        if self is SelfInflictedMethod.TABLE_RESULT:
            return _("the non-offenders keep their table result")
        return _("the non-offenders get the adjusted score less the part of the damage they caused")

    @classmethod
    def parse(cls, text: str) -> SelfInflictedMethod:
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        for method in cls:
            if key == method.value:
                return method
        raise RecordError(
            _("unknown Law 12C1(e) method {text} (use {list})").format(
                text=shown(text), list=" or ".join(m.value for m in cls)
            )
        )


@dataclass(frozen=True, slots=True)
class PossibleResult:
    """One result the TD considers: a contract by a declarer taking some tricks."""

    contract: Contract
    declarer: Seat | None  # None for a passed-out board
    tricks: int | None
    weight: float

    def score_ns(self, vulnerability: Vulnerability) -> int:
        if self.contract.is_passed_out:
            return 0
        if self.declarer is None or self.tricks is None:
            raise RecordError(_("a result needs its declarer and tricks"))
        return score_ns(self.contract, self.tricks, vulnerability, self.declarer)

    def __str__(self) -> str:
        if self.contract.is_passed_out:
            return "Pass"
        return f"{self.contract} {self.declarer} {self.tricks}"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WeightedLine(_Model):
    """One result of an assigned adjusted score (Law 12C1(c)) and its Law 77 score."""

    contract: str
    declarer: Seat | None
    tricks: int | None
    weight: float
    score_ns: int
    imps_ns: int | None = None  # against the other table's score
    mp_ns: float | None = None  # matchpoints on the traveller
    mp_percent_ns: float | None = None
    # Declarer's tricks double-dummy (all hands seen), with the analysis extra and a deal.
    dd_tricks: int | None = None


class SideScore(_Model):
    """One side's adjusted score, from its own view, in each unit the TD gave."""

    score: int | float
    imps: int | float | None = None
    mp_percent: int | float | None = None


class SelfInflicted(_Model):
    """Law 12C1(e): the figures behind scores that need not balance."""

    non_offenders: str  # "NS" | "EW"
    method: str
    table: SideScore  # A: the non-offenders' table result, their view
    adjusted: SideScore  # B: the adjusted score, the non-offenders' view
    without_error: SideScore  # C: with the infraction but without their error
    self_inflicted: SideScore  # the part of the damage they caused themselves

    @property
    def balances(self) -> bool:
        """None of the damage was self-inflicted: both sides get the adjusted score."""
        part = self.self_inflicted
        return all(not value for value in (part.score, part.imps, part.mp_percent))

    @property
    def no_damage(self) -> bool:
        """The adjusted score is no better for the non-offenders than their table result,
        in the event's unit (IMPs, else matchpoints, else points): nothing to redress."""

        return event_unit(self.adjusted) <= event_unit(self.table)


def event_unit(score: SideScore) -> float:
    """A side's score in the event's own unit: IMPs, else matchpoints, else points.

    Damage is judged in the unit the board is scored in: a weighted score can be worth
    fewer points yet more IMPs than the result it replaces.
    """
    for value in (score.imps, score.mp_percent):
        if value is not None:
            return value
    return score.score


class ScoreAdjustment(Adjustment):
    """A ruling's adjustment when it assigns a Law 12C score (CONTRACTS.md names)."""

    score_ns_final: int | float | None = None
    adjusted: bool = False
    weighted: list[WeightedLine] = Field(default_factory=list)
    imps_ns: int | float | None = None
    mp_percent_ns: int | float | None = None
    by_side: dict[str, SideScore] | None = None
    self_inflicted: SelfInflicted | None = None
    comparison: int | None = None
    traveller: list[int] = Field(default_factory=list)
    top: float | None = None

    def take(self, answer: AdjustedScore) -> ScoreAdjustment:
        """Copy the component's figures into this ruling's adjustment."""
        self.adjusted = answer.adjusted
        self.weighted = answer.weighted
        self.score_ns_final = answer.score_ns_final if answer.weighted else None
        self.imps_ns = answer.imps_ns
        self.mp_percent_ns = answer.mp_percent_ns
        self.by_side = answer.by_side
        self.self_inflicted = answer.self_inflicted
        self.comparison = answer.comparison
        self.traveller = answer.traveller
        self.top = answer.top
        self.laws = list(dict.fromkeys([*self.laws, *answer.laws]))
        return self

    def table_stands(
        self,
        table: PossibleResult | None,
        vulnerability: Vulnerability | None,
        comparison: int | None = None,
        traveller: Sequence[int] = (),
    ) -> ScoreAdjustment:
        """No adjustment: each side keeps the table result, in the event's units."""
        self.adjusted = False
        self.score_ns_final = self.score_ns_played
        if table is None or vulnerability is None:
            return self
        kept = adjusted_score(
            [table], vulnerability, comparison=comparison, traveller=list(traveller)
        )
        self.by_side = kept.by_side
        self.imps_ns = kept.imps_ns
        self.mp_percent_ns = kept.mp_percent_ns
        self.comparison = comparison
        self.traveller = list(traveller)
        self.top = kept.top
        return self


class AdjustedScore(BaseModel):
    """The component's answer; the field names are those of CONTRACTS.md."""

    adjusted: bool = True
    vulnerability: Vulnerability
    weighted: list[WeightedLine]
    score_ns_final: int | float
    imps_ns: int | float | None = None
    mp_percent_ns: int | float | None = None
    comparison: int | None = None
    traveller: list[int] = Field(default_factory=list)
    top: float | None = None
    by_side: dict[str, SideScore]
    self_inflicted: SelfInflicted | None = None
    laws: list[str] = Field(default_factory=list)
    note: str = ""
    # Law 12C2(c): the sentences saying which side got its own session percentage.
    own_session: list[str] = Field(default_factory=list)


def check_weights(results: Sequence[PossibleResult]) -> None:
    """Law 12C1(c): the shares of a weighted score are the whole, so they add up to 1."""
    total = sum(r.weight for r in results)
    if abs(total - 1) > WEIGHT_TOLERANCE:
        shown = ", ".join(f"{r.weight:g}" for r in results)
        raise RecordError(
            _("the weights add up to {total:g} ({shown}), not 1").format(total=total, shown=shown)
        )
    if any(r.weight == 0 for r in results):
        zero = next(i for i, r in enumerate(results, start=1) if r.weight == 0)
        raise RecordError(_("result {zero} has weight 0: leave it out").format(zero=zero))


MOST_POINTS = 7600  # 7NTXX vulnerable, all thirteen down: no board scores more either way


def possible_score(points: int, what: str) -> int:
    """A duplicate score: a multiple of 10, at most 7600 either way (Law 77)."""
    if points % 10 or abs(points) > MOST_POINTS:
        raise RecordError(
            _(
                "{what} {points} is not a bridge score (a multiple of 10, at "
                "most {MOST_POINTS} either way)"
            ).format(what=what, points=shown(str(points)), MOST_POINTS=MOST_POINTS)
        )
    return points


# ---------------------------------------------------------------- computing


def _rounded(value: float) -> int | float:
    value = round(value, 2)
    return int(value) if value == int(value) else value


def _weighted(
    results: Sequence[PossibleResult], vulnerability: Vulnerability
) -> list[WeightedResult]:
    return [WeightedResult(r.score_ns(vulnerability), r.weight) for r in results]


@dataclass(frozen=True)
class _Units:
    """The event's units, each a function of an NS score (from NS's view)."""

    comparison: int | None
    traveller: Sequence[int]

    def imps_ns(self, results: Sequence[WeightedResult]) -> float | None:
        if self.comparison is None:
            return None
        return weighted_imps(results, self.comparison)

    def mp_percent_ns(self, results: Sequence[WeightedResult]) -> float | None:
        if not self.traveller:
            return None
        top = matchpoint_top(len(self.traveller) + 1)
        return 100 * weighted_matchpoints(results, self.traveller) / top

    def side(self, results: Sequence[WeightedResult], side: Side) -> SideScore:
        """A (possibly weighted) NS result seen from ``side`` in every unit."""
        points = weighted_total_points(results)
        imps_ns = self.imps_ns(results)
        percent = self.mp_percent_ns(results)
        sign = 1 if side is Side.NS else -1
        return SideScore(
            score=_rounded(sign * points),
            imps=None if imps_ns is None else _rounded(sign * imps_ns),
            mp_percent=None
            if percent is None
            else _rounded(percent if side is Side.NS else 100 - percent),
        )


def adjusted_score(
    results: Sequence[PossibleResult],
    vulnerability: Vulnerability,
    *,
    comparison: int | None = None,
    traveller: Sequence[int] = (),
    table_result: Sequence[PossibleResult] | None = None,
    without_error: Sequence[PossibleResult] | None = None,
    non_offenders: Side | None = None,
    method: SelfInflictedMethod = SelfInflictedMethod.SELF_INFLICTED_PART,
    deal: str | None = None,
) -> AdjustedScore:
    """Each result's score, the weighted figures, and each side's score (Law 12C).

    ``table_result`` and ``without_error`` (with ``non_offenders``) apply Law 12C1(e):
    the table result and the result the non-offenders would have had with the
    infraction but without their own serious error.
    """
    if not results:
        raise RecordError(_("an adjusted score needs at least one result"))
    check_weights(results)
    if len(traveller) > MAX_TRAVELLER:
        raise RecordError(
            _("the traveller has {count} scores; at most {MAX_TRAVELLER}").format(
                count=len(traveller), MAX_TRAVELLER=MAX_TRAVELLER
            )
        )
    if deal:
        deal = Deal.from_pbn(deal).to_pbn()  # a clear error for a malformed deal
    units = _Units(comparison, list(traveller))
    weighted = _weighted(results, vulnerability)
    top = matchpoint_top(len(traveller) + 1) if traveller else None
    lines = []
    for result, scored in zip(results, weighted, strict=True):
        mp = matchpoints([scored.score_ns, *traveller])[0] if traveller else None
        lines.append(
            WeightedLine(
                contract=str(result.contract),
                declarer=result.declarer,
                tricks=result.tricks,
                weight=result.weight,
                score_ns=scored.score_ns,
                imps_ns=None if comparison is None else imps(scored.score_ns - comparison),
                mp_ns=mp,
                mp_percent_ns=None if mp is None or not top else _rounded(100 * mp / top),
                dd_tricks=dd_tricks(deal, result.contract.strain, result.declarer),
            )
        )
    imps_ns = units.imps_ns(weighted)
    percent = units.mp_percent_ns(weighted)
    laws = ["12C1b"] + (["12C1c"] if len(results) > 1 else [])
    by_side = {side.value: units.side(weighted, side) for side in Side}
    answer = AdjustedScore(
        vulnerability=vulnerability,
        weighted=lines,
        score_ns_final=_rounded(weighted_total_points(weighted)),
        imps_ns=None if imps_ns is None else _rounded(imps_ns),
        mp_percent_ns=None if percent is None else _rounded(percent),
        comparison=comparison,
        traveller=list(traveller),
        top=top,
        by_side=by_side,
        laws=laws,
    )
    if without_error is None and table_result is None:
        return answer
    if without_error is None or table_result is None or non_offenders is None:
        raise RecordError(
            _(
                "Law 12C1(e) needs the table result, the result without the "
                "non-offenders' error and which side did not offend"
            )
        )
    check_weights(table_result)
    check_weights(without_error)
    split = self_inflicted_split(
        units,
        _weighted(table_result, vulnerability),
        weighted,
        _weighted(without_error, vulnerability),
        non_offenders,
        method,
    )
    by_side[non_offenders.value] = split.non_offenders_score
    by_side[non_offenders.other.value] = split.offenders_score
    answer.by_side = by_side
    answer.self_inflicted = split.figures
    answer.laws = [*laws, "12C1e"]
    return answer


@dataclass(frozen=True)
class _Split:
    non_offenders_score: SideScore
    offenders_score: SideScore
    figures: SelfInflicted


def non_offenders_share(a: float, b: float, c: float, method: SelfInflictedMethod) -> float:
    """The non-offenders' score under Law 12C1(e), all three from their view.

    a: table result, b: adjusted score, c: with the infraction, without their error.

    >>> non_offenders_share(2, 9, 6, SelfInflictedMethod.SELF_INFLICTED_PART)
    5
    >>> non_offenders_share(2, 9, 10, SelfInflictedMethod.SELF_INFLICTED_PART)
    2
    >>> non_offenders_share(2, 9, 1, SelfInflictedMethod.SELF_INFLICTED_PART)
    9
    """
    if b <= a:
        return a  # no damage at all (Law 12B1): nothing to redress
    if method is SelfInflictedMethod.TABLE_RESULT:
        return a
    return a + max(0, b - max(a, c))


def self_inflicted_split(
    units: _Units,
    table: Sequence[WeightedResult],
    adjusted: Sequence[WeightedResult],
    without_error: Sequence[WeightedResult],
    non_offenders: Side,
    method: SelfInflictedMethod,
) -> _Split:
    """Law 12C1(e) in each unit separately (points, IMPs, matchpoints)."""
    a = units.side(table, non_offenders)
    b = units.side(adjusted, non_offenders)
    c = units.side(without_error, non_offenders)

    def each(pick: Callable[[SideScore], float | None]) -> tuple[float | None, float | None]:
        av, bv, cv = pick(a), pick(b), pick(c)
        if av is None or bv is None or cv is None:
            return None, None
        share = non_offenders_share(av, bv, cv, method)
        return _rounded(share), _rounded(bv - share if bv > av else 0)

    score, score_self = each(lambda s: s.score)
    imps_, imps_self = each(lambda s: s.imps)
    percent, percent_self = each(lambda s: s.mp_percent)

    def offenders(
        pick: Callable[[SideScore], float | None], other: Callable[[float], float]
    ) -> int | float | None:
        # The offenders lose any gain: they get the adjusted score, unless the table
        # result was already no better for them (no damage: nothing changes, Law 12B1).
        av, bv = pick(a), pick(b)
        if av is None or bv is None:
            return None
        return _rounded(other(av if bv <= av else bv))

    offenders_score = SideScore(
        score=offenders(lambda s: s.score, lambda v: -v),
        imps=offenders(lambda s: s.imps, lambda v: -v),
        mp_percent=offenders(lambda s: s.mp_percent, lambda v: 100 - v),
    )
    if score is None or score_self is None:
        raise RecordError(_("the split score has no figure for a side"))
    figures = SelfInflicted(
        non_offenders=non_offenders.value,
        method=method.value,
        table=a,
        adjusted=b,
        without_error=c,
        self_inflicted=SideScore(score=score_self, imps=imps_self, mp_percent=percent_self),
    )
    return _Split(SideScore(score=score, imps=imps_, mp_percent=percent), offenders_score, figures)


def artificial_score(
    non_offenders: Side | None,
    vulnerability: Vulnerability = Vulnerability.NONE,
    session_percent: Mapping[Side, float] | None = None,
) -> AdjustedScore:
    """Law 12C1(d)/12C2: average plus to the side not at fault, average minus to the
    side at fault (both average when neither or both are at fault); IMPs per 12C2(b)."""
    faults = {
        side: Fault.PARTLY
        if non_offenders is None
        else Fault.NONE
        if side is non_offenders
        else Fault.DIRECTLY
        for side in Side
    }
    return artificial_by_fault(
        faults,
        vulnerability,
        note=_("Artificial adjusted score: no result is assigned."),
        session_percent=session_percent,
    )


class Fault(enum.StrEnum):
    """A contestant's share of responsibility for an irregularity (Law 12C2(a))."""

    NONE = "none"
    PARTLY = "partly"
    DIRECTLY = "directly"

    @property
    def artificial(self) -> ArtificialScore:
        return {
            Fault.NONE: ArtificialScore.AVERAGE_PLUS,
            Fault.PARTLY: ArtificialScore.AVERAGE,
            Fault.DIRECTLY: ArtificialScore.AVERAGE_MINUS,
        }[self]

    @property
    def words(self) -> str:
        return {
            Fault.NONE: _("in no way at fault"),
            Fault.PARTLY: _("partly at fault"),
            Fault.DIRECTLY: _("directly at fault"),
        }[self]


def artificial_by_fault(
    faults: dict[Side, Fault],
    vulnerability: Vulnerability = Vulnerability.NONE,
    note: str = _("Artificial adjusted score by each side's share of the fault (Law 12C2(a))."),
    session_percent: Mapping[Side, float] | None = None,
) -> AdjustedScore:
    """Law 12C2(a): each side's artificial score by its own share of the fault.

    Unlike a Law 16B infraction, information from outside the table (Law 16D) need not
    be anyone's fault at the table: a side in no way at fault gets average plus whatever
    the other side's share, so the two scores need not balance.

    Law 12C2(c): a side in no way at fault whose session score (on the session's other
    boards) is above 60% gets that percentage instead of average plus, and a side
    directly at fault whose session score is below 40% gets its own instead of average
    minus. ``session_percent`` holds the percentages the TD knows; the IMP equivalent
    is left to him (the IMPs stay those of Law 12C2(b)).
    """
    by_side = {}
    laws = ["12C1d", "12C2a", "12C2b"]
    own: list[str] = []
    for side in Side:
        kind = faults[side].artificial
        percent: float = kind.percent
        session = (session_percent or {}).get(side)
        if session is not None and _own_session_score(faults[side], session):
            percent = _rounded(session)  # type: ignore[assignment]
            bound = "above 60%" if faults[side] is Fault.NONE else "below 40%"
            own.append(
                _(
                    "{side_name} scored {percent}% on the session's other "
                    "boards, {bound}: they get that instead of {replace} (Law "
                    "12C2(c))."
                ).format(
                    side_name=side_name(side),
                    percent=percent,
                    bound=bound,
                    replace=kind.value.replace("-", " "),
                )
            )
        by_side[side.value] = SideScore(score=0, imps=kind.imps, mp_percent=percent)
    if own:
        laws.append("12C2c")
        note = " ".join([note, *own])
    return AdjustedScore(
        vulnerability=vulnerability,
        weighted=[],
        score_ns_final=0,
        by_side=by_side,
        laws=laws,
        note=note,
        own_session=own,
    )


def _own_session_score(fault: Fault, session: float) -> bool:
    """Law 12C2(c): the side's own session percentage replaces its artificial score."""
    return (fault is Fault.NONE and session > 60) or (fault is Fault.DIRECTLY and session < 40)


# Answers: each side's matchpoint percentage on the session's other boards (Law 12C2(c)).
SESSION_PERCENT_ANSWERS = {Side.NS: "session_percent_NS", Side.EW: "session_percent_EW"}


def session_percents(answers: Mapping[str, str]) -> dict[Side, float]:
    """The TD's ``session_percent_NS`` / ``session_percent_EW`` answers, 0 to 100.

    >>> session_percents({"session_percent_NS": "63,5%"})
    {<Side.NS: 'NS'>: 63.5}
    """
    found: dict[Side, float] = {}
    for side, name in SESSION_PERCENT_ANSWERS.items():
        said = answers.get(name, "").strip()
        if not said or said.lower() in ("skip", "-"):
            continue
        try:
            value = float(said.removesuffix("%").strip().replace(",", "."))
        except ValueError:
            raise RecordError(
                _("{said} is not a percentage; answer e.g. 63.5").format(said=shown(said)),
                where=f"answer {name}",
            ) from None
        if not 0 <= value <= 100 or value != value:
            raise RecordError(
                _("{said} is outside 0 to 100%").format(said=said), where=f"answer {name}"
            )
        found[side] = value
    return found


def table_result(board: Board | None, answers: dict[str, str]) -> PossibleResult | None:
    """The result at the table as one possible result (weight 1), or None when unknown."""
    if board is None or board.contract_obj is None:
        return None
    contract = board.contract_obj
    if contract.is_passed_out:
        return PossibleResult(contract, None, None, 1.0)
    tricks = declarer_tricks_as_played(board, answers)
    if tricks is None or board.declarer_seat is None:
        return None
    return PossibleResult(
        contract.with_declarer(board.declarer_seat), board.declarer_seat, tricks, 1.0
    )


def no_damage(
    answer: AdjustedScore,
    table: PossibleResult | None,
    non_offenders: Side | None,
    vulnerability: Vulnerability | None,
    comparison: int | None = None,
    traveller: Sequence[int] = (),
) -> str:
    """Law 12B1: when the results the Director weighs are no better for the non-offenders
    than the table result, they were not damaged. The reason in words, or "" if damaged."""
    if table is None or non_offenders is None or vulnerability is None:
        return ""
    kept = adjusted_score([table], vulnerability, comparison=comparison, traveller=list(traveller))
    side = non_offenders.value
    # The adjusted score itself (before any Law 12C1(e) reduction), their view.
    assigned = answer.self_inflicted.adjusted if answer.self_inflicted else answer.by_side[side]
    if event_unit(kept.by_side[side]) < event_unit(assigned):
        return ""
    return _(
        "The results the Director weighs are no better for "
        "{side_name} than the table result (NS {score_ns_final:+g} "
        "at the table, NS {score_ns_final2:+g} assigned), so there "
        "is no damage (Law 12B1) and the table result stands."
    ).format(
        side_name=side_name(non_offenders),
        score_ns_final=kept.score_ns_final,
        score_ns_final2=answer.score_ns_final,
    )


def by_side_text(answer: AdjustedScore | ScoreAdjustment, *, say_balance: bool = True) -> str:
    """Each side's adjusted score from its own view, in words (they differ under 12C1(e)).

    ``say_balance=False`` when the ruling's own text already says whether they balance."""
    parts = []
    for side, score in answer.by_side.items():
        bits = [f"{score.score:+g} points"]
        if score.imps is not None:
            bits.append(f"{score.imps:+g} IMPs")
        if score.mp_percent is not None:
            bits.append(f"{score.mp_percent:.2f}%")
        parts.append(f"{side} {', '.join(bits)}")
    text = "Adjusted score: " + "; ".join(parts) + "."
    if say_balance and answer.self_inflicted is not None and not answer.self_inflicted.balances:
        text += _(" The scores do not balance (Law 12C1(e)).")
    return text
