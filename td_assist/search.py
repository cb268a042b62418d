"""Find the right law section from a TD's own words, in English or German.

One whoosh document per section, so a hit opens at ``/laws/64#64B3``. A typed law
number jumps straight to its section. TD jargon and German terms are expanded from
``laws/synonyms.toml``. Misspelt words get a "did you mean". Anything a user can type
is safe: the query is reduced to plain words before whoosh sees it.

The index is built on first use into the user's cache folder, under a name made
from the hash of its inputs (laws/, synonyms, imported official text). It is built
in a temporary folder and renamed into place, so readers never see half an index,
and two processes building at once each produce a whole one; the rename decides.

>>> engine = get_search()
>>> engine.search("64b3").hits[0].anchor
'64B3'
"""

from __future__ import annotations

import hashlib
import re
import shutil
import tempfile
import time
import tomllib
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError
from whoosh import highlight, index, scoring
from whoosh.analysis import CharsetFilter, StemmingAnalyzer
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema
from whoosh.query import Or, Phrase, Query, Term
from whoosh.support.charset import accent_map

from td_assist.lawbook import Lawbook, Section, get_lawbook
from td_assist.lawbook.official import load_official, official_path
from td_assist.lawbook.refs import normalise_reference
from td_assist.paths import cache_dir

MAX_QUERY_CHARS = 200
MAX_WORDS = 12
PER_LAW = 3
INDEX_VERSION = "3"  # bump when the schema or the documents change

_ANALYZER = StemmingAnalyzer(minsize=1, stoplist=None) | CharsetFilter(accent_map)
_BOOSTS = {"heading": 3.0, "title": 1.5, "body": 1.0, "extra": 0.5}


def _schema() -> Schema:
    return Schema(
        anchor=ID(stored=True, unique=True),
        law=NUMERIC(stored=True),
        title=TEXT(analyzer=_ANALYZER, stored=True),
        heading=TEXT(analyzer=_ANALYZER, stored=True),
        body=TEXT(analyzer=_ANALYZER, stored=True, spelling=True),
        # headings above the section, the "In practice" notes, the official text
        extra=TEXT(analyzer=_ANALYZER),
        display=STORED,
        depth=STORED,
    )


class SynonymEntry(BaseModel):
    say: list[str] = Field(min_length=1)
    means: list[str] = Field(default_factory=list)
    anchors: list[str] = Field(default_factory=list)
    lang: str = "en"


class SynonymTable(BaseModel):
    term: list[SynonymEntry] = Field(default_factory=list)


def fold(text: str) -> str:
    """Lowercase, accents removed, ß -> ss: what synonym matching compares."""
    text = text.lower().replace("ß", "ss")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def load_synonyms(path: Path) -> list[SynonymEntry]:
    if not path.exists():
        return []
    try:
        return SynonymTable.model_validate(tomllib.loads(path.read_text(encoding="utf-8"))).term
    except (tomllib.TOMLDecodeError, ValidationError) as error:
        raise ValueError(f"{path.name}: {error}") from None


@dataclass
class Hit:
    anchor: str
    law: int
    title: str
    heading: str
    display: str
    snippet: str  # HTML with <mark> around matched words
    score: float

    @property
    def plain_snippet(self) -> str:
        return re.sub(r"</?mark>", "*", re.sub(r"<(?!/?mark>)[^>]+>", "", self.snippet))


@dataclass
class Results:
    query: str
    hits: list[Hit] = field(default_factory=list)
    jumped: bool = False  # the query was a law number
    suggestion: str | None = None  # "did you mean"
    expanded: list[str] = field(default_factory=list)  # synonym expansions used
    note: str | None = None


def clean_query(text: str) -> str:
    """Plain words only: no control characters, no search syntax, bounded length."""
    text = "".join(ch if ch.isprintable() else " " for ch in text[: MAX_QUERY_CHARS * 5])
    text = re.sub(r"[^\w\s()'’.-]", " ", text)
    return " ".join(text.split())[:MAX_QUERY_CHARS]


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"\w+", text) if not w.isdigit() or len(w) <= 2][:MAX_WORDS]


