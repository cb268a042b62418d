"""Issue 35: a session loaded with the scorer's results knows each table's result."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError
from td_assist.cli import main
from td_assist.session import load_file
from td_assist.session_results import session_results
from td_assist.store import Store
from td_assist.web import create_app

RESULTS = Path(__file__).resolve().parents[1].parent / "shared" / "real-records" / "results"
HAND_RECORD = Path(__file__).resolve().parent / "data" / "24-boards-no-play.pbn"
HAS_ACCESS = importlib.util.find_spec("access_parser") is not None
pytestmark = pytest.mark.skipif(not RESULTS.is_dir(), reason="../shared results are absent")
USEBIO = RESULTS / "usebio" / "cobalt__mp_pairs_mitchell_02.xml"


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "log.sqlite3")


def test_a_usebio_file_alone_loads_its_deals_and_every_table_result(store):
    info = load_file(store, USEBIO)
    assert info.board_count == 27 and "567 table results on 27 boards" in info.notice
    results = session_results(store, info.id)
    assert results is not None and results.format == "usebio"
    line = results.find(1, ns_pair="2")
    assert (line.ew_pair, line.contract, line.declarer, line.tricks, line.score_ns) == (
        "15EW",
        "4S",
        Seat.S,
        9,
        -50,
    )
    board = store.session_board(info.id, 1)
    assert board is not None and board["deal"].startswith("N:JT95.762.9854.85")
    # The file is kept as given, so the adjusted scores can be written back into it.
    assert store.session_results(info.id).raw == USEBIO.read_bytes()


@pytest.mark.skipif(not HAS_ACCESS, reason="access-parser (the 'results' extra) is absent")
def test_a_hand_record_with_bridgemate_results_beside_it(store):
    info = load_file(store, HAND_RECORD, results_path=RESULTS / "bws" / "bridgeakhper__mdb.bws")
    assert info.board_count == 24 and "63 table results on 21 boards" in info.notice
    results = session_results(store, info.id)
    assert results is not None and results.format == "bws"
    assert sum(len(b.lines) for b in results.boards.values()) == 63


def test_results_without_deals_and_alone_ask_for_the_hand_record(store):
    with pytest.raises(RecordError, match="load the hand record with it"):
        load_file(store, RESULTS / "usebio" / "yewtc__sample_scorebridge.xml")
    assert store.sessions() == []


def test_unreadable_results_load_nothing(store):
    with pytest.raises(RecordError, match=r"cobalt__notsupported\.xml line 8"):
        load_file(store, HAND_RECORD, results_path=RESULTS / "usebio" / "cobalt__notsupported.xml")
    assert store.sessions() == []


def test_a_hand_record_alone_loads_as_before_with_no_results(store):
    info = load_file(store, HAND_RECORD)
    assert session_results(store, info.id) is None and "Results" not in info.notice


def test_the_cli_takes_results_beside_the_hand_record(capsys):
    scorebridge = RESULTS / "usebio" / "yewtc__sample_scorebridge.xml"
    # ScoreBridge's sample has 28 boards; the 24-board hand record lacks four of them.
    code = main(["session", "load", str(HAND_RECORD), "--results", str(scorebridge)])
    out = capsys.readouterr().out
    assert code == 0
    assert "94 table results on 28 boards" in out
    assert "Boards 25, 26, 27, 28 have results but no deal" in out


def test_the_sessions_page_takes_a_results_file(tmp_path):
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    client = app.test_client()
    page = client.get("/sessions").get_data(as_text=True)
    assert 'name="results"' in page
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    with (
        HAND_RECORD.open("rb") as hands,
        (RESULTS / "usebio" / "yewtc__sample_scorebridge.xml").open("rb") as results,
    ):
        response = client.post(
            "/sessions",
            data={"csrf_token": csrf, "file": (hands, "hands.pbn"), "results": (results, "r.xml")},
            content_type="multipart/form-data",
            follow_redirects=True,
        )
    assert response.status_code == 200
    assert "94 table results on 28 boards" in response.get_data(as_text=True)
    with (RESULTS / "usebio" / "cobalt__notsupported.xml").open("rb") as bad:
        response = client.post(
            "/sessions",
            data={"csrf_token": csrf, "file": (bad, "bad.xml")},
            content_type="multipart/form-data",
        )
    assert response.status_code == 400
    assert "bad.xml line 8: EVENT_TYPE" in response.get_data(as_text=True)
