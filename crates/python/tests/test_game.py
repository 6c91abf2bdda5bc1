"""Issue 13: the ``fuda.Game`` class over every engine: creation, legal actions, refusals
that change nothing, views, events, observations, JSON and pickle round trips,
resampling and bots."""

import copy
import json
import pickle

import numpy as np
import pytest
from conftest import play_random

import fuda

PLAYER_COUNTS = {"creature-clash": [2, 4, 6], "monjan": [2, 3, 4], "uzumajin": [2], "mattsan": [2]}


def test_games_are_the_four_engines():
    assert sorted(fuda.GAMES) == ["creature-clash", "mattsan", "monjan", "uzumajin"]


def test_default_config_is_a_dict_with_a_player_count(name):
    config = fuda.default_config(name)
    assert config["num_players"] in PLAYER_COUNTS[name]
    game = fuda.Game(name, config, seed=3)
    assert game.config() == config


def test_config_as_json_text_or_dict_gives_the_same_game(name):
    a = fuda.Game(name, {"num_players": 2}, seed=5)
    b = fuda.Game(name, json.dumps({"num_players": 2}), seed=5)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("bad", [{"num_players": 9}, {"no_such_field": 1}, "not json"])
def test_a_bad_configuration_is_a_typed_error(name, bad):
    with pytest.raises(fuda.FudaError) as e:
        fuda.Game(name, bad)
    assert e.value.kind == "invalid_config"


def test_an_unknown_game_is_a_typed_error():
    with pytest.raises(fuda.FudaError) as e:
        fuda.Game("chess")
    assert e.value.kind == "unknown_game"
    assert "creature-clash" in str(e.value)


def test_every_table_size_plays_to_the_end(name, rng):
    for players in PLAYER_COUNTS[name]:
        game = fuda.Game(name, {"num_players": players}, seed=players)
        assert game.num_seats == players
        steps = play_random(game, rng)
        assert game.is_over(), f"{name} with {players} players did not end in {steps} steps"
        assert steps <= game.max_game_length
        returns = game.returns()
        assert len(returns) == players and set(returns) <= {-1.0, 0.0, 1.0}
        outcome = game.outcome()
        assert outcome == "draw" or all(returns[s] == 1.0 for s in outcome["winners"])
        assert game.current_seat() is None and game.to_act() == []


def test_legal_actions_dicts_labels_and_mask_agree(name, rng):
    game = fuda.Game(name, seed=11)
    for _ in range(60):
        if game.is_over():
            break
        seat = game.current_seat()
        actions = game.legal_actions()
        labels = game.legal_labels()
        assert len(actions) == len(labels) == game.num_legal() >= 1
        assert len(actions) <= game.max_legal_actions
        mask = np.frombuffer(game.action_mask(seat), dtype=np.int8)
        assert mask.shape == (game.max_legal_actions,)
        assert mask.sum() == len(actions) and mask[: len(actions)].all()
        # An action given by value is the same move as its index.
        i = rng.randrange(len(actions))
        by_value = game.clone()
        by_value.apply(actions[i])
        game.apply(i, seat=seat)
        assert by_value.to_json() == game.to_json()


def test_legal_lists_follow_the_state(name, rng):
    """The table lists each seat's legal actions once per state: after every kind of change
    (an index, a value, a refusal, a resample) the lists are those of the state itself."""

    def lists(g):
        return [(g.num_legal(s), g.legal_actions(s)) for s in range(g.num_seats)]

    game = fuda.Game(name, seed=12)
    for step in range(80):
        if game.is_over():
            break
        before = lists(game)  # listed (and kept) before the change
        seat = game.current_seat()
        with pytest.raises(fuda.FudaError):
            game.apply(game.num_legal(seat), seat=seat)
        assert lists(game) == before
        if step % 2:
            game.apply(rng.randrange(game.num_legal(seat)), seat=seat)
        else:
            game.apply(rng.choice(game.legal_actions(seat)))
        fresh = fuda.Game.from_json(name, game.to_json())
        assert lists(game) == lists(fresh)
        world = game.resample(0, step)
        assert lists(world) == lists(fuda.Game.from_json(name, world.to_json()))


def refused(game, action, kind, **kw):
    before = game.to_json()
    with pytest.raises(fuda.FudaError) as e:
        game.apply(action, **kw)
    assert e.value.kind == kind, str(e.value)
    assert game.to_json() == before, "a refused action changed the game"


def test_refusals_are_typed_and_change_nothing(name):
    game = fuda.Game(name, seed=2)
    seat = game.current_seat()
    refused(game, game.num_legal(), "invalid_index")
    refused(game, -1, "invalid_index")
    refused(game, {"seat": seat, "choice": "no_such_choice"}, "malformed")
    refused(game, "{not json", "malformed")
    action = game.legal_actions()[0]
    other = (seat + 1) % game.num_seats
    if other not in game.to_act():
        refused(game, action, "wrong_seat", seat=other)
        refused(game, 0, "invalid_index", seat=other)
    refused(game, 0, "invalid_observer", seat=7)
    with pytest.raises(fuda.FudaError) as e:
        game.view(9)
    assert e.value.kind == "invalid_observer"


