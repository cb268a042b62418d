"""Addresses of the app's own pages, each built once and kept (issue 29).

Flask's ``url_for`` walks the URL map on every call (some 50 microseconds); a wizard page
asks for twenty addresses, most the same on every visit (the stylesheet, the home page,
the board's page). An address depends only on the endpoint, its values and where the
app is mounted (the request's script root), so it is kept under those, in the app (a
test's app with other routes never sees another app's). Anything unusual goes to Flask
as before: a blueprint-relative endpoint (``.step``), an option such as ``_external``,
a value that cannot be a key, no request at hand, or an address that cannot be built
(Flask's own error).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, has_request_context, request, url_for

URLS_KEPT = 2048  # the site's fixed addresses, and those of the boards in use tonight


def kept_url_for(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)``, from the app's store after its first use."""
    if endpoint.startswith(".") or not has_request_context():
        return url_for(endpoint, **values)
    if any(name.startswith("_") for name in values):
        return url_for(endpoint, **values)
    key = (request.script_root, endpoint, *sorted(values.items()))
    kept: dict[tuple[object, ...], str] = current_app.extensions["td_urls"]
    try:
        found = kept.get(key)
    except TypeError:  # a value that is not hashable (a list): build it each time
        return url_for(endpoint, **values)
    if found is None:
        found = url_for(endpoint, **values)
        if len(kept) >= URLS_KEPT:
            kept.clear()  # new boards' addresses crowd in: start again, the fixed refill
        kept[key] = found
    return found


def install(app: Flask) -> None:
    """The templates' ``url_for`` keeps what it builds."""
    app.extensions["td_urls"] = {}
    app.jinja_env.globals["url_for"] = kept_url_for
