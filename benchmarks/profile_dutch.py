"""Measure where the Dutch engine spends its time on one middle round (see NOTES.md).

    PYTHONPATH=src python benchmarks/profile_dutch.py generate 600 /tmp/event600.trf
    PYTHONPATH=src python benchmarks/profile_dutch.py plain    /tmp/event600.trf
    PYTHONPATH=src python benchmarks/profile_dutch.py count    /tmp/event600.trf
    PYTHONPATH=src python benchmarks/profile_dutch.py cprofile /tmp/event600.trf
    ODD=1 PYTHONPATH=src python benchmarks/profile_dutch.py count /tmp/event600.trf

``generate`` pairs rounds 1-4 with the generator settings of bench_dutch.py (seed 2026) and
saves the event as TRF, so that the slow history is built once. The other modes pair round 5
of the saved event: ``plain`` times it, ``count`` wraps engine and matcher methods at run
time (nothing in src/ is changed) to count solves, stages, roots and edges per bracket step,
``cprofile`` runs it under cProfile. ``ODD=k`` adds zero-point byes for the k lowest players
so that the bye pre-pass runs. The counters cost ~10-20 % CPU; take times from ``plain``.
``count`` wraps the pure-Python matcher's internals, so it runs with FAIRPAIR_MATCHER=python;
the other modes use the default matcher (the compiled core when built).
"""

from __future__ import annotations

import cProfile
import hashlib
import inspect
import os
import pstats
import random
import resource
import sys
import time
from collections import defaultdict

from fairpair.core import ByeKind, RequestedBye
from fairpair.formats.trf import read_trf, write_trf
from fairpair.matching import blossom, default_backend
from fairpair.pairing.dutch import DutchRound, pair_dutch
from fairpair.pairing.generator import GeneratorConfig, generate
from fairpair.pairing.matcher import sparse_matcher
from fairpair.pairing.swiss.view import swiss_round


def make_event(players: int, path: str) -> None:
    config = GeneratorConfig(
        players=players, rounds=4, forfeit_rate=50, retired_rate=300, half_point_bye_rate=80
    )
    cpu = time.process_time()
    event = generate(config, random.Random(2026), pair_dutch, name=f"bench {players}")
    with open(path, "w") as out:
        out.write(write_trf(event.replace(total_rounds=9)))
    print(f"{players} players, 4 rounds generated in {time.process_time() - cpu:.1f} s CPU")


def step_lines() -> dict[int, str]:
    """Source line of each solve call in dutch.py -> the bracket step (spec §9.5) it serves."""
    names = {
        "_bracket": ["s0 bracket set-up"],
        "_choose_paired_movers": ["s1 choose MDPs"],
        "_pair_movers": ["s2 pair MDPs"],
        "_pair_remainder": ["s4 exchanges", "s5 S1->S2", "s6 S2->S1", "s7 transpositions"],
    }
    lines: dict[int, str] = {}
    for method, steps in names.items():
        source, first = inspect.getsourcelines(getattr(DutchRound, method))
        found = [
            first + k
            for k, text in enumerate(source)
            if "self.solve(" in text or "self._solve_unless_best(" in text
        ]
        assert len(found) == len(steps), (method, found)
        lines.update(zip(found, steps, strict=True))
    return lines


