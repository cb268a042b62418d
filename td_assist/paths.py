"""Where the content (laws/, rulings/, static/) and the user's own files live.

Content is found next to the package when running from the repository, and inside
the installed package (``td_assist/_content``) otherwise. User files (the imported
official text, the search index, the ruling log) go to a per-user folder that
``TD_ASSIST_HOME`` can override, e.g. for tests or a USB stick.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def content_dir(name: str) -> Path:
    """The folder of one kind of content: ``laws``, ``rulings`` or ``static``."""
    for candidate in (_PACKAGE.parent / name, _PACKAGE / "_content" / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"td-assist cannot find its {name}/ folder; reinstall the package")


def user_dir() -> Path:
    """The per-user data folder (created on first use)."""
    override = os.environ.get("TD_ASSIST_HOME")
    if override:
        base = Path(override)
    elif sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local")) / "td-assist"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "td-assist"
    base.mkdir(parents=True, exist_ok=True)
    return base


def cache_dir() -> Path:
    """Rebuildable files such as the search index."""
    path = user_dir() / "cache"
    path.mkdir(parents=True, exist_ok=True)
    return path
