"""A minimal TRF reader for the tests, standing in until ``fairpair.formats.trf`` lands.

It reads what the reference corpus uses: 001, XXR, XXC, 162, XXA, 192.
"""

from __future__ import annotations

import re
from pathlib import Path

from fairpair.core import (
    Acceleration,
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    Player,
    PointSystem,
    Round,
    Tournament,
    points_from_text,
)
from fairpair.pairing.swiss.view import infer_initial_colour

_BYES = {
    "U": ByeKind.PAIRING_ALLOCATED,
    "H": ByeKind.HALF_POINT,
    "F": ByeKind.FULL_POINT,
    "Z": ByeKind.ZERO_POINT,
    "-": ByeKind.ABSENT,
    "+": ByeKind.FORFEIT_WIN,
    " ": ByeKind.ZERO_POINT,
}


def read(path: Path) -> Tournament:
    players: list[Player] = []
    cells: dict[int, list[tuple[int, str, str]]] = {}
    total = None
    colour = None
    points = PointSystem()
    accel: list[Acceleration] = []
    system = ""
    for line in path.read_text().splitlines():
        code = line[:3]
        if code == "001":
            pid = int(line[4:8])
            players.append(Player(pid, line[14:47].strip()))
            row = []
            k = 91
            while k < len(line):
                cell = line[k : k + 8].ljust(8)
                if cell.strip():
                    opp = int(cell[0:4]) if cell[0:4].strip() else 0
                    row.append((opp, cell[5], cell[7].upper()))
                else:
                    row.append((0, " ", ""))
                k += 10
            cells[pid] = row
        elif code == "XXR":
            total = int(line[3:].split()[0])
        elif code == "XXC":
            words = line[3:].split()
            if "white1" in words:
                colour = Colour.WHITE
            if "black1" in words:
                colour = Colour.BLACK
        elif code == "162":
            values = {
                s: points_from_text(v) for s, v in re.findall(r"([WDLAPX])\s*(\d+\.\d)", line[4:])
            }
            points = PointSystem(
                win=values.get("W", 10),
                draw=values.get("D", 5),
                loss=values.get("L", 0),
                zero_bye=values.get("A", 0),
                forfeit_loss=values.get("A", 0),
                pairing_bye=values.get("P"),
            )
        elif code == "XXA":
            pid = int(line[4:8])
            rest = line[9:]
            for r in range(0, len(rest), 5):
                text = rest[r : r + 5].strip()
                if text:
                    accel.append(Acceleration(pid, r // 5 + 1, points_from_text(text)))
        elif code == "192":
            system = line[4:].strip()
    nrounds = max((len(r) for r in cells.values()), default=0)
    rounds = []
    for k in range(nrounds):
        games = []
        byes = []
        for pid, row in cells.items():
            if k >= len(row):
                continue
            opp, col, res = row[k]
            if opp == 0:
                if res:
                    byes.append(Bye(pid, _BYES[res]))
                continue
            if col == "b" or (col not in "wb" and pid > opp):
                continue
            ores = cells[opp][k][2]
            if res in "1W":
                result = GameResult.WHITE_WINS
            elif res in "0L":
                result = GameResult.BLACK_WINS
            elif res in "=D":
                result = GameResult.DRAW
            elif res == "+":
                result = GameResult.WHITE_WINS_BY_FORFEIT
            elif ores == "+":
                result = GameResult.BLACK_WINS_BY_FORFEIT
            else:
                result = GameResult.DOUBLE_FORFEIT
            games.append(Game(pid, opp, result, coloured=col in "wb", rated=res not in "WDL"))
        rounds.append(Round(k + 1, tuple(games), tuple(byes)))
    t = Tournament(
        tuple(players),
        tuple(rounds),
        total_rounds=total,
        points=points,
        initial_colour=colour,
        accelerations=tuple(accel),
        system=system,
        name=path.stem,
    )
    if t.initial_colour is None:
        t = t.replace(initial_colour=infer_initial_colour(t))
    return t
