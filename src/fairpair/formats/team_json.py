"""A team event as versioned JSON: everything a :class:`fairpair.core.TeamTournament` holds.

The document is an event document (``"format": "fairpair-event"``) of ``"kind": "team"``,
whose ``version`` counts the versions of the team kind (1 is the first). Its players are
written as an individual event's are; teams list their rosters by player id in board order;
each match its boards, first team's player first, ``null`` for an empty board. Points are
decimal strings, enumerations their values; reading is strict and names the JSON path.

:func:`fairpair.formats.snapshots.dump_snapshot` and
:func:`~fairpair.formats.snapshots.load_snapshot` read and write any kind, for the event
store, whose snapshot may be an individual, a team or a Double-Swiss event.
"""

from __future__ import annotations

import json
from typing import Any

from fairpair.core import (
    Colour,
    GameResult,
    format_points,
)
from fairpair.core.teams import (
    Board,
    ColourModel,
    FixedMatch,
    MatchForfeit,
    PointOverride,
    PrimaryScore,
    Team,
    TeamAcceleration,
    TeamBye,
    TeamMatch,
    TeamOutcome,
    TeamRound,
    TeamScoring,
    TeamTournament,
)
from fairpair.formats.event_json import (
    _BYE_NAMES,
    _DETAIL_TEXTS,
    _PLAYER_FIELDS,
    _POINT_FIELDS,
    _RESULT_NAMES,
    FORMAT,
    _bye_kind,
    _colour,
    _Loader,
    parse_json,
)

__all__ = [
    "KIND",
    "TEAM_VERSION",
    "dump_team_event",
    "load_team_event",
    "team_event_data",
]

KIND = "team"
TEAM_VERSION = 1
_TOP = (
    "format",
    "kind",
    "version",
    "name",
    "system",
    "boards",
    "total_rounds",
    "scoring",
    "colour_model",
    "board_colours",
    "initial_colour",
    "players",
    "teams",
    "rounds",
    "requested_byes",
    "forbidden",
    "withdrawals",
    "accelerations",
    "details",
)


_OPTIONAL = ("fixed_matches", "point_overrides")
"""Written only when the event has some, so that documents without them stay as they were."""


def _points(value: int | None) -> str | None:
    return None if value is None else format_points(value)


def _colour_letters(colours: tuple[Colour, ...]) -> str:
    return "".join("W" if c is Colour.WHITE else "B" for c in colours)


def team_event_data(t: TeamTournament) -> dict[str, Any]:
    """The team event as plain JSON data."""
    s = t.scoring
    d = t.details
    return {
        "format": FORMAT,
        "kind": KIND,
        "version": TEAM_VERSION,
        "name": t.name,
        "system": t.system,
        "boards": t.boards,
        "total_rounds": t.total_rounds,
        "scoring": {
            "win": format_points(s.win),
            "draw": format_points(s.draw),
            "loss": format_points(s.loss),
            "games": {name: _points(getattr(s.games, name)) for name in _POINT_FIELDS},
            "primary": s.primary.value,
            "secondary_used": s.secondary_used,
            "pab_match_points": _points(s.pab_match_points),
            "pab_game_points": _points(s.pab_game_points),
        },
        "colour_model": t.colour_model.value,
        "board_colours": _colour_letters(t.board_colours),
        "initial_colour": None if t.initial_colour is None else t.initial_colour.name.lower(),
        "players": [
            {"id": p.id, "rating": p.rating} | {name: getattr(p, name) for name in _PLAYER_FIELDS}
            for p in t.players
        ],
        "teams": [
            {
                "id": team.id,
                "name": team.name,
                "roster": list(team.roster),
                "nickname": team.nickname,
                "captain": team.captain,
                "strength": team.strength,
            }
            for team in t.teams
        ],
        "rounds": [
            {
                "number": r.number,
                "matches": [
                    {
                        "first": m.first,
                        "second": m.second,
                        "forfeit": None if m.forfeit is None else m.forfeit.value,
                        "boards": [
                            [
                                b.first,
                                b.second,
                                None if b.result is None else b.result.value,
                                b.rated,
                            ]
                            for b in m.boards
                        ],
                    }
                    for m in r.matches
                ],
                "byes": [{"team": b.team, "kind": b.kind.name.lower()} for b in r.byes],
            }
            for r in t.rounds
        ],
        "requested_byes": [
            {"round": b.round, "team": b.player, "kind": b.kind.name.lower()}
            for b in t.requested_byes
        ],
        "forbidden": [
            {"teams": list(f.players), "first_round": f.first_round, "last_round": f.last_round}
            for f in t.forbidden
        ],
        "withdrawals": [{"team": team, "round": r} for team, r in t.withdrawals],
        "accelerations": [
            {
                "team": a.team,
                "round": a.round,
                "match_points": format_points(a.match_points),
                "game_points": format_points(a.game_points),
            }
            for a in t.accelerations
        ],
        "details": {name: getattr(d, name) for name in _DETAIL_TEXTS}
        | {"deputy_arbiters": list(d.deputy_arbiters), "round_dates": list(d.round_dates)},
    } | _optional_data(t)


