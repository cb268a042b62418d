"""The whoosh index of the lawbook: one document per section, built when its inputs change.

The index is built on first use into the user's cache folder, under a name made from the
hash of its inputs (laws/ including the synonyms and phrasings, any imported official
text, the index version). It is built in a temporary folder and renamed into place, so
readers never see half an index, and two processes building at once each produce a
whole one; the rename decides.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from td_assist.lawbook import Lawbook, Section
from td_assist.lawbook.settings import official_path
from td_assist.paths import cache_dir
from td_assist.search.analysis import ANALYZER

if TYPE_CHECKING:  # whoosh's index modules load only to build an index (a search needs none)
    from whoosh.fields import Schema

INDEX_VERSION = "7"  # bump when the schema or the documents change


def schema() -> Schema:
    from whoosh.fields import ID, NUMERIC, TEXT, Schema

    # One searched field: the heading counts three times, the law's title twice, then
    # the text, the headings above, the "In practice" notes and any official text.
    # A single field keeps each query small, which is what makes scoring fast here.
    return Schema(
        anchor=ID(stored=True, unique=True),
        law=NUMERIC(stored=True),
        content=TEXT(analyzer=ANALYZER),
    )


def plain_text(markdown_text: str) -> str:
    """What a reader sees: Markdown emphasis and table rules removed."""
    return re.sub(r"\*\*|__|^\s*\|?[-:| ]+\|?\s*$", "", markdown_text, flags=re.MULTILINE)


def first_text(section: Section) -> str:
    for part in section.walk():
        if part.text:
            return part.text
    return ""


def documents(book: Lawbook, official: dict[str, str]) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
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
                    plain_text(own),
                    *trail,
                    law.commentary if section.depth == 0 else "",
                    official.get(section.anchor, ""),
                ]
            )
            found.append(
                {
                    "anchor": section.anchor,
                    "law": law.number,
                    "content": " ".join(p for p in parts if p),
                }
            )
    return found


def input_hash(book: Lawbook, synonyms_path: Path) -> str:
    """Hash of everything the index and the engine are made from."""
    digest = hashlib.sha256(INDEX_VERSION.encode())
    digest.update(book.content_hash().encode())  # every .md and .toml in laws/
    from td_assist.lawbook import get_lawbook  # the German text: evidence for German questions

    digest.update(get_lawbook(book.folder, lang="de").content_hash().encode())
    for path in (synonyms_path, official_path()):
        digest.update(path.read_bytes() if path.exists() else b"-")
    return digest.hexdigest()[:16]


def build_index(target: Path, book: Lawbook) -> float:
    """Build the index at ``target`` atomically; returns the seconds it took."""
    from whoosh import index

    from td_assist.lawbook.official import load_official  # only to build (it loads pydantic)

    start = time.perf_counter()
    official = load_official()
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    temporary = Path(tempfile.mkdtemp(prefix=".building-", dir=parent))
    try:
        ix = index.create_in(str(temporary), schema())
        writer = ix.writer()
        for document in documents(book, official.sections if official else {}):
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
