"""The German lawbook (laws/de/): the same anchors as the English one, our own words,
law pages and `td-assist law` in the reader's language, German search answers.

No German official wording is stored here: the own-words check uses fingerprints of the
German texts that could be assembled from public reference copies
(tests/data/official_2017_de_fingerprints.txt).
"""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest

from td_assist.cli import main
from td_assist.lawbook import book as book_module
from td_assist.lawbook import get_lawbook, reload_lawbook
from td_assist.lawbook.model import LawFileError, display_anchor
from td_assist.lawbook.overlap import find_overlaps, leave_out, load_allowed, normalise
from td_assist.lawbook.parser import parse_law_text
from td_assist.lawbook.refs import find_references

LAWS = Path(__file__).resolve().parent.parent / "laws"
GERMAN = LAWS / "de"
FINGERPRINTS = Path(__file__).parent / "data" / "official_2017_de_fingerprints.txt"
FINGERPRINT_WORDS = 10


@pytest.fixture(scope="module")
def english():
    return get_lawbook()


@pytest.fixture(scope="module")
def german():
    return get_lawbook(lang="de")


def _english_files() -> list[str]:
    return sorted(p.name for p in LAWS.glob("*.md") if p.name != "README.md")


# --- the same lawbook in German ---------------------------------------------------------


def test_every_english_file_has_a_german_file():
    """Run over the whole set: names every law still missing in German."""
    missing = [name for name in _english_files() if not (GERMAN / name).exists()]
    assert missing == [], f"not yet written in German: {', '.join(missing)}"


def test_every_english_anchor_exists_in_german(english, german):
    problems = []
    for name in _english_files():
        if not (GERMAN / name).exists():
            continue  # reported by the test above
        stem = name.removesuffix(".md")
        ours = english.named[stem] if stem in english.named else english.law(int(stem[4:]))
        theirs = german.named[stem] if stem in german.named else german.law(int(stem[4:]))
        en = [s.anchor for s in ours.sections()]
        de = [s.anchor for s in theirs.sections()]
        if en != de:
            problems.append((name, sorted(set(en) - set(de)), sorted(set(de) - set(en))))
    assert problems == []
    assert len(german.sections) == len(english.sections)


def test_german_front_matter_keeps_number_chapter_and_related(english, german):
    for law in german.laws:
        original = english.law(law.number)
        assert (law.number, law.chapter, law.related) == (
            original.number,
            original.chapter,
            original.related,
        )
        assert law.title != original.title, law.number  # a German title
        assert law.root.display == f"Regel {law.number}"


def test_every_german_reference_leads_to_a_section(english, german):
    """Written "Regel 64B3" / "Regeln 28 bis 32"; each must name an existing anchor."""
    broken = [
        (section.anchor, ref.text)
        for section in german.sections.values()
        for ref in find_references(section.text)
        if ref.anchor not in english.sections
    ]
    assert broken == []
    assert any(ref.text.startswith("Regel") for ref in find_references(german.get("64B").text))


def test_each_german_section_cites_the_same_laws_as_the_english_one(english, german):
    """A review aid that runs by itself: a section that lost or gained a cross-reference
    in translation has most likely lost or gained a rule."""
    differ = []
    for anchor, section in english.sections.items():
        theirs = german.get(anchor)
        cited_en = {ref.anchor for ref in find_references(section.text)}
        cited_de = {ref.anchor for ref in find_references(theirs.text)} if theirs else set()
        if cited_en != cited_de:
            differ.append((anchor, sorted(cited_en ^ cited_de)))
    assert differ == []


def test_german_keeps_every_unverified_mark_of_the_english(english, german):
    marked_en = {s.anchor for s in english.sections.values() if s.unverified}
    marked_de = {s.anchor for s in german.sections.values() if s.unverified}
    assert marked_en == marked_de and len(marked_en) == 6