def _optional_data(t: TeamTournament) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if t.fixed:
        data["fixed_matches"] = [
            {"round": m.round, "first": m.first, "second": m.second} for m in t.fixed
        ]
    if t.point_overrides:
        data["point_overrides"] = [
            {
                "kind": None if o.outcome is None else o.outcome.name.lower(),
                "match_points": _points(o.match_points),
                "game_points": _points(o.game_points),
                "round": o.round,
                "teams": list(o.teams),
            }
            for o in t.point_overrides
        ]
    return data


def dump_team_event(tournament: TeamTournament, *, compact: bool = False) -> str:
    """The team event as JSON text (indented; ``compact``: one line, for the store)."""
    data = team_event_data(tournament)
    if compact:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


_OVERRIDDEN = (
    TeamOutcome.WON,
    TeamOutcome.DRAWN,
    TeamOutcome.LOST,
    TeamOutcome.FULL_BYE,
    TeamOutcome.HALF_BYE,
    TeamOutcome.ZERO_BYE,
    TeamOutcome.FORFEIT_WIN,
    TeamOutcome.FORFEIT_LOSS,
)
"""The kinds of round a point override may name (TRF ``299``)."""
_OUTCOME_NAMES = ", ".join(o.name.lower() for o in _OVERRIDDEN)


def _outcome(text: str) -> TeamOutcome:
    outcome = TeamOutcome[text.upper()]
    if outcome not in _OVERRIDDEN:
        raise ValueError(text)
    return outcome


def load_team_event(text: str, source: str = "<string>") -> TeamTournament:
    """Read a team event written by :func:`dump_team_event`; :class:`EventJsonError` naming
    the JSON path of what is wrong."""
    data = parse_json(text, source)
    ld = _Loader(source)
    top = ld.obj(data, "$", _TOP, _OPTIONAL)
    if top["format"] != FORMAT or top["kind"] != KIND:
        raise ld.error("$.kind", f"expected a {FORMAT!r} document of kind {KIND!r}")
    if top["version"] != TEAM_VERSION:
        raise ld.error("$.version", f"unsupported version {top['version']!r}")
    s = ld.obj(
        top["scoring"],
        "$.scoring",
        (
            "win",
            "draw",
            "loss",
            "games",
            "primary",
            "secondary_used",
            "pab_match_points",
            "pab_game_points",
        ),
    )
    games = ld.point_system(s["games"], "$.scoring.games")
    scoring = ld.build(
        "$.scoring",
        TeamScoring,
        win=ld.points(s["win"], "$.scoring.win"),
        draw=ld.points(s["draw"], "$.scoring.draw"),
        loss=ld.points(s["loss"], "$.scoring.loss"),
        games=games,
        primary=ld.choice(s["primary"], "$.scoring.primary", PrimaryScore, "MP, GP"),
        secondary_used=ld.flag(s["secondary_used"], "$.scoring.secondary_used"),
        pab_match_points=ld.points(
            s["pab_match_points"], "$.scoring.pab_match_points", optional=True
        ),
        pab_game_points=ld.points(s["pab_game_points"], "$.scoring.pab_game_points", optional=True),
    )
    players = ld.players(top["players"], "$.players")
    teams = []
    for i, item in enumerate(ld.items(top["teams"], "$.teams")):
        where = f"$.teams[{i}]"
        tm = ld.obj(item, where, ("id", "name", "roster", "nickname", "captain", "strength"))
        roster = ld.integers(tm["roster"], f"{where}.roster")
        teams.append(
            ld.build(
                where,
                Team,
                ld.integer(tm["id"], f"{where}.id"),
                ld.text(tm["name"], f"{where}.name"),
                roster,
                ld.text(tm["nickname"], f"{where}.nickname"),
                ld.text(tm["captain"], f"{where}.captain"),
                ld.text(tm["strength"], f"{where}.strength"),
            )
        )
    rounds = [
        _round(ld, item, f"$.rounds[{i}]")
        for i, item in enumerate(ld.items(top["rounds"], "$.rounds"))
    ]
    requests = ld.requested_byes(top["requested_byes"], "$.requested_byes", "team")
    forbidden = ld.forbidden(top["forbidden"], "$.forbidden", "teams")
    withdrawals = ld.withdrawals(top["withdrawals"], "$.withdrawals", "team")
    accelerations = []
    for i, item in enumerate(ld.items(top["accelerations"], "$.accelerations")):
        where = f"$.accelerations[{i}]"
        a = ld.obj(item, where, ("team", "round", "match_points", "game_points"))
        accelerations.append(
            TeamAcceleration(
                ld.integer(a["team"], f"{where}.team"),
                ld.integer(a["round"], f"{where}.round"),
                ld.points(a["match_points"], f"{where}.match_points"),
                ld.points(a["game_points"], f"{where}.game_points"),
            )
        )
    fixed = []
    for i, item in enumerate(ld.items(top.get("fixed_matches", []), "$.fixed_matches")):
        where = f"$.fixed_matches[{i}]"
        f = ld.obj(item, where, ("round", "first", "second"))
        fixed.append(
            ld.build(
                where,
                FixedMatch,
                ld.integer(f["round"], f"{where}.round"),
                ld.integer(f["first"], f"{where}.first"),
                ld.integer(f["second"], f"{where}.second"),
            )
        )
    overrides = []
    for i, item in enumerate(ld.items(top.get("point_overrides", []), "$.point_overrides")):
        where = f"$.point_overrides[{i}]"
        o = ld.obj(item, where, ("kind", "match_points", "game_points", "round", "teams"))
        kind = o["kind"]
        if kind is not None:
            kind = ld.choice(kind, f"{where}.kind", _outcome, _OUTCOME_NAMES)
        overrides.append(
            ld.build(
                where,
                PointOverride,
                kind,
                ld.points(o["match_points"], f"{where}.match_points", optional=True),
                ld.points(o["game_points"], f"{where}.game_points", optional=True),
                ld.integer(o["round"], f"{where}.round", optional=True),
                ld.integers(o["teams"], f"{where}.teams"),
            )
        )
    details = ld.details(top["details"], "$.details")
    letters = ld.text(top["board_colours"], "$.board_colours")
    if set(letters) - {"W", "B"}:
        raise ld.error("$.board_colours", f"expected letters W and B, found {letters!r}")
    colour = top["initial_colour"]
    if colour is not None:
        colour = ld.choice(colour, "$.initial_colour", _colour, "white, black")
    return ld.build(
        "$",
        TeamTournament,
        teams=tuple(teams),
        players=tuple(players),
        boards=ld.integer(top["boards"], "$.boards"),
        rounds=tuple(rounds),
        total_rounds=ld.integer(top["total_rounds"], "$.total_rounds", optional=True),
        scoring=scoring,
        colour_model=ld.choice(top["colour_model"], "$.colour_model", ColourModel, "A, B, none"),
        board_colours=tuple(Colour.WHITE if c == "W" else Colour.BLACK for c in letters),
        initial_colour=colour,
        requested_byes=tuple(requests),
        forbidden=tuple(forbidden),
        withdrawals=tuple(withdrawals),
        accelerations=tuple(accelerations),
        fixed=tuple(fixed),
        point_overrides=tuple(overrides),
        system=ld.text(top["system"], "$.system"),
        name=ld.text(top["name"], "$.name"),
        details=details,
    )


