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
import html
import math
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
from whoosh import index
from whoosh.analysis import CharsetFilter, StemmingAnalyzer
from whoosh.fields import ID, NUMERIC, TEXT, Schema
from whoosh.reading import IndexReader
from whoosh.support.charset import accent_map

from td_assist.lawbook import Lawbook, Section, get_lawbook
from td_assist.lawbook.official import load_official, official_path
from td_assist.lawbook.refs import normalise_reference
from td_assist.lawbook.render import law_url
from td_assist.paths import cache_dir

MAX_QUERY_CHARS = 200
MAX_WORDS = 12
PER_LAW = 3
INDEX_VERSION = "4"  # bump when the schema or the documents change

_ANALYZER = StemmingAnalyzer(minsize=1, stoplist=None) | CharsetFilter(accent_map)


def _schema() -> Schema:
    # One searched field: the heading counts three times, the law's title twice, then
    # the text, the headings above, the "In practice" notes and any official text.
    # A single field keeps each query small, which is what makes whoosh fast here.
    return Schema(
        anchor=ID(stored=True, unique=True),
        law=NUMERIC(stored=True),
        content=TEXT(analyzer=_ANALYZER),
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
    def url(self) -> str:
        return law_url(self.anchor)


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
    return [
        w for w in re.findall(r"\w+", text) if not (w.isascii() and w.isdigit()) or len(w) <= 2
    ][:MAX_WORDS]


@dataclass(frozen=True)
class _Phrase:
    words: tuple[str, ...]
    entry: SynonymEntry


class Speller:
    """Spelling suggestions by edit distance (up to 2) against the lawbook's own words
    and the synonym table, using an index of deletions so a lookup takes microseconds.
    """

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts
        self.deletes: dict[str, set[str]] = {}
        for word in counts:
            if len(word) >= 4:
                for variant in _deletions(word, 2):
                    self.deletes.setdefault(variant, set()).add(word)

    def known(self, word: str) -> bool:
        return word in self.counts

    def candidates(self, word: str) -> list[str]:
        """Known words within two edits, nearest first, then the most frequent."""
        if len(word) < 4 or word in self.counts:
            return []
        found: set[str] = set()
        for variant in _deletions(word, 2) | {word}:
            found |= self.deletes.get(variant, set())
        scored = sorted((_distance(word, c), -self.counts[c], c) for c in found)
        return [c for distance, _, c in scored if distance <= 2]

    def suggest(self, word: str) -> str | None:
        found = self.candidates(word)
        return found[0] if found else None


def _deletions(word: str, depth: int) -> set[str]:
    found = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        found |= frontier
    found.discard(word)
    return found


def _distance(a: str, b: str) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count as one edit)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, previous2[j - 2] + 1)
            current.append(value)
        previous2, previous = previous, current
    return previous[-1]


_STOP_WORDS = """
a an and are as at be but by for from has have he her his i if in is it its me my of on
or our she so that the their them then there they this to was we were what when which
who will with you your am do does did can could should would
"""
_STOP = frozenset(_STOP_WORDS.split())


@dataclass(frozen=True)
class _TermQ:
    term: str
    boost: float = 1.0


@dataclass(frozen=True)
class _PhraseQ:
    terms: tuple[str, ...]
    slop: int = 0
    boost: float = 1.0


class _Scorer:
    """BM25 over the index's postings, kept in memory after first use.

    Whoosh stores and reads the index; scoring a few hundred sections this way takes
    about a millisecond, where whoosh's general matcher machinery took ten.
    """

    K1, B = 1.2, 0.5

    def __init__(self, reader: IndexReader) -> None:
        self.reader = reader
        self.count = reader.doc_count_all()
        self.lengths = [reader.doc_field_length(d, "content", 0) or 1 for d in range(self.count)]
        self.average = sum(self.lengths) / max(self.count, 1)
        self.anchors = {docnum: fields["anchor"] for docnum, fields in reader.iter_docs()}
        self._postings: dict[str, dict[int, tuple[int, ...]]] = {}

    def postings(self, term: str) -> dict[int, tuple[int, ...]]:
        if term not in self._postings:
            found: dict[int, tuple[int, ...]] = {}
            if ("content", term) in self.reader:
                matcher = self.reader.postings("content", term)
                found = {doc: tuple(positions) for doc, positions in matcher.items_as("positions")}
            self._postings[term] = found
        return self._postings[term]

    def idf(self, term: str) -> float:
        df = len(self.postings(term))
        return math.log(1 + (self.count - df + 0.5) / (df + 0.5))

    def _weight(self, tf: int, doc: int) -> float:
        norm = 1 - self.B + self.B * self.lengths[doc] / self.average
        return tf * (self.K1 + 1) / (tf + self.K1 * norm)

    def score(self, queries: list[_TermQ | _PhraseQ]) -> dict[str, float]:
        totals: dict[int, float] = {}
        for query in queries:
            if isinstance(query, _TermQ):
                idf = self.idf(query.term) * query.boost
                for doc, positions in self.postings(query.term).items():
                    totals[doc] = totals.get(doc, 0.0) + idf * self._weight(len(positions), doc)
                continue
            lists = [self.postings(t) for t in query.terms]
            if not all(lists):
                continue
            idf = sum(self.idf(t) for t in query.terms) * query.boost
            for doc in set(lists[0]).intersection(*lists[1:]):
                count = _phrase_count([lst[doc] for lst in lists], query.slop)
                if count:
                    totals[doc] = totals.get(doc, 0.0) + idf * self._weight(count, doc)
        return {self.anchors[doc]: value for doc, value in totals.items()}


