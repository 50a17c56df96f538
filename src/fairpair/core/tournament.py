"""Rounds and the immutable tournament snapshot that every pairing system and tie-break reads."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from fairpair.core.player import Player, PlayerId
from fairpair.core.points import CHESS, PointSystem
from fairpair.core.results import Bye, ByeKind, Colour, Game

TYPE_CHECKING = False  # typing stays unloaded at run time: fairpair-engine pays each import
if TYPE_CHECKING:
    # An individual event's snapshot without a knockout stage does not need the bracket.
    from fairpair.core.knockout import KnockoutStage


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its games in board order and its byes of every kind."""

    number: int
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()

    def __post_init__(self) -> None:
        seen: set[PlayerId] = set()
        for player in self.participants():
            if player in seen:
                raise ValueError(f"player {player} appears twice in round {self.number}")
            seen.add(player)
        if sum(1 for b in self.byes if b.kind is ByeKind.PAIRING_ALLOCATED) > 1:
            raise ValueError(f"round {self.number} has more than one pairing-allocated bye")

    def participants(self) -> Iterator[PlayerId]:
        """Every player with an entry in this round, games first."""
        for game in self.games:
            yield game.white
            yield game.black
        for bye in self.byes:
            yield bye.player

    @property
    def pairing_bye(self) -> PlayerId | None:
        """The player who received the pairing-allocated bye, if any."""
        for bye in self.byes:
            if bye.kind is ByeKind.PAIRING_ALLOCATED:
                return bye.player
        return None

    @property
    def complete(self) -> bool:
        """True when every game has a result."""
        return all(game.result is not None for game in self.games)


@dataclass(frozen=True, slots=True)
class RequestedBye:
    """A bye announced before its round was paired (the player is not to be paired)."""

    round: int
    player: PlayerId
    kind: ByeKind

    def __post_init__(self) -> None:
        if not self.kind.requested:
            raise ValueError(f"a {self.kind.name} bye cannot be requested in advance")


AWARDABLE_BYES = (ByeKind.ZERO_POINT, ByeKind.HALF_POINT, ByeKind.FULL_POINT)
"""The byes a director can award a late entrant for a round he missed (spec scoring.md §3)."""


@dataclass(frozen=True, slots=True)
class LateEntry:
    """A player who joined after rounds had been paired (spec scoring.md §3).

    He is paired from ``first_round`` on. Each earlier round holds a bye of the points the
    director awarded for it (zero, half or full point): a voluntary unplayed round, which
    scores like any bye of that kind but is no bye the player asked for.
    """

    player: PlayerId
    first_round: int

    def __post_init__(self) -> None:
        if self.first_round < 2:
            raise ValueError(f"a late entry joins from round 2 or later, not {self.first_round}")


@dataclass(frozen=True, slots=True)
class Acceleration:
    """Virtual points (tenths) added to a player's score for pairing purposes in one round."""

    player: PlayerId
    round: int
    points: int


@dataclass(frozen=True, slots=True)
class ForbiddenPairs:
    """Players who may not be paired with each other (all pairs among them), in some rounds."""

    players: tuple[PlayerId, ...]
    first_round: int = 1
    last_round: int | None = None
    """``None``: to the end of the event."""

    def applies_to(self, round_number: int) -> bool:
        return self.first_round <= round_number and (
            self.last_round is None or round_number <= self.last_round
        )


@dataclass(frozen=True, slots=True)
class EventDetails:
    """What a FIDE rating report states about an event besides its players and games.

    These are the TRF header records 022-132 (spec trf.md §2). Texts are kept as the organiser
    or the file gave them: a date that cannot be read without guessing stays text, and nothing
    here changes a pairing or a score.
    """

    city: str = ""
    """022"""
    federation: str = ""
    """032: the host federation, e.g. ``FRA``."""
    start_date: str = ""
    """042"""
    end_date: str = ""
    """052"""
    event_type: str = ""
    """092: type of tournament (free text, e.g. ``Individual: Swiss-System``)."""
    chief_arbiter: str = ""
    """102"""
    deputy_arbiters: tuple[str, ...] = ()
    """112: one record each."""
    time_control: str = ""
    """122 (free text, e.g. ``90'/40+30'+30"``)."""
    round_dates: tuple[str, ...] = ()
    """132: the date of each round, round 1 first (TRF writes ``YY/MM/DD``)."""

    @property
    def empty(self) -> bool:
        return self == EventDetails()


