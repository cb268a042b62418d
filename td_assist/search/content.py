"""The search content a TD reviews, beside the laws: synonyms and phrasings.

``laws/synonyms.toml``: TD jargon and its plain words (``bit`` -> hesitation). An entry
with anchors is evidence for those sections, weighed like any other words; its
``means`` widen the query with the lawbook's own words.

``laws/phrasings.toml``: per section, how players and directors describe the situation
it settles, in English and German ("the trick was already turned", "Stich schon
umgedreht"). A question in the words of the table meets the section through them.

``laws/thesaurus.toml``: words that say the same thing at the table (fell, dropped),
so a question and a phrasing meet on meaning rather than on one spelling.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError


class SynonymEntry(BaseModel):
    say: list[str] = Field(min_length=1)
    means: list[str] = Field(default_factory=list)
    anchors: list[str] = Field(default_factory=list)
    lang: str = "en"


class SynonymTable(BaseModel):
    term: list[SynonymEntry] = Field(default_factory=list)


class Situation(BaseModel):
    anchor: str = Field(min_length=1)
    en: list[str] = Field(default_factory=list)
    de: list[str] = Field(default_factory=list)


class PhrasingTable(BaseModel):
    situation: list[Situation] = Field(default_factory=list)


class SameWords(BaseModel):
    words: list[str] = Field(min_length=2)
    lang: Literal["en", "de"] = "en"


class ThesaurusTable(BaseModel):
    same: list[SameWords] = Field(default_factory=list)


def _read(path: Path) -> dict[str, object]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path.name}: {error}") from None


def load_synonyms(path: Path) -> list[SynonymEntry]:
    if not path.exists():
        return []
    try:
        return SynonymTable.model_validate(_read(path)).term
    except ValidationError as error:
        raise ValueError(f"{path.name}: {error}") from None


def load_phrasings(path: Path) -> list[Situation]:
    if not path.exists():
        return []
    try:
        return PhrasingTable.model_validate(_read(path)).situation
    except ValidationError as error:
        raise ValueError(f"{path.name}: {error}") from None


def load_thesaurus(path: Path) -> list[SameWords]:
    if not path.exists():
        return []
    try:
        return ThesaurusTable.model_validate(_read(path)).same
    except ValidationError as error:
        raise ValueError(f"{path.name}: {error}") from None
