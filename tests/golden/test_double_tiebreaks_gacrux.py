"""Double-Swiss tie-breaks checked against gacrux's team tie-break checker.

gacrux (Otto Milvang's engine, the FIDE Technical Commission's reference platform) knows no
Double-Swiss, but it knows C.07 for teams. A Double-Swiss player is a team of two "board
players" in a two-board match, written here as a TRF-2026 team file by this test's own code
(not by fairpair's standings): team p is DS player p, its board-1 player plays p's game 1 and
its board-2 player p's game 2 (``352 WB``: the first-named player of the match has White on
board 1 and Black on board 2, as in a Double-Swiss match). Every game is written as the player's
own TRF result code taken from the Double-Swiss file, forfeits included, so gacrux sums the
game points itself. Byes go to both board players (``0000 - U/H/F/Z``) with ``240`` records;
the PAB's values are a ``320`` record (a PAB of 1½ is a won match, 2 MP); a match forfeited by
both players is a ``330 --`` double forfeit.

One difference is expected and checked on its own: a match in which each player forfeited one
game is a played draw for the Double-Swiss (spec §2.2, §11 R1) and an unplayed match for a team
event (no board was played over the board); the reference events have none of them, a
synthetic one shows the difference.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from fairpair.core import Colour, Player, PrimaryScore
from fairpair.core.double_swiss import (
    DoubleRound,
    DoubleSwissTournament,
    Mark,
    Match,
    MatchByeKind,
    scores,
)
from fairpair.formats.trf_double import read_double_trf
from fairpair.standings import TiebreakSettings
from fairpair.standings.double import compute_double_standings
from tests.golden.test_team_tiebreaks_gacrux import gacrux_columns
from tests.golden_data import DOUBLE_SWISS, DOUBLE_SWISS_EVENTS, files

GP, MP = PrimaryScore.GAME_POINTS, PrimaryScore.MATCH_POINTS
CAPS = TiebreakSettings(fide2026_caps=True)
PLAIN = TiebreakSettings()

OPPONENT_CODES = [
    "BH:GP", "BH:GP/C1", "BH:GP/C2", "BH:GP/M1", "BH:MP", "BH:MP/C1", "SB:GP", "SB:MP",
    "SB:GP/C1", "AOB:GP", "KS:GP", "KS:MP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EGGSB/C1",
    "BH:GP/P", "SB:GP/P",
]  # fmt: skip
"""Codes built on the opponents' scores: compared under the 2026 amendment and under 2024."""
SCORE_CODES = ["GPTS", "MPTS", "PS:GP", "PS:MP"]
FORE_CODES = ["FB:GP", "FB:MP"]
SWISS = ("-s",)
"""gacrux takes a team event for a round robin when it has as many rounds as teams, or one
fewer (a Double-Swiss of 7 players in 6 rounds): ``-s`` says it is a Swiss."""


def double_events() -> list[Path]:
    return files(DOUBLE_SWISS, "ds-*.trf", DOUBLE_SWISS_EVENTS)


# --- the Double-Swiss event written as a team event --------------------------------------------


def _cell(opponent: int, colour: str, result: str) -> str:
    return f"  {opponent:4d} {colour} {result}"


def _line_001(number: int, player: Player, cells: list[str]) -> str:
    rating = "" if player.rating is None else str(player.rating)
    name = f"{player.name} G{2 - number % 2}"[:33]
    return f"001 {number:4d}      {name:<33} {rating:>4}{' ' * 28} 0.0 {number:4d}" + "".join(cells)


