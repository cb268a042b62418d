"""What the scorer gets from the ruling log (issue 28): every ruling, in the unit the
ruling decided it, readable back whatever its score, and no cell a spreadsheet runs.

Board 1 of the unauthorised-information tests, nobody vulnerable: 3S by North making
nine is NS +140; 3H by West making nine is NS -140, one down NS +50 (Law 77).
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from td_assist.bridge.formats import parse_pbn
from td_assist.cli import main
from td_assist.ruling_log import export_entries, safe_cell, to_csv, to_pbn
from td_assist.rulings.engine.model import Ruling
from td_assist.store import LogFacts, open_store
from td_assist.web import create_app

DEAL = "N:AQ932.J94.AJ.652 54.QT5.KT64.KT94 KT87.6.Q972.QJ87 J6.AK8732.853.A3"
AUCTION = "1S P 2S 3H P P 3S P P P"
RECORD = f"board 1\ndeal {DEAL}\nauction {AUCTION}\nnote 5: slow pass\nresult 9"
UI = "unauthorised-information"
DAMAGED = {
    "call_index": "5",
    "source_kind": "tempo",
    "ui": "yes",
    "suggested": "yes",
    "logical_alternative": "yes",
    "damaged": "yes",
    "assignable": "yes",
    "serious_error": "no",
    # 25% of NS -140, 75% of NS +50: NS +2.5 weighted points
    "results": "3H W 9 0.25; 3H W 8 0.75",
}
TOKEN = "scorer-token"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "home"))
    return create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "s"}
    )


@pytest.fixture
def client(app):
    client = app.test_client()
    with client.session_transaction() as session:
        session["csrf_token"] = TOKEN
    return client


def enter_board(client, text=RECORD) -> str:
    response = client.post("/boards", data={"csrf_token": TOKEN, "text": text})
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rsplit("/", 1)[-1]


def record(client, board_id: str, answers: dict, wizard=UI, **fields) -> str:
    data = {"csrf_token": TOKEN, "answers": json.dumps(answers), **fields}
    response = client.post(f"/rule/{wizard}/{board_id}/record", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[-1500:]
    return response.headers["Location"].rsplit("/", 1)[-1]


def csv_rows(client, query="") -> list[dict[str, str]]:
    response = client.get(f"/rulings/export.csv{query}")
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))


def pbn_tags(text: str) -> list[dict[str, str]]:
    games = [game for game in text.split("\n\n") if "[Board " in game]
    return [dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', game, re.M)) for game in games]


# --- a fractional score is shown again everywhere ------------------------------------


SCORINGS = {
    "points": ({"scoring": "points"}, "weighted_points"),
    "pairs": ({"scoring": "pairs", "traveller": "140, 50, -140, 110"}, "weighted_percent"),
    "teams": ({"scoring": "teams", "comparison": "110"}, "weighted_imps"),
}


@pytest.mark.parametrize("scoring", sorted(SCORINGS))
def test_a_fractional_weighted_score_reads_back_everywhere(client, scoring):
    extra, kind = SCORINGS[scoring]
    board_id = enter_board(client)
    ruling_id = record(client, board_id, {**DAMAGED, **extra}, table="4", ns_pair="7")
    page = client.get(f"/rulings/{ruling_id}")
    assert page.status_code == 200 and "+2.5" in page.get_data(as_text=True)
    assert client.get("/rulings").status_code == 200
    report = client.get("/rulings/export.html")
    assert report.status_code == 200 and 'class="report-page"' in report.get_data(as_text=True)
    (row,) = csv_rows(client)
    assert row["score_kind"] == kind
    pbn = client.get("/rulings/export.pbn").get_data(as_text=True)
    assert [board.number for board in parse_pbn(pbn)] == [1]  # reads back as a record


def test_a_weighted_percentage_goes_to_the_scorer_as_percentages_not_points(client):
    """Matchpointed on the traveller 140, 50, -140, 110 (top 8): -140 beats nothing and
    ties itself (1 of 8), +50 beats -140 (2 + 1 for its tie = 3 of 8); weighted
    0.25 x 12.5% + 0.75 x 37.5% = 31.25% for NS, 68.75% for EW."""
    board_id = enter_board(client)
    record(client, board_id, {**DAMAGED, **SCORINGS["pairs"][0]})
    (row,) = csv_rows(client)
    assert (row["ns_percent"], row["ew_percent"]) == ("31.25", "68.75")
    assert row["score_ns_after"] == "" and row["tricks_after"] == ""  # no points to import
    assert row["score_kind"] == "weighted_percent"
    (tags,) = pbn_tags(client.get("/rulings/export.pbn").get_data(as_text=True))
    assert tags["ScorePercentage"] == "NS 31.25 EW 68.75"
    assert "Score" not in tags  # a weighted score is no one result: no [Score] beside [Result]


def test_weighted_imps_and_points_are_exported_as_decided(client):
    board_id = enter_board(client)
    record(client, board_id, {**DAMAGED, **SCORINGS["teams"][0]})
    record(client, board_id, {**DAMAGED, **SCORINGS["points"][0]})
    teams, points = csv_rows(client)
    # Against NS +110: -140 is -6 IMPs, +50 is -2 IMPs; weighted -3 for NS.
    assert (teams["ns_imps"], teams["ew_imps"], teams["score_ns_after"]) == ("-3", "3", "")
    assert (points["score_ns_after"], points["score_ew_after"]) == ("2.5", "-2.5")
    assert points["score_kind"] == "weighted_points"
    for tags in pbn_tags(client.get("/rulings/export.pbn").get_data(as_text=True)):
        assert "Score" not in tags and tags["Result"] == "9"
    teams_tags = pbn_tags(client.get("/rulings/export.pbn").get_data(as_text=True))[0]
    assert teams_tags["ScoreIMP"] == "NS -3 EW 3"


def test_a_pbn_score_always_matches_its_contract_and_result(client):
    """Every [Score] the PBN export writes is the Law 77 score of its own game."""
    board_id = enter_board(client)
    for scoring in SCORINGS.values():
        record(client, board_id, {**DAMAGED, **scoring[0]})
    record(client, board_id, {"call_index": "5", "source_kind": "tempo", "ui": "no"})
    pbn = client.get("/rulings/export.pbn").get_data(as_text=True)
    games = parse_pbn(pbn)
    tags = pbn_tags(pbn)
    assert len(games) == len(tags) == 4
    scored = [(game, tag) for game, tag in zip(games, tags, strict=True) if "Score" in tag]
    assert scored  # the table result that stands
    for game, tag in scored:
        assert tag["Score"] == f"NS {game.score_ns(game.result)}"


def test_an_artificial_score_from_a_wizard_goes_out_as_percentages(client):
    board_id = enter_board(client)
    answers = {k: v for k, v in DAMAGED.items() if k not in ("results",)}
    answers["assignable"] = "no"
    # Law 12C2(c): no session percentage known, so the usual 60/40.
    answers |= {"session_percent_NS": "skip", "session_percent_EW": "skip"}
    record(client, board_id, answers)
    (row,) = csv_rows(client)
    assert row["score_kind"] == "artificial_percent"
    assert (row["ns_percent"], row["ew_percent"]) == ("40", "60")  # NS offended
    assert row["score_ns_after"] == ""


# --- every ruling, however many -------------------------------------------------------


def fill_log(store, count: int, session_id: str | None = None) -> list[str]:
    """``count`` rulings written straight through the store (a second for 1,000)."""
    store._db.execute("PRAGMA synchronous=OFF")  # a test log needs no fsync per ruling
    board_id = store.save_board({"number": 1, "deal": DEAL}, source="test")
    ruling = Ruling(wizard="revoke", status="complete", path=[], title="x").model_dump(mode="json")
    ids = []
    for number in range(count):
        facts = LogFacts(
            session_id=session_id,
            board_number=number % 30 + 1,
            table=str(number),
            contract="3S",
            declarer="N",
            tricks_played=9,
            tricks_after=9,
            score_played=140,
            score_after=140,
            score_kind="points",
            title=f"ruling {number}",
        )
        ids.append(store.save_ruling(board_id, "revoke", {}, ruling, facts=facts))
    return ids


def test_more_than_1000_rulings_reach_the_csv_and_the_log_pages(app, client, tmp_path):
    """(Every export of such a log: the robustness sweep.)"""
    store = app.extensions["td_store"]
    ids = fill_log(store, 1_203)
    rows = csv_rows(client)
    assert sorted(row["ruling_id"] for row in rows) == sorted(ids)
    assert len(export_entries(store, None)) == 1_203
    # The log pages through them and says so.
    seen: set[str] = set()
    page = client.get("/rulings").get_data(as_text=True)
    assert "of 1203" in page
    while True:
        seen |= set(re.findall(r'data-ruling="([^"]+)"', page))
        older = re.search(r'href="([^"]+)" data-page="older"', page)
        if not older:
            break
        page = client.get(older.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert seen == set(ids)


def test_the_command_line_exports_every_ruling(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path))
    store = open_store()
    fill_log(store, 1_050)
    store.close()
    assert main(["log", "export", "--all", "--format", "csv"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 1 + 1_050
    assert main(["log", "export", "--all", "--format", "pbn"]) == 0
    assert capsys.readouterr().out.count("{Ruling (") == 1_050


# --- nothing a spreadsheet runs ------------------------------------------------------


HOSTILE_CELLS = ['=HYPERLINK("http://x")', "@SUM(A1)", "+1+1", "-A1", "\tx", "\rx", "=1"]


@pytest.mark.parametrize("cell", HOSTILE_CELLS)
def test_no_text_cell_of_the_csv_can_start_a_formula(tmp_path, cell):
    store = open_store(tmp_path / "log.sqlite3")
    session_id = store.save_session(cell, cell, {1: {"number": 1, "deal": DEAL}})
    board_id = store.save_board({"number": 1, "deal": DEAL}, source=cell)
    facts = LogFacts(
        session_id=session_id,
        board_number=1,
        table=cell[:20],
        ns_pair=cell[:20],
        ew_pair=cell[:20],
        contract="3S",
        declarer="N",
        tricks_played=9,
        score_played=-140,
        score_after=-50,
        score_kind="points",
        title=cell,
    )
    ruling = Ruling(wizard=cell, status="complete", path=[], title=cell).model_dump(mode="json")
    store.save_ruling(board_id, cell, {}, ruling, note=cell, facts=facts)
    (row,) = list(csv.DictReader(io.StringIO(to_csv(export_entries(store, None)))))
    for name, value in row.items():
        if name in ("score_ns_played", "score_ns_after"):
            continue
        assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), (name, value)
    assert (row["score_ns_played"], row["score_ns_after"]) == ("-140", "-50")  # numbers
    assert row["session"] == "'" + cell and row["table"] == "'" + cell[:20]
    assert to_pbn(store, export_entries(store, None))  # the PBN takes the same text


def test_a_safe_cell_leaves_ordinary_text_alone():
    assert safe_cell("Tuesday pairs") == "Tuesday pairs"
    assert safe_cell("12") == "12" and safe_cell("") == ""


# --- the command line keeps a file that is not an export ------------------------------


def test_log_export_keeps_a_file_that_is_not_an_earlier_export(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    precious = Path("results.csv")
    precious.write_text("pair,score\n1,62.5\n", encoding="utf-8")
    assert main(["log", "export", "--all", "--output", "results.csv"]) == 2
    assert "--force" in capsys.readouterr().err
    assert precious.read_text(encoding="utf-8") == "pair,score\n1,62.5\n"
    for fmt in ("csv", "pbn", "html"):
        out = f"rulings.{fmt}"
        assert main(["log", "export", "--all", "--format", fmt, "--output", out]) == 0
        assert main(["log", "export", "--all", "--format", fmt, "--output", out]) == 0
        # An earlier export of one format may be replaced by another format's.
        other = "csv" if fmt != "csv" else "pbn"
        assert main(["log", "export", "--all", "--format", other, "--output", out]) == 0
    Path("empty.csv").write_bytes(b"")
    assert main(["log", "export", "--all", "--output", "empty.csv"]) == 0
    assert main(["log", "export", "--all", "--output", "results.csv", "--force"]) == 0
    assert precious.read_text(encoding="utf-8").startswith("session,board,")