def _phrase_count(positions: list[tuple[int, ...]], slop: int) -> int:
    """How often the words occur in order, each within ``slop`` extra words of the last."""
    count = 0
    following = [set(p) for p in positions[1:]]
    for start in positions[0]:
        at = start
        for allowed in following:
            nxt = next((at + gap for gap in range(1, slop + 2) if at + gap in allowed), None)
            if nxt is None:
                break
            at = nxt
        else:
            count += 1
    return count


class SearchEngine:
    def __init__(self, folder: Path, book: Lawbook, synonyms: list[SynonymEntry]) -> None:
        self.book = book
        self.synonyms = synonyms
        self.ix = index.open_dir(str(folder))
        self.searcher = self.ix.searcher()
        self.scorer = _Scorer(self.searcher.reader())
        self._phrases: dict[str, list[_Phrase]] = {}
        for entry in synonyms:
            for phrase in entry.say:
                words = tuple(re.findall(r"\w+", fold(phrase)))
                if words:
                    self._phrases.setdefault(words[0], []).append(_Phrase(words, entry))
        counts: dict[str, int] = {}
        for section in book.sections.values():
            for word in re.findall(r"[^\W\d_]+", fold(section.text + " " + section.heading)):
                counts[word] = counts.get(word, 0) + 1
        for entry in synonyms:
            for phrase in entry.say:
                for word in re.findall(r"[^\W\d_]+", fold(phrase)):
                    counts[word] = counts.get(word, 0) + 1
        self.speller = Speller(counts)

    # --- query building ----------------------------------------------------------

    def _expansions(self, words: list[str]) -> list[tuple[SynonymEntry, int]]:
        """Synonym entries whose phrases occur in the query, with the phrase length."""
        found: dict[int, tuple[SynonymEntry, int]] = {}
        for start, word in enumerate(words):
            for phrase in self._phrases.get(word, ()):
                size = len(phrase.words)
                if tuple(words[start : start + size]) == phrase.words:
                    key = id(phrase.entry)
                    if key not in found or found[key][1] < size:
                        found[key] = (phrase.entry, size)
        return sorted(found.values(), key=lambda item: -item[1])

    def _correct(self, words: list[str]) -> list[str]:
        """Each unknown word -> its nearest known word, preferring one that completes a
        phrase of the synonym table (``fould board`` -> ``fouled board``)."""
        corrected = list(words)
        for position, word in enumerate(words):
            options = self.speller.candidates(word)
            if not options:
                continue
            corrected[position] = options[0]
            for option in options[:8]:
                trial = [*corrected[:position], option, *corrected[position + 1 :]]
                if any(size > 1 for _, size in self._expansions(trial)):
                    corrected[position] = option
                    break
        return corrected

    def _terms(self, text: str) -> list[str]:
        return [t.text for t in _ANALYZER(text)]

    def build_query(
        self, words: list[str], entries: list[tuple[SynonymEntry, int]]
    ) -> list[_TermQ | _PhraseQ]:
        content = [w for w in words if w not in _STOP] or words
        terms = list(dict.fromkeys(t for w in content for t in self._terms(w)))
        parts: list[_TermQ | _PhraseQ] = [_TermQ(t) for t in terms]
        if len(terms) >= 2:
            parts.append(_PhraseQ(tuple(terms), slop=1, boost=2.0))
        for entry, size in entries:
            for meaning in entry.means:
                meant = self._terms(meaning)
                if len(meant) >= 2:
                    parts.append(_PhraseQ(tuple(meant), boost=1.5 + 0.5 * size))
                elif meant:
                    parts.append(_TermQ(meant[0], boost=1.5 + 0.5 * size))
        return parts

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
        words = _words(fold(text))
        corrected = self._correct(words)
        if corrected != words:
            results.suggestion = " ".join(corrected)
        entries = self._expansions(corrected)
        results.expanded = list(dict.fromkeys(m for e, _ in entries for m in e.means))
        query = self.build_query(corrected, entries)
        results.hits = self._run(query, corrected, entries, limit) if query else []
        return results

    def _run(
        self,
        query: list[_TermQ | _PhraseQ],
        words: list[str],
        entries: list[tuple[SynonymEntry, int]],
        limit: int,
    ) -> list[Hit]:
        text_scores = self.scorer.score(query)
        top = max(text_scores.values(), default=1.0)
        scores = dict(text_scores)
        # What the synonym table says answers the query is the strongest evidence: its
        # anchors rise, more for longer (more specific) phrases and earlier anchors. The
        # best-matching subsection inside such an anchor rises a little further, so a
        # hit opens at the part of the law that answers, not at its top.
        for rank_entry, (entry, size) in enumerate(entries):
            for position, anchor in enumerate(entry.anchors):
                if anchor not in self.book.sections:
                    continue
                bonus = top * (0.8 + 0.3 * size) / (1 + 0.5 * position + 0.3 * rank_entry)
                scores[anchor] = scores.get(anchor, 0.0) + bonus
                inside = {a: v for a, v in text_scores.items() if _is_inside(a, anchor)}
                if inside:
                    best = max(inside.values())
                    own = text_scores.get(anchor, 0.0)
                    for sub, value in inside.items():
                        if value >= own:
                            scores[sub] = scores.get(sub, 0.0) + bonus * 1.05 * value / best
        ranked = sorted(scores.items(), key=lambda item: -item[1])
        stems = {t for w in words if w not in _STOP for t in self._terms(w)}
        hits: list[Hit] = []
        per_law: dict[int, int] = {}
        for anchor, score in ranked:
            section = self.book.get(anchor)
            if section is None:
                continue
            law = self.book.law_of(section).number
            if per_law.get(law, 0) >= PER_LAW:
                continue
            per_law[law] = per_law.get(law, 0) + 1
            hits.append(self._hit_for(section, score, highlight_snippet(section, stems)))
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
            snippet=snippet or html.escape(_plain_text(_first_text(section))[:200]),
            score=round(score, 3),
        )


