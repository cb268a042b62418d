"""Import the official 2017 text that a club owns, split into our anchors.

Input is plain text as saved from the WBF PDF: law headings such as
``LAW 64 - PROCEDURE AFTER ESTABLISHMENT OF A REVOKE``, subsections that start a
line with ``A.``, ``1.``, ``(a)`` or ``(i)``, and the debris PDFs leave behind:
running page headers and page numbers, words hyphenated across lines, footnote
markers. The result is stored in the user's data folder, never in the repository.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from td_assist.i18n import _
from td_assist.lawbook.settings import official_path, official_stamp

MAX_IMPORT_BYTES = 5_000_000

_LAW_HEADING = re.compile(r"^\s*LAW\s+(\d{1,2})(?:\s*[-–—:.]\s*|\s+)?([A-Z][A-Z ,'’()\-–]*)?\s*$")
# The German text heads each law "Regel 64 - Verfahren nach ..." (or "REGEL 64 ...").
_GERMAN_LAW_HEADING = re.compile(
    r"^\s*(?:REGEL|Regel)\s+(\d{1,2})(?:(?:\s*[-–—:.]\s*|\s+)([A-ZÄÖÜ][^.;]{0,90}))?\s*[-–—:.]?\s*$"
)
_LAW_HEADINGS = {"en": _LAW_HEADING, "de": _GERMAN_LAW_HEADING}
# A label starts its line; its text may follow, or (as some PDF savers break lines) the
# label may stand alone with its heading or text on the next line.
_LABEL = re.compile(r"^\s*(?:([A-Z])\.|(\d{1,2})\.|\(([a-z]{1,5})\))(?:\s+(.*))?$")
_FOOTNOTE_MARK = re.compile(r"(?<=[A-Za-z.,;:)])(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\*+)")
_FOOTNOTE_LINE = re.compile(r"^\s*(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\*+)\s+\S")
_PAGE_NUMBER = re.compile(r"^\s*(?:page\s+)?\d{1,3}\s*$", re.IGNORECASE)
_ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


class OfficialText(BaseModel):
    """The imported official wording, by anchor."""

    source: str
    imported_at: str
    sections: dict[str, str] = Field(default_factory=dict)
    titles: dict[int, str] = Field(default_factory=dict)


class ImportProblem(ValueError):
    """The file could not be read as the Laws; the message says why."""


def clean_lines(text: str, law_heading: re.Pattern[str] = _LAW_HEADING) -> list[str]:
    """Drop page numbers, running headers and footnotes; mend hyphenated words."""
    lines = text.replace("\f", "\n").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    counts = Counter(line.strip() for line in lines if line.strip())
    repeated = {
        line
        for line, count in counts.items()
        if count >= 3 and len(line) < 70 and not _LABEL.match(line) and not law_heading.match(line)
    }
    kept: list[str] = []
    for line in lines:
        stripped = line.strip()
        if not stripped or _PAGE_NUMBER.match(stripped) or stripped in repeated:
            continue
        if _FOOTNOTE_LINE.match(stripped):
            continue
        stripped = _FOOTNOTE_MARK.sub("", stripped)
        if kept and re.search(r"[a-z]-$", kept[-1]) and stripped[:1].islower():
            kept[-1] = kept[-1][:-1] + stripped.split(" ", 1)[0]
            rest = stripped.split(" ", 1)[1] if " " in stripped else ""
            if rest:
                kept[-1] += " " + rest
            continue
        kept.append(stripped)
    return kept


def split_official(text: str, lang: str = "en") -> tuple[dict[str, str], dict[int, str]]:
    """Anchor -> official text, and law number -> title (``lang``: the text's language,
    which decides how a law's heading looks)."""
    law_heading = _LAW_HEADINGS.get(lang, _LAW_HEADING)
    sections: dict[str, list[str]] = {}
    titles: dict[int, str] = {}
    law: int | None = None
    stack: list[tuple[str, str]] = []  # (kind, label) from the top level down
    current: str | None = None
    # What the line after a bare "LAW 64" or a bare "A." may be: the title or heading the
    # PDF put on a line of its own, which is not part of the section's text.
    awaiting: str | None = None  # "title", "heading" or None
    for line in clean_lines(text, law_heading):
        heading = law_heading.match(line)
        # Later laws only: a text with gaps (a few laws copied out) still splits by law.
        if heading and (law is None or int(heading.group(1)) > law):
            law = int(heading.group(1))
            titles[law] = _as_title(heading.group(2) or "")
            awaiting = None if titles[law] else "title"
            stack, current = [], str(law)
            sections[current] = []
            continue
        if law is None or current is None:
            continue
        label = _LABEL.match(line)
        placed = _place_label(stack, label) if label else None
        if placed is not None and label is not None:
            stack = placed
            current = str(law) + "".join(lab for _, lab in stack)
            rest = label.group(4) or ""
            sections[current] = [] if not rest or _looks_like_heading(rest) else [rest]
            awaiting = None if rest else "heading"
            continue
        if awaiting == "title" and _looks_like_title(line, lang):
            titles[law] = _as_title(line)
            awaiting = None
            continue
        # Only a heading in title case: a German heading ("Verfahren nach ...") stays as
        # text, since a short first line of a German sentence looks the same.
        if awaiting == "heading" and _looks_like_heading(line):
            awaiting = None
            continue
        awaiting = None
        sections[current].append(line)
    return {a: " ".join(parts).strip() for a, parts in sections.items()}, titles


_SMALL_WORDS = {
    "a",
    "an",
    "and",
    "as",
    "at",
    "by",
    "for",
    "from",
    "in",
    "of",
    "on",
    "or",
    "the",
    "to",
    "with",
}


def _as_title(text: str) -> str:
    """A title in capitals as a title (``Procedure After ...``); one in mixed case, as
    the German text writes its titles, as written (``.title()`` would capitalise every
    German word)."""
    text = text.strip()
    return text.title() if text == text.upper() else text


def _looks_like_title(text: str, lang: str) -> bool:
    """A law's title on the line after its number: capitals in the English text
    (``PROCEDURE AFTER ESTABLISHMENT OF A REVOKE``); in the German one, capitals or a
    short line without closing punctuation (``Verfahren nach vollendeter Revoke``)."""
    letters = [c for c in text if c.isalpha()]
    if not letters or len(text) > 100:
        return False
    if all(c.isupper() for c in letters):
        return True
    return lang == "de" and len(text.split()) <= 10 and text.rstrip()[-1] not in ".,;:"


def _looks_like_heading(text: str) -> bool:
    """``Revoke Becomes Established``: short, title case, no closing punctuation."""
    words = text.split()
    if not words or len(words) > 10 or text.rstrip()[-1] in ".,;:":
        return False
    return all(w[:1].isupper() or w.lower() in _SMALL_WORDS or not w[:1].isalpha() for w in words)


def _kind(label: re.Match[str]) -> tuple[str, str]:
    upper, number, lower = label.group(1), label.group(2), label.group(3)
    if upper:
        return "upper", upper
    if number:
        return "number", number
    # "(i)" and "(v)" may be letters or roman numerals; _place_label tries both.
    return ("roman", lower) if lower in _ROMANS else ("lower", lower)


def _first(kind: str) -> str:
    return {"upper": "A", "number": "1", "lower": "a", "roman": "i"}[kind]


def _successor(kind: str, label: str) -> str:
    if kind == "number":
        return str(int(label) + 1)
    if kind == "roman":
        index = _ROMANS.index(label) + 1
        return _ROMANS[index] if index < len(_ROMANS) else ""
    return chr(ord(label) + 1)


def _place_label(
    stack: list[tuple[str, str]], label: re.Match[str]
) -> list[tuple[str, str]] | None:
    """Where a label fits: the next sibling at some level, or the first child. Else None.

    A line that merely begins with "1." inside a paragraph fits nowhere and stays text.
    """
    kind, raw = _kind(label)
    candidates = [kind, "lower"] if kind == "roman" else [kind]
    for depth in range(len(stack), -1, -1):
        for candidate in candidates:
            if depth == len(stack):
                if raw == _first(candidate) and candidate not in {k for k, _ in stack}:
                    return [*stack, (candidate, raw)]
            else:
                sibling_kind, sibling = stack[depth]
                if sibling_kind == candidate and raw == _successor(candidate, sibling):
                    return [*stack[:depth], (candidate, raw)]
    return None


def import_official(path: Path, lang: str = "en") -> OfficialText:
    """Read ``path`` (the official text in ``lang``), split it, store it; raises
    ImportProblem naming what is wrong."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise ImportProblem(
            _("{file}: cannot read the file ({reason})").format(file=path, reason=error.strerror)
        ) from None
    if len(raw) > MAX_IMPORT_BYTES:
        raise ImportProblem(
            _("{file}: larger than 5 MB; is it really the Laws as text?").format(file=path.name)
        )
    if raw.startswith(b"%PDF"):
        raise ImportProblem(
            _(
                "{file} is a PDF; save it as plain text first (in your PDF reader: "
                "File > Save as text), then import the .txt file"
            ).format(file=path.name)
        )
    text = raw.decode("utf-8", errors="replace")
    sections, titles = split_official(text, lang)
    if not titles:
        example = "Regel 64 - Verfahren ..." if lang == "de" else "LAW 64 - PROCEDURE ..."
        raise ImportProblem(
            _("{file}: no law headings found (expected lines like '{example}')").format(
                file=path.name, example=example
            )
        )
    official = OfficialText(
        source=path.name,
        imported_at=datetime.now(UTC).isoformat(timespec="seconds"),
        sections=sections,
        titles=titles,
    )
    target = official_path() if lang == "en" else official_path(lang)
    temporary = target.with_suffix(".tmp")
    temporary.write_text(official.model_dump_json(indent=1), encoding="utf-8")
    temporary.replace(target)  # atomic: a reader sees the old file or the new one
    return official


def load_official(lang: str = "en") -> OfficialText | None:
    """The imported official text in ``lang``, or None when the club has not imported it.
    Read again only when the file changes: every law page asks for it."""
    path = official_path() if lang == "en" else official_path(lang)
    stamp = official_stamp(path)
    if stamp == (0, 0):
        return None
    return _official_as_saved(path, *stamp)


@lru_cache(maxsize=4)  # the texts as last imported (per user folder and language)
def _official_as_saved(path: Path, _mtime: int, _size: int) -> OfficialText | None:
    try:
        return OfficialText.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (ValidationError, json.JSONDecodeError, OSError):
        return None
