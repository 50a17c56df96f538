"""A team event's printouts: match cards, team pairings, team standings, board prizes.

The expected line-ups and colours are worked out here from the rules of the spec
(team-swiss.md §1.2-1.4), not read from the code under test: a team fields its roster in
roster order unless a line-up was given; the White team (the first-named) has the colour the
event's board-colour sequence gives on each board (default W, B, W, B, ...), the other team
the opposite one.
"""

from __future__ import annotations

import html
import io
import re
from datetime import UTC, datetime

import pytest
from pypdf import PdfReader

from fairpair.core import Player
from fairpair.formats.pdf import html_to_pdf
from fairpair.formats.printouts import render_html, render_text
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service import team_printouts as tp
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings, System, TeamSettings
from fairpair.storage import MemoryStore

CLUBS = ("Ajax", "Bergen", "Caissa", "Dresden", "Elbe", "Fjord", "Gambit")


def roster(club: str, rated: bool, size: int = 5) -> tuple[Player, ...]:
    return tuple(
        Player(1, f"{club} {b}", rating=(2300 - 10 * b) if rated else None)
        for b in range(1, size + 1)
    )


def team_event(
    teams: int = 5,
    *,
    rated: bool = True,
    board_colours: str = "",
    system: System = System.TEAM_SWISS,
    tiebreaks: tuple[str, ...] = (),
) -> tuple[ev.Desk, int]:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC), "arbiter")
    settings = EventSettings(
        "League",
        system,
        rounds=None if system is System.TEAM_BERGER else 3,
        tiebreaks=tiebreaks,
        start_date="2026-05-01",
        team=TeamSettings(boards=4, board_colours=board_colours),
    )
    event = te.create_team_event(desk, settings)
    te.import_teams(
        desk,
        event.id,
        [te.NewTeam(c, roster(c, rated), captain=f"Captain {c}") for c in CLUBS[:teams]],
    )
    return desk, event.id


def spec_colours(board_colours: str, boards: int) -> list[tuple[str, str]]:
    """(White team's colour, other team's colour) board by board, spec §1.4."""
    sequence = board_colours or "".join("WB"[b % 2] for b in range(boards))
    word = {"W": "White", "B": "Black"}
    other = {"W": "B", "B": "W"}
    return [(word[c], word[other[c]]) for c in sequence]


CARD_ROW = re.compile(
    r'<tr><td class="n">(\d+)</td><td>(White|Black)</td><td>(.*?)</td>'
    r'(?:<td class="n">(\d*)</td>)?<td class="result">(.*?)</td>'
    r'(?:<td class="n">(\d*)</td>)?<td>(.*?)</td><td>(White|Black)</td></tr>'
)


def cards_of(page: str) -> list[str]:
    return page.split('<div class="card">')[1:]


def boards_of(card: str) -> list[tuple[str, ...]]:
    return [tuple(html.unescape(g or "") for g in m.groups()) for m in CARD_ROW.finditer(card)]


BOXES = '<span class="box"></span>1-0<span class="box"></span>½-½<span class="box"></span>0-1'


