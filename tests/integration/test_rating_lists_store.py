"""Rating lists in every store (the fake, SQLite, PostgreSQL): imported streamed and all or
nothing, searched by name (case and accents ignored) and ID, and an event's ratings updated
from a list as one logged, undoable change."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from fairpair.formats.errors import FormatError
from fairpair.service import events as ev
from fairpair.service import rating_lists as rl
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings
from fairpair.storage import EventStore
from fairpair.storage.base import RATING_BATCH
from tests.integration.stores import SQL_BACKENDS, database_url, migrate_to, ticking_clock

DATA = Path(__file__).parent.parent / "data" / "ratings"
HEADER = (DATA / "players_list_foa.txt").read_bytes().splitlines()[0].decode()


def desk(store: EventStore) -> ev.Desk:
    return ev.Desk(store, ticking_clock(), "arbiter")


def imported(d: ev.Desk, file: str, name: str, mapping: str = "") -> int:
    fmt = rl.list_format(file)
    with (DATA / file).open("rb") as stream:
        return rl.import_list(d, stream, file, name, fmt, mapping).players


def names(d: ev.Desk, text: str, list_name: str) -> list[str]:
    return [p.name for p in rl.search(d, text, list_name)[1]]


def generated(count: int, bad_line: int | None = None) -> bytes:
    """A combined TXT list of ``count`` players, in the layout of the hand-written one; line
    ``bad_line`` (the header is line 1) has a rating that is not a number."""
    lines = [HEADER]
    for n in range(count):
        rating = "12x4" if n + 2 == bad_line else str(1000 + n % 1800)
        name = f"Player{n:06d}, Given{n % 97}"
        lines.append(
            f"{100000 + n:<15}{name:<61}{'FRA':<4}{'M':<4}{'':<5}{'':<5}{'':<15}{'':<4}"
            f"{rating:>4}  {0:<4}{20:<3}{0:>4}  {0:<4}{0:<3}{0:>4}  {0:<4}{0:<3}{1990:<6}{'':<4}"
        )
    return ("\r\n".join(lines) + "\r\n").encode()


def test_a_search_ignores_case_and_accents_and_finds_ids(store: EventStore) -> None:
    d = desk(store)
    assert imported(d, "players_list_xml.xml", "FIDE 2026-11") == 3
    assert imported(d, "players_list_foa.txt", "FIDE TXT") == 5
    assert names(d, "ørst", "FIDE 2026-11") == ["Ørsted-Müller, José"]
    assert names(d, "ORSTED MUL", "FIDE 2026-11") == ["Ørsted-Müller, José"]
    assert names(d, "jose", "FIDE 2026-11") == ["Ørsted-Müller, José"]
    assert names(d, "JOSÉ ØRS", "FIDE 2026-11") == ["Ørsted-Müller, José"]
    assert names(d, "magnus c", "FIDE 2026-11") == ["Carlsen, Magnus"]
    assert names(d, "carlsen, m", "FIDE 2026-11") == ["Carlsen, Magnus"]
    assert names(d, "agnus", "FIDE 2026-11") == []  # a prefix, not any part
    assert names(d, "150", "FIDE 2026-11") == ["Carlsen, Magnus"]
    assert names(d, "41", "FIDE TXT") == ["Smith, Anna"]
    assert names(d, "m", "FIDE TXT") == ["Muzychuk, Mariya", "Carlsen, Magnus"]
    # The last list imported is the one searched when none is named.
    assert names(d, "lee", "") == ["Lee"]


def test_a_national_list_reads_through_its_mapping(store: EventStore) -> None:
    d = desk(store)
    mapping = (
        "id=NatID,surname=Nachname,first_name=Vorname,rating=DWZ,fide_id=FIDE-ID,sex=Geschlecht"
    )
    assert imported(d, "national.csv", "DSB 2026", mapping) == 3
    (lena,) = rl.search(d, "schrod", "DSB 2026")[1]
    assert (lena.ident, lena.name, lena.rating, lena.sex) == ("10002", "Schröder, Lena", 1720, "w")
    assert rl.from_list(d, "10001", "DSB 2026").fide_id == "4650001"
    [info] = rl.lists(d)
    assert (info.name, info.kind, info.players) == ("DSB 2026", "national", 3)


def test_a_large_list_is_imported_in_batches_with_progress(store: EventStore) -> None:
    d = desk(store)
    seen: list[int] = []
    count = 2 * RATING_BATCH + 345
    info = rl.import_list(
        d, io.BytesIO(generated(count)), "big.txt", "Big", rl.ListFormat.TXT, "", seen.append
    )
    assert info.players == count
    assert seen == [RATING_BATCH, 2 * RATING_BATCH, count]
    last = count - 1
    (found,) = rl.search(d, f"player{last:06d}", "Big")[1]
    assert (found.ident, found.rating) == (str(100000 + last), 1000 + last % 1800)


def test_a_bad_line_keeps_nothing_of_the_new_list_and_the_old_one_whole(
    store: EventStore,
) -> None:
    d = desk(store)
    rl.import_list(d, io.BytesIO(generated(100)), "old.txt", "FIDE", rl.ListFormat.TXT)
    bad = 2 * RATING_BATCH + 500
    with pytest.raises(FormatError) as caught:
        # The bad line comes after two batches were written.
        rl.import_list(
            d, io.BytesIO(generated(bad + 100, bad_line=bad)), "new.txt", "FIDE", rl.ListFormat.TXT
        )
    assert str(caught.value) == f"new.txt:{bad}: rating: '12x4' is not a number"
    [info] = rl.lists(d)
    assert (info.name, info.source, info.players) == ("FIDE", "old.txt", 100)
    assert rl.search(d, "player0105", "FIDE")[1] == []
    assert len(rl.search(d, "player0000", "FIDE", limit=100)[1]) == 100
    with pytest.raises(FormatError, match=r"^empty.txt: no player in the file"):
        rl.import_list(d, io.BytesIO(generated(0)), "empty.txt", "FIDE", rl.ListFormat.TXT)
    assert [(i.source, i.players) for i in rl.lists(d)] == [("old.txt", 100)]
    # Replaced by a good list, the name holds the new players only.
    rl.import_list(d, io.BytesIO(generated(3)), "newer.txt", "FIDE", rl.ListFormat.TXT)
    [info] = rl.lists(d)
    assert (info.source, info.players) == ("newer.txt", 3)
    assert len(rl.search(d, "player", "FIDE", limit=100)[1]) == 3


def test_a_list_is_removed_with_its_players(store: EventStore) -> None:
    d = desk(store)
    imported(d, "players_list_foa.txt", "FIDE TXT")
    imported(d, "players_list_xml.xml", "FIDE XML")
    txt = rl.find_list(d, "FIDE TXT")
    assert rl.remove_list(d, "fide txt").name == "FIDE TXT"
    assert [i.name for i in rl.lists(d)] == ["FIDE XML"]
    assert store.search_rating_list(txt.id, "carlsen", 10) == []
    assert store.rated_player(txt.id, "1503014") is None
    assert not store.remove_rating_list(txt.id)
    with pytest.raises(CommandError, match="no rating list named 'FIDE TXT'"):
        rl.remove_list(d, "FIDE TXT")
    assert names(d, "carlsen", "FIDE XML") == ["Carlsen, Magnus"]


def test_update_ratings_is_one_logged_change_undone_and_refused_after_round_one(
    store: EventStore,
) -> None:
    d = desk(store)
    imported(d, "players_list_foa.txt", "FIDE 2026-11")
    event = ev.create_event(d, EventSettings("Open", rounds=5))
    ev.register_player(d, event.id, "Carlsen, Magnus", rating=2830, fide_id="1503014")
    ev.register_player(d, event.id, "Smith, Anna", rating=1900, fide_id="4100018")
    ev.register_player(d, event.id, "Nobody, Listed", rating=1500)
    ev.register_player(d, event.id, "Lee", rating=1400, fide_id="25000000")
    changed, updates = rl.update_ratings(d, event.id, "FIDE 2026-11")
    assert [(u.name, u.was, u.rating, u.title_was, u.title) for u in updates] == [
        ("Carlsen, Magnus", 2830, 2823, "", "GM"),
        ("Smith, Anna", 1900, 1987, "", "WFM"),
    ]
    # Lee has no standard rating in the list: he keeps his.
    assert [(p.rating, p.title) for p in changed.tournament.players] == [
        (2823, "GM"),
        (1987, "WFM"),
        (1500, ""),
        (1400, ""),
    ]
    last = ev.history(d, event.id)[-1]
    assert last.action == "ratings.updated"
    assert ev.describe(last, changed.tournament) == (
        "updated ratings from FIDE 2026-11: 1 Carlsen, Magnus 2830->2823, 2 Smith, Anna 1900->1987"
    )
    with pytest.raises(CommandError, match="changes no player"):
        rl.update_ratings(d, event.id, "FIDE 2026-11")
    undone, _ = ev.undo(d, event.id)
    assert [p.rating for p in undone.tournament.players] == [2830, 1900, 1500, 1400]
    rapid, _ = rl.update_ratings(d, event.id, None, rl.RatingKind.RAPID)
    assert [p.rating for p in rapid.tournament.players] == [2801, 1900, 1500, 1450]
    ev.pair_round(d, event.id)
    with pytest.raises(CommandError, match="round 1 is paired"):
        rl.update_ratings(d, event.id, "FIDE 2026-11")


@pytest.mark.parametrize("backend", SQL_BACKENDS)
def test_a_store_from_revision_0004_takes_rating_lists_and_0005_goes_back_cleanly(
    backend: str, tmp_path: Path
) -> None:
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from fairpair.storage.sql import HEAD_REVISION, SqlStore

    with database_url(backend, tmp_path) as url:
        migrate_to(url, "0004")
        store = SqlStore(url)
        try:
            assert HEAD_REVISION >= "0005"
            d = desk(store)
            imported(d, "players_list_foa.txt", "FIDE")
            [info] = rl.lists(d)
            with store.engine.connect() as connection:
                assert sa.inspect(connection).has_table(f"rating_list_{info.id}")
        finally:
            store.close()
        engine = sa.create_engine(url)
        try:
            with engine.begin() as connection:
                config = Config()
                config.set_main_option("script_location", "fairpair.storage:migrations")
                config.attributes["connection"] = connection
                command.downgrade(config, "0004")
            with engine.connect() as connection:
                tables = set(sa.inspect(connection).get_table_names())
            assert "rating_lists" not in tables
            assert not any(name.startswith("rating_list_") for name in tables)
        finally:
            engine.dispose()
