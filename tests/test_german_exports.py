"""The scorer's files in German (issue 36): the notes a person reads (in the USEBIO comment,
the PBN results' commentary, on the screen) follow the TD's language; the tags and values
a scoring program reads (USEBIO elements, PBN tags, scores, the td-assist marks an export
is recognised by) stay exactly as in English."""

from __future__ import annotations

import pytest

from td_assist.cli import main
from td_assist.i18n import use_language
from td_assist.pbn_results_export import PBN_RESULTS_MARK, export_pbn_results
from td_assist.session import load_file
from td_assist.session_results import session_results
from td_assist.store import LogFacts, Store
from td_assist.usebio_export import USEBIO_MARK, export_usebio

from .test_german_pages import english_in, english_sentences
from .test_usebio_export import BEFORE, _body, _traveller

pytestmark = pytest.mark.skipif(not BEFORE.exists(), reason="../shared results are absent")

WEIGHTED = [
    {"contract": "4S", "declarer": "S", "tricks": 10, "weight": 0.5, "score_ns": 420},
    {"contract": "4S", "declarer": "S", "tricks": 9, "weight": 0.5, "score_ns": -50},
]


@pytest.fixture
def weighted_session(tmp_path):
    """Board 1 of a Compscore session with a weighted score (Law 12C1(c)) on one table."""
    store = Store(tmp_path / "log.sqlite3")
    with use_language("de"):
        info = load_file(store, BEFORE)
    line = session_results(store, info.id).find(1, ns_pair="3")
    board_id = store.save_board(store.session_board(info.id, 1), "session", session_id=info.id)
    facts = LogFacts(session_id=info.id, board_number=1, ns_pair="3NS", ew_pair=line.ew_pair)
    store.save_ruling(board_id, "revoke", {}, {"adjustment": {"weighted": WEIGHTED}}, facts=facts)
    return store, info, line


def test_the_session_notice_is_german(weighted_session):
    _store, info, _line = weighted_session
    assert info.notice.startswith("Ergebnisse aus ")
    assert "Tischergebnisse auf" in info.notice


def test_usebio_notes_are_german_and_the_file_reads_the_same(weighted_session):
    store, info, _line = weighted_session
    with use_language("de"):
        german = export_usebio(store, info.id)
    english = export_usebio(store, info.id)
    assert german.ruled_lines == english.ruled_lines == 1
    # what the scoring program reads is the same
    assert _traveller(_body(german.text), 1) == _traveller(_body(english.text), 1)
    assert USEBIO_MARK in german.text
    notes = " ".join(german.notes)
    assert "gewichtetes Ergebnis (Regel 12C1(c))" in notes
    assert "tragen Sie das gewichtete Ergebnis im Auswertungsprogramm von Hand ein" in notes
    assert "Paarsummen, Prozente und Plätze werden nicht neu berechnet" in notes
    assert "Board 1, 3NS gegen" in notes
    assert not english_in(f"<p>{notes}</p>", english_sentences())
    assert "gewichtetes Ergebnis" in german.text  # the comment in the file, for the scorer
    assert "weighted score (Law 12C1(c))" in " ".join(english.notes)


def test_pbn_results_notes_are_german_and_the_tags_the_same(weighted_session):
    store, info, _line = weighted_session
    with use_language("de"):
        german, german_notes, changed = export_pbn_results(store, info.id)
    english, _notes, english_changed = export_pbn_results(store, info.id)
    assert changed == english_changed == 1
    assert german.splitlines()[2] == PBN_RESULTS_MARK
    notes = " ".join(german_notes)
    assert "Board 1, NS 3NS: gewichtetes Ergebnis (Regel 12C1(c))" in notes
    assert "Paarsummen und Plätze werden nicht neu berechnet" in notes
    assert not english_in(f"<p>{notes}</p>", english_sentences())

    def games(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("{")]

    assert games(german) == games(english)


def test_the_cli_prints_the_notes_in_german(weighted_session, capsys, tmp_path, monkeypatch):
    assert main(["session", "load", str(BEFORE), "--lang", "de"]) == 0
    assert "Ergebnisse aus" in capsys.readouterr().out
    out = tmp_path / "ergebnisse.xml"
    assert main(["log", "export", "--format", "usebio", "-o", str(out), "--lang", "de"]) == 0
    said = capsys.readouterr().err
    assert "Ergebniszeilen nach" in said
    no_results = main(["log", "export", "--format", "bridgemate", "--all", "--lang", "de"])
    assert no_results == 2
    assert "gehört zu einem Durchgang" in capsys.readouterr().err
