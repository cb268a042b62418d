"""What a search hit shows, made cheaply for a never-asked question (issue 29): the parts
no question changes are kept per section, snippets mark the question's words from
per-stem word places, and the page's results list is made in Python. Each must show
exactly what the plain way of making it shows."""

from __future__ import annotations

import html
import re
from bisect import bisect_left, bisect_right

import pytest
from markupsafe import Markup

from td_assist.lawbook import Section
from td_assist.search import Hit, get_search, highlight_snippet
from td_assist.search.engine import LEAD_IN_CHARS, _stem
from td_assist.search.index import first_text, plain_text
from td_assist.search.ranking import EXACT_BOOST, PhrasingIndex
from td_assist.web import create_app
from td_assist.web.core import hits_html


def _heading_walked(engine, section: Section) -> str:
    found: Section | None = section
    while found is not None and not found.heading and found.parent:
        found = engine.book.get(found.parent)
    return found.heading if found is not None else ""


def _lead_in_read(engine, section: Section) -> str:
    parent = engine.book.get(section.parent) if section.parent else None
    if not section.text.lstrip()[:1].islower() or parent is None:
        return ""
    lead = " ".join(plain_text(first_text(parent)).split())
    if len(lead) > LEAD_IN_CHARS:
        lead = lead[:LEAD_IN_CHARS].rsplit(" ", 1)[0] + " …"
    return html.escape(lead) + " "


def test_every_section_s_kept_heading_and_lead_in_are_the_ones_read_from_the_book(engine):
    sections = list(engine.book.sections.values())
    for section in sections:
        hit = engine._hit_for(section, 1.0)
        law = engine.book.law_of(section)
        assert (hit.law, hit.title, hit.display) == (law.number, law.title, section.display)
        assert engine._heading_of(section) == hit.heading == _heading_walked(engine, section)
        assert engine._lead_in(section) == _lead_in_read(engine, section)
    # 70C3 has no heading of its own and goes on 70C's sentence: both show
    part = engine.book.get("70C3")
    assert engine._heading_of(part) == engine.book.get("70C").heading
    assert engine._lead_in(part).startswith("When one of the opponents still holds a trump")


def test_a_hit_s_parts_are_made_once_per_section_not_on_every_search(engine, monkeypatch):
    section = engine.book.get("70C3")
    engine._hit_for(section, 1.0)
    looked_up: list[str] = []
    real_get = type(engine.book).get

    def counting(book, anchor):
        looked_up.append(anchor)
        return real_get(book, anchor)

    monkeypatch.setattr(type(engine.book), "get", counting)
    again = engine._hit_for(section, 2.0, engine._lead_in(section) + "text")
    assert looked_up == []  # no walk up to 70C for its heading or its sentence
    assert again.heading == engine.book.get("70C").heading and again.score == 2.0