def team_trf(t: DoubleSwissTournament, primary: PrimaryScore) -> str:
    """The event as a two-board team event (module text)."""
    byes: dict[tuple[str, int], list[int]] = {}
    pab = [0] * len(t.rounds)
    forfeits: list[str] = []
    cells: dict[int, tuple[list[str], list[str]]] = {p.id: ([], []) for p in t.players}
    for rnd in t.rounds:
        for match in rnd.matches:
            assert match.games is not None
            if all(m is Mark.FORFEIT_LOSS for game in match.games for m in game):
                forfeits.append(f"330 -- {rnd.number:3d} {match.white:3d} {match.black:3d}")
            for side, pid in enumerate(match.players):
                q = match.opponent(pid)
                first, second = ("w", "b") if side == 0 else ("b", "w")
                one, two = (match.games[0][side], match.games[1][side])
                cells[pid][0].append(_cell(2 * q - 1, first, one.value))
                cells[pid][1].append(_cell(2 * q, second, two.value))
        for bye in rnd.byes:
            code = bye.kind.value
            if bye.kind is MatchByeKind.PAIRING_ALLOCATED:
                pab[rnd.number - 1] = bye.player
            else:
                byes.setdefault((code, rnd.number), []).append(bye.player)
            for column in cells[bye.player]:
                column.append(f"  0000 - {code}")
        paired = {p for m in rnd.matches for p in m.players} | {b.player for b in rnd.byes}
        for pid in cells:
            if pid not in paired:
                byes.setdefault(("Z", rnd.number), []).append(pid)
                for column in cells[pid]:
                    column.append("  0000 - Z")
    values = t.byes
    pab_gp = Decimal(values.pairing_allocated) / 2
    pab_mp = 2 if values.pairing_allocated > 2 else 1 if values.pairing_allocated == 2 else 0
    system = "FIDE_TEAM_GP_MP" if primary is GP else "FIDE_TEAM_MP_GP"
    lines = [
        f"012 {t.name or 'double-swiss'}",
        f"062 {2 * len(t.players)}",
        f"082 {len(t.players)}",
        f"142 {len(t.rounds)}",
        "162  W 1.0    D 0.5    L 0.0",
        f"192 {system}",
        "352 WB",
        "362 TW 2.0   TD 1.0   TL 0.0",
        f"320 {pab_mp:4.1f} {pab_gp:4.1f}" + "".join(f"{p:4d}" for p in pab),
    ]
    for (code, number), teams in sorted(byes.items(), key=lambda item: (item[0][1], item[0][0])):
        lines.append(f"240 {code} {number:3d}" + "".join(f" {tid:4d}" for tid in teams))
    lines += forfeits
    for player in sorted(t.players, key=lambda p: p.id):
        board1, board2 = cells[player.id]
        lines.append(_line_001(2 * player.id - 1, player, board1))
        lines.append(_line_001(2 * player.id, player, board2))
    for player in sorted(t.players, key=lambda p: p.id):
        pid = player.id
        head = f"310 {pid:3d} {player.name[:32]:<32} {'':5} {'':6} {'':6} {'':6} {'':3}  "
        lines.append(head + f"{2 * pid - 1:4d} {2 * pid:4d}")
    return "\n".join(lines) + "\n"


def gacrux_values(text: str, rounds: int, primary: PrimaryScore, code: str) -> dict[int, Fraction]:
    """One code alone after the primary score (gacrux keeps state between codes)."""
    head = "GPTS" if primary is GP else "MPTS"
    column = gacrux_columns(text, rounds, [head, code], SWISS)[code]
    return {team: Fraction(Decimal(cell)) for team, cell in column.items()}


def _ours(t: DoubleSwissTournament, code: str, settings: TiebreakSettings) -> dict[int, object]:
    table = compute_double_standings(t, [code], settings)
    return {row.player: row.values[0] for row in table.rows}


def _mismatches(
    name: str,
    t: DoubleSwissTournament,
    text: str,
    code: str,
    settings: TiebreakSettings,
    as_code: str,
) -> list[str]:
    ours = _ours(t, code, settings)
    theirs = gacrux_values(text, len(t.rounds), GP, as_code)
    assert set(theirs) == set(ours)
    if code.startswith("AOB"):
        # tiebreaks.md §2.13: no played match, no value; gacrux writes 0 (see below).
        for p in _without_a_played_match(t):
            assert ours[p] is None and theirs[p] == 0
            del ours[p], theirs[p]
    return [
        f"{name} {as_code} player {p}: ours {ours[p]}, gacrux {theirs[p]}"
        for p in sorted(theirs)
        if ours[p] != theirs[p]
    ]


def _without_a_played_match(t: DoubleSwissTournament) -> set[int]:
    played = {p for rnd in t.rounds for m in rnd.matches if m.played for p in m.players}
    return {p.id for p in t.players} - played


def _params() -> list[object]:
    return [
        pytest.param(path, id=path.stem, marks=() if i < 8 else pytest.mark.slow)
        for i, path in enumerate(double_events())
    ]


def test_the_team_file_gives_every_player_his_double_swiss_score() -> None:
    """The conversion itself: gacrux's game points of each team are the player's score."""
    for path in double_events()[:10]:
        t = read_double_trf(path).tournament()
        text = team_trf(t, GP)
        theirs = gacrux_values(text, len(t.rounds), GP, "GPTS")
        assert theirs == {p: Fraction(s, 2) for p, s in scores(t).items()}


