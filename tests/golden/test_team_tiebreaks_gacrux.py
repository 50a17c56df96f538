"""Team tie-breaks checked against gacrux's tie-break checker on the team reference events.

gacrux 1.11.65 (Otto Milvang's engine, the FIDE Technical Commission's reference platform) is
an independent implementation of C.07 for teams. Each reference event's ``final.trf`` is read by
our team TRF reader and given to gacrux as it is, with two alignments of the input, both the
spec's readings rather than changes of any result:

* a ``320`` record stating the PAB values when the file has none (spec §14 Q9: without ``320``
  gacrux values a PAB at B × win game points, the spec at B × draw; "write 320 always");
* ``-n`` set to the rounds played (an event that stopped early still declares its planned
  rounds in ``142``, and gacrux would count the missing rounds as absences).

gacrux applies the March 2026 amendment unless a code carries ``/V2024``; we compare both ways.
Where the spec reads C.07 differently from gacrux (§10.3, §14), the tests below show the
difference exactly, and the comparison leaves those values out.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from gacrux.tiebreakchecker import tiebreakchecker

from fairpair.core import ByeKind, PrimaryScore, TeamOutcome, TeamTournament, team_entries
from fairpair.formats.trf_team import read_team_trf
from fairpair.standings import TiebreakSettings
from fairpair.standings.chess import round_half_up
from fairpair.standings.team import (
    compute_team_standings,
    team_tiebreak_values,
)
from tests.golden_data import team_events

CAPS = TiebreakSettings(fide2026_caps=True)
PLAIN = TiebreakSettings()

OPPONENT_CODES = [
    "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMGSB/C1", "EGGSB/C2", "EGMSB/C1/P", "BH:MP",
    "BH:GP", "BH:MP/C1", "BH:GP/M1", "BH/P", "EMGSB/P", "SB:MP", "SB:GP", "AOB", "KS", "KS:GP",
    "SSSC/K4", "SSSC/K4/P",
]  # fmt: skip
"""Codes built on the opponents' scores: compared under the 2026 amendment and under 2024."""
SCORE_CODES = ["MPTS", "GPTS", "MPvGP", "PS:MP", "PS:GP"]
FORE_CODES = ["FB", "FB:GP", "FB/P"]
"""Compared only where every planned round was played (gacrux's "last round" is the planned one;
ours, as for individual events, the last round of the snapshot) and no last-round match was
forfeited (see :func:`test_fore_buchholz_recomputes_vurs_after_a_last_round_forfeit`)."""


@dataclass(frozen=True)
class Event:
    name: str
    tournament: TeamTournament
    gacrux_input: str
    """The file as gacrux reads it (with a ``320`` record when the file had none)."""

    @property
    def rounds(self) -> int:
        return len(self.tournament.rounds)

    @property
    def primary(self) -> str:
        return "GPTS" if self.tournament.scoring.primary is PrimaryScore.GAME_POINTS else "MPTS"


def _with_pab_record(text: str, tournament: TeamTournament) -> str:
    """The file with a ``320`` record of the spec's PAB values when it has none (§14 Q9)."""
    if any(line.startswith("320") for line in text.splitlines()):
        return text
    mp, gp = tournament.scoring.pab_values(tournament.boards)
    teams = [
        next((b.team for b in rnd.byes if b.kind is ByeKind.PAIRING_ALLOCATED), 0)
        for rnd in tournament.rounds
    ]
    record = f"320 {mp / 10:4.1f} {gp / 10:4.1f}" + "".join(f"{t:4d}" for t in teams)
    return text.rstrip("\n") + "\n" + record + "\n"


@cache
def event(folder: Path) -> Event:
    path = folder / "final.trf"
    tournament = read_team_trf(path).tournament()
    text = path.read_text(encoding="utf-8")
    return Event(folder.name, tournament, _with_pab_record(text, tournament))


@contextlib.contextmanager
def _argv(args: list[str]) -> Iterator[None]:
    saved = sys.argv
    sys.argv = args
    try:
        yield
    finally:
        sys.argv = saved


def gacrux_columns(
    text: str, rounds: int, codes: list[str], options: tuple[str, ...] = ()
) -> dict[str, dict[int, str]]:
    """gacrux's tie-break checker on a team TRF text: each column by team (cells verbatim);
    ``options`` are more command-line options (``-s``: a Swiss, whatever the team count)."""
    with tempfile.TemporaryDirectory() as folder:
        source, target = Path(folder) / "in.trf", Path(folder) / "out.txt"
        source.write_text(text, encoding="utf-8")
        args = ["tiebreakchecker", "-i", str(source), "-n", str(rounds), *options, "-t", *codes]
        with (
            _argv([*args, "-d", "T", "-o", str(target)]),
            contextlib.redirect_stdout(io.StringIO()),
        ):
            status = tiebreakchecker().common_main()
        output = target.read_text(encoding="utf-8") if target.exists() else ""
    if status != 0:
        raise RuntimeError(f"gacrux exited with {status}: {output[-300:]}")
    lines = output.strip().splitlines()
    header = lines[0].split("\t")
    columns: dict[str, dict[int, str]] = {h: {} for h in header}
    for line in lines[1:]:
        cells = line.split("\t")
        for name, cell in zip(header, cells, strict=True):
            columns[name][int(cells[0])] = cell
    return columns


