import json
import shutil
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from whoosh import index

from td_assist.cli import main
from td_assist.lawbook import get_lawbook, reload_lawbook
from td_assist.search import MAX_QUERY_CHARS, clean_query, ensure_index, input_hash
from td_assist.web import create_app


@pytest.mark.parametrize(
    ("typed", "anchor"),
    [
        ("64", "64"),
        ("L64", "64"),
        ("law 64b3", "64B3"),
        ("Law 12C1(c)", "12C1c"),
        ("27 B 1 b", "27B1b"),
        ("64B3", "64B3"),
    ],
)
def test_law_numbers_jump_straight_to_the_section(engine, typed, anchor):
    results = engine.search(typed)
    assert results.jumped and [h.anchor for h in results.hits] == [anchor]


def test_law_number_that_does_not_exist_says_so(engine):
    results = engine.search("64Z")
    assert results.hits == [] or not results.jumped
    assert engine.search("law 99").note == "law 99 is not a section of the Laws"


@pytest.mark.parametrize(
    "hostile",
    [
        "",
        "   ",
        "x" * 10_000,
        "revoke " * 2000,
        'AND( * " field:body ^2 ~ {[',
        "🂡🂱 ♠♥ 😀",
        "\x00\x07\x1b[31m revoke \x7f",
        "body:revoke OR 1=1; DROP TABLE",
        "((((((",
        "*",
        '"',
        "NOT",
        "a" * 300,
        "\u202e\u200b revoke",
    ],
)
def test_anything_a_user_types_is_safe(engine, hostile):
    results = engine.search(hostile)
    assert len(results.query) <= MAX_QUERY_CHARS
    for hit in results.hits:
        assert hit.anchor in get_lawbook().sections


def test_clean_query_strips_syntax_and_control_characters():
    assert clean_query('AND( field:body "x" \x00 *') == "AND( field body x"
    assert len(clean_query("w " * 10_000)) <= MAX_QUERY_CHARS


def test_one_law_does_not_flood_the_results(engine):
    hits = engine.search("revoke").hits
    laws = [h.law for h in hits]
    assert all(laws.count(n) <= 3 for n in set(laws))
    assert len(set(laws)) >= 3


def test_misspelt_words_get_a_suggestion_and_still_find_the_law(engine):
    results = engine.search("insuficient bid")
    assert results.suggestion == "insufficient bid"
    assert results.hits[0].law == 27


def test_plain_words_find_the_revoke_laws(engine):
    top = [h.law for h in engine.search("revoke established").hits[:3]]
    assert 63 in top


def test_snippets_are_escaped_html_with_marks(engine):
    hit = engine.search("insufficient bid").hits[0]
    assert "<script" not in hit.snippet
    assert "<mark>" in engine.search("penalty card").hits[0].snippet


def test_index_is_rebuilt_when_a_law_file_changes(tmp_path):
    laws = tmp_path / "laws"
    shutil.copytree(get_lawbook().folder, laws)
    book = get_lawbook(laws)
    synonyms = laws / "synonyms.toml"
    first = ensure_index(book, synonyms)
    law64 = laws / "law-64.md"
    law64.write_text(
        law64.read_text(encoding="utf-8") + "\nA new sentence about zebras.\n", encoding="utf-8"
    )
    changed = reload_lawbook(laws)
    assert input_hash(changed, synonyms) != input_hash(book, synonyms)
    second = ensure_index(changed, synonyms)
    assert second != first and not first.exists()
    with index.open_dir(str(second)).searcher() as searcher:
        assert searcher.document(anchor="64")["anchor"] == "64"


def _build(folder: str) -> str:
    book = get_lawbook(Path(folder))
    return str(ensure_index(book, Path(folder) / "synonyms.toml"))


def test_two_processes_building_at_once_get_one_whole_index(tmp_path, monkeypatch):
    laws = tmp_path / "laws"
    shutil.copytree(get_lawbook().folder, laws)
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "home"))
    with ProcessPoolExecutor(max_workers=2) as pool:
        paths = list(pool.map(_build, [str(laws)] * 2))
    assert paths[0] == paths[1]
    with index.open_dir(paths[0]).searcher() as searcher:
        assert searcher.doc_count() == len(get_lawbook(laws).sections)
    assert not [p for p in Path(paths[0]).parent.iterdir() if p.name.startswith(".building")]


def test_search_command_and_api(capsys):
    assert main(["search", "64b3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hits"][0]["anchor"] == "64B3" and data["hits"][0]["url"] == "/laws/64#64B3"
    client = create_app({"TESTING": True}).test_client()
    response = client.get("/api/search?q=dummy+revoked")
    body = response.get_json()
    assert response.status_code == 200 and body["hits"]
    assert set(body["hits"][0]) >= {"anchor", "title", "snippet", "score"}
    assert client.get("/api/search?q=x&limit=lots").status_code == 400
    assert client.get("/api/search?q=" + "%00" * 5000).status_code == 200


def test_an_index_tidied_away_by_another_process_is_built_again(tmp_path, monkeypatch):
    from td_assist.search import open_engine

    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "home"))
    book = get_lawbook()
    synonyms = book.folder / "synonyms.toml"
    built = ensure_index(book, synonyms)
    for part in built.iterdir():  # what the other process's tidying left: a folder, no TOC
        part.unlink()
    engine = open_engine(book, synonyms)
    assert engine.search("revoke on trick twelve").hits
