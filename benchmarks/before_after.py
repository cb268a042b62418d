"""The command line of a before-and-after check: ``--write FILE`` saves what this code
gives, ``--compare BEFORE AFTER`` says what differs (exit 1 when anything does). Used by
the checks that prove a cost change left what the product gives alone
(search_same_results.py, page_snapshot.py)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any


def before_and_after(
    description: str, write: Callable[[Path], None], compare: Callable[[Path, Path], int]
) -> None:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--write", type=Path, help="write what this code gives here")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.write:
        write(args.write)
    if args.compare:
        sys.exit(compare(*args.compare))
    if not args.write and not args.compare:
        parser.print_help()


def save(path: Path, found: object) -> None:
    """What this code gives, as the JSON ``read_both`` reads back."""
    path.write_text(json.dumps(found, ensure_ascii=False, indent=0), encoding="utf-8")


def read_both(before: Path, after: Path) -> tuple[Any, Any]:
    """The two files ``save`` wrote, before and after."""
    old, new = (json.loads(path.read_text(encoding="utf-8")) for path in (before, after))
    return old, new
