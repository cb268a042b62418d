"""The German texts of the worked cases (``rulings/cases/<wizard>/<stem>.de.toml``) against
their English cases: the same laws cited, the same paragraphs, and the notation of
``docs/glossary-de.md`` ("Notation in worked cases"): no record codes in the text, and hands
written as the board diagram shows them (the ten as 10).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

CASES = Path(__file__).resolve().parent.parent / "rulings" / "cases"
OVERLAYS = sorted(CASES.glob("*/*.de.toml"))

# A law number is 1-93; a section adds letters, digits and "(a)": 27B1(a), 12C1(c), 16D2.
_SECTION = r"\d{1,2}(?!\d)(?:[A-H](?:\d{1,2}(?:\([a-z]\)(?:\([ivx]+\))?)?)?)?"
_JOIN = r"(?:\s*,\s*|\s+(?:and|or|und|oder|then|dann|with|mit)\s+|\s*[-–]\s*|\s+(?:to|bis)\s+)"
_RANGE = r"(?:\s*[-–]\s*|\s+(?:to|bis)\s+)"


def _cited(text: str, word: str) -> set[str]:
    """Every law section cited as "<word> 27B1(a)", "<word>s 24E, 50B and 51B1", "29-31"."""
    found: set[str] = set()
    lists = re.finditer(rf"\b{word}\s+({_SECTION}(?:{_JOIN}{_SECTION})*)", text)
    for match in lists:
        listed = match.group(1)
        for low, high in re.findall(rf"\b(\d{{1,2}}){_RANGE}(\d{{1,2}})\b(?![A-H])", listed):
            found.update(str(n) for n in range(int(low), int(high) + 1))
            listed = re.sub(rf"\b{low}{_RANGE}{high}\b", "", listed)
        found.update(re.findall(_SECTION, listed))
    return found


def _texts(case: dict) -> str:
    parts = [case.get("title", ""), case.get("explanation", "")]
    irregularity = case.get("irregularity", {})
    parts += [str(irregularity[k]) for k in ("statement", "description") if k in irregularity]
    return "\n".join(parts)


def _pair(overlay: Path) -> tuple[dict, dict]:
    english = overlay.with_name(overlay.name.removesuffix(".de.toml") + ".toml")
    return tomllib.loads(english.read_text("utf-8")), tomllib.loads(overlay.read_text("utf-8"))


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name.removesuffix('.de.toml')}"


def test_cited_reads_lists_and_ranges() -> None:
    assert _cited("(Laws 24B, 50B and 50D1(a)); Laws 29-31, Laws 62 to 64", r"Laws?") == {
        "24B", "50B", "50D1(a)", "29", "30", "31", "62", "63", "64"
    }  # fmt: skip
    german = "Regeln 29 bis 31; Regel 27B1(a), 2017"
    assert _cited(german, r"Regel(?:n)?") == {"29", "30", "31", "27B1(a)"}


@pytest.mark.parametrize("overlay", OVERLAYS, ids=_id)
def test_german_case_cites_the_laws_the_english_cites(overlay: Path) -> None:
    english, german = _pair(overlay)
    # "Law 64A1" is "Regel 64A1", several are "Regeln 24E, 50B"
    assert _cited(_texts(german), r"Regel(?:n)?") == _cited(_texts(english), r"Laws?")


@pytest.mark.parametrize("overlay", OVERLAYS, ids=_id)
def test_german_case_keeps_the_english_paragraphs(overlay: Path) -> None:
    """The case page splits the explanation at blank lines: the same paragraphs in both."""
    english, german = _pair(overlay)
    paragraphs = [len(c["explanation"].strip().split("\n\n")) for c in (english, german)]
    assert paragraphs[1] == paragraphs[0]


@pytest.mark.parametrize("overlay", OVERLAYS, ids=_id)
def test_german_case_text_has_no_record_codes(overlay: Path) -> None:
    """Calls as the reader says them (1SA, 4♠, Passe, Kontra), hands with the ten as 10."""
    _, german = _pair(overlay)
    text = _texts(german)
    assert not re.findall(r"\b[1-7](?:NT|[SHDC])\b", text), "calls as codes (1NT, 4S)"
    assert not re.findall(r"(?<![\w-])(?:P|X|XX)(?![\w-])", text), "P/X/XX for Passe/Kontra"
    holdings = re.findall(r"[♠♥♦♣] ?[AKQJT2-9]+(?=[\s;:,.)])", text)
    assert not [h for h in holdings if "T" in h], "the ten is written 10, as the board diagram"
