"""Issue 35: the rulings' scores written back for a Bridgemate club, as the CSV of the
session's ReceivedData rows to change, round-trip tested: the rows applied to the .bws's
own rows read back as the rulings' scores, every other table unchanged."""

from __future__ import annotations

import csv
import importlib.util
import io
from pathlib import Path

import pytest

from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.bws import received_rows, results_from_rows
from td_assist.bridgemate_export import BRIDGEMATE_HEADER, COLUMNS, export_bridgemate
from td_assist.cli import main
from td_assist.session import load_file
from td_assist.session_results import session_results
from td_assist.store import LogFacts, Store

RESULTS = Path(__file__).resolve().parents[1].parent / "shared" / "real-records" / "results"
BWS = RESULTS / "bws" / "bridgeakhper__mdb.bws"
USEBIO = RESULTS / "usebio" / "cobalt__mp_pairs_mitchell_02.xml"
HAND_RECORD = Path(__file__).resolve().parent / "data" / "24-boards-no-play.pbn"
pytestmark = [
    pytest.mark.skipif(not BWS.exists(), reason="../shared results are absent"),
    pytest.mark.skipif(
        importlib.util.find_spec("access_parser") is None,
        reason="access-parser (the 'results' extra) is absent",
    ),
]


def _ruled(store: Store, session_id: str, number: int, ns_pair: str, **decided) -> None:
    """A ruling at the table as played (the session's results), with what it decided."""
    line = session_results(store, session_id).find(number, ns_pair=ns_pair)
    board_id = store.save_board(
        store.session_board(session_id, number), "session", session_id=session_id
    )
    ruling = decided.pop("ruling", {})
    as_played = {
        "session_id": session_id,
        "board_number": number,
        "ns_pair": line.ns_pair,
        "ew_pair": line.ew_pair,
        "contract": line.contract,
        "declarer": line.declarer.value,
        "tricks_played": line.tricks,
        "tricks_after": line.tricks,
        "score_played": line.score_ns,
        "score_after": line.score_ns,
    }
    facts = LogFacts(**(as_played | decided))
    store.save_ruling(board_id, "revoke", {}, ruling, facts=facts)


def _applied(rows: list[dict], text: str) -> list[dict]:
    """The scorer's update: each exported row's values written over the row of its ID."""
    changes = {int(row["ID"]): row for row in csv.DictReader(io.StringIO(text))}
    updated = []
    for row in rows:
        change = changes.get(row["ID"])
        if change is None:
            updated.append(row)
            continue
        fields = ("Contract", "Result", "NS/EW", "Declarer", "LeadCard", "Remarks")
        new = {name: change[name] or None for name in fields}
        new["Declarer"] = int(change["Declarer"])
        updated.append({**row, **new, "ExternalUpdate": change["ExternalUpdate"] == "-1"})
    return updated


