"""The robustness sweep: every route of the app and every subcommand of the CLI, fed
hostile values for every field it reads, never answers with a 500 or a traceback, and
says what is wrong; a bad request never changes what the log already holds.

Hostile values are hand-made (one list, below) and random choices from it use a fixed
seed, so a failure always reproduces. The app runs with ``TESTING`` on, so an
unhandled exception fails the test with its traceback instead of becoming a 500 page.
The CLI runs in-process with ``TD_ASSIST_DEBUG`` set, so a reader's unexpected error
is raised rather than turned into the generic "please report it" line.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import random
import re
import sqlite3
from pathlib import Path
from urllib.parse import quote_plus

import pytest
from werkzeug.datastructures import MultiDict

from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import decode_record, read_boards
from td_assist.cli import main
from td_assist.web import create_app

from .conftest import TAPPED_HANDS

DATA = Path(__file__).resolve().parent / "data"
RECORDS = Path(__file__).resolve().parents[1].parent / "shared" / "real-records"
if not (RECORDS / "manifest.json").exists():  # the worktree layout: /work/wt/<name>
    RECORDS = Path(__file__).resolve().parents[3] / "shared" / "real-records"

HOSTILE = [
    "",
    " ",
    "\x00",
    "A" * 10_000,  # a 10 KB value: a pasted page, a stuck key
    "../../etc/passwd",
    "..\\..\\boot.ini",
    "<script>alert(1)</script>",
    "'; DROP TABLE rulings;--",
    "{{7*7}}",
    "²",  # str.isdigit() is true, int() refuses it
    "١٢",  # Arabic-Indic digits: int() reads them
    "\u202e\ufeff",  # right-to-left override, byte-order mark
    "🂡♠",
    "e\u0301",  # a combining accent
    "ＮＳ",  # full-width letters
    "NaN",
    "-1",
    "0",
    "14",
    "99999999999999999999",
    "18446744073709551616",  # 2**64: beyond every SQLite integer
    "-9223372036854775809",  # one below the smallest
    "1e309",
    "null",
    "[]",
    '{"a": [1, {"b": null}]}',
    "a:b",
    "\r\n\t",
]
JSON_VALUES = [
    None,
    True,
    0,
    -1,
    1.5,
    1e308,
    "x",
    [],
    {},
    [[]],
    {"a": 1},
    "A" * 10_000,
    list(range(600)),
    ["SA"] * 60,
    {"N": 1},
    "²",
    2**64,  # numbers beyond 64 bits
    -(2**63) - 1,
    10**30,
    "\ud800",  # a lone surrogate (JSON can write one: "\ud800")
    "é\udfffx",
    {"\udca1": "x"},
]
# Form values as sent on the wire: non-ASCII text, a lone surrogate's UTF-8 bytes (no
# valid UTF-8 holds one), a byte no UTF-8 has, and numbers beyond 64 bits.
WIRE_VALUES = [
    "%C3%A9",
    "%F0%9F%82%A1",
    "%ED%A0%80",
    "%ED%B3%BF%ED%B3%BF",
    "%FF%FE",
    "18446744073709551616",
    "-9223372036854775809",
    "9" * 400,
]
FORM = "application/x-www-form-urlencoded"
WIZARDS = [
    "revoke",
    "lead-out-of-turn",
    "penalty-card",
    "insufficient-bid",
    "unauthorised-information",
    "exposed-card",
]
HANDS = TAPPED_HANDS
TAPPED = {
    "number": 1,
    "hands": {seat: cards.split() for seat, cards in HANDS.items()},
    "auction": ["1S", "P", "4S", "P", "P", "P"],
    "play": ["HA", "H6", "H9", "H3", "HK", "H7", "HT", "H4", "D5", "DA", "D9", "D2"],
}
DEAL = "N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98"
PBN_BOARD = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
ADJUST_FIELDS = [
    "results",
    "vul",
    "board",
    "comparison",
    "traveller",
    "table_result",
    "without_error",
    "non_offenders",
    "method",
    "deal",
]
CASE_FILTERS = ["wizard", "difficulty", "law", "q"]
TOKEN = "sweep-token"


def real_records(kind: str | None = None) -> list[str]:
    manifest = RECORDS / "manifest.json"
    if not manifest.exists():
        return []
    files = json.loads(manifest.read_text(encoding="utf-8"))["files"]
    return [e["file"] for e in files if kind is None or e["valid"] == kind]


needs_records = pytest.mark.skipif(
    not (RECORDS / "manifest.json").exists(), reason="../shared/real-records is not here"
)


# --- the app under attack -------------------------------------------------------------


class Sweep:
    """A client with a CSRF token, a tapped board, a loaded session and a recorded
    ruling, and every answer it got checked as it comes."""

    def __init__(self, tmp_path: Path) -> None:
        self.store_path = tmp_path / "log.sqlite3"
        self.app = create_app(
            {"TESTING": True, "STORE_PATH": str(self.store_path), "SECRET_KEY": "sweep"}
        )
        self.client = self.app.test_client()
        with self.client.session_transaction() as session:
            session["csrf_token"] = TOKEN
        self.board_id = self.client.post("/api/boards", json=TAPPED).get_json()["id"]
        with (DATA / "24-boards-no-play.pbn").open("rb") as handle:
            loaded = self.form("/sessions", {"name": "Tuesday", "file": (handle, "tuesday.pbn")})
        assert loaded.status_code == 303, text(loaded)[:300]
        self.session_id = loaded.headers["Location"].rsplit("=", 1)[-1]
        answers = json.dumps({"usual": "yes", "declarer_tricks": "9"})
        recorded = self.form(f"/rule/revoke/{self.board_id}/record", {"answers": answers})
        assert recorded.status_code == 303, text(recorded)[:300]
        self.ruling_id = recorded.headers["Location"].rsplit("/", 1)[-1]

    def check(self, response, what: str):
        body = text(response)
        assert response.status_code < 500, f"{what}: {response.status_code} {body[:300]}"
        assert "Traceback" not in body, f"{what}: {body[:300]}"
        if response.status_code == 400:
            assert error_message(response), f"{what}: a 400 that says nothing"
        return response

    def get(self, url: str, query=None):
        return self.check(self.client.get(url, query_string=query), f"GET {url} {query!r:.120}")

    def post_json(self, url: str, body, raw: bool = False):
        if raw:
            if isinstance(body, str):  # a lone surrogate goes as its (invalid) UTF-8 bytes
                body = body.encode("utf-8", "surrogatepass")
            response = self.client.post(url, data=body, content_type="application/json")
        else:
            response = self.client.post(url, json=body)
        return self.check(response, f"POST {url} {body!r:.120}")

    def form(self, url: str, fields, token: bool = True):
        # Pairs, not a dict: MultiDict would read an upload's (file, name) as two values.
        data = MultiDict(list(fields.items()) if isinstance(fields, dict) else fields)
        if token:
            data.add("csrf_token", TOKEN)
        response = self.client.post(url, data=data, content_type="multipart/form-data")
        return self.check(response, f"POST {url} {list(data.items())!r:.160}")


def text(response) -> str:
    return response.get_data(as_text=True)


def error_message(response) -> str:
    """The message an error answer gives: the JSON ``error`` or the page's paragraph."""
    if response.is_json:
        data = response.get_json(silent=True) or {}
        return str(data.get("error") or "") if isinstance(data, dict) else ""
    body = text(response)
    found = re.search(r'<p class="error"[^>]*>(.*?)</p>', body, re.S) or re.search(
        r"<main[^>]*>.*?<p>(.*?)</p>", body, re.S
    )
    return found.group(1).strip() if found else ""


