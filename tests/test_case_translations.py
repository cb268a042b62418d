"""Worked cases in German (issue 36): a case's text in ``<stem>.de.toml`` beside it.

The overlay is display only: the ruling is always worked out from the English case. A
case with no overlay shows its English text on a German page, marked as English; a
malformed overlay is named (file, line) and never stops a page; an edited overlay shows
at once.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path
from urllib.parse import urlencode

import pytest

from td_assist.cli import main
from td_assist.i18n import use_language
from td_assist.paths import content_dir
from td_assist.training import cases as cases_module
from td_assist.training.cases import get_case, load_case, load_cases
from td_assist.training.practice import practice_questions
from td_assist.web import create_app

from .test_german_pages import english_in, english_sentences

LIBRARY = content_dir("rulings") / "cases"
OVERLAYS = sorted(p for p in LIBRARY.glob("*/*.toml") if p.name.count(".") == 2)
KEYS = {"title", "explanation", "irregularity"}
IRREGULARITY_KEYS = {"statement", "description", "explanation"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
REVOKE = "revoke/01-defender-ruffs-two-tricks"
CLAIM = "claim/01-outstanding-trump-not-mentioned"
# A law anchor with its letter ("64A1", "70C", "61B2(a)") after Law/Regel, or of a two-digit
# law in brackets or a list ("(70C2 fails)", "Laws 24A, 24D": a call such as "(2D" is not
# one), and a signed score ("+450", "-50"): a translation must keep them all.
SECTION = r"[A-H]\d?(?:\([a-z]\)|[a-z])?"
LAW_ANCHOR = re.compile(rf"\b(?:Laws?|Regeln?)\s(\d{{1,2}}{SECTION})|(?:\(|, )(\d{{2}}{SECTION})")
SCORE = re.compile(r"(?<![\w.+-])[+-]\d+\b")


def law_anchors(text: str) -> set[str]:
    return {named or listed for named, listed in LAW_ANCHOR.findall(text)}


def scores(text: str) -> set[str]:
    return set(SCORE.findall(text))


def overlay_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    home = tmp_path_factory.mktemp("cases-de")
    app = create_app({"TESTING": True, "STORE_PATH": str(home / "l.db"), "SECRET_KEY": "t"})
    return app.test_client()


@pytest.fixture
def library(tmp_path, monkeypatch):
    """A private library of two cases (a revoke and a claim) with their overlays."""
    for case in (REVOKE, CLAIM):
        folder = tmp_path / "rulings" / "cases" / case.split("/")[0]
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(LIBRARY / f"{case}.toml", folder)
    monkeypatch.setattr(cases_module, "content_dir", lambda name: tmp_path / name)
    return tmp_path / "rulings" / "cases"


def write_overlay(library: Path, case: str, text: str) -> Path:
    path = library / f"{case}.de.toml"
    path.write_text(text, encoding="utf-8")
    return path


GERMAN_CLAIM = '''title = "Der Alleinspieler claimt, ohne den letzten Trumpf zu nennen"
explanation = """
Süd claimt den Rest. Regel 70C.
"""

[irregularity]
statement = "Die Coeurs sind hoch, der Rest gehört mir."
'''


def test_the_library_has_overlays():
    assert OVERLAYS, "no rulings/cases/*/*.de.toml found"


@pytest.mark.parametrize("path", OVERLAYS, ids=overlay_id)
def test_every_overlay_has_its_english_case_known_keys_and_german_text(path):
    stem, _, language = path.name.removesuffix(".toml").rpartition(".")
    assert language == "de", f"{overlay_id(path)}: only German overlays (.de.toml) are read"
    english_path = path.with_name(f"{stem}.toml")
    assert english_path.is_file(), f"{overlay_id(path)}: no English case {english_path.name}"
    english = load_case(english_path)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert set(data) <= KEYS, f"{overlay_id(path)}: unknown keys {set(data) - KEYS}"
    for key in ("title", "explanation"):
        assert isinstance(data.get(key), str) and data[key].strip(), f"{overlay_id(path)}: {key}"
    assert data["title"].strip() != english.title.strip(), "the title is not translated"
    assert data["explanation"].strip() != english.explanation.strip(), "not translated"
    irregularity = data.get("irregularity", {})
    assert set(irregularity) <= IRREGULARITY_KEYS, f"{overlay_id(path)}: {set(irregularity)}"
    for name, text in irregularity.items():
        assert isinstance(text, str) and text.strip(), f"{overlay_id(path)}: {name} is empty"
        assert getattr(english.irregularity, name, ""), f"the English case has no {name}"
    # The numbers the trainee must learn: the laws cited and the scores, unchanged.
    for found in (law_anchors, scores):
        assert found(data["explanation"]) == found(english.explanation), (
            f"{overlay_id(path)}: {found.__name__}"
        )


@pytest.mark.parametrize("path", OVERLAYS, ids=overlay_id)
def test_every_overlay_is_read_by_the_library(path):
    case_id = f"{path.parent.name}/{path.name.split('.')[0]}"
    german = get_case(case_id, "de")
    assert german.text_language == "de" and not german.text_problem
    assert german.title == tomllib.loads(path.read_text("utf-8"))["title"].strip()


def test_overlays_are_not_read_as_cases():
    listed = {case.id for case in load_cases()}
    assert not any(case_id.count(".") for case_id in listed)


def test_a_case_read_in_german_shows_the_overlay_but_rules_from_the_english_case(library):
    write_overlay(library, CLAIM, GERMAN_CLAIM)
    german = get_case(CLAIM, "de")
    english = get_case(CLAIM, "en")
    assert german.title.startswith("Der Alleinspieler claimt")
    assert german.irregularity.statement == "Die Coeurs sind hoch, der Rest gehört mir."
    assert english.irregularity.statement == "The hearts are good, the rest are mine."
    assert german.english is english
    with use_language("en"):
        ruled_german, ruled_english = german.run(), english.run()
    assert ruled_german.model_dump(mode="json") == ruled_english.model_dump(mode="json")
    assert ruled_german.rectification["statement"] == "The hearts are good, the rest are mine."
    assert german.mismatches(ruled_german) == []


def test_english_readers_get_the_english_case_itself(library):
    write_overlay(library, CLAIM, GERMAN_CLAIM)
    english = get_case(CLAIM, "en")
    assert english.text_language == "en" and english.english is english
    with use_language("en"):
        assert get_case(CLAIM).title == english.title
    with use_language("de"):
        assert get_case(CLAIM).title.startswith("Der Alleinspieler")
        assert [c.title[:3] for c in load_cases("claim")] == ["Der"]


def test_a_case_without_an_overlay_is_english_on_a_german_page_and_says_so(library):
    """The library fixture's revoke case has no overlay; then it gets one."""
    app = create_app({"TESTING": True, "STORE_PATH": str(library / "l.db"), "SECRET_KEY": "t"})
    client = app.test_client()
    german = client.get(f"/cases/{REVOKE}", headers=GERMAN).get_data(as_text=True)
    assert "(nur auf Englisch)" in german
    assert re.search(r'<h1 lang="en">A defender ruffs[^<]+</h1>', german)
    assert 'class="explanation" lang="en"' in german
    listed = client.get("/cases/", headers=GERMAN).get_data(as_text=True)
    assert listed.count("(nur auf Englisch)") == 2  # the revoke and the claim case
    english = client.get(f"/cases/{REVOKE}").get_data(as_text=True)
    assert "(English only)" not in english and 'lang="en">' not in english.split("<main")[1]
    shutil.copy(LIBRARY / f"{REVOKE}.de.toml", library / "revoke")
    translated = client.get(f"/cases/{REVOKE}", headers=GERMAN).get_data(as_text=True)
    assert "(nur auf Englisch)" not in translated
    assert "<h1>Ein Gegenspieler sticht" in translated
    listed = client.get("/cases/", headers=GERMAN).get_data(as_text=True)
    assert listed.count("(nur auf Englisch)") == 1