def instrument() -> dict:
    """Wrap matcher and engine methods; returns the dict the counters are collected in."""
    lines = step_lines()
    cur: dict = {"key": "prepass", "bracket": None}
    data: dict = {
        "kinds": defaultdict(int),
        "steps": defaultdict(lambda: [0, 0.0, 0, 0, 0, 0, 0]),
        "per_bracket": [],
        "bracket_solve": defaultdict(float),
        "edges": [],
        "max_edges": 0,
        "max_bits": 0,
        "funcs": defaultdict(float),
    }
    # The counters wrap the Python core's internals: make the engine use it.
    os.environ["FAIRPAIR_MATCHER"] = "python"
    M = blossom.PythonMatcher

    def wrap_stage(orig):
        def stage(self, roots):
            rec = data["steps"][cur["key"]]
            rec[4] += 1
            rec[5] += len(roots)
            return orig(self, roots)

        return stage

    def wrap_assign(orig):
        def assign(self, v, label, p):
            data["steps"][cur["key"]][6] += 1
            return orig(self, v, label, p)

        return assign

    def wrap_run(orig):
        def run(self, candidates):
            candidates = list(candidates)
            data["steps"][cur["key"]][3] += sum(
                1 for v in candidates if self._mate[v] == -1 and self._dual[v] > 0
            )
            return orig(self, candidates)

        return run

    def wrap_solve(orig):
        def solve(self, *, warm=None):
            changed = len(self._changed)
            if warm is False:
                data["kinds"]["from scratch (forced)"] += 1
            elif not changed:
                data["kinds"]["warm, nothing changed"] += 1
            elif warm is None and len(self._cover_changed_edges()) * blossom._WARM_LIMIT > self._n:
                data["kinds"]["from scratch (size rule)"] += 1
            else:
                data["kinds"]["warm repair"] += 1
            cpu = time.process_time()
            orig(self, warm=warm)
            cpu = time.process_time() - cpu
            rec = data["steps"][cur["key"]]
            rec[0] += 1
            rec[1] += cpu
            rec[2] += changed
            data["bracket_solve"][(cur["bracket"], cur["key"][:2])] += cpu

        return solve

    def wrap_dsolve(orig):
        def dsolve(self, **options):
            frame = sys._getframe(1)
            if frame.f_code.co_name == "_solve_unless_best":
                frame = frame.f_back
            cur["key"] = lines.get(frame.f_lineno, f"line {frame.f_lineno}")
            adj = self.matcher._adj
            data["max_edges"] = max(data["max_edges"], sum(len(r) for r in adj) // 2)
            if cur["key"].startswith("s0"):
                bits = max((w.bit_length() for r in adj for w in r.values()), default=0)
                data["max_bits"] = max(data["max_bits"], bits)
                order = cur["order"]
                inside = cross = outside = 0
                frozen = self.frozen
                for u, row in enumerate(adj):
                    for v in row:
                        if u < v and not (frozen[u] and frozen[v]):
                            a, b = u in order, v in order
                            if a and b:
                                inside += 1
                            elif a or b:
                                cross += 1
                            else:
                                outside += 1
                live = self.n - sum(frozen)
                data["edges"].append((cur["bracket"], live, len(order), inside, cross, outside))
            return orig(self, **options)

        return dsolve

    def wrap_timed(name, orig):
        def timed(self, *args):
            cpu = time.process_time()
            try:
                return orig(self, *args)
            finally:
                data["funcs"][name] += time.process_time() - cpu

        return timed

    def wrap_bracket(orig):
        def bracket(self, movers, residents, below):
            cur["bracket"] = len(data["per_bracket"])
            cur["order"] = {*movers, *residents, *below}
            cpu = time.process_time()
            try:
                return orig(self, movers, residents, below)
            finally:
                size = (len(movers), len(residents), len(below))
                data["per_bracket"].append((size, time.process_time() - cpu))

        return bracket

    M._stage = wrap_stage(M._stage)
    M._assign_label = wrap_assign(M._assign_label)
    M._run_stages = wrap_run(M._run_stages)
    M.solve = wrap_solve(M.solve)
    DutchRound.solve = wrap_dsolve(DutchRound.solve)
    for name in (
        "_bye_prepass",
        "_choose_paired_movers",
        "_pair_movers",
        "_pair_remainder",
        "freeze",
        "_result",
    ):
        setattr(DutchRound, name, wrap_timed(name, getattr(DutchRound, name)))
    DutchRound._bracket = wrap_bracket(DutchRound._bracket)
    return data


def report(data: dict, engine: DutchRound) -> None:
    n = engine.n
    print("solves:", dict(data["kinds"]))
    print(
        f"max live edges {data['max_edges']} (complete graph {n * (n - 1) // 2}); "
        f"max weight bit length {data['max_bits']}; score_width {engine.score_width}, "
        f"count_width {engine.count_width}"
    )
    print(
        f"{'step':22s} {'solves':>6s} {'matcher CPU':>11s} {'changed':>8s} {'roots':>6s} "
        f"{'stages':>6s} {'roots summed over stages':>24s} {'labels':>7s}"
    )
    for key in sorted(data["steps"]):
        s, cpu, changed, roots, stages, rsum, labels = data["steps"][key]
        print(
            f"{key:22s} {s:6d} {cpu:11.2f} {changed:8d} {roots:6d} {stages:6d} {rsum:24d} "
            f"{labels:7d}"
        )
    print(f"matcher CPU total {sum(r[1] for r in data['steps'].values()):.2f} s")
    for name, cpu in data["funcs"].items():
        print(f"  {name:22s} inclusive CPU {cpu:.2f} s")
    for i, (size, cpu) in enumerate(data["per_bracket"]):
        bs = data["bracket_solve"]
        print(
            f"bracket {i}: (movers, residents, below) {size} CPU {cpu:.2f} s; matcher in "
            f"s0 {bs[(i, 's0')]:.2f}, s4 {bs[(i, 's4')]:.2f}, s7 {bs[(i, 's7')]:.2f}"
        )
    print(
        "at each s0 solve: (bracket, live vertices, |movers+residents+below| = B, edges in B, "
        "edges B-to-far-below, edges among far-below; settled pairs excluded)"
    )
    for row in data["edges"]:
        print("  ", row)


def main(argv: list[str]) -> None:
    mode = argv[0]
    if mode == "generate":
        make_event(int(argv[1]), argv[2])
        return
    event = read_trf(argv[1]).tournament()
    odd = int(os.environ.get("ODD", "0"))
    if odd:
        lowest = swiss_round(event).players[-odd:]
        extra = tuple(RequestedBye(5, p.id, ByeKind.ZERO_POINT) for p in lowest)
        event = event.replace(requested_byes=(*event.requested_byes, *extra))
    view = swiss_round(event)
    data = instrument() if mode == "count" else None
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cpu, wall = time.process_time(), time.perf_counter()
    engine = DutchRound(view, sparse_matcher)
    profile = cProfile.Profile() if mode == "cprofile" else None
    if profile:
        profile.enable()
    pairing = engine.pair()
    if profile:
        profile.disable()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    digest = hashlib.sha1(repr((pairing.boards, pairing.bye)).encode()).hexdigest()[:12]
    print(
        f"n={engine.n} round {pairing.round} [{mode}] CPU {cpu:.2f} s, wall {wall:.2f} s, "
        f"peak RSS {rss:.0f} MiB ({rss_before:.0f} before pairing), "
        f"solves {engine.solves} + {engine.prepass_solves} pre-pass, "
        f"pairing {digest}, matcher {os.environ.get('FAIRPAIR_MATCHER') or default_backend()}"
    )
    if data is not None:
        report(data, engine)
    if profile:
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats(30)
        stats.sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    main(sys.argv[1:])