@pytest.fixture(scope="module")
def sweep(tmp_path_factory) -> Sweep:
    return Sweep(tmp_path_factory.mktemp("sweep"))


def log_rows(path: Path) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT * FROM rulings ORDER BY rowid").fetchall()


# Each route: how to reach it, and the query parameters and form fields it reads.
def routes(sweep: Sweep) -> dict[str, dict]:
    board, session, ruling = sweep.board_id, sweep.session_id, sweep.ruling_id
    return {
        "core.home": {"get": "/"},
        "core.search_page": {"get": "/search", "query": ["q", "partial"]},
        "core.healthz": {"get": "/healthz"},
        # English: the sweep's client is shared, and later checks read English messages.
        "language.switch": {"get": "/language/en", "query": ["next"]},
        "adjusted.page": {"get": "/adjust", "query": ADJUST_FIELDS},
        "adjusted.api": {"json": "/api/adjust", "keys": ADJUST_FIELDS},
        "api.search": {"get": "/api/search", "query": ["q", "limit"]},
        "api.ruling": {"json": "/api/rulings/revoke", "keys": ["board", "irregularity", "answers"]},
        "api.check_board": {"json": "/api/boards/check", "keys": [*TAPPED, "claim"]},
        "api.save_board": {"json": "/api/boards", "keys": [*TAPPED, "claim"]},
        "boards.new": {"get": "/boards/new"},
        "boards.tap": {"get": "/boards/tap"},
        "boards.show": {"get": f"/boards/{board}"},
        "boards.create": {"form": "/boards", "fields": ["text", "board_number"]},
        "training.library": {"get": "/cases/", "query": CASE_FILTERS},
        "training.case_page": {"get": "/cases/revoke/01-defender-ruffs-two-tricks"},
        "training.practice_home": {"get": "/practice/"},
        "training.start": {
            "get": "/practice/start",
            "query": ["wizard", "difficulty", "law", "random", "quiz", "grading"],
        },
        "training.run": {"get": "/practice/run", "query": ["c", "g", "grading"]},
        "training.quiz": {"get": "/practice/quiz", "query": ["c"]},
        "lan.lan_page": {"get": "/lan", "query": ["done"]},
        "lan.end_sessions": {"form": "/lan/end-sessions", "fields": ["new_pin"]},
        "lan.unlock": {"form": "/lan/unlock", "fields": []},
        "laws.contents": {"get": "/laws/"},
        "laws.law_page": {"get": "/laws/64"},
        "sessions.index": {"get": "/sessions", "query": ["loaded"]},
        "sessions.load": {"form": "/sessions", "fields": ["name"]},
        "sessions.keypad": {"get": "/rule-board", "query": ["s", "n", "w"]},
        "sessions.board": {
            "get": f"/sessions/{session}/boards/3",
            "query": ["c", "x", "d", "t", "w"],
        },
        "sessions.rule_board": {
            "form": f"/sessions/{session}/boards/3?c=4S&d=N&t=9&w=revoke",
            "fields": [],
        },
        "sessions.remove": {"form": "/sessions/no-such-session/remove", "fields": []},
        "auction_box.page": {
            "get": f"/sessions/{session}/boards/3/auction",
            "query": ["w", "k", "seat"],
        },
        "auction_box.start": {
            "form": f"/sessions/{session}/boards/3/auction",
            "fields": ["w", "k", "call_index"],
        },
        "auction_box.stored": {
            "get": f"/boards/{board}/auction",
            "query": ["w", "k", "seat"],
        },
        "wizard.step": {
            "get": f"/rule/revoke/{board}",
            "query": [
                "a",
                "node",
                "value",
                "amends",
                "rb",
                "rc",
                "rd",
                "rt",
                "rx",
                "rw",
                "tv",
                "te",
            ],
        },
        "wizard.tree_page": {"get": "/wizards/revoke"},
        "ledger.record": {
            "form": f"/rule/revoke/{board}/record",
            "fields": ["answers", "table", "ns_pair", "ew_pair", "amends", "note", "request_key"],
        },
        "ledger.log": {"get": "/rulings", "query": ["s", "b"]},
        "ledger.saved": {"get": f"/rulings/{ruling}"},
        "ledger.amend": {
            "form": f"/rulings/{ruling}/amend",
            "fields": ["kind", "tricks_after", "artificial_ns", "artificial_ew", "note"],
        },
        "ledger.export": {"get": "/rulings/export.csv", "query": ["s", "b"]},
        "static": {"get": "/static/css/app.css"},
    }


