"""Bad input never gets in: one rule for actions in every env, checked env options."""

from __future__ import annotations

import json
import math

import gymnasium
import numpy as np
import pytest

import digsite
from digsite import mykerinos_v1
from digsite.core.engine import ConfigError
from digsite.envs.registry import ENVIRONMENTS, make_game

NOT_ACTIONS = [True, np.bool_(True), 1.0, 87.0, 1.5, math.nan, math.inf, "1", [1], np.array([1])]
"""Values that are not actions: bools, floats (even whole ones), strings, lists, arrays of
one element.  An action is a Python or numpy integer, or a 0-d integer array."""


@pytest.mark.parametrize("bad", NOT_ACTIONS, ids=repr)
def test_the_aec_env_refuses_what_is_not_an_action_and_changes_nothing(bad):
    env = mykerinos_v1.env(num_players=3)
    env.reset(seed=0)
    before = env.unwrapped.game_state.to_dict()
    with pytest.raises(ValueError, match="an action is an integer 0..97"):
        env.step(bad)
    assert env.unwrapped.game_state.to_dict() == before and env.num_steps == 0


def test_numpy_integers_and_0d_arrays_are_actions():
    legal = mykerinos_v1.env(num_players=3)
    legal.reset(seed=0)
    action = int(np.flatnonzero(legal.last()[0]["action_mask"])[0])
    for form in (np.int64(action), np.int32(action), np.array(action), np.uint8(action)):
        env = mykerinos_v1.env(num_players=3)
        env.reset(seed=0)
        env.step(form)
        assert env.num_steps == 1


@pytest.mark.parametrize("bad", [None, "abc", *NOT_ACTIONS], ids=repr)
def test_the_single_seat_env_ends_the_episode_on_what_is_not_an_action(bad):
    env = digsite.single_seat_env("mykerinos", num_players=2, seat=0)
    env.reset(seed=0)
    before = env.game_state.to_dict()
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-1.0, True, False) and info["illegal_action"]
    assert env.game_state.to_dict() == before


def test_the_single_seat_env_plays_a_random_legal_action_instead_when_asked():
    env = digsite.single_seat_env("mykerinos", num_players=2, seat=0, illegal_action="random")
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(3.5)
    assert info["illegal_action"] and not terminated and reward == 0.0


@pytest.mark.parametrize("bad", [None, "abc", *NOT_ACTIONS], ids=repr)
def test_the_solo_envs_answer_what_is_not_an_action_as_documented(bad):
    for env_id in digsite.envs.registry.SOLO_GYM_IDS:
        env = gymnasium.make(env_id).unwrapped
        env.reset(seed=0)
        _, _, terminated, _, info = env.step(bad)
        assert terminated and info["illegal_action"]


@pytest.mark.parametrize("seat", [1.5, True, -1, 2, "0"], ids=repr)
def test_a_bad_seat_is_refused_at_once(seat):
    with pytest.raises(ConfigError, match="seat"):
        digsite.single_seat_env("mykerinos", num_players=2, seat=seat)


def test_a_numpy_seat_is_a_seat():
    env = digsite.single_seat_env("mykerinos", num_players=2, seat=np.int64(1))
    assert env.reset(seed=0)[1]["seat"] == 1 and type(env.seat) is int


@pytest.mark.parametrize("opponents", [42, "smart", [None, None], ["random", 7]], ids=repr)
def test_bad_opponents_are_refused_at_once(opponents):
    with pytest.raises(ConfigError, match="opponent"):
        digsite.single_seat_env("mykerinos", num_players=2, opponents=opponents)


@pytest.mark.parametrize("max_cycles", ["10", 0, -5, 2.5, True], ids=repr)
def test_a_bad_max_cycles_is_refused(max_cycles):
    with pytest.raises(ConfigError, match="max_cycles"):
        mykerinos_v1.env(num_players=2, max_cycles=max_cycles)


def test_bad_illegal_action_modes_are_refused():
    with pytest.raises(ConfigError, match="illegal_action"):
        digsite.single_seat_env("mykerinos", num_players=2, illegal_action="crash")


@pytest.mark.parametrize("entry", ENVIRONMENTS, ids=lambda e: e.name)
def test_player_counts_are_integers_of_the_game(entry):
    """numpy integers are player counts (and the game saves as plain JSON); bools, floats,
    strings and unsupported counts are refused naming the allowed counts."""
    n = entry.player_counts[-1]
    game = make_game(entry.name, num_players=np.int64(n))
    assert type(game.num_players) is int and game.num_players == n
    state = game.new_initial_state(np.random.default_rng(0))
    json.dumps(state.to_dict())
    json.dumps(game.config)
    allowed = ", ".join(str(c) for c in entry.player_counts)
    for bad in (True, float(n), str(n), 99):
        with pytest.raises(ConfigError, match=f"num_players must be one of {allowed}"):
            make_game(entry.name, num_players=bad)


def test_museum_two_rooms_is_an_integer_choice():
    with pytest.raises(ConfigError, match="museum_two_rooms"):
        mykerinos_v1.env(num_players=3, museum_two_rooms=5.0)


@pytest.mark.parametrize("ring", [5, "ABCDE12345", [0, 1, 2]], ids=repr)
def test_a_bad_archeologic_ring_is_named(ring):
    with pytest.raises(ConfigError, match="ring"):
        make_game("archeologic", num_players=2, ring=ring)


def test_an_unknown_solo_env_option_is_named_with_the_allowed_ones():
    for env_id in digsite.envs.registry.SOLO_GYM_IDS:
        with pytest.raises(ConfigError, match="unknown .* option.* bogus; options are"):
            gymnasium.make(env_id, bogus=1)


@pytest.mark.parametrize("entry", ENVIRONMENTS, ids=lambda e: e.name)
def test_an_env_with_a_numpy_player_count_plays_and_saves(entry):
    """The issue's cases: a numpy player count failed in play, overflowed at reset, or made
    ``to_dict()`` unserialisable."""
    import importlib

    for n in entry.player_counts:
        env = importlib.import_module(entry.module).env(num_players=np.int64(n))
        env.reset(seed=1)
        for _ in range(30):
            if not env.agents:
                break
            obs, *_ = env.last()
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        json.dumps(env.unwrapped.game_state.to_dict())
        assert env.unwrapped.game.config["num_players"] == n


def test_every_declared_option_names_what_it_allows():
    """Each game's options are declared with their types: a value of the wrong type is
    refused naming the option and what it allows."""
    for entry in ENVIRONMENTS:
        game_class = entry.load_game_class()
        for option in game_class.options:
            with pytest.raises(ConfigError, match=f"option {option.name} must be"):
                game_class.from_config(**{option.name: object()})
