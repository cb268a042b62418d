"""The catalogs: compiled from their .po, complete for every sentence in the code and
templates, faithful to the placeholders; and the language choice on the web and CLI."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from td_assist.i18n import LANGUAGES, TRANSLATIONS_DIR, _, known_language, use_language
from td_assist.web import create_app

ROOT = Path(__file__).resolve().parent.parent
OTHER_LANGUAGES = [code for code in LANGUAGES if code != "en"]


def _catalog(code: str):
    with (TRANSLATIONS_DIR / code / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=code)


def _source_messages() -> dict[str, list[str]]:
    """Every msgid ``pybabel extract -F babel.cfg`` finds, with where it was found."""
    method_map, options_map = parse_mapping_cfg((ROOT / "babel.cfg").open(encoding="utf-8"))
    found: dict[str, list[str]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map
    ):
        key = message if isinstance(message, str) else message[0]
        found.setdefault(key, []).append(f"{filename}:{lineno}")
    return found


def _hashable(text: str | list[str] | tuple[str, ...]) -> str | tuple[str, ...]:
    """A plural entry's forms: a tuple from the .po, a list from the .mo."""
    return text if isinstance(text, str) else tuple(text)


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_the_compiled_catalog_is_the_po_file(code):
    """The app reads the .mo; a translator edits the .po: they must say the same
    (recompile with `pybabel compile -d td_assist/translations`, see README)."""
    po = {_hashable(m.id): _hashable(m.string) for m in _catalog(code) if m.id}
    with (TRANSLATIONS_DIR / code / "LC_MESSAGES" / "messages.mo").open("rb") as mo:
        compiled = {_hashable(m.id): _hashable(m.string) for m in read_mo(mo) if m.id}
    assert compiled == po


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_every_sentence_in_code_and_templates_is_translated(code):
    catalog = {(m.id if isinstance(m.id, str) else m.id[0]): m for m in _catalog(code) if m.id}
    missing = {
        msgid: places
        for msgid, places in _source_messages().items()
        if msgid not in catalog
        or not (
            catalog[msgid].string
            if isinstance(catalog[msgid].string, str)
            else all(catalog[msgid].string)
        )
        or catalog[msgid].fuzzy
    }
    listing = "\n".join(f"  {places[0]}: {msgid!r}" for msgid, places in sorted(missing.items()))
    assert not missing, (
        f"{len(missing)} sentences have no {LANGUAGES[code]} translation in "
        f"td_assist/translations/{code}/LC_MESSAGES/messages.po (README, 'Translating'):\n"
        f"{listing}"
    )


PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}|%\([a-z_0-9]+\)[sd]")


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_translations_keep_every_placeholder(code):
    wrong = []
    for message in _catalog(code):
        if not message.id or not message.string:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for string in strings:
            if set(PLACEHOLDER.findall(string)) - wanted or (
                len(ids) == 1 and set(PLACEHOLDER.findall(string)) != wanted
            ):
                wrong.append((message.id, string))
    assert not wrong


def test_language_codes_are_read_leniently():
    assert known_language("de-DE") == "de"
    assert known_language("DE") == "de"
    assert known_language("xx") is None


def test_english_is_the_source_and_the_default():
    assert _("Page not found") == "Page not found"
    with use_language("de"):
        assert _("Page not found") == "Seite nicht gefunden"
    with use_language("xx"):
        assert _("Page not found") == "Page not found"


def test_the_environment_variable_chooses_the_language(monkeypatch):
    monkeypatch.setenv("TD_ASSIST_LANG", "de")
    assert _("Page not found") == "Seite nicht gefunden"


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "STORE_PATH": tmp_path / "log.sqlite"})
    return app.test_client()


def test_a_page_follows_the_browsers_language(client):
    german = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert '<html lang="de">' in german.text
    assert ">Suche<" in german.text
    english = client.get("/", headers={"Accept-Language": "en-GB"})
    assert '<html lang="en">' in english.text
    assert ">Search<" in english.text
    unknown = client.get("/", headers={"Accept-Language": "fr"})
    assert '<html lang="en">' in unknown.text


def test_a_requests_language_ends_with_the_request(client):
    """The language is chosen once per request for every _() of the page; a worker
    thread then serves its next request, and the code around it, as they ask."""
    from td_assist.i18n import current_language

    threads_language: list[str] = []
    for accept in ("de", "en", "de", "fr"):
        page = client.get("/", headers={"Accept-Language": accept})
        threads_language.append(current_language())
        expected = "de" if accept == "de" else "en"
        assert f'<html lang="{expected}">' in page.text
    assert threads_language == ["en", "en", "en", "en"]  # nothing left behind
    with use_language("de"):
        client.get("/", headers={"Accept-Language": "en"})
        assert current_language() == "de"  # a request inside does not undo the block