def test_the_cases_page_lists_german_titles_and_marks_the_english_ones(client):
    page = client.get("/cases/", headers=GERMAN).get_data(as_text=True)
    assert ">Ein Gegenspieler sticht, obwohl er die Farbe hält" in page
    marked = page.count("(nur auf Englisch)")
    untranslated = [c for c in load_cases() if not (LIBRARY / f"{c.id}.de.toml").exists()]
    assert marked == len(untranslated)
    assert page.count('<li><a href="/cases/') == len(load_cases())


def test_case_search_on_a_german_page_matches_german_and_english_words(client):
    found = client.get("/cases/?q=Gegenspieler+sticht", headers=GERMAN).get_data(as_text=True)
    assert f'href="/cases/{REVOKE}"' in found
    also = client.get("/cases/?q=defender+ruffs", headers=GERMAN).get_data(as_text=True)
    assert f'href="/cases/{REVOKE}"' in also
    english = client.get("/cases/?q=Gegenspieler+sticht").get_data(as_text=True)
    assert f'href="/cases/{REVOKE}"' not in english


def test_an_overlay_edited_shows_at_once(library):
    path = write_overlay(library, CLAIM, GERMAN_CLAIM)
    assert get_case(CLAIM, "de").title.startswith("Der Alleinspieler claimt")
    path.write_text(GERMAN_CLAIM.replace("Der Alleinspieler claimt", "Süd claimt"), "utf-8")
    assert get_case(CLAIM, "de").title.startswith("Süd claimt")
    assert load_cases("claim", "de")[0].title.startswith("Süd claimt")
    path.unlink()
    assert get_case(CLAIM, "de").text_language == "en"