@dataclass(frozen=True, slots=True)
class Tournament:
    """An immutable snapshot of an event: who plays, what was played, and its settings.

    ``rounds`` are the rounds paired so far (the last may still lack results). Pairing systems
    pair round ``len(rounds) + 1``; players with a :class:`RequestedBye` for that round, or a
    withdrawal in force, are not paired.
    """

    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    total_rounds: int | None = None
    points: PointSystem = CHESS
    name: str = ""
    initial_colour: Colour | None = None
    """Colour of the top-ranked player in round 1 (TRF ``XXC``/``152``); None if not given."""
    initial_ranking: tuple[PlayerId, ...] | None = None
    """The initial ranking order when it is not ascending player id (TRF ``XXC rank``)."""
    requested_byes: tuple[RequestedBye, ...] = ()
    accelerations: tuple[Acceleration, ...] = ()
    forbidden: tuple[ForbiddenPairs, ...] = ()
    withdrawals: tuple[tuple[PlayerId, int], ...] = ()
    """``(player, first round not played)``."""
    system: str = ""
    """Encoded tournament type (TRF-2026 record 192), e.g. ``FIDE_DUTCH_2025_BAKU``."""
    late_entries: tuple[LateEntry, ...] = ()
    """Players who joined after round 1 was paired (see :meth:`with_player`)."""
    details: EventDetails = EventDetails()
    """The event's report fields: place, dates, arbiters, time control (TRF 022-132)."""
    knockout: KnockoutStage | None = None
    """The knockout stage that follows the rounds (a top cut), or that is the whole event
    (a knockout seeded by rating); None while there is none."""
    _by_id: dict[PlayerId, Player] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        by_id: dict[PlayerId, Player] = {}
        for player in self.players:
            if player.id in by_id:
                raise ValueError(f"two players have the id {player.id}")
            by_id[player.id] = player
        object.__setattr__(self, "_by_id", by_id)
        for index, rnd in enumerate(self.rounds, start=1):
            if rnd.number != index:
                raise ValueError(f"round {index} is numbered {rnd.number}")
            for pid in rnd.participants():
                if pid not in by_id:
                    raise ValueError(f"round {index} names player {pid}, who is not registered")
        if self.knockout is not None:
            for pid in self.knockout.seeds:
                if pid not in by_id:
                    raise ValueError(f"the knockout seeds player {pid}, who is not registered")
        late: set[PlayerId] = set()
        # Who played in each round, found once: an event checks every late entry against it.
        playing = [
            {pid for game in rnd.games for pid in (game.white, game.black)}
            for rnd in (self.rounds if self.late_entries else ())
        ]
        for entry in self.late_entries:
            if entry.player not in by_id:
                raise ValueError(f"late entry of player {entry.player}, who is not registered")
            if entry.player in late:
                raise ValueError(f"player {entry.player} has two late entries")
            late.add(entry.player)
            for rnd, played in zip(self.rounds[: entry.first_round - 1], playing, strict=False):
                if entry.player in played:
                    raise ValueError(
                        f"player {entry.player} plays in round {rnd.number}, before his "
                        f"late entry in round {entry.first_round}"
                    )

    # --- look-ups -------------------------------------------------------------------------

    def player(self, player_id: PlayerId) -> Player:
        try:
            return self._by_id[player_id]
        except KeyError:
            raise KeyError(f"no player with id {player_id}") from None

    def has_player(self, player_id: PlayerId) -> bool:
        return player_id in self._by_id

    @property
    def player_ids(self) -> tuple[PlayerId, ...]:
        return tuple(p.id for p in self.players)

    @property
    def ranking_order(self) -> tuple[PlayerId, ...]:
        """Players in initial-ranking order."""
        if self.initial_ranking is not None:
            return self.initial_ranking
        return tuple(sorted(self._by_id))

    @property
    def rounds_played(self) -> int:
        return len(self.rounds)

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    def requested_bye(self, player_id: PlayerId, round_number: int) -> RequestedBye | None:
        for bye in self.requested_byes:
            if bye.player == player_id and bye.round == round_number:
                return bye
        return None

    def late_entry(self, player_id: PlayerId) -> LateEntry | None:
        """The player's late entry, or None if he was registered before round 1."""
        for entry in self.late_entries:
            if entry.player == player_id:
                return entry
        return None

    def entry_round(self, player_id: PlayerId) -> int:
        """The first round the player could be paired in (1 unless he entered late)."""
        entry = self.late_entry(player_id)
        return 1 if entry is None else entry.first_round

    def byes_requested_by(self, player_id: PlayerId) -> tuple[RequestedBye, ...]:
        """The full, half and zero-point byes the player asked for, by round.

        Both the byes of rounds already paired and those announced for later rounds count;
        the rounds a late entrant missed do not (their points were awarded, not requested).
        """
        kinds = (ByeKind.FULL_POINT, ByeKind.HALF_POINT, ByeKind.ZERO_POINT)
        first = self.entry_round(player_id)
        found: dict[int, ByeKind] = {}
        for bye in self.requested_byes:
            if bye.player == player_id and bye.kind in kinds and bye.round >= first:
                found[bye.round] = bye.kind
        for rnd in self.rounds[first - 1 :]:
            for paired_bye in rnd.byes:
                if paired_bye.player == player_id and paired_bye.kind in kinds:
                    found[rnd.number] = paired_bye.kind
        return tuple(RequestedBye(r, player_id, found[r]) for r in sorted(found))

    def withdrawn_before(self, player_id: PlayerId, round_number: int) -> bool:
        """True if the player has withdrawn with effect on or before this round."""
        return any(p == player_id and r <= round_number for p, r in self.withdrawals)

    def players_to_pair(self, round_number: int | None = None) -> tuple[PlayerId, ...]:
        """Players to be paired in a round (default: the next one), in initial-ranking order."""
        rnd = self.next_round if round_number is None else round_number
        return tuple(
            pid
            for pid in self.ranking_order
            if self.requested_bye(pid, rnd) is None and not self.withdrawn_before(pid, rnd)
        )

    def acceleration(self, player_id: PlayerId, round_number: int) -> int:
        """Virtual points (tenths) of a player in a round."""
        return sum(
            a.points
            for a in self.accelerations
            if a.player == player_id and a.round == round_number
        )

    def forbidden_pairs(self, round_number: int) -> frozenset[frozenset[PlayerId]]:
        """Every pair forbidden in that round."""
        pairs: set[frozenset[PlayerId]] = set()
        for rule in self.forbidden:
            if rule.applies_to(round_number):
                members = rule.players
                for i, a in enumerate(members):
                    for b in members[i + 1 :]:
                        if a != b:
                            pairs.add(frozenset((a, b)))
        return frozenset(pairs)

    # --- changes by copy ------------------------------------------------------------------

    def with_round(self, rnd: Round) -> Tournament:
        """A copy with one more round appended."""
        if rnd.number != self.next_round:
            raise ValueError(f"the next round is {self.next_round}, not {rnd.number}")
        return dataclasses.replace(self, rounds=(*self.rounds, rnd))

    def with_player(self, player: Player, missed: Iterable[ByeKind] | None = None) -> Tournament:
        """A copy with one more player; after round 1 is paired, a late entry.

        ``missed`` gives the bye awarded for each round already paired (zero, half or full
        point, see :data:`AWARDABLE_BYES`), default a zero-point bye for each.
        """
        return self.with_players((player,), missed)

    def with_players(
        self, players: Sequence[Player], missed: Iterable[ByeKind] | None = None
    ) -> Tournament:
        """A copy with more players, in order, as :meth:`with_player` adds each of them
        (the same ``missed`` byes for each), built in one copy: adding players one at a
        time copies and checks the whole event once per player."""
        taken = set(self._by_id)
        for player in players:
            if player.id in taken:
                raise ValueError(f"two players have the id {player.id}")
            taken.add(player.id)
        awarded = (ByeKind.ZERO_POINT,) * len(self.rounds) if missed is None else tuple(missed)
        if len(awarded) != len(self.rounds):
            who = (players[0].name or players[0].id) if len(players) == 1 else "these players"
            raise ValueError(
                f"{who} missed {len(self.rounds)} round(s): give the points "
                f"of each, not {len(awarded)}"
            )
        for kind in awarded:
            if kind not in AWARDABLE_BYES:
                raise ValueError(
                    f"a missed round can be a zero, half or full-point bye, not {kind}"
                )
        everyone = (*self.players, *players)
        if not self.rounds:
            return dataclasses.replace(self, players=everyone)
        rounds = tuple(
            dataclasses.replace(r, byes=(*r.byes, *(Bye(p.id, kind) for p in players)))
            for r, kind in zip(self.rounds, awarded, strict=True)
        )
        first_round = len(self.rounds) + 1
        entries = tuple(LateEntry(p.id, first_round) for p in players)
        ranking = (
            None
            if self.initial_ranking is None
            else (*self.initial_ranking, *(p.id for p in players))
        )
        return dataclasses.replace(
            self,
            players=everyone,
            rounds=rounds,
            late_entries=(*self.late_entries, *entries),
            initial_ranking=ranking,
        )

    def with_rounds(self, rounds: Iterable[Round]) -> Tournament:
        return dataclasses.replace(self, rounds=tuple(rounds))

    def before_round(self, round_number: int) -> Tournament:
        """The event as it stood before ``round_number`` was paired.

        Rounds before it are kept; of that round only the byes announced in advance remain
        (requested full, half and zero-point byes, absences), as requests.
        """
        if not 1 <= round_number <= len(self.rounds) + 1:
            raise ValueError(f"round {round_number} is outside 1..{len(self.rounds) + 1}")
        kept = self.rounds[: round_number - 1]
        requests = list(self.requested_byes)
        announced = {(b.round, b.player) for b in requests}
        if round_number <= len(self.rounds):
            requests.extend(
                RequestedBye(round_number, bye.player, bye.kind)
                for bye in self.rounds[round_number - 1].byes
                if bye.kind.requested and (round_number, bye.player) not in announced
            )
        return dataclasses.replace(self, rounds=kept, requested_byes=tuple(requests))

    def replace(self, **changes: object) -> Tournament:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]
