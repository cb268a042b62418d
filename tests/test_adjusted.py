"""Law 12C adjusted scores: every figure here was worked by hand (shown in the comments).

Scores follow Law 77 (see ../shared/reference/seed-facts.md), IMPs the Law 78B scale,
matchpoints 2 per score beaten and 1 per tie.
"""

import json

import pytest

from td_assist.bridge.cards import Seat, Side
from td_assist.bridge.deal import Vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.cli import main
from td_assist.rulings.procedures.adjusted_scores import (
    SelfInflictedMethod,
    adjusted_score,
    artificial_score,
)
from td_assist.rulings.procedures.result_answers import (
    parse_comparison,
    parse_results,
    parse_traveller,
)
from td_assist.settings import load_settings
from td_assist.web import create_app

NONE, NS_VUL, ALL = Vulnerability.NONE, Vulnerability.NS, Vulnerability.ALL
# Seed traveller, board 1, none vulnerable (NS scores of pairs 1-7).
SEED_TRAVELLER = [420, 430, 500, 420, 450, -50, 170]


def others(index: int) -> list[int]:
    """The traveller without one table's own result (what the TD enters)."""
    return SEED_TRAVELLER[:index] + SEED_TRAVELLER[index + 1 :]


# ------------------------------------------------------------------ parsing


def test_parse_the_contract_example():
    first, second = parse_results("4S S 10 0.6; 3SX S 9 0.4")
    assert (str(first.contract), first.declarer, first.tricks, first.weight) == (
        "4S",
        Seat.S,
        10,
        0.6,
    )
    assert (second.contract.doubling, second.tricks, second.weight) == (1, 9, 0.4)


def test_parse_relative_tricks_percent_weights_comma_decimals_and_new_lines():
    results = parse_results("4S-1 by S 50%\n4S= S 0,3\n5DX W -3 20%")
    assert [r.tricks for r in results] == [9, 10, 8]
    assert [r.weight for r in results] == [0.5, 0.3, 0.2]
    assert results[2].declarer is Seat.W


def test_parse_declarer_glued_to_the_contract_and_a_passed_out_board():
    glued, passed = parse_results("3NTN 9 0.8; Pass 0.2")
    assert glued.declarer is Seat.N and glued.tricks == 9
    assert passed.contract.is_passed_out and passed.weight == 0.2


def test_one_result_needs_no_weight():
    (only,) = parse_results("4H E 10")
    assert only.weight == 1.0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4S S 10 0.5; 3S S 9 0.4", "the weights add up to 0.9"),
        ("4S S 10 0.6; 3S S 9 0.6", "the weights add up to 1.2"),
        ("4S S 10 0.6; 3S S 9", "result 2 has no weight"),
        ("4S S 10 0.6; 3Q S 9 0.4", "result 2 ('3Q S 9 0.4'): unknown contract '3Q'"),
        ("4S Q 10 1", "result 1 ('4S Q 10 1'): unknown seat 'Q'"),
        ("4S S 14 1", "4S 14 means 14 tricks, which is impossible"),
        ("7NT S +1 1", "7NT +1 means 14 tricks"),
        ("4S S ten 1", "tricks 'ten' is not a number"),
        ("4S S 10 lots", "weight 'lots' is not a number"),
        ("4S S 10 -0.5; 3S S 9 1.5", "weight '-0.5' must be a positive number"),
        ("4S", "no declarer after 4S"),
        ("4S S", "no tricks after 4S S"),
        ("4S S 10 0.6 extra", "unexpected 'extra'"),
        ("4S S 10 1; 3S S 9 0", "result 2 has weight 0"),
        ("", "no results given"),
        (" ; ", "no results given"),
    ],
)
def test_bad_results_name_the_problem_and_the_part(text, message):
    with pytest.raises(RecordError, match=None) as caught:
        parse_results(text)
    assert message in str(caught.value)


def test_traveller_parsing_and_its_errors():
    assert parse_traveller("+420, 430;-50  170") == [420, 430, -50, 170]
    with pytest.raises(RecordError, match="traveller entry 2: 'abc' is not a score"):
        parse_traveller("420, abc")
    with pytest.raises(RecordError, match="the traveller is empty"):
        parse_traveller(" , ")


