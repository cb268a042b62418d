"""Spelling correction that knows English and German and leaves real words alone.

A word is real when it is in the lawbook, the synonyms or the phrasings, in the shipped
English word list (``words_en.txt.gz``: Webster's Second International, 1934, public
domain, as in FreeBSD's share/dict/web2, words of 4 to 16 letters) with or without a
common inflection, in the shipped German list (``words_de.txt``), the German lawbook
(laws/de/) or the German content by stem, with or without a common German ending or verb
prefix ("endet", "genügendes", "angeschrieben"), or a German compound of known parts.
Only a word that is none of these is corrected, and only to a word of the search
vocabulary within one edit (two for words of nine letters or more), found through an
index of deletions.

The English list, the German stems and the index of deletions are big (about 230,000
words; reading them into memory took a one-off search command half a second and the
server 50 MB): they are built once into a small SQLite file beside the search index
and looked up there, a few look-ups per unknown word.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from collections.abc import Iterable, Sequence
from functools import cached_property
from pathlib import Path

from td_assist.kept import Kept
from td_assist.search.analysis import (
    STOP_EN,
    WORDS_CACHED,
    Decompounder,
    fold,
    german_form,
    german_stem,
)

# sqlite3 is imported where the lists file is opened or written: a search whose words
# are all known opens none, and need not load it.

_ENGLISH_ENDINGS = (
    ("ies", "y"), ("ied", "y"), ("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"),
    ("es", ""), ("s", ""), ("ly", ""), ("er", ""), ("ers", ""), ("est", ""), ("d", ""),
)  # fmt: skip


# Everyday English the shipped list lacks, read as a supplement to it (so with its
# inflections: "contended" is "contend" + "ed"): the first halves of "wouldn't" and the
# like (the apostrophe splits them off), and words Webster's 1934 left out. Without them a
# question's "wouldn't" was spelt "couldn't" and "contended" "conceded" (a claim).
_ENGLISH_NOT_LISTED = frozenset(
    ["wouldn", "shouldn", "couldn", "mustn", "needn", "hadn", "aren", "contend"]
)


def _english_bases(word: str) -> Iterable[str]:
    yield word
    for ending, replacement in _ENGLISH_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            base = word[: -len(ending)] + replacement
            # a bare "d" ends the past of a word in "e" only ("used", "placed"): after any
            # other letter it is a phone slip, "claimd", "cardd", "explaind", which read as
            # "claim" + "d" were real words search knew nothing of, and never corrected
            if ending == "d" and not base.endswith("e"):
                continue
            yield base
            if len(base) >= 4 and base[-1] == base[-2]:  # dropped -> dropp -> drop
                yield base[:-1]


# German endings Snowball leaves on a word (verb forms: "endet", "behandelt", "ansagt")
# or takes off only in part (a present participle declined: "genügendes"): a real word
# whose form without one of them is a known stem is real, never "ended", "gehandelt" or
# "ungenügendes". Longest first; the base keeps 4 letters or more, so a misspelling
# ("Strafkarde", "Renonse") is not a known stem plus an ending.
_GERMAN_ENDINGS = (
    "endem", "enden", "ender", "endes", "ende", "end", "test", "tet", "ten", "tem", "ter",
    "tes", "est", "et", "te", "st", "en", "er", "es", "em", "e", "t", "n", "s",
)  # fmt: skip


# A verb's prefixes: "angeschrieben", "erspielte", "vorzählt" are "geschrieben",
# "spielte", "zählt" with one (the rest must still be a known German form of 5 letters
# or more, so a misspelt word is not one by chance). Not the nouns' "rück-": "Rücknahme"
# is still spelt "Zurücknahme", the same thing in the lawbook's word (Law 47).
_GERMAN_PREFIXES = (
    "zuruck", "weiter", "unter", "nach", "uber", "aus", "auf", "ein", "ver", "vor",
    "zer", "ent", "mit", "weg", "hin", "her", "ab", "an", "be", "er", "zu",
)  # fmt: skip


def _german_bases(word: str) -> Iterable[str]:
    """Each form to look up once: a base is often its own stem ("behandel"), and each
    look-up is a query of the lists file."""
    seen: set[str] = set()
    unprefixed = (
        word[len(prefix) :]
        for prefix in _GERMAN_PREFIXES
        if word.startswith(prefix) and len(word) - len(prefix) >= 5
    )
    for rest in (word, *unprefixed):
        for base in _german_endings_off(rest):
            if base not in seen:
                seen.add(base)
                yield base


def _german_endings_off(word: str) -> Iterable[str]:
    yield german_stem(word)
    for ending in _GERMAN_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            base = word[: -len(ending)]
            yield base
            yield german_stem(base)


def _german_lawbook_words() -> set[str]:
    """The words of our German lawbook (laws/de/, its files whole): real German, though
    neither the shipped list nor the phrasings hold most of them ("verschieben",
    "behandelt")."""
    from td_assist.lawbook import get_lawbook
    from td_assist.lawbook.model import LawFileError
    from td_assist.search.analysis import words

    try:
        book = get_lawbook(lang="de")
    except (LawFileError, OSError):  # unreadable German files: the other lists still hold
        return set()
    found: set[str] = set()
    # the files whole: a law's notes and examples are German the sections leave out
    for page in sorted(book.folder.glob("*.md")):
        with contextlib.suppress(OSError, UnicodeDecodeError):
            found.update(w for w in words(page.read_text("utf-8")) if w.isalpha())
    return found


def _load_english() -> frozenset[str]:
    import gzip
    from importlib import resources

    data = resources.files("td_assist.search").joinpath("words_en.txt.gz").read_bytes()
    return frozenset(gzip.decompress(data).decode("ascii").split())


def _load_german() -> frozenset[str]:
    from importlib import resources

    text = resources.files("td_assist.search").joinpath("words_de.txt").read_text("utf-8")
    return frozenset(
        line.strip().lower() for line in text.splitlines() if line.strip() and line[0] != "#"
    )


class Vocabulary:
    """Which words are real (never corrected) and which are worth correcting to."""

    def __init__(self, useful: dict[str, int], german: Iterable[str], parts: Decompounder) -> None:
        self.useful = useful
        self.decompounder = parts
        self._german_extra = set(german)

    def __getstate__(self) -> dict[str, object]:
        # The word lists are kept apart (Speller.keep_lists), not with the engine's tables
        return {k: v for k, v in vars(self).items() if k not in ("english", "german_stems")}

    @cached_property
    def english(self) -> frozenset[str]:
        return _load_english()  # read on the first unknown word, not at start-up

    @cached_property
    def german_stems(self) -> frozenset[str]:
        words = {fold(w) for w in _load_german()} | self._german_extra | _german_lawbook_words()
        return frozenset(german_stem(w) for w in words)

    def is_real(self, word: str) -> bool:
        if len(word) < 4 or not word.isalpha() or word in self.useful:
            return True
        if word[-1] == word[-2] and word[:-1] in self.useful:
            # a search word with its last key struck twice ("alertt", "suitt", "claimee",
            # "trickss"): real only as spelt in a list, not as that word plus an ending,
            # else it read as German ("alert" + "t") or English ("tricks" + "s") and
            # search knew nothing of it
            return word in self.english or german_stem(word) in self.german_stems
        if any(
            base in self.english or base in _ENGLISH_NOT_LISTED or base in self.useful
            for base in _english_bases(word)
        ):
            return True
        return self._german(word)

    def _german(self, word: str) -> bool:
        if german_form(word) in self.useful:
            return True
        if any(base in self.german_stems for base in _german_bases(word)):
            return True
        return bool(self.decompounder.split(word))

    def common_swap(self, word: str) -> str | None:
        """The search's common word that ``word`` is with two neighbouring letters
        swapped, the commonest slip on a phone: Webster's holds "trun", "paly", "leda"
        as words, and "bid out of trun" found the insufficient bid. Only for a common
        word (the rarer ones' swaps are often everyday words: "lots" and "lost", "quite"
        and "quiet") and a word no German reading makes real ("eben" is no "been")."""
        if word in self.useful or not word.isalpha():
            return None
        for at in range(len(word) - 1):
            swapped = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
            if self.useful.get(swapped, 0) >= COMMON_WORD_COUNT and not self._german(word):
                return swapped
        return None


# How often a word must occur in the lawbook and our content for a real word that is it
# with two letters swapped to be taken for it: "turn" 360 times, "play" 497, "been" 106;
# "lost" (38) and "quiet" stay apart from "lots" and "quite".
COMMON_WORD_COUNT = 100


_LISTS_LOCK = threading.Lock()
_LISTS_VERSION = "2"  # bump when what the lists file holds changes
_VARIANTS_PER_LOOKUP = 500  # under SQLite's oldest limit of 999 values per statement


class _KeptWords:
    """A word list in the lists file, looked up with ``in`` like the set it replaces."""

    def __init__(self, lists: _KeptLists, table: str) -> None:
        self._lists, self._query = lists, f"SELECT 1 FROM {table} WHERE word = ?"

    def __contains__(self, word: object) -> bool:
        return self._lists.one(self._query, word) is not None


class _KeptDeletes:
    """The index of deletions in the lists file: variant -> the useful words it comes from."""

    def __init__(self, lists: _KeptLists) -> None:
        self._lists = lists

    def get(self, variant: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        row = self._lists.one("SELECT words FROM deletes WHERE variant = ?", variant)
        return tuple(row[0].split(" ")) if row is not None else default

    def words_from(self, variants: Iterable[str]) -> set[str]:
        """The useful words any of ``variants`` comes from: one look-up per few hundred
        variants (a long German word has hundreds, each a look-up of its own before)."""
        found: set[str] = set()
        wanted = list(variants)
        for start in range(0, len(wanted), _VARIANTS_PER_LOOKUP):
            chunk = wanted[start : start + _VARIANTS_PER_LOOKUP]
            marks = ",".join("?" * len(chunk))
            for row in self._lists.all(
                f"SELECT words FROM deletes WHERE variant IN ({marks})", chunk
            ):
                found.update(row[0].split(" "))
        return found


class _KeptLists:
    """The lists file, opened read-only; one connection shared by the server's threads,
    each look-up under a lock (a look-up takes microseconds)."""

    def __init__(self, path: Path) -> None:
        import sqlite3

        # immutable: the file is never written once finished (a new lawbook writes a new
        # file beside its own index), so SQLite may skip the file lock and change check it
        # otherwise makes on every look-up: a fifth of the CPU and a sixth of the time.
        self._connection = sqlite3.connect(
            path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True, check_same_thread=False
        )
        self._lock = threading.Lock()
        try:
            found = self.one("SELECT value FROM meta WHERE key = 'version'")
        except sqlite3.Error:
            found = None
        if found is None or found[0] != _LISTS_VERSION:
            self._connection.close()
            raise sqlite3.DatabaseError(f"{path.name} is not a finished lists file")

    def one(self, query: str, *values: object) -> tuple[str, ...] | None:
        with self._lock:
            return self._connection.execute(query, values).fetchone()

    def all(self, query: str, values: Sequence[object]) -> list[tuple[str, ...]]:
        with self._lock:
            return self._connection.execute(query, values).fetchall()


def _open_lists(path: Path) -> _KeptLists | None:
    import sqlite3

    try:
        return _KeptLists(path)
    except (sqlite3.Error, OSError):  # none yet, damaged, or of another version
        return None


def _write_lists(
    path: Path,
    english: Iterable[str],
    german_stems: Iterable[str],
    deletes: dict[str, tuple[str, ...]],
) -> None:
    """Write the lists file whole under a temporary name, then put it in place."""
    import sqlite3

    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".building")
    os.close(handle)
    try:
        connection = sqlite3.connect(temporary)
        try:
            with connection:
                connection.executescript(
                    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;"
                    "CREATE TABLE english(word TEXT PRIMARY KEY) WITHOUT ROWID;"
                    "CREATE TABLE german(word TEXT PRIMARY KEY) WITHOUT ROWID;"
                    "CREATE TABLE deletes(variant TEXT PRIMARY KEY, words TEXT) WITHOUT ROWID;"
                )
                connection.executemany("INSERT INTO english VALUES (?)", ((w,) for w in english))
                connection.executemany(
                    "INSERT INTO german VALUES (?)", ((w,) for w in german_stems)
                )
                connection.executemany(
                    "INSERT INTO deletes VALUES (?, ?)",
                    ((variant, " ".join(words)) for variant, words in deletes.items()),
                )
                connection.execute("INSERT INTO meta VALUES ('version', ?)", (_LISTS_VERSION,))
        finally:
            connection.close()
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)


class Speller:
    """Corrects unknown words to the nearest useful word (see the module doc)."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        self.lists_file: Path | None = None

    def __getstate__(self) -> dict[str, object]:
        return {k: v for k, v in vars(self).items() if k not in ("_deletes", "_corrected")}

    def keep_lists(self, path: Path) -> None:
        """Keep the word lists and the index of deletions in ``path`` (beside the search
        index, so made again when the lawbook changes): building them takes far longer
        than looking words up in them, and a search command would build them on every
        unknown word."""
        self.lists_file = path

    def _ensure_lists(self) -> None:
        if self.lists_file is None or "_deletes" in vars(self):
            return
        with _LISTS_LOCK:  # the server's threads meet the first unknown word together
            if "_deletes" not in vars(self):
                self._read_or_build_lists(self.lists_file)

    def _read_or_build_lists(self, lists_file: Path) -> None:
        import sqlite3

        kept = _open_lists(lists_file)
        if kept is None:
            deletes = self._build_deletes()
            # a read-only or full disk: the lists stay in memory, made again next time
            with contextlib.suppress(OSError, sqlite3.Error):
                vocabulary = self.vocabulary
                _write_lists(lists_file, vocabulary.english, vocabulary.german_stems, deletes)
                kept = _open_lists(lists_file)
                # the lists as an earlier version kept them (4.5 MB, no longer read)
                (lists_file.parent / "speller-lists.pickle").unlink(missing_ok=True)
            if kept is None:
                self.__dict__["_deletes"] = deletes
                return
        # the lists file answers now: the lists read into memory for it can go
        self.vocabulary.__dict__.update(
            english=_KeptWords(kept, "english"), german_stems=_KeptWords(kept, "german")
        )
        self.__dict__["_deletes"] = _KeptDeletes(kept)

    @cached_property
    def _deletes(self) -> dict[str, tuple[str, ...]] | _KeptDeletes:
        return self._build_deletes()

    def _build_deletes(self) -> dict[str, tuple[str, ...]]:
        found: dict[str, set[str]] = {}
        for word in self.vocabulary.useful:
            if len(word) >= 4:
                for variant in _deletions(word, 2 if len(word) >= 9 else 1):
                    found.setdefault(variant, set()).add(word)
        return {variant: tuple(sorted(words)) for variant, words in found.items()}

    def candidates(self, word: str) -> list[str]:
        """Useful words near an unknown word, nearest first, then the most frequent."""
        if len(word) >= 4 and word.isalpha() and word not in self.vocabulary.useful:
            self._ensure_lists()  # the big lists, for a word that may need them
        if self.vocabulary.is_real(word):
            swapped = self.vocabulary.common_swap(word)
            return [swapped] if swapped else []
        allowed = 2 if len(word) >= 9 else 1
        variants = _deletions(word, allowed) | {word}
        deletes = self._deletes
        found: set[str] = set()
        if isinstance(deletes, _KeptDeletes):
            found = deletes.words_from(variants)
        else:
            for variant in variants:
                found.update(deletes.get(variant, ()))
        counts = self.vocabulary.useful
        # the index holds each useful word's deletions, not the word itself: a letter too
        # many ("Reitzung", "Bietboxx") is the word once a deletion of the question's
        found.update(v for v in variants if v in counts)
        scored = sorted(
            (distance, not _phone_slip(word, c), c in STOP_EN, -counts[c], c)
            for c in found
            if (distance := _distance(word, c)) <= allowed
        )
        return [c for *_, c in scored]

    def correct(self, word: str) -> str | None:
        """The word's correction, or None for a real word (or one with none). Kept per
        word (bounded): the same words come in question after question, and a word the
        lawbook does not hold costs several look-ups in the lists file. Safe across the
        server's threads (``Kept``)."""
        kept: Kept[str, tuple[str | None]] | None = vars(self).get("_corrected")
        if kept is None:
            kept = vars(self).setdefault("_corrected", Kept(CORRECTIONS_KEPT))
        found = kept.get(word)
        if found is not None:
            return found[0]
        near = self.candidates(word)
        correction = near[0] if near else self.run_together(word)
        kept.put(word, (correction,))  # a flood of made-up words: the oldest go
        return correction

    def run_together(self, word: str) -> str | None:
        """Two search words the space bar missed between ("penaltycard", "outof",
        "faceup"), as those two words apart: the split whose rarer half is the most
        common. None for a word that is real or splits into no two search words."""
        useful = self.vocabulary.useful
        if len(word) < 5 or not word.isalpha() or self.vocabulary.is_real(word):
            return None
        splits = [
            (min(useful.get(word[:at], 0), useful.get(word[at:], 0)), word[:at], word[at:])
            for at in range(2, len(word) - 1)
        ]
        count, first, second = max(splits)
        return f"{first} {second}" if count > 0 else None


