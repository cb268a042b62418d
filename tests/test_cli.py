import json
import subprocess
import sys
from pathlib import Path

import pytest

from td_assist.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_plain_and_json(capsys):
    code, out, _ = run(capsys, "score", "4SX", "S", "9", "--vul", "NS")
    assert code == 0 and "NS -200 / EW +200" in out and "down 1" in out
    code, out, _ = run(capsys, "score", "4SX", "S", "9", "--vul", "NS", "--json")
    data = json.loads(out)
    assert data["score_ns"] == -200 and data["declarer_vulnerable"] is True
    code, out, _ = run(capsys, "score", "4H", "E", "10", "--json")
    assert json.loads(out)["score_ns"] == -420


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "4SX", "Q", "9"], "unknown seat 'Q'"),
        (["score", "8S", "S", "9"], "unknown contract"),
        (["score", "4S", "S", "9", "--vul", "sometimes"], "unknown vulnerability"),
    ],
)
def test_bad_input_prints_one_line_and_exits_2(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err


def test_argparse_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["score", "4S", "S", "14"])
    assert exit_info.value.code == 2
    assert "impossible" in capsys.readouterr().err


def test_help_and_module_entry_point():
    result = subprocess.run(
        [sys.executable, "-m", "td_assist", "--help"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0 and "serve" in result.stdout and "score" in result.stdout


def test_serve_answers_healthz():
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "td_assist", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    assert json.loads(r.read())["status"] == "ok"
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_output_on_an_old_code_page_uses_letters_for_suits():
    import os

    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "td_assist",
            "rule",
            "revoke",
            str(Path(__file__).parent / "data" / "32-boards.pbn"),
            "--board",
            "4",
        ],
        capture_output=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0
    assert b"West played CK to a H lead" in result.stdout
