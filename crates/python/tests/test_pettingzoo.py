"""Issue 13: the PettingZoo AEC environments pass PettingZoo's own API and seed tests,
observe only the seat's view, and play Monjan's simultaneous edit turn blind."""

import json

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from fuda.pettingzoo import creature_clash_v0, mattsan_v0, monjan_v0, uzumajin_v0  # noqa: E402

MODULES = {
    "creature-clash": creature_clash_v0,
    "uzumajin": uzumajin_v0,
    "mattsan": mattsan_v0,
    "monjan": monjan_v0,
}
TABLES = [
    ("creature-clash", 2),
    ("creature-clash", 4),
    ("creature-clash", 6),
    ("uzumajin", 2),
    ("mattsan", 2),
    ("monjan", 2),
    ("monjan", 4),
]


@pytest.mark.parametrize("game,players", TABLES)
def test_api_test_passes(game, players):
    env = MODULES[game].env(num_players=players)
    api_test(env, num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("game", list(MODULES))
def test_seed_test_passes(game):
    seed_test(MODULES[game].env, num_cycles=50)


@pytest.mark.parametrize("game", list(MODULES))
def test_random_games_end_with_rewards(game):
    env = MODULES[game].env()
    for episode in range(3):
        env.reset(seed=episode)
        rng = np.random.default_rng(episode)
        totals = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            totals[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            assert json.loads(info["view"])  # the seat's view, as JSON text
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(rng.choice(legal)))
        values = sorted(totals.values())
        assert set(values) <= {-1.0, 1.0} and values[-1] == 1.0 or set(values) == {0.0}, totals


def test_an_illegal_action_ends_the_game_for_the_wrapped_env():
    env = uzumajin_v0.env()
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = env.agent_selection
    env.step(illegal)
    assert env.terminations[agent] and env.rewards[agent] == -1


def test_render_shows_the_spectators_board():
    env = mattsan_v0.env(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text


def test_observations_come_from_the_seats_view_only():
    """Two worlds a seat cannot tell apart give that seat the same observation."""
    env = creature_clash_v0.raw_env(num_players=3)
    env.reset(seed=3)
    game = env.game
    for seat in range(3):
        world = game.resample(seat, seed=9)
        assert world.observation(seat) == game.observation(seat)


def test_monjan_edit_turn_never_shows_pending_moves():
    """While several seats edit at once, one seat's moves leave the others' observations
    as they were (until it finishes, which is public)."""
    env = monjan_v0.raw_env(num_players=3)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    checked = 0
    for _ in range(2000):
        game = env.game
        if game.is_over():
            break
        to_act = game.to_act()
        if len(to_act) > 1:
            mover, others = to_act[0], to_act[1:]
            before = {s: game.observation(s) for s in others}
            env.step(int(rng.integers(game.num_legal(mover))))
            # While the same seats are editing (who has finished is public), the others
            # observe nothing of the mover's moves.
            if env.game.to_act() == to_act:
                for s in others:
                    assert env.game.observation(s) == before[s]
                    checked += 1
            continue
        env.step(int(rng.integers(game.num_legal())))
    assert checked > 0, "no simultaneous edit turn was played"
