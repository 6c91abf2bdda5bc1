"""One PettingZoo AEC environment class for every fuda game.

- **Agents** are ``player_0`` ... ``player_{n-1}``, seat ``i`` of the engine being
  ``player_i``. ``agent_selection`` is the first seat to act. Monjan's simultaneous edit
  turn is played as sequential steps, lowest seat first: no observation shows another
  seat's pending moves, because observations are built from the seat's own view.
- **Actions**: ``Discrete(max_legal_actions)``. Action ``i`` is the acting seat's
  ``i``-th legal action in the engine's stable order (the order of the action type, which
  depends only on what the seat knows). ``max_legal_actions`` is a bound derived from the
  rules for the configuration, so every legal action has an index; the observation's
  ``action_mask`` marks the indices that are legal now.
- **Observations**: ``{"observation": float32[observation_len], "action_mask":
  int8[max_legal_actions]}``. ``observation`` encodes the agent's view only (the layout is
  documented in each game crate's ``encoding`` module); the view itself, as JSON text, is
  in ``infos[agent]["view"]``, refreshed for the agent to act after every step and for
  every agent when the game ends.
- **Rewards** come at the end: +1 to each winner, -1 to each loser, 0 to all in a draw.
  Every game ends by the engine's own length bound, so nothing is truncated.
- ``render()`` gives the board as a spectator sees it (``render_mode="ansi"`` returns the
  text, ``"human"`` prints it).
"""

import functools

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import fuda


class FudaEnv(AECEnv):
    """A fuda game as a PettingZoo AEC environment (see the module's documentation)."""

    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, game, render_mode=None, **config):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game_name = game
        self.config = dict(config)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"fuda_{game.replace('-', '_')}_v0")
        # A first game, to learn the table's size and the spaces (they depend on the
        # configuration only); a bad configuration is refused here.
        self.game = fuda.Game(game, self.config, seed=0)
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_seats)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._num_actions = self.game.max_legal_actions
        self._observation_len = self.game.observation_len
        self._rng = np.random.default_rng()

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent):
        return spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, (self._observation_len,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self._num_actions,), dtype=np.int8),
            }
        )

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent):
        return spaces.Discrete(self._num_actions)

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(0, 2**63))
        self.game = fuda.Game(self.game_name, self.config, seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        return {
            "observation": np.frombuffer(self.game.observation(seat), dtype=np.float32),
            "action_mask": np.frombuffer(self.game.action_mask(seat), dtype=np.int8),
        }

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(int(action), seat=self.agent_name_mapping[agent])
        if self.game.is_over():
            for a, r in zip(self.agents, self.game.returns()):
                self.rewards[a] = r
                self.terminations[a] = True
                self.infos[a] = {"view": self.game.view_json(self.agent_name_mapping[a])}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _select(self):
        """Selects the first seat to act and refreshes its view in ``infos``."""
        seat = self.game.current_seat()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            self.infos[self.agent_selection] = {"view": self.game.view_json(seat)}
        elif self.agents:
            # The game is over: PettingZoo steps every agent out in turn.
            self.agent_selection = self.agents[0]

    def render(self):
        if self.render_mode is None:
            return None
        text = self.game.render(None)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        pass


def wrapped(env):
    """``env`` inside PettingZoo's usual wrappers for board and card games."""
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def game_functions(game):
    """The ``env`` and ``raw_env`` functions of one game's module."""

    def raw_env(render_mode=None, **config):
        return FudaEnv(game, render_mode=render_mode, **config)

    def env(render_mode=None, **config):
        return wrapped(raw_env(render_mode=render_mode, **config))

    raw_env.__doc__ = f"The {game} environment without PettingZoo's wrappers."
    env.__doc__ = (
        f"The {game} environment in PettingZoo's usual wrappers (an illegal action ends "
        "the game with reward -1 for the agent that tried it)."
    )
    return env, raw_env
