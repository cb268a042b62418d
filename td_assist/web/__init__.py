"""The Flask app factory. Each area of the site is one blueprint."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from types import FunctionType
from typing import Any

from flask import Flask, Request, Response, has_request_context, jsonify, render_template, request
from flask.json.provider import DefaultJSONProvider
from flask.typing import ResponseReturnValue
from markupsafe import escape
from werkzeug.datastructures import ImmutableMultiDict
from werkzeug.http import parse_cookie
from werkzeug.utils import cached_property

from td_assist import __version__
from td_assist.i18n import _
from td_assist.jsonsafe import loads as load_json
from td_assist.kept import Kept
from td_assist.paths import content_dir
from td_assist.web.page_cache import from_this_laptop as _from_this_laptop
from td_assist.web.security import CONTENT_SECURITY_POLICY, SECURITY_HEADERS

__all__ = ["CONTENT_SECURITY_POLICY", "MAX_UPLOAD", "create_app"]

_SECURITY_HEADERS_LOWER = tuple(
    (name.lower(), name, value) for name, value in SECURITY_HEADERS.items()
)
MAX_UPLOAD = 2_000_000  # bytes; waitress refuses a larger body before reading it
TOO_LARGE_FOR_API = "the body is larger than 2 MB, the most the API reads"
SESSION_HOURS = 12  # a club session; a restart or the TD ends PIN sessions sooner
COOKIE_HEADERS_KEPT = 256  # a room's phones each send the same Cookie header again ...
LONGEST_COOKIE_HEADER_KEPT = 4096  # ... the most a browser keeps for one site


class TextSafeResponse(Response):
    """A page is UTF-8 even if some text echoed into it is not valid Unicode (a lone
    UTF-16 half from a hostile request): that character becomes "?" instead of the
    whole answer becoming a 500."""

    def set_data(self, value: bytes | str) -> None:
        if isinstance(value, str):
            value = value.encode("utf-8", "replace")
        super().set_data(value)


class CookieReadingRequest(Request):
    """A phone sends the same cookies (its session, its language) with every request:
    each Cookie header is read once (~10 us a request, issue 29). What is kept cannot be
    changed, so every request may share it."""

    _read: Kept[str, ImmutableMultiDict[str, str]] = Kept(COOKIE_HEADERS_KEPT)

    @cached_property
    def cookies(self) -> ImmutableMultiDict[str, str]:
        # werkzeug joins every "Cookie" header it finds among the environ's keys; a WSGI
        # server can give only the one, HTTP_COOKIE
        header = self.environ.get("HTTP_COOKIE", "")
        cookies = self._read.get(header)
        if cookies is None:
            cookies = parse_cookie(header, cls=self.dict_storage_class)
            if len(header) <= LONGEST_COOKIE_HEADER_KEPT:
                self._read.put(header, cookies)
        return cookies


class App(Flask):
    """Flask asks whether each hook and view is a coroutine on every request (five
    times for a page); a plain function's answer cannot change, so it is asked once."""

    request_class = CookieReadingRequest
    _synchronous: frozenset[Callable[..., Any]] = frozenset()

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        if func in self._synchronous:
            return func
        made = super().ensure_sync(func)
        if made is func and type(func) is FunctionType:
            self._synchronous = self._synchronous | {func}
        return made


