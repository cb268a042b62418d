"""A play written one trick between slashes must have four cards in every trick: a
fifth card in a group is a typing slip, not something to read past."""

from pathlib import Path

import pytest

from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.text import split_tricks
from td_assist.training.cases import load_case


def test_tricks_between_slashes_are_read_in_order():
    assert split_tricks("HA H3 H9 H6 / HK H4") == ["HA", "H3", "H9", "H6", "HK", "H4"]
    assert split_tricks("HA H3 H9 H6 /") == ["HA", "H3", "H9", "H6"]
    assert split_tricks("HA H3 H9 H6 HK") == ["HA", "H3", "H9", "H6", "HK"]  # no slashes


@pytest.mark.parametrize(
    ("play", "trick", "count"),
    [
        ("HA H3 H9 H6 H7 / HK", 1, 5),
        ("HA H3 H9 / HK", 1, 3),
        ("HA H3 H9 H6 / HK H4 H2 H5 H7", 2, 5),
    ],
)
def test_a_trick_with_the_wrong_number_of_cards_is_named(play, trick, count):
    with pytest.raises(RecordError, match=f"trick {trick} has {count} cards"):
        split_tricks(play)


def test_a_case_file_is_found_by_a_path_relative_to_its_folder(tmp_path, monkeypatch):
    folder = tmp_path / "revoke"
    folder.mkdir()
    (folder / "01-x.toml").write_text(
        'title = "x"\nwizard = "revoke"\nlaws = ["64A1"]\nexplanation = "x"\n'
        "[board]\nnumber = 1\n"
        'deal = "N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98"\n'
        'auction = "1S P 4S P P P"\n'
        '[expected]\noutcome = "transfer_one"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(folder)
    assert load_case(Path("01-x.toml")).wizard == "revoke"
