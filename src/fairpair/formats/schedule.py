"""A round-robin schedule as text, JSON, CSV or an HTML page (spec §6.6: board, white, black, bye).

Players are shown by pairing number; when the players are known, text, CSV and HTML show
``name (number)``. JSON always uses numbers so programs can read it back.
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import Iterator, Sequence

from fairpair.core import Game, Player, PlayerId, Schedule, Session
from fairpair.formats.csv_cells import CsvWriter

__all__ = ["render_csv", "render_html", "render_json", "render_text", "schedule_title"]


def _labeller(players: Sequence[Player] | None) -> dict[PlayerId, str]:
    return {} if players is None else {p.id: f"{p.name} ({p.id})" for p in players}


def _label(player: PlayerId, names: dict[PlayerId, str]) -> str:
    return names.get(player, str(player))


def _numbered(session: Session) -> Iterator[tuple[int, tuple[Game, int]]]:
    """``(board number, (game, round))`` for the boards of a session."""
    return enumerate(zip(session.boards, session.rounds, strict=True), start=1)


def schedule_title(schedule: Schedule) -> str:
    """``Round robin: 5 players, 5 rounds`` (with ``double`` and sessions when they apply)."""
    kind = "Double round robin" if schedule.cycles == 2 else "Round robin"
    title = f"{kind}: {schedule.entrants} players, {len(schedule.rounds)} rounds"
    if schedule.sessions:
        most = max(len(s.boards) for s in schedule.sessions)
        title += f" in {len(schedule.sessions)} sessions on {most} boards"
    return title


# --- text ----------------------------------------------------------------------------------


def _tables(
    header: Sequence[str], blocks: Sequence[Sequence[Sequence[str]]], right: int
) -> list[list[str]]:
    """Tables with the same columns, aligned alike (so every round of a posted sheet lines up);
    the first ``right`` columns are numbers, aligned right."""
    every = [header, *(row for rows in blocks for row in rows)]
    widths = [max(len(row[i]) for row in every) for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        cells = [
            cell.rjust(width) if i < right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        return "  " + "  ".join(cells).rstrip()

    return [[line(header), *(line(row) for row in rows)] for rows in blocks]


def render_text(schedule: Schedule, players: Sequence[Player] | None = None) -> str:
    """An aligned table per round (or per session) that an arbiter can post."""
    names = _labeller(players)
    lines = [schedule_title(schedule)]
    if schedule.seating:
        lines += ["", "Seats in round 1 (after each round all but seat 1 move up one seat):"]
        rows = [
            [str(seat), "(empty)" if p is None else _label(p, names)]
            for seat, p in enumerate(schedule.seating, start=1)
        ]
        lines += _tables(["Seat", "Player"], [rows], right=1)[0]
    if schedule.sessions:
        blocks = [
            [
                [str(board), str(rnd), _label(g.white, names), _label(g.black, names)]
                for board, (g, rnd) in _numbered(session)
            ]
            for session in schedule.sessions
        ]
        tables = _tables(["Board", "Round", "White", "Black"], blocks, right=2)
        for session, table in zip(schedule.sessions, tables, strict=True):
            lines += ["", f"Session {session.number}", *table]
        byes = [(p.round, p.bye) for p in schedule.rounds if p.bye is not None]
        if byes:
            lines += ["", "Byes: " + ", ".join(f"round {r}: {_label(b, names)}" for r, b in byes)]
        return "\n".join(lines) + "\n"
    blocks = [
        [
            [str(board), _label(g.white, names), _label(g.black, names)]
            for board, g in enumerate(pairing.boards, start=1)
        ]
        for pairing in schedule.rounds
    ]
    tables = _tables(["Board", "White", "Black"], blocks, right=1)
    for pairing, table in zip(schedule.rounds, tables, strict=True):
        lines += ["", f"Round {pairing.round}", *table]
        if pairing.bye is not None:
            lines.append(f"  Bye: {_label(pairing.bye, names)}")
    return "\n".join(lines) + "\n"


# --- JSON ----------------------------------------------------------------------------------


def _pairs(games: Sequence[Game]) -> list[list[int]]:
    return [[g.white, g.black] for g in games]


def render_json(schedule: Schedule) -> str:
    """``{"players": N, "rounds": [{"round": 1, "boards": [[white, black], ...], "bye": p}]}``.

    Pairing numbers only; ``bye`` is ``null`` in a round without one. A schedule split into
    sessions also has ``"sessions": [{"session": 1, "boards": [...], "rounds": [...]}]``.
    One round per line, so that a diff shows which round changed.
    """
    rounds = [
        json.dumps({"round": p.round, "boards": _pairs(p.boards), "bye": p.bye})
        for p in schedule.rounds
    ]
    body = ",\n  ".join(rounds)
    text = f'{{"players": {schedule.entrants}, "rounds": [\n  {body}\n]'
    if schedule.sessions:
        sessions = [
            json.dumps({"session": s.number, "boards": _pairs(s.boards), "rounds": list(s.rounds)})
            for s in schedule.sessions
        ]
        listed = ",\n  ".join(sessions)
        text += f', "sessions": [\n  {listed}\n]'
    return text + "}\n"


# --- CSV -----------------------------------------------------------------------------------


def render_csv(schedule: Schedule, players: Sequence[Player] | None = None) -> str:
    """One row per board: ``round,board,white,black``; a bye is ``round,bye,player,``.

    A schedule split into sessions has the columns ``session,board,round,white,black`` and
    its byes are ``,bye,round,player,``.
    """
    names = _labeller(players)
    out = io.StringIO()
    writer = CsvWriter(out)
    if schedule.sessions:
        writer.writerow(["session", "board", "round", "white", "black"])
        for session in schedule.sessions:
            for board, (g, rnd) in _numbered(session):
                writer.writerow(
                    [session.number, board, rnd, _label(g.white, names), _label(g.black, names)]
                )
        for p in schedule.rounds:
            if p.bye is not None:
                writer.writerow(["", "bye", p.round, _label(p.bye, names), ""])
        return out.getvalue()
    writer.writerow(["round", "board", "white", "black"])
    for p in schedule.rounds:
        for board, g in enumerate(p.boards, start=1):
            writer.writerow([p.round, board, _label(g.white, names), _label(g.black, names)])
        if p.bye is not None:
            writer.writerow([p.round, "bye", _label(p.bye, names), ""])
    return out.getvalue()


# --- HTML ----------------------------------------------------------------------------------

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0 1.5em}"
    "th,td{border:1px solid #bbb;padding:.25em .75em;text-align:left}"
    "td.n{text-align:right}th{background:#eee}p.bye{margin-top:-1em}"
)


def render_html(schedule: Schedule, players: Sequence[Player] | None = None) -> str:
    """A self-contained HTML page (no external files), one table per round or session."""
    names = _labeller(players)

    def cell(player: PlayerId) -> str:
        return f"<td>{html.escape(_label(player, names))}</td>"

    title = html.escape(schedule_title(schedule))
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8">',
        f"<title>{title}</title>",
        f"<style>{_STYLE}</style></head>",
        "<body>",
        f"<h1>{title}</h1>",
    ]
    if schedule.seating:
        parts.append("<h2>Seats in round 1</h2>")
        parts.append("<p>After each round everybody but seat 1 moves up one seat.</p>")
        parts.append("<table><thead><tr><th>Seat</th><th>Player</th></tr></thead><tbody>")
        for seat, player in enumerate(schedule.seating, start=1):
            who = "<td>(empty)</td>" if player is None else cell(player)
            parts.append(f'<tr><td class="n">{seat}</td>{who}</tr>')
        parts.append("</tbody></table>")
    if schedule.sessions:
        for s in schedule.sessions:
            parts.append(f"<h2>Session {s.number}</h2>")
            parts.append(
                "<table><thead><tr><th>Board</th><th>Round</th><th>White</th><th>Black</th>"
                "</tr></thead><tbody>"
            )
            for board, (g, rnd) in _numbered(s):
                parts.append(
                    f'<tr><td class="n">{board}</td><td class="n">{rnd}</td>'
                    f"{cell(g.white)}{cell(g.black)}</tr>"
                )
            parts.append("</tbody></table>")
        byes = [(p.round, p.bye) for p in schedule.rounds if p.bye is not None]
        if byes:
            parts.append("<h2>Byes</h2><ul>")
            parts += [f"<li>Round {r}: {html.escape(_label(b, names))}</li>" for r, b in byes]
            parts.append("</ul>")
    else:
        for p in schedule.rounds:
            parts.append(f"<h2>Round {p.round}</h2>")
            parts.append(
                "<table><thead><tr><th>Board</th><th>White</th><th>Black</th></tr></thead><tbody>"
            )
            for board, g in enumerate(p.boards, start=1):
                parts.append(f'<tr><td class="n">{board}</td>{cell(g.white)}{cell(g.black)}</tr>')
            parts.append("</tbody></table>")
            if p.bye is not None:
                parts.append(f'<p class="bye">Bye: {html.escape(_label(p.bye, names))}</p>')
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)
