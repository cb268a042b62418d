"""Sessions, "rule on board N", the event ruling log and its exports, through Flask's
test client."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from td_assist.bridge.formats import parse_pbn
from td_assist.web import create_app

DATA = Path(__file__).resolve().parent / "data"
HAND_RECORD = DATA / "24-boards-no-play.pbn"
FULL_PLAY = (DATA / "32-boards.pbn").read_text(encoding="utf-8")
NO_REVOKE = json.dumps({"revoke_found": "no"})


@pytest.fixture
def client(tmp_path):
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    return app.test_client()


def token(client, path="/sessions"):
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def html(response) -> str:
    return response.get_data(as_text=True)


def link(page: str, attribute: str) -> str:
    found = re.search(r'href="([^"]*)"[^>]*' + re.escape(attribute), page)
    assert found, f"no link with {attribute}"
    return found.group(1).replace("&amp;", "&")


def load(client, name="Tuesday pairs", path=HAND_RECORD):
    with path.open("rb") as handle:
        response = client.post(
            "/sessions",
            data={"csrf_token": token(client), "name": name, "file": (handle, path.name)},
            content_type="multipart/form-data",
        )
    assert response.status_code == 303, html(response)[:500]
    return parse_qs(urlsplit(response.headers["Location"]).query)["loaded"][0]


def press(client, page: str, attribute: str):
    """Tap the button that completes the facts: it POSTs to its address with the token."""
    found = re.search(r'formaction="([^"]*)"[^>]*' + re.escape(attribute), page) or re.search(
        r'<form method="post" action="([^"]*)"[^>]*>.*?' + re.escape(attribute), page, re.S
    )
    assert found, f"no button with {attribute}"
    form_token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    return client.post(found.group(1).replace("&amp;", "&"), data={"csrf_token": form_token})


def pick_board(client, digits: str, wizard="revoke") -> str:
    page = html(client.get(f"/rule-board?w={wizard}"))
    for digit in digits:
        target = link(page, f'data-key="{digit}"')
        if "/boards/" in target:
            return target
        page = html(client.get(target))
    return link(page, "data-go")


def facts_to_wizard(client, board_url: str, contract="4H", declarer="N", tricks="9") -> str:
    page = html(client.get(board_url))
    page = html(client.get(link(page, f'data-contract="{contract}"')))
    page = html(client.get(link(page, f'data-declarer="{declarer}"')))
    response = press(client, page, f'data-tricks="{tricks}"')
    assert response.status_code == 303
    wizard_url, _, query = response.headers["Location"].partition("?")
    assert query == "a=usual%3Ayes"  # the club path: only the facts are asked
    return wizard_url


def record(client, wizard_url: str, answers: str, **fields: str):
    board_id = wizard_url.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
    page = html(client.get(wizard_url))
    key = re.search(r'name="request_key" value="([^"]+)"', page)
    data = {
        "csrf_token": token(client),
        "answers": answers,
        "request_key": key.group(1) if key else "",
        **fields,
    }
    return client.post(f"/rule/revoke/{board_id}/record", data=data)


def test_loading_a_hand_record_makes_it_the_default_session(client):
    assert "Load the session" in html(client.get("/"))
    load(client, "Monday")
    load(client, "Tuesday pairs")
    home = html(client.get("/"))
    assert "Tuesday pairs" in home and "24 boards" in home
    assert 'href="/rule-board?w=revoke"' in home
    listing = html(client.get("/sessions"))
    assert listing.index("Tuesday pairs") < listing.index("Monday")


def test_a_bad_hand_record_is_named_and_nothing_is_kept(client):
    response = client.post(
        "/sessions",
        data={
            "csrf_token": token(client),
            "file": (io.BytesIO(b'[Board "1"]\n[Deal "N:AKQ.JT"]\n'), "broken.pbn"),
        },
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    assert "broken.pbn" in html(response) and "PBN line 2" in html(response)
    assert "Kept sessions" not in html(client.get("/sessions"))


def test_the_keypad_goes_straight_to_a_board_once_the_number_is_complete(client):
    session_id = load(client)
    start = html(client.get("/rule-board?w=revoke"))
    assert 'data-key="0"' not in start  # no board starts with 0
    assert "/boards/3?" in link(start, 'data-key="3"')  # no board 30-39 in 24
    one = link(start, 'data-key="1"')
    assert "n=1" in one  # 1 or 10-19
    page = html(client.get(one))
    assert link(page, 'data-key="7"').startswith(f"/sessions/{session_id}/boards/17")
    assert "/boards/1?" in link(page, "data-go")
    assert 'data-key="8"' in page and 'data-key="5"' not in html(
        client.get(link(start, 'data-key="2"'))
    )


def test_rule_on_board_17_puts_the_facts_on_the_board(client):
    load(client)
    wizard_url = facts_to_wizard(client, pick_board(client, "17"), "4H", "N", "9")
    assert wizard_url.startswith("/rule/revoke/")
    board_id = wizard_url.rsplit("/", 1)[-1]
    board = html(client.get(f"/boards/{board_id}"))
    assert "Board 17" in board and "4♥" in board and "North" in board
    # Going back and choosing the same again reuses the same board.
    assert facts_to_wizard(client, pick_board(client, "17"), "4H", "N", "9") == wizard_url


def test_doubling_and_play_in_progress(client):
    load(client)
    page = html(client.get(pick_board(client, "5")))
    doubled = html(client.get(link(page, 'data-doubling="X"')))
    page = html(client.get(link(doubled, 'data-contract="3NT"')))
    assert "3NTX" in page
    page = html(client.get(link(page, 'data-declarer="E"')))
    assert "-1" in page and "=" in page  # results shown against the contract
    response = press(client, page, 'data-tricks="open"')
    board_id = response.headers["Location"].rsplit("/", 1)[-1]
    board = html(client.get(f"/boards/{board_id}"))
    assert "3♠X" not in board and "3NTX" in board


def test_an_edited_address_asks_again_instead_of_failing(client):
    session_id = load(client)
    for query in ("c=9S", "c=4S&d=Q", "c=4S&d=N&t=99", "c=%C2%B2&x=XXXX", "t=open"):
        response = client.get(f"/sessions/{session_id}/boards/17?{query}")
        assert response.status_code == 200
    assert client.get(f"/sessions/{session_id}/boards/99").status_code == 404
    assert client.get("/sessions/nope/boards/1").status_code == 404


def test_record_once_even_when_the_form_is_sent_twice(client):
    load(client)
    wizard_url = facts_to_wizard(client, pick_board(client, "17"))
    first = record(client, wizard_url, NO_REVOKE, table="3", ns_pair="5", ew_pair="12")
    assert first.status_code == 303
    page = html(client.get(wizard_url + "?a=revoke_found:no"))
    key = re.search(r'name="request_key" value="([^"]+)"', page).group(1)
    data = {"csrf_token": token(client), "answers": NO_REVOKE, "request_key": key}
    target = "/rule/revoke/" + wizard_url.rsplit("/", 1)[-1] + "/record"
    one, two = client.post(target, data=data), client.post(target, data=data)
    assert one.headers["Location"] == two.headers["Location"]
    assert html(client.get("/rulings")).count("data-ruling=") == 2  # the first, and this once


def test_the_record_form_needs_its_csrf_token_and_refuses_hostile_fields(client):
    load(client)
    wizard_url = facts_to_wizard(client, pick_board(client, "17"))
    board_id = wizard_url.rsplit("/", 1)[-1]
    target = f"/rule/revoke/{board_id}/record"
    assert client.post(target, data={"answers": NO_REVOKE}).status_code == 400
    hostile = record(client, wizard_url, NO_REVOKE, table="<script>alert(1)</script>")
    assert hostile.status_code == 400 and "<script>alert" not in html(hostile)
    nested = record(client, wizard_url, "[" * 100_000)
    assert nested.status_code == 400
    unfinished = record(client, wizard_url, "{}")
    assert unfinished.status_code == 400 and "not finished" in html(unfinished)
    unknown = record(client, wizard_url, NO_REVOKE, amends="nothing-here")
    assert unknown.status_code == 400
    assert "data-ruling=" not in html(client.get("/rulings"))


def _full_play_ruling(client, **fields):
    """Board 4 of a full play record: one trick transferred, 9 -> 10 tricks."""
    response = client.post(
        "/boards",
        data={"text": FULL_PLAY, "board_number": "4", "csrf_token": token(client, "/boards/new")},
    )
    board_id = response.headers["Location"].rsplit("/", 1)[-1]
    answers = json.dumps({"attention": "in_time", "equity": "skip"})
    url = f"/rule/revoke/{board_id}?a=attention:in_time&a=equity:skip"
    saved = record(client, url, answers, **fields)
    assert saved.status_code == 303
    return saved.headers["Location"]


def test_the_log_lists_every_column_and_filters_by_session_and_board(client):
    session_id = load(client)
    wizard_url = facts_to_wizard(client, pick_board(client, "17"))
    on_17 = record(client, wizard_url, NO_REVOKE, table="3", ns_pair="5", ew_pair="12", note="East")
    permalink = on_17.headers["Location"]
    _full_play_ruling(client, table="7")
    log = html(client.get("/rulings"))
    assert log.count("data-ruling=") == 2
    row = re.search(r'<tr data-ruling="[^"]+">(.*?)</tr>', log, re.S).group(1)
    assert "One trick transferred" in row and ">7<" in row and "+130" in row  # newest first
    filtered = html(client.get(f"/rulings?s={session_id}"))
    assert filtered.count("data-ruling=") == 1 and "Tuesday pairs" in filtered
    for cell in (">17<", ">3<", ">5<", ">12<", "4♥ N", "9 · -50", "East", "revoke"):
        assert cell in filtered, cell
    assert html(client.get(f"/rulings?s={session_id}&b=16")).count("data-ruling=") == 0
    page = html(client.get(permalink))
    assert "Tuesday pairs" in page and "data-local-time" in page and "East" in page


def test_an_appeal_is_a_new_entry_and_the_log_shows_the_latest_with_history(client):
    load(client)
    permalink = _full_play_ruling(client, table="2", ns_pair="4", ew_pair="6")
    ruling_id = permalink.rsplit("/", 1)[-1]
    appeal = client.post(
        f"{permalink}/amend",
        data={
            "csrf_token": token(client),
            "kind": "appeal",
            "artificial_ns": "60",
            "artificial_ew": "40",
            "note": "Committee: average-plus to NS",
        },
    )
    assert appeal.status_code == 303
    appeal_page = html(client.get(appeal.headers["Location"]))
    assert "Appeal outcome" in appeal_page and "60% / 40%" in appeal_page
    assert ruling_id in appeal_page  # linked to what it amends
    original = html(client.get(permalink))
    assert "has been amended" in original and "+130" in original  # kept as recorded
    log = html(client.get("/rulings"))
    assert log.count("data-ruling=") == 1 and "1 earlier" in log
    rows = list(csv.DictReader(io.StringIO(html(client.get("/rulings/export.csv")))))
    assert len(rows) == 1
    assert (rows[0]["score_ns_played"], rows[0]["score_ns_after"]) == ("110", "")
    assert (rows[0]["ns_percent"], rows[0]["ew_percent"]) == ("60", "40")
    assert rows[0]["amends"] == ruling_id
    bad = client.post(
        f"{permalink}/amend",
        data={
            "csrf_token": token(client),
            "kind": "appeal",
            "artificial_ns": "70",
            "artificial_ew": "30",
        },
    )
    assert bad.status_code == 400 and "60, 50 or 40" in html(bad)


def test_a_correction_of_the_tricks_rescored_from_the_board(client):
    permalink = _full_play_ruling(client)
    corrected = client.post(
        f"{permalink}/amend",
        data={"csrf_token": token(client), "kind": "correction", "tricks_after": "11"},
    )
    page = html(client.get(corrected.headers["Location"]))
    assert "Correction" in page
    rows = list(csv.DictReader(io.StringIO(html(client.get("/rulings/export.csv")))))
    assert (rows[0]["tricks_after"], rows[0]["score_ns_after"]) == ("11", "150")


def test_exports_csv_pbn_and_printable_report(client):
    session_id = load(client)
    wizard_url = facts_to_wizard(client, pick_board(client, "17"))
    record(client, wizard_url, NO_REVOKE, table="3", ns_pair="5", ew_pair="12")
    _full_play_ruling(client, table="1")
    response = client.get(f"/rulings/export.csv?s={session_id}")
    assert "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(html(response))))
    assert [(r["board"], r["table"], r["ns_pair"], r["ew_pair"]) for r in rows] == [
        ("17", "3", "5", "12")
    ]
    assert (rows[0]["score_ns_played"], rows[0]["score_ns_after"]) == ("-50", "-50")
    pbn = html(client.get("/rulings/export.pbn"))
    boards = parse_pbn(pbn)
    assert [(b.number, b.result) for b in boards] == [(4, 10), (17, 9)]
    assert '[Score "NS 130"]' in pbn and "{Ruling" in pbn and "One trick transferred" in pbn
    report = html(client.get("/rulings/export.html"))
    assert report.count('class="report-page"') == 2 and "css/session.css" in report
    assert client.get("/rulings/export.exe").status_code == 404


def test_removing_a_session_keeps_its_rulings_in_the_log(client):
    session_id = load(client)
    wizard_url = facts_to_wizard(client, pick_board(client, "17"))
    permalink = record(client, wizard_url, NO_REVOKE).headers["Location"]
    removed = client.post(f"/sessions/{session_id}/remove", data={"csrf_token": token(client)})
    assert removed.status_code == 303
    assert "Load the session" in html(client.get("/"))
    assert client.get(f"/sessions/{session_id}/boards/17").status_code == 404
    assert "Tuesday pairs" in html(client.get(permalink))
    assert "Tuesday pairs (removed)" in html(client.get("/rulings"))


TAPPED = {
    "number": 1,
    "hands": {
        "N": ["SA", "SK", "SQ", "S2", "H5", "H4", "H3", "D4", "D3", "D2", "C4", "C3", "C2"],
        "E": ["S5", "S4", "S3", "HA", "HK", "HQ", "H2", "D7", "D6", "D5", "C7", "C6", "C5"],
        "S": ["S8", "S7", "S6", "H8", "H7", "H6", "DA", "DK", "DQ", "D8", "CA", "CK", "CQ"],
        "W": ["SJ", "ST", "S9", "HJ", "HT", "H9", "DJ", "DT", "D9", "CJ", "CT", "C9", "C8"],
    },
    "auction": ["1S", "P", "4S", "P", "P", "P"],
    "play": [
        "HA",
        "H6",
        "H9",
        "H3",
        "HK",
        "H7",
        "HT",
        "H4",
        "D5",
        "DA",
        "D9",
        "D2",
        "CA",
        "C8",
        "C2",
        "C5",
        "DK",
        "S9",
        "D3",
        "D6",
        "CJ",
    ],
}


def test_tapped_entry_takes_a_claim_that_fits_the_play(client):
    checked = client.post("/api/boards/check", json=TAPPED | {"claim": 9}).get_json()
    assert checked["error"] is None
    assert checked["play"]["claim"] == 9
    low, high = checked["play"]["claim_range"]
    assert (low, high) == (2, 10)  # declarer's side won 2 of the 5 complete tricks; 8 remain
    saved = client.post("/api/boards", json=TAPPED | {"claim": 9})
    assert saved.status_code == 201
    board = html(client.get(saved.get_json()["url"]))
    assert "Board 1" in board
    wizard = html(client.get("/rule/revoke/" + saved.get_json()["id"]))
    assert "How many tricks did declarer take" not in wizard
    too_many = client.post("/api/boards", json=TAPPED | {"claim": 12})
    assert too_many.status_code == 400 and "does not fit the play" in too_many.get_json()["error"]
    too_few = client.post("/api/boards/check", json=TAPPED | {"claim": 1}).get_json()
    assert "declarer's side has won 2" in too_few["error"]
    assert client.post("/api/boards", json=TAPPED | {"claim": 14}).status_code == 400


def test_a_hand_record_with_the_play_goes_straight_to_the_wizard(client):
    """A recorded auction and play are used as they are: nothing is asked, one tap rules."""
    load(client, "Teams", DATA / "32-boards.pbn")
    target = pick_board(client, "4")
    page = client.get(target)
    assert page.status_code == 200 and "data-rule" in html(page)
    response = press(client, html(page), "data-rule")
    assert response.status_code == 303 and response.headers["Location"].startswith("/rule/revoke/")
    # The usual case (attention in time, no equity) is taken: the record settles the rest.
    done = html(client.get(response.headers["Location"]))
    assert "One trick transferred" in done


def test_hostile_picker_and_log_addresses_never_fail(client):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    session_id = load(client)
    words = st.text(max_size=12) | st.sampled_from(["4S", "3NT", "P", "X", "XX", "open", "13", "²"])

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(c=words, x=words, d=words, t=words, w=words, n=words, b=words)
    def probe(c, x, d, t, w, n, b):
        query = {"c": c, "x": x, "d": d, "t": t, "w": w}
        for path, args in (
            (f"/sessions/{session_id}/boards/17", query),
            ("/rule-board", {"n": n, "w": w, "s": c}),
            ("/rulings", {"s": c, "b": b}),
            ("/rulings/export.csv", {"s": c, "b": b}),
        ):
            response = client.get(path, query_string=args)
            assert response.status_code < 500, (path, args)

    probe()


def test_rule_again_records_a_correction_linked_to_the_original(client):
    permalink = _full_play_ruling(client, table="2")
    original_id = permalink.rsplit("/", 1)[-1]
    page = html(client.get(permalink))
    again = link(page, ">Rule again").replace("&amp;", "&")
    assert f"amends={original_id}" in again
    wizard_page = html(client.get(again))
    assert f'name="amends" value="{original_id}"' in wizard_page
    assert "Record the correction" in wizard_page
    back = re.search(r'href="([^"]*)">Back one question', wizard_page).group(1)
    assert f"amends={original_id}" in back.replace("&amp;", "&")  # kept while re-walking
    answers = re.search(r'name="answers" value="([^"]+)"', wizard_page).group(1)
    board_id = again.split("?")[0].rsplit("/", 1)[-1]
    corrected = client.post(
        f"/rule/revoke/{board_id}/record",
        data={
            "csrf_token": token(client),
            "answers": answers.replace("&#34;", '"'),
            "amends": original_id,
            "table": "2",
        },
    )
    assert corrected.status_code == 303
    entry = html(client.get(corrected.headers["Location"]))
    assert "correction" in entry and original_id in entry
    log = html(client.get("/rulings"))
    assert log.count("data-ruling=") == 1 and "1 earlier" in log