class SafeJSONProvider(DefaultJSONProvider):
    """Any ``request.get_json`` goes through the depth- and size-bounded reader."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return load_json(s)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides settings (tests pass ``TESTING`` etc.)."""
    app = App(
        __name__,
        static_folder=str(content_dir("static")),
        static_url_path="/static",
    )
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_UPLOAD,
        # Werkzeug keeps a form's text fields to 500 kB by default, which refused
        # pasted records the page allows (1 MB) as "larger than 2 MB".
        MAX_FORM_MEMORY_SIZE=MAX_UPLOAD,
        JSON_SORT_KEYS=False,
        # Flask defines these keys already, so they are set, not defaulted.
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=timedelta(hours=SESSION_HOURS),
    )
    app.json = SafeJSONProvider(app)
    app.response_class = TextSafeResponse
    if config:
        app.config.update(config)

    from td_assist.store import open_store
    from td_assist.web import security
    from td_assist.web.adjusted import adjusted
    from td_assist.web.api import api
    from td_assist.web.auction_box import auction_box
    from td_assist.web.boards import boards
    from td_assist.web.core import core
    from td_assist.web.laws import laws
    from td_assist.web.ledger import ledger, new_request_key
    from td_assist.web.sessions import sessions
    from td_assist.web.training import training
    from td_assist.web.wizard import wizard

    app.secret_key = app.config.get("SECRET_KEY") or security.secret_key()
    app.extensions["td_store"] = open_store(app.config.get("STORE_PATH"))
    from td_assist.web import language

    language.install(app)  # first: even the PIN page and early errors speak the reader's language
    security.install(app)
    from td_assist.web import layout

    layout.install(app)
    from td_assist.web import urls

    urls.install(app)
    from td_assist.web import diagram

    diagram.install(app)
    for blueprint in (
        core, laws, api, boards, wizard, adjusted, sessions, auction_box, ledger, training,
    ):  # fmt: skip
        app.register_blueprint(blueprint)

    from td_assist.bridge.display import contract_text, vulnerability_text

    app.jinja_env.filters["contract"] = contract_text
    app.jinja_env.globals["new_request_key"] = new_request_key
    from td_assist.web.qr import qr_svg

    app.jinja_env.globals["qr_svg"] = qr_svg

    @app.context_processor
    def _globals() -> dict[str, Any]:
        # The laptop's own pages link to /lan (the phones' addresses); phones cannot open it.
        return {
            "version": __version__,
            "on_this_laptop": _from_this_laptop(),
            "vulnerability_text": vulnerability_text,
        }

    @app.after_request
    def _security_headers(response: Response) -> Response:
        # One pass over the answer's headers rather than a search per header we add.
        present = {name.lower() for name, _value in response.headers.items()}
        for lower, name, value in _SECURITY_HEADERS_LOWER:
            if lower not in present:
                response.headers.add(name, value)
        if request.endpoint != "static" and "cache-control" not in present:
            # Pages show boards and rulings: keep them out of shared phones' caches.
            response.headers["Cache-Control"] = "no-store"
        return response

    @app.errorhandler(404)
    def _not_found(_error: Exception) -> ResponseReturnValue:
        return error_page(_("Page not found"), _("There is no page at this address."), 404)

    @app.errorhandler(400)
    def _bad_request(error: Exception) -> ResponseReturnValue:
        message = getattr(error, "description", "") or _("The request could not be understood.")
        return error_page(_("That did not work"), _(message), 400)

    @app.errorhandler(405)
    def _not_allowed(_error: Exception) -> ResponseReturnValue:
        return error_page(
            _("Not here"), _("That address does not accept this kind of request."), 405
        )

    @app.errorhandler(415)
    def _unsupported(error: Exception) -> ResponseReturnValue:
        return error_page(_("Send JSON"), getattr(error, "description", ""), 415)

    @app.errorhandler(413)
    def _too_large(_error: Exception) -> ResponseReturnValue:
        if request.path.startswith("/api/"):
            return jsonify(error=TOO_LARGE_FOR_API), 413
        return error_page(_("Too large"), _("That upload is larger than 2 MB."), 413)

    @app.errorhandler(500)
    def _server_error(_error: Exception) -> ResponseReturnValue:
        return error_page(
            _("Something went wrong"),
            _("The page could not be shown. Nothing was lost; please go back and try again."),
            500,
        )

    return app


def error_page(title: str, message: str, status: int) -> ResponseReturnValue:
    """The friendly error page; if even that cannot be drawn, a bare one that can.
    The JSON API answers every error as JSON ``{"error": ...}`` instead."""
    if has_request_context() and request.path.startswith("/api/"):
        return jsonify(error=f"{title}: {message}"), status
    try:
        return render_template("error.html", title=title, message=message), status
    except Exception:
        body = f"<!doctype html><title>{escape(title)}</title><h1>{escape(title)}</h1>"
        return Response(f"{body}<p>{escape(message)}</p>", status, mimetype="text/html")
