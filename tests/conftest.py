from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"
# Worked case 01's deal as the tablet taps it in (North plays 4S; West ruffs a diamond).
TAPPED_HANDS = {
    "N": "SA SK SQ S2 H5 H4 H3 D4 D3 D2 C4 C3 C2",
    "E": "S5 S4 S3 HA HK HQ H2 D7 D6 D5 C7 C6 C5",
    "S": "S8 S7 S6 H8 H7 H6 DA DK DQ D8 CA CK CQ",
    "W": "SJ ST S9 HJ HT H9 DJ DT D9 CJ CT C9 C8",
}


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """User data (index, imported text, ruling log) goes to a temporary folder."""
    home = tmp_path_factory.getbasetemp() / "td-home"
    home.mkdir(exist_ok=True)
    monkeypatch.setenv("TD_ASSIST_HOME", str(home))
    # The tests read English unless they ask for another language.
    monkeypatch.delenv("TD_ASSIST_LANG", raising=False)


@pytest.fixture
def app(tmp_path: Path):
    """The web app with a ruling log of its own (a test file may define its own app)."""
    from td_assist.web import create_app

    return create_app({"TESTING": True, "SECRET_KEY": "k", "STORE_PATH": str(tmp_path / "s.db")})


@pytest.fixture(scope="module")
def engine():
    """The search engine as the app uses it (built once per process and kept)."""
    from td_assist.search import get_search

    return get_search()


@pytest.fixture
def data_dir() -> Path:
    return DATA


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    shots = Path(__file__).resolve().parent.parent / "test-artifacts" / "screenshots"
    if shots.exists() and any(shots.iterdir()):
        terminalreporter.write_line(f"browser screenshots: {shots}")
