"""A command loads only what it needs (issue 29): `--version` and `law 64B3` start
without the wizards, the search engine, the web app or pydantic."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

HEAVY = ("pydantic", "whoosh", "flask", "markdown", "td_assist.rulings", "td_assist.search")
PROBE = """
import json, sys
from td_assist.cli import main
try:
    code = main(sys.argv[1:])
finally:  # --version leaves through SystemExit
    print(json.dumps(sorted({m.split(".")[0] if not m.startswith("td_assist") else
        ".".join(m.split(".")[:2]) for m in sys.modules})), file=sys.stderr)
raise SystemExit(code)
"""


def modules_loaded(tmp_path, *argv: str) -> set[str]:
    environment = {**os.environ, "TD_ASSIST_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], env=environment, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("argv", [["--version"], ["law", "64B3"], ["score", "4S", "S", "10"]])
def test_a_command_loads_only_what_it_needs(tmp_path, argv):
    modules_loaded(tmp_path, "law", "64B3")  # the first start keeps the parsed lawbook
    loaded = modules_loaded(tmp_path, *argv)
    heavy = {name for name in HEAVY if name in loaded}
    if argv[0] == "score":  # the score report is a pydantic model; nothing else is loaded
        heavy -= {"pydantic"}
    assert not heavy, f"{' '.join(argv)} loaded {sorted(heavy)}"


def test_search_loads_whoosh_without_urllib_and_urllib_stays_whole(tmp_path):
    """Whoosh's compat module imports urllib.request (http.client, email, ssl) for a
    helper nothing calls: the search loads whoosh with a stand-in for it, gone after,
    so a later import of urllib.request gets the real module."""
    probe = """
import sys
import td_assist.search.analysis
import whoosh.compat
print("urllib.request" in sys.modules)
import urllib.request
print(callable(urllib.request.urlopen), whoosh.compat.urlretrieve.__module__)
"""
    environment = {**os.environ, "TD_ASSIST_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", probe], env=environment, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "td_assist.search.analysis"]


def test_a_plain_search_on_kept_tables_loads_no_pydantic(tmp_path):
    """A search command on the tables kept beside the index prints plain text: it builds
    no JSON model and reads no content file's model, so pydantic (a third of its start)
    and the official-text importer stay unloaded; ``--json`` still answers in full."""
    environment = {**os.environ, "TD_ASSIST_HOME": str(tmp_path)}
    every_module = PROBE.replace(
        """m.split(".")[0] if not m.startswith("td_assist") else
        ".".join(m.split(".")[:2])""",
        "m",
    )
    assert every_module != PROBE

    def search(*words: str) -> tuple[str, set[str]]:
        done = subprocess.run(
            [sys.executable, "-c", every_module, "search", *words],
            env=environment,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout, set(json.loads(done.stderr.strip().splitlines()[-1]))

    search("dummy", "revoked")  # the first search builds the index and keeps the tables
    for words in (["dummy", "revoked"], ["zorbled"], ["64B3"]):
        printed, loaded = search(*words)
        assert "td_assist.search.engine" in loaded and printed
        heavy = {"pydantic", "td_assist.lawbook.official", "td_assist.search.content"}
        if words != ["zorbled"]:  # every word known: the speller's lists file stays shut
            heavy.add("sqlite3")
        assert not heavy & loaded, f"search {' '.join(words)} loaded {sorted(heavy & loaded)}"
    done = subprocess.run(
        [sys.executable, "-m", "td_assist", "search", "--json", "dummy", "revoked"],
        env=environment,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["hits"][0]["cite"] == "Law 64B3"
    assert answer["hits"][0]["url"].endswith("#64B3")
