from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """User data (index, imported text, ruling log) goes to a temporary folder."""
    home = tmp_path_factory.getbasetemp() / "td-home"
    home.mkdir(exist_ok=True)
    monkeypatch.setenv("TD_ASSIST_HOME", str(home))


@pytest.fixture
def data_dir() -> Path:
    return DATA


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    shots = Path(__file__).resolve().parent.parent / "test-artifacts" / "screenshots"
    if shots.exists() and any(shots.iterdir()):
        terminalreporter.write_line(f"browser screenshots: {shots}")
