"""The wizard pages: one question per screen, then the ruling summary.

The answers live in the address (``?a=attention:after_round&a=equity:10``), so the
back button, "back one question", "restart" and a permalink all work without any
state on the server. Recording a ruling stores it in the ruling log.
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from td_assist.bridge.errors import RecordError
from td_assist.lawbook.model import display_anchor
from td_assist.lawbook.render import law_url
from td_assist.rulings.model import Ruling
from td_assist.rulings.wizards import Wizard, get_tree, load_wizards, rule
from td_assist.web import views
from td_assist.web.boards import load_board, store

wizard = Blueprint("wizard", __name__)
MAX_ANSWERS = 60


def read_answers() -> list[tuple[str, str]]:
    pairs = []
    for item in request.args.getlist("a")[:MAX_ANSWERS]:
        node, sep, value = item.partition(":")
        if sep and node and len(node) <= 40 and len(value) <= 40:
            pairs.append((node, value))
    return pairs


def address(wizard_name: str, board_id: str, pairs: list[tuple[str, str]]) -> str:
    base = url_for("wizard.step", wizard_name=wizard_name, board_id=board_id)
    query = urlencode([("a", f"{n}:{v}") for n, v in pairs])
    return f"{base}?{query}" if query else base


def registered(name: str) -> Wizard:
    """The wizard of that name, or a 404 page."""
    wizards = load_wizards()
    if name not in wizards:
        abort(404)
    return wizards[name]


@wizard.app_context_processor
def wizard_list() -> dict[str, object]:
    """Every page may offer the registered wizards (e.g. "Rule on this board")."""
    return {"registered_wizards": list(load_wizards().values())}


def law_links(anchors: list[str]) -> list[tuple[str, str]]:
    return [(display_anchor(a), law_url(a)) for a in anchors]


@wizard.get("/rule/<wizard_name>/<board_id>")
def step(wizard_name: str, board_id: str) -> ResponseReturnValue:
    chosen = registered(wizard_name)
    board = load_board(board_id)
    pairs = read_answers()
    try:
        ruling = rule(wizard_name, board, None, dict(pairs), mode="step")
    except RecordError as error:
        # An answer that does not fit (an edited address): drop it and say so.
        return render_template(
            "error.html",
            title="That answer does not fit",
            message=f"{error}. Go back one question and choose again.",
        ), 400
    common = {
        "wizard_name": wizard_name,
        "wizard_title": chosen.heading,
        "board": board,
        "board_id": board_id,
        "ruling": ruling,
        "law_links": law_links,
        "restart": address(wizard_name, board_id, []),
        "back": address(wizard_name, board_id, pairs[:-1]) if pairs else None,
        "answer_url": lambda node, value: address(wizard_name, board_id, [*pairs, (node, value)]),
        "permalink": address(wizard_name, board_id, pairs),
        "answers_json": json.dumps(dict(pairs)),
    }
    if ruling.status == "needs_answer":
        return render_template("wizard.html", **common)
    shown = as_ruled(chosen, board, dict(pairs))
    common["board"] = shown
    return render_template("ruling.html", **common, **summary(shown, ruling), saved=None)


def as_ruled(chosen, board, answers: dict[str, str]):  # noqa: ANN001, ANN201
    """The board as the wizard read it with the TD's answers (e.g. an accepted
    insufficient bid), for the diagram and auction beside the ruling."""
    if chosen.board_as_ruled is None:
        return board
    try:
        return chosen.board_as_ruled(board, answers)
    except RecordError:
        return board


def summary(board, ruling: Ruling) -> dict[str, object]:  # noqa: ANN001
    return {
        "hands": views.hands(board),
        "auction": views.auction_rows(board),
        "tricks": views.tricks(board),
        "marked_tricks": set(ruling.marked_tricks),
    }


@wizard.post("/rule/<wizard_name>/<board_id>/record")
def record(wizard_name: str, board_id: str) -> ResponseReturnValue:
    registered(wizard_name)
    board = load_board(board_id)
    try:
        answers = json.loads(request.form.get("answers", "{}"))
        if not isinstance(answers, dict):
            raise ValueError
        answers = {str(k)[:40]: str(v)[:40] for k, v in list(answers.items())[:MAX_ANSWERS]}
        ruling = rule(wizard_name, board, None, answers, mode="step")
    except (ValueError, RecordError):
        abort(400)
    if ruling.status != "complete":
        abort(400)
    note = request.form.get("note", "")[:2000]
    ruling_id = store().save_ruling(
        board_id, wizard_name, answers, ruling.model_dump(mode="json"), note
    )
    return redirect(url_for("wizard.saved", ruling_id=ruling_id), code=303)


@wizard.get("/rulings/<ruling_id>")
def saved(ruling_id: str) -> ResponseReturnValue:
    record = store().ruling(ruling_id[:40])
    if record is None:
        abort(404)
    chosen = registered(record["wizard"])
    board = as_ruled(chosen, load_board(record["board_id"]), dict(record.get("answers") or {}))
    ruling = Ruling.model_validate(record["ruling"])
    return render_template(
        "ruling.html",
        wizard_name=record["wizard"],
        wizard_title=chosen.heading,
        board=board,
        board_id=record["board_id"],
        ruling=ruling,
        law_links=law_links,
        restart=address(record["wizard"], record["board_id"], []),
        back=None,
        answer_url=None,
        permalink=url_for("wizard.saved", ruling_id=ruling_id),
        saved=record,
        **summary(board, ruling),
    )


@wizard.get("/wizards/<wizard_name>")
def tree_page(wizard_name: str) -> ResponseReturnValue:
    """The whole decision tree on one page, for a TD to read and review."""
    registered(wizard_name)
    return render_template("tree.html", tree=get_tree(wizard_name), law_links=law_links)


@wizard.get("/rulings")
def log() -> ResponseReturnValue:
    """The ruling log: the most recent recorded rulings, newest first."""
    return render_template("log.html", rulings=store().recent_rulings(100))