@pytest.mark.parametrize("path", _params())
def test_values_agree_with_gacrux(path: Path) -> None:
    t = read_double_trf(path).tournament()
    text = team_trf(t, GP)
    wrong: list[str] = []
    for code in SCORE_CODES:
        wrong += _mismatches(path.stem, t, text, code, PLAIN, code)
    for code in OPPONENT_CODES:
        wrong += _mismatches(path.stem, t, text, code, CAPS, code)
        wrong += _mismatches(path.stem, t, text, code, PLAIN, code + "/V2024")
    last = t.rounds[-1]
    if all(m.played for m in last.matches):
        for code in FORE_CODES:
            wrong += _mismatches(path.stem, t, text, code, CAPS, code)
    assert wrong == []


@pytest.mark.parametrize("primary", [GP, MP])
@pytest.mark.parametrize("path", _params()[:20])
def test_ranks_agree_with_gacrux(path: Path, primary: PrimaryScore) -> None:
    """The whole ranking with the group tie-breaks (DE, EDE) and the default list up to its
    last code (WON, which gacrux counts in games: see below)."""
    t = read_double_trf(path).tournament()
    text = team_trf(t, primary)
    head = "GPTS" if primary is GP else "MPTS"
    for codes in (["DE:GP"], ["EDE"], ["BH:GP/C1", "BH:GP", "DE:GP"], ["MPvGP", "EGGSB", "SB:MP"]):
        ours = compute_double_standings(t, codes, CAPS, primary)
        column = gacrux_columns(text, len(t.rounds), [head, *codes], SWISS)["Rank"]
        assert {row.player: row.rank for row in ours.rows} == {
            p: int(cell) for p, cell in column.items()
        }, codes


def test_repeated_and_voluntary_unplayed_rounds_count_matches_not_games() -> None:
    """REP and VUR (C.07 for teams) count rounds, and a Double-Swiss round is a match (spec
    §1.1); a single forfeited game inside a played match is no unplayed round (§2.2). gacrux,
    given the two-board file, counts board games: its VUR is twice ours plus the single games
    the player forfeited inside played matches, and its REP is 2R minus its VUR."""
    checked = 0
    for path in double_events()[:12]:
        t = read_double_trf(path).tournament()
        text = team_trf(t, GP)
        rounds = len(t.rounds)
        single = dict.fromkeys((p.id for p in t.players), 0)
        for rnd in t.rounds:
            for match in rnd.matches:
                if match.played:
                    for pid in match.players:
                        single[pid] += match.marks(pid).count(Mark.FORFEIT_LOSS)
        vur = _ours(t, "VUR", PLAIN)
        rep = _ours(t, "REP", PLAIN)
        theirs_vur = gacrux_values(text, rounds, GP, "VUR:GP")
        theirs_rep = gacrux_values(text, rounds, GP, "REP:GP")
        for pid, count in single.items():
            assert theirs_vur[pid] == 2 * vur[pid] + count  # type: ignore[operator]
            assert theirs_rep[pid] == 2 * rounds - theirs_vur[pid]
            assert rep[pid] == rounds - vur[pid]  # type: ignore[operator]
            checked += count
    assert checked > 0


def test_won_counts_matches_won_over_the_board() -> None:
    """WON (C.07 7 for teams, spec team-swiss.md §10.2) counts matches won over the board: a
    match won on game points with a game played. gacrux counts the board games won over the
    board instead (its WON of the two-board file is the number of games the player won)."""
    for path in double_events()[:12]:
        t = read_double_trf(path).tournament()
        matches = dict.fromkeys((p.id for p in t.players), 0)
        games = dict.fromkeys((p.id for p in t.players), 0)
        for rnd in t.rounds:
            for match in rnd.matches:
                for pid in match.players:
                    games[pid] += match.marks(pid).count(Mark.WIN)
                    if match.played and match.points(pid) > match.points(match.opponent(pid)):
                        matches[pid] += match.has_colour
        assert _ours(t, "WON", PLAIN) == matches
        assert gacrux_values(team_trf(t, GP), len(t.rounds), GP, "WON") == games


def test_gacrux_gives_aob_zero_without_a_played_match() -> None:
    """tiebreaks.md §2.13: AOB averages over played games; without one it has no value. In
    ds-0060 player 13 never played a match; gacrux writes 0."""
    path = next(p for p in double_events() if p.stem == "ds-0060")
    t = read_double_trf(path).tournament()
    assert 13 in _without_a_played_match(t)
    assert _ours(t, "AOB", CAPS)[13] is None
    assert gacrux_values(team_trf(t, GP), len(t.rounds), GP, "AOB:GP")[13] == 0


def games_trf(text: str) -> str:
    """A Double-Swiss file as an individual event of one game per TRF round (its own two
    columns per match, spec §9), for the rating codes: the byes, which fill both columns of a
    match and count once per match, become absences (the rating codes read played games only),
    and the points column is the sum of the game results, as an individual file has it."""
    lines = []
    for line in text.splitlines():
        if line.startswith("162"):
            line = "162  W 1.0    D 0.5    L 0.0"
        elif line.startswith("192"):
            line = "192 FIDE_DUTCH_2025"
        elif line.startswith("001"):
            cells = [line[i : i + 10].ljust(10) for i in range(91, len(line), 10)]
            cells = ["  0000 - Z" if c[:6].strip() == "0000" else c for c in cells]
            points = sum(Fraction({"1": 2, "+": 2, "=": 1}.get(c[9], 0), 2) for c in cells)
            line = f"{line[:80]}{float(points):4.1f}{line[84:91]}" + "".join(cells)
        lines.append(line)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("path", _params())
def test_rating_codes_on_games_agree_with_gacrux(path: Path) -> None:
    """ARO, TPR, PTP, APRO, APPO (C.07 10-11) read single games: gacrux computes them on the
    Double-Swiss file read as an individual event of 2R game-rounds. A player who never played
    a game has none of them (tiebreaks.md §2.9-2.12); gacrux writes 0."""
    t = read_double_trf(path).tournament()
    text = games_trf(path.read_text(encoding="utf-8"))
    codes = ["ARO", "TPR", "PTP", "APRO", "APPO"]
    columns = gacrux_columns(text, 2 * len(t.rounds), ["PTS", *codes], SWISS)
    table = compute_double_standings(t, codes)
    idle = _without_a_played_match(t)
    for index, code in enumerate(codes):
        ours = {row.player: row.values[index] for row in table.rows}
        theirs = {
            p: None if cell in ("", "-") else Fraction(cell) for p, cell in columns[code].items()
        }
        for p in idle:
            # tiebreaks.md §2.9-2.12: no played game, no value; gacrux writes 0.
            assert ours.pop(p) is None and theirs.pop(p) == 0
        assert ours == theirs, code


def test_a_cross_forfeit_is_played_here_and_unplayed_for_a_team_event() -> None:
    """Spec §11 R1: each player forfeits one game. The Double-Swiss counts the match as played
    (a meeting, 1-1); C.04.6 calls a team match without a board played over the board
    unplayed (team-swiss.md §1.6), so gacrux gives both a VUR and a dummy opponent. Here 1 and
    2 cross-forfeit in round 1, then 2 beats 3 and 1 beats 4 2-0: for BH:GP we count the
    opponent's score (1: 2's 3 + 4's 0 = 3), gacrux a dummy on 1's own score (3 + 0 = 3 as
    well for 1, but 2: ours 1's 3 + 3's 2 = 5, gacrux 2's own 3 + 2 = 5 - the same sums), so
    the difference shows in VUR: ours 0, gacrux 1 for both."""
    players = tuple(Player(i, f"P{i}", 2000) for i in range(1, 5))
    w, d, lo, fw, fl = Mark.WIN, Mark.DRAW, Mark.LOSS, Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS
    del d
    t = DoubleSwissTournament(
        players,
        (
            DoubleRound(1, (Match(1, 2, ((fw, fl), (fl, fw))), Match(3, 4, ((w, lo), (w, lo))))),
            DoubleRound(2, (Match(2, 3, ((w, lo), (w, lo))), Match(4, 1, ((lo, w), (lo, w))))),
        ),
        initial_colour=Colour.WHITE,
    )
    text = team_trf(t, GP)
    assert _ours(t, "VUR:GP", PLAIN) == dict.fromkeys(range(1, 5), Fraction(0))
    theirs = gacrux_values(text, 2, GP, "VUR:GP")
    assert theirs == {1: 1, 2: 1, 3: 0, 4: 0}