def gacrux_values(ev: Event, code: str) -> dict[int, Fraction]:
    """One code alone (gacrux keeps state between the codes of one run), after the score."""
    column = gacrux_columns(ev.gacrux_input, ev.rounds, [ev.primary, code])[code]
    return {team: Fraction(Decimal(cell)) for team, cell in column.items()}


def _params() -> list[object]:
    """Every reference event; the first six in the quick run, the rest marked slow."""
    folders = team_events()
    return [
        pytest.param(folder, id=folder.name, marks=() if i < 6 else pytest.mark.slow)
        for i, folder in enumerate(folders)
    ]


def _mismatches(ev: Event, code: str, settings: TiebreakSettings, as_code: str) -> list[str]:
    ours = team_tiebreak_values(ev.tournament, code, settings)
    if code.startswith("SSSC"):
        # gacrux rounds SSSC to two decimals; the spec keeps it exact (§10.3).
        ours = {t: None if v is None else round_half_up(v, 2) for t, v in ours.items()}
    theirs = gacrux_values(ev, as_code)
    assert set(theirs) == set(ours)
    return [
        f"{ev.name} {as_code} team {t}: ours {ours[t]}, gacrux {theirs[t]}"
        for t in sorted(theirs)
        if ours[t] != theirs[t]
    ]


@pytest.mark.parametrize("folder", _params())
def test_values_agree_with_gacrux(folder: Path) -> None:
    ev = event(folder)
    wrong: list[str] = []
    for code in SCORE_CODES:
        wrong += _mismatches(ev, code, PLAIN, code)
    for code in OPPONENT_CODES:
        wrong += _mismatches(ev, code, CAPS, code)
        wrong += _mismatches(ev, code, PLAIN, code + "/V2024")
    last = ev.tournament.rounds[-1]
    if ev.tournament.total_rounds == ev.rounds and all(m.played for m in last.matches):
        for code in FORE_CODES:
            wrong += _mismatches(ev, code, CAPS, code)
    assert wrong == []


@pytest.mark.parametrize("folder", _params())
def test_sssc_agrees_with_gacrux_once_rounded(folder: Path) -> None:
    """SSSC (C.07 13.4): gacrux rounds to two decimals half up, the spec keeps it exact (§10.3);
    F = 0 (fewer primary than secondary points over the event) makes gacrux divide by zero,
    so such events are left out."""
    ev = event(folder)
    scoring = ev.tournament.scoring
    mp_max, gp_max = scoring.win, ev.tournament.boards * scoring.games.win
    ratio = (mp_max, gp_max) if scoring.primary is PrimaryScore.MATCH_POINTS else (gp_max, mp_max)
    if ev.rounds * ratio[0] < ratio[1]:
        # F = 0: gacrux divides by zero; the spec gives no value, we take F = 1.
        with pytest.raises(RuntimeError, match="gacrux exited"):
            gacrux_values(ev, "SSSC")
        ours = team_tiebreak_values(ev.tournament, "SSSC", CAPS)
        strength = team_tiebreak_values(ev.tournament, "BH", CAPS)
        secondary = team_tiebreak_values(ev.tournament, "MPvGP")
        assert ours == {t: secondary[t] + strength[t] for t in ours}  # type: ignore[operator]
        return
    for code in ("SSSC", "SSSC/P"):
        ours = team_tiebreak_values(ev.tournament, code, CAPS)
        theirs = gacrux_values(ev, code)
        assert {t: round_half_up(v, 2) for t, v in ours.items() if v is not None} == theirs


def _only_played(tournament: TeamTournament) -> set[int]:
    return {
        team
        for team, rows in team_entries(tournament).items()
        if all(entry.played for entry in rows)
    }


@pytest.mark.parametrize("folder", _params())
def test_board_count_agrees_where_gacrux_and_the_spec_read_alike(folder: Path) -> None:
    """BC (C.07 12.1) of the teams whose every round was a played match, and BC/P of the teams
    without byes (gacrux counts forfeited matches and PABs in BC without /P; §14)."""
    ev = event(folder)
    entries = team_entries(ev.tournament)
    without_byes = {t for t, rows in entries.items() if all(e.opponent for e in rows)}
    for code, teams in (("BC", _only_played(ev.tournament)), ("BC/P", without_byes)):
        ours = team_tiebreak_values(ev.tournament, code)
        theirs = gacrux_values(ev, code)
        assert {t: ours[t] for t in teams} == {t: theirs[t] for t in teams}


