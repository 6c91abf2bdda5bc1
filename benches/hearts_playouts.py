#!/usr/bin/env python3
"""OpenSpiel's C++ random playouts of one game, timed: ns per player decision.

Whole games run inside C++ (`pyspiel.evaluate_bots` with uniform random bots), so Python
is entered once per game; the decisions per game are counted on Python-driven playouts of
the same policy. Prints one line: `GAME ns_per_decision=N games_per_s=G decisions_per_game=D`.
Used by benches/compare.sh; needs a Python with `pip install open_spiel`.

With `--games N` nothing is timed: N games are played through `pyspiel.evaluate_bots`
and the line reads `GAME games=N decisions_per_game=D`, for counting the instructions of
`open_spiel::EvaluateBots` with callgrind (benches/instructions.sh).
"""
import argparse
import random
import statistics
import time

import pyspiel


def decisions_per_game(game, games, seed):
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
    return decisions / games


def games_per_second(game, seconds, seed):
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    played, start = 0, time.perf_counter()
    while True:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + played)
        played += 1
        if played % 16 == 0 and time.perf_counter() - start >= seconds:
            return played / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="hearts")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--games", type=int, help="play this many games, untimed")
    args = parser.parse_args()
    game = pyspiel.load_game(args.game)
    per_game = decisions_per_game(game, 300, 7)
    if args.games is not None:
        bots = [pyspiel.make_uniform_random_bot(p, 5000 + p) for p in range(game.num_players())]
        for g in range(args.games):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, 5000 + g)
        print(f"{args.game} games={args.games} decisions_per_game={per_game:.1f}")
        return
    rate = statistics.median(
        games_per_second(game, args.seconds, 5000 + 97 * r) for r in range(args.reps)
    )
    print(
        f"{args.game} ns_per_decision={1e9 / (rate * per_game):.1f} "
        f"games_per_s={rate:.0f} decisions_per_game={per_game:.1f}"
    )


if __name__ == "__main__":
    main()