def test_a_match_card_lists_the_line_ups_in_board_order_with_the_spec_colours() -> None:
    desk, event_id = team_event(board_colours="WBBW")
    event, _ = te.pair_team_round(desk, event_id)
    matches = event.tournament.rounds[0].matches
    assert len(matches) == 2  # five teams: two matches and a bye
    name = {team.id: team.name for team in event.tournament.teams}
    # The first match's first team fields a reserve: roster 1, 3, 4, 5 (2 rests).
    reserve = name[matches[0].first]
    te.set_lineup(desk, event_id, reserve, ["#1", "#3", "#4", "#5"])
    # The second match's second team has three players: board 4 is empty, lost by forfeit.
    short = name[matches[1].second]
    event = te.set_lineup(desk, event_id, short, ["#1", "#2", "#3"])
    expected_names = {
        reserve: [f"{reserve} {r}" for r in (1, 3, 4, 5)],
        short: [f"{short} {r}" for r in (1, 2, 3)] + ["(empty board)"],
    }

    page = render_html(tp.match_cards_sheet(event), "a4")
    cards = cards_of(page)
    assert len(cards) == len(matches)
    colours = spec_colours("WBBW", 4)
    for card, match in zip(cards, matches, strict=True):
        first, second = name[match.first], name[match.second]
        rows = boards_of(card)
        assert [r[0] for r in rows] == ["1", "2", "3", "4"]
        lineup_1 = expected_names.get(first, [f"{first} {b}" for b in range(1, 5)])
        lineup_2 = expected_names.get(second, [f"{second} {b}" for b in range(1, 5)])
        assert [r[2] for r in rows] == lineup_1
        assert [r[6] for r in rows] == lineup_2
        assert [(r[1], r[7]) for r in rows] == colours
        # Ratings: "Ajax 3" is rated 2300 - 30.
        for r in rows:
            for player, rating in ((r[2], r[3]), (r[6], r[5])):
                if player != "(empty board)":
                    assert rating == str(2300 - 10 * int(player.split()[-1]))
        # Signatures: both captains by their team (and name) and the arbiter.
        assert f"Captain of {first} (Captain {first})" in card
        assert f"Captain of {second} (Captain {second})" in card
        assert card.count('<span class="line"></span>') == 3 and "Arbiter" in card
        assert f'<p class="head">Round 1 &middot; Match {matches.index(match) + 1}</p>' in card
    # Boards to play have the three boxes; the empty board shows its forfeit, first team's
    # player first: the short team is second, so the first team's player wins it.
    results = [r[4] for r in boards_of(cards[1])]
    assert results == [html.unescape(BOXES)] * 3 + ["+-"]
    assert page.count("<h1>League</h1>") == 2


def test_one_page_break_a_match_and_none_after_the_last() -> None:
    desk, event_id = team_event(7)
    event, _ = te.pair_team_round(desk, event_id)
    page = render_html(tp.match_cards_sheet(event))
    assert len(cards_of(page)) == 3
    assert "div.card { page-break-after: always;" in page
    assert "div.card:last-child { page-break-after: auto; }" in page
    # The cards are the body's only elements, so the last card is its last child.
    body = page.split("<body>")[1].split("</body>")[0]
    assert body.strip().startswith('<div class="card">') and body.strip().endswith("</div>")


def test_an_event_without_ratings_has_no_rating_column_on_its_cards() -> None:
    desk, event_id = team_event(4, rated=False)
    event, _ = te.pair_team_round(desk, event_id)
    page = render_html(tp.match_cards_sheet(event))
    assert "Rtg" not in page
    for card in cards_of(page):
        rows = boards_of(card)
        assert len(rows) == 4 and all(r[3] == "" and r[5] == "" for r in rows)
        assert [(r[1], r[7]) for r in rows] == spec_colours("", 4)
    rated_desk, rated_id = team_event(4)
    rated, _ = te.pair_team_round(rated_desk, rated_id)
    rated_page = render_html(tp.match_cards_sheet(rated))
    assert rated_page.count('<th class="n">Rtg</th>') == 2 * 2  # two a card, two cards


def test_the_cards_as_text_have_the_players_boxes_and_signatures() -> None:
    desk, event_id = team_event(4)
    event, _ = te.pair_team_round(desk, event_id)
    match = event.tournament.rounds[0].matches[0]
    first, second = (event.tournament.team(x).name for x in (match.first, match.second))
    text = render_text(tp.match_cards_sheet(event))
    assert text.count("\f") == 1  # a form feed between the two cards
    card = text.split("\f")[0]
    assert f"{first}  -  {second}" in card
    assert f" 1  White  {first} 1 (2290)  |  [ ] 1-0   [ ] ½-½   [ ] 0-1  |  {second} 1" in card
    assert f"Captain of {first} (Captain {first}): ______________" in card
    assert "Arbiter: ______________" in card


