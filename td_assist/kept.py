"""A bounded store of things made once and used again while the process runs (issue
29): the oldest goes first when it is full.

>>> boards = Kept[str, int](limit=2)
>>> boards.put("a", 1); boards.put("b", 2); boards.put("c", 3)
>>> boards.get("a"), boards.get("c"), len(boards)
(None, 3, 2)
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Generic, TypeVar

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


class Kept(Generic[_K, _V]):
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: dict[_K, _V] = {}
        self._lock = threading.Lock()  # for adding; a dict read needs none

    def get(self, key: _K) -> _V | None:
        return self._items.get(key)

    def put(self, key: _K, value: _V) -> None:
        with self._lock:
            while len(self._items) >= self.limit:
                del self._items[next(iter(self._items))]  # the oldest first
            self._items[key] = value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items


class Same:
    """An object in a key by identity (a case or a board is a pydantic model, not
    hashable, or a rebuilt one must not count as the same); the key holds the object, so
    its id cannot pass to another object while the entry is kept.

    >>> board = []
    >>> Same(board) == Same(board), Same(board) == Same([])
    (True, False)
    """

    __slots__ = ("thing",)

    def __init__(self, thing: object) -> None:
        self.thing = thing

    def __hash__(self) -> int:
        return id(self.thing)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.thing is self.thing