# Values that make a form field's request otherwise complete, so the hostile one is
# the only thing wrong with it.
FORM_BASE = {
    "/boards": {"text": PBN_BOARD},
    "auction": {"w": "insufficient-bid", "k": "P 1S 1H", "call_index": "3"},
    "record": {"answers": json.dumps({"usual": "yes", "declarer_tricks": "9"})},
    "amend": {"kind": "correction", "note": "checked"},
}


def form_base(url: str) -> dict[str, str]:
    for key, base in FORM_BASE.items():
        if url == key or url.endswith("/" + key):
            return dict(base)
    return {}


JSON_BASE = {
    "/api/adjust": {"results": "4S S 10 0.6; 3S S 9 0.4", "vul": "NS"},
    "/api/boards": TAPPED,
    "/api/boards/check": TAPPED,
    "/api/rulings/revoke": {"board": {"number": 1, "deal": DEAL, "auction": TAPPED["auction"]}},
}


def test_the_sweep_covers_every_route_of_the_app(sweep):
    known = set(routes(sweep))
    endpoints = {rule.endpoint for rule in sweep.app.url_map.iter_rules()}
    assert endpoints == known, (
        f"routes not swept: {sorted(endpoints - known)}; gone: {sorted(known - endpoints)}"
    )


def test_every_route_answers_get_and_post_without_a_500(sweep):
    for route in routes(sweep).values():
        url = route.get("get") or route.get("json") or route.get("form")
        sweep.get(url)
        sweep.form(url, {})
        sweep.form(url, {}, token=False)
        sweep.post_json(url, {})


def test_every_query_parameter_with_hostile_values(sweep):
    chooser = random.Random(20_241_123)
    for route in routes(sweep).values():
        url, params = route.get("get"), route.get("query", [])
        if not url:
            continue
        for param in params:
            for value in HOSTILE:
                sweep.get(url, {param: value})
            sweep.get(url, [(param, value) for value in HOSTILE])  # repeated parameter
        for _ in range(10 if params else 0):
            picks = [(p, chooser.choice(HOSTILE)) for p in params if chooser.random() < 0.6]
            sweep.get(url, picks)


