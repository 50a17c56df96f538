"""Hostile Double-Swiss files given to ``fairpair pair``, ``fairpair standings`` and
``fairpair-engine --double-swiss``: each is refused with the file (and the line and column, or
the JSON path) and what is wrong, exit 3 (invalid input), never a traceback and never a
silent default."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.cli.engine import run

register(app)
runner = CliRunner()

# Match-round 1 of a five-player event, written by hand from spec §9: 1-3 (1 wins game 1 with
# White, 3 wins game 2 with White), 4-2 (4 wins both by forfeit), 5 the PAB (U in both columns).
TRF = """\
012 Hostile files
062 5
142 6
152 W
162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.5    H 1.0    F 2.0
192 FIDE_DOUBLESWISS
001    1      Ann                               1900                             1.0    3     3 w 1     3 b 0
001    2      Bob                               1800                             0.0    5     4 b -     4 w -
001    3      Cid                               1700                             1.0    4     1 b 0     1 w 1
001    4      Dan                               1600                             2.0    1     2 w +     2 b +
001    5      Eve                               1500                             1.5    2  0000 - U  0000 - U
"""  # noqa: E501


def _json_event() -> dict[str, object]:
    player = {"title": "", "federation": "", "club": "", "fide_id": "", "birth_date": ""}
    names = ("Ann", "Bob", "Cid", "Dan", "Eve")
    return {
        "format": "fairpair-event",
        "kind": "double-swiss",
        "version": 1,
        "name": "Hostile files",
        "system": "FIDE_DOUBLESWISS",
        "total_rounds": 3,
        "initial_colour": "white",
        "byes": {
            "pairing_allocated": "1.5",
            "half_point": "1",
            "full_point": "2",
            "zero_point": "0",
        },
        "players": [
            {"id": i, "rating": 2000 - 100 * i, "name": name, **player, "sex": ""}
            for i, name in enumerate(names, start=1)
        ],
        "rounds": [
            {
                "number": 1,
                "matches": [
                    {"white": 1, "black": 3, "games": ["1:0", "0:1"]},
                    {"white": 4, "black": 2, "games": ["+:-", "+:-"]},
                ],
                "byes": [{"player": 5, "kind": "pairing_allocated"}],
            }
        ],
        "requested_byes": [],
        "withdrawals": [],
        "forbidden": [],
    }


def _refused(args: list[str], *expected: str, code: int = 3) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit), result.exception  # no traceback
    for part in expected:
        assert part in result.output, result.output


def _engine(path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["--double-swiss", str(path), "-p"], out, err)
    return code, err.getvalue()


@pytest.mark.parametrize(
    ("p_field", "column", "why"),
    [
        ("P abc", 42, "'P' is not a value"),
        ("P -1.0", 42, "'P' is not a value"),
        ("P 9.0", 5, "a pairing-allocated bye is worth 0 to 2 points"),
    ],
)
def test_a_162_value_that_does_not_read_is_refused_not_left_at_its_default(
    tmp_path: Path, p_field: str, column: int, why: str
) -> None:
    path = tmp_path / "bad162.trf"
    path.write_text(TRF.replace("P 1.5", p_field))
    where = f"bad162.trf:5:{column}: point system"
    _refused(["pair", str(path)], where, why)
    _refused(["standings", str(path)], where, why, code=2)
    code, err = _engine(path)
    assert code == 3
    assert where in err and why in err


def test_the_good_trf_is_paired(tmp_path: Path) -> None:
    path = tmp_path / "good.trf"
    path.write_text(TRF)
    assert runner.invoke(app, ["pair", str(path)]).exit_code == 0
    assert _engine(path)[0] == 0


@pytest.mark.parametrize(
    ("spoil", "where", "why"),
    [
        (lambda d: d["rounds"][0]["matches"][0].update(black=99), "$", "player 99"),
        (
            lambda d: d["rounds"][0]["byes"][0].update(player=10**40),
            "$",
            "not registered",
        ),
        (
            lambda d: d["byes"].update(pairing_allocated="1e999999"),
            "$.byes.pairing_allocated",
            "expected points such as",
        ),
        (lambda d: d["byes"].update(pairing_allocated="99999"), "$.byes", "0 to 2 points"),
        (lambda d: d["byes"].update(full_point="3"), "$.byes", "0 to 2 points"),
        (
            lambda d: d["requested_byes"].append({"round": 2, "player": 77, "kind": "half_point"}),
            "$",
            "a requested bye names player 77, who is not registered",
        ),
        (
            lambda d: d["withdrawals"].append({"player": 8, "round": 2}),
            "$",
            "a withdrawal names player 8",
        ),
        (lambda d: d.update(total_rounds=-1), "$", "at least 1 round, not -1"),
    ],
)
def test_a_json_event_naming_strangers_or_odd_bye_values_is_refused(
    tmp_path: Path, spoil: object, where: str, why: str
) -> None:
    data = _json_event()
    assert callable(spoil)
    spoil(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    _refused(["pair", str(path)], f"bad.json: {where}:", why)
    _refused(["standings", str(path)], f"bad.json: {where}:", why, code=2)


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"kind": "double-swiss", "version": ' + b"9" * 5000 + b"}", "a number too long"),
        (json.dumps(_json_event()).replace("Ann", "Ännchen").encode("latin-1"), "not UTF-8"),
    ],
)
def test_a_json_file_that_is_no_event_is_refused_naming_it(
    tmp_path: Path, content: bytes, why: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    _refused(["pair", str(path), "--system", "double-swiss"], "odd.json", why)
    _refused(["standings", str(path)], "odd.json", why, code=2)


def test_standings_read_a_double_swiss_json_event_as_its_trf(tmp_path: Path) -> None:
    trf, event = tmp_path / "e.trf", tmp_path / "e.json"
    trf.write_text(TRF)
    event.write_text(json.dumps(_json_event()))
    from_trf = runner.invoke(app, ["standings", str(trf), "--format", "json"])
    from_json = runner.invoke(app, ["standings", str(event), "--format", "json"])
    assert from_trf.exit_code == 0, from_trf.output
    assert from_json.exit_code == 0, from_json.output
    assert json.loads(from_json.output) == json.loads(from_trf.output)
    # Dan won both games by forfeit (2), Eve had the PAB (1½), Ann and Cid split (1 each).
    points = {row["name"]: row["points"] for row in json.loads(from_json.output)["standings"]}
    assert points == {"Dan": 2, "Eve": 1.5, "Ann": 1, "Cid": 1, "Bob": 0}


@pytest.mark.parametrize("system", ["--double-swiss", "--dutch"])
def test_a_binary_generator_settings_file_is_invalid_input_naming_it(
    tmp_path: Path, system: str
) -> None:
    # It was exit 2, "unexpected error: UnicodeDecodeError(...)", without the file's name.
    settings = tmp_path / "settings.cfg"
    settings.write_bytes(b"PlayersNumber=\x00\xff\xfe")
    out, err = io.StringIO(), io.StringIO()
    code = run([system, "-g", str(settings), "-o", str(tmp_path / "out.trf")], out, err)
    assert code == 3
    assert f"{settings}: not UTF-8 text (byte 15)" in err.getvalue()
    assert not (tmp_path / "out.trf").exists()
