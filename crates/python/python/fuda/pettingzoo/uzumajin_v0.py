"""The PettingZoo AEC environment of Uzumajin (``fuda.pettingzoo.env.FudaEnv``)."""

from .env import game_functions

env, raw_env = game_functions("uzumajin")
