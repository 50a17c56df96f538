"""``fairpair pair --alternatives K`` end to end on a reference tournament (issue #5)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.formats.trf import read_trf, write_trf
from fairpair.pairing.checker import stored_pairing
from tests.golden.corpus import REFERENCE

register(app)
runner = CliRunner()
SOURCE = REFERENCE / "dutch" / "dutch-0031.trf"  # 7 players, a pairing-allocated bye each round
ROUND = 4


def before_round(tmp_path: Path) -> Path:
    """The reference event as it stood before round 4 was paired."""
    target = tmp_path / "before.trf"
    target.write_text(write_trf(read_trf(SOURCE).tournament().before_round(ROUND)))
    return target


def test_json_lists_k_legal_distinct_alternatives_after_the_reference_pairing(
    tmp_path: Path,
) -> None:
    result = runner.invoke(
        app, ["pair", str(before_round(tmp_path)), "--alternatives", "4", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    event = read_trf(SOURCE).tournament()
    boards, bye = stored_pairing(event, ROUND)
    assert {(b["white"], b["black"]) for b in data["boards"]} == boards  # bbpPairings' choice
    assert data["bye"] == bye

    history = event.before_round(ROUND)
    met = {
        frozenset((g.white, g.black))
        for rnd in history.rounds
        for g in rnd.games
        if g.result is not None and g.result.played
    }
    had_bye = {rnd.pairing_bye for rnd in history.rounds}
    players = set(history.players_to_pair(ROUND))
    chosen = frozenset(frozenset((b["white"], b["black"])) for b in data["boards"])
    chosen_numbers = {frozenset((b["white"], b["black"])): b["board"] for b in data["boards"]}
    seen = {(chosen, data["bye"])}
    alternatives = data["alternatives"]
    assert [a["rank"] for a in alternatives] == [1, 2, 3, 4]
    for alternative in alternatives:
        pairs = frozenset(frozenset(p) for p in alternative["pairs"])
        placed = [pid for p in alternative["pairs"] for pid in p] + [alternative["bye"]]
        assert sorted(placed) == sorted(players), "everybody once"
        assert not pairs & met, "C1: no second game"
        assert alternative["bye"] not in had_bye, "C2: no second pairing-allocated bye"
        assert (pairs, alternative["bye"]) not in seen, "distinct, and not the chosen one"
        seen.add((pairs, alternative["bye"]))
        broken = sorted(n for pair, n in chosen_numbers.items() if pair not in pairs)
        if alternative["bye"] != data["bye"]:
            broken.append(len(data["boards"]) + 1)
        assert alternative["changed_boards"] == broken
        assert {frozenset(p) for p in alternative["new_pairs"]} == pairs - chosen
        reason = alternative["loses_on"]
        assert (reason is None) == (alternative["criteria"] == [])
        if reason is not None:
            first = alternative["criteria"][0]
            assert (first["criterion"], first["bracket"]) == (
                reason["criterion"],
                reason["bracket"],
            )
            assert reason["worse"] is True  # bbpPairings' pairing is the best by the criteria
            assert reason["criterion"] in {f"C{n}" for n in range(5, 22)}


def test_text_shows_a_table_per_alternative(tmp_path: Path) -> None:
    result = runner.invoke(app, ["pair", str(before_round(tmp_path)), "--alternatives", "2"])
    assert result.exit_code == 0, result.output
    assert "Alternative 1:" in result.output and "Alternative 2:" in result.output
    assert "Replaces boards" in result.output


def test_fixed_boards_stay_in_every_alternative(tmp_path: Path) -> None:
    path = str(before_round(tmp_path))
    result = runner.invoke(
        app, ["pair", path, "--fixed", "1-4", "--alternatives", "3", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["boards"][0] == {"board": 1, "white": 1, "black": 4}
    assert 1 <= len(data["alternatives"]) <= 3  # five players left: few legal pairings
    for alternative in data["alternatives"]:
        assert alternative["pairs"][0] == [1, 4]
        assert 1 not in alternative["changed_boards"]
        assert [1, 4] not in alternative["new_pairs"]


def test_alternatives_refuse_trf_output_and_a_negative_count(tmp_path: Path) -> None:
    path = str(before_round(tmp_path))
    result = runner.invoke(app, ["pair", path, "--alternatives", "2", "--format", "trf"])
    assert result.exit_code == 3
    assert "--alternatives" in result.output
    assert runner.invoke(app, ["pair", path, "--alternatives", "-1"]).exit_code == 2
