"""The search content a TD reviews, beside the laws: synonyms and phrasings.

``laws/synonyms.toml``: TD jargon and its plain words (``bit`` -> hesitation). An entry
with anchors is evidence for those sections, weighed like any other words; its
``means`` widen the query with the lawbook's own words.

``laws/phrasings.toml``: per section, how players and directors describe the situation
it settles, in English and German ("the trick was already turned", "Stich schon
umgedreht"). A question in the words of the table meets the section through them.

``laws/thesaurus.toml``: words that say the same thing at the table (fell, dropped),
so a question and a phrasing meet on meaning rather than on one spelling.

``laws/german.toml``: the words nearly every German bridge question uses (Karte,
Partner, Kontra), which weigh little so the word naming the irregularity decides.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal, TypeVar

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


class EverydayWords(BaseModel):
    everyday: list[str] = Field(default_factory=list)
    weight: float = Field(default=1.0, gt=0.0, le=1.0)


_Table = TypeVar("_Table", bound=BaseModel)


def _read(path: Path, table: type[_Table]) -> _Table | None:
    """The file as its table, None when there is no file; a ValueError names the file."""
    if not path.exists():
        return None
    try:
        return table.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (tomllib.TOMLDecodeError, ValidationError) as error:
        raise ValueError(f"{path.name}: {error}") from None


def load_synonyms(path: Path) -> list[SynonymEntry]:
    table = _read(path, SynonymTable)
    return table.term if table else []


def load_phrasings(path: Path) -> list[Situation]:
    table = _read(path, PhrasingTable)
    return table.situation if table else []


def load_thesaurus(path: Path) -> list[SameWords]:
    table = _read(path, ThesaurusTable)
    return table.same if table else []


def load_everyday(path: Path) -> EverydayWords:
    """The everyday German words and their weight; none (weight 1) without the file."""
    return _read(path, EverydayWords) or EverydayWords()