def page_texts(data: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]


def test_a_rounds_cards_print_as_one_pdf_of_one_a4_page_a_match() -> None:
    desk, event_id = team_event(7)
    event, _ = te.pair_team_round(desk, event_id)
    matches = event.tournament.rounds[0].matches
    pdf = html_to_pdf(render_html(tp.match_cards_sheet(event), "a4"))
    reader = PdfReader(io.BytesIO(pdf.data))
    assert len(reader.pages) == len(matches) == 3
    for page in reader.pages:
        width, height = (float(x) * 25.4 / 72 for x in page.mediabox.upper_right)
        assert (round(width), round(height)) == (210, 297)
    texts = page_texts(pdf.data)
    for number, (text, match) in enumerate(zip(texts, matches, strict=True), start=1):
        first, second = (event.tournament.team(x).name for x in (match.first, match.second))
        assert f"Round 1 · Match {number}" in text
        assert f"{first} 4" in text and f"{second} 4" in text  # board 4 on this page
        others = [t.name for t in event.tournament.teams if t.id not in (match.first, match.second)]
        assert not any(f"{other} 1" in text for other in others)


def test_a_match_forfeited_as_a_whole_has_a_card_that_says_so() -> None:
    desk, event_id = team_event(4, system=System.TEAM_BERGER)
    event, _ = te.pair_team_round(desk, event_id)
    boards = [f"{m}.{b}" for m in (1, 2) for b in range(1, 5)]
    te.record_team_results(desk, event_id, None, [(ref, "1-0") for ref in boards])
    te.withdraw_team(desk, event_id, "Ajax")
    event, _ = te.pair_team_round(desk, event_id)
    sheet = tp.match_cards_sheet(event)
    forfeited = [m for m in event.tournament.rounds[1].matches if m.forfeit is not None]
    assert len(forfeited) == 1
    page = render_html(sheet)
    assert page.count("Match not played: forfeit") == 1
    ajax_first = event.tournament.team(forfeited[0].first).name == "Ajax"
    assert f"Match not played: forfeit {'-+' if ajax_first else '+-'}" in page
    assert len(cards_of(page)) == 2
    assert f"Match not played: forfeit {'-+' if ajax_first else '+-'}" in render_text(sheet)
    pairings = tp.team_pairings_sheet(event, boards=True)
    assert "forfeit" in " ".join(r[4] for r in pairings.rows)
    standings = tp.team_standings_sheet(event)
    assert "Ajax (withdrawn)" in [r[2] for r in standings.rows]


def test_team_pairings_with_scores_before_the_round_match_score_and_boards() -> None:
    desk, event_id = team_event(4, system=System.TEAM_BERGER)
    event, _ = te.pair_team_round(desk, event_id)
    first_round = event.tournament.rounds[0].matches
    # Match 1: the first team wins boards 1-3 and loses board 4 (3-1); match 2 all drawn.
    results = [("1.1", "1-0"), ("1.2", "1-0"), ("1.3", "1-0"), ("1.4", "0-1")]
    results += [(f"2.{b}", "=") for b in range(1, 5)]
    event = te.record_team_results(desk, event_id, None, results)
    sheet = tp.team_pairings_sheet(event, 1, boards=True)
    t = event.tournament
    assert sheet.header == ("Match", "No", "Team", "MP", "Result", "MP", "Team", "No")
    match_rows = [r for r in sheet.rows if "." not in r[0]]
    assert [(r[1], r[2], r[4], r[6], r[7]) for r in match_rows] == [
        (str(m.first), t.team(m.first).name, score, t.team(m.second).name, str(m.second))
        for m, score in zip(first_round, ("3-1", "2-2"), strict=True)
    ]
    assert all(r[3] == r[5] == "0" for r in match_rows)  # nothing scored before round 1
    board_rows = [r for r in sheet.rows if r[0].startswith("1.")]
    colours = spec_colours("", 4)
    letter = {"White": "w", "Black": "b"}
    first, second = (t.team(x).name for x in (first_round[0].first, first_round[0].second))
    assert [(r[0], r[2], r[4], r[6]) for r in board_rows] == [
        (f"1.{b}", f"{letter[c1]} {first} {b}", res, f"{letter[c2]} {second} {b}")
        for b, (c1, c2), res in zip(range(1, 5), colours, ("1-0", "1-0", "1-0", "0-1"), strict=True)
    ]
    # Round 2: the points before it are the match points of round 1 (2 / 1 / 0).
    event, _ = te.pair_team_round(desk, event_id)
    before = {first_round[0].first: "2", first_round[0].second: "0"}
    before |= {first_round[1].first: "1", first_round[1].second: "1"}
    second_round = tp.team_pairings_sheet(event)
    assert "round 2 team pairings" in second_round.title
    for row in second_round.rows:
        assert row[3] == before[int(row[1])] and row[5] == before[int(row[7])]
        assert row[4] == ""  # not played yet
    assert not any("." in r[0] for r in second_round.rows)  # no boards unless asked


