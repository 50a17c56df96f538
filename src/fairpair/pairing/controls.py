"""Director controls that work with every Swiss pairing system: fixed boards and separation.

Both are pure: :func:`with_fixed_boards` wraps a :data:`PairingSystem` in another, and
:func:`forbid_shared_attribute` returns a snapshot with more forbidden pairs, which every
system reads through :meth:`Tournament.forbidden_pairs`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from fairpair.core import (
    BoardNote,
    ByeKind,
    ForbiddenPairs,
    Game,
    Pairing,
    PlayerId,
    RequestedBye,
    Tournament,
)
from fairpair.pairing.errors import PairingInputError
from fairpair.pairing.registry import PairingSystem

SharedAttribute = Literal["club", "federation"]


def with_fixed_boards(
    system: PairingSystem, fixed: Sequence[tuple[PlayerId, PlayerId]]
) -> PairingSystem:
    """``system`` with the director's boards ``(white, black)`` fixed as the first boards.

    The engine pairs everybody else and chooses the pairing-allocated bye among them. A fixed
    board that breaks an absolute criterion (a rematch, a forbidden pair; FIDE C1) is kept, as
    the director's decision, with a :class:`BoardNote` warning. A player on two boards, not
    registered, withdrawn or with a requested bye cannot be placed at all:
    :class:`PairingInputError`.
    """
    boards = tuple(fixed)

    def pair(tournament: Tournament) -> Pairing:
        rnd = tournament.next_round
        _check_fixed_boards(tournament, boards)
        engine = system(without_fixed_players(tournament, boards))
        return fixed_first(rnd, boards, engine, _warnings(tournament, boards))

    return pair


def fixed_first(
    rnd: int,
    fixed: Sequence[tuple[int, int]],
    engine: Pairing,
    warnings: Iterable[BoardNote],
) -> Pairing:
    """The round with the director's fixed boards (players or teams) first, then the engine's,
    whose notes move down by as many boards; the fixed boards' ``warnings`` come first."""
    shift = len(fixed)
    notes = [*warnings]
    notes.extend(
        BoardNote(note.board + shift if note.board > 0 else 0, note.text) for note in engine.notes
    )
    return Pairing(
        round=rnd,
        boards=(*(Game(first, second) for first, second in fixed), *engine.boards),
        bye=engine.bye,
        notes=tuple(notes),
    )


def without_fixed_players(
    tournament: Tournament, boards: Sequence[tuple[PlayerId, PlayerId]]
) -> Tournament:
    """The snapshot the engine pairs around fixed boards: their players left out.

    Every system leaves out players with a requested bye for the round it pairs, so an ABSENT
    request, in a copy only, is how the engine is told to ignore them. The original snapshot
    (and so the round written from the pairing) never sees it.
    """
    rnd = tournament.next_round
    return tournament.replace(
        requested_byes=(
            *tournament.requested_byes,
            *(RequestedBye(rnd, pid, ByeKind.ABSENT) for board in boards for pid in board),
        )
    )


def _check_fixed_boards(
    tournament: Tournament, boards: Sequence[tuple[PlayerId, PlayerId]]
) -> None:
    rnd = tournament.next_round
    present = set(tournament.players_to_pair(rnd))
    placed: set[PlayerId] = set()
    for white, black in boards:
        where = f"fixed board {white}-{black}"
        for pid in (white, black):
            if not tournament.has_player(pid):
                raise PairingInputError(f"{where}: player {pid} is not registered")
            if pid in placed:
                raise PairingInputError(f"{where}: player {pid} appears twice")
            placed.add(pid)
            if tournament.requested_bye(pid, rnd) is not None:
                raise PairingInputError(f"{where}: player {pid} has a bye in round {rnd}")
            if pid not in present:
                raise PairingInputError(f"{where}: player {pid} is absent in round {rnd}")


def _warnings(
    tournament: Tournament, boards: Sequence[tuple[PlayerId, PlayerId]]
) -> list[BoardNote]:
    rnd = tournament.next_round
    forbidden = tournament.forbidden_pairs(rnd)
    met = {
        frozenset((game.white, game.black))
        for past in tournament.rounds
        for game in past.games
        # A forfeit is no game (C1 allows the pair again); an unfinished one has been sat at.
        if game.result is None or game.result.played
    }
    notes: list[BoardNote] = []
    for number, (white, black) in enumerate(boards, start=1):
        pair = frozenset((white, black))
        problems = []
        if pair in met:
            problems.append("the players have already played each other")
        if pair in forbidden:
            problems.append(f"a forbidden pair in round {rnd}")
        if problems:
            text = "; ".join(problems)
            notes.append(BoardNote(number, f"{white}-{black}: fixed by the director: {text} (C1)"))
    return notes


def forbid_shared_attribute(
    tournament: Tournament,
    attribute: SharedAttribute,
    first_round: int = 1,
    last_round: int | None = None,
) -> Tournament:
    """A copy in which players sharing a non-empty club (or federation) may not meet.

    One :class:`ForbiddenPairs` group per club (or federation) with two or more players,
    in force from ``first_round`` to ``last_round`` (``None``: to the end).
    """
    groups: dict[str, list[PlayerId]] = {}
    for player in tournament.players:
        value = player.club if attribute == "club" else player.federation
        if value.strip():
            groups.setdefault(value.strip(), []).append(player.id)
    rules = tuple(
        ForbiddenPairs(tuple(sorted(members)), first_round, last_round)
        for _, members in sorted(groups.items())
        if len(members) > 1
    )
    return tournament.replace(forbidden=(*tournament.forbidden, *rules))
