"""The rating-list readers on small files written by hand in FIDE's published layouts
(tests/data/ratings) and on broken copies of them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from fairpair.formats.errors import FormatError
from fairpair.formats.rating_lists import (
    RatedPlayer,
    name_keys,
    parse_mapping,
    read_csv_list,
    read_fide_txt,
    read_fide_xml,
    search_key,
)

DATA = Path(__file__).parent.parent / "data" / "ratings"

CARLSEN = RatedPlayer(
    ident="1503014",
    name="Carlsen, Magnus",
    federation="NOR",
    sex="m",
    title="GM",
    rating=2823,
    games=None,
    k=10,
    rapid_rating=2801,
    blitz_rating=2860,
    birth_year=1990,
    fide_id="1503014",
)
SMITH = RatedPlayer(
    ident="4100018",
    name="Smith, Anna",
    federation="ENG",
    sex="w",
    title="WFM",
    other_titles="FA",
    rating=1987,
    games=3,
    k=20,
    rapid_rating=None,
    blitz_rating=1950,
    birth_year=2001,
    flag="wi",
    fide_id="4100018",
)


def read(reader: object, name: str) -> list[RatedPlayer]:
    with (DATA / name).open("rb") as stream:
        return list(reader(stream, name))  # type: ignore[operator]


def test_the_combined_txt_list_reads_every_column() -> None:
    players = read(read_fide_txt, "players_list_foa.txt")
    assert [p.ident for p in players] == ["1503014", "13300474", "4100018", "25000000", "600050"]
    assert players[0] == CARLSEN
    assert players[2] == SMITH
    muzychuk = players[1]
    assert (muzychuk.title, muzychuk.sex, muzychuk.flag, muzychuk.games) == ("GM", "w", "w", 4)
    lee = players[3]
    assert (lee.name, lee.rating, lee.rapid_rating, lee.birth_year, lee.flag) == (
        "Lee",
        None,
        1450,
        None,
        "i",
    )


def test_a_line_whose_other_titles_overflow_into_foa_is_read_shifted() -> None:
    horvath = read(read_fide_txt, "players_list_foa.txt")[4]
    assert horvath.other_titles == "SI,FI,LSI,SLI,NA"
    assert (horvath.rating, horvath.rapid_rating, horvath.blitz_rating) == (2402, 2390, 2410)
    assert horvath.birth_year == 1975


def test_the_single_type_list_takes_its_rating_under_the_month_code() -> None:
    carlsen, smith = read(read_fide_txt, "standard_rating_list.txt")
    assert (carlsen.rating, carlsen.k, carlsen.birth_year, carlsen.rapid_rating) == (
        2823,
        10,
        1990,
        None,
    )
    assert (smith.rating, smith.games, smith.k, smith.birth_year, smith.flag) == (
        1987,
        3,
        20,
        2001,
        "wi",
    )


def test_the_xml_list_reads_every_field() -> None:
    carlsen, smith, orsted = read(read_fide_xml, "players_list_xml.xml")
    assert carlsen == CARLSEN
    assert smith == SMITH
    assert orsted.name == "Ørsted-Müller, José"
    assert (orsted.title, orsted.birth_year, orsted.flag, orsted.rating) == ("FM", None, "i", 2301)


def test_a_national_csv_list_reads_through_the_mapping() -> None:
    mapping = parse_mapping(
        "id=NatID,surname=Nachname,first_name=Vorname,rating=DWZ,sex=Geschlecht,"
        "birth_year=Geburt,fide_id=FIDE-ID"
    )
    with (DATA / "national.csv").open("rb") as stream:
        players = list(read_csv_list(stream, "national.csv", mapping))
    assert [(p.ident, p.name, p.rating, p.sex, p.birth_year, p.fide_id) for p in players] == [
        ("10001", "Müller, Jonas", 1850, "m", 2004, "4650001"),
        ("10002", "Schröder, Lena", 1720, "w", 1999, ""),
        ("10003", "Zöllner, Ann-Kathrin", 1600, "w", 2010, "4650003"),
    ]


def test_a_bad_rating_names_file_line_and_field() -> None:
    text = (DATA / "players_list_foa.txt").read_bytes().replace(b"2450", b"24x0")
    with pytest.raises(FormatError) as caught:
        list(read_fide_txt(io.BytesIO(text), "list.txt"))
    assert str(caught.value) == "list.txt:3: RRtng: '24x0' is not a number"


def test_a_bad_fide_id_names_its_line() -> None:
    text = (DATA / "standard_rating_list.txt").read_bytes().replace(b"4100018", b"41OO018")
    with pytest.raises(FormatError, match=r"^std.txt:3: ID Number: '41OO018' is not a FIDE ID"):
        list(read_fide_txt(io.BytesIO(text), "std.txt"))


def test_a_file_that_is_not_a_fide_list_is_refused_at_its_header() -> None:
    with pytest.raises(FormatError, match=r"^x.txt:1:1: unknown column 'Hello'"):
        list(read_fide_txt(io.BytesIO(b"Hello world\n1 A\n"), "x.txt"))


def test_a_bad_xml_value_names_the_player_and_field() -> None:
    text = (DATA / "players_list_xml.xml").read_bytes().replace(b"<k>20</k>", b"<k>twenty</k>")
    with pytest.raises(FormatError) as caught:
        list(read_fide_xml(io.BytesIO(text), "list.xml"))
    assert str(caught.value) == "list.xml (player 4100018): k: 'twenty' is not a number"


def test_broken_xml_names_line_and_column() -> None:
    text = b"<playerslist>\n<player><fideid>1</fideid>\n</playerslist>"
    with pytest.raises(FormatError, match=r"^b.xml:3:2: not well-formed XML"):
        list(read_fide_xml(io.BytesIO(text), "b.xml"))


def test_a_csv_mapping_to_a_missing_column_names_it() -> None:
    with pytest.raises(FormatError, match=r"^n.csv:1: rating: no column 'Elo'"):
        list(
            read_csv_list(
                io.BytesIO(b"ID,Name\n1,A\n"), "n.csv", parse_mapping("id=ID,name=Name,rating=Elo")
            )
        )


def test_a_bad_csv_rating_names_line_and_column() -> None:
    data = b"ID,Name,Elo\n1,Ann,1500\n2,Bob,fifteen\n"
    with pytest.raises(FormatError, match=r"^n.csv:3: Elo: 'fifteen' is not a number"):
        list(read_csv_list(io.BytesIO(data), "n.csv", parse_mapping("id=ID,name=Name,rating=Elo")))


def test_a_mapping_needs_id_and_name_and_known_fields() -> None:
    with pytest.raises(ValueError, match="map at least id="):
        parse_mapping("rating=Elo")
    with pytest.raises(ValueError, match="'elo' is not a field"):
        parse_mapping("id=ID,name=Name,elo=Elo")


def test_search_keys_drop_case_accents_and_punctuation() -> None:
    assert search_key("Ørsted-Müller, José") == "orsted muller jose"
    assert search_key("ŁUKASZ") == "lukasz"
    assert name_keys("Carlsen, Magnus") == ("carlsen magnus", "magnus carlsen")
    assert name_keys("Lee") == ("lee", "")


def test_an_xml_file_that_is_not_a_player_list_is_refused() -> None:
    with pytest.raises(FormatError, match=r"^o.xml: not a FIDE player list"):
        list(read_fide_xml(io.BytesIO(b"<events><event/></events>"), "o.xml"))


def test_xml_entities_and_text_split_across_reads_are_joined() -> None:
    name = b"<name>O&apos;Brien &amp; Sons, Pat</name>"
    data = b"<playerslist>" + b"<player><fideid>7</fideid>" + name + b"</player>" * 1
    data += b"</playerslist>"

    class Trickle(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:  # three bytes at a time
            return super().read(3)

    (player,) = read_fide_xml(Trickle(data), "t.xml")
    assert (player.ident, player.name) == ("7", "O'Brien & Sons, Pat")


def test_a_player_taken_from_a_list_keeps_fides_k_factor_for_a_standard_rating() -> None:
    from fairpair.service.rating_lists import RatingKind, player_details

    listed = RatedPlayer("13300474", "Muzychuk, Mariya", rating=2499, k=10, rapid_rating=2450)
    assert player_details(listed)["k_factor"] == 10
    assert player_details(listed)["rating"] == 2499
    rapid = player_details(listed, RatingKind.RAPID)
    assert rapid["rating"] == 2450 and "k_factor" not in rapid  # rapid K is the report's own
    assert "k_factor" not in player_details(RatedPlayer("1", "New, Nina", rating=1500))
