"""The engines tell how far they have got, one report per score bracket (or scoregroup), and
pair exactly as they do when nobody listens."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from fairpair.core import Pairing, Tournament
from fairpair.core.history import scores
from fairpair.pairing.burstein import pair_burstein
from fairpair.pairing.casual import CasualOptions, pair_casual
from fairpair.pairing.double_generator import generate_double_swiss
from fairpair.pairing.double_swiss import pair_double_swiss
from fairpair.pairing.dutch import pair_dutch
from fairpair.pairing.generator import GeneratorConfig, generate
from fairpair.pairing.progress import report, reporting
from fairpair.pairing.team_generator import generate_team_event
from fairpair.pairing.team_swiss import pair_team_swiss

Reports = list[tuple[int, int, str]]


def played(system: Callable[[Tournament], Pairing], seed: int = 7) -> Tournament:
    """Three rounds of 40 players paired by ``system``, round 4 still to pair."""
    config = GeneratorConfig(players=40, rounds=3, retired_rate=0, half_point_bye_rate=0)
    return generate(config, random.Random(seed), system).replace(total_rounds=5)


def heard(pair: Callable[[], Pairing]) -> tuple[Pairing, Reports]:
    reports: Reports = []
    with reporting(lambda done, total, what: reports.append((done, total, what))):
        pairing = pair()
    return pairing, reports


def test_the_dutch_engine_reports_each_score_bracket() -> None:
    tournament = played(pair_dutch)
    pairing, reports = heard(lambda: pair_dutch(tournament))
    assert pairing == pair_dutch(tournament)  # the same pairing, listened to or not
    groups = len(set(scores(tournament).values()))
    assert groups > 2
    assert reports == [(g, groups, "bracket") for g in range(groups)]


def test_the_burstein_engine_reports_its_score_groups_in_order() -> None:
    tournament = played(pair_burstein)
    pairing, reports = heard(lambda: pair_burstein(tournament))
    assert pairing == pair_burstein(tournament)
    # Its groups are the boundaries §3.3 and §3.4 settle on, reported in order of score.
    total = reports[0][1]
    assert 2 < len(reports) <= total
    dones = [done for done, _, _ in reports]
    assert dones[0] == 0 and dones == sorted(set(dones)) and dones[-1] < total
    assert {(t, what) for _, t, what in reports} == {(total, "bracket")}


def test_the_casual_swiss_reports_its_search_windows() -> None:
    tournament = played(pair_dutch)
    options = CasualOptions(seed=3, forbidden_pairs=((1, 2), (3, 4), (5, 6), (7, 8)))
    pairing, reports = heard(lambda: pair_casual(tournament, options, random.Random(3)))
    assert pairing == pair_casual(tournament, options, random.Random(3))
    assert reports, "a field with rematches to avoid is searched window by window"
    total = reports[0][1]
    assert [done for done, _, _ in reports] == list(range(len(reports)))
    assert all(t == total and done < total for done, t, _ in reports)


def test_nobody_listens_by_default_and_listeners_nest() -> None:
    report(1, 2, "bracket")  # no listener: nothing happens
    outer: Reports = []
    inner: Reports = []
    with reporting(lambda *r: outer.append(r)):
        with reporting(lambda *r: inner.append(r)):
            report(1, 3, "bracket")
        report(2, 3, "bracket")
    report(3, 3, "bracket")
    assert inner == [(1, 3, "bracket")]
    assert outer == [(1, 3, "bracket"), (2, 3, "bracket")]


def test_the_team_swiss_and_the_double_swiss_report_their_scoregroups_in_order() -> None:
    config = GeneratorConfig(players=30, rounds=3, teams=14, boards=2)
    teams = generate_team_event(config, random.Random(5), pair_team_swiss)
    double = generate_double_swiss(config, random.Random(5), pair_double_swiss)
    for tournament, pair in (
        (dataclasses.replace(teams, total_rounds=5), pair_team_swiss),
        (dataclasses.replace(double, total_rounds=5), pair_double_swiss),
    ):
        pairing, reports = heard(lambda: pair(tournament))  # noqa: B023 - called at once
        assert pairing == pair(tournament)
        # Scoregroups of the round: how many distinct scores the brackets start from.
        total = reports[0][1]
        assert total > 2 and {(t, what) for _, t, what in reports} == {(total, "scoregroup")}
        dones = [done for done, _, _ in reports]
        assert dones == sorted(set(dones)) and dones[0] >= 1 and dones[-1] == total
