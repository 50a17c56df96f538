"""`fairpair team ...` and `lineup`, and what `round`, `result`, `event` do for a team event."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer

from fairpair.cli.director import ActorOption, DbOption, EventOption, Session, fail, session
from fairpair.core import Player, format_points
from fairpair.core.teams import TeamTournament
from fairpair.formats.teams_csv import read_teams_csv_file
from fairpair.service import team_events as te
from fairpair.service.errors import CommandError

app = typer.Typer(
    help="Register the teams of a team event and their rosters.", no_args_is_help=True
)


def is_team(s: Session) -> bool:
    """Whether the session's event is a team event."""
    return te.is_team_event(s.desk.store.event(s.event_id()))


def _players(names: list[str] | None, ratings: list[int] | None) -> tuple[Player, ...]:
    names = names or []
    ratings = ratings or []
    if ratings and len(ratings) != len(names):
        raise fail(f"{len(ratings)} --rating for {len(names)} --player: give one per player")
    return tuple(
        Player(id=1, name=name.strip(), rating=ratings[i] if ratings else None)
        for i, name in enumerate(names)
    )


PlayerOption = Annotated[
    list[str] | None,
    typer.Option("--player", "-p", help="A player, board order: repeat for each (roster order)."),
]
RatingOption = Annotated[
    list[int] | None,
    typer.Option("--rating", help="The players' ratings, one per --player, in the same order."),
]


TeamArgument = Annotated[str, typer.Argument(help="Pairing number or part of the name.")]
NextRoundOption = Annotated[
    int | None, typer.Option("--round", "-r", help="Round (default: the next).")
]


@app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The team's name.")],
    player: PlayerOption = None,
    rating: RatingOption = None,
    captain: Annotated[str, typer.Option("--captain", help="The team captain.")] = "",
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Register a team with its roster in board order (it may hold more players than boards)."""
    players = _players(player, rating)
    with session(db, event, actor) as s:
        _, team = te.register_team(s.desk, s.event_id(), te.NewTeam(name, players, captain))
        typer.echo(f"team {team.id} {team.name}: {len(team.roster)} player(s)")


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="CSV: team,name[,board,rating,title,...]")],
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Register the teams of a CSV file (one row per player); all of them or none."""
    with session(db, event, actor) as s:
        rows = read_teams_csv_file(file)
        teams = [te.NewTeam(r.name, r.players, r.captain) for r in rows]
        changed = te.import_teams(s.desk, s.event_id(), teams)
        players = sum(len(t.players) for t in teams)
        typer.echo(
            f"imported {len(teams)} teams ({players} players); the event has "
            f"{len(changed.tournament.teams)} teams"
        )