class SearchEngine:
    def __init__(self, folder: Path, book: Lawbook, synonyms: list[SynonymEntry]) -> None:
        self.book = book
        self.synonyms = synonyms
        self.ix = index.open_dir(str(folder))
        self.searcher = self.ix.searcher(weighting=scoring.BM25F(B=0.6, K1=1.2))
        self._vocabulary = {
            w.decode() if isinstance(w, bytes) else w for w in self.searcher.lexicon("body")
        }

    # --- query building ----------------------------------------------------------

    def _expansions(self, folded: str) -> list[SynonymEntry]:
        found = []
        for entry in self.synonyms:
            for phrase in entry.say:
                if re.search(rf"(?<!\w){re.escape(fold(phrase))}(?!\w)", folded):
                    found.append(entry)
                    break
        return found

    def _terms(self, text: str) -> list[str]:
        return [t.text for t in _ANALYZER(text)]

    def _text_query(self, words: list[str], boost: float = 1.0) -> Query | None:
        clauses: list[Query] = []
        for word in words:
            terms = self._terms(word)
            for term in terms:
                clauses.append(Or([Term(f, term, boost=b * boost) for f, b in _BOOSTS.items()]))
        return Or(clauses) if clauses else None

    def _phrase_query(self, phrase: str, boost: float) -> Query | None:
        terms = self._terms(phrase)
        if len(terms) < 2:
            return self._text_query([phrase], boost)
        return Or(
            [
                Phrase(f, terms, boost=b * boost)
                for f, b in _BOOSTS.items()
                if f in ("heading", "body", "extra")
            ]
        )

    def build_query(self, words: list[str], entries: list[SynonymEntry]) -> Query | None:
        parts: list[Query] = []
        base = self._text_query(words)
        if base is not None:
            parts.append(base)
        if len(words) >= 2:
            phrase = self._phrase_query(" ".join(words), 2.0)
            if phrase is not None:
                parts.append(phrase)
        for entry in entries:
            for meaning in entry.means:
                expanded = self._phrase_query(meaning, 2.5)
                if expanded is not None:
                    parts.append(expanded)
            for anchor in entry.anchors:
                parts.append(Term("anchor", anchor, boost=12.0))
        return Or(parts) if parts else None

    # --- searching ------------------------------------------------------------------

    def search(self, raw: str, limit: int = 10) -> Results:
        text = clean_query(raw)
        results = Results(query=text)
        if not text:
            return results
        anchor = normalise_reference(text)
        if anchor is not None:
            section = self.book.get(anchor)
            if section is not None:
                results.jumped = True
                results.hits = [self._hit_for(section, 100.0)]
                return results
            results.note = f"{text} is not a section of the Laws"
            return results
        folded = fold(text)
        entries = self._expansions(folded)
        results.expanded = [m for e in entries for m in e.means]
        words = _words(folded)
        corrected = self._correct(words)
        query = self.build_query(words, entries)
        hits = self._run(query, text, limit) if query is not None else []
        if corrected != words:
            results.suggestion = " ".join(corrected)
            if len(hits) < 3 or not entries:
                entries2 = self._expansions(" ".join(corrected))
                retry = self.build_query(corrected, entries2)
                better = self._run(retry, results.suggestion, limit) if retry else []
                if better and (not hits or better[0].score > hits[0].score):
                    hits = better
                    results.expanded = [m for e in entries2 for m in e.means]
        results.hits = hits
        return results

    def _correct(self, words: list[str]) -> list[str]:
        corrector = self.searcher.corrector("body")
        out = []
        for word in words:
            if not 4 <= len(word) <= 20 or word.isdigit() or self._known(word):
                out.append(word)
                continue
            suggestions = corrector.suggest(word, limit=1, maxdist=2)
            out.append(suggestions[0] if suggestions else word)
        return out

    def _known(self, word: str) -> bool:
        if word in self._vocabulary:
            return True
        if any(fold(p) == word or word in fold(p).split() for e in self.synonyms for p in e.say):
            return True
        return any(term in self._vocabulary for term in self._terms(word))

    def _run(self, query: Query, text: str, limit: int) -> list[Hit]:
        found = self.searcher.search(query, limit=limit * 6, terms=True)
        found.fragmenter = highlight.ContextFragmenter(maxchars=160, surround=50)
        found.formatter = highlight.HtmlFormatter(tagname="mark", classname="", between=" … ")
        hits: list[Hit] = []
        per_law: dict[int, int] = {}
        for result in found:
            law = int(result["law"])
            if per_law.get(law, 0) >= PER_LAW:
                continue
            per_law[law] = per_law.get(law, 0) + 1
            section = self.book.get(result["anchor"])
            if section is None:
                continue
            marked = result.highlights("body", top=2)
            snippet = re.sub(r"<mark[^>]*>", "<mark>", marked) if marked else None
            hits.append(self._hit_for(section, float(result.score), snippet))
            if len(hits) >= limit:
                break
        return hits

    def _hit_for(self, section: Section, score: float, snippet: str | None = None) -> Hit:
        law = self.book.law_of(section)
        return Hit(
            anchor=section.anchor,
            law=law.number,
            title=law.title,
            heading=section.heading,
            display=section.display,
            snippet=snippet or _escape(_plain_text(_first_text(section))[:200]),
            score=round(score, 3),
        )


