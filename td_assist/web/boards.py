"""Board entry: paste or upload a record, or enter it by tapping; view a board."""

from __future__ import annotations

import json

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import decode_record, parse_record
from td_assist.cli.rule import pick_board
from td_assist.i18n import _
from td_assist.kept import Kept
from td_assist.store import SessionInfo, Store
from td_assist.web import views

boards = Blueprint("boards", __name__)
MAX_PASTE = 1_000_000


def store() -> Store:
    return current_app.extensions["td_store"]


BOARDS_READ_KEPT = 256  # the boards being ruled on tonight; each a few KB


def load_board(board_id: str) -> Board:
    """The stored board, else a 404 page.

    A board is saved once and never changed, and a Board is frozen: the one read from a
    record is kept under the record's text (issue 29), with what it has worked out
    (deal, auction, play), instead of reading and checking it again on every wizard page.
    """
    text = store().board_json(board_id[:40])
    if text is None:
        abort(404)
    kept: Kept[str, Board] | None = current_app.extensions.get("td_boards_read")
    if kept is None:
        kept = current_app.extensions.setdefault("td_boards_read", Kept(BOARDS_READ_KEPT))
    board = kept.get(text)
    if board is None:
        board = Board.model_validate(json.loads(text))
        kept.put(text, board)
    return board


def load_session(session_id: str) -> SessionInfo:
    """The stored session (a removed one is gone): else 404."""
    info = store().session(session_id[:40])
    if info is None or info.removed:
        abort(404)
    return info


@boards.get("/boards/new")
def new() -> ResponseReturnValue:
    return render_template("board_new.html", error=None, text="")


@boards.post("/boards")
def create() -> ResponseReturnValue:
    upload = request.files.get("file")
    text = request.form.get("text", "")[:MAX_PASTE]
    name = "pasted text"
    if upload is not None and upload.filename:
        name = upload.filename[:80]
        text = decode_record(upload.read(MAX_PASTE + 1))
        if len(text) > MAX_PASTE:
            return render_template(
                "board_new.html", error=_("The file is larger than 1 MB."), text=""
            ), 400
    fmt = (
        {"pbn": "pbn", "lin": "lin", "json": "json", "txt": "text"}.get(
            name.rsplit(".", 1)[-1].lower()
        )
        if upload is not None and upload.filename
        else None
    )
    number_text = request.form.get("board_number", "").strip()
    try:
        number = (
            int(number_text)
            if (number_text.isascii() and number_text.isdigit()) and len(number_text) < 6
            else None
        )
        board = pick_board(parse_record(text, fmt, only=number), number)
    except RecordError as error:
        return render_template("board_new.html", error=f"{name}: {error}", text=text[:20000]), 400
    board_id = store().save_board(json.loads(board.model_dump_json()), source=name)
    return redirect(url_for("boards.show", board_id=board_id), code=303)


@boards.get("/boards/<board_id>")
def show(board_id: str) -> ResponseReturnValue:
    board = load_board(board_id)
    return render_template(
        "board.html",
        board=board,
        board_id=board_id,
        hands=views.hands(board),
        auction=views.auction_rows(board),
        tricks=views.tricks(board),
        double_dummy=views.double_dummy(board),
    )


@boards.get("/boards/tap")
def tap() -> ResponseReturnValue:
    return render_template("board_tap.html")
