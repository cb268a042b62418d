"""Addresses of the app's own pages, each built once and kept (issue 29).

Flask's ``url_for`` walks the URL map on every call (some 50 microseconds); a wizard page
asks for twenty addresses, most the same on every visit (the stylesheet, the home page,
the board's page). An address depends only on the endpoint, its values and where the
app is mounted (the request's script root), so it is kept under those, in the app (a
test's app with other routes never sees another app's). Anything unusual goes to Flask
as before: a blueprint-relative endpoint (``.step``), an option such as ``_external``,
a value that cannot be a key, no request at hand, or an address that cannot be built
(Flask's own error).

Values that go into the query string (a question, ``next=`` the page a language switch
was tapped on) change with every question asked: only the path is kept, and the query
is written after it as werkzeug writes it, so a run of new questions neither walks the
URL map each time nor fills the store.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Flask, current_app, has_request_context, request, url_for
from werkzeug.routing import Rule

URLS_KEPT = 2048  # the site's fixed addresses, and those of the boards in use tonight
# werkzeug's _urlencode: what it leaves unquoted in a query value (the test
# tests/test_web_urls_new_boards.py compares the addresses with Flask's own)
QUERY_SAFE = "!$'()*,/:;?@"


def kept_url_for(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)``, from the app's store after its first use."""
    if endpoint.startswith(".") or not has_request_context():
        return url_for(endpoint, **values)
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    query: dict[str, str] = {}
    if values:
        if any(name.startswith("_") for name in values):
            return url_for(endpoint, **values)
        in_path = _path_names(app, endpoint)
        if in_path is not None and not in_path.issuperset(values):
            query = {name: value for name, value in values.items() if name not in in_path}
            if all(type(value) is str for value in query.values()):
                values = {name: value for name, value in values.items() if name in in_path}
            else:  # a list, a number, None: Flask's own rules for it
                query = {}
    key = (request.script_root, endpoint, *sorted(values.items()))
    kept: dict[tuple[object, ...], str] = app.extensions["td_urls"]
    try:
        found = kept.get(key)
    except TypeError:  # a value that is not hashable (a list): build it each time
        return url_for(endpoint, **values, **query)
    if found is None:
        found = _built(app, endpoint, values)
        if len(kept) >= URLS_KEPT:
            kept.clear()  # new boards' addresses crowd in: start again, the fixed refill
        kept[key] = found
    if query:
        return f"{found}?{urlencode(list(query.items()), safe=QUERY_SAFE)}"
    return found


def _built(app: Flask, endpoint: str, values: dict[str, Any]) -> str:
    """``url_for(endpoint, **values)`` of a path not kept: a new board's page, its
    wizard, its ruling form. For an endpoint whose one rule takes exactly these values,
    all text, the rule writes the path and the root before it is the one Flask wrote
    the first time (checked then: an endpoint where the two differ always goes to
    Flask), so a new board's addresses do not walk the URL map (issue 29)."""
    names = _path_names(app, endpoint) if values else None
    if names is None or names != values.keys() or any(type(v) is not str for v in values.values()):
        return url_for(endpoint, **values)
    builders: dict[tuple[str, str], tuple[Rule, str] | None] = app.extensions["td_url_builders"]
    key = (request.script_root, endpoint)
    if key not in builders:
        found = url_for(endpoint, **values)
        rule = next(iter(app.url_map.iter_rules(endpoint)))
        built = rule.build(values, append_unknown=False)
        # MapAdapter.build writes the script root and "/" before a path of no subdomain
        # when no server name is set (with one, the Host header decides: Flask's way)
        root = request.script_root + "/"
        same = (
            built is not None
            and built[0] == ""
            and not rule.websocket
            and not app.config.get("SERVER_NAME")
            and found == root + built[1].lstrip("/")
        )
        if len(builders) < URLS_KEPT:
            builders[key] = (rule, root) if same else None
        return found
    builder = builders[key]
    built = builder[0].build(values, append_unknown=False) if builder is not None else None
    if builder is None or built is None:  # or a value the rule refuses: Flask's own error
        return url_for(endpoint, **values)
    return builder[1] + built[1].lstrip("/")


def _path_names(app: Flask, endpoint: str) -> frozenset[str] | None:
    """The values the endpoint's address takes in its path, when werkzeug writes every
    other value into the query string in the order given: the endpoint has one rule,
    with no defaults, and the app adds no values of its own (``url_defaults``). None
    otherwise (then all goes to Flask). Worked out once per endpoint."""
    known: dict[str, frozenset[str] | None] = app.extensions["td_url_paths"]
    try:
        return known[endpoint]
    except KeyError:
        pass
    url_map = app.url_map
    try:
        rules = list(url_map.iter_rules(endpoint))
    except KeyError:  # no such endpoint: Flask's own error
        rules = []
    plain = (
        len(rules) == 1
        and not rules[0].defaults
        and not url_map.sort_parameters
        and not url_map.host_matching
        and not any(app.url_default_functions.values())
    )
    names = frozenset(rules[0].arguments) if plain else None
    if len(known) < URLS_KEPT:  # the app's endpoints; a bound all the same
        known[endpoint] = names
    return names


def install(app: Flask) -> None:
    """The templates' ``url_for`` keeps what it builds."""
    app.extensions["td_urls"] = {}
    app.extensions["td_url_paths"] = {}
    app.extensions["td_url_builders"] = {}
    app.jinja_env.globals["url_for"] = kept_url_for