def _ranks(ev: Event, codes: list[str], settings: TiebreakSettings) -> tuple[dict[int, int], ...]:
    table = compute_team_standings(ev.tournament, [ev.primary, *codes], settings)
    ours = {row.team_id: row.rank for row in table.rows}
    column = gacrux_columns(ev.gacrux_input, ev.rounds, [ev.primary, *codes])["Rank"]
    return ours, {team: int(cell) for team, cell in column.items()}


RANKED = [["EDE"], ["DE"], ["EDEBT"], ["EDEBB"], ["EDET"], ["EDEB"], ["MPvGP", "EMGSB", "BH"]]


@pytest.mark.parametrize("folder", _params())
def test_group_tiebreaks_rank_as_gacrux_does(folder: Path) -> None:
    """DE, EDE and its add-ons give places inside tie groups: the final ranks are compared.
    TBR and BBE only where no team had an unplayed round (the board results both read)."""
    ev = event(folder)
    lists = list(RANKED)
    if len(_only_played(ev.tournament)) == len(ev.tournament.teams):
        lists += [["TBR"], ["BBE"], ["MPvGP", "BC", "TBR"], ["MPvGP", "BBE"]]
    for codes in lists:
        ours, theirs = _ranks(ev, codes, CAPS)
        assert ours == theirs, codes


def _pab_counts(tournament: TeamTournament) -> dict[int, int]:
    return {
        team: sum(e.outcome is TeamOutcome.PAIRING_BYE for e in rows)
        for team, rows in team_entries(tournament).items()
    }


def test_gacrux_counts_a_pab_as_a_win_on_every_board_in_bc() -> None:
    """Spec §14, last paragraph: whether a PAB enters BC/TBR/BBE is unresolved; one tool (gacrux)
    gives it a win on every board, the reading taken here leaves it out. For every team whose
    rounds were played matches and PABs, gacrux's BC is ours plus W × (1 + 2 + … + B) per PAB."""
    checked = 0
    for folder in team_events()[:20]:
        ev = event(folder)
        pabs = _pab_counts(ev.tournament)
        entries = team_entries(ev.tournament)
        teams = [
            t
            for t, rows in entries.items()
            if pabs[t] and all(e.played or e.outcome is TeamOutcome.PAIRING_BYE for e in rows)
        ]
        if not teams:
            continue
        ours = team_tiebreak_values(ev.tournament, "BC")
        theirs = gacrux_values(ev, "BC")
        boards = ev.tournament.boards
        win = Fraction(ev.tournament.scoring.games.win, 10)
        for team in teams:
            assert theirs[team] == ours[team] + pabs[team] * win * boards * (boards + 1) / 2
            checked += 1
    assert checked > 10


def test_gacrux_without_a_320_record_gives_a_pab_b_times_win() -> None:
    """Spec §14 Q9: without ``320`` the PAB is worth B × draw game points (C.04.6 1.4); gacrux
    gives B × win. On the raw file its GP differs from ours by B × (win - draw) per PAB."""
    checked = 0
    for folder in team_events():
        text = (folder / "final.trf").read_text(encoding="utf-8")
        if any(line.startswith("320") for line in text.splitlines()):
            continue
        ev = event(folder)
        pabs = _pab_counts(ev.tournament)
        if not any(pabs.values()):
            continue
        raw = gacrux_columns(text, ev.rounds, ["GPTS"])["GPTS"]
        ours = team_tiebreak_values(ev.tournament, "GPTS")
        games = ev.tournament.scoring.games
        step = Fraction(ev.tournament.boards * (games.win - games.draw), 10)
        for team, cell in raw.items():
            assert Fraction(Decimal(cell)) == ours[team] + pabs[team] * step
            checked += 1
        if checked > 40:
            break
    assert checked > 0


def test_fore_buchholz_recomputes_vurs_after_a_last_round_forfeit() -> None:
    """tiebreaks.md §2.13: FB replaces every last-round pairing with a named opponent, a forfeit
    included, by a played draw, and recomputes the VUR flags: earlier byes of that team are then
    no longer trailing. In team-0021 team 6 had a zero-point bye in round 3 and forfeited its
    round-4 match: for FB its round 3 counts the 0 it scored; gacrux still counts it as a draw
    (B × draw = 6 × 0.5 = 3 GP), so team 1, which met team 6, has 3 more in gacrux's FB."""
    folder = next(f for f in team_events() if f.name == "team-0021")
    ev = event(folder)
    ours = team_tiebreak_values(ev.tournament, "FB", CAPS)
    theirs = gacrux_values(ev, "FB")
    assert theirs[1] == ours[1] + 3
