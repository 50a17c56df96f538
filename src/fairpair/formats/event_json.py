"""A whole event as versioned JSON: everything a :class:`fairpair.core.Tournament` holds.

The document is ``{"format": "fairpair-event", "version": 1, ...}``. Points are written as
decimal strings (``"0.5"``) so that they stay exact; enumerations by their lower-case names.
Reading is strict: unknown fields and wrong types are errors that name the JSON path.

Version 2 adds two optional members: ``details`` (the report fields of
:class:`fairpair.core.EventDetails`) and ``trf`` (the lines of the TRF file the event was read
from, each ``[text, line ending]``, with its encoding and byte-order mark), so that a TRF
converted to JSON and back is the same file, byte for byte. A document is written as version
1 when it has neither, so that it stays readable by the programs that read version 1.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from fairpair.core import (
    Acceleration,
    Bye,
    ByeKind,
    Colour,
    EventDetails,
    ForbiddenPairs,
    Game,
    GameResult,
    LateEntry,
    MatchScore,
    Player,
    PointSystem,
    RequestedBye,
    Round,
    Tournament,
    format_points,
    points_from_text,
)
from fairpair.formats.errors import FormatError

if TYPE_CHECKING:
    from fairpair.core.knockout import KnockoutStage
    from fairpair.formats.trf import TrfDocument

__all__ = [
    "FORMAT",
    "VERSION",
    "EventJsonError",
    "dump_event",
    "load_event",
    "load_event_and_trf",
]

FORMAT = "fairpair-event"
VERSION = 2
"""The newest version written; versions 1 and 2 are read."""
_VERSIONS = (1, 2)
_DETAIL_TEXTS = (
    "city",
    "federation",
    "start_date",
    "end_date",
    "event_type",
    "chief_arbiter",
    "time_control",
)
_ENDINGS = ("\n", "\r\n", "\r", "")

_POINT_FIELDS = (
    "win",
    "draw",
    "loss",
    "forfeit_win",
    "forfeit_loss",
    "pairing_bye",
    "full_bye",
    "half_bye",
    "zero_bye",
)
_PLAYER_FIELDS = ("name", "title", "federation", "club", "fide_id", "birth_date", "sex")


class EventJsonError(FormatError):
    """A JSON event that cannot be read; ``field`` is the JSON path (``$.rounds[0]...``)."""


# --- writing ------------------------------------------------------------------------------


def _points(value: int | None) -> str | None:
    return None if value is None else format_points(value)


def _game(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {
        "white": game.white,
        "black": game.black,
        "result": None if game.result is None else game.result.value,
        "coloured": game.coloured,
        "rated": game.rated,
    }
    if game.match_score is not None:
        score = game.match_score
        data["match_score"] = [score.first_wins, score.second_wins, score.draws]
    return data


def event_data(tournament: Tournament, trf: TrfDocument | None = None) -> dict[str, Any]:
    """The event as plain JSON data (dicts, lists, strings, numbers); with ``trf``, the lines
    of the TRF document it was read from too."""
    t = tournament
    extra: dict[str, Any] = {}
    if not t.details.empty:
        d = t.details
        extra["details"] = {name: getattr(d, name) for name in _DETAIL_TEXTS} | {
            "deputy_arbiters": list(d.deputy_arbiters),
            "round_dates": list(d.round_dates),
        }
    if t.knockout is not None:
        extra["knockout"] = knockout_data(t.knockout)
    if trf is not None:
        extra["trf"] = {
            "encoding": trf.encoding,
            "bom": trf.bom,
            "lines": [[line.text, line.ending] for line in trf.lines],
        }
    return {
        "format": FORMAT,
        "version": 2 if extra else 1,
        "name": t.name,
        "system": t.system,
        "total_rounds": t.total_rounds,
        "initial_colour": None if t.initial_colour is None else t.initial_colour.name.lower(),
        "initial_ranking": None if t.initial_ranking is None else list(t.initial_ranking),
        "points": {name: _points(getattr(t.points, name)) for name in _POINT_FIELDS},
        "players": [
            {"id": p.id, "rating": p.rating}
            | {name: getattr(p, name) for name in _PLAYER_FIELDS}
            # Written only when set, so that events without it read and write as before.
            | ({} if p.k_factor is None else {"k_factor": p.k_factor})
            for p in t.players
        ],
        "rounds": [
            {
                "number": r.number,
                "games": [_game(g) for g in r.games],
                "byes": [{"player": b.player, "kind": b.kind.name.lower()} for b in r.byes],
            }
            for r in t.rounds
        ],
        "requested_byes": [
            {"round": b.round, "player": b.player, "kind": b.kind.name.lower()}
            for b in t.requested_byes
        ],
        "accelerations": [
            {"player": a.player, "round": a.round, "points": format_points(a.points)}
            for a in t.accelerations
        ],
        "forbidden": [
            {"players": list(f.players), "first_round": f.first_round, "last_round": f.last_round}
            for f in t.forbidden
        ],
        "withdrawals": [{"player": p, "round": r} for p, r in t.withdrawals],
        "late_entries": [
            {"player": e.player, "first_round": e.first_round} for e in t.late_entries
        ],
    } | extra


def knockout_data(stage: KnockoutStage) -> dict[str, Any]:
    """A knockout stage as JSON data: its rules, seeds, lot and the games of each match (the
    bracket follows from them)."""
    rules = stage.rules
    return {
        "rules": {
            "kind": rules.kind.value,
            "match": rules.match.text,
            "third_place": rules.third_place,
            "reset": rules.reset,
            "first_white": rules.first_white.value,
        },
        "seeds": list(stage.seeds),
        "lot": stage.lot,
        "results": [
            {"match": r.match, "games": [_game(g) for g in r.games]} for r in stage.results
        ],
    }


def dump_event(
    tournament: Tournament, trf: TrfDocument | None = None, *, compact: bool = False
) -> str:
    """The event as JSON text (indented, keys in a fixed order, ending with a newline).

    ``trf``: the TRF document the event was read from, kept whole so that writing the event
    as TRF again gives that file back (see :func:`fairpair.formats.trf.write_trf`).
    ``compact``: the same data on one line, for a machine (the event store's snapshot):
    half the size, and written by the json module's C encoder, which ``indent`` turns off
    (an indented 100,000-player event takes seconds to write).
    """
    data = event_data(tournament, trf)
    if compact:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# --- reading ------------------------------------------------------------------------------

T = TypeVar("T")


class _Loader:
    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, where: str, message: str) -> EventJsonError:
        return EventJsonError(message, path=self.source, field=where)

    def obj(
        self, value: Any, where: str, fields: tuple[str, ...], optional: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(where, f"expected an object, found {_kind(value)}")
        for key in value:
            if key not in fields and key not in optional:
                raise self.error(f"{where}.{key}", "unknown field")
        for key in fields:
            if key not in value:
                raise self.error(f"{where}.{key}", "missing field")
        return value

    def items(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.error(where, f"expected a list, found {_kind(value)}")
        return value

    def integer(self, value: Any, where: str, *, optional: bool = False) -> Any:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(where, f"expected an integer, found {_kind(value)}")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise self.error(where, f"expected a string, found {_kind(value)}")
        return value

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(where, f"expected true or false, found {_kind(value)}")
        return value

    def points(self, value: Any, where: str, *, optional: bool = False) -> Any:
        if value is None and optional:
            return None
        text = self.text(value, where)
        try:
            return points_from_text(text)
        except (ValueError, ZeroDivisionError):
            raise self.error(where, f'expected points such as "1.5", found {text!r}') from None

    def choice(self, value: Any, where: str, parse: Callable[[str], T], names: str) -> T:
        text = self.text(value, where)
        try:
            return parse(text)
        except (KeyError, ValueError):
            raise self.error(where, f"expected one of {names}, found {text!r}") from None

    def build(self, where: str, make: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a core constructor; its ValueError becomes an error at this path."""
        try:
            return make(*args, **kwargs)
        except ValueError as exc:
            raise self.error(where, str(exc)) from None

    def integers(self, value: Any, where: str) -> tuple[int, ...]:
        """A list of integers."""
        return tuple(
            self.integer(x, f"{where}[{j}]") for j, x in enumerate(self.items(value, where))
        )

    def details(self, value: Any, where: str) -> EventDetails:
        """The event's report details (arbiters, place, dates...)."""
        d = self.obj(value, where, (*_DETAIL_TEXTS, "deputy_arbiters", "round_dates"))
        return EventDetails(
            **{name: self.text(d[name], f"{where}.{name}") for name in _DETAIL_TEXTS},
            deputy_arbiters=tuple(
                self.text(x, f"{where}.deputy_arbiters[{j}]")
                for j, x in enumerate(self.items(d["deputy_arbiters"], f"{where}.deputy_arbiters"))
            ),
            round_dates=tuple(
                self.text(x, f"{where}.round_dates[{j}]")
                for j, x in enumerate(self.items(d["round_dates"], f"{where}.round_dates"))
            ),
        )

    def point_system(self, value: Any, where: str) -> PointSystem:
        """Points of a game (win, draw, loss and the byes'; the rarer ones optional)."""
        data = self.obj(value, where, _POINT_FIELDS)
        values = {
            name: self.points(
                data[name],
                f"{where}.{name}",
                optional=name not in ("win", "draw", "loss", "forfeit_loss", "zero_bye"),
            )
            for name in _POINT_FIELDS
        }
        return self.build(where, PointSystem, **values)

    def players(self, value: Any, where: str) -> list[Player]:
        """The players: id, rating and their text fields."""
        players = []
        for i, item in enumerate(self.items(value, where)):
            at = f"{where}[{i}]"
            p = self.obj(item, at, ("id", "rating", *_PLAYER_FIELDS), ("k_factor",))
            texts = {name: self.text(p[name], f"{at}.{name}") for name in _PLAYER_FIELDS}
            pid = self.integer(p["id"], f"{at}.id")
            rating = self.integer(p["rating"], f"{at}.rating", optional=True)
            k = self.integer(p.get("k_factor"), f"{at}.k_factor", optional=True)
            players.append(self.build(at, Player, id=pid, rating=rating, k_factor=k, **texts))
        return players

    def requested_byes(self, value: Any, where: str, member: str) -> list[RequestedBye]:
        """Byes asked for in advance; ``member`` names the field of who asked."""
        requests = []
        for i, item in enumerate(self.items(value, where)):
            at = f"{where}[{i}]"
            r = self.obj(item, at, ("round", member, "kind"))
            rnd = self.integer(r["round"], f"{at}.round")
            who = self.integer(r[member], f"{at}.{member}")
            kind = self.choice(r["kind"], f"{at}.kind", _bye_kind, _BYE_NAMES)
            requests.append(self.build(at, RequestedBye, rnd, who, kind))
        return requests

    def forbidden(self, value: Any, where: str, members: str) -> list[ForbiddenPairs]:
        """Groups who may not meet, from a first round to an optional last one."""
        found = []
        for i, item in enumerate(self.items(value, where)):
            at = f"{where}[{i}]"
            f = self.obj(item, at, (members, "first_round", "last_round"))
            found.append(
                self.build(
                    at,
                    ForbiddenPairs,
                    self.integers(f[members], f"{at}.{members}"),
                    self.integer(f["first_round"], f"{at}.first_round"),
                    self.integer(f["last_round"], f"{at}.last_round", optional=True),
                )
            )
        return found

    def withdrawals(self, value: Any, where: str, member: str) -> list[tuple[int, int]]:
        """Who withdrew, from which round."""
        found = []
        for i, item in enumerate(self.items(value, where)):
            at = f"{where}[{i}]"
            w = self.obj(item, at, (member, "round"))
            found.append(
                (self.integer(w[member], f"{at}.{member}"), self.integer(w["round"], f"{at}.round"))
            )
        return found


def _kind(value: Any) -> str:
    return "null" if value is None else f"{type(value).__name__} {value!r}"


def _colour(text: str) -> Colour:
    return Colour[text.upper()]


def _bye_kind(text: str) -> ByeKind:
    return ByeKind[text.upper()]


_BYE_NAMES = ", ".join(k.name.lower() for k in ByeKind)
_RESULT_NAMES = ", ".join(r.value for r in GameResult)


def parse_json(text: str, source: str) -> Any:
    """The JSON value of an event document; :class:`EventJsonError` naming ``source`` for
    text that is not JSON, nested deeper than Python's parser goes, or with a number of more
    digits than Python reads."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise EventJsonError(exc.msg, path=source, line=exc.lineno, column=exc.colno) from None
    except RecursionError:  # "[[[[..." deeper than Python's parser goes
        raise EventJsonError("nested too deeply: not an event file", path=source) from None
    except ValueError:  # a number of more than 4300 digits
        raise EventJsonError("a number too long to read: not an event file", path=source) from None


def load_event(text: str, source: str = "<string>") -> Tournament:
    """Read an event written by :func:`dump_event`; raises :class:`EventJsonError`."""
    return load_event_and_trf(text, source)[0]


def load_event_and_trf(
    text: str, source: str = "<string>"
) -> tuple[Tournament, TrfDocument | None]:
    """The event, and the TRF document it was converted from when the JSON keeps one."""
    data = parse_json(text, source)
    ld = _Loader(source)
    tournament = _load(ld, data)
    trf = None if "trf" not in data else _trf(ld, data["trf"])
    return tournament, trf


def _trf(ld: _Loader, value: Any) -> TrfDocument:
    t = ld.obj(value, "$.trf", ("encoding", "bom", "lines"))
    encoding = ld.text(t["encoding"], "$.trf.encoding")
    if encoding not in ("utf-8", "latin-1"):
        raise ld.error("$.trf.encoding", f"expected utf-8 or latin-1, found {encoding!r}")
    bom = ld.flag(t["bom"], "$.trf.bom")
    parts: list[str] = ["\ufeff" if bom else ""]
    lines = ld.items(t["lines"], "$.trf.lines")
    for i, item in enumerate(lines):
        where = f"$.trf.lines[{i}]"
        pair = ld.items(item, where)
        if len(pair) != 2:
            raise ld.error(where, "expected [text, line ending]")
        line = ld.text(pair[0], f"{where}[0]")
        ending = ld.text(pair[1], f"{where}[1]")
        if "\r" in line or "\n" in line:
            raise ld.error(f"{where}[0]", "a line cannot hold a line break")
        if ending not in _ENDINGS or (ending == "" and i != len(lines) - 1):
            raise ld.error(f"{where}[1]", f"expected a line ending, found {ending!r}")
        parts.extend((line, ending))
    # The TRF reader is loaded for an event converted from a TRF file, not for every snapshot
    # the store reads.
    from fairpair.formats.trf import TrfError, parse_trf

    try:
        document = parse_trf("".join(parts), ld.source)
    except TrfError as error:
        # The TRF's line n is $.trf.lines[n - 1]; its column and field follow.
        where = "$.trf" if error.line is None else f"$.trf.lines[{error.line - 1}]"
        raise ld.error(where, f"column {error.column}: {error.field}: {error.message}") from None
    return dataclasses.replace(document, encoding=encoding)


def _load(ld: _Loader, data: Any) -> Tournament:
    version = data.get("version") if isinstance(data, dict) else None
    if isinstance(data, dict):
        if data.get("format") != FORMAT:
            raise ld.error("$.format", f"expected {FORMAT!r}, found {data.get('format')!r}")
        if version not in _VERSIONS:
            raise ld.error("$.version", f"unsupported version {version!r}")
    top = ld.obj(
        data,
        "$",
        (
            "format",
            "version",
            "name",
            "system",
            "total_rounds",
            "initial_colour",
            "initial_ranking",
            "points",
            "players",
            "rounds",
            "requested_byes",
            "accelerations",
            "forbidden",
            "withdrawals",
        ),
        # late_entries was added after version 1 was first written: files without it have no
        # late entries. details and trf came with version 2.
        optional=("late_entries", "details", "trf", "knockout")
        if version == 2
        else ("late_entries",),
    )
    knockout = None
    if "knockout" in top:
        knockout = _knockout(ld, top["knockout"], "$.knockout")
    details = EventDetails()
    if "details" in top:
        details = ld.details(top["details"], "$.details")
    points = ld.point_system(top["points"], "$.points")
    players = ld.players(top["players"], "$.players")
    rounds = [
        _round(ld, item, f"$.rounds[{i}]")
        for i, item in enumerate(ld.items(top["rounds"], "$.rounds"))
    ]
    requests = ld.requested_byes(top["requested_byes"], "$.requested_byes", "player")
    accelerations = []
    for i, item in enumerate(ld.items(top["accelerations"], "$.accelerations")):
        where = f"$.accelerations[{i}]"
        a = ld.obj(item, where, ("player", "round", "points"))
        accelerations.append(
            Acceleration(
                ld.integer(a["player"], f"{where}.player"),
                ld.integer(a["round"], f"{where}.round"),
                ld.points(a["points"], f"{where}.points"),
            )
        )
    forbidden = ld.forbidden(top["forbidden"], "$.forbidden", "players")
    withdrawals = ld.withdrawals(top["withdrawals"], "$.withdrawals", "player")
    late_entries = []
    for i, item in enumerate(ld.items(top.get("late_entries", []), "$.late_entries")):
        where = f"$.late_entries[{i}]"
        e = ld.obj(item, where, ("player", "first_round"))
        late_entries.append(
            ld.build(
                where,
                LateEntry,
                ld.integer(e["player"], f"{where}.player"),
                ld.integer(e["first_round"], f"{where}.first_round"),
            )
        )
    ranking = top["initial_ranking"]
    if ranking is not None:
        ranking = ld.integers(ranking, "$.initial_ranking")
    colour = top["initial_colour"]
    if colour is not None:
        colour = ld.choice(colour, "$.initial_colour", _colour, "white, black")
    name = ld.text(top["name"], "$.name")
    system = ld.text(top["system"], "$.system")
    total_rounds = ld.integer(top["total_rounds"], "$.total_rounds", optional=True)
    return ld.build(
        "$",
        Tournament,
        players=tuple(players),
        rounds=tuple(rounds),
        total_rounds=total_rounds,
        points=points,
        name=name,
        initial_colour=colour,
        initial_ranking=ranking,
        requested_byes=tuple(requests),
        accelerations=tuple(accelerations),
        forbidden=tuple(forbidden),
        withdrawals=tuple(withdrawals),
        system=system,
        late_entries=tuple(late_entries),
        details=details,
        knockout=knockout,
    )


def _knockout(ld: _Loader, value: Any, where: str) -> KnockoutStage:
    # Here: an event without a knockout stage does not load the bracket's core.
    from fairpair.core.knockout import (
        BracketKind,
        FirstWhite,
        KnockoutRules,
        KnockoutStage,
        MatchFormat,
        MatchGames,
    )

    k = ld.obj(value, where, ("rules", "seeds", "lot", "results"))
    r = ld.obj(
        k["rules"], f"{where}.rules", ("kind", "match", "third_place", "reset", "first_white")
    )
    at = f"{where}.rules"
    rules = KnockoutRules(
        kind=ld.choice(r["kind"], f"{at}.kind", BracketKind, "single, double"),
        match=ld.build(f"{at}.match", MatchFormat.parse, ld.text(r["match"], f"{at}.match")),
        third_place=ld.flag(r["third_place"], f"{at}.third_place"),
        reset=ld.flag(r["reset"], f"{at}.reset"),
        first_white=ld.choice(r["first_white"], f"{at}.first_white", FirstWhite, "seed, lot"),
    )
    results = []
    for i, item in enumerate(ld.items(k["results"], f"{where}.results")):
        at = f"{where}.results[{i}]"
        m = ld.obj(item, at, ("match", "games"))
        games = [
            _game_item(ld, g, f"{at}.games[{j}]")
            for j, g in enumerate(ld.items(m["games"], f"{at}.games"))
        ]
        results.append(MatchGames(ld.integer(m["match"], f"{at}.match"), tuple(games)))
    return ld.build(
        where,
        KnockoutStage,
        rules,
        ld.integers(k["seeds"], f"{where}.seeds"),
        tuple(results),
        ld.integer(k["lot"], f"{where}.lot"),
    )


def _round(ld: _Loader, item: Any, where: str) -> Round:
    r = ld.obj(item, where, ("number", "games", "byes"))
    number = ld.integer(r["number"], f"{where}.number")
    games = [
        _game_item(ld, g_item, f"{where}.games[{i}]")
        for i, g_item in enumerate(ld.items(r["games"], f"{where}.games"))
    ]
    byes = []
    for i, b_item in enumerate(ld.items(r["byes"], f"{where}.byes")):
        at = f"{where}.byes[{i}]"
        b = ld.obj(b_item, at, ("player", "kind"))
        byes.append(
            Bye(
                ld.integer(b["player"], f"{at}.player"),
                ld.choice(b["kind"], f"{at}.kind", _bye_kind, _BYE_NAMES),
            )
        )
    return ld.build(where, Round, number, tuple(games), tuple(byes))


def _game_item(ld: _Loader, g_item: Any, at: str) -> Game:
    fields: tuple[str, ...] = ("white", "black", "result", "coloured", "rated")
    if isinstance(g_item, dict) and "match_score" in g_item:
        fields = (*fields, "match_score")
    g = ld.obj(g_item, at, fields)
    result = g["result"]
    if result is not None:
        result = ld.choice(result, f"{at}.result", GameResult, _RESULT_NAMES)
    match_score = None
    if "match_score" in g:
        counts = ld.items(g["match_score"], f"{at}.match_score")
        if len(counts) != 3:
            raise ld.error(f"{at}.match_score", "expected [first wins, second wins, draws]")
        values = [ld.integer(c, f"{at}.match_score[{j}]") for j, c in enumerate(counts)]
        match_score = ld.build(f"{at}.match_score", MatchScore, *values)
    white = ld.integer(g["white"], f"{at}.white")
    black = ld.integer(g["black"], f"{at}.black")
    coloured = ld.flag(g["coloured"], f"{at}.coloured")
    rated = ld.flag(g["rated"], f"{at}.rated")
    return ld.build(at, Game, white, black, result, coloured, rated, match_score)
