"""Whether a change to the pages' cost left the pages alone (issue 29).

Saves the HTML of the wizard and ruling pages (every registered wizard on a tapped-in
board: its first question, then the pages its links lead to, breadth first), of search
pages and answers in English and German, each asked twice (made, then from what the
server keeps), and the JSON answers of the ruling POST for each request in
tests/data/requests, also each sent twice. The record form's token and key, new on
every page, are blanked, and the board's id named alike. Run it with the code before
and after a change, then compare: the two files must be the same.

    python benchmarks/page_snapshot.py --write after.json
    git worktree add /tmp/before main   # or any copy of the old code
    PYTHONPATH=/tmp/before python benchmarks/page_snapshot.py --write before.json
    python benchmarks/page_snapshot.py --compare before.json after.json
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.before_after import before_and_after, read_both, save

ROOT = Path(__file__).resolve().parent.parent
REQUESTS = ROOT / "tests" / "data" / "requests"
PAGES_PER_WIZARD = 12
SEARCHES = [
    "dummy revoked",
    "lead out of turn",
    "Ausspiel außer Reihenfolge",
    "insufficient bid 1041",
    "claim disputed by defender",
    "qwzxv",
    "revoke after the play ended 1042",
    "64B3",
]
_NEW_EACH_TIME = re.compile(r'(name="(?:csrf_token|request_key)" value=")[^"]*(")')
_LINK = re.compile(r'href="(/rule/[^"#]+)"')


def _blanked(text: str) -> str:
    return _NEW_EACH_TIME.sub(r"\1\2", text)


def write(path: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from benchmarks.live_server import TAPPED_BOARD
    from benchmarks.load import ruling_body
    from td_assist.rulings.engine.registry import load_wizards
    from td_assist.web import create_app

    folder = Path(tempfile.mkdtemp(prefix="td-snapshot-"))
    os.environ["TD_ASSIST_HOME"] = str(folder)
    os.environ.pop("TD_ASSIST_LANG", None)
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "STORE_PATH": str(folder / "s.db")})
    client = app.test_client()
    saved: dict[str, str] = {}

    board_id = client.post("/api/boards", json=TAPPED_BOARD).get_json()["id"]

    def get(url: str, headers: dict[str, str] | None = None) -> str:
        for visit in ("", " (again)"):  # made, then from what the server keeps
            response = client.get(url, headers=headers or {})
            text = _blanked(response.get_data(as_text=True))
            # the board's id is new in each run: named alike in both files
            shown = f"GET {url} {headers or ''}{visit}".replace(board_id, "BOARD")
            saved[shown] = f"{response.status_code}\n{text.replace(board_id, 'BOARD')}"
        return text

    for name in load_wizards():
        start = f"/rule/{name}/{board_id}"
        queue, seen = deque([start]), {start}
        while queue and len(seen) <= PAGES_PER_WIZARD:
            url = queue.popleft()
            text = get(url)
            for link in _LINK.findall(text):
                link = link.replace("&amp;", "&")
                if link not in seen and len(seen) < PAGES_PER_WIZARD:
                    seen.add(link)
                    queue.append(link)
        get(start, {"Accept-Language": "de"})
    get(f"/rule/revoke/{board_id}?a=declarer_tricks:9", {"Accept-Language": "de"})
    for question in SEARCHES:
        for language in ({}, {"Accept-Language": "de"}):
            get(f"/search?q={question}", language)
            get(f"/search?q={question}&partial=1", language)
            get(f"/api/search?q={question}", language)
    posts = [
        (path.stem, json.loads(path.read_text(encoding="utf-8")))
        for path in REQUESTS.glob("*.json")
    ]
    posts.append(("revoke", json.loads(ruling_body())))  # load.py's ruling POST
    for number, (wizard, body) in enumerate(sorted(posts, key=lambda post: post[0])):
        for mode in ("", "?mode=step"):
            url = f"/api/rulings/{wizard}{mode}"
            for _ in range(2):  # read, then from the kept boards
                response = client.post(url, json=body)
                saved[f"POST {url} {number}"] = (
                    f"{response.status_code}\n{response.get_data(as_text=True)}"
                )
    save(path, saved)
    print(f"{len(saved)} pages and answers written to {path}")


def compare(before: Path, after: Path) -> int:
    old, new = read_both(before, after)
    differ = [key for key in old.keys() | new.keys() if old.get(key) != new.get(key)]
    for key in sorted(differ)[:10]:
        print(f"differs: {key}")
    print(f"{len(old)} pages before, {len(new)} after: {len(differ)} differ")
    return 1 if differ else 0


def main() -> None:
    before_and_after(__doc__.splitlines()[0], write, compare)


if __name__ == "__main__":
    main()
