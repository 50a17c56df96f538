"""Schedules rendered as text, JSON, CSV and HTML."""

from __future__ import annotations

import csv
import io
import json

from hypothesis import given, settings

from fairpair.core import Player
from fairpair.formats.schedule import render_csv, render_html, render_json, render_text
from fairpair.pairing.round_robin import berger_schedule, rotation_schedule, split_into_sessions
from tests.strategies import player_counts

NAMES = (
    Player(1, "Anna"),
    Player(2, "Bartholomew Longname"),
    Player(3, "Cé"),
    Player(4, "D & <i>"),
)


def test_json_has_exactly_the_published_shape() -> None:
    assert json.loads(render_json(berger_schedule(3))) == {
        "players": 3,
        "rounds": [
            {"round": 1, "boards": [[2, 3]], "bye": 1},
            {"round": 2, "boards": [[1, 2]], "bye": 3},
            {"round": 3, "boards": [[3, 1]], "bye": 2},
        ],
    }


@settings(max_examples=25, deadline=None)
@given(player_counts(max_value=40))
def test_json_lists_every_board_of_every_round(n: int) -> None:
    schedule = berger_schedule(n)
    data = json.loads(render_json(schedule))
    assert data["players"] == n
    assert [r["round"] for r in data["rounds"]] == list(range(1, len(schedule.rounds) + 1))
    for entry, pairing in zip(data["rounds"], schedule.rounds, strict=True):
        assert entry["boards"] == [[g.white, g.black] for g in pairing.boards]
        assert entry["bye"] == pairing.bye


def test_json_of_sessions_adds_them_after_the_rounds() -> None:
    data = json.loads(render_json(split_into_sessions(berger_schedule(6), 2)))
    assert list(data) == ["players", "rounds", "sessions"]
    first = data["sessions"][0]
    assert first == {"session": 1, "boards": [[1, 6], [2, 5]], "rounds": [1, 1]}
    assert sum(len(s["boards"]) for s in data["sessions"]) == 15


def test_text_columns_line_up_with_long_names() -> None:
    text = render_text(berger_schedule(4), NAMES)
    block = text.split("\n\n")[1].splitlines()
    assert block[0] == "Round 1"
    header = block[1]
    black_column = header.index("Black")
    for line in block[2:]:
        assert line[black_column - 2 : black_column] == "  "
        assert line[black_column] != " "
    assert "Bartholomew Longname (2)" in text
    headers = {line.index("Black") for line in text.splitlines() if line.startswith("  Board")}
    assert headers == {black_column}  # every round of the sheet lines up


def test_text_shows_the_bye_and_numbers_without_names() -> None:
    text = render_text(berger_schedule(3))
    assert "  Bye: 1" in text
    assert text.startswith("Round robin: 3 players, 3 rounds\n")


def test_text_of_a_double_round_robin_and_of_sessions() -> None:
    assert render_text(berger_schedule(4, double=True)).startswith(
        "Double round robin: 4 players, 6 rounds"
    )
    text = render_text(split_into_sessions(berger_schedule(5), 1))
    assert text.startswith("Round robin: 5 players, 5 rounds in 10 sessions on 1 boards")
    assert "Byes: round 1: 1, round 2: 4" in text


def test_text_of_a_rotation_lists_the_seats() -> None:
    text = render_text(rotation_schedule((None, 1, 2, 3)), NAMES[:3])
    assert "     1  (empty)" in text
    assert "     2  Anna (1)" in text


def test_csv_with_names_and_byes() -> None:
    rows = list(csv.reader(io.StringIO(render_csv(berger_schedule(3), NAMES[:3]))))
    assert rows[:3] == [
        ["round", "board", "white", "black"],
        ["1", "1", "Bartholomew Longname (2)", "Cé (3)"],
        ["1", "bye", "Anna (1)", ""],
    ]
    assert len(rows) == 1 + 3 * 2


def test_csv_of_sessions() -> None:
    rows = list(csv.reader(io.StringIO(render_csv(split_into_sessions(berger_schedule(5), 1)))))
    assert rows[0] == ["session", "board", "round", "white", "black"]
    assert rows[1] == ["1", "1", "1", "2", "5"]
    assert ["", "bye", "1", "1", ""] in rows


def test_html_escapes_names_and_is_self_contained() -> None:
    page = render_html(berger_schedule(4), NAMES)
    assert "D &amp; &lt;i&gt; (4)" in page
    assert "<i>" not in page
    assert "<link" not in page and "<script" not in page
    assert page.count("<h2>Round") == 3
    assert page.rstrip().endswith("</html>")


def test_html_of_a_rotation_lists_the_seats() -> None:
    page = render_html(rotation_schedule((None, 1, 2, 3)), NAMES[:3])
    assert '<tr><td class="n">1</td><td>(empty)</td></tr>' in page
    assert '<tr><td class="n">2</td><td>Anna (1)</td></tr>' in page


def test_html_of_sessions_lists_the_byes() -> None:
    page = render_html(split_into_sessions(berger_schedule(5), 1))
    assert page.count("<h2>Session") == 10
    assert "<li>Round 1: 1</li>" in page