# ------------------------------------------------------------------ Law 77 scores


def test_each_result_gets_its_law_77_score():
    # Seed facts: 4S making 10 = 420 not vul, 620 vul; 2S doubled making 9 = 570 not vul;
    # 6NT making 13 = 1020 not vul; defenders' side gets the negative.
    answer = adjusted_score(
        parse_results("4S S 10 0.25; 2SX N 9 0.25; 6NT S 13 0.25; 4H E 10 0.25"), NONE
    )
    assert [line.score_ns for line in answer.weighted] == [420, 570, 1020, -420]
    # 0.25 * (420 + 570 + 1020 - 420) = 397.5
    assert answer.score_ns_final == 397.5
    vul = adjusted_score(parse_results("4S S 10 1"), NS_VUL)
    assert vul.weighted[0].score_ns == 620 and vul.score_ns_final == 620


def test_a_single_assigned_result_balances():
    answer = adjusted_score(parse_results("3NT W 9"), Vulnerability.EW)
    # 3NT vul making 9 = 600 to EW.
    assert answer.score_ns_final == -600
    assert answer.by_side["NS"].score == -600 and answer.by_side["EW"].score == 600
    assert answer.laws == ["12C1b"]


# ------------------------------------------------------------------ IMPs


def test_the_cli_example_in_imps():
    # NS vul: 4S S 10 = +620, 3S S 9 = +140; other table NS -140.
    # 620 - -140 = 760 -> 13 IMPs; 140 - -140 = 280 -> 7 IMPs.
    # Weighted IMPs 0.6 x 13 + 0.4 x 7 = 10.6; weighted points 372 + 56 = 428.
    answer = adjusted_score(parse_results("4S S 10 0.6; 3S S 9 0.4"), NS_VUL, comparison=-140)
    assert [line.imps_ns for line in answer.weighted] == [13, 7]
    assert answer.imps_ns == 10.6
    assert answer.score_ns_final == 428
    # The trap: IMPs of the weighted points would be 428 + 140 = 568 -> 11.
    assert answer.imps_ns != 11
    assert answer.by_side["NS"].imps == 10.6 and answer.by_side["EW"].imps == -10.6


def test_weighted_imps_are_never_the_imps_of_the_weighted_points():
    # All vul. 4H N 10 = +620, 4H N 9 = -100. Other table 3H N 10 = +170.
    # 620 - 170 = 450 -> +10; -100 - 170 = -270 -> -7. 0.5 x 10 + 0.5 x -7 = +1.5.
    # Weighted points 260; 260 - 170 = 90 would be 3 IMPs: wrong.
    answer = adjusted_score(parse_results("4H N 10 0.5; 4H N 9 0.5"), ALL, comparison=170)
    assert answer.score_ns_final == 260
    assert answer.imps_ns == 1.5


def test_three_results_weighted_in_imps():
    # None vul. 4S S 10 = +420, 4S S 9 = -50, 5DX W 8 (down 3 doubled, not vul) = +500.
    # Other table NS +420: 0, -470 -> -10, +80 -> +2.
    # IMPs 0.5 x 0 + 0.3 x -10 + 0.2 x 2 = -2.6; points 210 - 15 + 100 = 295.
    answer = adjusted_score(
        parse_results("4S S 10 0.5; 4S S 9 0.3; 5DX W 8 0.2"), NONE, comparison=420
    )
    assert [line.score_ns for line in answer.weighted] == [420, -50, 500]
    assert [line.imps_ns for line in answer.weighted] == [0, -10, 2]
    assert answer.imps_ns == -2.6
    assert answer.score_ns_final == 295
    assert answer.laws == ["12C1b", "12C1c"]


def test_seed_team_match_boards_as_single_results():
    # Seed facts, team match: board 2 (NS vul) 5DX W 8 = +500 against NS +620 at the
    # other table -> -120 -> -3; board 3 (EW vul) 3NT W 12 = -690 against -1440 -> +13.
    assert adjusted_score(parse_results("5DX W 8"), NS_VUL, comparison=620).imps_ns == -3
    assert (
        adjusted_score(parse_results("3NT W 12"), Vulnerability.EW, comparison=-1440).imps_ns == 13
    )


# ------------------------------------------------------------------ matchpoints