def test_warm_german_pages_read_no_overlay_again(client, monkeypatch):
    pages = [f"/cases/{REVOKE}", "/cases/", f"/practice/run?c={REVOKE}", "/laws/64"]
    for page in pages:
        assert client.get(page, headers=GERMAN).status_code == 200
    read: list[str] = []
    real = cases_module.load_overlay

    def counting(path, case=None):
        read.append(path.name)
        return real(path, case)

    monkeypatch.setattr(cases_module, "load_overlay", counting)
    for page in pages * 2:
        assert client.get(page, headers=GERMAN).status_code == 200
    assert read == []


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('title = "Ein Titel\nexplanation = "x"\n', "not valid TOML"),
        ('title = "Ein Titel"\nexplanation = "Text."\nlaws = ["64"]\n', "line 3"),
        ('title = "  "\nexplanation = "Text."\n', "line 1"),
        ('title = "Ein Titel"\n', "explanation"),
        ('title = "T"\nexplanation = "Text."\n[irregularity]\nkind = "claim"\n', "line 4"),
    ],
    ids=["bad TOML", "unknown key", "empty title", "no explanation", "irregularity kind"],
)
def test_a_malformed_overlay_is_named_with_its_line_and_never_stops_the_page(
    library, text, named, capsys
):
    write_overlay(library, CLAIM, text)
    case = get_case(CLAIM, "de")
    assert case.text_language == "en" and case.title == get_case(CLAIM, "en").title
    assert "claim/01-outstanding-trump-not-mentioned.de.toml" in case.text_problem
    assert named in case.text_problem
    app = create_app({"TESTING": True, "STORE_PATH": str(library / "l.db"), "SECRET_KEY": "t"})
    page = app.test_client().get(f"/cases/{CLAIM}", headers=GERMAN)
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert "data-text-problem" in body and "01-outstanding-trump-not-mentioned.de.toml" in body
    assert main(["cases", "check"]) == 1
    out = capsys.readouterr().out
    assert "claim/01-outstanding-trump-not-mentioned.de.toml" in out and named in out


def test_an_overlay_may_not_invent_an_irregularity_text(library, capsys):
    write_overlay(
        library, REVOKE, 'title = "T"\nexplanation = "E."\n[irregularity]\nstatement = "S"\n'
    )
    assert "line 4" in get_case(REVOKE, "de").text_problem
    assert main(["cases", "check"]) == 1
    assert "no irregularity statement" in capsys.readouterr().out


