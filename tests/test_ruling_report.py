"""The printable ruling report: the command line writes the web page's report, with the
page's stylesheets inside it instead of linked (issue 30: one renderer for both)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from td_assist.cli import main
from td_assist.paths import content_dir
from td_assist.reports.ruling_report import stylesheets_inline
from td_assist.web import create_app

DEAL = "N:AQ932.J94.AJ.652 54.QT5.KT64.KT94 KT87.6.Q972.QJ87 J6.AK8732.853.A3"
RECORD = f"board 1\ndeal {DEAL}\nauction 1S P 2S 3H P P 3S P P P\nnote 5: slow pass\nresult 9"
TOKEN = "report-token"
DAMAGED = {
    "call_index": "5",
    "source_kind": "tempo",
    "ui": "yes",
    "suggested": "yes",
    "logical_alternative": "yes",
    "damaged": "yes",
    "assignable": "yes",
    "serious_error": "no",
    "results": "3H W 9 0.25; 3H W 8 0.75",
    "scoring": "points",
}


@pytest.fixture
def client(tmp_path, monkeypatch):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "home"))
    client = create_app({"TESTING": True, "SECRET_KEY": "s"}).test_client()
    with client.session_transaction() as session:
        session["csrf_token"] = TOKEN
    return client


def _record_two_rulings(client) -> None:
    entered = client.post("/boards", data={"csrf_token": TOKEN, "text": RECORD})
    board_id = entered.headers["Location"].rsplit("/", 1)[-1]
    for wizard, answers in (
        ("unauthorised-information", DAMAGED),
        ("revoke", {"revoke_found": "no"}),
    ):
        data = {"csrf_token": TOKEN, "answers": json.dumps(answers), "table": "4"}
        assert client.post(f"/rule/{wizard}/{board_id}/record", data=data).status_code == 303


def test_the_command_line_report_is_the_web_report_with_its_styles_inside(client, capsys):
    _record_two_rulings(client)
    page = client.get("/rulings/export.html").get_data(as_text=True)
    assert page.count('class="report-page"') == 2
    links = (
        '<link rel="stylesheet" href="/static/css/app.css">\n'
        '<link rel="stylesheet" href="/static/css/session.css">\n'
    )
    assert links in page
    assert main(["log", "export", "--all", "--format", "html"]) == 0
    written = capsys.readouterr().out
    inline = f"<style>\n{stylesheets_inline(content_dir('static'))}\n</style>\n"
    assert written == page.replace(links, inline)


def test_the_command_line_report_loads_no_web_code(client, tmp_path):
    _record_two_rulings(client)
    script = (
        "import sys; from td_assist.cli import main; "
        "code = main(['log', 'export', '--all', '--format', 'html', '--output', sys.argv[1]]); "
        "print(sorted(m for m in sys.modules if m.startswith(('flask', 'td_assist.web'))))"
    )
    out = tmp_path / "report.html"
    done = subprocess.run(
        [sys.executable, "-c", script, str(out)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
    assert out.read_text(encoding="utf-8").count('class="report-page"') == 2