def test_seed_traveller_matchpoints_for_a_single_result():
    # Pair 2 (3NT by S, 10 tricks: +430) scores 8 of a top of 12 on the seed traveller.
    answer = adjusted_score(parse_results("3NT S 10"), NONE, traveller=others(1))
    assert answer.weighted[0].mp_ns == 8
    assert answer.top == 12
    assert answer.mp_percent_ns == 66.67  # 8 / 12
    assert answer.by_side["EW"].mp_percent == 33.33
    # Pairs 1 and 4 tie on +420: 5 each (beat -50 and +170, tie with each other).
    assert (
        adjusted_score(parse_results("4S N 10"), NONE, traveller=others(0)).weighted[0].mp_ns == 5
    )


def test_weighted_matchpoints_on_the_seed_traveller():
    # Pair 6 (5S down 1, -50) adjusted to 70% 4S= (+420) and 30% 4S+1 (+450).
    # Others: 420 430 500 420 450 170. +420 beats 170 (2), ties two 420s (1 + 1) = 4.
    # +450 beats 420, 430, 420, 170 (8) and ties 450 (1) = 9. Top 12.
    # Weighted 0.7 x 4 + 0.3 x 9 = 5.5 -> 45.83%; EW 54.17%.
    answer = adjusted_score(parse_results("4S N 10 0.7; 4S N 11 0.3"), NONE, traveller=others(5))
    assert [line.mp_ns for line in answer.weighted] == [4, 9]
    assert answer.mp_percent_ns == 45.83
    assert answer.by_side["NS"].mp_percent == 45.83
    assert answer.by_side["EW"].mp_percent == 54.17


def test_matchpoints_are_weighted_not_the_weighted_points():
    # Traveller 400, 300, 200 (top 6). 6NT= +990 beats all three: 6 MP; 6NT-1 -50: 0 MP.
    # Weighted 0.6 x 6 + 0.4 x 0 = 3.6 -> 60%. The weighted points (594 - 20 = 574)
    # would beat all three: 100%, which is wrong.
    answer = adjusted_score(
        parse_results("6NT N 12 0.6; 6NT N 11 0.4"), NONE, traveller=[400, 300, 200]
    )
    assert [line.score_ns for line in answer.weighted] == [990, -50]
    assert answer.mp_percent_ns == 60
    assert answer.score_ns_final == 574


# ------------------------------------------------------------------ Law 12C1(e)


def split(without_error: str, method=SelfInflictedMethod.SELF_INFLICTED_PART, **units):
    """NS non-offenders, none vul. Assigned: 4H N 10 (+420). Table: 4SX E 9 (+100)."""
    return adjusted_score(
        parse_results("4H N 10"),
        NONE,
        table_result=parse_results("4SX E 9"),
        without_error=parse_results(without_error),
        non_offenders=Side.NS,
        method=method,
        **units,
    )


def test_serious_error_part_of_the_damage_in_imps():
    # Other table NS +50. A = 4SX E 9 = +100 -> +2. B = +420 -> +9.
    # C (without their revoke) = 4SX E 8 = +300 -> +6.
    # A < C < B: NS get A + B - C = 5 IMPs; EW (offenders) get the full -9.
    answer = split("4SX E 8", comparison=50)
    assert answer.by_side["NS"].imps == 5
    assert answer.by_side["EW"].imps == -9
    assert answer.imps_ns == 9  # the adjusted score itself
    assert answer.self_inflicted is not None
    assert answer.self_inflicted.self_inflicted.imps == 4  # C - A
    # In points: 100 + 420 - 300 = 220 for NS; EW -420.
    assert answer.by_side["NS"].score == 220 and answer.by_side["EW"].score == -420
    assert "12C1e" in answer.laws


def test_serious_error_all_of_the_damage():
    # C = 4SX E 6 (down 4 doubled, not vul) = +800 -> 750 -> 13 >= B: NS keep A = +2.
    answer = split("4SX E 6", comparison=50)
    assert answer.by_side["NS"].imps == 2 and answer.by_side["EW"].imps == -9


def test_no_part_of_the_damage_was_self_inflicted():
    # C = the table result: the error cost nothing, so the scores balance: +9 / -9.
    answer = split("4SX E 9", comparison=50)
    assert answer.by_side["NS"].imps == 9 and answer.by_side["EW"].imps == -9
    assert answer.self_inflicted is not None and answer.self_inflicted.self_inflicted.imps == 0


