"""The answer the command line's ``--json`` and the API give for a search.

Apart from the engine so that a plain-text search command never builds these models
(nor loads pydantic): only what crosses a boundary as JSON needs them.
"""

from __future__ import annotations

from pydantic import BaseModel

from td_assist.lawbook.render import law_url
from td_assist.search.engine import Results


class SearchHitJson(BaseModel):
    anchor: str
    cite: str
    law: int
    title: str
    heading: str
    snippet: str
    score: float
    url: str
    lang: str = "en"  # the language of title, heading and snippet (German for a German question)


class SearchJson(BaseModel):
    query: str
    jumped: bool
    suggestion: str | None
    expanded: list[str]
    note: str | None
    hits: list[SearchHitJson]


def report_of(results: Results) -> SearchJson:
    """The engine's results as the JSON answer."""
    return SearchJson(
        query=results.query,
        jumped=results.jumped,
        suggestion=results.suggestion,
        expanded=results.expanded,
        note=results.note,
        hits=[
            SearchHitJson(
                anchor=h.anchor,
                cite=h.display,
                law=h.law,
                title=h.title,
                heading=h.heading,
                snippet=h.snippet,
                score=h.score,
                url=law_url(h.anchor, h.lang),
                lang=h.lang,
            )
            for h in results.hits
        ],
    )


def report_data(results: Results) -> dict[str, object]:
    """``report_of(results).model_dump()``, made without building the models: the API
    answers every new question with it, and validating what the engine made itself cost
    as much as writing the JSON (issue 29). The fields, their order and their values are
    the models' (tests/test_search_new_question_cost.py compares the two)."""
    return {
        "query": results.query,
        "jumped": results.jumped,
        "suggestion": results.suggestion,
        "expanded": list(results.expanded),
        "note": results.note,
        "hits": [
            {
                "anchor": h.anchor,
                "cite": h.display,
                "law": h.law,
                "title": h.title,
                "heading": h.heading,
                "snippet": h.snippet,
                "score": h.score,
                "url": law_url(h.anchor, h.lang),
                "lang": h.lang,
            }
            for h in results.hits
        ],
    }
