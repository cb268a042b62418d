"""The results of a new question filled into a kept frame, not rendered (issue 29).

The results around the hits (a note, "did you mean", "no law section matches", the
link to the worked cases about the words) are rendered once per kind of page and per
set of parts shown, with marks where the question's own texts go, then filled. The
page must be what rendering it in full gives, byte for byte; the renders are counted.
"""

from __future__ import annotations

import pytest
from jinja2 import Template

from td_assist.web import core as core_module
from tests.search_pages import GERMAN, LAPTOP, PHONE, fresh_search_page

# hits; a law number not in the book (a note); a correction offered (a suggestion);
# words no section has (no hits); texts that need escaping and quoting in both places
QUESTIONS = [
    "dummy revoked",
    "law 99",
    "dumy revokd",
    "qzxvbnwk qzxvbnwq",
    "revokd & <b>'x'</b> \"q\" +%20 ~!$'()*,/:;?@",
    "Strafkart liegt",
    "Ünterbrechung ß ’ Revoke",
]


@pytest.mark.parametrize("headers", [{}, GERMAN], ids=["English", "German"])
@pytest.mark.parametrize("remote", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_results_filled_into_their_frame_are_the_results_rendered_in_full(
    app, monkeypatch, headers, remote
):
    client = app.test_client()
    framed = {q: fresh_search_page(client, q, headers, remote) for q in QUESTIONS}
    frames = app.extensions["td_results_frames"]
    assert frames and all(frame is not None for frame in frames.values())
    shown = {parts for _kind, parts in frames}
    assert (True, False, True, False) in shown  # a note
    assert any(suggestion for _n, suggestion, _q, _h in shown)
    assert any(not hits for _n, _s, _q, hits in shown)
    monkeypatch.setattr(core_module, "_page_frame", lambda: None)  # the old way: in full
    for question, page in framed.items():
        assert page == fresh_search_page(client, question, headers, remote), question
    # the live search's results alone are the template's as before
    assert '<ol class="results">' in fresh_search_page(
        client, "dummy revoked", headers, remote, True
    )


def test_the_results_are_rendered_once_per_kind_and_parts_not_once_per_question(app, monkeypatch):
    rendered: list[str] = []
    real = Template.render

    def counting(self, *args, **values):
        rendered.append(self.name)
        return real(self, *args, **values)

    monkeypatch.setattr(Template, "render", counting)
    client = app.test_client()
    for number in range(5):
        fresh_search_page(client, f"dummy revoked {number + 1000}", {}, PHONE)
    assert rendered.count("_results.html") == 1
    for number in range(3):
        fresh_search_page(client, f"qzxvbnwk {number + 1000}", {}, PHONE)  # no hits: other parts
    assert rendered.count("_results.html") == 2
    fresh_search_page(client, "dummy revoked 999", GERMAN, PHONE)
    assert rendered.count("_results.html") == 3


def test_results_whose_frame_does_not_hold_its_marks_are_rendered_in_full(app, monkeypatch):
    client = app.test_client()
    expected = fresh_search_page(client, "dumy revokd", {}, PHONE)
    app.extensions["td_results_frames"].clear()
    monkeypatch.setattr(core_module, "_SUGGESTION", "tdAssistNowhereMark")  # in no page
    assert fresh_search_page(client, "dumy revokd", {}, PHONE) == expected
    assert None in app.extensions["td_results_frames"].values()
