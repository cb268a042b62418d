import json
from pathlib import Path

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.bridge.deal import Vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import detect_format, parse_record, read_boards
from td_assist.bridge.formats.lin import parse_lin
from td_assist.bridge.formats.pbn import boards_to_pbn, parse_pbn
from td_assist.bridge.formats.text import board_to_text, parse_text

DEAL = "N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98"

PBN = """% PBN 2.1
[Event "Club night"]
[Board "5"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98"]
[Declarer "N"]
[Contract "4S"]
[Result "9"]
[Auction "N"]
1S =1= Pass 2C Pass
4S AP
[Note "1:five cards"]
[Play "E"]
HA H6 H9 H3
HK D8 HT H4 ; South revokes
{ a comment
  over two lines }
*

[Event "#"]
[Board "6"]
[Dealer "E"]
[Vulnerable "EW"]
[Deal "E:543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98 AKQ2.543.432.432"]
[Auction "E"]
AP
"""


def test_pbn_reads_tags_auction_notes_and_play_in_order_of_play():
    first, second = parse_pbn(PBN)
    assert (first.number, first.dealer, first.vulnerability) == (5, Seat.N, Vulnerability.NS)
    assert first.auction == ["1S", "P", "2C", "P", "4S", "P", "P", "P"]
    assert first.auction_notes == {0: "five cards"}
    assert str(first.contract_obj) == "4S" and first.declarer_seat is Seat.N
    assert first.play == ["HA", "H6", "H9", "H3", "HK", "D8", "HT", "H4"]
    assert first.result == 9
    assert [(r.trick, r.seat) for r in first.revokes] == [(2, Seat.S)]
    assert second.event == "Club night"  # '#' inherits the previous value
    assert second.auction == ["P", "P", "P", "P"] and second.contract_obj.is_passed_out
    assert second.deal == first.deal  # same deal written from another seat


def test_pbn_play_lines_are_in_seat_order_not_order_of_play():
    # Trick 2 is led by West (who won trick 1) but written from East's column.
    text = PBN.split("\n\n")[0].replace(
        "HA H6 H9 H3\nHK D8 HT H4 ; South revokes", "H2 H6 HJ H3\nD5 D8 DJ D2"
    )
    board = parse_pbn(text)[0]
    assert board.play_obj.tricks[0].winner is Seat.W
    assert board.play == ["H2", "H6", "HJ", "H3", "DJ", "D2", "D5", "D8"]


def test_pbn_round_trip():
    boards = parse_pbn(PBN)
    again = parse_pbn(boards_to_pbn(boards))
    assert [b.model_dump() for b in again] == [b.model_dump() for b in boards]


def test_pbn_32_board_fixture_round_trips_and_finds_revokes(data_dir):
    boards = read_boards(data_dir / "32-boards.pbn")
    assert len(boards) == 32 and all(len(b.play) == 52 for b in boards)
    assert sum(len(b.revokes) for b in boards) >= 5
    assert parse_pbn(boards_to_pbn(boards)) == boards


def test_pbn_irregularity_markers_precede_what_they_mark():
    # PBN 3.9: '^R' comes before the revoking card (South's D8, 6th card played).
    text = PBN.split("\n\n")[0].replace("HK D8 HT H4 ; South revokes", "HK ^R D8 HT H4")
    board = parse_pbn(text)[0]
    assert [(i.section, i.index, i.code) for i in board.irregularities] == [("play", 5, "^R")]
    assert board.play[5] == "D8" and board.revokes[0].seat is Seat.S
    assert parse_pbn(boards_to_pbn([board])) == [board]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('[Deal "N:AKQ2', '[Deal "N:AKQJ'), r"PBN line 6: card SJ is in both North and West"),
        (("4S AP", "4S X X AP"), r"Auction call 7: X is not allowed"),
        (("HK D8 HT H4", "HK C8 HT H4"), r"PBN line 16: trick 2: South played C8 but"),
        (('[Board "5"]', '[Board "five"]'), r"PBN line 3: board number 'five' is not a number"),
        (('[Vulnerable "NS"]', '[Vulnerable "Both ways"]'), r"PBN line 5: unknown vulnerability"),
        (('[Contract "4S"]', '[Contract "3NT"]'), r"recorded contract 3NT does not match"),
        (('[Event "Club night"]', '[Event "Club night"'), r"PBN line 2: malformed tag"),
        (("1S =1= Pass", "1S =1= Pas5"), r"PBN line 11: auction call 2: 'Pas5' is not a call"),
    ],
)
def test_pbn_errors_name_the_problem_and_place(change, message):
    with pytest.raises(RecordError, match=message):
        parse_pbn(PBN.replace(*change))


