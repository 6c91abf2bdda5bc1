"""Shared fixtures: every game, and a few random games played to the end."""

import random

import pytest

import fuda


@pytest.fixture(params=fuda.GAMES)
def name(request):
    """Each game's name in turn."""
    return request.param


def play_random(game, rng, limit=100_000):
    """Plays random legal actions (by index) until the game ends; returns the steps."""
    steps = 0
    while not game.is_over() and steps < limit:
        game.apply(rng.randrange(game.num_legal()))
        steps += 1
    return steps


@pytest.fixture
def rng():
    return random.Random(1)
