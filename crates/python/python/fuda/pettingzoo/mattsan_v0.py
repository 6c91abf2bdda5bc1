"""The PettingZoo AEC environment of the Mattsan Card Game (``fuda.pettingzoo.env.FudaEnv``)."""

from .env import game_functions

env, raw_env = game_functions("mattsan")