def test_every_form_field_with_hostile_values(sweep):
    before = log_rows(sweep.store_path)
    for route in routes(sweep).values():
        url = route.get("form")
        if not url:
            continue
        for field in route["fields"]:
            for value in HOSTILE:
                sweep.form(url, {**form_base(url), field: value})
            sweep.form(url, [*form_base(url).items(), *((field, v) for v in HOSTILE[:8])])
    # Nothing recorded before is changed or lost by a bad request; only new entries.
    after = log_rows(sweep.store_path)
    assert after[: len(before)] == before
    with contextlib.closing(sqlite3.connect(sweep.store_path)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_answers_of_every_shape_in_the_record_form_are_refused_by_name(sweep):
    url = f"/rule/revoke/{sweep.board_id}/record"
    before = log_rows(sweep.store_path)
    for shape in [[], 1, "x", None, True, ["usual", "yes"], "{" * 10_000, '{"usual": ']:
        answers = shape if isinstance(shape, str) and shape.startswith("{") else json.dumps(shape)
        response = sweep.form(url, {"answers": answers})
        assert response.status_code == 400
        assert "answers" in error_message(response).lower()
    assert log_rows(sweep.store_path) == before


def test_every_form_field_and_token_with_non_ascii_surrogate_and_huge_values(sweep):
    """Sent raw, as a browser or a script would: every field of every form, the CSRF
    token and the record form's request key among them."""
    before = log_rows(sweep.store_path)
    for route in routes(sweep).values():
        url = route.get("form")
        if not url:
            continue
        base = {**form_base(url), "csrf_token": TOKEN}
        for field in [*route["fields"], "csrf_token", "request_key"]:
            for value in WIRE_VALUES:
                fields = {**base, field: None}
                body = "&".join(
                    f"{name}={value if given is None else quote_plus(given)}"
                    for name, given in fields.items()
                )
                response = sweep.client.post(url, data=body, content_type=FORM)
                sweep.check(response, f"POST {url} {field}={value}")
                if field == "csrf_token":
                    assert response.status_code == 400, (url, value)
                body = response.get_data()
                body.decode("utf-8")  # whatever it echoes, the page is UTF-8
    assert log_rows(sweep.store_path)[: len(before)] == before


def test_the_pin_form_with_non_ascii_surrogate_and_huge_values(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "STORE_PATH": str(tmp_path / "log.sqlite3"),
            "SECRET_KEY": "pin",
            "LAN_PIN": "123456",
        }
    )
    tablet = app.test_client()
    tablet.environ_base["REMOTE_ADDR"] = "192.168.1.77"
    page = tablet.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    for value in WIRE_VALUES:
        for body in (
            f"pin=123456&csrf_token={value}",
            f"pin={value}&csrf_token={token}",
            f"pin=1&csrf_token={token}&next={value}",
        ):
            response = tablet.post("/pin", data=body, content_type=FORM)
            assert response.status_code in (400, 401, 429), (body, response.status_code)
            response.get_data().decode("utf-8")
    assert app.extensions["td_lan"].attempts.total_failures > 0


def test_every_json_key_with_values_of_the_wrong_type(sweep):
    chooser = random.Random(7)
    for route in routes(sweep).values():
        url = route.get("json")
        if not url:
            continue
        unreadable = ["not json", b"\xff\xfe\x00", "[" * 50_000, '{"n": 1' + "0" * 5000]
        for body in [*JSON_VALUES, *unreadable]:
            if isinstance(body, str | bytes):
                response = sweep.post_json(url, body, raw=True)
                assert response.status_code == 400
            else:
                sweep.post_json(url, body)
        for key in route["keys"]:
            for value in [*JSON_VALUES, *HOSTILE]:
                sweep.post_json(url, {**JSON_BASE[url], key: value})
        for _ in range(60):
            keys = chooser.sample(route["keys"], chooser.randint(1, len(route["keys"])))
            body = {**JSON_BASE[url]}
            body.update({k: chooser.choice(JSON_VALUES + HOSTILE) for k in keys})
            sweep.post_json(url, body)


@pytest.mark.parametrize(
    ("url", "body", "named"),
    [
        ("/api/boards", {**TAPPED, "number": "x"}, "number"),
        ("/api/boards", {**TAPPED, "auction": ["1S", "8NT"]}, "8NT"),
        ("/api/boards", {**TAPPED, "play": ["HA", "ZZ"]}, "ZZ"),
        ("/api/boards", {**TAPPED, "claim": 14}, "claim"),
        ("/api/boards", {**TAPPED, "colour": "red"}, "colour"),
        ("/api/adjust", {"results": "4S S 10 1", "vul": "sideways"}, "sideways"),
        ("/api/adjust", {"results": "4S Q 10 1"}, "Q"),
        ("/api/adjust", {"results": "4S S 10 1", "board": "²"}, "board"),
        ("/api/rulings/revoke", {"board": {"deal": "N:AKQ"}}, "deal"),
        ("/api/rulings/revoke", {"answers": ["x"]}, "answers"),
        ("/api/rulings/revoke", {"irregularity": {"kind": "sneeze"}}, "sneeze"),
        ("/api/rulings/no-such-law", {}, "no-such-law"),
    ],
)
def test_an_api_error_names_the_field_or_the_value(sweep, url, body, named):
    response = sweep.post_json(url, body)
    assert 400 <= response.status_code < 500
    assert named in error_message(response), error_message(response)


