"""Read one laws/*.md file into a Law tree, checking the format of laws/README.md.

A malformed file fails with the file and line named:
``law-64.md line 31: label (c) follows (a); expected (b)``.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from td_assist.lawbook.model import (
    DEFINITIONS,
    INTRODUCTION,
    LAW_WORD,
    Law,
    LawFileError,
    Section,
    language_of,
)

COMMENTARY_HEADING = "In practice"
# The commentary heading in each language's files (laws/de/: "In der Praxis").
COMMENTARY_HEADINGS = {"en": COMMENTARY_HEADING, "de": "In der Praxis"}
# A named section (Definitions) may give its anchor, so a German term keeps the English
# anchor: ``## Renonce {#def-revoke}``.
_OWN_ANCHOR = re.compile(r"^(?P<text>.*?)\s*\{#(?P<anchor>[a-z0-9-]+)\}$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
_LABEL = re.compile(
    r"^(?:(?P<upper>[A-Z])\.|(?P<number>\d{1,2})\.|\((?P<lower>[a-z]{1,5})\))"
    r"(?:\s+(?P<heading>.*))?$"
)
# A section whose 2017 wording could not be checked: ``> [!unverified] the footnote to 86B2``.
_UNVERIFIED = re.compile(r"^>\s*\[!unverified\](?P<what>.*)$", re.IGNORECASE)
_ROMANS = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"]


class FrontMatter(BaseModel):
    model_config = ConfigDict(extra="forbid")
    number: int = Field(ge=0, le=93)
    title: str = Field(min_length=1)
    chapter: str = ""
    chapter_title: str = ""
    part: str = ""
    related: list[int] = Field(default_factory=list)


def parse_law_file(path: Path) -> Law:
    return parse_law_text(path.read_text(encoding="utf-8"), path)


def parse_law_text(text: str, path: Path) -> Law:
    lines = text.splitlines()
    front, body_start = _front_matter(lines, path)
    named = {DEFINITIONS: "def", INTRODUCTION: "intro"}.get(path.stem)
    if named is None and front.number == 0:
        raise LawFileError(path, 2, "number = 0 is only for definitions.md and introduction.md")
    if not named and path.stem != f"law-{front.number:02d}":
        raise LawFileError(path, 2, f"number = {front.number} belongs in law-{front.number:02d}.md")
    root_anchor = path.stem if named else str(front.number)
    lang = language_of(path.parent)
    commentary_heading = COMMENTARY_HEADINGS[lang]
    title_line = _title_line(lines, body_start, path)
    expected_title = front.title if named else f"{LAW_WORD[lang]} {front.number}: {front.title}"
    if lines[title_line - 1].lstrip("# ").strip() != expected_title:
        raise LawFileError(
            path,
            title_line,
            f"the title line must read '# {expected_title}' (from the front matter)",
        )
    root = Section(
        root_anchor, front.number, "", front.title, "", 0, None, line=title_line, lang=lang
    )
    commentary: list[str] | None = None
    stack: list[Section] = [root]
    body: list[str] = []
    current = root

    def flush() -> None:
        current.text = "\n".join(body).strip()
        body.clear()

    for index in range(title_line, len(lines)):
        line_no, line = index + 1, lines[index]
        match = _HEADING.match(line)
        if commentary is not None:
            if match:
                raise LawFileError(
                    path, line_no, f"'## {commentary_heading}' must be the last heading"
                )
            if _UNVERIFIED.match(line.strip()):
                raise LawFileError(
                    path, line_no, "'[!unverified]' marks a section of the law, not the notes"
                )
            commentary.append(line)
            continue
        if not match:
            mark = _UNVERIFIED.match(line.strip())
            if mark:
                _mark_unverified(current, mark.group("what").strip(), line_no, path)
            else:
                body.append(line)
            continue
        level, content = len(match.group(1)), match.group(2)
        if level == 1:
            raise LawFileError(path, line_no, "only one '#' title line is allowed")
        if level == 2 and content == commentary_heading:
            flush()
            commentary = []
            continue
        flush()
        depth = level - 1
        if depth > len(stack):
            raise LawFileError(path, line_no, f"heading level {level} skips a level")
        del stack[depth:]
        parent = stack[-1]
        section = (
            _named_section(parent, content, named, line_no, path)
            if named
            else _labelled_section(parent, content, depth, line_no, path)
        )
        section.lang = lang
        parent.children.append(section)
        stack.append(section)
        current = section
    if commentary is None:  # else the last section was saved when the commentary began
        flush()
    return Law(
        number=front.number,
        title=front.title,
        chapter=front.chapter,
        chapter_title=front.chapter_title,
        part=front.part,
        related=front.related,
        root=root,
        commentary="\n".join(commentary or []).strip(),
        source=path,
    )


def _mark_unverified(section: Section, what: str, line_no: int, path: Path) -> None:
    if not what:
        raise LawFileError(
            path, line_no, "say what could not be checked: '> [!unverified] the footnote ...'"
        )
    if section.unverified:
        raise LawFileError(path, line_no, f"{section.anchor} is already marked unverified")
    section.unverified = what


def _front_matter(lines: list[str], path: Path) -> tuple[FrontMatter, int]:
    if not lines or lines[0].strip() != "+++":
        raise LawFileError(
            path, 1, "the file must start with TOML front matter between '+++' lines"
        )
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "+++")
    except StopIteration:
        raise LawFileError(path, 1, "the front matter is never closed with '+++'") from None
    try:
        data = tomllib.loads("\n".join(lines[1:end]))
        return FrontMatter.model_validate(data), end + 1
    except tomllib.TOMLDecodeError as error:
        raise LawFileError(path, 2, f"front matter is not valid TOML: {error}") from None
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise LawFileError(path, 2, f"front matter field {field}: {first['msg']}") from None


def _title_line(lines: list[str], start: int, path: Path) -> int:
    for index in range(start, len(lines)):
        if lines[index].strip():
            if not lines[index].startswith("# "):
                raise LawFileError(path, index + 1, "expected the '# ' title line here")
            return index + 1
    raise LawFileError(path, len(lines), "the file has no title line")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _named_section(parent: Section, content: str, prefix: str, line_no: int, path: Path) -> Section:
    if parent.depth != 0:
        raise LawFileError(path, line_no, "definitions and introduction use '##' headings only")
    own = _OWN_ANCHOR.match(content)
    if own:
        content, anchor = own.group("text"), own.group("anchor")
        if not anchor.startswith(f"{prefix}-"):
            raise LawFileError(path, line_no, f"anchor {anchor} must start with '{prefix}-'")
    else:
        anchor = f"{prefix}-{_slug(content)}"
    if any(child.anchor == anchor for child in parent.children):
        raise LawFileError(path, line_no, f"'{content}' appears twice")
    return Section(anchor, parent.law, "", content, "", 1, parent.anchor, line=line_no)


def _labelled_section(
    parent: Section, content: str, depth: int, line_no: int, path: Path
) -> Section:
    match = _LABEL.match(content)
    if not match:
        raise LawFileError(
            path, line_no, f"heading '{content}' must start with a label such as A., 1., (a) or (i)"
        )
    raw = match.group("upper") or match.group("number") or match.group("lower")
    label_text = content.split()[0] if " " in content else content
    expected = _expected_next(parent, raw)
    if raw != expected:
        previous = parent.children[-1].label if parent.children else "nothing"
        raise LawFileError(
            path,
            line_no,
            f"label {label_text} follows {previous}; expected {_written(expected)}",
        )
    anchor = parent.anchor + raw
    return Section(
        anchor,
        parent.law,
        label_text,
        (match.group("heading") or "").strip(),
        "",
        depth,
        parent.anchor,
        line=line_no,
    )


def _sequence_kind(first: str) -> str:
    if first.isupper():
        return "upper"
    if first.isascii() and first.isdigit():
        return "number"
    return "roman" if first == "i" else "lower"


def _expected_next(parent: Section, raw: str) -> str:
    """The label that must come next among ``parent``'s children."""
    siblings = [child.anchor[len(parent.anchor) :] for child in parent.children]
    if not siblings:
        kind = _sequence_kind(raw)
        return {"upper": "A", "number": "1", "roman": "i", "lower": "a"}[kind]
    kind = _sequence_kind(siblings[0])
    last = siblings[-1]
    if kind == "upper":
        return chr(ord(last) + 1)
    if kind == "number":
        return str(int(last) + 1)
    if kind == "roman":
        position = _ROMANS.index(last) + 1
        return _ROMANS[position] if position < len(_ROMANS) else "?"
    return chr(ord(last) + 1)


def _written(label: str) -> str:
    """A label as the file writes it: ``A.``, ``3.``, ``(b)``."""
    return f"{label}." if label.isupper() or (label.isascii() and label.isdigit()) else f"({label})"
