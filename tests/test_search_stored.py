"""The engine's tables and the speller's lists are kept beside the index and read back
(issue 29): the same answers as an engine built from the content, and a damaged file
is built again rather than trusted."""

from __future__ import annotations

from td_assist.lawbook import get_lawbook
from td_assist.search import open_engine
from td_assist.search.engine import SPELLER_FILE, TABLES_FILE, SearchEngine
from td_assist.search.index import ensure_index

QUESTIONS = ["dummy revoked", "lead out of turn", "Strafkarte", "revokd twice", "zorbled"]


def _engine() -> SearchEngine:
    book = get_lawbook()
    return open_engine(book, book.folder / "synonyms.toml")


def _answers(engine: SearchEngine) -> list[tuple[list[str], str | None]]:
    found = []
    for question in QUESTIONS:
        results = engine.search(question)
        found.append(([hit.anchor for hit in results.hits], results.suggestion))
    return found


def test_an_engine_read_from_its_kept_tables_answers_as_a_built_one():
    book = get_lawbook()
    folder = ensure_index(book, book.folder / "synonyms.toml")
    (folder / TABLES_FILE).unlink(missing_ok=True)
    (folder / SPELLER_FILE).unlink(missing_ok=True)
    built = _engine()
    assert (folder / TABLES_FILE).exists()
    built_answers = _answers(built)  # an unknown word: the speller keeps its lists
    assert (folder / SPELLER_FILE).exists()
    kept = SearchEngine.stored(folder, book)
    assert kept is not None and kept is not built
    assert _answers(kept) == built_answers
    assert kept.speller.correct("insuficient") == built.speller.correct("insuficient")
    assert built.speller.correct("insuficient") == "insufficient"


def test_damaged_kept_files_are_made_again_not_trusted():
    book = get_lawbook()
    folder = ensure_index(book, book.folder / "synonyms.toml")
    expected = _answers(_engine())
    (folder / TABLES_FILE).write_bytes(b"not a pickle")
    (folder / SPELLER_FILE).write_bytes(b"\x80\x05 broken")
    assert SearchEngine.stored(folder, book) is None
    again = _engine()
    assert _answers(again) == expected
    assert SearchEngine.stored(folder, book) is not None