@pytest.mark.parametrize(
    "segment",
    [
        "..%2F..%2Fetc%2Fpasswd",
        "%2e%2e",
        "%00",
        "%ff%fe",
        "x" * 5000,
        "²",
        "-1",
        "0",
        "ＮＳ",
        "<b>",
        "99999999999999999999",
        "18446744073709551616",
        "-9223372036854775809",
        "9" * 400,
        "%ED%A0%80",
        "%C3%A9",
    ],
)
def test_path_segments_that_look_like_traversal_or_junk(sweep, segment):
    board, ruling, session = sweep.board_id, sweep.ruling_id, sweep.session_id
    for url in [
        f"/boards/{segment}",
        f"/rule/revoke/{segment}",
        f"/rule/{segment}/{board}",
        f"/wizards/{segment}",
        f"/rulings/{segment}",
        f"/rulings/export.{segment}",
        f"/cases/{segment}/{segment}",
        f"/cases/revoke/{segment}",
        f"/laws/{segment}",
        f"/sessions/{segment}/boards/1",
        f"/sessions/{session}/boards/{segment}",
        f"/sessions/{session}/boards/{segment}?c=4S&d=N&t=9",
        f"/static/{segment}",
        f"/static/../{segment}",
        f"/practice/run?c=revoke/{segment}",
        f"/practice/quiz?c=revoke/{segment}",
    ]:
        assert sweep.get(url).status_code in (200, 301, 302, 308, 400, 404), url
    for url in [
        f"/rule/revoke/{segment}/record",
        f"/rulings/{segment}/amend",
        f"/sessions/{segment}/remove",
        f"/sessions/{session}/boards/{segment}?c=4S&d=N&t=9",
        f"/api/rulings/{segment}",
    ]:
        sweep.form(url, {})
    assert sweep.get(f"/rulings/{ruling}").status_code == 200


def test_a_long_case_name_is_not_found_rather_than_a_crash(sweep):
    for url in [f"/cases/revoke/{'x' * 300}", f"/practice/run?c=revoke/{'x' * 300}"]:
        assert sweep.get(url).status_code in (400, 404)


# --- uploads ----------------------------------------------------------------------------


UPLOADS = [
    b"",
    b"\x00" * 64,
    b"\xff\xfe\x00",  # a UTF-16 mark followed by half a character
    b"\xfe\xff\x00",
    bytes(range(256)),
    b"[" * 100_000,
    b"{" * 100_000,
    b"md|" * 10_000,
    "²".encode(),
    b"\xef\xbb\xbf",
]


def test_hostile_uploads_get_a_message_naming_the_file(sweep):
    before = log_rows(sweep.store_path)
    for content in UPLOADS:
        for suffix in (".pbn", ".lin", ".json", ".txt", ".exe", ""):
            name = f"upload{suffix}"
            for url, field in (("/boards", "file"), ("/sessions", "file")):
                response = sweep.form(url, {field: (io.BytesIO(content), name)})
                assert response.status_code == 400, (url, content[:10], suffix)
                assert name in error_message(response), error_message(response)
    assert log_rows(sweep.store_path) == before


def test_hostile_upload_names_are_only_labels(sweep):
    for name in HOSTILE[1:]:
        for url in ("/boards", "/sessions"):
            response = sweep.form(url, {"file": (io.BytesIO(PBN_BOARD.encode()), name + ".pbn")})
            assert response.status_code == 303, (url, name[:20], error_message(response))


def test_uploads_larger_than_the_limits_are_refused_with_the_limit(sweep):
    sessions_before = sweep.app.extensions["td_store"].sessions()
    big = b"%" + b"x" * 2_000_001
    for url in ("/boards", "/sessions"):
        response = sweep.form(url, {"file": (io.BytesIO(big), "big.pbn")})
        assert response.status_code in (400, 413)
        assert "MB" in error_message(response)
    for url in JSON_BASE:
        response = sweep.post_json(url, {"results": "x" * 2_000_001})
        assert response.status_code == 413 and "MB" in error_message(response)
    assert sweep.app.extensions["td_store"].sessions() == sessions_before


@needs_records
@pytest.mark.parametrize("name", real_records())
def test_real_records_and_mutated_copies_upload_without_a_500(sweep, name):
    raw = (RECORDS / name).read_bytes()
    valid = name in real_records("yes")
    filename = Path(name).name
    response = sweep.form("/boards", {"file": (io.BytesIO(raw), filename)})
    if valid:
        assert response.status_code == 303, error_message(response)
    elif response.status_code == 400:
        assert filename in error_message(response)
    # A session is one deal per board number: some valid records are not one, and say so.
    response = sweep.form("/sessions", {"file": (io.BytesIO(raw), filename)})
    if response.status_code == 400:
        assert filename in error_message(response)
    text_of = decode_record(raw)
    chooser = random.Random(name)
    for _ in range(4):
        mutated = mutate(text_of, chooser)
        for url in ("/boards", "/sessions"):
            upload = {"file": (io.BytesIO(mutated.encode("utf-8")), filename)}
            response = sweep.form(url, upload)
            if response.status_code == 400:
                assert filename in error_message(response), error_message(response)[:200]