def test_team_standings_name_their_tiebreaks_in_words_and_board_prizes_rank_boards() -> None:
    desk, event_id = team_event(4, system=System.TEAM_BERGER, tiebreaks=("MPvGP", "EMMSB"))
    te.pair_team_round(desk, event_id)
    results = [("1.1", "1-0"), ("1.2", "1-0"), ("1.3", "="), ("1.4", "0-1")]
    results += [(f"2.{b}", "0-1") for b in range(1, 5)]
    event = te.record_team_results(desk, event_id, None, results)
    sheet = tp.team_standings_sheet(event)
    assert sheet.header == ("Rank", "No", "Team", "MP", "MPvGP", "EMMSB")
    assert sheet.title == "League: team standings after round 1"
    notes = " ".join(sheet.notes)
    assert "Ranked by match points" in notes
    assert "MPvGP: Secondary score" in notes
    assert "EMMSB: Extended Sonneborn-Berger MP×MP" in notes
    # Match 1: 2.5-1.5, match 2: 0-4. Winners 2 MP, losers 0.
    m1, m2 = event.tournament.rounds[0].matches
    t = event.tournament
    by_team = {r[2]: (r[3], r[4]) for r in sheet.rows}
    assert by_team[t.team(m2.second).name] == ("2", "4")
    assert by_team[t.team(m1.first).name] == ("2", "2.5")
    assert by_team[t.team(m1.second).name] == ("0", "1.5")
    assert by_team[t.team(m2.first).name] == ("0", "0")
    assert sheet.rows[0][2] == t.team(m2.second).name  # 2 MP and more game points

    prizes = tp.board_prizes_sheet(event)
    assert prizes.header[:7] == ("Board", "Rank", "Player", "Team", "Games", "Pts", "%")
    board_3 = [r for r in prizes.rows if r[0] == "3"]
    drawn = {t.team(m1.first).name, t.team(m1.second).name}
    for row in board_3:
        assert row[4] == "1"
        if row[3] in drawn:
            assert (row[5], row[6]) == ("0.5", "50.0")
    assert len(board_3) == 4


def test_a_team_event_names_the_sheets_it_has_when_asked_for_another() -> None:
    desk, event_id = team_event(4)
    event, _ = te.pair_team_round(desk, event_id)
    with pytest.raises(CommandError, match=r"no 'alphabetical' sheet: choose pairings, "):
        tp.team_sheet(event, "alphabetical")
    with pytest.raises(CommandError, match="round 5 is not paired"):
        tp.team_sheet(event, "match-cards", 5)
    for name in tp.TEAM_SHEETS:
        made = tp.team_sheet(event, name)
        # No board has a result yet: nobody is on the board prizes.
        assert bool(made.rows) == (name != "board-prizes"), name
