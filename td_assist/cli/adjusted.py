"""``td-assist adjust``: a Law 12C adjusted score from the results the TD weighs."""

from __future__ import annotations

import argparse

from pydantic import ValidationError

from td_assist.bridge.board import record_error_from
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.lawbook.model import display_anchor
from td_assist.rulings.procedures.adjusted_scores import AdjustedScore, SelfInflictedMethod
from td_assist.rulings.procedures.result_answers import AdjustRequest, adjust_from_request
from td_assist.settings import load_settings, settings_path


def compute(args: argparse.Namespace) -> AdjustedScore:
    if args.board is not None and args.vul is not None:
        raise RecordError(_("give --vul or --board, not both"))
    given = {
        name: str(value)
        for name in AdjustRequest.model_fields
        if (value := getattr(args, name)) is not None
    }
    try:
        request = AdjustRequest.model_validate(given)
    except ValidationError as problem:
        raise record_error_from(problem) from None
    return adjust_from_request(request, lambda: load_settings().self_inflicted_method)


def _number(value: float | None, sign: bool = True) -> str:
    if value is None:
        return "-"
    text = f"{value:+.2f}" if sign else f"{value:.2f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def print_adjusted(answer: AdjustedScore) -> None:
    from td_assist.bridge.display import vulnerability_text

    print(
        _("Vulnerability: {vulnerability}").format(
            vulnerability=vulnerability_text(answer.vulnerability.value)
        )
    )
    # (a call of _() inside an f-string is not found by the catalog's extractor)
    result, weight, points = _("result"), _("weight"), _("NS score")
    header = f"{result:<14}{weight:>8} {points:>9}"
    if answer.comparison is not None:
        imps = _("IMPs NS")
        header += f"{imps:>9}"
    if answer.traveller:
        matchpoints = _("MP NS")
        header += f"{matchpoints:>8}{'%':>8}"
    double_dummy = any(line.dd_tricks is not None for line in answer.weighted)
    if double_dummy:
        header += "  " + _("double-dummy tricks")
    print(header)
    for line in answer.weighted:
        name = (
            _("Pass")
            if line.declarer is None
            else f"{line.contract} {line.declarer.short} {line.tricks}"
        )
        row = f"{name:<14}{line.weight:>8.4g}{line.score_ns:>+10d}"
        if answer.comparison is not None:
            row += f"{line.imps_ns:>+9d}"
        if answer.traveller:
            row += f"{_number(line.mp_ns, False):>8}{_number(line.mp_percent_ns, False):>8}"
        if double_dummy:
            row += f"  {'' if line.dd_tricks is None else line.dd_tricks}"
        print(row)
    print("\n" + _("Weighted score: NS {score}").format(score=_number(answer.score_ns_final)))
    if answer.comparison is not None:
        print(
            _("Weighted IMPs against NS {comparison} at the other table: NS {imps}").format(
                comparison=f"{answer.comparison:+d}", imps=_number(answer.imps_ns)
            )
        )
    if answer.traveller:
        print(
            _("Weighted matchpoints on a traveller of {scores} (top {top}): NS {percent}%").format(
                scores=len(answer.traveller) + 1,
                top=_number(answer.top, False),
                percent=_number(answer.mp_percent_ns, False),
            )
        )
    for side, score in answer.by_side.items():
        print(f"{_side_name(side)}: {_amounts(score.score, score.imps, score.mp_percent, True)}")
    split = answer.self_inflicted
    if split is not None and split.balances and split.no_damage:
        print(
            "\n"
            + _(
                "Law 12C1(e) changes nothing: the adjusted score is no better for {side} than "
                "their table result, so there is no damage to redress (Law 12B1); both sides "
                "keep the table result and the scores balance."
            ).format(side=_side_name(split.non_offenders))
        )
    elif split is not None and split.balances:
        # C no better for them than the table result: none of the damage was their own.
        print(
            "\n"
            + _(
                "Law 12C1(e) changes nothing: none of {side}'s damage was self-inflicted, so "
                "both sides get the adjusted score and the scores balance."
            ).format(side=_side_name(split.non_offenders))
        )
    elif split is not None:
        own = split.self_inflicted
        print(
            "\n"
            + _(
                "Law 12C1(e): the scores do not balance; {side} (non-offenders) get no redress "
                "for the damage they caused themselves ({damage}). Method: {method} (set in "
                "{path})."
            ).format(
                side=_side_name(split.non_offenders),
                damage=_amounts(own.score, own.imps, own.mp_percent, False),
                method=SelfInflictedMethod(split.method).label,
                path=settings_path(),
            )
        )
    print("\n" + _("Laws: {laws}").format(laws=", ".join(display_anchor(a) for a in answer.laws)))


def _side_name(side: object) -> str:
    """``NS``/``EW`` as the reader writes them (German: NS, OW)."""
    code = str(getattr(side, "value", side))
    return {"NS": _("NS"), "EW": _("EW")}.get(code, code)


def _amounts(points: float, imps: float | None, percent: float | None, sign: bool) -> str:
    """ "420 points, 3 IMPs, 55%": a side's score in each unit it has."""
    parts = [_("{points} points").format(points=_number(points, sign))]
    if imps is not None:
        parts.append(_("{imps} IMPs").format(imps=_number(imps, sign)))
    if percent is not None:
        parts.append(f"{_number(percent, False)}%")
    return ", ".join(parts)


def _cmd_adjust(args: argparse.Namespace) -> int:
    answer = compute(args)
    if args.json:
        print(answer.model_dump_json(indent=2))
    else:
        print_adjusted(answer)
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "adjust",
        help=_("a Law 12C adjusted score: weighted points, IMPs or matchpoints"),
        description=_(
            'Example: td-assist adjust --results "4S S 10 0.6; 3S S 9 0.4" --board 5 '
            "--comparison -140"
        ),
    )
    command.add_argument(
        "--results",
        required=True,
        help=_('results and weights: "4S S 10 0.6; 3SX S 9 0.4" (tricks may be =, +1, -2)'),
    )
    command.add_argument("--vul", help=_("None, NS, EW or All (default None)"))
    command.add_argument("--board", type=int, help=_("board number (gives the vulnerability)"))
    command.add_argument("--comparison", help=_("teams: NS points at the other table, e.g. -140"))
    command.add_argument(
        "--traveller", help=_('pairs: the other NS scores on the traveller, "420, 450, -50"')
    )
    command.add_argument(
        "--table-result", help=_('Law 12C1(e): the result at the table, e.g. "4SX E 8"')
    )
    command.add_argument(
        "--without-error",
        help=_("Law 12C1(e): the result the non-offenders would have had without their error"),
    )
    command.add_argument("--non-offenders", help=_("Law 12C1(e): NS or EW"))
    command.add_argument(
        "--method",
        help=_("Law 12C1(e) method: self_inflicted_part or table_result (default: settings.toml)"),
    )
    command.add_argument(
        "--deal", help=_('the deal (PBN "N:..."): double-dummy tricks, with the analysis extra')
    )
    command.add_argument("--json", action="store_true", help=_("print JSON"))
    command.set_defaults(handler=_cmd_adjust)
