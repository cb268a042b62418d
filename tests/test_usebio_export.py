"""Issue 35, must show: the USEBIO pair from the results manifest (a Compscore session
before and after a director's adjustment on board 1). td-assist loads the "before" file,
rules board 1 at the two tables, exports USEBIO, and the ruled traveller lines (and the
board's rescored match points) match the "after" file."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from td_assist.bridge.cards import Side
from td_assist.bridge.formats.results import read_results
from td_assist.cli import main
from td_assist.ruling_log import amended_facts
from td_assist.rulings.procedures.adjusted_scores import artificial_score
from td_assist.session import load_file
from td_assist.session_results import session_results
from td_assist.store import LogFacts, Store
from td_assist.usebio_export import export_usebio

RESULTS = Path(__file__).resolve().parents[1].parent / "shared" / "real-records" / "results"
BEFORE = RESULTS / "usebio" / "cobalt__mp_pairs_mitchell_02.xml"
AFTER = RESULTS / "usebio" / "cobalt__mp_pairs_mitchell_adjusted_02.xml"
pytestmark = pytest.mark.skipif(not BEFORE.exists(), reason="../shared results are absent")


def _rule_artificial(store: Store, session_id: str, ns_pair: str, non_offenders: Side | None):
    """A ruling at the table as played (from the session's results), then the TD's
    artificial adjusted score (Law 12C2) recorded on it, as the log page does."""
    results = session_results(store, session_id)
    line = results.find(1, ns_pair=ns_pair)
    board = store.session_board(session_id, 1)
    board_id = store.save_board(board, "session", session_id=session_id, ns_pair=ns_pair)
    facts = LogFacts(
        session_id=session_id,
        board_number=1,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        contract=line.contract,
        declarer=line.declarer.value,
        tricks_played=line.tricks,
        tricks_after=line.tricks,
        score_played=line.score_ns,
        score_after=line.score_ns,
    )
    first = store.save_ruling(board_id, "unauthorised_information", {}, {}, facts=facts)
    original = store.ruling(first)
    by_side = artificial_score(non_offenders).by_side
    percentages = (int(by_side["NS"].mp_percent), int(by_side["EW"].mp_percent))
    corrected = amended_facts(original, None, None, percentages)
    store.save_ruling(board_id, "unauthorised_information", {}, {}, facts=corrected,
                      kind="correction", amends=first)  # fmt: skip
    return percentages


def _traveller(xml_text: str, number: int) -> dict[tuple[str, str], dict[str, str]]:
    root = ET.fromstring(xml_text.split("]>", 1)[-1] if "<!DOCTYPE" in xml_text else xml_text)
    for board in root.find("EVENT").findall("BOARD"):
        if board.findtext("BOARD_NUMBER").strip() == str(number):
            return {
                (line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER")): {
                    child.tag: (child.text or "").strip() for child in line
                }
                for line in board.findall("TRAVELLER_LINE")
            }
    raise AssertionError(f"board {number} missing")


def _without_lines(board) -> list[dict]:
    """A traveller without where each line was in the file."""
    return [line.model_dump(exclude={"line"}) for line in board.lines]


def _body(text: str) -> str:
    return text[text.index("<USEBIO") :]


def test_ruling_board_1_from_the_before_file_gives_the_after_files_traveller(tmp_path):
    store = Store(tmp_path / "log.sqlite3")
    info = load_file(store, BEFORE)
    # 1NS v 1EW: neither side at fault, average each; 2NS v 15EW: E-W at fault.
    assert _rule_artificial(store, info.id, "1", None) == (50, 50)
    assert _rule_artificial(store, info.id, "2NS", Side.NS) == (60, 40)

    exported = export_usebio(store, info.id)
    assert exported.ruled_lines == 2
    ours = _traveller(_body(exported.text), 1)
    theirs = _traveller(_body(AFTER.read_text(encoding="utf-8")), 1)
    assert ours.keys() == theirs.keys()
    for pairs in [("1NS", "1EW"), ("2NS", "15EW")]:
        # The ruled lines: the artificial score, no contract, declarer, lead or tricks.
        assert ours[pairs].keys() == theirs[pairs].keys()
        assert ours[pairs]["SCORE"] == theirs[pairs]["SCORE"]
    for pairs, line in theirs.items():
        # Every line's match points, the rest Neuberg-rescored over 19 results of 21.
        for tag in ("NS_MATCH_POINTS", "EW_MATCH_POINTS"):
            assert float(ours[pairs][tag]) == pytest.approx(float(line[tag]), abs=0.051), pairs
        assert ours[pairs].get("CONTRACT") == line.get("CONTRACT")

    # Nothing else changes: every other board is as the scorer wrote it, and the totals
    # are left to the scoring program (its note says so).
    before = read_results(BEFORE.read_bytes(), BEFORE.name)
    again = read_results(exported.text.encode("utf-8"), "exported.xml")
    for number in range(2, 28):
        assert _without_lines(again.boards[number]) == _without_lines(before.boards[number])
    assert any("totals" in note for note in exported.notes)
    assert "<!DOCTYPE USEBIO" in exported.text


def test_the_cli_writes_the_usebio_file(tmp_path, capsys):
    assert main(["session", "load", str(BEFORE)]) == 0
    out = tmp_path / "adjusted.xml"
    assert main(["log", "export", "--format", "usebio", "--output", str(out)]) == 0
    # No ruling yet: the scorer's file comes back unchanged in substance.
    again = read_results(out.read_bytes(), "adjusted.xml")
    before = read_results(BEFORE.read_bytes(), BEFORE.name)
    assert again.boards.keys() == before.boards.keys()
    assert all(
        _without_lines(again.boards[n]) == _without_lines(b) for n, b in before.boards.items()
    )


def test_usebio_export_needs_usebio_results(tmp_path, capsys):
    hand_record = Path(__file__).resolve().parent / "data" / "24-boards-no-play.pbn"
    assert main(["session", "load", str(hand_record)]) == 0
    assert main(["log", "export", "--format", "usebio"]) == 2
    assert "the session has no results file" in capsys.readouterr().err


def test_the_log_page_offers_the_usebio_file(tmp_path):
    from td_assist.web import create_app

    path = tmp_path / "log.sqlite3"
    store = Store(path)
    info = load_file(store, BEFORE)
    _rule_artificial(store, info.id, "2", Side.NS)
    app = create_app({"TESTING": True, "STORE_PATH": str(path), "SECRET_KEY": "test"})
    client = app.test_client()
    page = client.get(f"/rulings?s={info.id}").get_data(as_text=True)
    assert 'data-export="usebio"' in page
    response = client.get(f"/rulings/export.usebio?s={info.id}")
    assert response.status_code == 200 and response.mimetype == "application/xml"
    line = _traveller(_body(response.get_data(as_text=True)), 1)[("2NS", "15EW")]
    assert line["SCORE"] == "A6040" and "CONTRACT" not in line
    hands = load_file(store, Path(__file__).resolve().parent / "data" / "24-boards-no-play.pbn")
    refused = client.get(f"/rulings/export.usebio?s={hands.id}")
    assert refused.status_code == 400
    assert "the session has no results file" in refused.get_data(as_text=True)


def test_the_usebio_export_replaces_only_an_earlier_export(tmp_path, capsys):
    assert main(["session", "load", str(BEFORE)]) == 0
    mine = tmp_path / "scores.xml"
    mine.write_text("<my own notes/>", encoding="utf-8")
    assert main(["log", "export", "--format", "usebio", "--output", str(mine)]) == 2
    assert mine.read_text(encoding="utf-8") == "<my own notes/>"
    assert main(["log", "export", "--format", "usebio", "-o", str(mine), "--force"]) == 0
    # Its own earlier export it replaces without --force.
    assert main(["log", "export", "--format", "usebio", "--output", str(mine)]) == 0
    assert "<!-- td-assist: no ruling changed a traveller line. -->" in mine.read_text("utf-8")


def test_a_weighted_score_keeps_the_table_result_and_tells_the_scorer(tmp_path):
    store = Store(tmp_path / "log.sqlite3")
    info = load_file(store, BEFORE)
    line = session_results(store, info.id).find(1, ns_pair="3")
    weighted = [
        {"contract": "4S", "declarer": "S", "tricks": 10, "weight": 0.5, "score_ns": 420},
        {"contract": "4S", "declarer": "S", "tricks": 9, "weight": 0.5, "score_ns": -50},
    ]
    board_id = store.save_board(store.session_board(info.id, 1), "session", session_id=info.id)
    facts = LogFacts(session_id=info.id, board_number=1, ns_pair="3NS", ew_pair=line.ew_pair)
    store.save_ruling(board_id, "revoke", {}, {"adjustment": {"weighted": weighted}}, facts=facts)
    exported = export_usebio(store, info.id)
    ours = _traveller(_body(exported.text), 1)[("3NS", line.ew_pair)]
    # USEBIO has no weights: the line keeps the table result as played ...
    assert (ours["CONTRACT"], ours["SCORE"]) == (line.contract, str(line.score_ns))
    # ... with the weighted match points: half those of +420, half those of -50.
    others = [ln.score_ns for ln in session_results(store, info.id).traveller(1) if ln != line]

    def mp(score):
        return sum(2 if score > o else 1 if score == o else 0 for o in others)

    assert float(ours["NS_MATCH_POINTS"]) == pytest.approx(0.5 * mp(420) + 0.5 * mp(-50), abs=0.05)
    assert any("weighted score (Law 12C1(c))" in n and "by hand" in n for n in exported.notes)
    assert "enter the weighted score in the scoring program by hand" in exported.text


def test_the_same_rulings_as_pbn_score_tables_read_back(tmp_path):
    from td_assist.pbn_results_export import export_pbn_results

    store = Store(tmp_path / "log.sqlite3")
    info = load_file(store, BEFORE)
    _rule_artificial(store, info.id, "1", None)
    _rule_artificial(store, info.id, "2NS", Side.NS)
    text, notes, changed = export_pbn_results(store, info.id)
    assert changed == 2 and any("totals" in note for note in notes)
    again = read_results(text.encode("utf-8"), "adjusted.pbn")
    after = read_results(AFTER.read_bytes(), AFTER.name)
    assert len(again.boards) == 27 and '[Deal "N:JT95.762.9854.85' in text
    for ours, theirs in zip(again.traveller(1), after.traveller(1), strict=True):
        assert (ours.ns_pair, ours.ew_pair) == (theirs.ns_pair, theirs.ew_pair)
        assert (ours.ns_percent, ours.ew_percent) == (theirs.ns_percent, theirs.ew_percent)
        assert (ours.contract or "", ours.score_ns) == (theirs.contract, theirs.score_ns)
        assert ours.points_ns == pytest.approx(theirs.points_ns, abs=0.051)
        assert ours.points_ew == pytest.approx(theirs.points_ew, abs=0.051)
    assert again.find(1, ns_pair="2NS").artificial == "A+/A-"


def test_pbn_results_through_the_cli(tmp_path, capsys):
    assert main(["session", "load", str(BEFORE)]) == 0
    out = tmp_path / "results.pbn"
    assert main(["log", "export", "--format", "pbn-results", "-o", str(out)]) == 0
    assert main(["log", "export", "--format", "pbn-results", "-o", str(out)]) == 0  # replaces
    assert len(read_results(out.read_bytes(), "results.pbn").boards) == 27
