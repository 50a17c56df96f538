"""Who is not paired in a Double-Swiss and how a TRF says it (spec double-swiss.md §1.4, §1.6,
§9): ``240`` absences (their round numbers are columns: match k is columns 2k-1 and 2k),
withdrawals (written as zero-point byes, and so read back), late entries (blank columns before
they arrive), and the TPN parity of 4.3.1 counted over the players who have arrived (§11 R13)."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest

from fairpair.cli.engine import run
from fairpair.core import Colour, Player
from fairpair.core.double_swiss import (
    DoubleRound,
    DoubleSwissTournament,
    Match,
    MatchBye,
    MatchByeKind,
    MatchOutcome,
    RequestedMatchBye,
    match_entries,
    scores,
)
from fairpair.formats.trf import TrfError
from fairpair.formats.trf_double import parse_double_trf, write_double_trf
from fairpair.pairing.double_swiss import pair_double_swiss, player_states, with_paired_round
from tests.unit.test_double_swiss_examples import RESULTS

H, Z = MatchByeKind.HALF_POINT, MatchByeKind.ZERO_POINT


def start(players: int, rounds: int = 4) -> DoubleSwissTournament:
    return DoubleSwissTournament(
        players=tuple(Player(i, f"Player {i}") for i in range(1, players + 1)),
        total_rounds=rounds,
        initial_colour=Colour.WHITE,
    )


def play(t: DoubleSwissTournament, result: str = "1-1") -> DoubleSwissTournament:
    """The next round paired by C.04.5, every match ending ``result`` (the matches in the
    order the TRF reader gives them, by the White of game 1)."""
    paired = with_paired_round(t, pair_double_swiss(t))
    last = paired.rounds[-1]
    finished = tuple(
        Match(m.white, m.black, RESULTS[result])
        for m in sorted(last.matches, key=lambda m: m.white)
    )
    return dataclasses.replace(
        paired, rounds=(*paired.rounds[:-1], dataclasses.replace(last, matches=finished))
    )


def lines(t: DoubleSwissTournament) -> list[str]:
    pairing = pair_double_swiss(t)
    out = [f"{g.white} {g.black}" for g in pairing.boards]
    return out + ([f"{pairing.bye} 0"] if pairing.bye is not None else [])


def with_records(text: str, *records: str) -> str:
    """The file with records added before its first 001 line."""
    at = text.index("\n001") + 1
    return text[:at] + "".join(record + "\n" for record in records) + text[at:]


# --- 240 ------------------------------------------------------------------------------------


def test_a_240_record_announces_an_absence_by_columns() -> None:
    t = play(start(6))
    text = write_double_trf(t)
    # Columns 3 and 4 are match 2: either column announces the half-point bye for match 2.
    for records in (["240 H 003 0005"], ["240 H 004 0005"], ["240 H 003 0005", "240 H 004 0005"]):
        read = parse_double_trf(with_records(text, *records)).tournament()
        assert read.requested_byes == (RequestedMatchBye(2, 5, H),)
        assert read.rounds == t.rounds
        pairing = pair_double_swiss(read)
        assert 5 not in {p for g in pairing.boards for p in (g.white, g.black)}
        assert pairing.bye is not None  # five players left: one has the PAB
    # A later match-round: columns 7-8 are match 4, with several players on one record.
    read = parse_double_trf(with_records(text, "240 Z 007 0001 0002")).tournament()
    assert read.requested_byes == (RequestedMatchBye(4, 1, Z), RequestedMatchBye(4, 2, Z))
    assert read.to_pair(2) == (1, 2, 3, 4, 5, 6) and read.to_pair(4) == (3, 4, 5, 6)


def test_a_240_record_fills_a_blank_match_of_a_round_paired() -> None:
    # Player 7 was not paired in match 1 and his columns are blank; a 240 record says he had a
    # half-point bye there: it counts (1 point).
    t = dataclasses.replace(
        start(7), requested_byes=(RequestedMatchBye(1, 7, H),), players=start(7).players
    )
    t = play(t)
    blank = dataclasses.replace(
        t, rounds=(dataclasses.replace(t.rounds[0], byes=()),), requested_byes=()
    )
    text = write_double_trf(blank)
    assert parse_double_trf(text).tournament().rounds[0].bye_of(7) is None
    read = parse_double_trf(with_records(text, "240 H 001 0007")).tournament()
    assert read.rounds[0].bye_of(7) == MatchBye(7, H)
    assert scores(read)[7] == 2
    assert read == t


@pytest.mark.parametrize(
    ("records", "message"),
    [
        (["240 H 003 0005", "240 Z 004 0005"], "announced as H and as Z"),
        (["240 H 001 0001"], "is a match in the cells; the 240 record says H"),
    ],
)
def test_a_240_record_that_contradicts_is_refused_with_its_line(
    records: list[str], message: str
) -> None:
    text = with_records(write_double_trf(play(start(6))), *records)
    with pytest.raises(TrfError, match=message) as error:
        parse_double_trf(text, "e.trf")
    # The file has seven lines before the records: the last record is the one refused.
    assert str(error.value).startswith(f"e.trf:{7 + len(records)}:5: bye type: ")


def test_a_240_record_against_the_cells_of_a_later_round_is_refused() -> None:
    t = dataclasses.replace(play(start(6)), requested_byes=(RequestedMatchBye(2, 5, Z),))
    text = write_double_trf(t)
    assert "  0000 - Z  0000 - Z" in text  # the cells of match 2
    assert parse_double_trf(with_records(text, "240 Z 003 0005")).tournament() == t
    with pytest.raises(TrfError, match=r"e\.trf:8:5: bye type: .* is Z in the cells"):
        parse_double_trf(with_records(text, "240 H 003 0005"), "e.trf")


def test_240_records_are_rewritten_from_the_event() -> None:
    t = play(start(6))
    like = parse_double_trf(with_records(write_double_trf(t), "240 H 003 0005"))
    event = like.tournament()
    assert write_double_trf(event, like=like).count("240 H 003 0005\n240 H 004 0005\n") == 1
    # The bye taken back: the record goes with it.
    taken_back = dataclasses.replace(event, requested_byes=())
    written = write_double_trf(taken_back, like=like)
    assert "240" not in written
    assert parse_double_trf(written).tournament() == taken_back


# --- withdrawals ----------------------------------------------------------------------------


def test_a_withdrawal_is_read_back_as_zero_point_byes() -> None:
    # 3 withdraws after match 1: he is not paired in match 2 (paired) nor in 3 and 4.
    t = play(start(7))
    t = dataclasses.replace(t, withdrawn={3: 2})
    t = play(t)
    assert t.rounds[1].match_of(3) is None and t.rounds[1].bye_of(3) is None
    text = write_double_trf(t)
    line = next(row for row in text.splitlines() if row.startswith("001    3"))
    assert line.endswith("  0000 - Z  0000 - Z  0000 - Z  0000 - Z  0000 - Z  0000 - Z")
    read = parse_double_trf(text).tournament()
    assert read.withdrawn == {}
    assert read.rounds[1].bye_of(3) == MatchBye(3, Z)
    assert read.requested_byes == (RequestedMatchBye(3, 3, Z), RequestedMatchBye(4, 3, Z))
    assert [e.outcome for e in match_entries(read)[3]] == [MatchOutcome.PLAYED, MatchOutcome.BYE]
    assert scores(read) == scores(t)
    assert read.to_pair() == t.to_pair() and pair_double_swiss(read) == pair_double_swiss(t)


def test_announced_absences_after_a_gap_are_kept() -> None:
    # A bye announced for match 4 only: the columns of match 3 stay blank before it.
    t = dataclasses.replace(play(start(6)), requested_byes=(RequestedMatchBye(4, 2, H),))
    text = write_double_trf(t)
    assert parse_double_trf(text).tournament() == t


# --- late entries and R13 -------------------------------------------------------------------


def test_a_late_entry_has_blank_columns_before_he_arrives() -> None:
    # Player 7 registers after match 1 (TPN 7, no game before): blank columns, score 0.
    t = play(start(6))
    late = dataclasses.replace(t, players=(*t.players, Player(7, "Late Comer")))
    text = write_double_trf(late)
    line = next(row for row in text.splitlines() if row.startswith("001    7"))
    assert line.rstrip().endswith("0.0    7")  # no cells
    read = parse_double_trf(text).tournament()
    assert read == late
    assert scores(read)[7] == 0 and match_entries(read)[7][0].outcome is MatchOutcome.ABSENT
    # Seven players: the PAB goes to the lowest score with the most matches played, then the
    # largest TPN: 7, at 0 points with none (the others have 1 point each).
    assert lines(read)[-1] == "7 0"


def test_r13_the_parity_of_4_3_1_counts_only_the_players_who_have_arrived() -> None:
    # Nine players, initial colour White; 2 is absent from match 1 (a zero-point bye) and has
    # never been paired: he holds no number for 4.3.1, so 3 is the second arrived, 4 the
    # third... The bracket {1, 3, ..., 9} pairs 1-6, 3-7, 4-8, 5-9; by the HRP's number among
    # the arrived, 1 (1st, odd) White, 3 (2nd, even) Black, 4 (3rd) White, 5 (4th) Black.
    t = dataclasses.replace(start(9), requested_byes=(RequestedMatchBye(1, 2, Z),))
    assert lines(t) == ["1 6", "7 3", "4 8", "9 5"]
    states = player_states(t)
    assert [states[p].parity_number for p in (1, 3, 4, 5, 9)] == [1, 2, 3, 4, 8]
    # Numbered by TPN instead (as if 2 had arrived), 3 would be odd: 3-7, 8-4, 5-9.
    present = start(9)
    assert lines(present) == ["1 5", "6 2", "3 7", "8 4", "9 0"]
    # Once a player has arrived he keeps his number when absent: 2 plays match 2; before
    # match 3, with 2 and 3 absent, 4 is still the fourth.
    t = play(t)
    t = play(t)
    later = dataclasses.replace(
        t, requested_byes=(RequestedMatchBye(3, 2, H), RequestedMatchBye(3, 3, H))
    )
    assert player_states(later)[4].parity_number == 4
    # A late entrant (TPN 10, registered after match 1) counts from when he arrives.
    entered = dataclasses.replace(later, players=(*later.players, Player(10, "Late")))
    assert player_states(entered)[10].parity_number == 10


def test_a_late_entrant_with_awarded_byes_scores_them() -> None:
    # A late entrant whose missed match is written as an awarded half-point bye.
    t = play(start(6))
    first = t.rounds[0]
    late = dataclasses.replace(
        t,
        players=(*t.players, Player(7, "Late")),
        rounds=(DoubleRound(1, first.matches, (*first.byes, MatchBye(7, H))),),
    )
    read = parse_double_trf(write_double_trf(late)).tournament()
    assert read == late and scores(read)[7] == 2
    assert not player_states(read)[7].pab_barred  # a half-point bye does not bar the PAB


def test_the_engine_reads_the_240_records_and_a_withdrawal(tmp_path: Path) -> None:
    # fairpair-engine -p leaves out a player whose match-round a 240 record announces absent,
    # and -c accepts an event with a withdrawal written as zero-point byes.
    t = play(start(6))
    source = tmp_path / "absent.trf"
    source.write_text(with_records(write_double_trf(t), "240 Z 003 0002"))
    out, err = io.StringIO(), io.StringIO()
    assert run(["--double-swiss", str(source), "-p"], out, err) == 0, err.getvalue()
    paired = out.getvalue().split()
    assert "2" not in paired[1:] and paired[-1] == "0"  # five left: a PAB
    withdrawn = play(dataclasses.replace(play(start(7)), withdrawn={3: 2}))
    source.write_text(write_double_trf(withdrawn))
    assert run(["--double-swiss", str(source), "-c"], out, err) == 0