def _snippet_word_by_word(section: Section, stems: set[str], width: int = 180) -> str:
    """The plain way: stem every word of the window (and the pieces its edges cut)."""
    text = " ".join(plain_text(first_text(section)).split())
    if not text:
        return ""
    found = list(re.finditer(r"\w+", text))
    firsts = [m.start() for m in found if _stem(m.group(0)) in stems]
    start = max(0, firsts[0] - width // 3) if firsts else 0
    end = min(len(text), start + width)
    starts, ends = [m.start() for m in found], [m.end() for m in found]
    out, last = [], start
    for number in range(bisect_right(ends, start), bisect_left(starts, end)):
        at, stop = max(starts[number], start), min(ends[number], end)
        if _stem(text[at:stop]) in stems:
            out.append(html.escape(text[last:at]) + f"<mark>{html.escape(text[at:stop])}</mark>")
            last = stop
    out.append(html.escape(text[last:end]))
    return ("… " if start > 0 else "") + "".join(out) + (" …" if end < len(text) else "")


@pytest.mark.parametrize(
    "question",
    ["dummy revoked", "penalty card", "trick", "claim contested trump", "the of card a", "x"],
)
def test_snippets_mark_the_same_words_as_stemming_every_word_of_the_window(engine, question):
    stems = {_stem(word) for word in question.split()}
    for section in engine.book.sections.values():
        assert highlight_snippet(section, stems) == _snippet_word_by_word(section, stems)


def test_a_snippet_marks_the_question_s_words_and_the_pieces_its_edges_cut():
    section = get_search().book.get("64B3")
    snippet = highlight_snippet(section, {_stem("revoke"), _stem("dummy")})
    assert "<mark>revoke</mark>" in snippet and "<mark>dummy</mark>" in snippet
    # a window whose start cuts "established": the piece is marked as the word it reads as
    long = Section("1A", 1, "A", "", "x " * 200 + "revoke established " + "y " * 200, 1, "1")
    cut = highlight_snippet(long, {_stem("established")}, width=10)
    assert cut == _snippet_word_by_word(long, {_stem("established")}, width=10)


def test_the_phrasing_that_is_the_question_is_still_doubled_and_no_other():
    index = PhrasingIndex({"1": [["dummy", "revoke"]], "2": [["dummy", "revoke", "trick"]]})
    exact = index.score(["dummy", "revoke"])
    # a third word no phrasing has: the same evidence, but no phrasing is the question
    # ("2" is as long as it and holds two of its words, not all three)
    longer = index.score(["dummy", "revoke", "unheard"])
    assert exact["1"] == EXACT_BOOST * longer["1"]
    assert exact["2"] == longer["2"]


# The template loop the results list was made with before hits_html: the same bytes.
_TEMPLATE_LOOP = """{% for hit in hits %}
    <li><a class="hit" href="{{ hit.url }}"><span class="cite">{{ hit.display }}</span> <span class="law-title">{{ hit.title }}</span>{% if hit.heading and hit.heading != hit.title %} <span class="section-heading">› {{ hit.heading }}</span>{% endif %}</a>
      <p class="snippet">{{ hit.snippet|safe }}</p></li>
  {% endfor %}"""  # noqa: E501


def test_the_results_list_is_byte_for_byte_what_the_template_loop_made(engine):
    app = create_app({"TESTING": True})
    hostile = Hit(
        anchor="def-revoke",
        law=0,
        title="<script>alert('x')</script> & \"Co\"",
        heading="Revoke's <b>",
        display="Definitions: Revoke",
        snippet="a <mark>revoke</mark> &amp; more",
        score=1.0,
        lang="de",
    )
    hits = [*engine.search("dummy revoked").hits, *engine.search("Strafkarte").hits, hostile]
    with app.test_request_context("/"):
        template = app.jinja_env.from_string(_TEMPLATE_LOOP)
        assert str(hits_html(hits)) == template.render(hits=hits)
    assert isinstance(hits_html(hits), Markup) and "<script>" not in hits_html(hits)


@pytest.mark.parametrize("debug", [False, True])
def test_the_api_s_kept_json_is_what_jsonify_sends(debug):
    from flask import jsonify

    from td_assist.search import search_report
    from td_assist.web.api import json_text

    app = create_app({"TESTING": True, "DEBUG": debug})
    data = search_report("Strafkarte ä “quoted” <b>").model_dump()
    with app.test_request_context("/"):
        assert json_text(data) == jsonify(data).get_data(as_text=True)


def _phrase_count_by_generator(positions: list[tuple[int, ...]], slop: int) -> int:
    """The plain way: for each start, the nearest next word within reach, in turn."""
    count = 0
    following = [set(p) for p in positions[1:]]
    for start in positions[0]:
        at: int | None = start
        for allowed in following:
            at = next((at + gap for gap in range(1, slop + 2) if at + gap in allowed), None)
            if at is None:
                break
        else:
            count += 1
    return count


def test_a_phrase_counts_as_taking_the_nearest_next_word_in_reach():
    from random import Random

    from td_assist.search.ranking import phrase_count

    assert phrase_count([(0, 5, 9), (1, 7, 10), (2, 11)], 1) == 2  # 0-1-2 and 9-10-11
    assert phrase_count([(0,), (2,)], 0) == 0 and phrase_count([(0,), (2,)], 1) == 1
    chance = Random(29)
    for _ in range(3000):
        span = chance.randint(2, 40)
        positions = [
            tuple(sorted(chance.sample(range(span), chance.randint(1, min(span, 12)))))
            for _ in range(chance.randint(1, 4))
        ]
        slop = chance.randint(0, 3)
        assert phrase_count(positions, slop) == _phrase_count_by_generator(positions, slop)