def test_an_unlisted_action_is_refused_unchanged(name, rng):
    """An action that was legal earlier in the game but is not listed now."""
    game = fuda.Game(name, seed=4)
    earlier = game.legal_actions()
    for _ in range(500):
        play_random(game, rng, limit=1)
        if game.is_over():
            pytest.fail("the game ended before an earlier action became illegal")
        stale = [a for a in earlier if a not in game.legal_actions(a["seat"])]
        if stale:
            refused(game, stale[0], "illegal_action")
            return


def test_views_hide_and_the_spectator_sees_least(name, rng):
    game = fuda.Game(name, seed=8)
    play_random(game, rng, limit=10)
    spectator = game.view(None)
    seats = [game.view(s) for s in range(game.num_seats)]
    assert all(isinstance(v, dict) for v in seats + [spectator])
    assert seats[0] != seats[1] or game.is_over()
    assert json.loads(game.view_json(0)) == seats[0]
    assert isinstance(game.render(0), str) and game.render(None)


def test_last_events_are_redacted_per_observer(name, rng):
    game = fuda.Game(name, seed=9)
    seen, differ = 0, False
    for _ in range(40):
        if game.is_over():
            break
        actor = game.current_seat()
        game.apply(rng.randrange(game.num_legal()))
        mine = game.last_events(actor)
        assert all(isinstance(e, dict) for e in mine)
        seen += len(mine)
        # Something private happens (a card drawn, a move kept secret): the seat is told
        # what the spectator is not.
        differ = differ or mine != game.last_events(None)
    assert seen > 0, "forty actions emitted no event"
    assert differ, "every event was told alike to the actor and to the spectator"


def test_observations_have_a_fixed_length_and_are_finite(name, rng):
    game = fuda.Game(name, {"num_players": PLAYER_COUNTS[name][-1]}, seed=12)
    for _ in range(200):
        if game.is_over():
            break
        for observer in [None, *range(game.num_seats)]:
            obs = np.frombuffer(game.observation(observer), dtype=np.float32)
            assert obs.shape == (game.observation_len,)
            assert np.isfinite(obs).all()
        game.apply(rng.randrange(game.num_legal()))


def test_state_json_and_pickle_round_trips(name, rng):
    game = fuda.Game(name, seed=13, history=True)
    play_random(game, rng, limit=25)
    back = fuda.Game.from_json(name, game.to_json())
    assert back.to_json() == game.to_json()
    if not game.is_over():
        assert back.legal_actions() == game.legal_actions()
    for copied in [pickle.loads(pickle.dumps(game)), copy.deepcopy(game), game.clone()]:
        assert copied.to_json() == game.to_json()
        assert copied.history_digest(0) == game.history_digest(0)
    with pytest.raises(fuda.FudaError) as e:
        fuda.Game.from_json(name, '{"not": "a state"}')
    assert e.value.kind == "invalid_state"


def test_a_clone_is_independent(name):
    game = fuda.Game(name, seed=14)
    before = game.to_json()
    clone = game.clone()
    clone.apply(0)
    assert game.to_json() == before != clone.to_json()


def test_resample_keeps_the_observers_view(name, rng):
    game = fuda.Game(name, seed=15, history=True)
    play_random(game, rng, limit=20)
    for seat in range(game.num_seats):
        for seed in range(3):
            world = game.resample(seat, seed)
            assert world.view(seat) == game.view(seat)
            assert world.history_digest(seat) == game.history_digest(seat)
            assert world.observation(seat) == game.observation(seat)


def test_history_digest_tells_histories_apart(name):
    game = fuda.Game(name, seed=16, history=True)
    start = game.history_digest(0)
    game.apply(0)
    assert game.history_digest(0) != start
    assert fuda.Game(name, seed=16).history_digest(0) is None


def test_bots_choose_legal_actions(name):
    game = fuda.Game(name, seed=17)
    for bot in ["random", "greedy", "ismcts:30"]:
        index = game.bot_action(bot=bot, seed=1)
        assert 0 <= index < game.num_legal()
    with pytest.raises(fuda.FudaError) as e:
        game.bot_action(bot="ismcts:lots")
    assert e.value.kind == "invalid_bot"


def test_a_bot_game_to_the_end(name):
    game = fuda.Game(name, seed=18)
    steps = 0
    while not game.is_over():
        game.apply(game.bot_action(bot="greedy", seed=steps))
        steps += 1
    assert steps <= game.max_game_length


def test_positions_open_a_game(name):
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[3]
    position = (root / "docs" / "positions" / f"{name}.json").read_text()
    game = fuda.Game.from_position(name, position)
    assert not game.is_over() and game.num_legal() >= 1
    with pytest.raises(fuda.FudaError) as e:
        fuda.Game.from_position(name, {"nonsense": True})
    assert e.value.kind == "invalid_position"


def test_cards_have_rules_text(name):
    cards = fuda.Game(name).cards()
    assert cards and all({"key", "name", "kind", "text", "ids"} <= set(c) for c in cards)


def test_repr_names_the_game(name):
    assert name in repr(fuda.Game(name))
