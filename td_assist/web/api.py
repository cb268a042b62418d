"""The JSON API: the same engine as the pages and the command line."""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from td_assist.cli import search_json

api = Blueprint("api", __name__, url_prefix="/api")


@api.get("/search")
def search() -> ResponseReturnValue:
    query = request.args.get("q", "")
    try:
        limit = max(1, min(int(request.args.get("limit", "10")), 50))
    except ValueError:
        return jsonify(error="limit must be a whole number from 1 to 50"), 400
    return jsonify(search_json(query, limit=limit).model_dump())
