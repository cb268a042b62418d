"""Issue 35: where the TD's answer and the scorer's results file disagree about a table's
result, the TD's answer is used and the ruling says so (naming both)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

from td_assist.bridge.cards import Seat
from td_assist.bridge.results import TableResult
from td_assist.results_check import disagreement
from td_assist.session import load_file
from td_assist.store import LogFacts, Store
from td_assist.web import create_app

RESULTS = Path(__file__).resolve().parents[1].parent / "shared" / "real-records" / "results"
BEFORE = RESULTS / "usebio" / "cobalt__mp_pairs_mitchell_02.xml"
# Board 1 at N-S 2 v E-W 15 in the file: 4S by South, 9 tricks, N-S -50.
REVOKE = {
    "revoke_found": "yes",
    "offender": "E",
    "revoke_trick": "5",
    "revoke_suit": "D",
    "established": "yes",
    "won_from_revoke": "2",
    "won_revoke_trick": "yes",
    "later_trick": "yes",
    "equity": "skip",
}


def _facts(**given) -> LogFacts:
    return LogFacts(session_id="s", board_number=1, ns_pair="2NS", **given)


FILE_LINE = TableResult(
    ns_pair="2NS", ew_pair="15EW", contract="4S", declarer=Seat.S, tricks=9, score_ns=-50
)


def test_the_same_result_says_nothing():
    assert disagreement(FILE_LINE, _facts(contract="4S", declarer="S", tricks_played=9)) is None


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "td_says"),
    [
        ("4S", "S", 10, "4S by S, 10 tricks"),  # a corrected trick count
        ("4SX", "S", 9, "4SX by S, 9 tricks"),  # the double left out of the file
        ("4S", "N", 9, "4S by N, 9 tricks"),  # the other declarer
    ],
)
def test_a_different_table_result_names_both_and_says_the_tds_was_used(
    contract, declarer, tricks, td_says
):
    note = disagreement(
        FILE_LINE, _facts(contract=contract, declarer=declarer, tricks_played=tricks)
    )
    assert note is not None
    assert "4S by S, 9 tricks" in note and td_says in note
    assert "N-S 2NS v E-W 15EW" in note and "differs" in note and "was used" in note


def test_a_file_with_only_scores_is_compared_by_score():
    line = TableResult(ns_pair="3NS", ew_pair="1EW", score_ns=480)
    same = LogFacts(contract="4S", declarer="S", tricks_played=11, score_played=480)
    assert disagreement(line, same) is None
    other = same.model_copy(update={"tricks_played": 12, "score_played": 980})
    assert "N-S +480" in disagreement(line, other)
    artificial = TableResult(ns_pair="3NS", ew_pair="1EW", artificial="A6040")
    assert disagreement(artificial, other) is None  # the scorer's decision, not a result


@pytest.fixture
def app(tmp_path):
    path = tmp_path / "log.sqlite3"
    application = create_app({"TESTING": True, "STORE_PATH": str(path), "SECRET_KEY": "test"})
    application.config["test_store"] = Store(path)
    return application


def _token(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _revoke_ruling(client, board_id: str):
    answers = {"usual": "yes", **REVOKE}  # the club path: the usual case where there is one
    query = urlencode([("a", f"{node}:{value}") for node, value in answers.items()])
    return client.get(f"/rule/revoke/{board_id}?{query}").get_data(as_text=True)


@pytest.mark.skipif(not BEFORE.exists(), reason="../shared results are absent")
def test_picked_table_then_corrected_tricks_the_ruling_says_the_tds_answer_was_used(app):
    store = app.config["test_store"]
    info = load_file(store, BEFORE)
    client = app.test_client()
    page = client.get(f"/sessions/{info.id}/boards/1?w=revoke").get_data(as_text=True)
    pick = next(
        html.unescape(url)
        for url, ns in re.findall(r'formaction="([^"]+)" data-table-pick="([^"]+)"', page)
        if ns == "2NS"
    )
    step = client.post(pick, data={"csrf_token": _token(page)}).headers["Location"]
    picked_id = urlsplit(step).path.rsplit("/", 1)[-1]
    as_filed = _revoke_ruling(client, picked_id)
    assert "The scorer's results file has" not in as_filed  # the file's own result
    # The TD finds declarer took 10 tricks, not the 9 the file has: change the tricks.
    change = html.unescape(re.search(r'href="([^"]+)" data-change-fact="tricks"', as_filed)[1])
    picker = client.get(change).get_data(as_text=True)
    ten = html.unescape(re.search(r'formaction="([^"]+)" data-tricks="10"', picker)[1])
    step = client.post(ten, data={"csrf_token": _token(picker)}).headers["Location"]
    corrected_id = urlsplit(step).path.rsplit("/", 1)[-1]
    context = store.board_context(corrected_id)
    assert (context["ns_pair"], store.board(corrected_id)["result"]) == ("2NS", 10)
    ruled = html.unescape(_revoke_ruling(client, corrected_id))
    assert (
        "The scorer's results file has 4S by S, 9 tricks at this table (N-S 2NS v E-W 15EW); "
        "the TD's answer, 4S by S, 10 tricks, differs from it and was used for this ruling."
    ) in ruled
    # Recorded, the ruling keeps the note; its score is the TD's (10 tricks, not 9).
    form = {
        "csrf_token": _token(ruled),
        "answers": json.dumps({"usual": "yes", **REVOKE}),
        "table": "",
        "ns_pair": "2NS",
        "ew_pair": "15EW",
    }
    saved = client.post(f"/rule/revoke/{corrected_id}/record", data=form)
    assert saved.status_code == 303
    ruling_id = saved.headers["Location"].rsplit("/", 1)[-1]
    record = store.ruling(ruling_id)
    assert "the TD's answer, 4S by S, 10 tricks, differs" in record.ruling["text"]
    assert record.tricks_played == 10 and record.ns_pair == "2NS"
