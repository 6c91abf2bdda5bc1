"""The PettingZoo AEC environment of Monjan Colosseum (``fuda.pettingzoo.env.FudaEnv``)."""

from .env import game_functions

env, raw_env = game_functions("monjan")
