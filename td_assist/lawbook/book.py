"""The whole lawbook: every law loaded once, sections found by anchor, references checked.

>>> book = get_lawbook()
>>> book.find("law 64b3").anchor, book.law(64).title
('64B3', 'Procedure after Establishment of a Revoke')
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import tempfile
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from td_assist.i18n import _
from td_assist.lawbook.model import (
    DEFINITIONS,
    INTRODUCTION,
    LANGUAGES,
    Law,
    LawFileError,
    Section,
    display_anchor,
    language_of,
)
from td_assist.lawbook.refs import Reference, find_references, normalise_reference
from td_assist.paths import cache_dir, content_dir


class UnknownLaw(LookupError):
    """A law number or section that does not exist; the message says what does."""


@dataclass(frozen=True, slots=True)
class Unresolved:
    source: str  # anchor of the section that contains the reference
    text: str


@dataclass(frozen=True, slots=True)
class Chapter:
    """A group of laws on our contents page. The 2017 Laws have no chapters; the groups
    (taken from the 2007 headings) are our finding aid, not the Laws' structure."""

    numeral: str
    title: str
    laws: tuple[Law, ...]


class Lawbook:
    def __init__(self, laws: list[Law], named: dict[str, Law], folder: Path) -> None:
        self.folder = folder
        self.lang = language_of(folder)
        self._content_hash = ""
        self._citing: dict[int, list[Section]] = {}
        self._laws = {law.number: law for law in laws}
        self.named = named
        self.sections: dict[str, Section] = {}
        self._owner: dict[str, Law] = {}
        for law in [*named.values(), *laws]:
            for section in law.sections():
                if section.anchor in self.sections:
                    raise LawFileError(
                        law.source,
                        section.line,
                        f"anchor {section.anchor} is already used in "
                        f"{self._owner[section.anchor].source.name}",
                    )
                self.sections[section.anchor] = section
                self._owner[section.anchor] = law

    @classmethod
    def load(cls, folder: Path) -> Lawbook:
        from td_assist.lawbook.parser import parse_law_file  # pydantic: only when reading

        digest = hashlib.sha256()
        for path in sorted(folder.glob("*.md")) + sorted(folder.glob("*.toml")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
        laws = [parse_law_file(path) for path in sorted(folder.glob("law-*.md"))]
        named = {
            stem: parse_law_file(folder / f"{stem}.md")
            for stem in (INTRODUCTION, DEFINITIONS)
            if (folder / f"{stem}.md").exists()
        }
        book = cls(laws, named, folder)
        book._content_hash = digest.hexdigest()
        return book

    @property
    def laws(self) -> list[Law]:
        return [self._laws[n] for n in sorted(self._laws)]

    def has_law(self, number: int) -> bool:
        """Whether this book has Law ``number`` (the German one is written law by law)."""
        return number in self._laws

    def law(self, number: int) -> Law:
        if number not in self._laws:
            raise UnknownLaw(
                _("there is no Law {number}: the laws run from 1 to 93").format(number=number)
            )
        return self._laws[number]

    def law_of(self, section: Section) -> Law:
        return self._owner[section.anchor]

    def get(self, anchor: str) -> Section | None:
        return self.sections.get(anchor)

    def find(self, reference: str) -> Section:
        """A section from a typed reference (``64``, ``law 12c1(c)``, ``def-revoke``)."""
        text = reference.strip()
        if text in self.sections:
            return self.sections[text]
        anchor = normalise_reference(text)
        if anchor is None:
            raise UnknownLaw(
                _("'{text}' is not a law number; write it like 64, 64B3 or 12C1(c)").format(
                    text=text[:40]
                )
            )
        if anchor in self.sections:
            return self.sections[anchor]
        number = re.match(r"\d+", anchor)
        if number is None:  # normalise_reference always starts with the number
            raise ValueError("a law reference must start with the law's number")
        law = self.law(int(number.group(0)))  # raises for Law 94 and the like
        # Name the nearest existing parent and the sections it does have.
        parent = law.root
        for section in law.sections():
            if anchor.startswith(section.anchor) and len(section.anchor) > len(parent.anchor):
                parent = section
        # "64B1" -> "B1": the part's name after the word Law (Regel) and the number
        have = ", ".join(
            display_anchor(child.anchor).partition(" ")[2] for child in parent.children
        )
        where = display_anchor(parent.anchor)
        if have:
            raise UnknownLaw(
                _("{anchor} does not exist; {law} has these parts: {parts}").format(
                    anchor=display_anchor(anchor), law=where, parts=have
                )
            )
        raise UnknownLaw(
            _("{anchor} does not exist; {law} has no lettered or numbered parts").format(
                anchor=display_anchor(anchor), law=where
            )
        )

    def references(self) -> list[tuple[Section, Reference]]:
        return [
            (section, ref)
            for section in self.sections.values()
            for ref in find_references(section.text)
        ]

    def unresolved_references(self) -> list[Unresolved]:
        missing = [
            Unresolved(section.anchor, ref.text)
            for section, ref in self.references()
            if ref.anchor not in self.sections
        ]
        for law in [*self.laws, *self.named.values()]:
            missing += [
                Unresolved(f"{law.anchor} (In practice)", ref.text)
                for ref in find_references(law.commentary)
                if ref.anchor not in self.sections
            ]
        return missing

    def unverified(self) -> list[Section]:
        """Sections marked as not checked against the 2017 text, in law order."""
        return [section for law in self.laws for section in law.sections() if section.unverified]

    def chapters(self) -> list[Chapter]:
        """The table of contents, in law order, in our finding-aid groups."""
        chapters: list[Chapter] = []
        for law in [*(self.named[n] for n in (DEFINITIONS,) if n in self.named), *self.laws]:
            if chapters and chapters[-1].numeral == law.chapter:
                previous = chapters[-1]
                chapters[-1] = Chapter(previous.numeral, previous.title, (*previous.laws, law))
            else:
                chapters.append(Chapter(law.chapter, law.chapter_title, (law,)))
        return chapters

    def neighbours(self, number: int) -> tuple[Law | None, Law | None]:
        return self._laws.get(number - 1), self._laws.get(number + 1)

    def citing(self, number: int) -> list[Section]:
        """Sections of other laws that refer to Law ``number`` or one of its parts."""
        if number not in self._citing:
            self._citing[number] = self._find_citing(number)
        return self._citing[number]

    def _find_citing(self, number: int) -> list[Section]:
        prefix = str(number)
        return [
            section
            for section, ref in self.references()
            if section.law != number
            and ref.anchor.startswith(prefix)
            and (
                len(ref.anchor) == len(prefix)
                or not (ref.anchor[len(prefix)].isascii() and ref.anchor[len(prefix)].isdigit())
            )
        ]

    def content_hash(self) -> str:
        """Hash of the files this lawbook was loaded from (fixed at load time)."""
        return self._content_hash


@lru_cache(maxsize=6)  # the shipped laws/ and laws/de/ and, in tests, a few copies
def _load(folder: Path) -> Lawbook:
    if not folder.is_dir():  # a copy of laws/ without a German folder: an empty book
        return Lawbook([], {}, folder)
    snapshot = _snapshot_path(folder)
    try:
        with snapshot.open("rb") as stream:
            book = pickle.load(stream)
        if isinstance(book, Lawbook):
            return book
    except Exception:  # none yet, or unreadable (any error at all): read laws/ instead
        pass
    book = Lawbook.load(folder)
    _save_snapshot(book, snapshot)
    return book


# A command starts by reading the lawbook: parsing ~95 Markdown files (and loading the
# parser's pydantic) costs more than the rest of `td-assist law 64B3` together, so the
# parsed lawbook is kept in the user's cache folder, named by the files it was read
# from and by this package's own lawbook code; any change to either makes a new one.
SNAPSHOT_VERSION = "1"


def _snapshot_path(folder: Path) -> Path:
    code = Path(__file__).parent
    inputs = [*sorted(folder.glob("*.md")), *sorted(folder.glob("*.toml")), *code.glob("*.py")]
    signature = [(p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in inputs]
    where = hashlib.sha256(str(folder).encode()).hexdigest()[:12]
    what = hashlib.sha256(repr((SNAPSHOT_VERSION, signature)).encode()).hexdigest()[:16]
    return cache_dir() / "lawbook" / f"{where}-{what}.pickle"


def _save_snapshot(book: Lawbook, target: Path) -> None:
    """Written whole or not at all; older snapshots of the same folder are removed."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=target.parent, delete=False) as stream:
            pickle.dump(book, stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(stream.name, target)
        folder_key = target.name.split("-")[0]
        for old in target.parent.glob(f"{folder_key}-*.pickle"):
            if old != target:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only or full disk: the next start reads laws/ again


@lru_cache(maxsize=1)
def _shipped_folder() -> Path:
    return content_dir("laws").resolve()


@lru_cache(maxsize=16)  # the same path each time: get_lawbook's cache hashes it per search hit
def language_folder(folder: Path, lang: str) -> Path:
    """The folder of the lawbook in ``lang`` beside the English ``folder`` (laws/de/)."""
    return folder if lang == "en" else folder / lang


def check_language(lang: str) -> str:
    """``lang`` when the lawbook is written in it; a ValueError naming the choices."""
    if lang not in LANGUAGES:
        raise ValueError(f"no lawbook in '{lang[:10]}'; choose one of {', '.join(LANGUAGES)}")
    return lang


def get_lawbook(folder: Path | None = None, lang: str = "en") -> Lawbook:
    """The lawbook from laws/ (or ``folder``) in ``lang`` (German: laws/de/), loaded once
    per process. The German book holds the laws written in German so far; a caller shows
    the English law where ``has_law`` says the German one is missing.

    laws/ ships with the program and does not change while it runs, so a page or a
    search costs no look at the disk; whoever changes the files on purpose (a test, a
    tool editing laws/) calls ``reload_lawbook``."""
    base = _resolved(folder) if folder is not None else _shipped_folder()
    with _LOAD_LOCK:  # the server's threads would each read it on the first request
        return _load(language_folder(base, check_language(lang)))


_LOAD_LOCK = threading.Lock()


@lru_cache(maxsize=16)  # a search asks for the German book beside its own several times
def _resolved(folder: Path) -> Path:
    return folder.resolve()  # a look at the disk for every part of the path


def reload_lawbook(folder: Path | None = None) -> Lawbook:
    """The lawbook read again from its files, for the callers of ``get_lawbook`` too."""
    _load.cache_clear()
    _shipped_folder.cache_clear()
    _resolved.cache_clear()
    return get_lawbook(folder)
