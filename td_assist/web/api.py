"""The JSON API: the same engine as the pages and the command line."""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from td_assist.bridge.errors import RecordError
from td_assist.cli import search_json
from td_assist.rulings.commands import parse_request
from td_assist.rulings.wizards import WIZARDS, rule

api = Blueprint("api", __name__, url_prefix="/api")


@api.get("/search")
def search() -> ResponseReturnValue:
    query = request.args.get("q", "")
    try:
        limit = max(1, min(int(request.args.get("limit", "10")), 50))
    except ValueError:
        return jsonify(error="limit must be a whole number from 1 to 50"), 400
    return jsonify(search_json(query, limit=limit).model_dump())


@api.post("/rulings/<wizard>")
def ruling(wizard: str) -> ResponseReturnValue:
    """Body: ``{"board": {...}, "irregularity": {...}, "answers": {...}}``.

    ``?mode=step`` stops at the first question nobody has answered instead of
    assuming the usual case.
    """
    if wizard not in WIZARDS:
        return jsonify(error=f"unknown wizard '{wizard}' (available: {', '.join(WIZARDS)})"), 404
    data = request.get_json(silent=True)
    if data is None:
        return jsonify(error="the body must be JSON: {board, irregularity, answers}"), 400
    mode = "step" if request.args.get("mode") == "step" else "batch"
    try:
        parsed = parse_request(data)
        result = rule(wizard, parsed.board, parsed.irregularity, parsed.answers, mode)
    except RecordError as error:
        return jsonify(error=str(error)), 400
    return jsonify(result.model_dump(mode="json"))
