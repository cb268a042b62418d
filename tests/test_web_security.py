"""Hostile input and the LAN guard (issue 11, items 3 and 5-11), through the test client."""

import html
import io
import os
import re
import stat
import sys
from pathlib import Path

import pytest

from td_assist import jsonsafe
from td_assist.cli import main
from td_assist.web import create_app
from td_assist.web.security import host_allowed, local_path

PBN = (Path(__file__).resolve().parent / "data" / "32-boards.pbn").read_text(encoding="utf-8")
DEEP = "[" * 100_000
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def make_app(tmp_path, **config):
    settings = {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "k"}
    return create_app({**settings, **config})


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path).test_client()


def token(client, path="/boards/new"):
    return TOKEN.search(client.get(path).get_data(as_text=True)).group(1)


def enter(client, text=PBN, number="4"):
    data = {"text": text, "board_number": number, "csrf_token": token(client)}
    response = client.post("/boards", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rsplit("/", 1)[-1]


def record_form(client, board_id):
    """Every field of the record form on a finished ruling page, as a browser sends it."""
    page = client.get(f"/rule/revoke/{board_id}?a=attention:in_time&a=equity:skip")
    text = page.get_data(as_text=True)
    form = text[text.index('action="/rule/revoke/') :]
    form = form[: form.index("</form>")]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    return {name: html.unescape(value) for name, value in fields.items()}


# 3. Deeply nested JSON ---------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/boards", "/api/boards/check", "/api/rulings/revoke"])
def test_deep_json_to_the_api_is_a_400_that_says_why(client, path):
    response = client.post(path, data=DEEP, content_type="application/json")
    assert response.status_code == 400
    assert "nested more than" in response.get_json()["error"]


def test_deep_json_pasted_on_the_board_page_is_a_400_that_says_why(client):
    data = {"text": DEEP, "board_number": "", "csrf_token": token(client)}
    response = client.post("/boards", data=data)
    assert response.status_code == 400
    assert "nested more than" in response.get_data(as_text=True)


def test_deep_json_in_the_record_forms_answers_is_a_400_that_says_why(client):
    board_id = enter(client)
    fields = record_form(client, board_id)
    assert "answers" in fields and client.post(f"/rule/revoke/{board_id}/record", data=fields)
    fields = record_form(client, board_id)
    fields["answers"] = '{"a":' * 50 + "1" + "}" * 50
    response = client.post(f"/rule/revoke/{board_id}/record", data=fields)
    assert response.status_code == 400
    assert "nested more than" in response.get_data(as_text=True)


def test_deep_json_in_a_request_file_is_a_one_line_error(tmp_path, capsys):
    request = tmp_path / "deep.json"
    request.write_text(DEEP, encoding="utf-8")
    assert main(["rule", "revoke", str(request)]) == 2
    assert "nested more than" in capsys.readouterr().err


def test_the_safe_reader_counts_only_real_brackets_and_bounds_numbers():
    at_limit = "[" * jsonsafe.MAX_DEPTH + "]" * jsonsafe.MAX_DEPTH
    assert jsonsafe.loads(at_limit) is not None
    with pytest.raises(jsonsafe.JSONInputError, match="nested more than") as caught:
        jsonsafe.loads('{"a":\n' + "[" * (jsonsafe.MAX_DEPTH + 1))
    assert caught.value.line == 2
    brackets_in_text = {"note": "[" * 1000 + '\\"{' * 100, "list": [[1]]}
    import json

    assert jsonsafe.loads(json.dumps(brackets_in_text)) == brackets_in_text
    with pytest.raises(jsonsafe.JSONInputError, match="digits"):
        jsonsafe.loads('{"number": ' + "9" * 5000 + "}")
    with pytest.raises(jsonsafe.JSONInputError, match="not valid JSON"):
        jsonsafe.loads('{"a": ')


def test_any_get_json_in_the_app_uses_the_safe_reader(tmp_path):
    app = make_app(tmp_path)
    with app.test_request_context("/", method="POST", data=DEEP, content_type="application/json"):
        from flask import request
        from werkzeug.exceptions import BadRequest

        with pytest.raises(BadRequest):
            request.get_json()


def test_a_pasted_record_up_to_the_pages_limit_is_read_from_the_multipart_form(client):
    big = (PBN + "\n") * (600_000 // len(PBN) + 1)  # over werkzeug's 500 kB default
    data = {"text": big, "board_number": "4", "csrf_token": token(client)}
    data["file"] = (io.BytesIO(b""), "")
    response = client.post("/boards", data=data, content_type="multipart/form-data")
    assert response.status_code == 303


# 5 and 9. The Host header ------------------------------------------------------------


def test_a_host_label_longer_than_63_characters_is_a_400_not_a_500(client):
    response = client.get("/", headers={"Host": "a" * 64 + ".example"})
    assert response.status_code == 400 and b"Wrong address" in response.data
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:5000", "localhost.evil.example", "[::1", "127.0.0.1:x"]
)
def test_a_foreign_or_malformed_host_is_refused_even_from_this_laptop(client, host):
    response = client.get("/laws/64", headers={"Host": host})
    assert response.status_code == 400 and b"Wrong address" in response.data


@pytest.mark.parametrize("host", ["localhost", "localhost:5000", "127.0.0.1:5000", "[::1]:5000"])
def test_the_laptops_own_names_are_served(client, host):
    assert client.get("/healthz", headers={"Host": host}).status_code == 200


def test_on_the_lan_addresses_typed_as_digits_are_served_but_not_other_names(tmp_path):
    app = make_app(tmp_path, ALLOWED_HOSTS=["club-laptop"], ALLOW_ANY_IP_HOST=True)
    client = app.test_client()
    for host in ("192.168.1.5:5000", "club-laptop:5000", "CLUB-LAPTOP"):
        assert client.get("/healthz", headers={"Host": host}).status_code == 200, host
    assert client.get("/healthz", headers={"Host": "rebound.evil.example"}).status_code == 400
    assert not host_allowed("192.168.1.5", {"localhost"}, any_address=False)


def test_the_error_page_never_fails_even_when_the_template_does(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    app.testing = False

    @app.get("/boom")
    def boom():
        raise RuntimeError("boom")

    import td_assist.web as web

    def broken(*_args, **_kwargs):
        raise RuntimeError("template broken")

    monkeypatch.setattr(web, "render_template", broken)
    response = app.test_client().get("/boom")
    assert response.status_code == 500 and b"Something went wrong" in response.data


# 6. The session cookie ---------------------------------------------------------------


def session_cookie(response):
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert cookies, response.headers
    return cookies[0]


def test_the_session_cookie_is_samesite_httponly_and_secure_over_https(tmp_path):
    app = make_app(tmp_path)
    plain = session_cookie(app.test_client().get("/boards/new"))
    assert "SameSite=Lax" in plain and "HttpOnly" in plain and "Secure" not in plain
    secure = session_cookie(app.test_client().get("/boards/new", base_url="https://localhost"))
    assert "Secure" in secure and "SameSite=Lax" in secure


# 7, 8 and 11. The PIN ----------------------------------------------------------------


def lan_app(tmp_path, pin="123456", secret="same-key"):
    return make_app(tmp_path, LAN_PIN=pin, SECRET_KEY=secret)


def tablet_of(app, address="192.168.1.20"):
    tablet = app.test_client()
    tablet.environ_base["REMOTE_ADDR"] = address
    return tablet


def post_pin(client, pin, **fields):
    return client.post("/pin", data={"pin": pin, "csrf_token": token(client, "/"), **fields})


def move_cookie(source, target):
    target.set_cookie("session", source.get_cookie("session").value, domain="localhost")


def test_a_pin_session_ends_with_the_run_that_issued_it(tmp_path):
    first = lan_app(tmp_path)
    tablet = tablet_of(first)
    assert post_pin(tablet, "123456").status_code == 303
    assert tablet.get("/laws/64").status_code == 200
    cookie = session_cookie(tablet.get("/laws/64"))
    assert "Expires=" in cookie  # a permanent session, but ...
    restarted = tablet_of(lan_app(tmp_path))  # ... same key and PIN, a new run
    move_cookie(tablet, restarted)
    assert restarted.get("/laws/64").status_code == 401
    new_pin = tablet_of(lan_app(tmp_path, pin="654321"))
    move_cookie(tablet, new_pin)
    assert new_pin.get("/laws/64").status_code == 401


def test_a_session_signed_with_an_old_key_is_refused_once_the_key_changes(tmp_path):
    """The cookie's serializer is kept between requests: it must follow the key."""
    app = lan_app(tmp_path)
    tablet = tablet_of(app)
    assert post_pin(tablet, "123456").status_code == 303
    assert tablet.get("/laws/64").status_code == 200
    app.secret_key = "another-key"
    assert tablet.get("/laws/64").status_code == 401


def test_the_session_lasts_a_club_session_not_a_month(tmp_path):
    app = lan_app(tmp_path)
    assert app.permanent_session_lifetime.total_seconds() <= 24 * 3600


def test_the_td_signs_every_tablet_out_from_the_laptop_only(tmp_path):
    app = lan_app(tmp_path)
    tablet = tablet_of(app)
    assert post_pin(tablet, "123456").status_code == 303
    assert tablet.get("/lan").status_code == 404  # a tablet cannot reach the TD's page
    laptop = app.test_client()
    page = laptop.get("/lan").get_data(as_text=True)
    assert "123456" in page and "Sign out every tablet" in page
    forged = laptop.post("/lan/end-sessions", data={})
    assert forged.status_code == 400 and tablet.get("/laws/64").status_code == 200
    ended = laptop.post("/lan/end-sessions", data={"csrf_token": token(laptop, "/lan")})
    assert ended.status_code == 303 and tablet.get("/laws/64").status_code == 401
    assert post_pin(tablet, "123456").status_code == 303  # the same PIN lets it back in
    laptop.post("/lan/end-sessions", data={"csrf_token": token(laptop, "/lan"), "new_pin": "1"})
    assert tablet.get("/laws/64").status_code == 401
    new_pin = app.extensions["td_lan"].pin
    assert post_pin(tablet, "123456").status_code == 401 or new_pin == "123456"
    assert post_pin(tablet, new_pin).status_code == 303


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example/x",
        "/\\evil.example/x",
        "https://evil.example/x",
        "/\t/evil.example",
        "\\\\evil.example",
        "javascript:alert(1)",
        "",
    ],
)
def test_the_pin_form_returns_only_to_a_page_of_this_site(tmp_path, target):
    tablet = tablet_of(lan_app(tmp_path))
    response = post_pin(tablet, "123456", next=target)
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert local_path("/laws/64?x=1#64B") == "/laws/64?x=1#64B"


def test_the_pin_page_keeps_the_page_asked_for(tmp_path):
    tablet = tablet_of(lan_app(tmp_path))
    page = tablet.get("/laws/64?q=revoke").get_data(as_text=True)
    assert 'name="next" value="/laws/64?q=revoke"' in page
    wrong = post_pin(tablet, "000000", next="/laws/64").get_data(as_text=True)
    assert 'name="next" value="/laws/64"' in wrong
    assert post_pin(tablet, "123456", next="/laws/64").headers["Location"] == "/laws/64"


def test_the_pin_form_needs_its_csrf_token(tmp_path):
    tablet = tablet_of(lan_app(tmp_path))
    tablet.get("/")
    response = tablet.post("/pin", data={"pin": "123456"})
    assert response.status_code == 400 and "expired" in response.get_data(as_text=True)
    assert tablet.get("/laws/64").status_code == 401  # the right PIN alone let nobody in


def test_a_locked_device_is_told_how_long_and_the_td_can_lift_the_lock(tmp_path):
    app = lan_app(tmp_path)
    tablet = tablet_of(app, "192.168.1.30")
    codes = [post_pin(tablet, f"{n:06d}").status_code for n in range(6)]
    assert codes == [401] * 5 + [429]
    locked = post_pin(tablet, "123456")
    assert locked.status_code == 429 and re.search(
        r"Wait \d+ seconds", locked.get_data(as_text=True)
    )
    laptop = app.test_client()
    assert "1 device locked out" in laptop.get("/lan").get_data(as_text=True)
    laptop.post("/lan/unlock", data={"csrf_token": token(laptop, "/lan")})
    assert post_pin(tablet, "123456").status_code == 303


def test_the_wrong_pin_table_stays_bounded(tmp_path):
    from td_assist.web import security

    attempts = security.PinAttempts()
    for n in range(security.MAX_TRACKED_ADDRESSES + 500):
        attempts.failed(f"10.0.{n // 250}.{n % 250}")
    assert attempts.tracked() <= security.MAX_TRACKED_ADDRESSES


# 11. Caching of pages that show rulings --------------------------------------------


def test_pages_and_answers_that_show_boards_and_rulings_are_not_cached(client):
    board_id = enter(client)
    saved = client.post(f"/rule/revoke/{board_id}/record", data=record_form(client, board_id))
    assert saved.status_code == 303
    for path in (
        saved.headers["Location"],
        "/rulings",
        f"/boards/{board_id}",
        f"/rule/revoke/{board_id}?a=attention:in_time&a=equity:skip",
    ):
        assert client.get(path).headers.get("Cache-Control") == "no-store", path
    api = client.post("/api/boards/check", json={"number": 1})
    assert api.headers.get("Cache-Control") == "no-store"


# 10. File modes ----------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_the_secret_key_and_the_user_folder_are_the_users_alone(tmp_path, monkeypatch):
    from td_assist.paths import user_dir
    from td_assist.web.security import secret_key

    home = tmp_path / "home"
    monkeypatch.setenv("TD_ASSIST_HOME", str(home))
    old_umask = os.umask(0o022)
    try:
        key = secret_key()
    finally:
        os.umask(old_umask)
    assert len(key) == 32 and secret_key() == key
    assert stat.S_IMODE((home / "secret.key").stat().st_mode) == 0o600
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    (home / "secret.key").chmod(0o644)  # left by an earlier version
    home.chmod(0o755)
    assert secret_key() == key and user_dir() == home
    assert stat.S_IMODE((home / "secret.key").stat().st_mode) == 0o600
    assert stat.S_IMODE(home.stat().st_mode) == 0o700


# The serve command wires it together ---------------------------------------------


def served_app(monkeypatch, *argv):
    import td_assist.web.server as server

    served = {}
    monkeypatch.setattr(server, "serve", lambda app, host, port: served.update(app=app, host=host))
    assert main(["serve", "--port", "5999", *argv]) == 0
    return served["app"], served["host"]


def test_serve_on_this_laptop_answers_only_to_its_own_names(monkeypatch, capsys):
    app, host = served_app(monkeypatch)
    assert host == "127.0.0.1" and not app.config["ALLOW_ANY_IP_HOST"]
    client = app.test_client()
    assert client.get("/healthz", headers={"Host": "127.0.0.1:5999"}).status_code == 200
    assert client.get("/healthz", headers={"Host": "192.168.1.5:5999"}).status_code == 400


def test_serve_lan_has_a_pin_tells_the_td_how_to_end_sessions(monkeypatch, capsys):
    app, host = served_app(monkeypatch, "--lan")
    out = capsys.readouterr().out
    pin = app.extensions["td_lan"].pin
    assert host == "0.0.0.0" and re.fullmatch(r"[0-9]{6}", pin) and pin in out
    assert "/lan" in out
    tablet = tablet_of(app)
    lan_host = {"Host": "192.168.1.5:5999"}
    assert tablet.get("/laws/64", headers=lan_host).status_code == 401
    assert tablet.get("/laws/64", headers={"Host": "rebound.evil.example"}).status_code == 400
