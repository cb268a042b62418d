"""The real-question set (benchmarks/search_real_questions.toml) stays well formed.

It is the yardstick for search quality (issue 12): every label must be a section of our
lawbook, no question may appear twice, the held-out split must follow its fixed rule
(every third question of each language and batch, a page's questions all on one side),
and the reserved sources (EBU forums, blml, the Welsh Bridge Union's rule of the month)
must stay out of it.
"""

import importlib.util
import re
import sys
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from td_assist.lawbook import get_lawbook

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
QUESTIONS = tomllib.loads((BENCH / "search_real_questions.toml").read_text(encoding="utf-8"))[
    "question"
]


def test_every_question_has_the_fields_and_nothing_else():
    for item in QUESTIONS:
        assert set(item) - {"batch"} == {"q", "answers", "lang", "split", "source"}, item
        assert item["q"].strip() and item["answers"], item
        assert item["lang"] in {"en", "de"} and item["split"] in {"dev", "heldout"}, item
        assert item.get("batch", 1) in set(range(1, 19)), item
        assert item["source"].startswith(("http://", "https://")), item


def test_batch_counts_match_the_header():
    counts = Counter((i.get("batch", 1), i["lang"]) for i in QUESTIONS)
    assert counts == {
        (1, "en"): 102,
        (1, "de"): 50,
        (2, "en"): 52,
        (2, "de"): 22,
        (3, "en"): 44,
        (3, "de"): 27,
        (4, "en"): 50,
        (4, "de"): 30,
        (5, "en"): 53,
        (5, "de"): 17,
        (6, "en"): 21,
        (7, "en"): 60,
        (8, "en"): 28,
        (9, "en"): 41,
        (10, "de"): 12,
        (11, "en"): 33,
        (12, "en"): 42,
        (12, "de"): 10,
        (13, "en"): 30,
        (13, "de"): 26,
        (14, "en"): 50,
        (14, "de"): 7,
        (15, "en"): 52,
        (15, "de"): 5,
        (16, "en"): 57,
        (17, "en"): 53,
        (17, "de"): 20,
        (18, "en"): 96,
        (18, "de"): 15,
    }


def test_every_answer_is_a_section_of_the_lawbook():
    sections = get_lawbook().sections
    unknown = [(i["q"][:40], a) for i in QUESTIONS for a in i["answers"] if a not in sections]
    assert unknown == []


def test_no_question_appears_twice():
    def norm(text: str) -> str:
        return re.sub(r"\W+", " ", text.lower()).strip()

    counts = Counter(norm(i["q"]) for i in QUESTIONS)
    assert [q for q, n in counts.items() if n > 1] == []


def test_held_out_is_every_third_question_of_pages_tuning_never_saw():
    """Every third question of each language and batch was held out by position; a page
    with a dev question then went wholly to dev (issue 34): tuning on one question of a
    page makes its other questions easy, so held-out figures counted them as unseen."""
    page_of = _benchmark().page_of
    dev_pages = {page_of(i["source"]) for i in QUESTIONS if i["split"] == "dev"}
    position: defaultdict[tuple[str, int], int] = defaultdict(int)
    for item in QUESTIONS:
        key = (item["lang"], item.get("batch", 1))
        if key[1] >= BY_PAGE:
            continue
        position[key] += 1
        chosen = position[key] % 3 == 0 and page_of(item["source"]) not in dev_pages
        assert item["split"] == ("heldout" if chosen else "dev"), item["q"]


BY_PAGE = 9  # from batch 9 on, pages (not questions) are counted for the split


def test_from_batch_nine_every_third_page_is_held_out():
    """New batches hold out every third page, in the order the pages first appear in the
    batch, with all of that page's questions (the file's header, issue 34)."""
    page_of = _benchmark().page_of
    order: defaultdict[tuple[str, int], list[str]] = defaultdict(list)
    later = [i for i in QUESTIONS if i.get("batch", 1) >= BY_PAGE]
    for item in later:
        pages = order[(item["lang"], item["batch"])]
        page = page_of(item["source"])
        if page not in pages:
            pages.append(page)
        chosen = (pages.index(page) + 1) % 3 == 0
        assert item["split"] == ("heldout" if chosen else "dev"), item["q"]
    assert later, "batch 9 is in the file"


def test_a_later_batch_uses_no_page_an_earlier_batch_used():
    page_of = _benchmark().page_of
    first: dict[str, int] = {}
    for item in QUESTIONS:
        first.setdefault(page_of(item["source"]), item.get("batch", 1))
    reused = [
        i["source"]
        for i in QUESTIONS
        if i.get("batch", 1) >= BY_PAGE and first[page_of(i["source"])] != i.get("batch", 1)
    ]
    assert reused == []


def test_a_page_keeps_all_its_questions_on_one_side_of_the_split():
    page_of = _benchmark().page_of
    sides: defaultdict[str, set[str]] = defaultdict(set)
    for item in QUESTIONS:
        sides[page_of(item["source"])].add(item["split"])
    assert [page for page, split in sides.items() if len(split) > 1] == []