def test_table_result_method_keeps_the_non_offenders_table_result():
    answer = split("4SX E 8", SelfInflictedMethod.TABLE_RESULT, comparison=50)
    assert answer.by_side["NS"].imps == 2 and answer.by_side["EW"].imps == -9
    assert answer.by_side["NS"].score == 100


def test_serious_error_in_matchpoints():
    # Traveller 420, 420, 300, 100, 50 (top 10).
    # A +100: beats 50, ties 100 = 3 -> 30%. B +420: beats 300, 100, 50 (6), ties two (2)
    # = 8 -> 80%. C +300: beats 100, 50 (4), ties 300 (1) = 5 -> 50%.
    # NS get 30 + 80 - 50 = 60%; EW (offenders) get 100 - 80 = 20%.
    answer = split("4SX E 8", traveller=[420, 420, 300, 100, 50])
    assert answer.by_side["NS"].mp_percent == 60
    assert answer.by_side["EW"].mp_percent == 20


def test_serious_error_with_ew_as_non_offenders():
    # EW did not offend. NS played 4HX N 9 (down 1 doubled, not vul: EW +100) after EW's
    # serious error; without it 4HX N 8 (EW +300); assigned 4S W 10 (EW +420).
    # Other table NS -50, i.e. EW +50: A +2, B +9, C +6 from EW's view -> EW +5, NS -9.
    answer = adjusted_score(
        parse_results("4S W 10"),
        NONE,
        comparison=-50,
        table_result=parse_results("4HX N 9"),
        without_error=parse_results("4HX N 8"),
        non_offenders=Side.EW,
    )
    assert answer.by_side["EW"].imps == 5 and answer.by_side["NS"].imps == -9


def test_no_damage_means_no_split_and_no_change():
    # Table 4SX E 7 (down 3 doubled, not vul: NS +500) is better for NS than the assigned
    # 4H N 10 (+420): no damage, so neither side's score changes (Law 12B1).
    answer = adjusted_score(
        parse_results("4H N 10"),
        NONE,
        table_result=parse_results("4SX E 7"),
        without_error=parse_results("4SX E 6"),
        non_offenders=Side.NS,
    )
    assert answer.by_side["NS"].score == 500 and answer.by_side["EW"].score == -500


def test_serious_error_needs_all_its_facts():
    with pytest.raises(RecordError, match="Law 12C1\\(e\\) needs"):
        adjusted_score(parse_results("4H N 10"), NONE, table_result=parse_results("4SX E 9"))


# ------------------------------------------------------------------ artificial


def test_artificial_scores_average_plus_and_minus():
    answer = artificial_score(Side.EW)
    assert answer.by_side["EW"].mp_percent == 60 and answer.by_side["NS"].mp_percent == 40
    assert answer.by_side["EW"].imps == 3 and answer.by_side["NS"].imps == -3
    both = artificial_score(None)
    assert both.by_side["NS"].mp_percent == 50 == both.by_side["EW"].mp_percent


# ------------------------------------------------------------------ settings


def test_settings_choose_the_12c1e_method(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path))
    assert load_settings().self_inflicted_method is SelfInflictedMethod.SELF_INFLICTED_PART
    (tmp_path / "settings.toml").write_text('self_inflicted_method = "table_result"\n')
    assert load_settings().self_inflicted_method is SelfInflictedMethod.TABLE_RESULT
    args = [
        "adjust", "--results", "4H N 10", "--comparison", "50", "--table-result", "4SX E 9",
        "--without-error", "4SX E 8", "--non-offenders", "NS", "--json",
    ]  # fmt: skip
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["by_side"]["NS"]["imps"] == 2
    assert main([*args, "--method", "self_inflicted_part"]) == 0
    assert json.loads(capsys.readouterr().out)["by_side"]["NS"]["imps"] == 5