def test_cases_check_names_an_overlay_without_its_case_or_of_an_unknown_language(library, capsys):
    write_overlay(library, "claim/99-no-such-case", GERMAN_CLAIM)
    (library / "claim" / "01-outstanding-trump-not-mentioned.fr.toml").write_text(
        GERMAN_CLAIM, "utf-8"
    )
    assert main(["cases", "check"]) == 1
    out = capsys.readouterr().out
    assert "claim/99-no-such-case.de.toml" in out and "no English case" in out
    assert "01-outstanding-trump-not-mentioned.fr.toml" in out
    assert "2 of 2 translated case texts cannot be read" in out
    assert "cases disagree with the engine" not in out


def test_cases_check_reads_the_shipped_overlays(capsys):
    assert main(["cases", "check"]) == 0
    assert f"All {len(OVERLAYS)} translated case texts read well" in capsys.readouterr().out


def test_cases_show_and_list_print_german_with_lang_de(capsys):
    assert main(["cases", "show", REVOKE, "--lang", "de"]) == 0
    shown = capsys.readouterr().out
    assert "Ein Gegenspieler sticht" in shown and "Regel 64A1 zwei Stiche" in shown
    assert "Stufe:" in shown
    assert main(["cases", "list", "--wizard", "revoke", "--lang", "de"]) == 0
    listed = capsys.readouterr().out
    assert "Ein Gegenspieler sticht" in listed
    untranslated = [c for c in load_cases("revoke") if not (LIBRARY / f"{c.id}.de.toml").exists()]
    assert listed.count("(nur auf Englisch)") == len(untranslated)
    assert main(["cases", "show", REVOKE]) == 0
    assert "A defender ruffs while holding the suit" in capsys.readouterr().out


def test_practice_question_quiz_and_summary_are_german(client):
    sentences = english_sentences()
    ids = [REVOKE, "revoke/02-partner-wins-revoke-trick"]
    query = [("c", c) for c in ids]
    with use_language("de"):
        answers = [q.answer for c in ids for q in practice_questions(get_case(c, "de"))]
    wrong_first = ["no", *answers[1:]]
    pages = {
        "question": "/practice/run?" + urlencode(query),
        "feedback": "/practice/run?" + urlencode([*query, ("g", "no")]),
        "quiz": "/practice/quiz?" + urlencode(query),
        "summary": "/practice/run?" + urlencode(query + [("g", a) for a in wrong_first]),
    }
    for name, url in pages.items():
        response = client.get(url, headers=GERMAN)
        assert response.status_code == 200, name
        body = response.get_data(as_text=True)
        assert not english_in(body, sentences), (name, english_in(body, sentences)[:10])
    summary = client.get(pages["summary"], headers=GERMAN).get_data(as_text=True)
    assert "von" in summary and "Ein Gegenspieler sticht" in summary


@pytest.mark.parametrize("path", OVERLAYS, ids=overlay_id)
def test_every_translated_case_page_is_german(client, path):
    """The whole page of a translated case: its story, walk, ruling and explanation."""
    case_id = f"{path.parent.name}/{path.name.split('.')[0]}"
    response = client.get(f"/cases/{case_id}", headers=GERMAN)
    assert response.status_code == 200
    english = english_in(response.get_data(as_text=True), english_sentences())
    assert not english, f"{case_id} shows English:\n  " + "\n  ".join(english[:20])


def test_a_law_page_lists_its_cases_in_german_and_marks_the_english_ones(client):
    page = client.get("/laws/64", headers=GERMAN).get_data(as_text=True)
    assert ">Ein Gegenspieler sticht, obwohl er die Farbe hält" in page
    citing = [c for c in load_cases() if any(a.startswith("64") for a in c.laws)]
    untranslated = [c for c in citing if not (LIBRARY / f"{c.id}.de.toml").exists()]
    assert page.count("(nur auf Englisch)") == len(untranslated)
    english = client.get("/laws/64").get_data(as_text=True)
    assert ">A defender ruffs while holding the suit" in english