def _plain_text(markdown_text: str) -> str:
    """What a reader sees: Markdown emphasis and table rules removed."""
    return re.sub(r"\*\*|__|^\s*\|?[-:| ]+\|?\s*$", "", markdown_text, flags=re.MULTILINE)


def _first_text(section: Section) -> str:
    for part in section.walk():
        if part.text:
            return part.text
    return ""


def _escape(text: str) -> str:
    import html

    return html.escape(text)


# --- building ------------------------------------------------------------------------


def _documents(book: Lawbook, official: dict[str, str]) -> list[dict[str, object]]:
    documents: list[dict[str, object]] = []
    for law in [*book.named.values(), *book.laws]:
        for section in law.sections():
            trail = []
            parent = section.parent
            while parent:
                above = book.sections[parent]
                trail.append(above.heading)
                parent = above.parent
            documents.append(
                {
                    "anchor": section.anchor,
                    "law": law.number,
                    "title": law.title,
                    "heading": section.heading,
                    "body": _plain_text(section.text or _first_text(section)),
                    "extra": " ".join(
                        [
                            *trail,
                            law.commentary if section.depth == 0 else "",
                            official.get(section.anchor, ""),
                        ]
                    ),
                    "display": section.display,
                    "depth": section.depth,
                }
            )
    return documents


def input_hash(book: Lawbook, synonyms_path: Path) -> str:
    digest = hashlib.sha256(INDEX_VERSION.encode())
    digest.update(book.content_hash().encode())
    for path in (synonyms_path, official_path()):
        digest.update(path.read_bytes() if path.exists() else b"-")
    return digest.hexdigest()[:16]


def build_index(target: Path, book: Lawbook) -> float:
    """Build the index at ``target`` atomically; returns the seconds it took."""
    start = time.perf_counter()
    official = load_official()
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    temporary = Path(tempfile.mkdtemp(prefix=".building-", dir=parent))
    try:
        ix = index.create_in(str(temporary), _schema())
        writer = ix.writer()
        for document in _documents(book, official.sections if official else {}):
            writer.add_document(**document)
        writer.commit()
        try:
            temporary.rename(target)
        except OSError:
            if not target.exists():  # another process won the race: use its index
                raise
    finally:
        if temporary.exists():
            shutil.rmtree(temporary, ignore_errors=True)
    return time.perf_counter() - start


def ensure_index(book: Lawbook, synonyms_path: Path) -> Path:
    """The folder of an index that matches the current inputs, built if needed."""
    base = cache_dir() / "search"
    target = base / input_hash(book, synonyms_path)
    if not target.exists():
        build_index(target, book)
        for old in base.iterdir():  # tidy away indexes of older inputs
            if old != target and not old.name.startswith(".building-"):
                shutil.rmtree(old, ignore_errors=True)
    return target


@cache
def _engine(folder: Path, synonyms_path: Path, key: str) -> SearchEngine:
    book = get_lawbook(folder)
    return SearchEngine(ensure_index(book, synonyms_path), book, load_synonyms(synonyms_path))


@cache
def _hash_for(book: Lawbook, synonyms_path: Path, official_stamp: tuple[int, int]) -> str:
    return input_hash(book, synonyms_path)


def _stamp(path: Path) -> tuple[int, int]:
    try:
        stat = path.stat()
    except OSError:
        return (0, 0)
    return (stat.st_mtime_ns, stat.st_size)


def get_search() -> SearchEngine:
    """The engine for the current lawbook; rebuilt when laws/, the synonyms or the
    imported official text change (compared by content hash)."""
    book = get_lawbook()  # a new Lawbook object whenever a file in laws/ changed
    synonyms = book.folder / "synonyms.toml"
    key = _hash_for(book, synonyms, _stamp(official_path()))
    return _engine(book.folder, synonyms, key)