JUNK = ["", "\x00", "²", "\ufeff", "🂡", "♠", "10", "|", "||", "[", "]", '"', "{", "}", "\n", "%"]


def mutate(record: str, chooser: random.Random) -> str:
    """A truncated or damaged copy: cut short, a line lost or doubled, junk put in."""
    lines = record.splitlines(keepends=True)
    how = chooser.randrange(5)
    if how == 0:
        return record[: chooser.randrange(len(record) + 1)]
    if how == 1 and lines:
        del lines[chooser.randrange(len(lines))]
        return "".join(lines)
    if how == 2 and lines:
        where = chooser.randrange(len(lines))
        lines.insert(where, lines[where])
        return "".join(lines)
    chars = list(record)
    for _ in range(chooser.randint(1, 6)):
        if chars:
            chars[chooser.randrange(len(chars))] = chooser.choice(JUNK)
    return "".join(chars)


# --- the command line -------------------------------------------------------------------


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:  # argparse
            code = stop.code if isinstance(stop.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def assert_clear_failure(argv: list[str], code: int, err: str) -> None:
    assert "Traceback" not in err, (argv, err)
    if code == 0:
        return
    assert code in (1, 2), (argv, code, err)
    lines = [line for line in err.splitlines() if line.strip()]
    if code == 2 and lines and "usage:" in lines[0]:
        assert "error:" in lines[-1], (argv, err)  # argparse: usage, then the error
        return
    if code == 2:
        assert len(lines) == 1 and lines[0].startswith("td-assist: "), (argv, err)
        assert "please report it" not in err, (argv, err)


@pytest.fixture
def cli(tmp_path, monkeypatch):
    """The CLI in a scratch folder: a hostile --output or file name lands there."""
    monkeypatch.setenv("TD_ASSIST_DEBUG", "1")
    monkeypatch.chdir(tmp_path)

    def call(*argv: str) -> tuple[int, str, str]:
        code, out, err = run_cli(list(argv))
        assert_clear_failure(list(argv), code, err)
        return code, out, err

    return call


# A value NUL cannot reach the CLI: an operating system's argv ends each string at one.
# Bytes that are not UTF-8 reach it as lone surrogates (Python's surrogateescape).
ARGUMENTS = [v for v in HOSTILE if "\x00" not in v and "/" not in v and "\\" not in v] + [
    "\udcff",
    "é\udcfe\udcff",
]


def test_the_sweep_covers_every_cli_subcommand():
    from td_assist.cli import build_parser

    found = set()

    def walk(parser, prefix):
        for action in parser._actions:
            if action.__class__.__name__ == "_SubParsersAction":
                for name, sub in action.choices.items():
                    walk(sub, [*prefix, name])
                return
        found.add(" ".join(prefix))

    walk(build_parser(), [])
    assert found == set(CLI_SWEPT), sorted(found ^ set(CLI_SWEPT))


CLI_SWEPT = {
    "serve": [["serve", "--port", "{v}"]],
    "score": [["score", "{v}", "S", "9"], ["score", "4S", "{v}", "9"], ["score", "4S", "S", "{v}"]],
    "search": [["search", "{v}"], ["search", "revoke", "--limit", "{v}"]],
    "law": [["law", "{v}"]],
    "laws import": [["laws", "import", "{v}"]],
    "laws check": [["laws", "check", "{v}"]],
    "laws overlap": [["laws", "overlap", "--min-words", "{v}"]],
    "rule": [
        ["rule", "revoke", "{v}"],
        ["rule", "{v}", "board.pbn"],
        ["rule", "revoke", "board.pbn", "--board", "{v}"],
        ["rule", "penalty-card", "board.pbn", "--answer", "{v}"],
        ["rule", "insufficient-bid", "board.pbn", "--answer", "accepted={v}"],
    ],
    "adjust": [
        ["adjust", "--results", "{v}"],
        ["adjust", "--results", "4S S 10 1", "--vul", "{v}"],
        ["adjust", "--results", "4S S 10 1", "--board", "{v}"],
        ["adjust", "--results", "4S S 10 1", "--comparison", "{v}"],
        ["adjust", "--results", "4S S 10 1", "--traveller", "{v}"],
        ["adjust", "--results", "4S S 10 1", "--method", "{v}"],
        ["adjust", "--results", "4S S 10 1", "--deal", "{v}"],
        [
            "adjust",
            "--results",
            "4S S 10 1",
            "--table-result",
            "{v}",
            "--without-error",
            "4S S 9",
            "--non-offenders",
            "NS",
        ],
        [
            "adjust",
            "--results",
            "4S S 10 1",
            "--table-result",
            "4S S 9",
            "--without-error",
            "4S S 9",
            "--non-offenders",
            "{v}",
        ],
    ],
    "session load": [["session", "load", "{v}"], ["session", "load", "board.pbn", "--name", "{v}"]],
    "session list": [["session", "list", "{v}"]],
    "session remove": [["session", "remove", "{v}"]],
    "log export": [
        ["log", "export", "--session", "{v}"],
        ["log", "export", "--all", "--format", "{v}"],
        ["log", "export", "--all", "--output", "{v}"],
    ],
    "cases list": [["cases", "list", "--wizard", "{v}"]],
    "cases show": [["cases", "show", "{v}"], ["cases", "show", "revoke/{v}"]],
    "cases check": [["cases", "check", "--wizard", "{v}"]],
}


@pytest.mark.parametrize("command", sorted(CLI_SWEPT))
def test_every_cli_subcommand_with_hostile_arguments(cli, command):
    Path("board.pbn").write_text(PBN_BOARD, encoding="utf-8")
    for template in CLI_SWEPT[command]:
        if template[0] == "serve":
            continue  # a valid port would start a server; its argument is argparse's
        for value in ARGUMENTS:
            cli(*[part.replace("{v}", value) for part in template])


def test_serve_refuses_a_port_that_is_not_a_number(cli):
    code, _out, err = cli("serve", "--port", "x")
    assert code == 2 and "--port" in err


@pytest.mark.parametrize("content", [*UPLOADS, b'{"board": 1}', b"x = ", b"[board]\ndeal = 5"])
@pytest.mark.parametrize("suffix", [".pbn", ".lin", ".json", ".txt", ".toml", ""])
def test_cli_hostile_files_fail_with_one_line_naming_the_file(cli, content, suffix):
    path = Path(f"hostile{suffix}")
    path.write_bytes(content)
    for argv in (["rule", "revoke", str(path)], ["session", "load", str(path)]):
        code, _out, err = cli(*argv)
        assert code == 2, (argv, content[:10])
        assert path.name in err, (argv, err)


def test_cli_names_a_missing_or_unusable_file(cli, tmp_path):
    Path("folder").mkdir()
    for argv in (
        ["rule", "revoke", "missing.pbn"],
        ["rule", "revoke", "folder"],
        ["session", "load", "folder"],
        ["laws", "import", "folder"],
        ["log", "export", "--all", "--output", "folder"],
        ["log", "export", "--all", "--output", "no/such/folder/out.csv"],
        ["log", "export", "--all", "--output", "x" * 300],
    ):
        code, _out, err = cli(*argv)
        assert code == 2, argv
        assert argv[-1][:40] in err or "folder" in err, (argv, err)


@needs_records
@pytest.mark.parametrize("name", real_records())
def test_cli_rules_on_truncated_and_mutated_real_records(cli, name):
    source = RECORDS / name
    text_of = decode_record(source.read_bytes())[:30_000]
    chooser = random.Random(f"cli {name}")
    for number in range(3):
        copy = Path(f"copy{number}{source.suffix}")
        copy.write_text(mutate(text_of, chooser), encoding="utf-8")
        try:
            read_boards(copy)
            unreadable = False
        except RecordError:
            unreadable = True
        for wizard in chooser.sample(WIZARDS, 2):
            code, _out, err = cli("rule", wizard, str(copy), "--json")
            if unreadable:  # otherwise a wizard's own refusal, e.g. no insufficient bid
                assert code == 2 and copy.name in err, err


# --- what the log holds goes out whole, through every export ------------------------------

UI_DEAL = "N:AQ932.J94.AJ.652 54.QT5.KT64.KT94 KT87.6.Q972.QJ87 J6.AK8732.853.A3"
UI_RECORD = f"board 1\ndeal {UI_DEAL}\nauction 1S P 2S 3H P P 3S P P P\nnote 5: slow pass\nresult 9"
UI_DAMAGED = {
    "call_index": "5",
    "source_kind": "tempo",
    "ui": "yes",
    "suggested": "yes",
    "logical_alternative": "yes",
    "damaged": "yes",
    "assignable": "yes",
    "serious_error": "no",
}
# Weighted scores that are not whole points (Law 12C1(c)), in each unit the TD can give.
FRACTIONAL = [
    {"results": "3H W 9 0.25; 3H W 8 0.75", "scoring": "points"},  # NS +2.5
    {"results": "3H W 9 0.333; 3H W 8 0.667", "scoring": "points"},  # NS -13.27
    {"results": "3H W 9 0.25; 3H W 8 0.75", "scoring": "pairs", "traveller": "140, 50, -140"},
    {"results": "3H W 9 0.3; 3H W 8 0.7", "scoring": "teams", "comparison": "110"},
]


def exports_everywhere(client, home: Path) -> dict[str, str]:
    """Every export of the whole log: the web's three and the command line's three."""
    out = {}
    for fmt in ("csv", "pbn", "html"):
        response = client.get(f"/rulings/export.{fmt}")
        assert response.status_code == 200, fmt
        out[f"web {fmt}"] = response.get_data(as_text=True)
        target = home / f"cli.{fmt}"
        code, _out, err = run_cli(["log", "export", "--all", "--format", fmt, "-o", str(target)])
        assert code == 0, err
        out[f"cli {fmt}"] = target.read_text(encoding="utf-8")
    return out


def count_rulings(exported: dict[str, str]) -> dict[str, int]:
    counts = {}
    for name, body in exported.items():
        if name.endswith("csv"):
            counts[name] = len(list(csv.DictReader(io.StringIO(body))))
        elif name.endswith("pbn"):
            counts[name] = body.count("{Ruling (")
        else:
            counts[name] = body.count('class="report-page"')
    return counts


@pytest.fixture
def own_log(tmp_path, monkeypatch):
    """An app whose log is the command line's too (TD_ASSIST_HOME), with a CSRF token."""
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path))
    monkeypatch.setenv("TD_ASSIST_DEBUG", "1")
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "td-assist.sqlite3"), "SECRET_KEY": "l"}
    )
    client = app.test_client()
    with client.session_transaction() as session:
        session["csrf_token"] = TOKEN
    return app, client, tmp_path


