"""Find where our lawbook repeats the official wording a club has imported.

laws/ must be our own words. This check compares each of our sections, and each law's
"In practice" notes, with the official text of the same law (as ``laws import`` split it
into our anchors) and reports every run of ``min_words`` or more consecutive words the
two share. Words are compared after normalising case, punctuation and whitespace, so
"Partner's" and "partners" match, and so do a comma and a full stop.

A whole law is the unit of comparison, not only the matching anchor: a sentence that
moved from 64B to 64B4 while being rendered is still a copied sentence.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from pydantic import BaseModel

from td_assist.lawbook.book import Lawbook
from td_assist.lawbook.official import OfficialText
from td_assist.lawbook.settings import DEFAULT_MIN_WORDS, MIN_WORDS_FLOOR

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


def _law_of(anchor: str) -> str:
    match = re.match(r"\d+", anchor)
    return match.group(0) if match else ""


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
    book: Lawbook, official: OfficialText, min_words: int = DEFAULT_MIN_WORDS
) -> OverlapReport:
    """Every run of ``min_words``+ words our text shares with the official text."""
    if min_words < MIN_WORDS_FLOOR:
        raise ValueError(f"--min-words must be at least {MIN_WORDS_FLOOR} (got {min_words})")
    by_law: dict[str, dict[str, list[str]]] = {}
    for anchor, text in official.sections.items():
        words = normalise(text)
        if words:  # a law heading with no text imported compares with nothing
            by_law.setdefault(_law_of(anchor), {})[anchor] = words
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
        min_words=min_words, compared_laws=len(laws), compared_sections=sections, runs=runs
    )
