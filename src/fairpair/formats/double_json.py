"""A Double-Swiss event as versioned JSON: everything a
:class:`~fairpair.core.double_swiss.DoubleSwissTournament` holds.

The document is an event document (``"format": "fairpair-event"``) of
``"kind": "double-swiss"``, version 1. Players are written as an individual event's are; each
match names the White of game 1 and the Black of game 1, and its two games as the marks of
those two players, ``"1:0"``, ``"=:="``, ``"=:0"``, ``"+:-"``... (``null`` while unfinished).
Bye values are decimal strings, as are the virtual points of ``accelerations`` (an optional
list of ``{"player", "round", "points"}``, match-rounds; spec §10). Reading is strict and
names the JSON path of what is wrong, with the loader of :mod:`fairpair.formats.event_json`.
"""

from __future__ import annotations

import json
from typing import Any

from fairpair.core import Acceleration, format_points
from fairpair.core.double_swiss import (
    ByeValues,
    DoubleRound,
    DoubleSwissTournament,
    Mark,
    Match,
    MatchBye,
    MatchByeKind,
    RequestedMatchBye,
)
from fairpair.formats.event_json import (
    _PLAYER_FIELDS,
    FORMAT,
    _colour,
    _Loader,
    parse_json,
)

__all__ = ["DOUBLE_SWISS_VERSION", "KIND", "dump_double_event", "load_double_event"]

KIND = "double-swiss"
DOUBLE_SWISS_VERSION = 1
_TOP = (
    "format",
    "kind",
    "version",
    "name",
    "system",
    "total_rounds",
    "initial_colour",
    "byes",
    "players",
    "rounds",
    "requested_byes",
    "withdrawals",
    "forbidden",
)
_BYE_FIELDS = ("pairing_allocated", "half_point", "full_point", "zero_point")
_BYE_KINDS = ", ".join(kind.name.lower() for kind in MatchByeKind)


def _points(halves: int) -> str:
    return format_points(halves * 5)


def _game(marks: tuple[Mark, Mark]) -> str:
    return f"{marks[0].value}:{marks[1].value}"


def double_event_data(t: DoubleSwissTournament) -> dict[str, Any]:
    """The event as JSON-ready data."""
    return {
        "format": FORMAT,
        "kind": KIND,
        "version": DOUBLE_SWISS_VERSION,
        "name": t.name,
        "system": t.system,
        "total_rounds": t.total_rounds,
        "initial_colour": None if t.initial_colour is None else t.initial_colour.name.lower(),
        "byes": {name: _points(getattr(t.byes, name)) for name in _BYE_FIELDS},
        "players": [
            {"id": p.id, "rating": p.rating} | {name: getattr(p, name) for name in _PLAYER_FIELDS}
            for p in t.players
        ],
        "rounds": [
            {
                "number": r.number,
                "matches": [
                    {
                        "white": m.white,
                        "black": m.black,
                        "games": None if m.games is None else [_game(g) for g in m.games],
                    }
                    for m in r.matches
                ],
                "byes": [{"player": b.player, "kind": b.kind.name.lower()} for b in r.byes],
            }
            for r in t.rounds
        ],
        "requested_byes": [
            {"round": b.round, "player": b.player, "kind": b.kind.name.lower()}
            for b in t.requested_byes
        ],
        "withdrawals": [{"player": p, "round": r} for p, r in sorted(t.withdrawn.items())],
        "forbidden": [
            {"players": list(f.players), "first_round": f.first_round, "last_round": f.last_round}
            for f in t.forbidden
        ],
    } | (
        {
            "accelerations": [
                {"player": a.player, "round": a.round, "points": _points(a.points)}
                for a in t.accelerations
            ]
        }
        if t.accelerations
        else {}
    )


def dump_double_event(t: DoubleSwissTournament, *, compact: bool = False) -> str:
    """The event as JSON text (indented unless ``compact``, ending with a newline)."""
    data = double_event_data(t)
    if compact:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _bye_kind(text: str) -> MatchByeKind:
    return MatchByeKind[text.upper()]