def test_fractional_scores_through_record_permalink_report_and_every_export(own_log):
    _app, client, home = own_log
    made = client.post("/boards", data={"csrf_token": TOKEN, "text": UI_RECORD})
    board_id = made.headers["Location"].rsplit("/", 1)[-1]
    ids = []
    for extra in FRACTIONAL:
        answers = json.dumps({**UI_DAMAGED, **extra})
        recorded = client.post(
            f"/rule/unauthorised-information/{board_id}/record",
            data={"csrf_token": TOKEN, "answers": answers, "table": "2"},
        )
        assert recorded.status_code == 303, text(recorded)[:300]
        ids.append(recorded.headers["Location"].rsplit("/", 1)[-1])
    for ruling_id in ids:
        assert client.get(f"/rulings/{ruling_id}").status_code == 200
    assert client.get("/rulings").status_code == 200
    exported = exports_everywhere(client, home)
    assert set(count_rulings(exported).values()) == {len(FRACTIONAL)}
    rows = list(csv.DictReader(io.StringIO(exported["cli csv"])))
    kinds = [row["score_kind"] for row in rows]
    assert kinds == ["weighted_points", "weighted_points", "weighted_percent", "weighted_imps"]
    assert [row["score_ns_after"] for row in rows[:2]] == ["2.5", "-13.27"]


