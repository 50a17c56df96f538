"""A team event's settings: how they are typed, kept in the log and named in TRF record 192."""

from __future__ import annotations

import pytest

from fairpair.core import Colour
from fairpair.core.teams import ColourModel, PrimaryScore
from fairpair.service.errors import CommandError
from fairpair.service.settings import (
    EventSettings,
    System,
    TeamSettings,
    parse_board_colours,
    parse_colour_model,
    parse_match_points,
    parse_primary,
)


def test_team_settings_are_kept_in_the_log_and_read_back() -> None:
    team = TeamSettings(
        boards=6,
        match_points=(30, 10, 0),
        primary=PrimaryScore.GAME_POINTS,
        secondary_used=False,
        colour_model=ColourModel.TYPE_B,
        board_colours="BWBWBW",
        min_board_games=5,
    )
    settings = EventSettings("League", System.TEAM_SWISS, rounds=9, team=team)
    assert EventSettings.from_data(settings.to_data()) == settings
    # An individual event's record has no team member: old logs read as before.
    assert "team" not in EventSettings("Open", System.DUTCH, rounds=5).to_data()


@pytest.mark.parametrize(
    ("team", "system", "double", "code"),
    [
        # Spec team-swiss.md §12.10: primary score first, the secondary when it is used.
        (TeamSettings(), System.TEAM_SWISS, False, "FIDE_TEAM_TYPEA_MP_GP"),
        (
            TeamSettings(primary=PrimaryScore.GAME_POINTS, colour_model=ColourModel.TYPE_B),
            System.TEAM_SWISS,
            False,
            "FIDE_TEAM_TYPEB_GP_MP",
        ),
        (
            TeamSettings(secondary_used=False, colour_model=ColourModel.NONE),
            System.TEAM_SWISS,
            False,
            "FIDE_TEAM_MP",
        ),
        (TeamSettings(), System.TEAM_BERGER, False, "FIDE_TEAM_ROUNDROBIN"),
        (TeamSettings(), System.TEAM_BERGER, True, "FIDE_TEAM_DOUBLEROUNDROBIN"),
    ],
)
def test_the_tournament_type_code(
    team: TeamSettings, system: System, double: bool, code: str
) -> None:
    assert team.tournament_type(system, double) == code


def test_the_empty_team_event_follows_the_settings() -> None:
    settings = EventSettings(
        "League",
        System.TEAM_BERGER,
        team=TeamSettings(boards=3, match_points=(30, 10, 0), board_colours="BWB"),
    )
    t = settings.empty_team_event()
    assert (t.boards, t.scoring.win, t.scoring.draw, t.scoring.loss) == (3, 30, 10, 0)
    assert t.colours == (Colour.BLACK, Colour.WHITE, Colour.BLACK)
    # The team sitting out a round of an odd round robin scores nothing (spec §9).
    assert t.scoring.pab_values(3) == (0, 0)
    swiss = EventSettings("Open", System.TEAM_SWISS, rounds=5, team=TeamSettings(boards=4))
    # A Swiss's PAB is a drawn match: TD and B x draw (C.04.6 1.4).
    assert swiss.empty_team_event().scoring.pab_values(4) == (10, 20)


def test_what_a_director_types() -> None:
    assert parse_match_points("3/1/0") == (30, 10, 0)
    assert parse_match_points("2,1,0") == (20, 10, 0)
    assert parse_colour_model("Type-B") is ColourModel.TYPE_B
    assert parse_primary("GP") is PrimaryScore.GAME_POINTS
    assert parse_board_colours("wbbw", 4) == "WBBW"
    with pytest.raises(CommandError, match="win/draw/loss"):
        parse_match_points("2/1")
    with pytest.raises(CommandError, match="at least a draw"):
        parse_match_points("1/2/0")
    with pytest.raises(CommandError, match="3 letters for 4"):
        parse_board_colours("WBW", 4)
    with pytest.raises(CommandError, match="dutch system is for individual events"):
        EventSettings("Open", System.DUTCH, rounds=5, team=TeamSettings())
    with pytest.raises(CommandError, match="team Swiss needs its number of rounds"):
        EventSettings("Open", System.TEAM_SWISS, team=TeamSettings())