class _DoubleLoader(_Loader):
    def halves(self, value: Any, where: str) -> int:
        tenths = self.points(value, where)
        if tenths % 5:
            raise self.error(where, "a bye is worth a whole or half number of points")
        return int(tenths // 5)

    def game(self, value: Any, where: str) -> tuple[Mark, Mark]:
        text = self.text(value, where)
        first, sep, second = text.partition(":")
        try:
            if not sep:
                raise ValueError(text)
            return (Mark(first), Mark(second))
        except ValueError:
            raise self.error(
                where, f'expected the two players\' marks such as "1:0" or "=:=", found {text!r}'
            ) from None

    def match(self, value: Any, where: str) -> Match:
        m = self.obj(value, where, ("white", "black", "games"))
        games = None
        if m["games"] is not None:
            items = self.items(m["games"], f"{where}.games")
            if len(items) != 2:
                raise self.error(f"{where}.games", "a match has two games")
            games = (
                self.game(items[0], f"{where}.games[0]"),
                self.game(items[1], f"{where}.games[1]"),
            )
        return self.build(
            where,
            Match,
            self.integer(m["white"], f"{where}.white"),
            self.integer(m["black"], f"{where}.black"),
            games,
        )

    def round(self, value: Any, where: str) -> DoubleRound:
        r = self.obj(value, where, ("number", "matches", "byes"))
        matches = tuple(
            self.match(item, f"{where}.matches[{j}]")
            for j, item in enumerate(self.items(r["matches"], f"{where}.matches"))
        )
        byes = []
        for j, item in enumerate(self.items(r["byes"], f"{where}.byes")):
            at = f"{where}.byes[{j}]"
            b = self.obj(item, at, ("player", "kind"))
            byes.append(
                MatchBye(
                    self.integer(b["player"], f"{at}.player"),
                    self.choice(b["kind"], f"{at}.kind", _bye_kind, _BYE_KINDS),
                )
            )
        return self.build(
            where, DoubleRound, self.integer(r["number"], f"{where}.number"), matches, tuple(byes)
        )


def load_double_event(text: str, source: str = "<string>") -> DoubleSwissTournament:
    """Read an event written by :func:`dump_double_event`; :class:`EventJsonError` naming the
    JSON path of what is wrong."""
    data = parse_json(text, source)
    ld = _DoubleLoader(source)
    top = ld.obj(data, "$", _TOP, optional=("accelerations",))
    if top["format"] != FORMAT or top["kind"] != KIND:
        raise ld.error("$.kind", f"expected a {FORMAT!r} document of kind {KIND!r}")
    if top["version"] != DOUBLE_SWISS_VERSION:
        raise ld.error("$.version", f"unsupported version {top['version']!r}")
    b = ld.obj(top["byes"], "$.byes", _BYE_FIELDS)
    byes = ld.build(
        "$.byes", ByeValues, **{name: ld.halves(b[name], f"$.byes.{name}") for name in _BYE_FIELDS}
    )
    colour = top["initial_colour"]
    requested = []
    for i, item in enumerate(ld.items(top["requested_byes"], "$.requested_byes")):
        at = f"$.requested_byes[{i}]"
        r = ld.obj(item, at, ("round", "player", "kind"))
        requested.append(
            ld.build(
                at,
                RequestedMatchBye,
                ld.integer(r["round"], f"{at}.round"),
                ld.integer(r["player"], f"{at}.player"),
                ld.choice(r["kind"], f"{at}.kind", _bye_kind, _BYE_KINDS),
            )
        )
    accelerations = []
    for i, item in enumerate(ld.items(top.get("accelerations", []), "$.accelerations")):
        at = f"$.accelerations[{i}]"
        a = ld.obj(item, at, ("player", "round", "points"))
        accelerations.append(
            ld.build(
                at,
                Acceleration,
                ld.integer(a["player"], f"{at}.player"),
                ld.integer(a["round"], f"{at}.round"),
                ld.halves(a["points"], f"{at}.points"),
            )
        )
    return ld.build(
        "$",
        DoubleSwissTournament,
        players=tuple(ld.players(top["players"], "$.players")),
        rounds=tuple(
            ld.round(item, f"$.rounds[{i}]")
            for i, item in enumerate(ld.items(top["rounds"], "$.rounds"))
        ),
        total_rounds=ld.integer(top["total_rounds"], "$.total_rounds", optional=True),
        initial_colour=None
        if colour is None
        else ld.choice(colour, "$.initial_colour", _colour, "white, black"),
        byes=byes,
        requested_byes=tuple(requested),
        withdrawn=dict(ld.withdrawals(top["withdrawals"], "$.withdrawals", "player")),
        forbidden=tuple(ld.forbidden(top["forbidden"], "$.forbidden", "players")),
        name=ld.text(top["name"], "$.name"),
        system=ld.text(top["system"], "$.system"),
        accelerations=tuple(accelerations),
    )