def test_one_thread_on_two_mirrors_is_one_page():
    page_of = _benchmark().page_of
    assert page_of(
        "https://forumstest.bridgebase.com/forums/topic/78268-hesitation-again/?comment=1"
    ) == page_of("https://www1.dal13.sl.bridgebase.com/forums/topic/78268-hesitation-again/")
    assert page_of("https://cavendish.bridgewinners.com/article/view/a-claim/") == page_of(
        "http://bridgewinners.com/article/view/a-claim/?cj=2"
    )
    assert page_of("https://a.org/rules/revoke.htm") != page_of("https://a.org/rules/claim.htm")


def test_a_site_served_by_one_script_keeps_the_parameter_that_names_the_page():
    """page_of() dropped every query string but "p=", so two threads of one SMF forum, or
    two columns on one index.php, counted as one page and blocked each other."""
    page_of = _benchmark().page_of
    assert page_of("https://abda.au/forum/index.php?topic=975.msg3097") == page_of(
        "https://abda.au/forum/index.php?topic=975.0"
    )
    assert page_of("https://abda.au/forum/index.php?topic=975.0") != page_of(
        "https://abda.au/forum/index.php?topic=981.0"
    )
    assert page_of("http://d17acbl.org/index.php?page=changes-of-call-jan-2013") != page_of(
        "http://d17acbl.org/index.php?page=bidding-after-a-hesitation---nov-2013"
    )
    # a numbered page of a thread, a copy's marker and a BBO post number name no new page
    assert page_of("https://x.activeboard.com/t1/psyches/?page=2") == page_of(
        "https://x.activeboard.com/t1/psyches/?page=1"
    )
    assert page_of("https://bridgegraz.at/pbc-wp/a/?mo=12&yr=2024") == "bridgegraz.at/pbc-wp/a"
    pid = "https://www2.dal13.sl.bridgebase.com/forums/index.php?app=forums&pid={}"
    assert page_of(pid.format(1)) == page_of(pid.format(2))


@pytest.mark.parametrize(
    "reserved", ["ebu.co.uk", "rtflb.org", "pipermail/blml", "welshbridgeunion"]
)
def test_reserved_sources_stay_out(reserved):
    assert [i["source"] for i in QUESTIONS if reserved in i["source"]] == []


def _benchmark():
    spec = importlib.util.spec_from_file_location("search_quality", BENCH / "search_quality.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


def _benchmark_sets() -> dict:
    return _benchmark().load_sets()


def test_unseen_dev_hides_only_the_phrasings_that_repeat_the_question():
    from td_assist.search.ranking import PhrasingIndex

    bench = _benchmark()
    index = PhrasingIndex(
        {
            "45C4": [["call", "jack", "not", "hold", "jack"], ["named", "card"]],
            "47B": [["call", "jack", "partner", "hold", "king", "queen", "ace"]],
        }
    )
    before = {term: dict(docs) for term, docs in index.postings.items()}
    asked = ["call", "jack", "not", "hold", "named"]
    seen = index.score(asked)
    hidden = bench.UnseenPhrasings(index).score(asked)
    assert "45C4" in seen and seen["45C4"] > seen["47B"]
    # the five-word phrasing repeats the question and is hidden; the short one and the
    # other section's phrasing (3 of its 7 words asked) still answer
    assert 0 < hidden["45C4"] < seen["45C4"]
    assert hidden["47B"] > hidden["45C4"]
    assert index.postings == before  # nothing is lost from the index
    # as the engine asks an index, adding its scores into the evidence: the same hidden
    added: dict[str, float] = {}
    bench.UnseenPhrasings(index).add_to(added, 1.0, asked)
    assert added == hidden
    assert index.postings == before


@pytest.mark.parametrize("batch", [2, 3, 4, 5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18])
def test_search_quality_reports_each_later_batch_held_out_alone(batch):
    sets = _benchmark_sets()
    held_out = sets[f"real held-out {batch}"]
    wanted = [i["q"] for i in QUESTIONS if i["split"] == "heldout" and i.get("batch") == batch]
    assert [q.text for q in held_out] == wanted
    assert {q.lang for q in held_out} <= {"en", "de"} and held_out
    assert len(sets["real held-out"]) == sum(i["split"] == "heldout" for i in QUESTIONS)
    assert len(sets["real dev"]) == sum(i["split"] == "dev" for i in QUESTIONS)


@pytest.mark.parametrize(
    ("name", "batches", "size"),
    [("6+7", (6, 7), 12), ("8", (8,), 9), ("9", (9,), 13), ("11", (11,), 11)],
)
def test_search_quality_reports_the_english_only_batches(name, batches, size):
    held_out = _benchmark_sets()[f"real held-out {name}"]
    wanted = [i["q"] for i in QUESTIONS if i["split"] == "heldout" and i.get("batch", 1) in batches]
    assert [q.text for q in held_out] == wanted and len(wanted) == size
