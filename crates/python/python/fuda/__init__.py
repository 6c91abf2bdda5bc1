"""fuda: rules engines for four Japanese card games (Creature Clash!, Uzumajin, Mattsan,
Monjan Colosseum), from Rust.

>>> import fuda
>>> game = fuda.Game("uzumajin", seed=7)
>>> game.apply(0)                      # the first seat's first legal action
>>> game.view(0)["seat"]               # what seat 0 may see, as a dict
0

``fuda.Game`` plays every game; ``fuda.pettingzoo`` holds PettingZoo AEC environments and
``fuda.openspiel`` registers OpenSpiel games (each imports its library on demand). See
docs/python.md in the repository.
"""

from ._fuda import GAMES, FudaError, Game, default_config

__all__ = ["GAMES", "FudaError", "Game", "default_config"]