def test_a_bad_settings_file_is_named(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path))
    (tmp_path / "settings.toml").write_text('self_inflicted_method = "coin_toss"\n')
    with pytest.raises(RecordError, match=r"settings\.toml.*coin_toss"):
        load_settings()
    (tmp_path / "settings.toml").write_text("self_inflicted_method = \n")
    code = main(["adjust", "--results", "4S S 10", "--table-result", "4S S 9",
                 "--without-error", "4S S 9", "--non-offenders", "EW"])  # fmt: skip
    assert code == 2 and "not valid TOML" in capsys.readouterr().err


# ------------------------------------------------------------------ command line


def test_cli_adjust_plain(capsys):
    code = main(["adjust", "--results", "4S S 10 0.6; 3S S 9 0.4", "--vul", "NS",
                 "--comparison", "-140"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "+620" in out and "+13" in out and "+7" in out
    assert "Weighted score: NS +428" in out
    assert "NS +10.6" in out


def test_cli_adjust_json_fields_of_the_contract(capsys):
    code = main(["adjust", "--results", "4S N 10 0.7; 4S N 11 0.3", "--board", "1",
                 "--traveller", "420, 430, 500, 420, 450, 170", "--json"])  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["adjusted"] is True
    assert data["weighted"][0] == {
        "contract": "4S", "declarer": "N", "tricks": 10, "weight": 0.7, "score_ns": 420,
        "imps_ns": None, "mp_ns": 4.0, "mp_percent_ns": 33.33, "dd_tricks": None,
    }  # fmt: skip
    assert data["score_ns_final"] == 429  # 0.7 x 420 + 0.3 x 450
    assert data["mp_percent_ns"] == 45.83
    assert data["imps_ns"] is None
    assert set(data["by_side"]) == {"NS", "EW"}


def test_cli_board_number_gives_the_vulnerability(capsys):
    # Board 5: NS vulnerable, so 4S by S making is +620.
    assert main(["adjust", "--results", "4S S 10", "--board", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["score_ns_final"] == 620


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--results", "4S S 10 0.5; 3S S 9 0.4"], "the weights add up to 0.9"),
        (["--results", "4S S 10", "--vul", "Some"], "unknown vulnerability"),
        (["--results", "4S S 10", "--comparison", "lots"], "comparison 'lots' is not a score"),
        (["--results", "4S S 10", "--comparison", "1", "--traveller", "2"], "not both"),
        (["--results", "4S S 10", "--board", "1", "--vul", "NS"], "not both"),
        (["--results", "4S S 10", "--table-result", "4S S 9"], "needs all three"),
        (["--results", "4S S 10", "--traveller", "x"], "traveller entry 1"),
    ],
)
def test_cli_adjust_errors(capsys, argv, message):
    assert main(["adjust", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


# ------------------------------------------------------------------ web


@pytest.fixture
def client():
    return create_app({"TESTING": True}).test_client()


def test_desk_page_shows_the_weighted_figures(client):
    response = client.get(
        "/adjust",
        query_string={"results": "4S S 10 0.6\n3S S 9 0.4", "vul": "NS", "comparison": "-140"},
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "data-weighted" in html and "+620" in html and "+140" in html
    assert "data-imps-ns>+10.60<" in html and "data-imps-ew>-10.60<" in html
    assert "data-score-ns>+428<" in html


def test_desk_page_matchpoints_and_split(client):
    response = client.get(
        "/adjust",
        query_string={
            "results": "4H N 10",
            "vul": "None",
            "traveller": "420 420 300 100 50",
            "table_result": "4SX E 9",
            "without_error": "4SX E 8",
            "non_offenders": "NS",
        },
    )
    html = response.get_data(as_text=True)
    assert "data-mp-ns>60.00%<" in html and "data-mp-ew>20.00%<" in html
    assert "data-split" in html


def test_desk_page_bad_input_is_a_clear_400(client):
    response = client.get("/adjust", query_string={"results": "4S S 10 0.5\n3Z S 9 0.5"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "result 2" in html and "unknown contract" in html
    long = client.get("/adjust", query_string={"results": "4S S 10 1;" * 3000})
    assert long.status_code == 400
    assert client.get("/adjust").status_code == 200


def test_adjust_api(client):
    response = client.post(
        "/api/adjust",
        json={"results": ["4S S 10 0.6", "3S S 9 0.4"], "vul": "NS", "comparison": -140},
    )
    assert response.status_code == 200
    assert response.get_json()["imps_ns"] == 10.6
    bad = client.post("/api/adjust", json={"results": "4S S 10 0.6", "nonsense": 1})
    assert bad.status_code == 400 and "nonsense" in bad.get_json()["error"]
    assert client.post("/api/adjust", data="not json").status_code == 400


# ------------------------------------------------------------------ hostile input

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_TOKENS = st.sampled_from(
    ["4S", "3NTX", "7NT", "Pass", "S", "W", "10", "13", "14", "=", "+1", "-9", "0.5", "50%",
     "1e400", "nan", "-0", ";", "\n", "by", "X", "♠", "10♥", ""]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_TOKENS, max_size=12).map(" ".join) | st.text(max_size=80))
def test_any_results_text_parses_or_names_its_problem(text):
    try:
        results = parse_results(text)
    except RecordError as error:
        assert str(error)
        return
    assert abs(sum(r.weight for r in results) - 1) < 1e-6
    adjusted_score(results, NONE, comparison=0, traveller=[0, 100])


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=60))
def test_any_traveller_text_parses_or_names_its_problem(text):
    try:
        scores = parse_traveller(text)
    except RecordError as error:
        assert str(error)
        return
    assert all(isinstance(s, int) for s in scores)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["results", "vul", "board", "comparison", "traveller",
                                        "table_result", "without_error", "non_offenders",
                                        "method", "deal"]),
                       st.one_of(st.text(max_size=30), st.integers(), st.none(),
                                 st.lists(st.integers(), max_size=3))))  # fmt: skip
def test_the_adjust_api_never_fails_with_a_500(body):
    client = create_app({"TESTING": True}).test_client()
    response = client.post("/api/adjust", json=body)
    assert response.status_code in (200, 400)


@pytest.mark.parametrize("text", ["99999999999999999999999", "425", "-7610"])
def test_a_comparison_that_no_board_can_score_is_refused(text):
    with pytest.raises(RecordError, match="not a bridge score"):
        parse_comparison(text)


def test_a_long_bad_token_is_quoted_short_in_the_error():
    with pytest.raises(RecordError) as raised:
        parse_traveller("420, " + "7" * 100_000 + "x")
    assert len(str(raised.value)) < 200 and raised.value.where == "traveller entry 2"


# ------------------------------------------------ one reader for the command and the desk


SPLIT_12C1E = {
    "results": "4S S 10",
    "vul": "None",
    "table_result": "4SX E 8",
    "without_error": "4S S 10",
    "non_offenders": "N-S",
}


def test_the_command_and_the_desk_read_a_request_alike(client, capsys):
    """``td-assist adjust`` and ``POST /api/adjust`` share one reader (result_answers):
    the same request gives the same figures, and the same words for the same mistake."""
    argv: list[str] = []
    for name, value in SPLIT_12C1E.items():
        argv += [f"--{name.replace('_', '-')}", value]
    assert main(["adjust", *argv, "--json"]) == 0
    from_command = json.loads(capsys.readouterr().out)
    response = client.post("/api/adjust", json=SPLIT_12C1E)
    assert response.status_code == 200  # 'N-S' is a side on the desk too
    assert response.get_json() == from_command
    assert from_command["self_inflicted"]["non_offenders"] == "NS"

    missing = {"results": "4S S 10", "table_result": "4SX E 8"}
    assert main(["adjust", "--results", "4S S 10", "--table-result", "4SX E 8"]) == 2
    command_error = capsys.readouterr().err
    desk_error = client.post("/api/adjust", json=missing).get_json()["error"]
    assert "needs all three" in desk_error and desk_error in command_error


def test_the_clubs_method_is_read_only_when_the_request_names_none():
    from td_assist.rulings.procedures.result_answers import AdjustRequest, adjust_from_request

    def no_setting() -> SelfInflictedMethod:
        raise AssertionError("the setting was read though the request names a method")

    request = AdjustRequest(**SPLIT_12C1E, method="table_result")
    answer = adjust_from_request(request, no_setting)
    assert answer.self_inflicted is not None
    assert answer.self_inflicted.method == SelfInflictedMethod.TABLE_RESULT
    with pytest.raises(RecordError, match="is not a board number"):
        adjust_from_request(AdjustRequest(results="4S S 10", board="5a"), no_setting)
