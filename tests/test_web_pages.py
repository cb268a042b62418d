"""The pages through Flask's test client: flows, safety, weight."""

import re
from pathlib import Path

import pytest

from td_assist.web import create_app

PBN = (Path(__file__).resolve().parent / "data" / "32-boards.pbn").read_text(encoding="utf-8")


@pytest.fixture
def app(tmp_path):
    return create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )


@pytest.fixture
def client(app):
    return app.test_client()


def token(client, path="/boards/new"):
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def enter(client, text, number=""):
    response = client.post(
        "/boards", data={"text": text, "board_number": number, "csrf_token": token(client)}
    )
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.headers["Location"].rsplit("/", 1)[-1]


def test_paste_a_board_walk_the_wizard_and_record_the_ruling(client):
    board_id = enter(client, PBN, "4")
    page = client.get(f"/boards/{board_id}").get_data(as_text=True)
    assert "West" in page and "Revoke" in page
    first = client.get(f"/rule/revoke/{board_id}").get_data(as_text=True)
    assert "When was attention first drawn to the revoke?" in first
    assert "(the usual case)" in first and "Record" in first  # settled steps shown
    assert 'href="/laws/64#64B4"' in first
    done = client.get(f"/rule/revoke/{board_id}?a=attention:in_time&a=equity:skip")
    html = done.get_data(as_text=True)
    assert "One trick transferred" in html
    assert re.search(r"data-played-tricks>9<", html) and re.search(r"data-final-tricks>10<", html)
    assert "revoke-trick" in html
    answers = '{"attention": "in_time", "equity": "skip"}'
    saved = client.post(
        f"/rule/revoke/{board_id}/record",
        data={"answers": answers, "note": "table 3", "csrf_token": token(client)},
    )
    assert saved.status_code == 303
    permalink = client.get(saved.headers["Location"]).get_data(as_text=True)
    log = client.get("/rulings").get_data(as_text=True)
    assert saved.headers["Location"] in log and "One trick transferred" in log
    assert "Recorded" in permalink and "table 3" in permalink
    assert "One trick transferred" in permalink


def test_back_and_restart_links(client):
    board_id = enter(client, PBN, "4")
    page = client.get(f"/rule/revoke/{board_id}?a=attention:in_time").get_data(as_text=True)
    assert f'href="/rule/revoke/{board_id}"' in page  # restart / back to no answers


def test_forms_without_the_csrf_token_are_refused(client):
    assert client.post("/boards", data={"text": "x"}).status_code == 400
    board_id = enter(client, PBN, "4")
    response = client.post(f"/rule/revoke/{board_id}/record", data={"answers": "{}"})
    assert response.status_code == 400 and "expired" in response.get_data(as_text=True)


