"""``td-assist law --json``: a section and its parts as JSON."""

from __future__ import annotations

from pydantic import BaseModel

from td_assist.lawbook.model import Section
from td_assist.lawbook.render import law_url


class SectionJson(BaseModel):
    anchor: str
    cite: str
    label: str
    heading: str
    text: str
    official: str | None = None
    unverified: str = ""  # what of the 2017 text this section could not be checked against
    url: str
    children: list[SectionJson]


def section_json(section: Section, official: dict[str, str] | None) -> SectionJson:
    return SectionJson(
        anchor=section.anchor,
        cite=section.display,
        label=section.label,
        heading=section.heading,
        text=section.text,
        official=(official or {}).get(section.anchor),
        unverified=section.unverified,
        url=law_url(section.anchor),
        children=[section_json(child, official) for child in section.children],
    )