def test_german_uses_the_glossary_terms(german):
    text = " ".join(s.text for s in german.sections.values())
    for term in (
        "Turnierleiter",
        "Alleinspieler",
        "Dummy",
        "Ausspiel",
        "Stich",
        "Renonce",
        "Strafkarte",
        "ungenügende Gebot",
        "Ansage außer Reihenfolge",
        "unerlaubte Information",
        "Falschinformation",
        "Claim",
    ):
        assert term in text, term
    for english_word in ("Director", "declarer", "revoke", "penalty card"):
        assert not re.search(rf"\b{english_word}\b", text), english_word


def test_german_definitions_keep_the_english_anchors(english, german):
    assert german.get("def-revoke").heading == "Renonce"
    # the name a German reader sees is the German heading, not the English anchor's word
    assert german.get("def-revoke").display == "Definitionen: Renonce"
    assert german.get("intro-what-the-laws-are-for").display == (
        "Einleitung: Wozu die Regeln da sind"
    )
    assert [s.anchor for s in german.named["definitions"].sections()] == [
        s.anchor for s in english.named["definitions"].sections()
    ]


# --- the file format in German -----------------------------------------------------------

GERMAN_LAW = """+++
number = 64
title = "Vorgehen"
+++

# Regel 64: Vorgehen

## A. Erster Teil

Text von A, siehe Regel 64B und Regeln 28 bis 32.

## In der Praxis

Kommentar.
"""


def test_a_german_file_reads_regel_and_in_der_praxis(tmp_path):
    folder = tmp_path / "de"
    folder.mkdir()
    law = parse_law_text(GERMAN_LAW, folder / "law-64.md")
    assert law.commentary == "Kommentar."
    assert law.root.children[0].display == "Regel 64A"
    refs = [r.anchor for r in find_references(law.root.children[0].text)]
    assert refs == ["64B", "28", "32"]


def test_a_german_file_with_the_english_title_line_is_named(tmp_path):
    folder = tmp_path / "de"
    folder.mkdir()
    with pytest.raises(LawFileError, match="must read '# Regel 64: Vorgehen'"):
        parse_law_text(GERMAN_LAW.replace("# Regel 64", "# Law 64"), folder / "law-64.md")


def test_an_own_anchor_must_belong_to_the_file(tmp_path):
    folder = tmp_path / "de"
    folder.mkdir()
    text = (
        '+++\nnumber = 0\ntitle = "Definitionen"\n+++\n\n'
        "# Definitionen\n\n## Renonce {#intro-x}\n\nT.\n"
    )
    with pytest.raises(LawFileError, match="must start with 'def-'"):
        parse_law_text(text, folder / "definitions.md")


def test_display_anchor_in_german():
    assert display_anchor("12C1c", "de") == "Regel 12C1(c)"
    assert display_anchor("12C1c") == "Law 12C1(c)"


# --- our own words -----------------------------------------------------------------------


def _fingerprints() -> dict[str, set[str]]:
    by_law: dict[str, set[str]] = {}
    for line in FINGERPRINTS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            law, digest = line.split()
            by_law.setdefault(law, set()).add(digest)
    return by_law


def test_no_german_passage_shares_ten_words_with_the_assembled_german_texts(german):
    official = _fingerprints()
    assert {"1", "25", "27", "61"} <= set(official)
    allowed: dict[str, list[list[str]]] = {}
    for passage in load_allowed(german.folder):
        allowed.setdefault(passage.anchor, []).append(normalise(passage.words))
    shared = []
    for law in german.laws:
        digests = official.get(str(law.number), set())
        passages = [(s.anchor, s.text) for s in law.sections()]
        passages.append((f"{law.number} (In der Praxis)", law.commentary))
        for anchor, text in passages:
            words = normalise(text)
            for listed in allowed.get(anchor, []):
                words, _ = leave_out(words, listed)
            for i in range(len(words) - FINGERPRINT_WORDS + 1):
                window = " ".join(words[i : i + FINGERPRINT_WORDS])
                if hashlib.sha256(window.encode()).hexdigest()[:16] in digests:
                    shared.append((anchor, window))
    assert shared == []


def _german_official(german, anchor: str, sentence: str) -> str:
    law = german.law_of(german.get(anchor))
    label = anchor[len(str(law.number)) :]
    return f"Regel {law.number} - {law.title}\n{label[0]}. {sentence}\n"