def test_pbn_unclosed_comment_and_empty_file():
    with pytest.raises(RecordError, match="never closed"):
        parse_pbn('[Board "1"]\n{ oops\n')
    with pytest.raises(RecordError, match="no board found"):
        parse_pbn("% nothing here\n")


LIN = (
    "pn|Ann,Bob,Cat,Dan|st||md|3S876H876DAKQ8CAKQ,SJT9HJT9DJT9CJT98,SAKQ2H543D432C432,|"
    "rh||ah|Board 5|sv|n|mb|1S!|an|five cards|mb|p|mb|2C|mb|p|mb|4S|mb|p|mb|p|mb|p|"
    "pg||pc|HA|pc|H6|pc|H9|pc|H3|pc|HK|pc|D8|pc|HT|pc|H4|pg||mc|9|"
)


def test_lin_gives_the_same_board_as_pbn():
    lin_board = parse_lin(LIN)[0]
    pbn_board = parse_pbn(PBN)[0]
    assert lin_board.deal == pbn_board.deal
    assert lin_board.auction == pbn_board.auction
    assert lin_board.auction_notes == pbn_board.auction_notes
    assert lin_board.play == pbn_board.play
    assert (lin_board.number, lin_board.dealer, lin_board.vulnerability) == (
        5,
        Seat.N,
        Vulnerability.NS,
    )
    assert lin_board.claim == 9 and lin_board.declarer_tricks_played() == 9


def test_lin_errors_name_the_item():
    with pytest.raises(RecordError, match=r"LIN item \d+ \(mb\): unknown call"):
        parse_lin(LIN.replace("mb|2C|", "mb|2Z|"))
    with pytest.raises(RecordError, match="Play trick 1: West played H6"):
        parse_lin(LIN.replace("pc|H9|", "pc|H6|"))
    with pytest.raises(RecordError, match="no board found"):
        parse_lin("pn|a,b,c,d|")


def test_text_form_and_all_formats_agree():
    pbn_board = parse_pbn(PBN)[0]
    text = board_to_text(pbn_board)
    assert "play HA H6 H9 H3 / HK D8 HT H4" in text
    text_board = parse_text(text)[0]
    json_board = Board.from_json(json.loads(pbn_board.model_dump_json()))
    assert text_board.model_dump() == pbn_board.model_dump() == json_board.model_dump()


def test_text_form_errors_and_defaults():
    board = parse_text(f"board 7\ndeal {DEAL}\nauction 1S P P P\n")[0]
    assert board.dealer is Seat.S and board.vulnerability is Vulnerability.ALL  # Law 2
    with pytest.raises(RecordError, match="line 2: unknown item 'deel'"):
        parse_text(f"board 7\ndeel {DEAL}\n")
    with pytest.raises(RecordError, match="trick 1 has 3 cards"):
        parse_text(f"board 7\ndeal {DEAL}\nauction 1S P P P\nplay HA H6 H9 / HK\n")


def test_detect_format():
    assert detect_format(PBN) == "pbn"
    assert detect_format(LIN) == "lin"
    assert detect_format('{"deal": null}') == "json"
    assert detect_format("board 1\ndeal -") == "text"
    assert detect_format('[Board "1"]\n[Deal "N:AKQ"]') == "pbn"
    assert detect_format('[{"deal": null}]') == "json"
    assert [b.number for b in parse_record(PBN)] == [5, 6]


def test_json_errors_name_the_field():
    with pytest.raises(RecordError, match=r"field dealer: unknown seat 'Q'"):
        parse_record('{"dealer": "Q"}', "json")
    with pytest.raises(RecordError, match=r"JSON line 1: not valid JSON"):
        parse_record('{"dealer": ', "json")
    with pytest.raises(RecordError, match=r"field colour"):
        parse_record('{"colour": "red"}', "json")


def test_read_boards_names_the_file(tmp_path):
    path = tmp_path / "bad.pbn"
    path.write_text('[Board "1"]\n[Deal "N:AKQ"]\n')
    with pytest.raises(RecordError, match=r"bad.pbn.*PBN line 2"):
        read_boards(path)
    with pytest.raises(RecordError, match="cannot read the file"):
        read_boards(tmp_path / "missing.pbn")


def test_pbn_only_one_board_keeps_inheritance(data_dir):
    assert [b.number for b in parse_pbn(PBN, only=6)] == [6]
    assert parse_pbn(PBN, only=6)[0].event == "Club night"  # '#' from board 5
    assert parse_pbn(PBN, only=6) == [parse_pbn(PBN)[1]]
    with pytest.raises(RecordError, match="there is no board 9"):
        parse_pbn(PBN, only=9)
    assert read_boards(data_dir / "32-boards.pbn", only=17)[0].number == 17


