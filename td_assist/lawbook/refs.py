"""Law references in prose and typed queries: find them, and normalise them to anchors.

>>> normalise_reference("Law 12C1(c)"), normalise_reference("l64"), normalise_reference("27 B 1 b")
('12C1c', '64', '27B1b')
>>> [ref.anchor for ref in find_references("see Laws 28 to 32 and Law 16D2; also 64C")]
['28', '32', '16D2']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# One reference: number, then optional letter, number, (a), (i) ...
_REF = r"(?P<num>\d{1,2})(?P<tail>[A-K](?:\d{1,2}(?:\([a-z]{1,5}\))*)?)?(?![\w(])"
_ONE = re.compile(_REF)
# "Law 64B3", "Laws 28 to 32", "Laws 16C, 26B and 72C", "Laws 28-32"; in the German
# lawbook "Regel 64B3", "Regeln 28 bis 32", "Regeln 16C, 26B und 72C"
_WORD = r"(?:Laws?|Regeln?)"
_RUN = re.compile(
    r"\b"
    + _WORD
    + r"\s+"
    + _REF.replace("?P<num>", "?:").replace("?P<tail>", "?:")
    + r"(?:\s*(?:,|and|or|to|through|und|oder|bis|-|–)\s*(?:"
    + _WORD
    + r"\s+)?"
    + _REF.replace("?P<num>", "?:").replace("?P<tail>", "?:")
    + r")*"
)


@dataclass(frozen=True, slots=True)
class Reference:
    """A reference found in text: where it is and the anchor it names."""

    start: int
    end: int
    text: str
    anchor: str


def anchor_of(number: str, tail: str | None) -> str:
    return number.lstrip("0") + re.sub(r"[()]", "", tail or "")


def find_references(text: str) -> list[Reference]:
    """Every law reference written with the word Law (the laws/ convention)."""
    found: list[Reference] = []
    for run in _RUN.finditer(text):
        prefix = re.match(_WORD + r"\s+", run.group(0))
        if prefix is None:
            raise ValueError("a law reference must start with 'Law' (or 'Regel')")
        for one in _ONE.finditer(text, run.start() + prefix.end(), run.end()):
            # Link "Law 64C" whole when the word Law stands right before the number.
            before = re.search(_WORD + r"\s+$", text[max(0, one.start() - 8) : one.start()])
            start = one.start() - len(before.group(0)) if before else one.start()
            found.append(
                Reference(
                    start, one.end(), text[start : one.end()], anchor_of(one["num"], one["tail"])
                )
            )
    return found


_QUERY = re.compile(
    r"^\s*(?:laws?|l|§|regel|gesetz)?\s*\.?\s*(\d{1,2})\s*([a-k])?\s*(\d{1,2})?\s*"
    r"(?:\(?\s*([a-h])\s*\)?)?\s*(?:\(?\s*([ivx]{1,4})\s*\)?)?\s*$",
    re.IGNORECASE,
)


def normalise_reference(text: str) -> str | None:
    """A typed law number in any usual form -> anchor, or None if it is not one.

    Accepts ``64``, ``L64``, ``law 64b3``, ``Law 12C1(c)``, ``12c1c``, ``27 B 1 b``.
    """
    if len(text) > 40:
        return None
    match = _QUERY.match(text)
    if not match:
        return None
    number, letter, digit, lower, roman = match.groups()
    if int(number) < 1:
        return None
    if (digit and not letter) or (lower and not digit) or (roman and not lower):
        return None
    anchor = str(int(number)) + (letter or "").upper() + (digit or "")
    return anchor + (lower or "").lower() + (roman or "").lower()


# A law named among a typed question's words: "law 73", "Regel 16B", or a bare number with
# a letter and a digit ("12C1e", "64B3"; "2C" or "4S" is a bid). Not "§ 6": in German that
# is a regulation's paragraph ("§ 6 der Verfahrensordnung"), not a Law.
_IN_QUESTION = re.compile(
    r"\b(?:laws?|regel|gesetz)\s*\d{1,2}(?:\s*[a-k](?:\s*\d{1,2}(?:\s*\(?[a-h]\)?)?)?)?\b"
    r"|\b\d{1,2}[a-k]\d{1,2}(?:\(?[a-h]\)?)?\b",
    re.IGNORECASE,
)


def references_in_question(text: str) -> list[str]:
    """The anchors a typed question names among its words, in the order said (whether
    the lawbook has them is the caller's to check).

    >>> references_in_question("law 73 slow pass, or is it 16B1a? We bid 2C")
    ['73', '16B1a']
    """
    found = (normalise_reference(match.group(0)) for match in _IN_QUESTION.finditer(text))
    return [anchor for anchor in found if anchor]
