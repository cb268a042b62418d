"""The scoring desk's adjusted-score page (Law 12C) and its JSON twin."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from pydantic import ValidationError

from td_assist.bridge.board import record_error_from
from td_assist.bridge.deal import Vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.procedures.adjusted_scores import AdjustedScore, SelfInflictedMethod
from td_assist.rulings.procedures.result_answers import (
    FIELD_LIMIT,
    AdjustRequest,
    adjust_from_request,
)
from td_assist.settings import load_settings
from td_assist.web.wizard import law_links

adjusted = Blueprint("adjusted", __name__)


def _configured_method() -> SelfInflictedMethod:
    configured = current_app.config.get("SELF_INFLICTED_METHOD")
    if configured:
        return SelfInflictedMethod.parse(str(configured))
    return load_settings().self_inflicted_method


@adjusted.get("/adjust")
def page() -> ResponseReturnValue:
    fields = {name: request.args.get(name, "")[:FIELD_LIMIT] for name in AdjustRequest.model_fields}
    answer: AdjustedScore | None = None
    error = ""
    if fields["results"].strip():
        try:
            answer = adjust_from_request(AdjustRequest.model_validate(fields), _configured_method)
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
        answer = adjust_from_request(AdjustRequest.model_validate(text), _configured_method)
    except ValidationError as problem:
        return jsonify(error=str(record_error_from(problem))), 400
    except RecordError as problem:
        return jsonify(error=str(problem)), 400
    return jsonify(answer.model_dump(mode="json"))
