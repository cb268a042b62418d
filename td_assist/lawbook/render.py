"""Render laws as plain text (the command line) and HTML (the web pages).

Every subsection gets an ``id`` equal to its anchor, and every reference in the text
becomes a link to ``/laws/<number>#<anchor>``. Raw HTML in the Markdown is not
passed through: the text is content, never markup.
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING

from td_assist.lawbook.book import Lawbook
from td_assist.lawbook.model import Law, Section
from td_assist.lawbook.refs import find_references

if TYPE_CHECKING:
    import markdown


def law_url(anchor: str, lang: str = "en") -> str:
    """``64B3`` -> ``/laws/64#64B3``; ``def-revoke`` -> ``/laws/definitions#def-revoke``;
    in another language than English the page asks for it: ``/laws/64?lang=de#64B3``."""
    query = "" if lang == "en" else f"?lang={lang}"
    if anchor[:1].isascii() and anchor[:1].isdigit():
        number = "".join(ch for ch in anchor[:2] if (ch.isascii() and ch.isdigit()))
        page = number
    else:
        page = {"def": "definitions", "intro": "introduction"}.get(anchor.split("-")[0], anchor)
    return f"/laws/{page}{query}" if page == anchor else f"/laws/{page}{query}#{anchor}"


def _markdown() -> markdown.Markdown:
    import markdown  # for the web pages; the plain text of `td-assist law` needs none

    md = markdown.Markdown(extensions=["tables", "sane_lists"], output_format="html")
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    return md


def markdown_to_html(text: str, link: Callable[[str], bool] | None = None, lang: str = "en") -> str:
    """Markdown -> HTML with law references linked (only to anchors ``link`` accepts),
    to the law pages in ``lang``."""
    pieces: list[str] = []
    last = 0
    for ref in find_references(text):
        if link is not None and not link(ref.anchor):
            continue
        pieces.append(text[last : ref.start])
        pieces.append(f"[{ref.text}]({law_url(ref.anchor, lang)})")
        last = ref.end
    pieces.append(text[last:])
    md = _markdown()
    return md.convert("".join(pieces))


UNVERIFIED_LABEL = "Not verified against the 2017 text"
# The words around a law's text are in the law's language (a German law page or a
# `td-assist law --lang de` reads German throughout, whatever the interface language).
LABELS = {
    "en": {
        "unverified": UNVERIFIED_LABEL,
        "practice": "In practice",
        "not_the_law": "(commentary, not the law)",
        "ours": "Our words",
        "official": "Official text",
    },
    "de": {
        "unverified": "Nicht am Text von 2017 geprüft",
        "practice": "In der Praxis",
        "not_the_law": "(Kommentar, nicht die Regel)",
        "ours": "Unsere Worte",
        "official": "Amtlicher Text",
    },
}


def labels(lang: str) -> dict[str, str]:
    return LABELS.get(lang, LABELS["en"])


def _plain(text: str) -> str:
    """Markdown emphasis and escapes removed, for the terminal."""
    return text.replace("**", "").replace("\\", "")


def section_text(section: Section, width: int = 88) -> str:
    """A section and everything under it, indented by depth, for the terminal."""
    lines: list[str] = []
    for part in section.walk():
        indent = "  " * max(part.depth - section.depth, 0)
        if part is not section or part.depth > 0:
            head = f"{part.label} {part.heading}".strip()
            lines.append(f"{indent}{head}   [{part.display}]")
        else:
            lines.append(f"{part.display}: {part.heading}" if part.law else part.heading)
        if part.unverified:
            lines.append(
                textwrap.fill(
                    f"[{labels(part.lang)['unverified']}: {_plain(part.unverified)}]",
                    width=width,
                    initial_indent=indent + "  ",
                    subsequent_indent=indent + "   ",
                )
            )
        for paragraph in _plain(part.text).split("\n\n"):
            if paragraph.strip():
                wrapped = (
                    textwrap.fill(
                        " ".join(paragraph.split()),
                        width=width,
                        initial_indent=indent + "  ",
                        subsequent_indent=indent + "  ",
                        break_on_hyphens=False,
                    )
                    if not paragraph.lstrip().startswith(("|", "-"))
                    else textwrap.indent(paragraph, indent + "  ")
                )
                lines.append(wrapped)
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def law_html(law: Law, book: Lawbook, official: dict[str, str] | None = None) -> str:
    """The body of a law page: every section with its anchor, references linked."""

    def exists(anchor: str) -> bool:
        return anchor in book.sections or (book.lang != "en" and anchor[:1].isdigit())

    words = labels(book.lang)
    out: list[str] = []
    for section in law.sections():
        level = min(section.depth + 1, 6)
        if section.depth > 0:
            label = html.escape(f"{section.label} {section.heading}".strip())
            out.append(
                f'<section class="law-section depth-{section.depth}" id="{section.anchor}">'
                f'<h{level}><a class="anchor" href="#{section.anchor}">{label}</a> '
                f'<span class="cite">{html.escape(section.display)}</span></h{level}>'
            )
        else:
            out.append(f'<section class="law-section depth-0" id="{section.anchor}">')
        if section.unverified:
            out.append(
                f'<p class="unverified"><strong>{words["unverified"]}:</strong> '
                f"{html.escape(section.unverified)}</p>"
            )
        ours = markdown_to_html(section.text, exists, book.lang) if section.text else ""
        if official is not None and section.anchor in official:
            out.append(
                '<div class="side-by-side"><div class="ours">'
                f'<h4 class="tag">{words["ours"]}</h4>{ours}</div>'
                f'<div class="official"><h4 class="tag">{words["official"]}</h4>'
                f"<p>{html.escape(official[section.anchor])}</p></div></div>"
            )
        else:
            out.append(ours)
        out.append("</section>")
    if law.commentary:
        out.append(
            f'<aside class="commentary"><h2>{words["practice"]} '
            f"<small>{words['not_the_law']}</small>"
            f"</h2>{markdown_to_html(law.commentary, exists, book.lang)}</aside>"
        )
    return "\n".join(out)
