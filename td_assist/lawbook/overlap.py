"""Find where our lawbook repeats the official wording a club has imported.

laws/ must be our own words. This check compares each of our sections, and each law's
"In practice" notes, with the official text of the same law (as ``laws import`` split it
into our anchors) and reports every run of ``min_words`` or more consecutive words the
two share. Words are compared after normalising case, punctuation and whitespace, so
"Partner's" and "partners" match, and so do a comma and a full stop.

A whole law is the unit of comparison, not only the matching anchor: a sentence that
moved from 64B to 64B4 while being rendered is still a copied sentence.

A few passages cannot be said in other words because they are defined lists, not prose
(the ranks of the cards in Law 1A). ``laws/overlap-allowed.toml`` names each one with its
anchor and a reason; their words are left out of the comparison for that anchor only, so
the words around them are still checked.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from td_assist.lawbook.book import Lawbook
from td_assist.lawbook.official import OfficialText
from td_assist.lawbook.settings import DEFAULT_MIN_WORDS, MIN_WORDS_FLOOR

ALLOWED_FILE = "overlap-allowed.toml"
_LEFT_OUT = "\u0001"  # stands in for an allowed word: matches no official window

_APOSTROPHES = re.compile(r"['’‘`]")
_NOT_WORD = re.compile(r"[^0-9a-z]+")


class SharedRun(BaseModel):
    """One run of consecutive words our text shares with the official text."""

    anchor: str  # ours: "64B4", or "64 (In practice)" for the notes
    official_anchor: str  # where the words stand in the official text
    words: int
    shared: str  # the shared words, normalised


class OverlapReport(BaseModel):
    min_words: int
    compared_laws: int
    compared_sections: int
    runs: list[SharedRun]
    allowed_passages: int = 0  # allow-listed passages left out of the comparison


class AllowedPassage(BaseModel):
    """A defined list our text may share with the official text word for word."""

    model_config = ConfigDict(extra="forbid")
    anchor: str = Field(min_length=1)
    words: str = Field(min_length=1)
    reason: str = Field(min_length=1)


class AllowedFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    allowed: list[AllowedPassage] = Field(default_factory=list)


def load_allowed(folder: Path) -> list[AllowedPassage]:
    """The allow-list in ``folder`` (laws/); none when the file is absent.

    Raises ValueError naming the file when it is not valid TOML or not of the form.
    """
    path = folder / ALLOWED_FILE
    if not path.exists():
        return []
    try:
        return AllowedFile.model_validate(tomllib.loads(path.read_text("utf-8"))).allowed
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path.name}: not valid TOML: {error}") from None
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ValueError(f"{path.name}: {where}: {first['msg']}") from None


def leave_out(ours: list[str], allowed: list[str]) -> tuple[list[str], int]:
    """``ours`` with every occurrence of the word sequence ``allowed`` blanked out, and
    how many occurrences there were. Blanked words still count as positions, so the
    words on either side of an allowed list never join into one run."""
    if not allowed:
        return ours, 0
    out, found, i = list(ours), 0, 0
    while i <= len(out) - len(allowed):
        if out[i : i + len(allowed)] == allowed:
            out[i : i + len(allowed)] = [_LEFT_OUT] * len(allowed)
            found += 1
            i += len(allowed)
        else:
            i += 1
    return out, found


def normalise(text: str) -> list[str]:
    """Lower-case words without punctuation: ``Partner's call, (see Law 16)`` ->
    ``["partners", "call", "see", "law", "16"]``."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    folded = _APOSTROPHES.sub("", folded.lower())
    return [word for word in _NOT_WORD.split(folded) if word]


def shared_runs(ours: list[str], theirs: list[str], min_words: int) -> list[tuple[int, int]]:
    """Maximal spans ``(start, end)`` of ``ours`` (end exclusive) in which every window
    of ``min_words`` words also occurs somewhere in ``theirs``."""
    if len(ours) < min_words or len(theirs) < min_words:
        return []
    windows = {tuple(theirs[i : i + min_words]) for i in range(len(theirs) - min_words + 1)}
    runs: list[tuple[int, int]] = []
    for start in range(len(ours) - min_words + 1):
        if tuple(ours[start : start + min_words]) not in windows:
            continue
        end = start + min_words
        if runs and start <= runs[-1][1] - min_words + 1:
            runs[-1] = (runs[-1][0], end)  # the previous run goes on
        else:
            runs.append((start, end))
    return runs


def _law_of(anchor: str, laws: set[int]) -> str:
    """The law an official anchor belongs to. The digits alone can mislead: a numbered
    paragraph straight under the law's title makes ``64`` + ``1`` read ``641``, so the
    longest leading number that is one of the imported laws wins."""
    digits = re.match(r"\d+", anchor)
    if not digits:
        return ""
    for length in range(min(len(digits.group(0)), 2), 0, -1):
        if int(digits.group(0)[:length]) in laws:
            return digits.group(0)[:length]
    return digits.group(0)


def _where(run: list[str], official: dict[str, list[str]], min_words: int) -> str:
    """The official anchor holding the start of ``run`` (its first window)."""
    first = run[:min_words]
    for anchor, words in official.items():
        for i in range(len(words) - min_words + 1):
            if words[i : i + min_words] == first:
                return anchor
    return "?"


def _our_texts(book: Lawbook) -> Iterable[tuple[str, str, str]]:
    """(law number, our anchor, text) for every section and every law's notes."""
    for law in book.laws:
        number = str(law.number)
        for section in law.sections():
            if section.text:
                yield number, section.anchor, section.text
        if law.commentary:
            yield number, f"{number} (In practice)", law.commentary


def find_overlaps(
    book: Lawbook,
    official: OfficialText,
    min_words: int = DEFAULT_MIN_WORDS,
    allowed: list[AllowedPassage] | None = None,
) -> OverlapReport:
    """Every run of ``min_words``+ words our text shares with the official text, leaving
    out the ``allowed`` passages (by default those of the lawbook's allow-list)."""
    if allowed is None:
        allowed = load_allowed(book.folder)
    allowed_by_anchor: dict[str, list[list[str]]] = {}
    for passage in allowed:
        allowed_by_anchor.setdefault(passage.anchor, []).append(normalise(passage.words))
    left_out = 0
    if min_words < MIN_WORDS_FLOOR:
        raise ValueError(f"--min-words must be at least {MIN_WORDS_FLOOR} (got {min_words})")
    by_law: dict[str, dict[str, list[str]]] = {}
    for anchor, text in official.sections.items():
        words = normalise(text)
        if words:  # a law heading with no text imported compares with nothing
            by_law.setdefault(_law_of(anchor, set(official.titles)), {})[anchor] = words
    runs: list[SharedRun] = []
    laws: set[str] = set()
    sections = 0
    for number, anchor, text in _our_texts(book):
        official_law = by_law.get(number)
        if not official_law:
            continue
        laws.add(number)
        sections += 1
        ours = normalise(text)
        for words in allowed_by_anchor.get(anchor, []):
            ours, found = leave_out(ours, words)
            left_out += found
        theirs = [word for words in official_law.values() for word in (*words, "\u0000")]
        for start, end in shared_runs(ours, theirs, min_words):
            words = ours[start:end]
            runs.append(
                SharedRun(
                    anchor=anchor,
                    official_anchor=_where(words, official_law, min_words),
                    words=len(words),
                    shared=" ".join(words),
                )
            )
    return OverlapReport(
        min_words=min_words,
        compared_laws=len(laws),
        compared_sections=sections,
        runs=runs,
        allowed_passages=left_out,
    )