def _round(ld: _Loader, item: Any, where: str) -> TeamRound:
    r = ld.obj(item, where, ("number", "matches", "byes"))
    matches = []
    for i, m_item in enumerate(ld.items(r["matches"], f"{where}.matches")):
        at = f"{where}.matches[{i}]"
        m = ld.obj(m_item, at, ("first", "second", "forfeit", "boards"))
        boards = []
        for j, b_item in enumerate(ld.items(m["boards"], f"{at}.boards")):
            bat = f"{at}.boards[{j}]"
            values = ld.items(b_item, bat)
            if len(values) != 4:
                raise ld.error(bat, "expected [first player, second player, result, rated]")
            result = values[2]
            if result is not None:
                result = ld.choice(result, f"{bat}[2]", GameResult, _RESULT_NAMES)
            boards.append(
                ld.build(
                    bat,
                    Board,
                    ld.integer(values[0], f"{bat}[0]", optional=True),
                    ld.integer(values[1], f"{bat}[1]", optional=True),
                    result,
                    ld.flag(values[3], f"{bat}[3]"),
                )
            )
        forfeit = m["forfeit"]
        if forfeit is not None:
            forfeit = ld.choice(forfeit, f"{at}.forfeit", MatchForfeit, "+-, -+, --")
        matches.append(
            ld.build(
                at,
                TeamMatch,
                ld.integer(m["first"], f"{at}.first"),
                ld.integer(m["second"], f"{at}.second"),
                tuple(boards),
                forfeit,
            )
        )
    byes = []
    for i, b_item in enumerate(ld.items(r["byes"], f"{where}.byes")):
        at = f"{where}.byes[{i}]"
        b = ld.obj(b_item, at, ("team", "kind"))
        byes.append(
            TeamBye(
                ld.integer(b["team"], f"{at}.team"),
                ld.choice(b["kind"], f"{at}.kind", _bye_kind, _BYE_NAMES),
            )
        )
    return ld.build(
        where, TeamRound, ld.integer(r["number"], f"{where}.number"), tuple(matches), tuple(byes)
    )
