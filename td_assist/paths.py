"""Where the content (laws/, rulings/, static/) and the user's own files live.

Content is found next to the package when running from the repository, and inside
the installed package (``td_assist/_content``) otherwise. User files (the imported
official text, the search index, the ruling log) go to a per-user folder that
``TD_ASSIST_HOME`` can override, e.g. for tests or a USB stick.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def content_dir(name: str) -> Path:
    """The folder of one kind of content: ``laws``, ``rulings`` or ``static``."""
    for candidate in (_PACKAGE.parent / name, _PACKAGE / "_content" / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"td-assist cannot find its {name}/ folder; reinstall the package")


def file_stamp(path: Path) -> tuple[int, int]:
    """When a file was last saved and its size, for caches that reread it after a save;
    ``(0, 0)`` for a file that is not there."""
    try:
        stat = path.stat()
    except OSError:
        return (0, 0)
    return (stat.st_mtime_ns, stat.st_size)


def user_dir() -> Path:
    """The per-user data folder (created on first use)."""
    base = _user_base()
    base.mkdir(mode=0o700, parents=True, exist_ok=True)
    _owner_only(base)
    return base


def user_dir_made() -> Path:
    """``user_dir()``, made and checked once per process: for the files every law page
    and search looks at (the imported official text), where making sure costs three
    system calls a request."""
    base = _user_base()
    if base not in _MADE:
        user_dir()
        _MADE.add(base)
    return base


_MADE: set[Path] = set()


# What the user folder is made from: read from the environment on every call (a test or
# a USB stick's launcher may change it), the folder worked out once per set of values:
# Path.home() and joining paths cost tens of microseconds, and every search and law
# page asks for the folder (issue 29). Path.home() reads the names after the second.
if sys.platform == "win32":
    _ENVIRONMENT = ("TD_ASSIST_HOME", "LOCALAPPDATA", "USERPROFILE", "HOMEDRIVE", "HOMEPATH")
else:
    _ENVIRONMENT = ("TD_ASSIST_HOME", "XDG_DATA_HOME", "HOME")


def _user_base() -> Path:
    environ = os.environ
    return _user_base_for(tuple(environ.get(name) for name in _ENVIRONMENT))


@lru_cache(maxsize=8)  # a process sees one environment; a test run a few
def _user_base_for(environment: tuple[str | None, ...]) -> Path:
    """The folder for these values of ``_ENVIRONMENT``."""
    override, data_home = environment[:2]
    if override:
        return Path(override)
    if sys.platform == "win32":
        local = data_home if data_home is not None else Path.home() / "AppData" / "Local"
        return Path(local) / "td-assist"
    data = data_home if data_home is not None else Path.home() / ".local" / "share"
    return Path(data) / "td-assist"


def _owner_only(folder: Path) -> None:
    """The ruling log and the session key are the TD's: other users of a shared laptop
    may not read them (0700 on POSIX; Windows keeps its per-user profile rights)."""
    if sys.platform == "win32":
        return
    try:
        if folder.stat().st_mode & 0o077:
            folder.chmod(0o700)
    except OSError:
        pass  # a folder we do not own, or a file system without modes (FAT stick)


def cache_dir() -> Path:
    """Rebuildable files such as the search index."""
    path = user_dir() / "cache"
    path.mkdir(parents=True, exist_ok=True)
    return path
