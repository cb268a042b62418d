"""The README's command-line examples run as written from the repository (issue 26).

Every ``td-assist ...`` line in the README's code blocks (with its ``\\`` continuations,
without its trailing ``# comment``) is run in order in a fresh user folder and must exit
0. ``serve`` is left out: it starts a server that runs until stopped.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from td_assist.cli import main

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


def test_every_readme_example_runs_as_written(tmp_path, monkeypatch, capsys):
    # In this process (the command's own main), from the repository, in a fresh user
    # folder: the same as typing it, without a Python start-up per example.
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path))
    ran = 0
    for command in readme_commands():
        words = shlex.split(command)
        if words[1] == "serve":
            continue
        try:
            status = main(words[1:])
        except SystemExit as stop:
            status = stop.code
        out = capsys.readouterr()
        assert status in (0, None), (command, out.out[-800:], out.err[-800:])
        ran += 1
    assert ran >= 20
