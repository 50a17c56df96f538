"""`fairpair event create` with the rating-report options and `fairpair event edit` on a
SQLite store: one logged change, shown by `event show` and `log`, undone by `undo`, kept
when the store is opened again."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.service import events as ev
from fairpair.storage import open_store
from tests.integration.stores import ticking_clock

register(app)
runner = CliRunner()


def fairpair(db: Path, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, [*args, "--db", str(db)])
    return result.exit_code, result.stdout, result.stderr


def shown(db: Path) -> dict[str, str]:
    code, out, _ = fairpair(db, "event", "show")
    assert code == 0
    return {line[:16].rstrip().rstrip(":"): line[16:] for line in out.splitlines()}


def test_report_fields_from_creation_to_undo(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(
        db, "event", "create", "Spring open", "--rounds", "5",
        "--start", "2026-05-01", "--end", "2026/05/05", "--city", "Lyon",
        "--federation", "fra", "--arbiter", "Marie Curie", "--deputy", "Paul Langevin",
        "--deputy", "Jean Perrin", "--time-control", "90'/40+30'+30\"",
        "--type", "Individual: Swiss-System", "--round-dates", "2026/05/01,2026-05-02",
    )  # fmt: skip
    assert code == 0, err
    before = shown(db)
    assert before["city"] == "Lyon" and before["federation"] == "FRA"
    assert before["chief arbiter"] == "Marie Curie"
    assert before["deputies"] == "Paul Langevin, Jean Perrin"
    assert before["time control"] == "90'/40+30'+30\""
    assert before["round dates"] == "1: 2026-05-01, 2: 2026-05-02"
    assert before["dates"] == "2026-05-01 to 2026-05-05"

    code, out, err = fairpair(
        db, "event", "edit", "--name", "Spring open 2026", "--city", "Paris", "--no-deputies"
    )
    assert code == 0, err
    assert "city 'Paris' (was 'Lyon')" in out
    after = shown(db)
    assert after["event"] == "1 Spring open 2026" and after["city"] == "Paris"
    assert "deputies" not in after
    code, out, _ = fairpair(db, "log", "--event", "Spring open 2026")
    assert code == 0
    assert "event.edited" in out and "name 'Spring open 2026' (was 'Spring open')" in out

    store = open_store(str(db))  # another connection: the row and the snapshot were saved
    desk = ev.Desk(store, ticking_clock())
    event = ev.load(desk, ev.find_event(desk, "Spring open 2026").id)
    assert event.tournament.details.city == "Paris"
    assert event.tournament.details.deputy_arbiters == ()
    assert event.tournament.details.round_dates == ("2026-05-01", "2026-05-02")
    assert event.tournament.details.time_control == "90'/40+30'+30\""
    store.close()

    code, _, err = fairpair(db, "undo")
    assert code == 0, err
    assert shown(db) == before


def test_wrong_report_fields_name_the_option_and_change_nothing(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(db, "event", "create", "Open", "--rounds", "3", "--start", "May 1")
    assert code == 2
    assert "--start: 'May 1' is not a date" in err
    assert fairpair(db, "event", "create", "Open", "--rounds", "3")[0] == 0
    code, _, err = fairpair(
        db, "event", "edit", "--federation", "France", "--round-dates", "2026-05-01,2026-13-01"
    )
    assert code == 2
    assert "--federation: 'France': a federation is a three-letter code" in err
    assert "--round-dates: '2026-13-01' is not a date" in err
    code, _, err = fairpair(db, "event", "edit", "--round-dates", "2026-05-01," * 4)
    assert code == 2 and "--round-dates: 4 dates for an event of 3 rounds" in err
    code, _, err = fairpair(db, "event", "edit")
    assert code == 2 and "give what to change" in err
    code, out, _ = fairpair(db, "log")
    assert [line.split()[4] for line in out.splitlines()] == ["event.created"]


def test_a_broken_players_file_imports_nobody(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Open", "--rounds", "3")[0] == 0
    players = tmp_path / "players.csv"
    rows = ["Nom;Prénom;Elo;ID FIDE", "Tal;Mikhail;2700;4100018", "Polgar;Judit;27OO;700070"]
    players.write_bytes(("\ufeff" + "\r\n".join(rows) + "\r\n").encode())
    code, _, err = fairpair(db, "player", "import", str(players))
    assert code == 2
    assert f"{players}:3: Elo: '27OO' is not a rating" in err and "(column 3)" in err
    code, out, _ = fairpair(db, "player", "list")
    assert code == 0 and "Tal" not in out
    assert [line.split()[4] for line in fairpair(db, "log")[1].splitlines()] == ["event.created"]

    players.write_bytes(players.read_bytes().replace(b"27OO", b"2735"))
    code, _, err = fairpair(db, "player", "import", str(players))
    assert code == 0, err
    store = open_store(str(db))
    event = ev.load(ev.Desk(store, ticking_clock()), 1)
    assert [(p.name, p.rating, p.fide_id) for p in event.tournament.players] == [
        ("Tal, Mikhail", 2700, "4100018"),
        ("Polgar, Judit", 2735, "700070"),
    ]
    store.close()


def test_the_players_csv_export_carries_the_rating_report_fields(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Open", "--rounds", "3")[0] == 0
    code, _, err = fairpair(
        db, "player", "add", "Tal, Mikhail", "--rating", "2700", "--fide-id", "4100018",
        "--federation", "LAT", "--title", "GM",
    )  # fmt: skip
    assert code == 0, err
    code, _, err = fairpair(db, "player", "edit", "tal", "--birth-date", "1936/11/09", "--sex", "m")
    assert code == 0, err
    exported = tmp_path / "players.csv"
    assert fairpair(db, "export", str(exported))[0] == 0
    assert exported.read_text().splitlines() == [
        "no,name,rating,title,federation,club,fide_id,birth_date,sex",
        '1,"Tal, Mikhail",2700,GM,LAT,,4100018,1936/11/09,m',
    ]


def test_the_trf_export_states_the_report_fields_and_the_players_details(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(
        db, "event", "create", "Lyon open", "--rounds", "3",
        "--start", "2026-05-01", "--end", "2026-05-03", "--city", "Lyon",
        "--federation", "FRA", "--arbiter", "Curie, Marie", "--deputy", "Langevin, Paul",
        "--deputy", "Perrin, Jean", "--time-control", "90'/40+30'", "--type", "Swiss",
        "--round-dates", "2026-05-01,2026-05-02,2026-05-03",
    )  # fmt: skip
    assert code == 0, err
    code, _, err = fairpair(
        db, "player", "add", "Duarte, Ana", "--rating", "2210", "--title", "wim",
        "--federation", "por", "--fide-id", "1901234", "--birth-date", "1999-04-07",
        "--sex", "female",
    )  # fmt: skip
    assert code == 0, err
    long_name = "Abdelrahman Al-Mahmoud Bin Rashid, Mohamed"  # 43 characters
    assert fairpair(db, "player", "add", long_name, "--rating", "2100")[0] == 0
    target = tmp_path / "lyon.trf"
    code, _, err = fairpair(db, "export", str(target))
    assert code == 0, err
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[:14] == [
        "012 Lyon open",
        "022 Lyon",
        "032 FRA",
        "042 2026/05/01",
        "052 2026/05/03",
        "062 2",
        "072 2",
        "092 Swiss",
        "102 Curie, Marie",
        "112 Langevin, Paul",
        "112 Perrin, Jean",
        "122 90'/40+30'",
        f"132 {'':87}26/05/01  26/05/02  26/05/03",
        "001    1 wWIM Duarte, Ana                       2210 POR     1901234 1999/04/07  0.0    1",
    ]
    # TRF gives a name 33 columns: a longer one is cut there, the store keeps it whole.
    assert lines[14][14:47] == long_name[:33]
    code, out, _ = fairpair(db, "player", "list")
    assert long_name in out


def test_player_report_fields_are_refused_as_a_csv_import_refuses_them(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Open", "--rounds", "3")[0] == 0
    code, _, err = fairpair(
        db, "player", "add", "Kovacs, Zoltan", "--fide-id", "72O4", "--sex", "x",
        "--federation", "HUNGARY", "--birth-date", "the 5th of May",
    )  # fmt: skip
    assert code == 2
    for field in ("fide_id", "sex", "federation", "birth_date"):
        assert f"{field}:" in err
    assert "Kovacs" not in fairpair(db, "player", "list")[1]
    assert fairpair(db, "player", "add", "Kovacs, Zoltan", "--sex", "m")[0] == 0
    code, _, err = fairpair(db, "player", "edit", "Kovacs", "--fide-id", "12-34")
    assert code == 2 and "not a FIDE ID" in err
    code, _, err = fairpair(db, "player", "edit", "Kovacs", "--birth-date", "07.04.1999")
    assert code == 0, err
    code, _, err = fairpair(db, "export", str(tmp_path / "e.csv"))
    assert code == 0, err
    assert "1999/04/07" in (tmp_path / "e.csv").read_text(encoding="utf-8")


def test_event_edit_changes_the_settings_until_the_rounds_fix_them(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Open", "--rounds", "5")[0] == 0
    for name in ("Ann", "Bob", "Cy", "Dee"):
        assert fairpair(db, "player", "add", name)[0] == 0
    code, out, err = fairpair(
        db, "event", "edit", "--rounds", "7", "--points", "3,1,0", "--tiebreaks", "BH,SB",
        "--bye-limit", "half=1", "--first-colour", "black",
    )  # fmt: skip
    assert code == 0, err
    assert "number of rounds 7 (was 5)" in out and "point system 3,1,0 (was 1,0.5,0)" in out
    settings = shown(db)
    assert settings["rounds"] == "0 of 7 paired" and settings["tie-breaks"] == "BH, SB"
    code, _, err = fairpair(db, "event", "edit", "--first-colour", "red")
    assert code == 2 and "--first-colour: white or black" in err
    assert fairpair(db, "round", "pair")[0] == 0
    code, _, err = fairpair(db, "event", "edit", "--system", "burstein")
    assert code == 2 and "system cannot change once round 1 is paired" in err
    code, _, err = fairpair(db, "event", "edit", "--rounds", "4", "--bye-limit", "none")
    assert code == 0, err
    assert shown(db)["bye limit"] == "no limit"
    assert fairpair(db, "undo")[0] == 0
    assert shown(db)["rounds"] == "1 of 7 paired"
