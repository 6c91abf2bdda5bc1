"""The four fuda games as OpenSpiel Python games, registered on import.

>>> import pyspiel, fuda.openspiel
>>> game = pyspiel.load_game("python_fuda_uzumajin")

Names: ``python_fuda_creature_clash``, ``python_fuda_uzumajin``, ``python_fuda_mattsan``,
``python_fuda_monjan``. Parameters: ``players`` (the table's size; the game's default
configuration's by default), ``seed`` (the deals'
generator) and ``config`` (JSON text merged over the game's default configuration).

- **Imperfect information, sequential.** Monjan's simultaneous edit turn is played seat by
  seat, lowest seat first; no seat's observation shows another's pending moves.
- **Chance is sampled** (``SAMPLED_STOCHASTIC``): the engines draw every shuffle and die
  from a generator inside the state, so a state and its clones play identically. Each
  ``new_initial_state()`` deals with the next seed of a generator seeded by ``seed``
  (OpenSpiel's ``clone()`` of a Python state calls it too, so clones advance it: the
  sequence of deals is reproducible for a given program, not across programs that clone
  differently).
- **Actions**: ``num_distinct_actions`` is the engine's bound on legal actions per decision
  for the configuration; action ``i`` is the acting seat's ``i``-th legal action in the
  engine's stable order.
- **Observations** come from the seat's view only: the observation string is the view's
  JSON, the observation tensor its numeric encoding; the information-state string adds a
  digest of every event the seat has been shown, so that it has perfect recall. A public
  observer (``private_info=NONE``) sees the spectator's view.
- **Returns**: +1 to each winner, -1 to each loser, 0 to all in a draw.
- ``resample_from_infostate`` draws a world the seat cannot tell apart from the real one
  (the engine's ``resample``), which is what OpenSpiel's ISMCTS bot asks for.
"""

import json

import numpy as np
import pyspiel

import fuda

#: The registered names, by fuda game name.
NAMES = {game: "python_fuda_" + game.replace("-", "_") for game in fuda.GAMES}

#: Table sizes each game allows.
_PLAYERS = {"creature-clash": (2, 6), "monjan": (2, 4), "uzumajin": (2, 2), "mattsan": (2, 2)}


def _game_type(game):
    low, high = _PLAYERS[game]
    return pyspiel.GameType(
        short_name=NAMES[game],
        long_name=f"fuda {game}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if high == 2
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": fuda.default_config(game)["num_players"],
            "seed": 0,
            "config": "{}",
        },
    )


class FudaGame(pyspiel.Game):
    """One fuda game under OpenSpiel (see the module's documentation)."""

    def __init__(self, game, params):
        params = dict(params or {})
        config = json.loads(params.get("config", "{}") or "{}")
        if not isinstance(config, dict):
            raise ValueError("the config parameter must be a JSON object")
        config["num_players"] = int(params["players"])
        self.fuda_game = game
        self.fuda_config = config
        probe = fuda.Game(game, config, seed=0)
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.max_legal_actions,
            max_chance_outcomes=0,
            num_players=probe.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            # Only the two-player games are declared zero-sum (OpenSpiel refuses a sum
            # for a general-sum game, even at a table where it holds).
            utility_sum=0.0 if _PLAYERS[game][1] == 2 else None,
            max_game_length=probe.max_game_length,
        )
        super().__init__(_game_type(game), info, params)
        self._seeds = np.random.default_rng(int(params.get("seed", 0)))

    def new_initial_state(self):
        seed = int(self._seeds.integers(0, 2**63))
        return FudaState(self, fuda.Game(self.fuda_game, self.fuda_config, seed, history=True))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return FudaObserver(self, iig_obs_type)


class FudaState(pyspiel.State):
    """A fuda game in progress; ``table`` is the ``fuda.Game`` that holds it."""

    def __init__(self, game, table):
        super().__init__(game)
        self.table = table

    def current_player(self):
        seat = self.table.current_seat()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player):
        return list(range(self.table.num_legal(player)))

    def _apply_action(self, action):
        self.table.apply(int(action))

    def _action_to_string(self, player, action):
        labels = self.table.legal_labels(player) if player >= 0 else []
        label = labels[action] if 0 <= action < len(labels) else "?"
        return f"{action}: {label}"

    def is_terminal(self):
        return self.table.is_over()

    def returns(self):
        return self.table.returns()

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state that ``player_id`` cannot tell apart from this one."""
        seed = int(probability_sampler() * 2**53)
        state = self.clone()
        state.table = self.table.resample(player_id, seed)
        return state

    def __str__(self):
        return self.table.render(None)


class FudaObserver:
    """Observations from one seat's view (``private_info=SINGLE_PLAYER``) or the
    spectator's (``NONE``); with perfect recall, the string adds the seat's history digest."""

    def __init__(self, game, iig_obs_type):
        obs = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if obs.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("fuda games have no observer that sees every seat's cards")
        self._public = obs.private_info == pyspiel.PrivateInfoType.NONE
        self._recall = obs.perfect_recall
        if self._recall:
            self.tensor = None
            self.dict = {}
        else:
            size = fuda.Game(game.fuda_game, game.fuda_config, seed=0).observation_len
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

    def _observer(self, player):
        return None if self._public else player

    def set_from(self, state, player):
        self.tensor[:] = np.frombuffer(
            state.table.observation(self._observer(player)), dtype=np.float32
        )

    def string_from(self, state, player):
        observer = self._observer(player)
        view = state.table.view_json(observer)
        if self._recall:
            return f"{state.table.history_digest(observer):016x} {view}"
        return view


def _game_class(game):
    """A subclass of FudaGame for one game: OpenSpiel registers a class (a closure would
    be released by OpenSpiel's registry after the interpreter is gone)."""

    def __init__(self, params=None):
        FudaGame.__init__(self, game, params)

    name = "Fuda" + "".join(part.title() for part in game.split("-")) + "Game"
    return type(name, (FudaGame,), {"__init__": __init__, "__doc__": f"fuda {game}."})


#: The registered game classes, by fuda game name.
CLASSES = {game: _game_class(game) for game in fuda.GAMES}

for _game, _class in CLASSES.items():
    pyspiel.register_game(_game_type(_game), _class)
