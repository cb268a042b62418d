"""The one way JSON from outside (a request body, a pasted record, a form field, a file)
is read: too deep a nesting or too long a number is refused with a message saying so.

Python's own reader recurses once per ``[`` or ``{``, so 100,000 of them exhaust the
stack; and it refuses integers of more than 4,300 digits with a bare ValueError. No
record or request of ours is more than a few levels deep or needs a long number, so
both are refused before parsing, with the line where the problem starts.

This module imports nothing of ours, so every layer (bridge included) may use it.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 20  # a ruling request is 4 levels deep; a list of boards 3
MAX_NUMBER_CHARS = 40  # a board number or trick count has a few digits

# A UTF-16 half with no other half (\ud800 written in JSON): no UTF-8 page, file or database
# can hold it, so it is read as U+FFFD, the character for "unreadable".
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")

# A JSON string (escapes included, possibly unterminated), or one bracket.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


class JSONInputError(ValueError):
    """JSON that cannot be read; ``line`` (1-based) says where, when known."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        self.problem = problem
        self.line = line
        super().__init__(f"line {line}: {problem}" if line else problem)


def _line_of(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """Refuse text whose brackets nest deeper than ``max_depth``, without parsing it."""
    if text.count("[") + text.count("{") <= max_depth:
        return  # cannot be too deep: the common case costs two counts
    depth = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > max_depth:
                raise JSONInputError(
                    f"the JSON is nested more than {max_depth} levels deep; "
                    "a record or request needs only a few",
                    _line_of(text, match.start()),
                )
        elif token in ("]", "}"):
            depth = max(0, depth - 1)


def _number(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise JSONInputError(f"a number with {len(text)} digits is far too long")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise JSONInputError(f"a number of {len(text)} characters is far too long")
    return float(text)


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON from outside; every failure is a JSONInputError naming the problem."""
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8", errors="replace")
    check_depth(text, max_depth)
    try:
        value = json.loads(text, parse_int=_number, parse_float=_float)
    except JSONInputError:
        raise
    except json.JSONDecodeError as error:
        raise JSONInputError(f"not valid JSON: {error.msg}", error.lineno) from None
    except (ValueError, RecursionError) as error:  # belt and braces: never a traceback
        raise JSONInputError(f"the JSON cannot be read ({type(error).__name__})") from None
    if _SURROGATE_ESCAPE.search(text) or _LONE_SURROGATE.search(text):
        return without_lone_surrogates(value)
    return value


def without_lone_surrogates(value: Any) -> Any:
    """``value`` with every lone UTF-16 half in its texts (keys too) made U+FFFD."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [without_lone_surrogates(item) for item in value]
    if isinstance(value, dict):
        return {without_lone_surrogates(k): without_lone_surrogates(v) for k, v in value.items()}
    return value
