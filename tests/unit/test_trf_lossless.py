"""Nothing lost on the way out: TRF -> TRF and TRF -> JSON -> TRF keep every byte of what did
not change, and rewrite only what did (spec/trf.md; formats/trf.py write_trf(like=...))."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.core import Bye, EventDetails, Game, GameResult, Player, Tournament
from fairpair.formats.event_json import dump_event, load_event, load_event_and_trf
from fairpair.formats.trf import encode_trf, parse_trf, read_trf, write_trf

DATA = Path(__file__).parent / "data"
EXAMPLE = (DATA / "example-b.trf").read_text()
REAL_WORLD = sorted((DATA / "real-world").glob("*.trf"))
runner = CliRunner()
register(app)

HEAD, PLAYERS, TAIL = EXAMPLE.split("\n", 1)[0], EXAMPLE.splitlines()[1:8], ["XXR 3", "XXC white1"]


def join(lines: list[str], ending: str = "\n") -> str:
    return "".join(line + ending for line in lines)


VARIANTS = {
    "as written": join([HEAD, *PLAYERS, *TAIL]),
    "headers after the players": join([*PLAYERS, *TAIL, HEAD, "092 FIDE_DUTCH_2025"]),
    "XXR and XXC before 012": join([*TAIL, HEAD, *PLAYERS]),
    "unknown records": join([HEAD, "013 Team    1    2", "QQQ ?", *PLAYERS, "299 x", *TAIL]),
    "blank lines and comments": join(
        ["### made by hand", "", HEAD, "", *PLAYERS[:3], "### half", *PLAYERS[3:], "", *TAIL]
    ),
    "CRLF": join([HEAD, "092 FIDE_DUTCH_2025", *PLAYERS, *TAIL], "\r\n"),
    "CR, no final ending": join([HEAD, *PLAYERS, *TAIL], "\r")[:-1],
    "BOM": "\ufeff" + join([HEAD, *PLAYERS, *TAIL]),
    "players out of order": join([HEAD, *PLAYERS[::-1], *TAIL]),
}


@pytest.mark.parametrize("text", VARIANTS.values(), ids=VARIANTS.keys())
def test_unchanged_event_is_written_back_byte_for_byte(text: str) -> None:
    doc = parse_trf(text)
    assert write_trf(doc.tournament(), like=doc) == text
    assert write_trf(doc.tournament(), "trf16", like=doc) == text
    _, again = load_event_and_trf(dump_event(doc.tournament(), trf=doc))
    assert again is not None
    assert write_trf(load_event(dump_event(doc.tournament(), trf=doc)), like=again) == text


def played(t: Tournament) -> list[tuple[frozenset[Game], frozenset[Bye]]]:
    """The rounds as sets (the order of games in a round follows the order of the lines)."""
    return [(frozenset(r.games), frozenset(r.byes)) for r in t.rounds]


@pytest.mark.parametrize("text", VARIANTS.values(), ids=VARIANTS.keys())
def test_a_changed_result_rewrites_only_player_lines(text: str) -> None:
    doc = parse_trf(text)
    t = doc.tournament()
    second = t.rounds[1]
    games = [g for g in second.games if {g.white, g.black} != {4, 5}]
    (draw,) = [g for g in second.games if {g.white, g.black} == {4, 5}]
    assert draw.result is GameResult.DRAW
    won = dataclasses.replace(draw, result=GameResult.WHITE_WINS)
    changed = t.with_rounds((t.rounds[0], dataclasses.replace(second, games=(*games, won))))
    written = write_trf(changed, like=doc)
    assert played(parse_trf(written).tournament()) == played(changed)
    before, after = text.splitlines(keepends=True), written.splitlines(keepends=True)
    assert len(before) == len(after)
    differ = [(b, a) for b, a in zip(before, after, strict=True) if b != a]
    # the lines of players 4 and 5 (their results, points and ranks) and the ranks that moved
    assert {a[:8] for _, a in differ} >= {"001    4", "001    5"}
    assert all(a[:3] == "001" for _, a in differ)
    endings = [(b[len(b.rstrip("\r\n")) :], a[len(a.rstrip("\r\n")) :]) for b, a in differ]
    assert all(b == a for b, a in endings)  # the lines keep their own endings
    for b, a in differ:
        assert a.rstrip("\r\n")[89:] != b.rstrip("\r\n")[89:] or a[85:89] != b[85:89]


def test_a_new_setting_is_added_and_the_rest_kept() -> None:
    text = VARIANTS["blank lines and comments"]
    doc = parse_trf(text)
    t = doc.tournament().replace(total_rounds=5, name="Example B (final)")
    written = write_trf(t, like=doc)
    assert written == text.replace("XXR 3", "XXR 5").replace(
        "012 Example B", "012 Example B (final)"
    )
    with_player = t.with_player(Player(8, "Late, Lucy", rating=2000))
    written = write_trf(with_player, like=doc)
    assert parse_trf(written).tournament() == with_player.replace(late_entries=())
    # new records go before the first player's line, or after the last one's
    assert written.startswith("### made by hand\n\n012 Example B (final)\n\n062 8\n072 8\n001")
    assert "\n001    8      Late, Lucy  " in written
    assert "### half\n" in written and written.endswith("\nXXR 5\nXXC white1\n")


def test_another_flavour_respells_only_the_settings() -> None:
    text = VARIANTS["unknown records"]
    doc = parse_trf(text)
    written = write_trf(doc.tournament(), "trf2026", like=doc)
    assert written == text.replace("XXR 3", "142 3").replace("XXC white1", "152 W")
    assert parse_trf(written).flavour == "trf2026"
    assert write_trf(doc.tournament(), like=parse_trf(written)) == written


def test_details_are_written_fresh_as_header_records() -> None:
    t = (
        parse_trf(EXAMPLE)
        .tournament()
        .replace(
            details=EventDetails(
                city="Malmo",
                federation="SWE",
                start_date="2026-05-01",
                end_date="3 May 2026",
                event_type="Individual: Swiss-System",
                chief_arbiter="IA Berg, Anna",
                deputy_arbiters=("FA Holm, Lars", "NA Ek, Sara"),
                time_control="90'/40+30'+30\"",
                round_dates=("2026-05-01", "", "26/05/03"),
            )
        )
    )
    lines = write_trf(t).splitlines()
    assert lines[:12] == [
        "012 Example B",
        "022 Malmo",
        "032 SWE",
        "042 2026/05/01",
        "052 3 May 2026",
        "062 7",
        "072 7",
        "092 Individual: Swiss-System",
        "102 IA Berg, Anna",
        "112 FA Holm, Lars",
        "112 NA Ek, Sara",
        "122 90'/40+30'+30\"",
    ]
    assert lines[12][:3] == "132" and lines[12][3:91].strip() == ""
    assert lines[12][91:] == "26/05/01            26/05/03"
    back = parse_trf(write_trf(t)).tournament().details
    assert back == dataclasses.replace(
        t.details, start_date="2026/05/01", round_dates=("26/05/01", "", "26/05/03")
    )
    assert load_event(dump_event(t)) == t
    assert json.loads(dump_event(t))["version"] == 2
    assert json.loads(dump_event(t.replace(details=EventDetails())))["version"] == 1


def test_version_1_json_cannot_hold_the_new_members() -> None:
    data = json.loads(dump_event(parse_trf(EXAMPLE).tournament()))
    assert data["version"] == 1
    data["trf"] = {"encoding": "utf-8", "bom": False, "lines": []}
    with pytest.raises(ValueError, match=r"\$\.trf: unknown field"):
        load_event(json.dumps(data))


def test_trf_lines_in_json_are_checked() -> None:
    doc = parse_trf(EXAMPLE)
    data = json.loads(dump_event(doc.tournament(), trf=doc))
    data["trf"]["lines"][1][0] = data["trf"]["lines"][1][0].replace("4 w 1", "4 w Q")
    with pytest.raises(ValueError) as caught:
        load_event(json.dumps(data), "e.json")
    assert str(caught.value) == (
        "e.json: $.trf.lines[1]: column 99: round 1 result: unknown result code 'Q'"
    )


@pytest.mark.parametrize("path", REAL_WORLD, ids=lambda p: p.name)
def test_real_world_files_read_pair_and_convert_losslessly(path: Path, tmp_path: Path) -> None:
    doc = read_trf(path)
    t = doc.tournament()
    assert len(t.players) == 6 and t.total_rounds == 5
    assert encode_trf(write_trf(t, like=doc), doc) == path.read_bytes()
    paired = runner.invoke(app, ["pair", str(path), "--format", "json"])
    assert paired.exit_code == 0, paired.output
    result = json.loads(paired.output)
    met = {frozenset((g.white, g.black)) for r in t.rounds for g in r.games}
    boards = [frozenset((b["white"], b["black"])) for b in result["boards"]]
    assert not met & set(boards)
    seated = [p for board in boards for p in board] + ([result["bye"]] if result["bye"] else [])
    announced = {b.player for r in t.rounds[2:] for b in r.byes}
    assert sorted(seated) == sorted(set(range(1, 7)) - announced)
    copy, event, back = tmp_path / "copy.trf", tmp_path / "event.json", tmp_path / "back.trf"
    for source, target in ((path, copy), (path, event), (event, back)):
        outcome = runner.invoke(app, ["convert", str(source), str(target)])
        assert outcome.exit_code == 0, outcome.output
    assert copy.read_bytes() == path.read_bytes()
    assert back.read_bytes() == path.read_bytes()


def test_real_world_details_and_tiebreak_warning() -> None:
    sm = read_trf(DATA / "real-world" / "swiss-manager.trf").tournament().details
    assert (sm.start_date, sm.end_date, sm.chief_arbiter) == (
        "21/07/2025",
        "27/07/2025",
        "IA Berg, Anna (1701234)",
    )
    assert sm.deputy_arbiters == ("FA Holm, Lars (1705678)", "NA Ek, Sara")
    assert sm.round_dates == ("25/07/21", "25/07/22", "25/07/23", "25/07/25", "25/07/27")
    club = DATA / "real-world" / "club-program.trf"
    assert read_trf(club).tournament().details.start_date == "May 10, 2020"
    result = runner.invoke(app, ["standings", str(club)])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"fairpair standings: warning: {club}:5:5: tie-break 'BH/C1' is not known, skipped\n"
    )
    assert "Pts   BH    SB" in result.stdout
    vega = read_trf(DATA / "real-world" / "vega.trf")
    assert vega.encoding == "latin-1" and vega.tournament().players[3].name == "Müller, Jürgen"


def test_pair_as_trf_appends_the_round_to_the_file_as_it_was() -> None:
    path = DATA / "real-world" / "swiss-manager.trf"
    result = runner.invoke(app, ["pair", str(path), "--format", "trf"])
    assert result.exit_code == 0, result.output
    original = path.read_bytes().decode("utf-8").split("\r\n")
    written = result.stdout_bytes.decode("utf-8").split("\r\n")
    assert [line for line in written if line[:3] != "001"] == [
        line for line in original if line[:3] != "001"
    ]
    players = [(o, w) for o, w in zip(original, written, strict=True) if o[:3] == "001"]
    assert len(players) == 6
    for before, after in players:
        assert after.startswith(before[:85])  # name, rating, ids and points are the file's
        assert after[89:109] == before[89:]  # rounds 1-2 as they were
        assert len(after) == 119  # and round 3 paired (no result yet)
