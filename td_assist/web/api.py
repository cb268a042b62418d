"""The JSON API: the same engine as the pages and the command line."""

from __future__ import annotations

import json

from flask import Blueprint, current_app, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from pydantic import ValidationError

from td_assist.bridge.board import Board, record_error_from
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.jsonsafe import JSONInputError
from td_assist.jsonsafe import loads as load_json
from td_assist.rulings.engine.model import Ruling
from td_assist.rulings.engine.registry import load_wizards
from td_assist.rulings.engine.requests import parse_request
from td_assist.search import get_search
from td_assist.search.report import report_data
from td_assist.web.core import kept_search
from td_assist.web.entry import EntryState, describe, to_board
from td_assist.web.rulings_kept import Asked, kept_ruling_text

api = Blueprint("api", __name__, url_prefix="/api")


class BodyError(Exception):
    """A request body that is not JSON we can read; the message says why."""


def json_body() -> object:
    """The body, read by the one safe JSON reader (depth and number length bounded).

    Only bodies sent as application/json are read: a cross-site form cannot send one,
    which is why the API needs no CSRF token (see security.py).
    """
    if not request.is_json:
        raise BodyError(_("send the body as JSON (Content-Type: application/json)"))
    try:
        return load_json(request.get_data(cache=False))
    except JSONInputError as error:
        raise BodyError(
            _("the body is not JSON we can read: {error}").format(error=error)
        ) from None


@api.errorhandler(BodyError)
def _body_error(error: BodyError) -> ResponseReturnValue:
    return jsonify(error=str(error)), 400


@api.get("/search")
def search() -> ResponseReturnValue:
    query = request.args.get("q", "")
    try:
        limit = max(1, min(int(request.args.get("limit", "10")), 50))
    except ValueError:
        return jsonify(error=_("limit must be a whole number from 1 to 50")), 400

    engine = get_search()

    def answer() -> str:
        return json_text(report_data(engine.search(query, limit=limit)))

    return current_app.response_class(
        kept_search(answer, engine), mimetype=current_app.json.mimetype
    )


def json_text(data: object) -> str:
    """``data`` as ``jsonify`` sends it (compact, or indented when debugging), as text
    to keep: without making a response only to read its body back (issue 29)."""
    provider = current_app.json
    if _indented():
        return provider.dumps(data, indent=2) + "\n"
    return provider.dumps(data, separators=(",", ":")) + "\n"


def _indented() -> bool:
    """Whether ``jsonify`` indents (Flask's rule: debugging, unless told compact)."""
    compact = getattr(current_app.json, "compact", None)
    return (compact is None and current_app.debug) or compact is False


def _ruling_text(ruling: Ruling) -> str:
    return json_text(ruling.model_dump(mode="json"))


@api.post("/rulings/<wizard>")
def ruling(wizard: str) -> ResponseReturnValue:
    """Body: ``{"board": {...}, "irregularity": {...}, "answers": {...}}``.

    ``?mode=step`` stops at the first question nobody has answered instead of
    assuming the usual case.
    """
    wizards = load_wizards()
    if wizard not in wizards:
        return jsonify(
            error=_("unknown wizard '{wizard}' (available: {list})").format(
                wizard=wizard, list=", ".join(wizards)
            )
        ), 404
    data = json_body()
    if not isinstance(data, dict):
        return jsonify(
            error=_("the body must be a JSON object: {board, irregularity, answers}")
        ), 400
    mode = "step" if request.args.get("mode") == "step" else "batch"
    try:
        parsed = parse_request(data)
        # Sent as jsonify sends it; a ruling POSTed again is sent as it was (issue 29).
        asked = Asked(wizard, parsed.board, parsed.irregularity, parsed.answers, mode)
        text = kept_ruling_text(asked, _ruling_text, (current_app.json, _indented()))
    except RecordError as error:
        return jsonify(error=str(error)), 400
    return current_app.response_class(text, mimetype=current_app.json.mimetype)


def _entry_state() -> EntryState | tuple[ResponseReturnValue, int]:
    data = json_body()
    if not isinstance(data, dict):
        return jsonify(error=_("the body must be a JSON object")), 400
    try:
        return EntryState.model_validate(data)
    except ValidationError as error:
        return jsonify(error=str(record_error_from(error))), 400


@api.post("/boards/check")
def check_board() -> ResponseReturnValue:
    state = _entry_state()
    if not isinstance(state, EntryState):
        return state
    return jsonify(describe(state) | {"session_deal": _session_deal(state.number)})


def _session_deal(number: int | None) -> dict[str, object] | None:
    """The deal of board ``number`` in the loaded session (the latest), for the tapping
    page to fill in: a club's hand record already has every deal of the evening."""
    if number is None:
        return None
    store = current_app.extensions["td_store"]
    info = store.latest_session()
    data = store.session_board(info.id, number) if info is not None else None
    if data is None:
        return None
    try:
        deal = Board.model_validate(data).deal_obj
    except (ValidationError, RecordError):
        return None
    if deal is None:
        return None
    return {
        "session": info.name,
        "hands": {seat.value: [str(c) for c in deal.hand(seat).cards] for seat in Seat},
    }


@api.post("/boards")
def save_board() -> ResponseReturnValue:
    state = _entry_state()
    if not isinstance(state, EntryState):
        return state
    try:
        board = to_board(state)
    except RecordError as error:
        return jsonify(error=str(error)), 400
    board_id = current_app.extensions["td_store"].save_board(
        json.loads(board.model_dump_json()), source="tapped"
    )
    return jsonify(id=board_id, url=url_for("boards.show", board_id=board_id)), 201
