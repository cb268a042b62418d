"""The Flask app factory. Each area of the site is one blueprint."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, render_template

from td_assist import __version__
from td_assist.paths import content_dir

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'self'; form-action 'self'"
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides settings (tests pass ``TESTING`` etc.)."""
    app = Flask(
        __name__,
        static_folder=str(content_dir("static")),
        static_url_path="/static",
    )
    app.config.update(MAX_CONTENT_LENGTH=2_000_000, JSON_SORT_KEYS=False)
    if config:
        app.config.update(config)

    from td_assist.store import open_store
    from td_assist.web import security
    from td_assist.web.api import api
    from td_assist.web.boards import boards
    from td_assist.web.core import core
    from td_assist.web.laws import laws
    from td_assist.web.training import training
    from td_assist.web.wizard import wizard

    app.secret_key = app.config.get("SECRET_KEY") or security.secret_key()
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    app.extensions["td_store"] = open_store(app.config.get("STORE_PATH"))
    security.install(app)
    for blueprint in (core, laws, api, boards, wizard, training):
        app.register_blueprint(blueprint)

    from td_assist.web.views import contract_text

    app.jinja_env.filters["contract"] = contract_text

    @app.context_processor
    def _globals() -> dict[str, Any]:
        return {"version": __version__}

    @app.after_request
    def _security_headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    @app.errorhandler(404)
    def _not_found(_error: Exception) -> tuple[str, int]:
        return render_template(
            "error.html", title="Page not found", message="There is no page at this address."
        ), 404

    @app.errorhandler(400)
    def _bad_request(error: Exception) -> tuple[str, int]:
        message = getattr(error, "description", "") or "The request could not be understood."
        return render_template("error.html", title="That did not work", message=message), 400

    @app.errorhandler(405)
    def _not_allowed(_error: Exception) -> tuple[str, int]:
        return render_template(
            "error.html",
            title="Not here",
            message="That address does not accept this kind of request.",
        ), 405

    @app.errorhandler(415)
    def _unsupported(error: Exception) -> tuple[str, int]:
        return render_template(
            "error.html", title="Send JSON", message=getattr(error, "description", "")
        ), 415

    @app.errorhandler(413)
    def _too_large(_error: Exception) -> tuple[str, int]:
        return render_template(
            "error.html", title="Too large", message="That upload is larger than 2 MB."
        ), 413

    @app.errorhandler(500)
    def _server_error(_error: Exception) -> tuple[str, int]:
        return render_template(
            "error.html",
            title="Something went wrong",
            message="The page could not be shown. Nothing was lost; please go back and try again.",
        ), 500

    return app