def test_leaving_a_language_from_another_context_forgets_it():
    import contextvars

    from td_assist.i18n import current_language, enter_language, leave_language

    token = contextvars.copy_context().run(enter_language, "de")
    enter_language("de")
    leave_language(token)  # made in another context: the choice here is dropped
    assert current_language() == "en"


def test_the_switch_sticks_in_a_cookie(client):
    page = client.get("/search", headers={"Accept-Language": "en"})
    assert 'href="/language/de?next=/search"' in page.text
    switched = client.get("/language/de?next=/search")
    assert switched.status_code == 303
    assert switched.headers["Location"].endswith("/search")
    again = client.get("/", headers={"Accept-Language": "en"})
    assert '<html lang="de">' in again.text
    assert 'href="/language/en?next=/"' in again.text
    client.get("/language/en?next=/")
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "de"}).text


def test_the_switch_goes_back_only_to_this_site(client):
    response = client.get("/language/de?next=//evil.example/")
    assert response.headers["Location"] in ("/", "http://localhost/")


def test_an_unknown_language_keeps_the_current_one(client):
    client.get("/language/de")
    client.get("/language/xx")
    assert '<html lang="de">' in client.get("/").text


def test_error_pages_speak_the_readers_language(client):
    page = client.get("/no-such-page", headers={"Accept-Language": "de"})
    assert page.status_code == 404
    assert "Seite nicht gefunden" in page.text


SCOPES = (
    ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
    ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
)  # fmt: skip


def _binds_underscore(node: ast.AST) -> bool:
    """Whether ``node`` assigns the name ``_`` in its own scope (a nested function or a
    comprehension has its own)."""
    if isinstance(node, ast.Name):
        return node.id == "_" and isinstance(node.ctx, ast.Store)
    return any(
        _binds_underscore(child)
        for child in ast.iter_child_nodes(node)
        if not isinstance(child, SCOPES)
    )


def test_no_function_hides_the_translation_function():
    """``x, _ = pair`` anywhere in a function makes ``_`` local to all of it, so its
    ``_("...")`` fails (UnboundLocalError) only when that line runs: in German or not."""
    hiding = []
    for path in sorted((ROOT / "td_assist").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports_it = any(
            isinstance(node, ast.ImportFrom)
            and node.module == "td_assist.i18n"
            and any(alias.name == "_" for alias in node.names)
            for node in ast.walk(tree)
        )
        if not imports_it:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                _binds_underscore(statement) for statement in node.body
            ):
                hiding.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert not hiding, "rename the throwaway '_' (e.g. '_unused') in: " + ", ".join(hiding)


def test_the_rule_command_speaks_german_with_lang(capsys):
    from td_assist.cli import main

    board = str(ROOT / "tests" / "data" / "revoke-full-play.pbn")
    assert main(["rule", "revoke", board, "--lang", "de"]) == 0
    german = capsys.readouterr().out
    assert "Entscheidung: Zwei Stiche übertragen" in german
    assert "Ost-West haben mindestens einen späteren Stich gewonnen" in german
    assert "Regeln: Regel 64A1" in german
    assert "Renonce (Regeln 61-64)" in german
    assert main(["rule", "revoke", board]) == 0
    english = capsys.readouterr().out
    assert "Ruling: Two tricks transferred" in english
    assert "Laws: Law 64A1" in english


def test_the_rule_command_reads_the_environment_variable(capsys, monkeypatch):
    from td_assist.cli import main

    monkeypatch.setenv("TD_ASSIST_LANG", "de")
    assert main(["rule", "revoke", str(ROOT / "tests" / "data" / "revoke-full-play.pbn")]) == 0
    assert "Entscheidung:" in capsys.readouterr().out


def test_an_unknown_lang_is_refused_naming_the_choices(capsys):
    from td_assist.cli import main

    assert main(["--lang", "xx", "law", "64"]) == 2
    assert "available: en, de" in capsys.readouterr().err


def test_the_catalogs_ship_in_the_package():
    """pip install . takes the .po and .mo (package-data), so no compile step is needed."""
    import fnmatch
    import tomllib

    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]["td_assist"]
    for path in TRANSLATIONS_DIR.rglob("*.[mp]o"):
        relative = path.relative_to(ROOT / "td_assist").as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative
