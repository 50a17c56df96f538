"""Knockout stages run through the `fairpair` command only, each command a real process, on
SQLite and on PostgreSQL:

(a) a 24-player casual Swiss (card-game scoring) of 5 rounds with random but seeded results,
    cut to the top 8 playing best-of-three matches entered game by game, the bracket
    advancing by itself to a champion; then the final standings;
(b) a 16-player chess knockout seeded by rating, matches of 2 classical, 2 rapid, 2 blitz
    games and an Armageddon, with matches decided in the rapid, the blitz and the
    Armageddon, and corrections: one that re-seats the next match, one refused because the
    next match has been played.

What is expected is worked out here from the rules (standard seeding pairs 1-8, 4-5, 2-7,
3-6; a best-of-3 needs two game wins, a drawn game does not count; chess colours alternate
from the higher seed's White within the classical games; a drawn Armageddon is won by Black),
never read back from fairpair's own bracket. Only the White of each tie-break phase's first
game is drawn by lot, so the test reads it from the schedule the director sees.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.test_director_cli import boards_of
from tests.integration.stores import SQL_BACKENDS, database_url

SRC = Path(__file__).resolve().parents[2] / "src"
MATCH_LINE = re.compile(
    r"^(?:corrected )?match (\d+) \((.+?)\): (\d+) (.+?) (\S+) (\d+) (.+?)"
    r"(?:, (\d+) .+ goes through| after \d+ games?)$"
)


class Fairpair:
    """Runs `python -m fairpair` against one store, one process per command."""

    def __init__(self, db: str, home: Path) -> None:
        self.db = db
        self.exported = home.parent / "event.json"
        self.env = {
            **os.environ,
            "PYTHONPATH": str(SRC),
            "XDG_DATA_HOME": str(home),
            "FAIRPAIR_ACTOR": "arbiter",
            # The store by its variable, so that a result after `--` stays a result.
            "FAIRPAIR_DB": db,
        }

    def __call__(self, *args: str, code: int = 0) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "fairpair", *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == code, (args, done.stdout, done.stderr)
        return done.stdout if code == 0 else done.stderr

    def export(self) -> dict[str, object]:
        self("export", str(self.exported))
        data: dict[str, object] = json.loads(self.exported.read_text(encoding="utf-8"))
        return data


@pytest.fixture(params=SQL_BACKENDS)
def fairpair(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Fairpair]:
    with database_url(request.param, tmp_path) as url:
        yield Fairpair(url, tmp_path / "home")


def match_line(output: str) -> tuple[int, int, int, int | None]:
    """(match, top player, bottom player, winner or None) from what `result` printed."""
    for line in output.splitlines():
        found = MATCH_LINE.match(line)
        if found:
            winner = int(found.group(8)) if found.group(8) else None
            return int(found.group(1)), int(found.group(3)), int(found.group(6)), winner
    raise AssertionError(f"no match line in {output!r}")


def scheduled_white(output: str, game: int, phase: str) -> int:
    """Who has White in the next game, from the schedule `result` printed."""
    found = re.search(rf"^next: game {game} \({phase}\), White (\d+) ", output, re.MULTILINE)
    assert found, output
    return int(found.group(1))


def best_of_three(rng: random.Random) -> list[str]:
    """Games of a best-of-3 written top player first, until one has two wins."""
    games: list[str] = []
    wins = [0, 0]
    while max(wins) < 2:
        game = rng.choice(["1-0", "0-1", "1-0", "0-1", "="])
        games.append(game)
        if game != "=":
            wins[0 if game == "1-0" else 1] += 1
    return games


def test_a_casual_swiss_cut_to_a_top_eight_best_of_three(
    fairpair: Fairpair, tmp_path: Path
) -> None:
    rng = random.Random(24)
    players = tmp_path / "players.csv"
    players.write_text(
        "name,rating\n" + "".join(f"Player {n:02d},{2000 - 10 * n}\n" for n in range(1, 25))
    )
    created = fairpair("event", "create", "Cards Open", "--system", "casual", "--rounds", "5")
    assert "Swiss (casual), 5 rounds" in created
    fairpair("player", "import", str(players))
    for number in range(1, 6):
        if number == 5:
            too_early = fairpair("event", "cut", "--top", "8", code=2)
            assert "round 4 of 5 is the last one played" in too_early
        pairings = fairpair("round", "pair")
        assert boards_of(pairings) == 12
        if number == 5:
            unfinished = fairpair("event", "cut", "--top", "8", code=2)
            assert "round 5 still lacks 12 result(s)" in unfinished
        results = [
            str(x)
            for b in range(1, 13)
            for x in (b, rng.choice(["2-0", "2-1", "0-2", "1-2", "1-1-1"]))
        ]
        fairpair("result", *results)
    swiss = [
        row["start_rank"]
        for row in json.loads(fairpair("event", "standings", "-f", "json"))["standings"]
    ]
    assert len(swiss) == 24

    # Too early or too many: refused, nothing saved.
    assert "the cut is to 2 to 24 players" in fairpair("event", "cut", "--top", "25", code=2)
    assert "--match" in fairpair("event", "cut", "--top", "8", "--match", "best-of-x", code=2)
    sheet = tmp_path / "bracket.txt"
    assert "has no knockout stage" in fairpair("print", "bracket", "-o", str(sheet), code=2)
    assert not sheet.exists()
    assert "--third-place" in fairpair(
        "event", "cut", "--top", "8", "--bracket", "double", "--third-place", code=2
    )
    assert "knockout" not in fairpair.export()
    cut = fairpair("event", "cut", "--top", "8", "--match", "best-of-3")
    assert cut.startswith("cut to the top 8 (single elimination, best-of-3)")
    knockout = fairpair.export()["knockout"]
    assert isinstance(knockout, dict)
    seeds = knockout["seeds"]
    assert seeds == swiss[:8]
    seed = {pid: n for n, pid in enumerate(seeds, start=1)}
    assert "already started" in fairpair("event", "cut", "--top", "4", code=2)
    # The Swiss is closed now.
    refused = fairpair("round", "pair", code=2)
    assert "the knockout stage has started" in refused and "undo" in refused
    assert "knockout stage has started" in fairpair("result", "--round", "5", "1", "0-2", code=2)

    winners: dict[int, int] = {}
    losers: dict[int, int] = {}

    def play(match: int, games: list[str]) -> tuple[int, int]:
        out = fairpair("result", str(match), *games)
        number, top, bottom, winner = match_line(out)
        assert number == match and winner is not None
        winners[match], losers[match] = winner, bottom if winner == top else top
        return top, bottom

    # Bad input is refused and nothing is saved.
    assert "match 1 (Quarter-finals), game 2: 'x' is not" in fairpair(
        "result", "1", "1-0", "x", code=2
    )
    assert "is a match score" in fairpair("result", "1", "2-1", code=2)
    assert "--clear" in fairpair("result", "1", code=2)
    assert "not known yet" in fairpair("result", "5", "1-0", code=2)
    assert "'x' is not a match number" in fairpair("result", "x", "1-0", code=2)
    assert fairpair.export()["knockout"]["results"] == []  # type: ignore[index]
    # Match 1: a drawn game, replayed; entered as the games come in.
    first = fairpair("result", "1", "1-0", "=")
    assert match_line(first)[3] is None and "next: game 3" in first
    # Entered on the wrong match: --clear takes its games away.
    cleared = fairpair("result", "1", "--clear")
    assert cleared.startswith("cleared the games of match 1 (Quarter-finals): ")
    assert fairpair.export()["knockout"]["results"] == []  # type: ignore[index]
    assert play(1, ["1-0", "=", "0-1", "1-0"]) == (seeds[0], seeds[7])
    assert winners[1] == seeds[0]
    # Match 2 won 2-0 by its second player (seed 5).
    assert play(2, ["0-1", "0-1"]) == (seeds[3], seeds[4])
    assert winners[2] == seeds[4]
    assert "is one too many" in fairpair("result", "2", "0-1", "0-1", "1-0", code=2)
    assert play(3, best_of_three(rng)) == (seeds[1], seeds[6])
    assert play(4, best_of_three(rng)) == (seeds[2], seeds[5])
    # The bracket advances by itself: the semi-finals are the quarter-finals' winners.
    assert play(5, best_of_three(rng)) == (winners[1], winners[2])
    assert play(6, best_of_three(rng)) == (winners[3], winners[4])
    final = fairpair("result", "7", *best_of_three(rng))
    assert match_line(final)[1:3] == (winners[5], winners[6])
    champion = match_line(final)[3]
    assert f"champion: {champion} " in final
    finalist = winners[5] if champion == winners[6] else winners[6]

    # Undo and redo the final.
    assert "undid" in fairpair("undo") and "champion" not in fairpair("bracket")
    assert "redid" in fairpair("redo")

    rows = json.loads(fairpair("event", "standings", "-f", "json"))["standings"]
    semi = sorted([losers[5], losers[6]], key=seed.__getitem__)
    quarter = sorted([losers[m] for m in (1, 2, 3, 4)], key=seed.__getitem__)
    expected = (
        [("1", champion), ("2", finalist)]
        + [("3-4", p) for p in semi]
        + [("5-8", p) for p in quarter]
        + [(str(place), p) for place, p in enumerate(swiss[8:], start=9)]
    )
    assert [(row["place"], row["id"]) for row in rows] == expected
    assert [row["stage"] for row in rows] == ["knockout"] * 8 + ["Swiss (casual)"] * 16
    text = fairpair("event", "standings")
    assert "final standings" in text and "won the final" in text
    assert fairpair("event", "standings", "-f", "csv").startswith("Place,No,Name,Stage")
    assert "<table" in fairpair("event", "standings", "-f", "html")
    log = fairpair("log")
    assert "cut to the top 8" in log and "match 7 (Final)" in log


CHESS = "classical:2,rapid:2,blitz:2,armageddon"


def test_a_sixteen_player_chess_knockout_with_tie_breaks(
    fairpair: Fairpair, tmp_path: Path
) -> None:
    # Start numbers are not the rating order: the seeding must follow the ratings.
    ratings = {n: 2000 + (n * 37) % 400 for n in range(1, 17)}
    players = tmp_path / "players.csv"
    players.write_text(
        "name,rating\n" + "".join(f"Knight {n:02d},{r}\n" for n, r in ratings.items())
    )
    created = fairpair("event", "create", "Cup", "--system", "knockout", "--match", CHESS)
    assert "Knockout" in created
    assert "--rounds" in fairpair(
        "event", "create", "Cup 2", "--system", "knockout", "--rounds", "3", code=2
    )
    assert "--match" in fairpair(
        "event", "create", "Cup 3", "--system", "knockout", "--match", "rapid", code=2
    )
    fairpair("player", "import", str(players))
    started = fairpair("round", "pair")
    assert started.startswith("started the knockout: 16 players seeded by rating")
    seeds = fairpair.export()["knockout"]["seeds"]  # type: ignore[index]
    assert seeds == sorted(ratings, key=lambda n: -ratings[n])
    s = {n: pid for n, pid in enumerate(seeds, start=1)}

    def games_of(match: int) -> list[dict[str, object]]:
        knockout = fairpair.export()["knockout"]
        assert isinstance(knockout, dict)
        for item in knockout["results"]:
            if item["match"] == match:
                return list(item["games"])
        return []

    def whites(match: int) -> list[object]:
        return [g["white"] for g in games_of(match)]

    def other(match: tuple[int, int], player: int) -> int:
        return match[1] if player == match[0] else match[0]

    def win(player: int, white: int) -> str:
        """A game won by ``player``, written White first."""
        return "1-0" if player == white else "0-1"

    # Game 1's White is the higher seed; each tie-break phase starts after a new drawing of
    # lots (FIDE's knockout regulations), which the director reads from the schedule.
    m1 = (s[1], s[16])
    out = fairpair("result", "1", "=", "=")
    assert match_line(out) == (1, s[1], s[16], None)
    rapid = scheduled_white(out, 3, "rapid")
    assert rapid in m1
    # Level after the classical, seed 1 wins the rapid 1½-½.
    out = fairpair("result", "1", "=", "=", win(s[1], rapid), "=")
    assert match_line(out) == (1, s[1], s[16], s[1])
    assert whites(1) == [s[1], s[16], rapid, other(m1, rapid)]
    # Match 2, seed 8 - seed 9: level after classical and rapid; seed 9 wins blitz game 5,
    # game 6 drawn: seed 9 goes through.
    m2 = (s[8], s[9])
    blitz = scheduled_white(fairpair("result", "2", "=", "=", "=", "="), 5, "blitz")
    out = fairpair("result", "2", "=", "=", "=", "=", win(s[9], blitz), "=")
    assert match_line(out) == (2, s[8], s[9], s[9])
    played = whites(2)
    assert played[:2] == [s[8], s[9]] and played[4:] == [blitz, other(m2, blitz)]
    assert played[3] == other(m2, played[2])
    # Match 3, seed 4 - seed 13: six draws, then the Armageddon drawn: Black goes through.
    out = fairpair("result", "3", *["="] * 6)
    armageddon_white = scheduled_white(out, 7, "armageddon")
    out = fairpair("result", "3", *["="] * 7)
    m3 = (s[4], s[13])
    assert match_line(out)[3] == other(m3, armageddon_white)
    played = whites(3)
    assert played[:2] == [s[4], s[13]] and played[6] == armageddon_white
    assert played[3] == other(m3, played[2]) and played[5] == other(m3, played[4])
    # A ref says who had White when the scoresheet differs from the schedule.
    out = fairpair("result", "4", "1-0", "0-1", "--white", f"1={s[12]}")
    assert whites(4) == [s[12], s[5]] and match_line(out)[3] == s[12]

    # Match 9 is winner 1 - winner 2. A correction of match 2 (seed 8 wins the blitz
    # instead) re-seats it while it has no games.
    fairpair("result", "2", "=", "=", "=", "=", win(s[8], blitz), "=")
    out = fairpair("result", "9", "=")
    assert match_line(out)[1:3] == (s[1], s[8])
    # Now match 9 has a game: a correction that would change its players is refused.
    refused = fairpair("result", "2", "=", "=", "=", "=", win(s[9], blitz), "=", code=2)
    assert "match 9 (Quarter-finals) already has games" in refused
    # A correction that keeps the same winner is taken, and match 9 keeps its game.
    kept = fairpair(
        "result", "2", "=", "=", "=", "=", win(s[8], blitz), win(s[8], other(m2, blitz))
    )
    assert kept.startswith("corrected match 2") and match_line(kept)[3] == s[8]
    assert len(games_of(9)) == 1

    # Hostile input.
    assert "there is no match 0" in fairpair("result", "0", "1-0", code=2)
    assert "there is no match 99" in fairpair("result", "99", "1-0", code=2)
    assert "not known yet" in fairpair("result", "13", "1-0", code=2)
    assert "does not play in match 5" in fairpair(
        "result", "5", "1-0", "--white", f"1={s[1]}", code=2
    )
    assert "one player must go through" in fairpair("result", "--", "5", "--", code=2)
    assert "GAME=PLAYER" in fairpair("result", "5", "1-0", "--white", "x", code=2)
    bracket = fairpair("bracket")
    assert "Knight" in bracket
    assert fairpair("bracket", "-f", "svg").startswith("<svg")
    assert fairpair("event", "rebuild").startswith("replayed")

    # On paper: a slip for each match to play (5-8, the quarter-final 10 between the winners
    # of 3 and 4, and 9 under way), a line for each game still possible; the bracket.
    slips = tmp_path / "slips.txt"
    assert fairpair("print", "match-slips", "-o", str(slips)) == f"wrote {slips}\n"
    text = slips.read_text()
    shown = [int(n) for n in re.findall(r"^Cup: match slips\s+Match (\d+)", text, re.MULTILINE)]
    assert shown == [5, 6, 7, 8, 9, 10]
    assert text.count("Game 7 (armageddon)") == 6
    pdf = tmp_path / "bracket.pdf"
    assert fairpair("print", "bracket", "-o", str(pdf)).startswith(f"wrote {pdf} (")
    assert pdf.read_bytes().startswith(b"%PDF")


def test_undo_takes_back_a_match_then_the_cut_and_the_swiss_is_as_it_was(
    fairpair: Fairpair, tmp_path: Path
) -> None:
    players = tmp_path / "players.csv"
    players.write_text("name,rating\nAnn,2100\nBob,2000\nCy,1900\nDee,1800\n")
    fairpair("event", "create", "Club", "--system", "casual", "--rounds", "1")
    fairpair("player", "import", str(players))
    fairpair("round", "pair")
    fairpair("result", "1", "2-0", "2", "2-1")
    standings = fairpair("event", "standings")
    as_json = fairpair("event", "standings", "-f", "json")
    assert "standings after round 1" in standings

    cut = fairpair("event", "cut", "--top", "2", "--match", "1")
    assert cut.startswith("cut to the top 2 (single elimination, best-of-1)")
    assert "final standings" not in fairpair("event", "standings")
    seeds = fairpair.export()["knockout"]["seeds"]  # type: ignore[index]
    assert seeds == [row["start_rank"] for row in json.loads(as_json)["standings"][:2]]
    # The final's result is written with its first player (seed 1) first: seed 2 won.
    out = fairpair("result", "1", "0-1")
    assert match_line(out) == (1, seeds[0], seeds[1], seeds[1])
    assert f"champion: {seeds[1]} " in out

    log = fairpair("log").splitlines()
    cut_line = next(line for line in log if "stage.cut" in line)
    match_line_ = next(line for line in log if "knockout.games" in line)
    assert "cut to the top 2 (single elimination, best-of-1): seed 1 " in cut_line
    assert "match 1 (Final): " in match_line_ and "goes through" in match_line_

    undone = fairpair("undo")
    assert undone.startswith("undid #") and "match 1 (Final)" in undone
    assert "Match 1: (1) " in (shown := fairpair("bracket")) and "to play" in shown
    undone = fairpair("undo")
    assert "cut to the top 2" in undone
    # The Swiss is as it was before the cut: its standings, its results open to correction.
    assert fairpair("event", "standings") == standings
    assert fairpair("event", "standings", "-f", "json") == as_json
    assert "no knockout stage" in fairpair("bracket", code=2)
    assert "round 1" in fairpair("result", "--round", "1", "1", "1-1-1")
    assert "(undone by #" in fairpair("log")
