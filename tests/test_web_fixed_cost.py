"""What every request pays before a page's own code runs is paid once per distinct input
(issue 29): a phone's session cookie, its Cookie and Accept-Language headers, the Host
it types, and Flask's question whether a hook is a coroutine. Each test counts calls and
checks that the shortcut answers exactly what the full work would."""

from __future__ import annotations

import time
import uuid

import flask.app
import pytest
from werkzeug.test import EnvironBuilder

from td_assist.web import create_app, language, security
from tests.spies import first_arguments


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "STORE_PATH": str(tmp_path / "s.db"), "SECRET_KEY": "k"})


def session_cookie(app) -> str:
    client = app.test_client()
    client.get("/boards/new")  # a page with a form: the session gets its token
    return client.get_cookie(app.config["SESSION_COOKIE_NAME"]).value


def opened(app, cookie: str):
    """The session a request sending ``cookie`` opens (made here, not by a pushed context,
    so that each call opens it once)."""
    name = app.config["SESSION_COOKIE_NAME"]
    environ = EnvironBuilder(headers={"Cookie": f"{name}={cookie}"}).get_environ()
    return app.session_interface.open_session(app, app.request_class(environ))


def test_a_session_cookie_is_checked_and_decoded_once(app, monkeypatch) -> None:
    cookie = session_cookie(app)
    serializer = app.session_interface.get_signing_serializer(app)
    loads = first_arguments(monkeypatch, serializer, "loads")
    first, again = opened(app, cookie), opened(app, cookie)
    assert loads == [cookie]
    assert dict(first) == dict(again) and first["csrf_token"]
    first["csrf_token"] = "changed in one request"
    assert opened(app, cookie)["csrf_token"] == again["csrf_token"]  # not in the next


def test_a_kept_session_cookie_still_expires(app, monkeypatch) -> None:
    cookie = session_cookie(app)
    assert "csrf_token" in opened(app, cookie)
    later = time.time() + app.permanent_session_lifetime.total_seconds() + 5
    monkeypatch.setattr(time, "time", lambda: later)
    assert dict(opened(app, cookie)) == {}


def test_a_forged_session_cookie_is_never_kept(app, monkeypatch) -> None:
    cookie = session_cookie(app)
    forged = cookie[:-3] + ("aaa" if not cookie.endswith("aaa") else "bbb")
    serializer = app.session_interface.get_signing_serializer(app)
    loads = first_arguments(monkeypatch, serializer, "loads")
    assert dict(opened(app, forged)) == {} and dict(opened(app, forged)) == {}
    assert loads == [forged, forged]


def test_new_secret_keys_forget_the_cookies_read(app) -> None:
    cookie = session_cookie(app)
    assert "csrf_token" in opened(app, cookie)
    app.secret_key = "another key"
    assert dict(opened(app, cookie)) == {}


def test_a_cookie_header_is_read_once(app, monkeypatch) -> None:
    import td_assist.web

    parsed = first_arguments(monkeypatch, td_assist.web, "parse_cookie")
    header = f"td_lang=de; other={uuid.uuid4().hex}"
    for _ in range(2):
        with app.test_request_context(headers={"Cookie": header}) as context:
            assert context.request.cookies.to_dict() == {"td_lang": "de", "other": header[-32:]}
    assert parsed == [header]


def test_an_accept_language_header_is_read_once(app, monkeypatch) -> None:
    parsed = first_arguments(monkeypatch, language, "parse_accept_header")
    unusual = f"fr-CH, fr;q=0.9, de;q=0.8, x-{uuid.uuid4().hex[:8]};q=0.1"
    for header, expected in ((unusual, "de"), (unusual, "de"), ("fr, en;q=0.5", "en")):
        with app.test_request_context(headers={"Accept-Language": header}):
            assert language.choose_language() == expected
    assert parsed.count(unusual) == 1


def test_an_overlong_accept_language_is_read_but_not_kept(app) -> None:
    header = "de;q=0.9, " + ", ".join(f"x-{n};q=0.1" for n in range(60))
    assert len(header) > language.LONGEST_ACCEPT_LANGUAGE_KEPT
    before = language.browser_language.cache_info().currsize
    with app.test_request_context(headers={"Accept-Language": header}):
        assert language.choose_language() == "de"
    assert language.browser_language.cache_info().currsize == before


def test_a_host_header_is_judged_once_under_the_settings_in_force(app, monkeypatch) -> None:
    judged = first_arguments(monkeypatch, security, "host_allowed")
    client = app.test_client()
    assert client.get("/healthz", headers={"Host": "club-laptop"}).status_code == 400
    assert client.get("/healthz", headers={"Host": "club-laptop"}).status_code == 400
    assert judged == ["club-laptop"]
    app.config["ALLOWED_HOSTS"] = ["Club-Laptop"]  # as serve --lan sets it
    assert client.get("/healthz", headers={"Host": "club-laptop"}).status_code == 200
    assert judged == ["club-laptop", "club-laptop"]


def test_flask_asks_once_whether_a_hook_is_a_coroutine(app, monkeypatch) -> None:
    client = app.test_client()
    client.get("/healthz")
    asked = first_arguments(monkeypatch, flask.app, "iscoroutinefunction")
    assert client.get("/healthz").status_code == 200
    assert asked == []
