"""The lawbook as a tree: Law -> Section -> subsection, each with a stable anchor.

Anchors are the law number plus the labels with punctuation removed: ``64``,
``64A``, ``64A1``, ``12C1c``, ``12C1ei``. ``display_anchor`` gives the printed form.

>>> display_anchor("12C1c"), display_anchor("64A1"), display_anchor("12C1eii")
('Law 12C1(c)', 'Law 64A1', 'Law 12C1(e)(ii)')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from td_assist.i18n import current_language

DEFINITIONS = "definitions"
INTRODUCTION = "introduction"

# The languages the lawbook is written in: English in laws/, German in laws/de/ (same
# file names, same anchors). The word a reference starts with, per language.
LANGUAGES = ("en", "de")
LAW_WORD = {"en": "Law", "de": "Regel"}
_NAMED_WORD = {
    "en": {"def": "Definitions", "intro": "Introduction"},
    "de": {"def": "Definitionen", "intro": "Einleitung"},
}


def language_of(folder: Path) -> str:
    """``laws/de`` holds the German lawbook; any other folder is English."""
    return folder.name if folder.name in LANGUAGES else "en"


class LawFileError(ValueError):
    """A laws/ file breaks the format; the message names the file and line. (Here, not in
    the parser, so that a lawbook already read needs no parser, nor pydantic.)"""

    def __init__(self, path: Path, line: int, problem: str) -> None:
        self.path, self.line, self.problem = path, line, problem
        super().__init__(f"{path.name} line {line}: {problem}")


@dataclass
class Section:
    """A lettered or numbered part of a law, or the law itself (depth 0)."""

    anchor: str
    law: int
    label: str  # as written: "A", "1", "(a)", "(ii)"; "" for the law itself
    heading: str
    text: str
    depth: int
    parent: str | None
    children: list[Section] = field(default_factory=list)
    line: int = 0
    # What of the 2017 text this section could not be checked against, or "" when it was
    # (written in laws/ as ``> [!unverified] ...``; see laws/README.md).
    unverified: str = ""
    lang: str = "en"  # the language of the file it was read from

    @property
    def display(self) -> str:
        if self.lang != "en" and self.heading and not self.anchor[:1].isdigit():
            # A named section's anchor is English ("def-revoke"); its heading is the
            # name in the file's language ("Definitionen: Renonce").
            kind = self.anchor.partition("-")[0]
            return f"{display_anchor(kind, self.lang)}: {self.heading}"
        return display_anchor(self.anchor, self.lang)

    def walk(self) -> Iterator[Section]:
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class Law:
    """One law (or the Definitions / Introduction, numbered 0 with a name as anchor)."""

    number: int
    title: str
    chapter: str
    chapter_title: str
    part: str
    related: list[int]
    root: Section
    commentary: str
    source: Path

    @property
    def anchor(self) -> str:
        return self.root.anchor

    def sections(self) -> Iterator[Section]:
        """Every section in reading order, the law itself first."""
        return self.root.walk()


_LABEL_PARTS = re.compile(r"[A-Z]|\d+|[a-z]+")


def _split_anchor_labels(anchor: str) -> list[str]:
    match = re.match(r"^(\d+)(.*)$", anchor)
    if not match:
        return []
    rest = match.group(2)
    labels: list[str] = []
    depth = 0
    while rest:
        if depth == 0 and rest[0].isupper():
            labels.append(rest[0])
            rest = rest[1:]
        elif rest[0].isascii() and rest[0].isdigit():
            digits = re.match(r"\d+", rest)
            if digits is None:
                raise ValueError("a section reference without its number")
            labels.append(digits.group(0))
            rest = rest[digits.end() :]
        elif depth <= 2 and labels and (labels[-1].isascii() and labels[-1].isdigit()):
            labels.append(rest[0])  # (a) after a number is one letter
            rest = rest[1:]
        else:
            labels.append(rest)  # a roman numeral runs to the end
            rest = ""
        depth += 1
    return labels


def display_anchor(anchor: str, lang: str | None = None) -> str:
    """``12C1c`` -> ``Law 12C1(c)``; ``def-revoke`` -> ``Definitions: Revoke``; in German
    ``Regel 12C1(c)``. Without ``lang``, in the reader's language.

    >>> display_anchor("12C1c", "en")
    'Law 12C1(c)'
    """
    return _display_anchor(anchor, lang or current_language())


@lru_cache(maxsize=4096)  # every search hit and law link shows one; a few hundred exist
def _display_anchor(anchor: str, lang: str) -> str:
    if not (anchor[:1].isascii() and anchor[:1].isdigit()):
        kind, _dash, term = anchor.partition("-")
        name = _NAMED_WORD.get(lang, _NAMED_WORD["en"]).get(kind, kind.title())
        return f"{name}: {term.replace('-', ' ').title()}" if term else name
    number = re.match(r"\d+", anchor)
    if number is None:
        raise ValueError("a law anchor must start with the law's number")
    out = f"{LAW_WORD.get(lang, LAW_WORD['en'])} {number.group(0)}"
    for label in _split_anchor_labels(anchor):
        out += f"({label})" if label.islower() else label
    return out
