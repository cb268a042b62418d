"""Stamps reused for a moment on the server, asked every time elsewhere (issue 29)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from td_assist import recheck
from td_assist.paths import file_stamp


@pytest.fixture
def reuse():
    previous = recheck.reuse_for(0)
    yield recheck.reuse_for
    recheck.reuse_for(previous)


def _edit(path: Path, text: str, when: int) -> None:
    path.write_text(text)
    os.utime(path, ns=(when, when))


def test_without_reuse_an_edit_shows_at_once(tmp_path: Path, reuse) -> None:
    path = tmp_path / "case.toml"
    _edit(path, "one", 1_000_000_000)
    assert recheck.recently(("t", path), lambda: file_stamp(path))[0] == 1_000_000_000
    _edit(path, "two!", 2_000_000_000)
    assert recheck.recently(("t", path), lambda: file_stamp(path)) == (2_000_000_000, 4)


def test_with_reuse_the_disk_is_asked_again_only_after_the_moment(
    tmp_path: Path, reuse, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [100.0]
    monkeypatch.setattr(recheck.time, "monotonic", lambda: clock[0])
    reuse(1.0)
    path = tmp_path / "case.toml"
    _edit(path, "one", 1_000_000_000)
    read = lambda: file_stamp(path)  # noqa: E731
    assert recheck.recently(("t", path), read) == (1_000_000_000, 3)
    _edit(path, "two!", 2_000_000_000)
    clock[0] += 0.5
    assert recheck.recently(("t", path), read) == (1_000_000_000, 3)  # within the second
    clock[0] += 0.6
    assert recheck.recently(("t", path), read) == (2_000_000_000, 4)  # then the edit


def test_serve_reuses_stamps_while_it_runs_and_not_after(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    import td_assist.web.server as server

    seen: list[float] = []

    class Running:
        def run(self) -> None:
            seen.append(recheck._seconds)

    monkeypatch.setattr(server, "make_server", lambda *args, **kwargs: Running())
    monkeypatch.setattr(server, "warm_in_background", lambda app: None)
    turns = sys.getswitchinterval()
    try:
        server.serve(object(), "127.0.0.1", 0)  # type: ignore[arg-type]
    finally:
        sys.setswitchinterval(turns)
    assert seen == [recheck.SERVE_SECONDS] and recheck.SERVE_SECONDS > 0
    assert recheck._seconds == 0  # the CLI and the tests see every edit at once
