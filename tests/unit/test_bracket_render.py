"""The bracket for people (formats/bracket.py): the text and the picture say what the bracket's
state says, the picture is well-formed XML with one box per match and exactly the current
matches highlighted, hostile names stay text, and the empty bracket's data follows the draw
written out by hand."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from fairpair.core.knockout import (
    BracketKind,
    BracketState,
    KnockoutError,
    KnockoutRules,
    KnockoutStage,
    MatchFormat,
    bracket_state,
)
from fairpair.core.player import PlayerId
from fairpair.core.results import Game, GameResult
from fairpair.formats.bracket import (
    bracket_svg,
    bracket_text,
    empty_bracket_data,
    empty_bracket_text,
)

SVG = "{http://www.w3.org/2000/svg}"
WIN, DRAW, LOSS = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def stage(
    n: int,
    match: str = "best-of-3",
    kind: BracketKind = BracketKind.SINGLE,
    third_place: bool = False,
    reset: bool = True,
) -> KnockoutStage:
    rules = KnockoutRules(
        kind=kind, match=MatchFormat.parse(match), third_place=third_place, reset=reset
    )
    return KnockoutStage(rules, tuple(range(1, n + 1)))


def card(first: PlayerId, second: PlayerId, result: GameResult) -> Game:
    return Game(first, second, result, coloured=False)


def partly_played(n: int, kind: BracketKind, rng: random.Random, waves: int) -> BracketState:
    """A bracket after a few waves of play: some matches decided, some under way."""
    s = stage(n, kind=kind, third_place=True)
    for _ in range(waves):
        for ms in bracket_state(s).current():
            assert ms.top is not None and ms.bottom is not None
            games = list(ms.games)
            games.append(card(ms.top, ms.bottom, rng.choice([WIN, LOSS, DRAW])))
            s = s.with_games(ms.match.number, games)
    return bracket_state(s)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


NAMES = {p: f"Player {p}" for p in range(1, 200)}


@pytest.mark.parametrize("kind", list(BracketKind))
@pytest.mark.parametrize("n", [2, 3, 5, 8, 13, 24, 33])
def test_svg_one_box_per_match_and_exactly_the_current_ones_highlighted(
    n: int, kind: BracketKind
) -> None:
    rng = random.Random(n)
    for waves in (0, 1, 3, 6):
        state = partly_played(n, kind, rng, waves)
        svg = bracket_svg(state, NAMES)
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg"
        width, height = int(root.get("width", "0")), int(root.get("height", "0"))
        assert root.get("viewBox") == f"0 0 {width} {height}"
        boxes = groups(root, "fpb-match")
        assert sorted(int(g.get("data-match", "0")) for g in boxes) == list(
            range(1, len(state.matches) + 1)
        )
        current = {int(g.get("data-match", "0")) for g in groups(root, "fpb-current")}
        assert current == {ms.match.number for ms in state.current()}
        byes = sorted(top for top, bottom in state.bracket.first_round if bottom is None)
        assert sorted(int(g.get("data-seed", "0")) for g in groups(root, "fpb-bye")) == byes
        # Every box lies inside the picture.
        for rect in root.iter(f"{SVG}rect"):
            assert 0 <= float(rect.get("x", "0")) <= width - float(rect.get("width", "0"))
            assert 0 <= float(rect.get("y", "0")) <= height - float(rect.get("height", "0"))
        plain = ET.fromstring(bracket_svg(state, NAMES, highlight_current=False))
        assert groups(plain, "fpb-current") == []


def test_svg_marks_the_winner_and_shows_scores_and_byes() -> None:
    s = stage(6)
    s = s.with_games(1, [card(4, 5, LOSS), card(4, 5, DRAW), card(5, 4, WIN)])  # 5 wins 2-0
    s = s.with_games(2, [card(3, 6, WIN)])
    root = ET.fromstring(bracket_svg(bracket_state(s), NAMES))
    (match1,) = [g for g in groups(root, "fpb-match") if g.get("data-match") == "1"]
    texts = [t.text for t in match1.iter(f"{SVG}text")]
    assert "Player 4" in texts and "Player 5" in texts
    winner_row = [t for t in match1.iter(f"{SVG}text") if t.get("font-weight") == "700"]
    assert [t.text for t in winner_row] == ["Player 5", "2"]
    assert len(list(g for g in match1.iter(f"{SVG}rect") if g.get("class") == "fpb-winner")) == 1
    (match2,) = [g for g in groups(root, "fpb-match") if g.get("data-match") == "2"]
    assert "1" in [t.text for t in match2.iter(f"{SVG}text")]  # Player 3 leads 1-0
    assert not [t for t in match2.iter(f"{SVG}text") if t.get("font-weight") == "700"]
    bye_texts = [[t.text or "" for t in g.iter(f"{SVG}text")] for g in groups(root, "fpb-bye")]
    assert bye_texts == [["1", "Player 1", "", "bye"], ["2", "Player 2", "", "bye"]]
    # Match 3: seed 1 against the winner of match 1, now known.
    (match3,) = [g for g in groups(root, "fpb-match") if g.get("data-match") == "3"]
    assert {"Player 1", "Player 5"} <= {t.text for t in match3.iter(f"{SVG}text")}


def test_svg_hostile_names_stay_text() -> None:
    hostile = {
        1: "<script>alert(1)</script>",
        2: 'Tom & "Jerry"',
        3: "]]><x/>",
        4: "محمد عبد الله",
        5: "bell\x07here",
        6: "O'Brien <b>",
    }
    s = stage(6)
    s = s.with_games(1, [card(4, 5, WIN)])
    svg = bracket_svg(bracket_state(s), hostile)
    root = ET.fromstring(svg)
    tags = {el.tag for el in root.iter()}
    assert tags <= {f"{SVG}{t}" for t in ("svg", "title", "g", "rect", "text", "path", "line")}
    assert "<script" not in svg and "<b>" not in svg and "<x/>" not in svg
    names = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "fpb-name"]
    assert 'Tom & "Jerry"' in names
    assert "O'Brien <b>" in names
    assert "]]><x/>" in names
    assert "محمد عبد الله" in names
    assert "bell\ufffdhere" in names  # a control character XML cannot hold is replaced
    assert any(n and n.startswith("<script>alert(1)") for n in names)
    # No attribute carries a name (only fixed words and numbers).
    for el in root.iter():
        for key, value in el.attrib.items():
            assert not key.startswith("on"), key
            assert "script" not in value


def test_svg_long_names_are_shortened() -> None:
    names = {1: "A" * 80, 2: "B" * 80}
    root = ET.fromstring(bracket_svg(bracket_state(stage(2)), names))
    shown = [t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "fpb-name"]
    assert all(len(t) <= 21 and t.endswith("…") for t in shown)
    # The whole names are in the match's title (a tooltip, read by screen readers).
    titles = [t.text or "" for t in root.iter(f"{SVG}title")]
    assert any("A" * 80 in t and "B" * 80 in t for t in titles)


def test_text_bracket_says_what_the_state_says() -> None:
    names = {1: "Alice", 2: "Bob", 3: "Carol", 4: "Dan", 5: "Eve", 6: "Finn"}
    s = stage(6, third_place=True)
    s = s.with_games(1, [card(4, 5, LOSS), card(4, 5, DRAW), card(5, 4, WIN)])
    s = s.with_games(2, [card(3, 6, WIN), card(3, 6, LOSS)])
    text = bracket_text(bracket_state(s), names)
    lines = text.splitlines()
    assert lines[0] == (
        "Single elimination, with a third-place match, 6 players, matches: best of 3 games"
    )
    assert "Quarter-finals" in lines
    assert "  Match 1: (4) Dan v (5) Eve, Eve won 2-0" in lines
    # Game 2 lost by Carol: she chooses to play or draw in game 3.
    assert "  Match 2: (3) Carol v (6) Finn, 1-1, game 3: Carol chooses to play or draw" in lines
    assert "  (1) Alice: bye" in lines and "  (2) Bob: bye" in lines
    assert "  Match 3: (1) Alice v (5) Eve, to play, game 1: Alice chooses to play or draw" in lines
    assert "  Match 4: (2) Bob v winner of match 2, waiting" in lines
    assert "  Match 5: loser of match 3 v loser of match 4, waiting" in lines
    assert "  Match 6: winner of match 3 v winner of match 4, waiting" in lines
    assert "Winner:" not in text


def test_text_bracket_chess_colours_and_champion() -> None:
    names = {1: "Alice", 2: "Bob"}
    s = stage(2, match="classical:2,armageddon")
    s = s.with_games(1, [Game(1, 2, DRAW)])
    text = bracket_text(bracket_state(s), names)
    assert "  Match 1: (1) Alice v (2) Bob, ½-½, game 2 (classical): White Bob" in text
    assert text.startswith(
        "Single elimination, 2 players, matches: 2 classical games, then an Armageddon game"
    )
    s = s.with_games(1, [Game(1, 2, DRAW), Game(2, 1, LOSS)])
    done = bracket_text(bracket_state(s), names)
    assert "  Match 1: (1) Alice v (2) Bob, Alice won 1½-½" in done
    assert done.endswith("Winner: (1) Alice\n")


def test_text_bracket_forfeit_and_reset() -> None:
    names = {1: "Alice", 2: "Bob"}
    s = stage(2, match="1", kind=BracketKind.DOUBLE)
    s = s.with_games(1, [card(1, 2, WIN)])
    s = s.with_games(2, [card(1, 2, GameResult.WHITE_WINS_BY_FORFEIT)])
    text = bracket_text(bracket_state(s), names)
    assert "  Match 2: (1) Alice v (2) Bob, Alice won: Bob forfeited" in text
    assert "  Match 3: (1) Alice v (2) Bob, not needed" in text
    root = ET.fromstring(bracket_svg(bracket_state(s), names))
    (reset,) = [g for g in groups(root, "fpb-match") if g.get("data-match") == "3"]
    assert "fpb-not-needed" in (reset.get("class") or "")


def test_empty_bracket_of_six_as_drawn_by_hand() -> None:
    # Eight places: 1-8, 4-5, 2-7, 3-6; seeds 7 and 8 do not exist, so 1 and 2 have byes.
    data = empty_bracket_data(6, BracketKind.SINGLE, third_place=True)
    assert data == {
        "seeds": 6,
        "size": 8,
        "kind": "single",
        "rounds": [
            {
                "round": 1,
                "name": "Quarter-finals",
                "matches": [[1, None], [4, 5], [2, None], [3, 6]],
                "numbers": [None, 1, None, 2],
            },
            {
                "round": 2,
                "name": "Semi-finals",
                "matches": [[1, "W1"], [2, "W2"]],
                "numbers": [3, 4],
            },
            {"round": 3, "name": "Final", "matches": [["W3", "W4"]], "numbers": [6]},
        ],
        "third_place": {"number": 5, "name": "Third-place match", "match": ["L3", "L4"]},
    }


def test_empty_bracket_of_eight_matches_the_issue() -> None:
    data = empty_bracket_data(8)
    assert data["rounds"][0]["matches"] == [[1, 8], [4, 5], [2, 7], [3, 6]]
    assert "third_place" not in data and "losers_rounds" not in data


@pytest.mark.parametrize("reset", [True, False])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 8, 12, 16, 17])
def test_empty_double_bracket_refers_only_to_earlier_matches(n: int, reset: bool) -> None:
    data = empty_bracket_data(n, BracketKind.DOUBLE, reset=reset)
    listed: list[tuple[int, list[object]]] = []
    for section in ("rounds", "losers_rounds"):
        for rnd in data[section]:
            assert len(rnd["matches"]) == len(rnd["numbers"])
            pairs = zip(rnd["numbers"], rnd["matches"], strict=True)
            listed += [(k, m) for k, m in pairs if k is not None]
    listed.append((data["final"]["number"], data["final"]["match"]))
    if reset:
        assert data["reset"]["match"] == data["final"]["match"]
        listed.append((data["reset"]["number"], data["reset"]["match"]))
    else:
        assert data["reset"] is None
    numbers = sorted(k for k, _ in listed)
    assert numbers == list(range(1, 2 * n - 1 + (1 if reset else 0)))
    seeds_seen = []
    for number, match in listed:
        for slot in match:
            if isinstance(slot, int):
                seeds_seen.append(slot)
            elif slot is not None:
                assert isinstance(slot, str) and slot[0] in "WL"
                assert int(slot[1:]) < number
    # Each seed is placed once: in round 1 or, after a bye, in round 2.
    assert sorted(seeds_seen) == list(range(1, n + 1))


def test_empty_bracket_text() -> None:
    text = empty_bracket_text(3)
    assert text.splitlines() == [
        "Single elimination, 3 players (a bracket of 4)",
        "",
        "Semi-finals",
        "  Match 1: seed 2 v seed 3",
        "  seed 1: bye",
        "",
        "Final",
        "  Match 2: seed 1 v winner of match 1",
    ]
    double = empty_bracket_text(4, BracketKind.DOUBLE)
    assert "  Match 5: winner of match 3 v loser of match 4" in double
    assert "  Match 6: winner of match 4 v winner of match 5" in double
    assert "only if the losers' bracket winner wins the grand final" in double


@pytest.mark.parametrize("n", [1, 0, 4097])
def test_empty_bracket_refuses_impossible_sizes(n: int) -> None:
    with pytest.raises(KnockoutError, match="2 to 4096 players"):
        empty_bracket_data(n)
