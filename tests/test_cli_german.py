"""The command line in German (issue 36): with ``--lang de`` or ``TD_ASSIST_LANG=de`` every
command prints German, its help and its argument errors too; no English sentence of the
catalog gets through. JSON keeps its field names and codes."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.cli import main
from td_assist.i18n import use_language
from td_assist.ruling_log import log_facts
from td_assist.rulings.engine.registry import rule
from td_assist.session import TableFacts, board_with_facts, find_session
from td_assist.store import open_store

from .test_german_pages import english_in, english_sentences

DATA = Path(__file__).parent / "data"
HAND_RECORD = DATA / "24-boards-no-play.pbn"


@pytest.fixture(scope="module")
def catalog_english() -> set[str]:
    return english_sentences()


def said(capsys, argv: list[str], status: int = 0) -> str:
    try:
        code = main(argv)
    except SystemExit as stopped:  # argparse's own usage errors exit
        code = stopped.code
    assert code == status, argv
    captured = capsys.readouterr()
    return captured.out + captured.err


def without_codes(text: str) -> str:
    """The text less the wizards' names (codes such as lead-out-of-turn, which the
    command line takes as they are)."""
    return re.sub(r"[a-z]+(?:-[a-z]*)+", " ", text)


def assert_german(text: str, german_words: list[str], catalog_english: set[str]) -> None:
    for word in german_words:
        assert word in text, f"{word!r} not in:\n{text}"
    english = english_in(f"<p>{text}</p>", catalog_english)
    assert not english, "English in the output:\n  " + "\n  ".join(english)


@pytest.fixture
def empty_home(monkeypatch, tmp_path, argv):
    """'No session loaded' needs a user folder no earlier test loaded a session into."""
    if argv[0] in {"session", "log"}:
        monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "home"))


@pytest.mark.parametrize(
    ("argv", "german_words"),
    [
        (
            ["score", "4SX", "S", "9", "--vul", "NS"],
            ["Stiche", "1 Faller", "Alleinspieler in Gefahr", "OW +200"],
        ),
        (
            ["score", "3NT", "E", "11"],
            ["3SA von O", "mit 2 Überstichen erfüllt", "nicht in Gefahr"],
        ),
        (["score", "4S", "S", "10", "--vul", "EW"], ["genau erfüllt"]),
        (["score", "P", "S", "0"], ["Alle passen"]),
        (["search", "Renonce", "bemerkt"], ["Regel 6"]),
        (["search", "Regel", "99"], ["ist kein Abschnitt der Regeln", "Kein Regelabschnitt passt"]),
        (
            ["adjust", "--results", "4S S 10 0.6; 3S S 9 0.4", "--board", "5",
             "--comparison", "-140"],
            ["Gefahrenlage", "Gewicht", "Gewichtetes Ergebnis", "am anderen Tisch", "Punkte",
             "Regeln: Regel 12C1(b)"],
        ),
        (
            ["adjust", "--results", "4S S 10 0.6; 3S S 9 0.4", "--traveller", "420, 450, -50",
             "--table-result", "4SX E 8", "--without-error", "4S S 9", "--non-offenders", "NS"],
            ["Gewichtete Matchpunkte", "Regel 12C1(e) ändert nichts"],
        ),
        (["session", "list"], ["Kein Durchgang geladen"]),
        (["laws", "check"], ["93 Regeln", "Abschnitte", "0 Probleme"]),
    ],
)  # fmt: skip
def test_each_command_speaks_german(capsys, catalog_english, argv, german_words, empty_home):
    assert_german(said(capsys, [*argv, "--lang", "de"]), german_words, catalog_english)


@pytest.mark.parametrize(
    ("argv", "german_words"),
    [
        (["score", "4S", "X", "9"], ["unbekannter Platz 'X'"]),
        (["score", "4S", "  ", "9"], ["unbekannter Platz (leer)"]),
        (["score", "4S", "S", "15"], ["Aufruf:", "Fehler", "15 Stiche sind unmöglich"]),
        (["score"], ["Aufruf:", "diese Argumente fehlen"]),
        (["law", "94"], ["Es gibt keine Regel 94"]),
        (["law", "64B9"], ["Regel 64B9 gibt es nicht", "diese Teile"]),
        (["laws", "overlap"], ["kein amtlicher Text eingelesen"]),
        (["session", "remove", "nirgends"], ["es gibt keinen Durchgang 'nirgends'"]),
        (["log", "export"], ["kein Durchgang geladen"]),
        (["frobnicate"], ["ungültige Wahl"]),
    ],
)  # fmt: skip
def test_argument_errors_are_german(capsys, catalog_english, argv, german_words, empty_home):
    assert_german(said(capsys, [*argv, "--lang", "de"], status=2), german_words, catalog_english)


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["score", "--help"],
        ["search", "--help"],
        ["adjust", "--help"],
        ["session", "load", "--help"],
        ["log", "export", "--help"],
        ["laws", "overlap", "--help"],
        ["serve", "--help"],
    ],
)
def test_help_is_german(capsys, catalog_english, argv):
    with pytest.raises(SystemExit) as done:
        main([*argv, "--lang", "de"])
    assert done.value.code == 0
    text = without_codes(capsys.readouterr().out)
    assert_german(text, ["Aufruf:", "Optionen"], catalog_english)


def test_serve_says_where_to_open_it_in_german(capsys, monkeypatch, catalog_english):
    from td_assist.web import server

    monkeypatch.setattr(server, "serve", lambda app, host, port: None)
    out = said(capsys, ["serve", "--lan", "--port", "5099", "--lang", "de"])
    assert_german(
        out, ["läuft", "PIN für Tablets und Handys", "Beenden mit Strg+C"], catalog_english
    )


def test_the_environment_variable_gives_german_too(capsys, monkeypatch):
    monkeypatch.setenv("TD_ASSIST_LANG", "de")
    assert "Alleinspieler" in said(capsys, ["score", "4S", "S", "10"])
    monkeypatch.setenv("TD_ASSIST_LANG", "en")
    assert "declarer not vulnerable" in said(capsys, ["score", "4S", "S", "10"])


def test_json_keeps_its_names_and_codes_in_german(capsys):
    german = json.loads(said(capsys, ["score", "3NT", "E", "11", "--json", "--lang", "de"]))
    english = json.loads(said(capsys, ["score", "3NT", "E", "11", "--json"]))
    assert german == english
    assert german["contract"] == "3NT" and german["declarer"] == "E"


def _a_session_with_a_ruling(capsys) -> None:
    said(capsys, ["session", "load", str(HAND_RECORD), "--name", "Dienstag", "--lang", "de"])
    store = open_store()
    session = find_session(store, "Dienstag")
    data = store.session_board(session.id, 17)
    ruled = board_with_facts(
        Board.model_validate(data), TableFacts(contract="4H", declarer=Seat.N, tricks=9)
    )
    board_id = store.save_board(json.loads(ruled.model_dump_json()), "t", session_id=session.id)
    with use_language("de"):  # a stored ruling keeps the language it was made in
        ruling = rule("revoke", ruled, None, {"revoke_found": "no"})
    store.save_ruling(
        board_id,
        "revoke",
        {"revoke_found": "no"},
        ruling.model_dump(mode="json"),
        facts=log_facts(ruled, ruling, session.id, table="4", ns_pair="2", ew_pair="9"),
        note="Nord rief den TL",
    )


def test_session_commands_speak_german(capsys, catalog_english):
    loaded = said(
        capsys, ["session", "load", str(HAND_RECORD), "--name", "Dienstag", "--lang", "de"]
    )
    assert_german(
        loaded, ["Durchgang 'Dienstag'", "24 Boards", "voreingestellte Durchgang"], catalog_english
    )
    listed = said(capsys, ["session", "list", "--lang", "de"])
    assert_german(listed, ["Dienstag (voreingestellt)", "geladen"], catalog_english)
    removed = said(capsys, ["session", "remove", "Dienstag", "--lang", "de"])
    assert_german(removed, ["entfernt", "Entscheidungen bleiben im Protokoll"], catalog_english)
    again = said(capsys, ["session", "remove", "Dienstag", "--lang", "de"], status=2)
    assert_german(again, ["wurde schon entfernt"], catalog_english)
    everything = said(capsys, ["session", "list", "--all", "--lang", "de"])
    assert "entfernt" in everything


def test_the_pbn_export_comments_in_german_and_keeps_its_tags(capsys, catalog_english):
    _a_session_with_a_ruling(capsys)
    assert main(["log", "export", "--format", "pbn", "--lang", "de"]) == 0
    text = capsys.readouterr().out
    assert '[Board "17"]' in text and '[Contract "4H"]' in text and '[Table "4"]' in text
    comment = text[text.index("{Entscheidung (") :]
    assert_german(
        comment,
        ["Entscheidung (Entscheidung", "Tisch 4 NS-Paar 2 OW-Paar 9", "Ergebnis wie gespielt",
         "nach der Entscheidung", "Regeln:", "Notiz des Turnierleiters: Nord rief den TL"],
        catalog_english,
    )  # fmt: skip
    assert main(["log", "export", "--format", "pbn"]) == 0
    assert "{Ruling (ruling" in capsys.readouterr().out  # English stays as it was


def test_the_csv_export_keeps_the_column_names_a_scorer_program_reads(capsys):
    _a_session_with_a_ruling(capsys)
    assert main(["log", "export", "--format", "csv", "--lang", "de"]) == 0
    german = capsys.readouterr().out.splitlines()
    assert main(["log", "export", "--format", "csv"]) == 0
    english = capsys.readouterr().out.splitlines()
    assert german[0] == english[0]
    assert german[0].startswith("session,board,table,ns_pair,ew_pair,contract")


def test_the_printed_report_is_german(capsys, catalog_english):
    _a_session_with_a_ruling(capsys)
    assert main(["log", "export", "--format", "html", "--lang", "de"]) == 0
    page = capsys.readouterr().out
    assert '<html lang="de">' in page
    body = page[page.index("<main>") :]
    assert "Board 17" in body and "Tisch 4" in body and "NS 2 gegen OW 9" in body
    assert "Wie gespielt" in body or "wie gespielt" in body.lower()
    found = english_in(body, catalog_english)
    assert not found, found


def test_laws_import_and_overlap_speak_german(capsys, catalog_english, tmp_path):
    english_sample = str(DATA / "official-sample.txt")  # English headings: not German ones
    wrong = said(capsys, ["laws", "import", english_sample, "--lang", "de"], status=2)
    assert_german(wrong, ["keine Regelüberschriften gefunden"], catalog_english)
    sample = tmp_path / "regeln.txt"
    sample.write_text("Regel 64 - Verfahren\nA. Ganz andere Worte über Stiche.\n", "utf-8")
    imported = said(capsys, ["laws", "import", str(sample), "--lang", "de"])
    assert_german(imported, ["Abschnitte aus", "passen zu unseren Ankern"], catalog_english)
    overlap = said(capsys, ["laws", "overlap", "--lang", "de"], status=0)
    assert_german(overlap, ["Folgen von 12+ Wörtern", "Passagen in"], catalog_english)
    too_short = said(capsys, ["laws", "overlap", "--min-words", "3", "--lang", "de"], status=2)
    assert "--min-words muss mindestens" in too_short


@pytest.mark.parametrize(
    ("record", "german_words"),
    [
        ("[Board 1]\n", ["PBN-Zeile 1", "fehlerhaftes Tag"]),
        ('[Board "x"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n', ["Boardnummer 'x' ist keine Zahl"]),
        ('[Event ""]\n', ["kein Board gefunden"]),
    ],
)
def test_a_bad_record_is_named_in_german(capsys, catalog_english, tmp_path, record, german_words):
    bad = tmp_path / "kaputt.pbn"
    bad.write_text(record, encoding="utf-8")
    text = said(capsys, ["session", "load", str(bad), "--lang", "de"], status=2)
    assert_german(text, german_words, catalog_english)


def test_a_bad_lin_record_is_named_in_german(capsys, catalog_english, tmp_path):
    bad = tmp_path / "kaputt.lin"
    bad.write_text("qx|o1|md|3XAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|", "utf-8")
    text = said(capsys, ["session", "load", str(bad), "--lang", "de"], status=2)
    assert_german(text, ["LIN-Eintrag", "muss mit einem Farbbuchstaben beginnen"], catalog_english)


@pytest.mark.parametrize(
    ("language", "level", "told"),
    [
        ("de", "Stufe: Grundkurs", "Die Ansage außer Reihenfolge ist 1♠ von Süd"),
        ("en", "Difficulty: First course", "The call out of rotation is South's 1S"),
    ],
)
def test_cases_show_tells_the_level_and_the_irregularity_in_words(capsys, language, level, told):
    """The level by its label and the report as the case page tells it, not a data dump."""
    out = said(
        capsys,
        [
            "cases",
            "show",
            "call-out-of-rotation/01-overcall-at-rho-turn-accepted",
            "--lang",
            language,
        ],
    )
    assert level in out and told in out
    assert "first-course" not in out and "{'kind'" not in out and "Call index" not in out


def test_an_exposed_card_in_the_auction_is_told_in_german(capsys):
    """The 20 exposed-card cases were told as 'Call index: 5. Premature lead: ja.'."""
    out = said(
        capsys, ["cases", "show", "exposed-card/04-premature-lead-offender-on-lead", "--lang", "de"]
    )
    assert "West hat während der Reizung nach 5 Ansagen Treff-Bube aufgedeckt." in out
    assert "vorzeitiges Ausspiel" in out and "Premature lead" not in out


@pytest.mark.parametrize(
    ("argv", "german_words"),
    [
        (["cases", "list", "--wizard", "nope"], ["unbekannter Assistent 'nope'"]),
        (["adjust", "--results", "4S N 10", "--vul", "none", "--board", "3"],
         ["--vul oder --board angeben, nicht beides"]),
    ],
)  # fmt: skip
def test_the_last_english_refusals_are_german(capsys, argv, german_words):
    with contextlib.suppress(SystemExit):
        main([*argv, "--lang", "de"])
    captured = capsys.readouterr()
    out = captured.out + captured.err
    for words in german_words:
        assert words in out, out


def test_an_unknown_wizard_is_refused_in_german_by_the_registry():
    from td_assist.bridge.errors import RecordError
    from td_assist.i18n import use_language
    from td_assist.rulings.engine import registry

    with use_language("de"), pytest.raises(RecordError, match="unbekannter Assistent 'nope'"):
        registry.rule("nope", None, None, {})
