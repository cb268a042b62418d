"""A never-asked search's evidence, hits and snippets made cheaper (issue 29).

The phrasing indexes add their weighted scores straight into the question's evidence
and the law text's scores come weighted, with no dictionary of each index's scores made
and read again; a German hit's title, heading and citation are kept per section as an
English hit's are; a snippet is cut from the section's HTML at each word's place there,
from the section's text kept with its hit's parts.
Each gives what the plain way gives, to the last bit and in order, and the work saved is
counted here, never timed.
"""

from __future__ import annotations

import html
import random
import re

from td_assist.lawbook import Lawbook, Section
from td_assist.search import engine as engine_module
from td_assist.search.engine import clean_query, highlight_snippet
from td_assist.search.ranking import PhrasingIndex
from tests.spies import first_arguments
from tests.test_search_cost import _made_up_index

QUESTIONS = [
    "dummy revoked",
    "declarer led from the wrong hand and then the defender revoked on the next trick",
    "Strafkarte liegt auf dem Tisch",
    "claim disputed by the opponents after a hesitation",
    "revoke",
    "card card",
]


def test_scores_added_into_the_evidence_are_the_weighted_sums_to_the_last_bit_and_in_order():
    for seed in range(4):
        index, vocabulary = _made_up_index(seed)
        rng = random.Random(seed)
        for _ in range(200):
            terms = [rng.choice([*vocabulary, "unheard"]) for _ in range(rng.randint(1, 8))]
            common = rng.choice([None, {t: rng.choice([0.0, 0.3, 1.0]) for t in terms[::2]}])
            weight = rng.choice([1.0, 2.5, 1.25, 0.75])
            # evidence found already (the law text's), some of it for these sections
            before = {f"{law}{part}": rng.random() for law in (1, 3, 30) for part in "AB"}
            plain = dict(before)
            for anchor, value in index.score(terms, common).items():
                plain[anchor] = plain.get(anchor, 0.0) + weight * value
            added = dict(before)
            index.add_to(added, weight, terms, common)
            assert list(added.items()) == list(plain.items())


def test_the_law_text_s_scores_come_weighted_as_the_engine_weighed_them(engine):
    queries = engine._content_query(["dummy", "revoked", "trick"], [])
    plain = engine.scorer.score(queries)
    for weight in (1.0, 0.5):
        weighted = engine.scorer.score(queries, weight)
        assert list(weighted.items()) == [(a, weight * v) for a, v in plain.items()]


def test_a_search_makes_no_dictionary_of_an_index_s_scores_to_read_again(engine, monkeypatch):
    expected = {q: engine.search(f"{q} 1042") for q in QUESTIONS}
    made = first_arguments(monkeypatch, PhrasingIndex, "score")
    for question, results in expected.items():
        assert engine.search(f"{question} 1043").hits == results.hits
    assert made == []


def test_a_german_hit_s_parts_are_made_once_per_section_not_on_every_search(engine, monkeypatch):
    question = "Strafkarte liegt auf dem Tisch"
    first = engine.search(question)
    assert {hit.lang for hit in first.hits} == {"de"}
    looked_up: list[str] = []
    real_get = Lawbook.get

    def counting(book: Lawbook, anchor: str) -> Section | None:
        looked_up.append(anchor)
        return real_get(book, anchor)

    monkeypatch.setattr(Lawbook, "get", counting)
    laws = first_arguments(monkeypatch, Lawbook, "law_of")
    again = engine.search(question + " 1042")
    assert again.hits == first.hits
    # each hit's own section in the German book, and no walk up it for a heading
    assert looked_up == [hit.anchor for hit in first.hits] and laws == []


def test_a_german_hit_shows_the_german_book_s_title_heading_and_citation(engine):
    german_book = engine._german_book()
    for section in list(german_book.sections.values())[::7]:
        english = engine.book.get(section.anchor)
        if english is None:
            continue
        hit = engine._german_hit(english, 1.0, set())
        found: Section | None = section
        while found is not None and not found.heading and found.parent:
            found = german_book.get(found.parent)
        assert hit.title == german_book.law_of(section).title
        assert hit.heading == (found.heading if found is not None else "")
        assert hit.display == section.display and hit.lang == "de"
        # the English hit of the same anchor keeps its own parts
        assert engine._hit_for(english, 1.0).title == engine.book.law_of(english).title


def test_the_html_of_any_stretch_of_a_text_is_cut_from_the_text_s_html():
    text = "a <b> & 'c' \"d\" e&f < g > h " * 3
    source = engine_module._snippet_source(text)
    for start in range(len(source.text) + 1):
        for end in range(start, len(source.text) + 1):
            cut = source.html[source.in_html(start) : source.in_html(end)]
            assert cut == html.escape(source.text[start:end])
    assert [source.html[a:b] for a, b in zip(source.html_starts, source.html_ends)] == [
        html.escape(word) for word in re.findall(r"\w+", source.text)
    ]


def test_a_snippet_looks_up_the_html_places_of_its_window_not_of_each_marked_word(
    monkeypatch,
):
    text = "The dummy revoked & the dummy's partner saw the revoke; dummy may not revoke."
    section = Section("1A", 1, "A", "", text, 1, "1")
    stems = {engine_module._stem("dummy"), engine_module._stem("revoke")}
    expected = highlight_snippet(section, stems)
    assert expected.count("<mark>") == 6
    looked_up = first_arguments(monkeypatch, engine_module._SnippetSource, "in_html")
    assert highlight_snippet(section, stems) == expected
    assert len(looked_up) == 2  # the window's start and end; the words' were kept


def test_a_question_is_cleaned_as_character_by_character():
    def plain(text: str) -> str:
        text = "".join(c if c.isprintable() else " " for c in text[: 400 * 5])
        text = re.sub(r"[^\w\s()'’.-]", " ", text)
        return " ".join(text.split())[:400]

    rng = random.Random(5)
    alphabet = "ab c\t\n\x00\x1b\u200b\u00e4\u2028.-()é\x7f<>"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(3000)]
    texts += ["x" * 2500 + "\x00", "dummy revoked", ""]
    assert [clean_query(t) for t in texts] == [plain(t) for t in texts]


def test_a_hit_s_snippet_is_cut_from_the_text_kept_with_its_parts(engine, monkeypatch):
    questions = ["declarer led from the wrong hand", "Strafkarte liegt auf dem Tisch"]
    first = [engine.search(question) for question in questions]
    read = first_arguments(monkeypatch, engine_module, "_snippet_source")
    again = [engine.search(f"{question} 1042") for question in questions]
    assert [r.hits for r in again] == [r.hits for r in first]
    assert {hit.lang for r in again for hit in r.hits} == {"en", "de"}
    assert read == []  # no section's text looked up again, by its whole text as key