def test_bad_records_are_named_and_kept_in_the_form(client):
    response = client.post(
        "/boards", data={"text": '[Board "1"]\n[Deal "N:AKQ"]\n', "csrf_token": token(client)}
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "PBN line 2" in page and "N:AKQ" in page


def test_hostile_text_is_escaped_everywhere(client):
    hostile = PBN.replace('[Event "Fixture"]', '[Event "<script>alert(1)</script>"]', 1)
    board_id = enter(client, hostile, "1")
    for path in (f"/boards/{board_id}", f"/rule/revoke/{board_id}"):
        assert "<script>alert" not in client.get(path).get_data(as_text=True)
    page = client.get("/search?q=<img src=x onerror=alert(1)>").get_data(as_text=True)
    assert "<img src=x" not in page
    bad = client.post("/boards", data={"text": "<script>x</script>", "csrf_token": token(client)})
    assert "<script>x" not in bad.get_data(as_text=True)


def test_security_headers_and_no_external_requests(client):
    for path in ("/", "/search?q=revoke", "/laws/64", "/boards/new", "/boards/tap"):
        response = client.get(path)
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "style-src 'self'" in csp
        page = response.get_data(as_text=True)
        assert not re.search(r"(src|href)=\"(https?:)?//", page), path
        assert "<script>" not in page  # no inline scripts


@pytest.mark.parametrize(
    "path",
    [
        "/laws/..%2F..%2Fpyproject.toml",
        "/static/../pyproject.toml",
        "/static/%2e%2e/pyproject.toml",
        "/laws/999",
        "/boards/nope",
        "/rule/revoke/nope",
        "/rule/teleport/x",
        "/rulings/nope",
    ],
)
def test_unknown_and_traversal_paths_are_friendly_404s(client, path):
    response = client.get(path)
    assert response.status_code == 404 and "Page not found" in response.get_data(as_text=True)


def test_an_edited_address_with_a_wrong_answer_is_a_friendly_400(client):
    board_id = enter(client, PBN, "4")
    response = client.get(f"/rule/revoke/{board_id}?a=attention:yesterday")
    assert response.status_code == 400 and "not an answer" in response.get_data(as_text=True)


def lan_app(tmp_path):
    """The app as `serve --lan` builds it, with a known PIN."""
    return create_app(
        {
            "TESTING": True,
            "STORE_PATH": str(tmp_path / "lan.sqlite3"),
            "SECRET_KEY": "t",
            "LAN_PIN": "123456",
        }
    )


def post_pin(client, pin, **fields):
    """Send the PIN form as a browser does: the PIN page first, for its CSRF token."""
    page = client.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    return client.post("/pin", data={"pin": pin, "csrf_token": token, **fields})


def test_lan_pin_guards_other_machines_but_not_this_one(tmp_path):
    app = lan_app(tmp_path)
    local = app.test_client()
    assert local.get("/").status_code == 200
    tablet = app.test_client()
    tablet.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    assert tablet.get("/laws/64").status_code == 401
    assert tablet.get("/api/search?q=x").status_code == 401
    assert post_pin(tablet, "000000").status_code == 401
    assert post_pin(tablet, "123456", next="/laws/64").status_code == 303
    assert tablet.get("/laws/64").status_code == 200


def test_pages_are_light(client):
    board_id = enter(client, PBN, "4")
    paths = [
        "/",
        "/search?q=dummy+revoked",
        "/laws/",
        "/laws/64",
        "/laws/12",
        "/boards/new",
        "/boards/tap",
        f"/boards/{board_id}",
        f"/rule/revoke/{board_id}",
        f"/rule/revoke/{board_id}?a=attention:in_time&a=equity:skip",
    ]
    assets = ["/static/css/app.css", "/static/js/app.js", "/static/js/tap.js"]
    shared = sum(len(client.get(a).data) for a in assets)
    for path in paths:
        assert len(client.get(path).data) + shared < 150_000, path


def test_law_page_lists_the_rulings_that_use_it_and_the_tree_page_shows_them(client):
    page = client.get("/laws/63").get_data(as_text=True)
    assert "Rulings that use this law" in page and 'href="/wizards/revoke#established"' in page
    tree = client.get("/wizards/revoke").get_data(as_text=True)
    assert 'id="established"' in tree and "Two tricks transferred" in tree
    assert "Rulings that use this law" not in client.get("/laws/2").get_data(as_text=True)


def test_law_page_has_anchors_links_and_neighbours(client):
    page = client.get("/laws/64").get_data(as_text=True)
    for anchor in ("64A1", "64B3", "64C2a"):
        assert f'id="{anchor}"' in page
    assert 'href="/laws/64#64C"' in page  # a cross-reference became a link
    assert 'href="/laws/63"' in page and 'href="/laws/65"' in page


def test_lan_pin_guessing_is_slowed_down(tmp_path):
    app = lan_app(tmp_path)
    tablet = app.test_client()
    tablet.environ_base["REMOTE_ADDR"] = "192.168.1.30"
    codes = [post_pin(tablet, f"{n:06d}").status_code for n in range(6)]
    assert codes == [401] * 5 + [429]
    assert post_pin(tablet, "123456").status_code == 429  # locked for now
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.168.1.31"
    assert post_pin(other, "123456").status_code == 303
