"""Counting what a function is asked, for the tests that prove work is done once."""

from typing import Any


def first_arguments(monkeypatch: Any, owner: object, name: str) -> list[Any]:
    """Replace ``owner.name`` (for the test) by a wrapper that records each call's first
    argument and then calls the real one; the list fills as calls come."""
    seen: list[Any] = []
    real = getattr(owner, name)

    def counting(first: Any, *args: Any, **values: Any) -> Any:
        seen.append(first)
        return real(first, *args, **values)

    monkeypatch.setattr(owner, name, counting)
    return seen