CORRECTIONS_KEPT = WORDS_CACHED  # the distinct words of an evening's questions


def _deletions(word: str, depth: int) -> set[str]:
    found = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        found |= frontier
    found.discard(word)
    return found


# Neighbouring keys on a QWERTY or QWERTZ keyboard (a phone's): a slip strikes one of
# them for the letter meant.
_KEY_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEIGHBOURS: dict[str, set[str]] = {}
for _row, _keys in enumerate(_KEY_ROWS):
    for _at, _key in enumerate(_keys):
        for _other_row in range(max(_row - 1, 0), min(_row + 2, len(_KEY_ROWS))):
            _NEIGHBOURS.setdefault(_key, set()).update(
                _KEY_ROWS[_other_row][max(_at - 1, 0) : _at + 2]
            )
_NEIGHBOURS["z"].add("t")  # QWERTZ: z where y is
_NEIGHBOURS["y"].update("asx")


def _phone_slip(typed: str, meant: str) -> bool:
    """``typed`` is ``meant`` with one slip a phone makes: a letter left out, a letter
    struck twice or beside its key, two letters swapped, a neighbouring key struck.
    Among corrections equally near, these come first: "fould" is "fouled" with its "e"
    left out, not "found" (an "l" for an "n", keys apart), whatever is more common; then
    a word that tells search something before a function word ("could")."""
    if len(typed) + 1 == len(meant):
        return typed in _deletions(meant, 1)
    if len(typed) == len(meant) + 1:
        return any(
            typed[:at] + typed[at + 1 :] == meant and _struck_beside(typed, at)
            for at in range(len(typed))
        )
    if len(typed) != len(meant):
        return False
    differ = [at for at in range(len(typed)) if typed[at] != meant[at]]
    if len(differ) == 1:
        return meant[differ[0]] in _NEIGHBOURS.get(typed[differ[0]], ())
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and typed[differ[0]] == meant[differ[1]]
        and typed[differ[1]] == meant[differ[0]]
    )


def _struck_beside(typed: str, at: int) -> bool:
    """The letter at ``at`` is the key of a letter beside it, or a neighbour of it."""
    beside = (typed[i] for i in (at - 1, at + 1) if 0 <= i < len(typed))
    return any(typed[at] in _NEIGHBOURS.get(letter, {letter}) for letter in beside)


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
