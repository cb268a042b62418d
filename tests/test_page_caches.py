"""What pages read once per process instead of on every request (issue 29): the
lawbook, the case library and the imported official text."""

from __future__ import annotations

import shutil

import pytest

from td_assist.lawbook import get_lawbook, reload_lawbook
from td_assist.lawbook import official as official_module
from td_assist.paths import content_dir
from td_assist.training import cases as cases_module
from td_assist.web import create_app

CASE = "revoke/01-defender-ruffs-two-tricks"


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "STORE_PATH": str(tmp_path / "s.db")})
    return app.test_client()


@pytest.fixture
def parses(monkeypatch):
    """Counts the case files read from disk."""
    read: list[str] = []
    real = cases_module.load_case

    def counting(path):
        read.append(path.name)
        return real(path)

    monkeypatch.setattr(cases_module, "load_case", counting)
    return read


def test_the_lawbook_is_loaded_once_and_again_only_when_asked(tmp_path):
    laws = tmp_path / "laws"
    shutil.copytree(get_lawbook().folder, laws)
    book = get_lawbook(laws)
    law64 = laws / "law-64.md"
    law64.write_text(law64.read_text(encoding="utf-8") + "\nZebras.\n", encoding="utf-8")
    assert get_lawbook(laws) is book  # no look at the files on every call
    fresh = reload_lawbook(laws)
    assert fresh is not book and fresh.content_hash() != book.content_hash()
    assert get_lawbook(laws) is fresh


def test_law_case_and_practice_pages_read_no_case_file_once_warm(client, parses):
    pages = ["/laws/64", f"/cases/{CASE}", f"/practice/run?c={CASE}", "/cases/", "/practice/"]
    for page in pages:
        assert client.get(page).status_code == 200
    parses.clear()
    for page in pages * 3:
        assert client.get(page).status_code == 200
    assert parses == []


def test_a_case_added_to_the_library_is_listed_without_a_restart(tmp_path, monkeypatch):
    source = content_dir("rulings") / "cases" / f"{CASE}.toml"
    folder = tmp_path / "rulings" / "cases" / "revoke"
    folder.mkdir(parents=True)
    shutil.copy(source, folder / "01-a.toml")
    monkeypatch.setattr(cases_module, "content_dir", lambda name: tmp_path / name)
    assert [case.id for case in cases_module.load_cases()] == ["revoke/01-a"]
    shutil.copy(source, folder / "02-b.toml")
    assert [case.id for case in cases_module.load_cases()] == ["revoke/01-a", "revoke/02-b"]
    (folder / "01-a.toml").unlink()
    assert [case.id for case in cases_module.load_cases("revoke")] == ["revoke/02-b"]


def test_a_case_file_saved_again_shows_its_new_text_on_its_page(tmp_path, monkeypatch, client):
    source = content_dir("rulings") / "cases" / f"{CASE}.toml"
    folder = tmp_path / "rulings" / "cases" / "revoke"
    folder.mkdir(parents=True)
    path = folder / "01-a.toml"
    shutil.copy(source, path)
    monkeypatch.setattr(cases_module, "content_dir", lambda name: tmp_path / name)
    assert client.get("/cases/revoke/01-a").status_code == 200
    text = path.read_text(encoding="utf-8")
    title = next(line for line in text.splitlines() if line.startswith("title"))
    path.write_text(text.replace(title, 'title = "A zebra revokes"'), encoding="utf-8")
    assert "A zebra revokes" in client.get("/cases/revoke/01-a").get_data(as_text=True)


def test_the_official_text_is_read_again_only_when_its_file_changes(monkeypatch, tmp_path):
    path = tmp_path / "official.json"
    monkeypatch.setattr(official_module, "official_path", lambda: path)
    assert official_module.load_official() is None
    path.write_text(
        '{"source": "a.txt", "imported_at": "2026-01-01T00:00:00", '
        '"sections": {"64": "one"}, "titles": {"64": "Revoke"}}',
        encoding="utf-8",
    )
    first = official_module.load_official()
    assert first is not None and first.sections == {"64": "one"}
    assert official_module.load_official() is first
    path.write_text(path.read_text().replace('"one"', '"two"'), encoding="utf-8")
    assert official_module.load_official().sections == {"64": "two"}


