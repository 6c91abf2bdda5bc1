"""Issue 13: the OpenSpiel games pass OpenSpiel's random simulation test, and OpenSpiel's
own ISMCTS bot plays a whole game of each."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import fuda.openspiel  # noqa: E402,F401  (registers the games)
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

NAMES = [
    "python_fuda_creature_clash",
    "python_fuda_uzumajin",
    "python_fuda_mattsan",
    "python_fuda_monjan",
]


def test_the_games_are_registered():
    registered = set(pyspiel.registered_names())
    assert set(NAMES) <= registered


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_passes(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("name,players", [("python_fuda_creature_clash", 4), ("python_fuda_monjan", 3)])
def test_random_sim_test_passes_at_larger_tables(name, players):
    game = pyspiel.load_game(name, {"players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_observations_and_information_states(name):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(20):
        if state.is_terminal():
            break
        player = state.current_player()
        tensor = np.array(state.observation_tensor(player))
        assert tensor.shape == tuple(game.observation_tensor_shape())
        assert state.information_state_string(player).endswith(state.observation_string(player))
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("name", NAMES)
def test_resampled_states_share_the_information_state(name):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(15):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    world = state.resample_from_infostate(player, sampler)
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_ismcts_plays_a_whole_game(name):
    game = pyspiel.load_game(name, {"seed": 3})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(0)
    )
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves <= game.max_game_length()
    returns = sorted(state.returns())
    assert set(returns) <= {-1.0, 1.0} and returns[-1] == 1.0 or set(returns) == {0.0}
