"""The reader's language on the web: the switch on every page, the cookie that keeps it,
the browser's Accept-Language otherwise, English by default.

The choice is made once per request (``g.td_language``), so ``td_assist.i18n._`` in any
module, Flask-Babel and the templates all read the same language.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Blueprint, Flask, g, redirect, request
from flask.typing import ResponseReturnValue
from flask_babel import Babel
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from td_assist.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    TRANSLATIONS_DIR,
    _,
    current_language,
    enter_language,
    known_language,
    leave_language,
    ngettext,
)
from td_assist.web import render, template_texts
from td_assist.web.security import local_path

language = Blueprint("language", __name__)

COOKIE = "td_lang"
COOKIE_DAYS = 365
# A browser sends the same Accept-Language on every request, and a room holds a handful
# of different ones: reading one costs ~20 us a request (issue 29). A longer header
# (none a browser sends) is read each time, so no request can fill the store with it.
ACCEPT_LANGUAGE_KEPT = 64
LONGEST_ACCEPT_LANGUAGE_KEPT = 200


def choose_language() -> str:
    """The cookie's language if it names one we have, else the browser's best, else English."""
    chosen = known_language(request.cookies.get(COOKIE))
    if chosen:
        return chosen
    header = request.headers.get("Accept-Language", "")
    if len(header) > LONGEST_ACCEPT_LANGUAGE_KEPT:
        return browser_language.__wrapped__(header)
    return browser_language(header)


@lru_cache(maxsize=ACCEPT_LANGUAGE_KEPT)
def browser_language(header: str) -> str:
    """The language we have that an Accept-Language header ranks best, else English."""
    best = parse_accept_header(header, LanguageAccept).best_match(list(LANGUAGES))
    return known_language(best) or DEFAULT_LANGUAGE


@language.get("/language/<code>")
def switch(code: str) -> ResponseReturnValue:
    """Keep ``code`` in a cookie and go back to the page the switch was tapped on."""
    response = redirect(local_path(request.args.get("next")), code=303)
    chosen = known_language(code)
    if chosen:
        response.set_cookie(
            COOKIE, chosen, max_age=COOKIE_DAYS * 24 * 3600, samesite="Lax", httponly=True
        )
    return response


def install(app: Flask) -> None:
    """Wire the language into the app: Flask-Babel, the templates' ``_``, the switch."""
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS_DIR))
    Babel(app, locale_selector=current_language)
    # Flask-Babel installs its own gettext in Jinja; ours reads the same catalogs and
    # also honours i18n.use_language (exports rendered outside a browser's request).
    app.jinja_env.install_gettext_callables(_, ngettext, newstyle=True)  # type: ignore[attr-defined]
    template_texts.install(app.jinja_env)  # the same texts, each looked up once per language
    render.install(app.jinja_env)  # first here: before any template is compiled
    app.register_blueprint(language)

    @app.before_request
    def _pick_language() -> None:
        g.td_language = choose_language()
        # ~90 _() calls on a wizard page each asked Flask for the request's language
        g.td_language_token = enter_language(g.td_language)

    @app.teardown_request
    def _forget_language(_error: BaseException | None) -> None:
        token = g.pop("td_language_token", None)
        if token is not None:
            leave_language(token)

    @app.context_processor
    def _language_globals() -> dict[str, Any]:
        return {"languages": LANGUAGES, "language": current_language()}
