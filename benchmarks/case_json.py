"""Every worked case's ruling as JSON, one file per case, to compare two versions.

Runs ``td-assist rule <wizard> <case file> --json`` in-process (through the console
entry point ``td_assist.cli:main``, which does not change when modules move) for
every case in ``rulings/cases/<wizard>/`` (not the German texts beside them, which are
display only) in English and in German, and writes the output to
``OUT/<lang>/<wizard>/<case>.json``. With ``--compare OTHER`` it then compares OUT with
OTHER byte for byte and prints the count of identical files and every difference.

    python benchmarks/case_json.py /tmp/cases-before
    python benchmarks/case_json.py /tmp/cases-after --compare /tmp/cases-before
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

from td_assist.cli import main as td_assist

LANGUAGES = ("en", "de")
CASES = Path(__file__).resolve().parent.parent / "rulings" / "cases"


def write_all(out: Path) -> int:
    count = 0
    for folder in sorted(p for p in CASES.iterdir() if p.is_dir()):
        for case in sorted(p for p in folder.glob("*.toml") if p.name.count(".") == 1):
            for lang in LANGUAGES:
                stdout = io.StringIO()
                with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(io.StringIO()):
                    status = td_assist(["rule", folder.name, str(case), "--json", "--lang", lang])
                target = out / lang / folder.name / (case.stem + ".json")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(f"exit {status}\n{stdout.getvalue()}", encoding="utf-8")
                count += 1
    return count


def compare(out: Path, other: Path) -> int:
    mine = {p.relative_to(out) for p in out.rglob("*.json")}
    theirs = {p.relative_to(other) for p in other.rglob("*.json")}
    differ = sorted(
        name for name in mine & theirs if (out / name).read_bytes() != (other / name).read_bytes()
    )
    for name in sorted(mine ^ theirs):
        print(f"only in {'new' if name in mine else 'old'}: {name}")
    for name in differ:
        print(f"differs: {name}")
    same = len(mine & theirs) - len(differ)
    print(f"{same} of {len(mine | theirs)} case outputs identical byte for byte")
    return 0 if same == len(mine | theirs) else 1


def run() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder to write the JSON files into")
    parser.add_argument("--compare", type=Path, help="a folder written earlier to compare with")
    args = parser.parse_args()
    print(f"{write_all(args.out)} case outputs (each case in each language) written to {args.out}")
    return compare(args.out, args.compare) if args.compare else 0


if __name__ == "__main__":
    sys.exit(run())