@pytest.fixture
def renders(monkeypatch):
    """Counts the templates rendered by the law and training pages."""
    from td_assist.web import laws as laws_module
    from td_assist.web import training as training_module

    made: list[str] = []
    for module in (laws_module, training_module):
        real = module.render_template

        def counting(name, _real=real, **context):
            made.append(name)
            return _real(name, **context)

        monkeypatch.setattr(module, "render_template", counting)
    return made


def test_law_case_and_practice_pages_are_rendered_once_then_kept(client, renders):
    pages = ["/laws/64", f"/cases/{CASE}", f"/practice/run?c={CASE}"]
    first = [client.get(page).get_data() for page in pages]
    assert len(renders) == 3
    assert [client.get(page).get_data() for page in pages] == first
    assert len(renders) == 3  # the kept pages, byte for byte


def test_a_kept_page_follows_the_readers_language(client):
    english = client.get("/laws/64").get_data(as_text=True)
    german = client.get("/laws/64", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert 'lang="de"' in german and "Regel 64" in german
    assert 'lang="en"' in english and "Regel 64" not in english
    assert client.get("/laws/64").get_data(as_text=True) == english
    case_de = client.get(f"/cases/{CASE}", headers={"Accept-Language": "de"})
    assert 'lang="de"' in case_de.get_data(as_text=True)
    assert 'lang="en"' in client.get(f"/cases/{CASE}").get_data(as_text=True)


def test_a_kept_page_follows_the_address_root_its_links_start_with(client):
    """The same page served under another root (a reverse proxy's prefix) links there,
    as the kept layout and search frame do (``page_kind``)."""
    plain = client.get("/laws/64").get_data(as_text=True)
    under = client.get("/laws/64", base_url="http://localhost/club").get_data(as_text=True)
    assert 'href="/club/static/' in under and 'href="/club/static/' not in plain
    assert client.get("/laws/64").get_data(as_text=True) == plain


def test_a_kept_law_page_is_made_again_when_the_lawbook_changes(tmp_path, monkeypatch, client):
    from td_assist.lawbook import book as book_module

    laws = tmp_path / "laws"
    shutil.copytree(get_lawbook().folder, laws)
    monkeypatch.setattr(book_module, "content_dir", lambda name: tmp_path / name)
    reload_lawbook(laws)
    try:
        assert "Zebras" not in client.get("/laws/64").get_data(as_text=True)
        law64 = laws / "law-64.md"
        law64.write_text(law64.read_text(encoding="utf-8") + "\nZebras.\n", encoding="utf-8")
        assert "Zebras" not in client.get("/laws/64").get_data(as_text=True)  # not reread
        reload_lawbook(laws)
        assert "Zebras" in client.get("/laws/64").get_data(as_text=True)
    finally:
        monkeypatch.undo()
        reload_lawbook()


def test_the_kept_pages_are_bounded():
    from td_assist.web.page_cache import PageCache

    app = create_app({"TESTING": True, "SECRET_KEY": "k"})
    kept = PageCache(limit=3)
    for number in range(10):
        with app.test_request_context(f"/laws/{number}"):
            assert kept.page(lambda n=number: f"page {n}") == f"page {number}"
    assert len(kept) == 3
    with app.test_request_context("/laws/9"):
        assert kept.page(lambda: "made again") == "page 9"  # the newest are kept
    with app.test_request_context("/laws/0"):
        assert kept.page(lambda: "made again") == "made again"


def test_a_page_asked_for_with_a_huge_address_is_served_but_not_kept(client, renders):
    padding = "x" * 3000
    for _ in range(2):
        assert client.get(f"/laws/64?pad={padding}").status_code == 200
    assert renders == ["law.html", "law.html"]