def test_an_untranslated_statement_is_marked_english_in_the_german_story(library):
    """The library fixture holds the claim case with no overlay; then with one."""
    app = create_app({"TESTING": True, "STORE_PATH": str(library / "l.db"), "SECRET_KEY": "t"})
    client = app.test_client()
    page = client.get(f"/cases/{CLAIM}", headers=GERMAN).get_data(as_text=True)
    assert 'Er sagt: „<span lang="en">The hearts are good, the rest are mine</span>.' in page
    english = client.get(f"/cases/{CLAIM}").get_data(as_text=True)
    assert '<span lang="en">' not in english
    write_overlay(library, CLAIM, GERMAN_CLAIM)
    translated = client.get(f"/cases/{CLAIM}", headers=GERMAN).get_data(as_text=True)
    assert "Er sagt: „Die Coeurs sind hoch, der Rest gehört mir.“" in translated
    assert '<span lang="en">' not in translated


def test_a_text_the_overlay_left_in_english_is_marked(library):
    """An overlay with title and explanation but no statement: the statement is English."""
    write_overlay(library, CLAIM, GERMAN_CLAIM.split("[irregularity]")[0])
    case = get_case(CLAIM, "de")
    assert case.text_language == "de" and case.shows_english("statement")
    assert not get_case(CLAIM, "en").shows_english("statement")
    app = create_app({"TESTING": True, "STORE_PATH": str(library / "l.db"), "SECRET_KEY": "t"})
    page = app.test_client().get(f"/cases/{CLAIM}", headers=GERMAN).get_data(as_text=True)
    assert '„<span lang="en">The hearts are good, the rest are mine</span>.“' in page
    assert "<h1>Der Alleinspieler claimt" in page


def test_the_walk_quotes_the_translated_description_but_rules_from_the_english(
    tmp_path, monkeypatch
):
    """The unauthorised-information wizard quotes the reported description in its walk."""
    case = "unauthorised-information/26-extraneous-artificial-by-fault"
    folder = tmp_path / "rulings" / "cases" / "unauthorised-information"
    folder.mkdir(parents=True)
    shutil.copy(LIBRARY / f"{case}.toml", folder)
    monkeypatch.setattr(cases_module, "content_dir", lambda name: tmp_path / name)
    english = get_case(case, "en")
    said = english.irregularity.description
    (folder / "26-extraneous-artificial-by-fault.de.toml").write_text(
        'title = "Süd hört am Nachbartisch etwas"\nexplanation = "Regel 16C."\n'
        '[irregularity]\ndescription = "Süd hörte am Nachbartisch, wie das Board lief"\n',
        "utf-8",
    )
    app = create_app({"TESTING": True, "STORE_PATH": str(tmp_path / "l.db"), "SECRET_KEY": "t"})
    client = app.test_client()
    assert said.rstrip(".") in client.get(f"/cases/{case}").get_data(as_text=True)
    german = client.get(f"/cases/{case}", headers=GERMAN).get_data(as_text=True)
    assert "Gemeldet: Süd hörte am Nachbartisch, wie das Board lief" in german
    assert said.rstrip(".") not in german
    with use_language("en"):
        ruled = get_case(case, "de").run()
    assert any(said.rstrip(".") in line for step in ruled.path for line in step.evidence)


def test_a_german_case_page_links_the_laws_its_text_cites(client):
    # The English text links "Law 64A1"; the German text says "Regel 64A1" and must link
    # to the same section, or a trainee reading German loses the lawbook one tap away.
    page = client.get(f"/cases/{REVOKE}", headers=GERMAN).get_data(as_text=True)
    explanation = page.split('<div class="explanation"', 1)[1].split("</div>", 1)[0]
    assert "Regel 64A1" in explanation
    assert re.search(r'<a href="[^"]*64A1[^"]*" data-law-panel>Regel 64A1</a>', explanation)