# Issue 9, "Record readers": each defect found on real files -------------------------

HEADER = f'[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n'


@pytest.mark.parametrize(
    ("result", "tricks"),
    [("9", 9), ("NS 9", 9), ("EW 4", 9), ("NS 9 EW 4", 9), ("EW 4 NS 9", 9), ("^9", 9)],
)
def test_pbn_result_by_side_gives_declarer_tricks(result, tricks):
    # PBN 2.1 3.4.15: the result may name the side; North declares here.
    text = HEADER + f'[Contract "4S"]\n[Declarer "N"]\n[Result "{result}"]\n'
    assert parse_pbn(text)[0].result == tricks


def test_pbn_result_by_side_for_east_west_declarer():
    text = HEADER + '[Contract "3NT"]\n[Declarer "E"]\n[Result "NS 11"]\n'
    assert parse_pbn(text)[0].result == 2


def test_pbn_result_that_is_no_number_names_the_line():
    with pytest.raises(RecordError, match=r"PBN line 7: result 'lots' is not a number of tricks"):
        parse_pbn(HEADER + '[Contract "4S"]\n[Declarer "N"]\n[Result "lots"]\n')


def test_pbn_plus_in_play_is_not_a_card():
    text = PBN.split("\n\n")[0].replace("HK D8 HT H4 ; South revokes", "HK D8 + H4")
    board = parse_pbn(text)[0]
    assert board.play == ["HA", "H6", "H9", "H3", "HK", "D8"]  # the known play ends at '+'
    alone = PBN.split("\n\n")[0].replace("HA H6 H9 H3\nHK D8 HT H4 ; South revokes", "+")
    assert parse_pbn(alone)[0].play == []


@pytest.mark.parametrize(
    "tag",
    ['[Event"Club"]', '[   Event"Club"   ]', '[ Event   "Club" ]', '[\n  Event\n  "Club"\n]'],
)
def test_pbn_tag_spacing_is_free(tag):
    # PBN 3.3: any white space between the parts of a tag, even line breaks.
    text = tag + "\n" + HEADER
    assert parse_pbn(text)[0].event == "Club"


def test_pbn_suffix_written_as_its_own_token_after_a_call():
    text = HEADER + '[Auction "N"]\n1S ! Pass 2C ?! Pass\n4S $3 AP\n'
    assert parse_pbn(text)[0].auction == ["1S", "P", "2C", "P", "4S", "P", "P", "P"]


def test_byte_order_mark_in_files_uploads_and_pastes(tmp_path):
    path = tmp_path / "bom.pbn"
    path.write_bytes(b"\xef\xbb\xbf% PBN 2.1\n" + PBN.encode())
    assert len(read_boards(path)) == 2
    lin = tmp_path / "bom.lin"
    lin.write_bytes(b"\xef\xbb\xbf" + LIN.encode())
    assert read_boards(lin)[0].number == 5
    assert len(parse_record("\ufeff" + PBN)) == 2


def test_byte_order_mark_in_an_uploaded_file_reads(tmp_path):
    import io

    from td_assist.web import create_app

    app = create_app({"TESTING": True, "STORE_PATH": str(tmp_path / "s.db"), "SECRET_KEY": "t"})
    client = app.test_client()
    page = client.get("/boards/new").get_data(as_text=True)
    token = __import__("re").search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    upload = (io.BytesIO(b"\xef\xbb\xbf% PBN 2.1\n" + PBN.encode()), "session.pbn")
    response = client.post(
        "/boards", data={"file": upload, "board_number": "5", "csrf_token": token}
    )
    assert response.status_code == 303


def test_pbn_markers_are_read_into_the_model():
    # ^S: East's turn skipped, so South bids next; ^I: West's 1H accepted.
    auction = '[Auction "N"]\n1S ^S 2S ^I 1H\nPass Pass Pass\n'
    board = parse_pbn(HEADER + auction)[0]
    seats = [s.value for s in board.auction_obj.seats]
    assert seats == ["N", "S", "W", "N", "E", "S"]
    (bid,) = board.insufficient_bids
    assert (bid.call_index, bid.offender, bid.accepted, bid.marked) == (3, Seat.W, True, True)
    assert (str(board.contract_obj), board.declarer_seat) == ("1H", Seat.W)
    assert parse_pbn(boards_to_pbn([board])) == [board]


