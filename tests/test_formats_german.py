"""Issue 36: a bad file read with German active is refused in German, and the message
still names the place (file, board, line, byte) so the TD can find it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import parse_record
from td_assist.bridge.formats.results import read_results
from td_assist.i18n import use_language

RESULTS = Path(__file__).resolve().parents[1].parent / "shared" / "real-records" / "results"
real_records = pytest.mark.skipif(not RESULTS.is_dir(), reason="../shared/real-records is absent")
DEAL = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T98.T98.T98 6.J76.J76.J76432"


def refused_in_german(read) -> str:
    with use_language("de"), pytest.raises(RecordError) as raised:
        read()
    return str(raised.value)


def _broken(name: str, old: bytes, new: bytes) -> bytes:
    raw = (RESULTS / name).read_bytes()
    assert old in raw, name
    return raw.replace(old, new, 1)


@real_records
@pytest.mark.parametrize(
    ("name", "old", "new", "source", "expected"),
    [
        pytest.param(
            "usebio/cobalt__mp_pairs_mitchell_03.xml", b"<PLAYED_BY>", b"<PLAYED_BY>Q",
            "club.xml", "club.xml, Board 1 Zeile 280: PLAYED_BY 'QN' ist kein Platz",
            id="USEBIO XML",
        ),
        pytest.param(
            "pbn/rkcb__sm1.pbn", b' 5  1  5 32 6N   S 13 S9  "1020"',
            b' 5  1  5 32 6N   S 19 S9  "1020"',
            "sm1.pbn", "sm1.pbn, Board 1 Zeile 101: Ergebnis '19' ist nicht 0 bis 13 Stiche",
            id="PBN score table",
        ),
        pytest.param(
            "jfr-pary-html/pbntools__jfrpary_wb120802001.html",
            b'<td class="noc">-3</td>', b'<td class="noc">-11</td>',
            "wb001.html", "wb001.html, Board 1 Zeile 153: das Ergebnis -11 in 4H",
            id="JFR html rows",
        ),
        pytest.param(
            "traveler-text/rchillyard__travelers.lexington.2016.1101.txt",
            b"2\t3 480", b"2\t3 4 80",
            "lex.txt", "lex.txt Zeile 27: '2 3 4 80' ist keine Laufzettel-Zeile",
            id="traveller text",
        ),
    ],
)  # fmt: skip
def test_a_broken_results_file_is_refused_in_german_naming_the_place(
    name, old, new, source, expected
):
    message = refused_in_german(lambda: read_results(_broken(name, old, new), source))
    assert message.startswith(expected), message


@real_records
def test_a_cut_acblscore_file_is_refused_in_german_naming_the_byte():
    raw = (RESULTS / "acblscore/nap__agile-bridge-club__170731.ACA").read_bytes()
    message = refused_in_german(lambda: read_results(raw[:8300], "club.ACA"))
    assert message.startswith("club.ACA: die Datei endet vor dem Feld bei Byte "), message


@real_records
def test_a_notice_about_what_was_left_out_is_german():
    raw = (RESULTS / "pbn/rkcb__team.pbn").read_bytes()
    with use_language("de"):
        results = read_results(raw, "team.pbn")
    assert "Die Ergebnistabellen enthalten nur Matchergebnisse" in results.notice


@real_records
@pytest.mark.skipif(
    importlib.util.find_spec("access_parser") is None, reason="the 'results' extra is absent"
)
def test_a_damaged_bws_file_is_refused_in_german():
    raw = (RESULTS / "bws/bridgemate-ui__12tables1section.bws").read_bytes()
    message = refused_in_german(lambda: read_results(raw[: len(raw) // 2], "club.bws"))
    assert message.startswith("club.bws: die Access-Datenbank kann nicht gelesen werden")


def test_a_broken_usebio_document_names_its_line_in_german():
    message = refused_in_german(lambda: read_results(b"<USEBIO><EVENT></USEBIO>", "bad.xml"))
    assert message.startswith("bad.xml Zeile 1: kein wohlgeformtes XML"), message


@pytest.mark.parametrize(
    ("text", "fmt", "expected"),
    [
        pytest.param(
            "board 1\ndealer N\nvul None\nfoo bar\n", "text",
            "Zeile 4: unbekannter Eintrag 'foo'", id="text board",
        ),
        pytest.param(
            '[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ AKQ.AKQ.AKQ.AKQJ - -"]\n',
            "pbn", "PBN-Zeile 3: Karte SA ist sowohl bei Nord als auch bei Ost", id="PBN deal",
        ),
        pytest.param(
            f"board 1\ndealer N\nvul None\ndeal {DEAL}\nauction X\n", "text",
            "Board ab Zeile 1, Reizung, Ansage 1: X ist nicht erlaubt: es gibt kein Gebot, "
            "das kontriert werden könnte",
            id="text auction",
        ),
        pytest.param(
            f"board 1\ndealer N\nvul None\ndeal {DEAL}\nauction 1S P P P\nplay S2 SA\n",
            "text",
            "Board ab Zeile 1, Spiel, Stich 1: Süd hat SA gespielt, hält die Karte aber nicht "
            "(Nord hält sie)",
            id="text play",
        ),
        pytest.param(
            "qx|o1|", "lin", "kein Board gefunden (ein LIN-Board braucht", id="LIN",
        ),
        pytest.param("[1]", "json", "ein Board muss ein JSON-Objekt sein", id="JSON board"),
        pytest.param('{"number": "x"}', "json", "Feld number: keine ganze Zahl", id="JSON field"),
        pytest.param(
            f"board 1\ndealer N\nvul None\ndeal {DEAL}\nauction 1S P P P\ncontract 2H by N\n",
            "text",
            "Board ab Zeile 1, Kontrakt: der aufgezeichnete Kontrakt 2H passt nicht zur "
            "Reizung, die mit 1S endet",
            id="board consistency",
        ),
    ],
)  # fmt: skip
def test_a_bad_board_record_is_refused_in_german_naming_the_place(text, fmt, expected):
    message = refused_in_german(lambda: parse_record(text, fmt))
    assert message.startswith(expected), message


def test_english_stays_english():
    with pytest.raises(RecordError) as raised:
        parse_record("board 1\ndealer N\nvul None\nfoo bar\n", "text")
    assert str(raised.value).startswith("line 4: unknown item 'foo'")