@app.command("edit")
def edit(
    team: TeamArgument,
    name: Annotated[str | None, typer.Option("--name", help="A new name.")] = None,
    captain: Annotated[str | None, typer.Option("--captain", help="A new captain.")] = None,
    player: Annotated[
        list[str] | None,
        typer.Option("--player", "-p", help="A player to add at the end of the roster."),
    ] = None,
    rating: RatingOption = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Correct a team's name or captain; add players at the end of its roster."""
    changes = {k: v for k, v in (("name", name), ("captain", captain)) if v is not None}
    players = _players(player, rating)
    with session(db, event, actor) as s:
        changed = te.edit_team(s.desk, s.event_id(), team, changes, players)
        found = te.find_team(changed.tournament, changes.get("name", team))
        typer.echo(f"team {found.id} {found.name}: {len(found.roster)} player(s)")


@app.command("reorder")
def reorder(
    team: TeamArgument,
    players: Annotated[
        list[str],
        typer.Argument(help="Every player of the roster once, new board order: #N or a name."),
    ],
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Put a team's roster in a new board order, before the team has fielded a line-up."""
    with session(db, event, actor) as s:
        changed = te.reorder_roster(s.desk, s.event_id(), team, players)
        t = changed.tournament
        found = t.team(te.find_team(t, team).id)
        names = {q.id: q.name for q in t.players}
        shown = ", ".join(f"{n}. {names[pid]}" for n, pid in enumerate(found.roster, start=1))
        typer.echo(f"team {found.id} {found.name}: {shown}")


@app.command("remove")
def remove(
    team: TeamArgument,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Take off a team registered by mistake (never paired)."""
    with session(db, event, actor) as s:
        found = te.find_team(te.load_team(s.desk, s.event_id()).tournament, team)
        te.remove_team(s.desk, s.event_id(), str(found.id))
        typer.echo(f"removed team {found.id} {found.name}")


@app.command("withdraw")
def withdraw(
    team: TeamArgument,
    from_round: Annotated[
        int | None, typer.Option("--round", "-r", help="First round missed (default: next).")
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """The team is not paired from the next round (or --round) on."""
    with session(db, event, actor) as s:
        changed = te.withdraw_team(s.desk, s.event_id(), team, from_round)
        tpn, number = changed.tournament.withdrawals[-1]
        typer.echo(f"team {tpn} {changed.tournament.team(tpn).name} withdrawn from round {number}")


@app.command("return")
def return_(
    team: TeamArgument,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Take a withdrawal back, before the round it starts from is paired."""
    with session(db, event, actor) as s:
        found = te.find_team(te.load_team(s.desk, s.event_id()).tournament, team)
        te.return_team(s.desk, s.event_id(), str(found.id))
        typer.echo(f"team {found.id} {found.name} plays again")


@app.command("forbid")
def forbid(
    teams: Annotated[
        list[str], typer.Argument(help="Two or more teams (pairing number or part of the name).")
    ],
    from_round: Annotated[
        int | None, typer.Option("--round", "-r", help="First round (default: next).")
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Keep teams apart: no two of them are paired from the next round (or --round) on."""
    if len(teams) < 2:
        raise fail("name at least two teams to keep apart")
    with session(db, event, actor) as s:
        changed = te.forbid_teams(s.desk, s.event_id(), teams, from_round)
        t = changed.tournament
        rule = t.forbidden[-1]
        names = " and ".join(f"{tpn} {t.team(tpn).name}" for tpn in rule.players)
        typer.echo(f"teams {names} kept apart from round {rule.first_round} on")


@app.command("fix")
def fix(
    first: Annotated[str, typer.Argument(help="The White team (its board 1 has White).")],
    second: Annotated[str, typer.Argument(help="Its opponent.")],
    round_number: NextRoundOption = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Fix a match of the next round (or --round); the pairing pairs the other teams."""
    with session(db, event, actor) as s:
        changed = te.fix_match(s.desk, s.event_id(), first, second, round_number)
        t = changed.tournament
        match = t.fixed[-1]
        typer.echo(
            f"round {match.round}: {match.first} {t.team(match.first).name} - "
            f"{match.second} {t.team(match.second).name} fixed (the first team White on board 1)"
        )
        pair = frozenset((match.first, match.second))
        met = [
            rnd.number
            for rnd in t.rounds
            for m in rnd.matches
            if frozenset((m.first, m.second)) == pair and (m.played or not m.finished)
        ]
        if met:
            typer.echo(f"note: these teams met in round {met[0]}; the match stands as fixed (C1)")
        if pair in t.forbidden_pairs(match.round):
            typer.echo("note: these teams are kept apart; the match stands as fixed (C1)")


@app.command("unfix")
def unfix(
    team: Annotated[str, typer.Argument(help="A team of the fixed match.")],
    round_number: NextRoundOption = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Take back a fixed match of a round not yet paired; the pairing pairs both teams."""
    with session(db, event, actor) as s:
        before = te.load_team(s.desk, s.event_id()).tournament
        changed = te.unfix_match(s.desk, s.event_id(), team, round_number)
        for match in set(before.fixed) - set(changed.tournament.fixed):
            typer.echo(
                f"round {match.round}: the match {match.first} {before.team(match.first).name} "
                f"- {match.second} {before.team(match.second).name} is no longer fixed"
            )


@app.command("list")
def list_teams(db: DbOption = None, event: EventOption = None) -> None:
    """The teams with their rosters in board order."""
    with session(db, event) as s:
        t = te.load_team(s.desk, s.event_id()).tournament
        players = {q.id: q for q in t.players}
        for team in t.teams:
            typer.echo(f"{team.id:3d}  {team.name}")
            for place, pid in enumerate(team.roster, start=1):
                q = players[pid]
                rating = "" if q.rating is None else f"  {q.rating}"
                typer.echo(f"       {place:2d}. {q.name}{rating}")


def lineup(
    team: Annotated[str, typer.Argument(help="Pairing number or part of the team's name.")],
    players: Annotated[
        list[str],
        typer.Argument(help="Its players, board 1 first: part of the name or #N (roster N)."),
    ],
    round_number: Annotated[
        int | None, typer.Option("--round", "-r", help="Round (default: the last paired).")
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Who plays for a team in a round, in roster order; fewer players than boards leave the
    lowest boards empty (lost by forfeit)."""
    with session(db, event, actor) as s:
        changed = te.set_lineup(s.desk, s.event_id(), team, players, round_number)
        t = changed.tournament
        number = round_number or len(t.rounds)
        found = te.find_team(t, team)
        match = t.rounds[number - 1].match_of(found.id)
        assert match is not None
        names = {q.id: q.name for q in t.players}
        shown = ", ".join(
            f"{board}. {'(empty)' if pid is None else names[pid]}"
            for board, pid in enumerate(match.lineup(found.id), start=1)
        )
        typer.echo(f"round {number}, {found.name}: {shown}")


# --- the commands shared with individual events ------------------------------------------------


def round_text(t: TeamTournament, number: int | None = None) -> str:
    """A round's matches with each board (colours, players, results) and the byes."""
    if not t.rounds:
        raise CommandError("no round is paired yet")
    rnd = t.rounds[(number or len(t.rounds)) - 1]
    names = {q.id: q.name for q in t.players}
    lines = [f"Round {rnd.number}"]
    for index, match in enumerate(rnd.matches, start=1):
        result = te.match_result(t, rnd.number, index)
        first, second = result.first, result.second
        score = f"{format_points(result.first_points[1])}-{format_points(result.second_points[1])}"
        forfeit = f" (forfeit {match.forfeit.value})" if match.forfeit is not None else ""
        lines.append(
            f"Match {index}: {first.id} {first.name} - {second.id} {second.name}  {score}{forfeit}"
        )
        if match.forfeit is not None:
            continue  # not played: its line-ups do not matter
        for board, b in enumerate(match.boards, start=1):
            left = "(empty)" if b.first is None else names[b.first]
            right = "(empty)" if b.second is None else names[b.second]
            c1 = te.board_colour_letter(t, board, True)
            c2 = te.board_colour_letter(t, board, False)
            res = "" if b.result is None else b.result.value
            lines.append(f"  {index}.{board}  {c1} {left:<28} {c2} {right:<28} {res}")
    for bye in rnd.byes:
        lines.append(f"Bye: {bye.team} {t.team(bye.team).name} ({bye.kind.name.lower()})")
    return "\n".join(lines) + "\n"


def pair(s: Session) -> None:
    changed, pairing = te.pair_team_round(s.desk, s.event_id())
    typer.echo(round_text(changed.tournament, pairing.round), nl=False)


def result(s: Session, items: list[str], round_number: int | None) -> None:
    """``MATCH.BOARD RESULT`` pairs (``MATCH +-`` forfeits a whole match)."""
    entries = list(zip(items[::2], items[1::2], strict=True))
    changed = te.record_team_results(s.desk, s.event_id(), round_number, entries)
    t = changed.tournament
    number = round_number or len(t.rounds)
    shown = sorted({int(ref.partition(".")[0]) for ref, _ in entries})
    for match in shown:
        typer.echo(te.match_result(t, number, match).describe())
    missing = sum(1 for m in t.rounds[number - 1].matches if not m.finished)
    state = "complete" if missing == 0 else f"{missing} match(es) to finish"
    typer.echo(f"round {number}: {len(entries)} result(s) saved; {state}")


def bye(s: Session, ref: str, round_number: int | None, kind: str) -> None:
    changed = te.grant_team_bye(s.desk, s.event_id(), ref, round_number, kind)
    granted = changed.tournament.requested_byes[-1]
    name = changed.tournament.team(granted.player).name
    typer.echo(f"team {granted.player} {name}: {kind}-point bye in round {granted.round}")


def standings(s: Session, boards: bool) -> None:
    event = te.load_team(s.desk, s.event_id())
    t = event.tournament
    if boards:
        for standing in te.board_standings(event):
            typer.echo(f"Board {standing.board}")
            for line in standing.lines:
                rank = "" if line.rank is None else str(line.rank)
                typer.echo(
                    f"  {rank:>3} {line.name:<28} {t.team(line.team_id).name:<24} "
                    f"{_fraction(line.points):>5} / {line.games}  {float(line.percentage):5.1f}%"
                )
        return
    table = te.team_standings(event)
    primary, secondary = ("MP", "GP") if table.primary.value == "MP" else ("GP", "MP")
    typer.echo(f"{t.name}: team standings after round {table.rounds}")
    codes = "".join(f" {code:>7}" for code in table.codes)
    typer.echo(f"{'rank':>4}  {'TPN':>3}  {'team':<28} {primary:>5} {secondary:>6}{codes}")
    gone = {x for x, _ in t.withdrawals}
    for row in table.rows:
        values = "".join(f" {_fraction(v):>7}" for v in row.values)
        note = "  (withdrawn)" if row.team_id in gone else ""
        typer.echo(
            f"{row.rank:>4}  {row.team_id:>3}  {row.name:<28} {_fraction(row.points):>5} "
            f"{_fraction(row.secondary):>6}{values}{note}"
        )


def _fraction(value: Fraction | None) -> str:
    """A value as the standings print it: whole or with up to two decimals."""
    if value is None:
        return "-"
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")
