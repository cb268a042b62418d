"""Home page and health check."""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template
from flask.typing import ResponseReturnValue

from td_assist import __version__

core = Blueprint("core", __name__)

WIZARDS = (
    ("revoke", "Revoke", "Laws 61-64"),
    ("lead-out-of-turn", "Lead out of turn", "Laws 53-56"),
    ("penalty-cards", "Penalty card", "Laws 49-52"),
    ("insufficient-bid", "Insufficient bid", "Law 27"),
    ("unauthorised-information", "Unauthorised information", "Law 16"),
)


@core.get("/")
def home() -> ResponseReturnValue:
    return render_template("home.html", wizards=WIZARDS)


@core.get("/healthz")
def healthz() -> ResponseReturnValue:
    return jsonify(status="ok", version=__version__)
