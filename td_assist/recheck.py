"""How often the server asks the disk whether a file changed (issue 29).

Caches of things read from files (the case library, the imported official text) are
keyed on the files' stamps, so an edit shows at once. On a server every law page asked
for a dozen stamps: a tenth of its time. ``td-assist serve`` therefore lets a stamp be
reused for a moment (``SERVE_SECONDS``): an edit shows within a second instead of at
once. Everything else (the CLI, the tests) asks the disk every time.

>>> calls = []
>>> recently("example", lambda: calls.append(1) or len(calls))
1
>>> recently("example", lambda: calls.append(1) or len(calls))
2
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import TypeVar

SERVE_SECONDS = 1.0  # what `serve` sets: a TD's edit shows on the next tap after a second

_T = TypeVar("_T")
_seconds = 0.0  # 0: ask every time
_kept: dict[Hashable, tuple[float, object]] = {}


def reuse_for(seconds: float) -> float:
    """Reuse stamps for ``seconds`` from now on (0: never); the previous setting."""
    global _seconds
    previous, _seconds = _seconds, max(0.0, seconds)
    _kept.clear()
    return previous


def recently(key: Hashable, read: Callable[[], _T]) -> _T:
    """``read()``, or its value for ``key`` from less than the reuse time ago. Two
    threads may both read at the same moment; each gets a right answer."""
    if _seconds <= 0:
        return read()
    now = time.monotonic()
    kept = _kept.get(key)
    if kept is not None and now - kept[0] < _seconds:
        return kept[1]  # type: ignore[return-value]
    value = read()
    if len(_kept) > 4096:  # made-up keys cannot grow it without bound
        _kept.clear()
    _kept[key] = (now, value)
    return value