def test_a_log_of_more_than_1000_rulings_goes_out_whole_through_every_export(own_log):
    from td_assist.rulings.engine.model import Ruling
    from td_assist.store import LogFacts

    app, client, home = own_log
    store = app.extensions["td_store"]
    store._db.execute("PRAGMA synchronous=OFF")  # a test log needs no fsync per ruling
    sessions = [
        store.save_session(name, "x.pbn", {1: {"number": 1, "deal": DEAL}})
        for name in ("Monday", "Tuesday")
    ]
    board_id = store.save_board({"number": 1, "deal": DEAL}, source="sweep")
    ruling = Ruling(wizard="revoke", status="complete", path=[], title="t").model_dump(mode="json")
    current = set()
    for number in range(1_020):
        facts = LogFacts(
            session_id=sessions[number % 2],
            board_number=number % 28 + 1,
            table=str(number % 15 + 1),
            score_played=-50,
            score_after=-50,
            score_kind="points",
            title=f"ruling {number}",
        )
        ruling_id = store.save_ruling(board_id, "revoke", {}, ruling, facts=facts)
        if number % 10 == 0:  # a correction replaces it: the log counts both
            ruling_id = store.save_ruling(
                board_id, "revoke", {}, ruling, facts=facts, kind="correction", amends=ruling_id
            )
        current.add(ruling_id)
    exported = exports_everywhere(client, home)
    assert set(count_rulings(exported).values()) == {len(current)}, count_rulings(exported)
    for name in ("web csv", "cli csv"):
        found = {row["ruling_id"] for row in csv.DictReader(io.StringIO(exported[name]))}
        assert found == current, name
    page = text(client.get("/rulings"))
    assert f"of {len(current)}" in page and 'data-page="older"' in page


def test_cli_takes_a_file_whose_name_is_not_utf8(cli):
    """On Linux a file name's bytes that are not UTF-8 reach Python as lone surrogates."""
    name = "caf\udce9.pbn"  # 'café' written in Latin-1
    try:
        Path(name).write_text(PBN_BOARD, encoding="utf-8")
    except (UnicodeEncodeError, OSError):
        pytest.skip("this file system takes only Unicode names")
    code, out, _err = cli("session", "load", name)
    assert code == 0 and "caf?" in out
    code, out, _err = cli("session", "list")
    assert code == 0 and "caf?" in out
