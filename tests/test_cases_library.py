"""The case library from the command line: list, show, check, and rule on a case file."""

import json
import shutil
from pathlib import Path

import pytest

from td_assist.bridge.errors import RecordError
from td_assist.cli import main
from td_assist.paths import content_dir
from td_assist.training import cases as cases_module
from td_assist.training.cases import DIFFICULTIES, load_case, load_cases

REVOKE_CASE = content_dir("rulings") / "cases" / "revoke" / "01-defender-ruffs-two-tricks.toml"


@pytest.fixture
def library(tmp_path, monkeypatch):
    """A private copy of one revoke case, so a test can break it."""
    folder = tmp_path / "rulings" / "cases" / "revoke"
    folder.mkdir(parents=True)
    shutil.copy(REVOKE_CASE, folder / REVOKE_CASE.name)
    monkeypatch.setattr(cases_module, "content_dir", lambda name: tmp_path / name)
    return folder


def test_cases_check_passes_on_the_shipped_library(capsys):
    assert main(["cases", "check"]) == 0
    assert "agree with the engine" in capsys.readouterr().out


def test_cases_check_reports_a_case_that_disagrees(library, capsys):
    path = library / REVOKE_CASE.name
    # Law 64A1 transfers two tricks here; a case claiming one must be caught.
    path.write_text(path.read_text().replace("tricks_transferred = 2", "tricks_transferred = 1"))
    assert main(["cases", "check"]) == 1
    out = capsys.readouterr().out
    assert "revoke/01-defender-ruffs-two-tricks" in out
    assert "tricks_transferred 2, expected 1" in out


def test_a_broken_case_names_the_file_and_line(library):
    path = library / REVOKE_CASE.name
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("[expected]"))
    lines.insert(at + 1, 'outcom = "transfer_two"')
    path.write_text("\n".join(lines))
    with pytest.raises(RecordError) as error:
        load_case(path)
    assert f"revoke/{path.name} line {at + 2}" in str(error.value)
    assert "outcom" in str(error.value)


def test_a_bad_difficulty_is_refused_with_its_line(library):
    path = library / REVOKE_CASE.name
    path.write_text(path.read_text().replace('difficulty = "first-course"', 'difficulty = "easy"'))
    line = 1 + next(
        i for i, text in enumerate(path.read_text().splitlines()) if text.startswith("difficulty")
    )
    with pytest.raises(RecordError, match=rf"line {line}.*difficulty"):
        load_case(path)


def test_cases_list_json_gives_id_wizard_laws_difficulty(capsys):
    assert main(["cases", "list", "--wizard", "revoke", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) == len(load_cases("revoke"))
    first = listed[0]
    assert first["id"] == "revoke/01-defender-ruffs-two-tricks"
    assert first["wizard"] == "revoke" and first["laws"] == ["63A1", "64A1"]
    assert all(item["difficulty"] in DIFFICULTIES for item in listed)


def test_cases_show_prints_the_situation_and_the_ruling(capsys):
    assert main(["cases", "show", "revoke/01-defender-ruffs-two-tricks"]) == 0
    out = capsys.readouterr().out
    assert "West ruffs" in out and "Law 64A1" in out and "+450" in out


def test_an_unknown_case_is_a_clear_error(capsys):
    assert main(["cases", "show", "revoke/../../etc/passwd"]) != 0
    assert "there is no case" in capsys.readouterr().err


def test_rule_reads_a_case_file(capsys):
    assert main(["rule", "revoke", str(REVOKE_CASE), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["adjustment"]["declarer_tricks_final"] == 11


def test_every_case_has_a_known_difficulty_and_some_are_for_a_first_course():
    levels = {case.difficulty for case in load_cases()}
    assert levels <= set(DIFFICULTIES)
    assert "first-course" in levels and "tournament" in levels


def test_cases_live_under_their_wizard(tmp_path: Path):
    folder = tmp_path / "penalty-card"
    folder.mkdir()
    (folder / "x.toml").write_text(REVOKE_CASE.read_text())
    with pytest.raises(RecordError, match="folder 'penalty-card'"):
        load_case(folder / "x.toml")
