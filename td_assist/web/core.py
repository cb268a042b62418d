"""Home page, search page and health check."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, redirect, render_template, request
from flask.typing import ResponseReturnValue

from td_assist import __version__
from td_assist.rulings.engine.registry import load_wizards
from td_assist.search import get_search

core = Blueprint("core", __name__)


@core.get("/")
def home() -> ResponseReturnValue:
    wizards = [(w.name, w.shown_title, w.shown_laws) for w in load_wizards().values()]
    return render_template("home.html", wizards=wizards)


@core.get("/search")
def search_page() -> ResponseReturnValue:
    query = request.args.get("q", "")[:1000]
    results = get_search().search(query) if query.strip() else None
    if results is not None and results.jumped and not request.args.get("partial"):
        return redirect(results.hits[0].url)  # a law number goes straight to its section
    if request.args.get("partial"):
        return render_template("_results.html", results=results)
    return render_template("search.html", query=query, results=results)


@core.get("/healthz")
def healthz() -> ResponseReturnValue:
    # warm: the server has loaded what a session uses (td_assist/web/warm.py)
    warm = bool(current_app.config.get("WARMED_UP"))
    return jsonify(status="ok", version=__version__, warm=warm)
