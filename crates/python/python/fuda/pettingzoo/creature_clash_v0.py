"""The PettingZoo AEC environment of Creature Clash! (``fuda.pettingzoo.env.FudaEnv``)."""

from .env import game_functions

env, raw_env = game_functions("creature-clash")
