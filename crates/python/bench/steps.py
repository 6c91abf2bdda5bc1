#!/usr/bin/env python3
"""Steps per second from Python, random legal actions, every game and two peers, in one run.

- fuda PettingZoo: the AEC loop (``agent_iter``, ``last``, ``step``) of each game's raw
  environment (``raw_env``), choosing uniformly among the masked actions;
- fuda direct: ``fuda.Game.apply(random index)`` in a loop (no observation built);
- OpenSpiel hearts, Python-driven: ``state.legal_actions()`` and ``apply_action`` per
  transition (chance included), when ``open_spiel`` is installed;
- RLCard's Uno, raw: ``env.step`` with a random legal action, when ``rlcard`` is installed.

Prints one line per loop: microseconds per step and steps per second (the median of
``--reps`` runs of ``--seconds`` each).
Usage: steps.py [--seconds 2] [--reps 3]
"""
import argparse
import random
import statistics
import time

import numpy as np

import fuda
from fuda.pettingzoo import creature_clash_v0, mattsan_v0, monjan_v0, uzumajin_v0

TABLES = [
    ("creature-clash", creature_clash_v0, 2),
    ("creature-clash", creature_clash_v0, 4),
    ("uzumajin", uzumajin_v0, 2),
    ("mattsan", mattsan_v0, 2),
    ("monjan", monjan_v0, 2),
]


def timed(loop, seconds, reps):
    """The median steps per second of `reps` runs of `loop(seconds) -> (steps, elapsed)`."""
    return statistics.median(s / t for s, t in (loop(seconds) for _ in range(reps)))


def pettingzoo_loop(module, players):
    def loop(seconds):
        env = module.raw_env(num_players=players)
        rng = np.random.default_rng(0)
        steps, episode, t0 = 0, 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            env.reset(seed=episode)
            episode += 1
            for _agent in env.agent_iter():
                obs, _reward, termination, truncation, _info = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
        return steps, time.perf_counter() - t0

    return loop


def direct_loop(name, players):
    def loop(seconds):
        rng = random.Random(0)
        steps, seed, t0 = 0, 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            game = fuda.Game(name, {"num_players": players}, seed=seed)
            seed += 1
            while not game.is_over():
                game.apply(rng.randrange(game.num_legal()))
                steps += 1
        return steps, time.perf_counter() - t0

    return loop


def hearts_loop(seconds):
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(0)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.perf_counter() - t0


def uno_loop(seconds):
    import rlcard

    env = rlcard.make("uno", config={"seed": 0})
    rng = random.Random(0)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state, _player = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.perf_counter() - t0


def report(label, per_s):
    print(f"{label:36} {1e6 / per_s:8.2f} us/step {per_s:12,.0f} steps/s", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args()
    for name, module, players in TABLES:
        report(f"fuda pettingzoo {name} {players}p", timed(pettingzoo_loop(module, players), a.seconds, a.reps))
        report(f"fuda direct {name} {players}p", timed(direct_loop(name, players), a.seconds, a.reps))
    for label, loop, module in [
        ("openspiel hearts (python-driven)", hearts_loop, "pyspiel"),
        ("rlcard uno (raw env.step)", uno_loop, "rlcard"),
    ]:
        try:
            __import__(module)
        except ImportError:
            print(f"{label:36} skipped: {module} is not installed")
            continue
        report(label, timed(loop, a.seconds, a.reps))


if __name__ == "__main__":
    main()
