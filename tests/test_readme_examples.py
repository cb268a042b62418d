"""The README's command-line examples run as written from the repository (issue 26).

Every ``td-assist ...`` line in the README's code blocks (with its ``\\`` continuations,
without its trailing ``# comment``) is run in order in a fresh user folder and must exit
0. ``serve`` is left out: it starts a server that runs until stopped.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def readme_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    commands: list[str] = []
    for block in re.findall(r"```\n(.*?)```", text, re.S):
        pending = ""
        for line in block.splitlines():
            if pending:
                pending += " " + line.strip()
            elif line.startswith("td-assist "):
                pending = line
            else:
                continue
            if pending.endswith("\\"):
                pending = pending[:-1].rstrip()
                continue
            commands.append(re.split(r"\s{2,}#", pending)[0].strip())
            pending = ""
    return commands


def test_the_readme_has_examples_for_every_wizard_and_no_placeholders():
    commands = readme_commands()
    joined = "\n".join(commands)
    for wizard in ("revoke", "lead-out-of-turn", "penalty-card", "insufficient-bid"):
        assert f"td-assist rule {wizard} " in joined, wizard
    assert "td-assist rule unauthorised-information " in joined
    for placeholder in ("...", " ID", "[", "board.pbn", "request.json", "ui.json"):
        assert placeholder not in joined.replace("tests/data/", ""), placeholder
    for wizard in (
        "revoke",
        "lead-out-of-turn",
        "penalty-card",
        "insufficient-bid",
        "unauthorised-information",
    ):
        assert (ROOT / "tests" / "data" / "requests" / f"{wizard}.json").is_file(), wizard


def test_every_readme_example_runs_as_written(tmp_path):
    env = {**os.environ, "TD_ASSIST_HOME": str(tmp_path), "PYTHONIOENCODING": "utf-8"}
    ran = 0
    for command in readme_commands():
        words = shlex.split(command)
        if words[1] == "serve":
            continue
        result = subprocess.run(
            [sys.executable, "-m", "td_assist", *words[1:]],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            stdin=subprocess.DEVNULL,
        )
        assert result.returncode == 0, (command, result.stdout[-800:], result.stderr[-800:])
        ran += 1
    assert ran >= 20
