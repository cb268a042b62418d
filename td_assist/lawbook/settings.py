"""Names and numbers the lawbook's commands share with its modules, kept here so that a
command can read them without loading those modules (and pydantic)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from td_assist.paths import file_stamp, user_dir_made
from td_assist.recheck import recently

OFFICIAL_FILE = "official-laws-2017.json"  # the imported official text, in the user folder
DEFAULT_MIN_WORDS = 12  # `laws overlap`: the shortest shared run reported
MIN_WORDS_FLOOR = 4  # below this every "the player must" would be reported


def official_path(lang: str = "en") -> Path:
    """Where the imported official text in ``lang`` is kept (German beside English).
    Here, not in ``official``: every search asks for it, and needs no pydantic."""
    return _official_in(user_dir_made(), lang)


@lru_cache(maxsize=16)  # the same path object each time: official_stamp's key hashes it
def _official_in(folder: Path, lang: str) -> Path:
    if lang == "en":
        return folder / OFFICIAL_FILE
    return folder / OFFICIAL_FILE.replace(".json", f".{lang}.json")


def official_stamp(path: Path) -> tuple[int, int]:
    """When the imported official text at ``path`` (``official_path``) was saved and its
    size, ``(0, 0)`` when none is imported: asked by every law page and every search, so
    a serving server asks the disk at most once a second (td_assist.recheck)."""
    return recently(("official text", path), lambda: file_stamp(path))