def test_the_bridgemate_rows_read_back_as_the_rulings_scores(tmp_path):
    store = Store(tmp_path / "log.sqlite3")
    info = load_file(store, HAND_RECORD, results_path=BWS)
    # Board 1, 906 v 905: 4D by N went 4 down (-200); one trick transferred: 7 tricks, -150.
    _ruled(store, info.id, 1, "906", tricks_after=7, score_after=-150)
    # Board 2, 904 v 902: an artificial adjusted score, N-S at fault (40% - 60%).
    _ruled(store, info.id, 2, "904", artificial_ns=40, artificial_ew=60)
    # Board 3, 906 v 905: a weighted score (Law 12C1(c)), which Bridgemate cannot carry.
    weighted = [
        {"contract": "5C", "declarer": "W", "tricks": 11, "weight": 0.6, "score_ns": -600},
        {"contract": "5CX", "declarer": "W", "tricks": 10, "weight": 0.4, "score_ns": 200},
    ]
    _ruled(store, info.id, 3, "906", ruling={"adjustment": {"weighted": weighted}})
    # Board 3, 907 v 903: 57% / 43% (Law 12C2(c), the session's percentage).
    _ruled(store, info.id, 3, "907", artificial_ns=57, artificial_ew=43)

    exported = export_bridgemate(store, info.id)
    assert exported.text.startswith(BRIDGEMATE_HEADER + "\r\n") and exported.rows == 4
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert sorted(row["ID"] for row in rows) == ["991", "994", "997", "999"]
    assert all(row["ExternalUpdate"] == "-1" for row in rows)
    assert {row["ID"]: row["score_kind"] for row in rows} == {
        "991": "assigned",
        "994": "artificial",
        "997": "artificial",
        "999": "weighted",
    }
    first = next(row for row in rows if row["ID"] == "991")
    assert (first["Section"], first["Table"], first["Round"], first["Board"]) == (
        "1",
        "3",
        "5",
        "1",
    )
    assert (first["Contract"], first["Result"], first["NS/EW"], first["Declarer"]) == (
        "4 D",
        "-3",
        "N",
        "906",
    )
    assert first["LeadCard"] == "SQ"  # the same contract and declarer: the lead stands

    original = received_rows(BWS.read_bytes(), BWS.name)
    before = results_from_rows(original, BWS.name)
    after = results_from_rows(_applied(original, exported.text), BWS.name)
    assigned = after.find(1, ns_pair="906")
    assert (assigned.contract, assigned.declarer.value, assigned.tricks) == ("4D", "N", 7)
    assert assigned.score_ns == -150
    artificial = after.find(2, ns_pair="904")
    assert (artificial.artificial, artificial.ns_percent, artificial.ew_percent) == (
        "40%-60%",
        40,
        60,
    )
    # What Bridgemate cannot carry is not scored as played: an arbitral score, and the
    # note says what to enter by hand.
    for ns_pair in ("906", "907"):
        held = after.find(3, ns_pair=ns_pair)
        assert held.artificial == "Arbitral score" and held.score_ns is None
    assert any("0.6 x 5C W 11 (-600); 0.4 x 5CX W 10 (+200)" in n for n in exported.notes)
    assert any("N-S 57%, E-W 43%" in n and "by hand" in n for n in exported.notes)
    # Every table not ruled reads back as it was.
    ruled = {(1, "906"), (2, "904"), (3, "906"), (3, "907")}
    for number, board in before.boards.items():
        for line in board.lines:
            if (number, line.ns_pair) not in ruled:
                assert after.find(number, ns_pair=line.ns_pair) == line


def test_the_bridgemate_export_needs_a_bridgemate_session(tmp_path):
    store = Store(tmp_path / "log.sqlite3")
    info = load_file(store, USEBIO)
    with pytest.raises(RecordError, match=r"results came from cobalt__mp_pairs_mitchell_02\.xml"):
        export_bridgemate(store, info.id)


def test_bridgemate_rows_through_the_cli_and_the_log_page(tmp_path, capsys):
    assert main(["session", "load", str(HAND_RECORD), "--results", str(BWS)]) == 0
    out = tmp_path / "rows.csv"
    assert main(["log", "export", "--format", "bridgemate", "-o", str(out)]) == 0
    assert out.read_text("utf-8").splitlines() == [",".join(COLUMNS)]  # no ruling yet
    assert main(["log", "export", "--format", "bridgemate", "-o", str(out)]) == 0  # replaces
    mine = tmp_path / "mine.csv"
    mine.write_text("my,own\n", encoding="utf-8")
    assert main(["log", "export", "--format", "bridgemate", "-o", str(mine)]) == 2
    assert mine.read_text("utf-8") == "my,own\n"


def test_the_log_page_offers_the_bridgemate_rows_for_a_bridgemate_session(tmp_path):
    from td_assist.web import create_app

    path = tmp_path / "log.sqlite3"
    app = create_app({"TESTING": True, "STORE_PATH": str(path), "SECRET_KEY": "test"})
    store = Store(path)
    bridgemate = load_file(store, HAND_RECORD, results_path=BWS)
    _ruled(store, bridgemate.id, 2, "904", artificial_ns=60, artificial_ew=40)
    other = load_file(store, USEBIO)
    client = app.test_client()
    page = client.get(f"/rulings?s={bridgemate.id}").get_data(as_text=True)
    assert 'data-export="bridgemate"' in page
    download = client.get(f"/rulings/export.bridgemate?s={bridgemate.id}")
    assert (
        download.status_code == 200 and "bridgemate.csv" in download.headers["Content-Disposition"]
    )
    assert ",60%-40%,-1,artificial," in download.get_data(as_text=True)
    assert 'data-export="bridgemate"' not in client.get(f"/rulings?s={other.id}").get_data(
        as_text=True
    )
    refused = client.get(f"/rulings/export.bridgemate?s={other.id}")
    assert refused.status_code == 400 and "export usebio" in refused.get_data(as_text=True)