def test_laws_overlap_works_on_the_german_lawbook(tmp_path, monkeypatch, capsys, german):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "home"))
    copied = german.get("64A").text  # a German "official" text that repeats our 64A
    source = tmp_path / "regeln.txt"
    source.write_text(_german_official(german, "64A", copied), encoding="utf-8")
    assert main(["laws", "import", str(source), "--lang", "de"]) == 0
    capsys.readouterr()
    assert main(["laws", "overlap", "--lang", "de"]) == 1
    out = capsys.readouterr().out
    assert re.search(r"^64A: \d+ Wörter: ist eine renonce vollzogen", out, re.MULTILINE)
    # the English check has no official text imported: the German import is kept apart
    assert main(["laws", "overlap"]) == 2
    assert "laws import FILE' first" in capsys.readouterr().err
    # our own German words against a German text that says it otherwise: nothing
    source.write_text(
        _german_official(german, "64A", "Ganz andere Worte über Stiche und Renoncen."), "utf-8"
    )
    assert main(["laws", "import", str(source), "--lang", "de"]) == 0
    assert main(["laws", "overlap", "--lang", "de"]) == 0


def test_the_german_allow_list_leaves_out_only_the_ranks(german):
    from td_assist.lawbook.official import OfficialText

    ranks = "Ass, König, Dame, Bube, 10, 9, 8, 7, 6, 5, 4, 3, 2"
    official = OfficialText(
        source="x", imported_at="now", sections={"1A": f"Andere Worte. {ranks}."}, titles={1: "X"}
    )
    assert find_overlaps(german, official, allowed=[]).runs
    report = find_overlaps(german, official)
    assert report.runs == [] and report.allowed_passages == 1


# --- the command line --------------------------------------------------------------------