def _is_inside(anchor: str, outer: str) -> bool:
    """``64B3`` is inside ``64B`` and ``64``; ``640`` is not inside ``64``."""
    if (
        anchor == outer
        or not anchor.startswith(outer)
        or not (outer[:1].isascii() and outer[:1].isdigit())
    ):
        return False
    return not (
        (outer[-1].isascii() and outer[-1].isdigit())
        and (anchor[len(outer)].isascii() and anchor[len(outer)].isdigit())
    )


def highlight_snippet(section: Section, stems: set[str], width: int = 180) -> str:
    """The part of the section's text with most query words, words marked with <mark>."""
    text = " ".join(_plain_text(_first_text(section)).split())
    if not text:
        return ""
    tokens = list(re.finditer(r"\w+", text))
    hits = [m for m in tokens if _ANALYZER_ONE(m.group(0)) in stems]
    if hits:
        centre = hits[0].start()
        start = max(0, centre - width // 3)
    else:
        start = 0
    end = min(len(text), start + width)
    window = text[start:end]
    out, last = [], 0
    for match in re.finditer(r"\w+", window):
        if _ANALYZER_ONE(match.group(0)) in stems:
            out.append(html.escape(window[last : match.start()]))
            out.append(f"<mark>{html.escape(match.group(0))}</mark>")
            last = match.end()
    out.append(html.escape(window[last:]))
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return prefix + "".join(out) + suffix


@cache
def _analyzer_one(word: str) -> str:
    tokens = [t.text for t in _ANALYZER(word)]
    return tokens[0] if tokens else ""


_ANALYZER_ONE = _analyzer_one


def _plain_text(markdown_text: str) -> str:
    """What a reader sees: Markdown emphasis and table rules removed."""
    return re.sub(r"\*\*|__|^\s*\|?[-:| ]+\|?\s*$", "", markdown_text, flags=re.MULTILINE)


def _first_text(section: Section) -> str:
    for part in section.walk():
        if part.text:
            return part.text
    return ""


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
            own = section.text if section.depth else ""  # a law's root: its title and notes
            parts = (
                [section.heading] * 3
                + [law.title] * 2
                + [
                    _plain_text(own),
                    *trail,
                    law.commentary if section.depth == 0 else "",
                    official.get(section.anchor, ""),
                ]
            )
            documents.append(
                {
                    "anchor": section.anchor,
                    "law": law.number,
                    "content": " ".join(p for p in parts if p),
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


# --- the answer the command line and the API give -------------------------------------


class SearchHitJson(BaseModel):
    anchor: str
    cite: str
    law: int
    title: str
    heading: str
    snippet: str
    score: float
    url: str


class SearchJson(BaseModel):
    query: str
    jumped: bool
    suggestion: str | None
    expanded: list[str]
    note: str | None
    hits: list[SearchHitJson]


def search_report(query: str, limit: int = 10) -> SearchJson:
    results = get_search().search(query, limit=limit)
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
                url=law_url(h.anchor),
            )
            for h in results.hits
        ],
    )