def test_pbn_lead_marker_precedes_the_card_and_sets_the_leader():
    # East won trick 1 but South led trick 2 ('^L' before South's card).
    text = PBN.split("\n\n")[0].replace("HK D8 HT H4 ; South revokes", "D5 ^L DA DJ D2")
    board = parse_pbn(text)[0]
    assert board.play[4:] == ["DA", "DJ", "D2", "D5"]
    assert [(m.section, m.index, m.code) for m in board.irregularities] == [("play", 4, "^L")]
    (lead,) = board.leads_out_of_turn
    assert (lead.trick, lead.offender, lead.correct_leader) == (2, Seat.S, Seat.E)
    assert board.play_obj.tricks[1].leader is Seat.S
    assert parse_pbn(boards_to_pbn([board])) == [board]


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("vg|Spingold|rs|3NTN=|pn|a,b,c,d|qx|o1|md|3SAKQ|", "lin"),
        ('{Hand record for the club}\n[Board "1"]\n', "pbn"),
        ('{ "number": 1 }', "json"),
        ("board 1\ndeal N:...", "text"),
    ],
)
def test_paste_detection(text, fmt):
    assert detect_format(text) == fmt


def test_pasted_pbn_starting_with_a_comment_reads():
    assert len(parse_record("{Club hand record}\n" + PBN)) == 2


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ('[Board "x1"]\n[Deal "N:AKQ2.543.432.432 - - -"]\n', "PBN line 1"),
        ("\ufeff%" + "\n" + '[Board "1"]\n[Deal "N:AKQ"]\n', "PBN line 3"),
        ('{"number": 1, "auction": ["1S", ""]}', "field auction: call 2: unknown call (empty)"),
        ('{"number": 1, "play": ["\\u0000"]}', "field play: card 1: unknown card (empty)"),
        (HEADER + '[Auction "N"]\n1S =1= ""\n', "PBN line 6"),
        (HEADER + '[Contract "4S"]\n[Declarer "N"]\n[Result ""]\n[Play "E"]\nHA H6 H9 "\n', "PBN"),
    ],
)
def test_messages_have_no_python_wording(text, place):
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    message = str(caught.value)
    assert place in message
    for python in ("invalid literal", "int()", "''", "\\ufeff", "\\u"):
        assert python not in message, message


def test_a_game_with_neither_board_nor_deal_is_reported_not_dropped():
    skipped: list[str] = []
    text = '[Event "Scores only"]\n[ScoreIMP "NS 3"]\n\n' + PBN
    assert len(parse_pbn(text, skipped=skipped)) == 2
    assert skipped == [
        "PBN line 1: a game with no Board, Deal, Auction, Contract or Play tag holds no board"
    ]
    with pytest.raises(RecordError, match="no board found: PBN line 1: a game with no Board"):
        parse_pbn('[Event "Scores only"]\n')


def test_a_game_with_an_auction_but_no_board_or_deal_is_read():
    (board,) = parse_pbn('[Dealer "S"]\n[Auction "S"]\n1C AP\n')
    assert (board.number, str(board.contract_obj), board.declarer_seat) == (None, "1C", Seat.S)


def test_cli_json_error_is_a_json_object_on_stdout(tmp_path, capsys):
    from td_assist.cli import main

    bad = tmp_path / "bad.pbn"
    bad.write_text(HEADER + '[Auction "N"]\n1S Pas5\n')
    assert main(["rule", "revoke", str(bad), "--json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report == {
        "error": "auction call 2: 'Pas5' is not a call (e.g. 1C, 3NT, Pass, X, XX, AP)",
        "where": "bad.pbn, PBN line 6",
    }


def test_readme_compact_text_example_works_as_written():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    example = readme.split("compact text form:\n\n```\n", 1)[1].split("```", 1)[0]
    assert example.startswith("board 7\n") and "claim 10" in example
    (board,) = parse_record(example)
    assert (str(board.contract_obj), board.declarer_seat) == ("4S", Seat.S)
    # East, not West, led the ace of hearts: an accepted opening lead out of turn.
    (lead,) = board.leads_out_of_turn
    assert (lead.trick, lead.offender, lead.correct_leader, lead.opening_lead) == (
        1,
        Seat.E,
        Seat.W,
        True,
    )
    assert board.declarer_tricks_played() == 10


def test_cli_json_request_files_with_a_bom_or_a_huge_number(tmp_path, capsys):
    from td_assist.cli import main

    bom = tmp_path / "bom.json"
    bom.write_bytes(b'\xef\xbb\xbf{"board": {"number": 1, "auction": ["1s", "p", "p", "p"]}}')
    assert main(["rule", "revoke", str(bom), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wizard"] == "revoke"
    big = tmp_path / "big.json"
    big.write_text('{"board": {"number": ' + "9" * 5000 + "}}")
    assert main(["rule", "revoke", str(big), "--json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["where"] == "big.json" and "far too long" in report["error"]