def test_law_64_in_german(capsys):
    assert main(["law", "64", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Regel 64: Vorgehen nach einer vollzogenen Renonce")
    assert "[Regel 64B3]" in out and "Strafkarte" in out and "Law 64" not in out


def test_law_language_from_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("TD_ASSIST_LANG", "de")
    assert main(["law", "12C1(c)"]) == 0
    assert "[Regel 12C1(c)]" in capsys.readouterr().out
    monkeypatch.setenv("TD_ASSIST_LANG", "de_DE.UTF-8")
    assert main(["law", "12C1(c)"]) == 0
    assert "[Regel 12C1(c)]" in capsys.readouterr().out
    assert main(["law", "12C1(c)", "--lang", "en"]) == 0  # the option wins
    assert "[Law 12C1(c)]" in capsys.readouterr().out


def test_law_json_in_german(capsys):
    assert main(["law", "64", "--json", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Vorgehen nach einer vollzogenen Renonce" in out


def test_an_unknown_language_is_a_clear_error(capsys):
    assert main(["law", "64", "--lang", "fr"]) == 2
    # The global --lang (td_assist.cli) names the languages td-assist speaks.
    error = capsys.readouterr().err
    assert "--lang fr" in error and "en, de" in error


@pytest.fixture
def laws_copy(tmp_path, monkeypatch):
    """A copy of laws/ that the program reads instead of the shipped one."""
    copy = tmp_path / "laws"
    shutil.copytree(LAWS, copy)
    monkeypatch.setattr(book_module, "_shipped_folder", lambda: copy.resolve())
    book_module._load.cache_clear()
    yield copy
    monkeypatch.undo()
    reload_lawbook()


@pytest.fixture
def laws_without_german_64(laws_copy):
    """A copy of laws/ whose German Law 64 is not written yet."""
    (laws_copy / "de" / "law-64.md").unlink()
    return laws_copy


def test_a_law_without_a_german_file_falls_back_to_english(laws_without_german_64, capsys):
    assert main(["law", "64", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Regel 64 gibt es noch nicht auf Deutsch")
    assert "Law 64: Procedure after Establishment of a Revoke" in out
    assert main(["laws", "check", "--lang", "de"]) == 1
    assert "Regel 64 fehlt" in capsys.readouterr().out  # --lang de: said in German


# --- the law pages -----------------------------------------------------------------------


@pytest.fixture
def client():
    from td_assist.web import create_app

    return create_app({"TESTING": True}).test_client()


def test_law_page_in_german_with_english_one_tap_away(client):
    page = client.get("/laws/64?lang=de").get_data(as_text=True)
    assert "<h1>Regel 64: Vorgehen nach einer vollzogenen Renonce</h1>" in page
    assert 'href="/laws/64?lang=en" hreflang="en"' in page
    assert 'id="64B3"' in page and "Regel 64B3" in page
    assert 'href="/laws/62?lang=de#62C3"' in page  # references stay in German
    assert 'href="/laws/65?lang=de"' in page  # and so does the next law


def test_law_page_in_english_links_to_german(client):
    page = client.get("/laws/64").get_data(as_text=True)
    assert "<h1>Law 64: Procedure after Establishment of a Revoke</h1>" in page
    assert 'href="/laws/64?lang=de" hreflang="de"' in page


def test_law_page_follows_the_browser(client):
    headers = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
    page = client.get("/laws/definitions", headers=headers).get_data(as_text=True)
    assert "<h1>Definitionen</h1>" in page and 'id="def-revoke"' in page


def test_law_page_follows_the_language_cookie_and_the_query_beats_it(client):
    client.set_cookie("td_lang", "de")  # the interface switch's cookie (web.language)
    page = client.get("/laws/definitions").get_data(as_text=True)
    assert "<h1>Definitionen</h1>" in page and 'id="def-revoke"' in page
    page = client.get("/laws/16?lang=en").get_data(as_text=True)
    assert "<h1>Law 16: Authorised and Unauthorised Information</h1>" in page


def test_law_page_falls_back_to_english_with_a_note(laws_without_german_64, client):
    response = client.get("/laws/64?lang=de")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Diese Seite gibt es noch nicht auf Deutsch" in page
    assert "<h1>Law 64: Procedure after Establishment of a Revoke</h1>" in page


# --- search ------------------------------------------------------------------------------


def test_a_german_question_gets_german_sections():
    from td_assist.search import search_report

    report = search_report("Renonce im zwölften Stich entdeckt", limit=3)
    top = report.hits[0]
    assert top.anchor == "62D" or top.anchor.startswith("62D")
    assert top.lang == "de" and top.cite.startswith("Regel 62D")
    assert "zwölften Stich" in top.snippet.replace("<mark>", "").replace("</mark>", "")
    assert top.url.startswith("/laws/62?lang=de#")


def test_an_english_question_gets_english_sections():
    from td_assist.search import search_report

    report = search_report("revoke on trick twelve", limit=3)
    assert report.hits[0].anchor.startswith("62D")
    assert all(h.lang == "en" and h.cite.startswith("Law") for h in report.hits)


def test_contents_page_in_german(client):
    page = client.get("/laws/?lang=de").get_data(as_text=True)
    assert "Vorgehen nach einer vollzogenen Renonce" in page and "<h2>Das Spiel</h2>" in page
    assert 'href="/laws/64?lang=de"' in page and 'href="/laws/?lang=en"' in page


def test_a_german_page_says_when_its_notes_are_only_in_english(laws_copy, client):
    german_40 = laws_copy / "de" / "law-40.md"
    text = german_40.read_text("utf-8")
    german_40.write_text(text[: text.index("## In der Praxis")], "utf-8")
    page = client.get("/laws/40?lang=de").get_data(as_text=True)
    assert "Die Praxis-Hinweise zu dieser Regel gibt es bisher nur auf Englisch." in page
    assert 'href="/laws/40?lang=en" hreflang="en" lang="en">English</a>' in page
    page = client.get("/laws/64?lang=de").get_data(as_text=True)
    assert "nur auf Englisch" not in page and "In der Praxis" in page


def test_every_german_law_has_its_in_der_praxis_notes(english, german):
    missing = [
        law.number
        for law in english.laws
        if law.commentary and not german.law(law.number).commentary
    ]
    assert missing == []
