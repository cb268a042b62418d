"""The engine's tables and the speller's lists are kept beside the index and read back
(issue 29): the same answers as an engine built from the content, and a damaged file
is built again rather than trusted."""

from __future__ import annotations

from td_assist.lawbook import get_lawbook
from td_assist.search import open_engine
from td_assist.search.engine import SPELLER_FILE, TABLES_FILE, SearchEngine
from td_assist.search.index import ensure_index

QUESTIONS = ["dummy revoked", "lead out of turn", "Strafkarte", "revokd twice", "zorbled"]


def _engine() -> SearchEngine:
    book = get_lawbook()
    return open_engine(book, book.folder / "synonyms.toml")


def _answers(engine: SearchEngine) -> list[tuple[list[str], str | None]]:
    found = []
    for question in QUESTIONS:
        results = engine.search(question)
        found.append(([hit.anchor for hit in results.hits], results.suggestion))
    return found


def test_an_engine_read_from_its_kept_tables_answers_as_a_built_one():
    book = get_lawbook()
    folder = ensure_index(book, book.folder / "synonyms.toml")
    (folder / TABLES_FILE).unlink(missing_ok=True)
    (folder / SPELLER_FILE).unlink(missing_ok=True)
    built = _engine()
    assert (folder / TABLES_FILE).exists()
    built_answers = _answers(built)  # an unknown word: the speller keeps its lists
    assert (folder / SPELLER_FILE).exists()
    kept = SearchEngine.stored(folder, book)
    assert kept is not None and kept is not built
    assert _answers(kept) == built_answers
    assert kept.speller.correct("insuficient") == built.speller.correct("insuficient")
    assert built.speller.correct("insuficient") == "insufficient"


def test_damaged_kept_files_are_made_again_not_trusted():
    book = get_lawbook()
    folder = ensure_index(book, book.folder / "synonyms.toml")
    expected = _answers(_engine())
    (folder / TABLES_FILE).write_bytes(b"not a pickle")
    (folder / SPELLER_FILE).write_bytes(b"\x80\x05 broken")
    assert SearchEngine.stored(folder, book) is None
    again = _engine()
    assert _answers(again) == expected
    assert SearchEngine.stored(folder, book) is not None


def test_the_kept_scorer_holds_exactly_the_index_postings_and_scores_alike():
    """The content scorer is kept packed beside the index: every term's postings read
    back as whoosh has them, and hits score to the same figures as a built engine's."""
    import pickle

    from whoosh import index

    book = get_lawbook()
    folder = ensure_index(book, book.folder / "synonyms.toml")
    built = _engine()
    kept = pickle.loads(pickle.dumps(built.scorer))
    assert kept.cached_terms == 0  # kept packed: terms are unpacked as they are used
    with index.open_dir(str(folder)).searcher() as searcher:
        reader = searcher.reader()
        terms = [t.decode() if isinstance(t, bytes) else t for t in reader.lexicon("content")]
        assert kept.vocabulary == set(terms)
        for term in terms:
            expected = {
                d: tuple(p) for d, p in reader.postings("content", term).items_as("positions")
            }
            assert kept.postings(term) == expected, term
    assert kept.postings("zorbled") == {} and kept.cached_terms == len(terms)
    again = SearchEngine.stored(folder, book)
    assert again is not None
    for question in QUESTIONS:
        assert [(h.anchor, h.score) for h in again.search(question).hits] == [
            (h.anchor, h.score) for h in built.search(question).hits
        ]


def test_a_search_from_kept_tables_opens_no_whoosh_index(tmp_path):
    """``td-assist search`` reads the kept tables; whoosh's index code (and its reading
    of the index files) is for building only."""
    import os
    import subprocess
    import sys

    _engine()  # the tables are kept
    script = (
        "import sys; from td_assist.search import get_search; "
        "hits = get_search().search('dummy revoked').hits; "
        "print(len(hits), 'whoosh.index' in sys.modules, 'whoosh.reading' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=os.environ
    )
    assert done.stdout.split() == ["10", "False", "False"]


def test_the_speller_answers_alike_from_its_lists_file_and_from_memory(tmp_path):
    """The big word lists are looked up in a file beside the index, not read into
    memory; the answers are those of the lists in memory, real words and typos alike."""
    import copy

    from td_assist.search.speller import Speller

    built = _engine()
    in_memory = Speller(copy.deepcopy(built.speller.vocabulary))  # no lists file
    from_file = Speller(copy.deepcopy(built.speller.vocabulary))
    from_file.keep_lists(tmp_path / SPELLER_FILE)
    words = ["insuficient", "revokd", "dumy", "zorbled", "penalty", "aardvark",
             "strafkarte", "ausspielen", "hesitaton", "claimd", "unathorised", "qqqq"]  # fmt: skip
    assert [from_file.correct(w) for w in words] == [in_memory.correct(w) for w in words]
    assert (tmp_path / SPELLER_FILE).exists()
    again = Speller(copy.deepcopy(built.speller.vocabulary))
    again.keep_lists(tmp_path / SPELLER_FILE)  # read, not built: the same answers
    assert [again.correct(w) for w in words] == [in_memory.correct(w) for w in words]
    assert not isinstance(again.vocabulary.english, frozenset)


def test_the_speller_looks_variants_up_in_batches_with_the_same_answers(tmp_path, monkeypatch):
    """A word's deletion variants are looked up a batch per statement (hundreds for a
    long German word): split into many small batches, the candidates are those of the
    lists in memory, nearest first."""
    import copy

    from td_assist.search import speller

    monkeypatch.setattr(speller, "_VARIANTS_PER_LOOKUP", 7)
    built = _engine()
    in_memory = speller.Speller(copy.deepcopy(built.speller.vocabulary))
    from_file = speller.Speller(copy.deepcopy(built.speller.vocabulary))
    from_file.keep_lists(tmp_path / SPELLER_FILE)
    words = ["insuficient", "revokd", "dumy", "hesitaton", "unathorised", "penallty",
             "explainations", "strafkartte", "zorbled"]  # fmt: skip
    expected = [in_memory.candidates(w) for w in words]
    assert [from_file.candidates(w) for w in words] == expected
    assert isinstance(from_file._deletes, speller._KeptDeletes)  # the file answered
    assert sum(len(found) > 1 for found in expected) >= 2  # several candidates, in order


def test_a_content_phrase_is_placed_once_and_a_questions_own_phrase_is_not_kept():
    """Where a synonym's meaning occurs is worked out once and kept (bounded); the
    phrase made from a question's own words is never kept, and a kept phrase scores
    exactly as one worked out afresh."""
    import pickle

    from td_assist.search.ranking import PhraseQ

    scorer = pickle.loads(pickle.dumps(_engine().scorer))  # as read back: nothing kept yet
    content = PhraseQ(("follow", "suit"), boost=1.4, kept=True)
    question = PhraseQ(("follow", "suit"), slop=1, boost=1.5)
    fresh = scorer.score([content])
    assert fresh and list(scorer._phrases) == [(("follow", "suit"), 0)]
    assert scorer.score([content]) == fresh
    assert scorer.score([PhraseQ(("follow", "suit"), boost=1.4)]) == fresh
    scorer.score([question])
    assert list(scorer._phrases) == [(("follow", "suit"), 0)]
    assert pickle.loads(pickle.dumps(scorer))._phrases == {}
