"""Find the right law section from a TD's own words, in English or German.

One whoosh document per section, so a hit opens at ``/laws/64#64B3``. A typed law
number jumps straight to its section. Modules: ``index`` (build and freshness),
``analysis`` (English and German terms, compounds), ``content`` (synonyms and
phrasings, the reviewable content beside the laws), ``ranking`` (BM25), ``speller``
and ``engine`` (query to ranked hits). Anything a user can type is safe: the query is
reduced to plain words before anything sees it.

>>> engine = get_search()
>>> engine.search("64b3").hits[0].anchor
'64B3'
"""

from __future__ import annotations

import importlib
import shutil
import threading
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from td_assist.lawbook import Lawbook, get_lawbook
from td_assist.lawbook.settings import official_path, official_stamp
from td_assist.search.analysis import Thesaurus, fold, index_terms
from td_assist.search.engine import (
    MAX_QUERY_CHARS,
    MAX_WORDS,
    PER_LAW,
    Hit,
    Results,
    SearchEngine,
    clean_query,
    highlight_snippet,
)
from td_assist.search.index import INDEX_VERSION, build_index, ensure_index, input_hash

if TYPE_CHECKING:
    from td_assist.search.content import (
        SynonymEntry,
        SynonymTable,
        load_phrasings,
        load_synonyms,
        load_thesaurus,
    )
    from td_assist.search.report import SearchHitJson, SearchJson

__all__ = [
    "INDEX_VERSION",
    "MAX_QUERY_CHARS",
    "MAX_WORDS",
    "PER_LAW",
    "Hit",
    "Results",
    "SearchEngine",
    "SearchHitJson",
    "SearchJson",
    "SynonymEntry",
    "SynonymTable",
    "build_index",
    "clean_query",
    "ensure_index",
    "fold",
    "get_search",
    "highlight_snippet",
    "index_terms",
    "input_hash",
    "load_phrasings",
    "load_synonyms",
    "load_thesaurus",
    "open_engine",
    "search_report",
]


@lru_cache(maxsize=2)  # the current lawbook's engine, and the one before while it changes
def _engine(folder: Path, synonyms_path: Path, key: str) -> SearchEngine:
    return open_engine(get_lawbook(folder), synonyms_path)


def open_engine(
    book: Lawbook,
    synonyms_path: Path,
    thesaurus: Thesaurus | None = None,
    phrasings_path: Path | None = None,
) -> SearchEngine:
    """The engine over an index that matches ``book``, with the lawbook's thesaurus and
    phrasings unless others are given (``phrasings_path``: to measure candidate content).
    Another process working on other inputs (a TD editing laws/ while the server runs)
    may tidy an index away between its build and its opening: then it is built again,
    once. With the lawbook's own content, the engine's tables are kept beside the index
    and read from there next time."""
    own_content = thesaurus is None and phrasings_path is None
    folder = ensure_index(book, synonyms_path)
    if own_content:
        kept = SearchEngine.stored(folder, book)
        if kept is not None:
            return kept
    from td_assist.search.content import load_phrasings, load_synonyms, load_thesaurus

    if thesaurus is None:
        thesaurus = Thesaurus.from_groups(load_thesaurus(book.folder / "thesaurus.toml"))
    synonyms = load_synonyms(synonyms_path)
    phrasings = load_phrasings(phrasings_path or book.folder / "phrasings.toml")
    from whoosh.index import EmptyIndexError  # a stored engine opens no whoosh index

    try:
        engine = SearchEngine(folder, book, synonyms, phrasings, thesaurus)
    except EmptyIndexError:
        shutil.rmtree(folder, ignore_errors=True)
        folder = ensure_index(book, synonyms_path)
        engine = SearchEngine(folder, book, synonyms, phrasings, thesaurus)
    if own_content:
        engine.keep_tables(folder)
    return engine


@lru_cache(maxsize=8)
def _hash_for(book: Lawbook, synonyms_path: Path, official_stamp: tuple[int, int]) -> str:
    return input_hash(book, synonyms_path)


def get_search() -> SearchEngine:
    """The engine for the current lawbook; rebuilt when the lawbook is reloaded (with
    the synonyms and phrasings) or the imported official text changes (compared by
    content hash)."""
    book = get_lawbook()  # a new Lawbook object after reload_lawbook
    synonyms = _synonyms_of(book.folder)
    key = _hash_for(book, synonyms, official_stamp(official_path()))
    with _ENGINE_LOCK:  # the server's threads would each build one on the first search
        return _engine(book.folder, synonyms, key)


_ENGINE_LOCK = threading.Lock()


@lru_cache(maxsize=8)
def _synonyms_of(folder: Path) -> Path:
    """The same path object on every search: the caches above hash it, and a path
    works its hash out once (a new one each time cost microseconds per search)."""
    return folder / "synonyms.toml"


def search_report(query: str, limit: int = 10) -> SearchJson:
    """The search as the JSON answer (the API, ``td-assist search --json``)."""
    from td_assist.search.report import report_of

    return report_of(get_search().search(query, limit=limit))


# The pydantic models (the JSON answer, the content files' tables) load on first use:
# a search on stored tables needs none of them, and pydantic is a third of its start.
_LAZY = {
    "SearchHitJson": "td_assist.search.report",
    "SearchJson": "td_assist.search.report",
    "SynonymEntry": "td_assist.search.content",
    "SynonymTable": "td_assist.search.content",
    "load_phrasings": "td_assist.search.content",
    "load_synonyms": "td_assist.search.content",
    "load_thesaurus": "td_assist.search.content",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
