"""The scoring desk's adjusted-score page (Law 12C) and its JSON twin."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from td_assist.bridge.board import record_error_from
from td_assist.bridge.cards import Side
from td_assist.bridge.deal import Vulnerability, board_vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.procedures.adjusted_scores import (
    AdjustedScore,
    SelfInflictedMethod,
    adjusted_score,
)
from td_assist.rulings.procedures.result_answers import (
    parse_comparison,
    parse_results,
    parse_traveller,
)
from td_assist.settings import load_settings
from td_assist.web.wizard import law_links

adjusted = Blueprint("adjusted", __name__)

_FIELD_LIMIT = 4000


class AdjustForm(BaseModel):
    """What the desk page and ``POST /api/adjust`` take; every field is text."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    results: str = Field(default="", max_length=_FIELD_LIMIT)
    vul: str = Field(default="", max_length=20)
    board: str = Field(default="", max_length=6)
    comparison: str = Field(default="", max_length=20)
    traveller: str = Field(default="", max_length=_FIELD_LIMIT)
    table_result: str = Field(default="", max_length=200)
    without_error: str = Field(default="", max_length=_FIELD_LIMIT)
    non_offenders: str = Field(default="", max_length=4)
    method: str = Field(default="", max_length=40)
    deal: str = Field(default="", max_length=100)


def _method(form: AdjustForm) -> SelfInflictedMethod:
    if form.method:
        return SelfInflictedMethod.parse(form.method)
    configured = current_app.config.get("SELF_INFLICTED_METHOD")
    if configured:
        return SelfInflictedMethod.parse(str(configured))
    return load_settings().self_inflicted_method


def compute(form: AdjustForm) -> AdjustedScore:
    if form.board:
        if not (form.board.isascii() and form.board.isdigit()):
            raise RecordError(_("board {board!r} is not a board number").format(board=form.board))
        vulnerability = board_vulnerability(int(form.board))
    else:
        vulnerability = Vulnerability.parse(form.vul or "None")
    if form.comparison and form.traveller:
        raise RecordError(
            _("give the other table's score (teams) or a traveller (pairs), not both")
        )
    split = (form.table_result, form.without_error, form.non_offenders)
    if any(split) and not all(split):
        raise RecordError(
            _(
                "Law 12C1(e) needs the table result, the result without the "
                "error and the non-offending side"
            )
        )
    non_offenders = None
    if form.non_offenders:
        if form.non_offenders.upper() not in {"NS", "EW"}:
            raise RecordError(
                _("unknown side {non_offenders!r} (use NS or EW)").format(
                    non_offenders=form.non_offenders
                )
            )
        non_offenders = Side(form.non_offenders.upper())
    return adjusted_score(
        parse_results(form.results),
        vulnerability,
        comparison=parse_comparison(form.comparison) if form.comparison else None,
        traveller=parse_traveller(form.traveller) if form.traveller else (),
        table_result=parse_results(form.table_result) if form.table_result else None,
        without_error=parse_results(form.without_error) if form.without_error else None,
        non_offenders=non_offenders,
        method=_method(form),
        deal=form.deal or None,
    )


@adjusted.get("/adjust")
def page() -> ResponseReturnValue:
    fields = {name: request.args.get(name, "")[:_FIELD_LIMIT] for name in AdjustForm.model_fields}
    answer: AdjustedScore | None = None
    error = ""
    if fields["results"].strip():
        try:
            answer = compute(AdjustForm.model_validate(fields))
        except ValidationError as problem:
            error = str(record_error_from(problem))
        except RecordError as problem:
            error = str(problem)
    return render_template(
        "adjust.html",
        form=fields,
        answer=answer,
        error=error,
        methods=list(SelfInflictedMethod),
        methods_label=lambda value: SelfInflictedMethod(value).label,
        law_links=law_links,
        vulnerabilities=[v.value for v in Vulnerability],
    ), (400 if error else 200)


def _as_text(name: str, value: object) -> str:
    """JSON may send numbers or lists (a traveller, several results): the form's text."""
    if isinstance(value, list):
        joiner = "; " if name in {"results", "without_error", "table_result"} else ", "
        return joiner.join(str(item) for item in value[:500])
    return value if isinstance(value, str) else str(value)


@adjusted.post("/api/adjust")
def api() -> ResponseReturnValue:
    """Body: ``{"results": "4S S 10 0.6; 3S S 9 0.4", "vul": "NS", "comparison": "-140"}``."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        return jsonify(error=_("the body must be a JSON object with results, vul, ...")), 400
    text = {k: _as_text(k, v) for k, v in data.items() if v is not None}
    try:
        answer = compute(AdjustForm.model_validate(text))
    except ValidationError as problem:
        return jsonify(error=str(record_error_from(problem))), 400
    except RecordError as problem:
        return jsonify(error=str(problem)), 400
    return jsonify(answer.model_dump(mode="json"))
