"""The hand-kept package list in pyproject.toml must name every code package."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_code_package_is_listed():
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "td_assist").rglob("__init__.py")
    }
    assert found <= listed, f"add to pyproject.toml: {sorted(found - listed)}"
