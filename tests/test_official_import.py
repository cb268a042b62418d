"""The importer for the official text, tested on a synthetic file written for the test.

The file imitates what saving a PDF as text produces: running page headers, page
numbers, words hyphenated across lines and footnote markers. Its sentences are
invented placeholders, not the official wording.
"""

import json

import pytest

from td_assist.cli import main
from td_assist.lawbook.official import ImportProblem, import_official, load_official, split_official

SYNTHETIC = """THE SYNTHETIC LAWBOOK 2017
LAW 63 - ESTABLISHMENT OF A REVOKE
A. Revoke Becomes Established
Placeholder words for the first part of sec-
tion A.
1. Placeholder one, with a foot-
note marker here*.
2. Placeholder two.
3. Placeholder three¹
which runs on to a second line.
* A footnote line that must disappear.
41
\f
THE SYNTHETIC LAWBOOK 2017
4. Placeholder four.
B. No Rectification
Placeholder for B.
LAW 64 - PROCEDURE AFTER ESTABLISHMENT OF A REVOKE
A. Automatic Trick Adjustment
1. Alpha.
2. Beta, which mentions
1. a stray number at a line start.
B. Another
1. One.
(a) Sub a.
(b) Sub b.
(i) Roman one after (b).
(ii) Roman two.
2. Two.
C. Third
42
THE SYNTHETIC LAWBOOK 2017
"""


def test_split_cleans_pdf_debris_and_finds_our_anchors():
    sections, titles = split_official(SYNTHETIC)
    assert titles == {
        63: "Establishment Of A Revoke",
        64: "Procedure After Establishment Of A Revoke",
    }
    assert sections["63A"] == "Placeholder words for the first part of section A."
    assert sections["63A1"] == "Placeholder one, with a footnote marker here."
    assert sections["63A3"] == "Placeholder three which runs on to a second line."
    assert sections["63A4"] == "Placeholder four."
    assert "SYNTHETIC" not in " ".join(sections.values())
    assert "footnote line" not in " ".join(sections.values())
    assert sections["64A2"] == "Beta, which mentions 1. a stray number at a line start."
    assert sections["64B1a"] == "Sub a." and sections["64B1bi"] == "Roman one after (b)."
    assert sections["64B1bii"] == "Roman two." and sections["64B2"] == "Two."
    assert "64C" in sections


def test_import_stores_in_user_folder_and_law_command_shows_both(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "home"))  # keep it from other tests
    source = tmp_path / "official.txt"
    source.write_text(SYNTHETIC, encoding="utf-8")
    assert main(["laws", "import", str(source)]) == 0
    assert "Imported" in capsys.readouterr().out
    assert load_official().sections["64B2"] == "Two."
    assert main(["law", "64A1"]) == 0
    out = capsys.readouterr().out
    assert "Official text (Law 64A1):" in out and "Alpha." in out
    assert main(["law", "64A1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["official"] == "Alpha."


def test_import_refuses_a_pdf_and_text_without_laws(tmp_path):
    pdf = tmp_path / "laws.pdf"
    pdf.write_bytes(b"%PDF-1.7 binary")
    with pytest.raises(ImportProblem, match="save it as plain text"):
        import_official(pdf)
    empty = tmp_path / "notes.txt"
    empty.write_text("shopping list\n", encoding="utf-8")
    with pytest.raises(ImportProblem, match="no law headings found"):
        import_official(empty)
    with pytest.raises(ImportProblem, match="cannot read"):
        import_official(tmp_path / "missing.txt")


def test_law_page_shows_the_official_text_beside_ours(tmp_path, monkeypatch):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "home"))  # keep it from other tests
    from td_assist.web import create_app

    source = tmp_path / "official.txt"
    source.write_text(SYNTHETIC, encoding="utf-8")
    import_official(source)
    client = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "l.sqlite3"), "SECRET_KEY": "t"}
    ).test_client()
    page = client.get("/laws/64").get_data(as_text=True)
    assert "Official text" in page and "Our words" in page and "Alpha." in page


# What another PDF saver makes of the same pages: a law's number and its title on lines
# of their own, and labels alone on a line with their heading or text on the next.
BARE_LABELS = """LAW 63
ESTABLISHMENT OF A REVOKE
A.
Revoke Becomes Established
1.
Placeholder one on the line after its label.
2. Placeholder two beside its label.
B.
Placeholder for B on its own line.
LAW 64 - PROCEDURE AFTER ESTABLISHMENT OF A REVOKE
A. Automatic Trick Adjustment
1.
Alpha.
"""

GERMAN_BARE = """Regel 63
Vollendung einer Revoke
A.
Platzhalter für A auf der nächsten Zeile.
1. Platzhalter eins.
Regel 64 – Verfahren nach vollendeter Revoke
A.
Platzhalter.
"""


def test_split_reads_labels_and_law_titles_on_lines_of_their_own():
    sections, titles = split_official(BARE_LABELS)
    assert titles == {
        63: "Establishment Of A Revoke",
        64: "Procedure After Establishment Of A Revoke",
    }
    assert sections["63"] == ""  # the title is not the law's text
    assert sections["63A"] == ""  # its heading is dropped as on one line
    assert sections["63A1"] == "Placeholder one on the line after its label."
    assert sections["63A2"] == "Placeholder two beside its label."
    assert sections["63B"] == "Placeholder for B on its own line."
    assert sections["64A1"] == "Alpha."


def test_split_reads_a_german_law_number_alone_on_its_line():
    sections, titles = split_official(GERMAN_BARE, lang="de")
    assert titles == {63: "Vollendung einer Revoke", 64: "Verfahren nach vollendeter Revoke"}
    assert sections["63A"] == "Platzhalter für A auf der nächsten Zeile."
    assert sections["63A1"] == "Platzhalter eins."
    assert sections["64A"] == "Platzhalter."
