"""The OpenSpiel adapter (``digsite.openspiel``) under OpenSpiel's own checks and bots."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from digsite.core.engine import ConfigError  # noqa: E402
from digsite.envs.registry import ENVIRONMENTS  # noqa: E402
from digsite.openspiel import BYTE_OUTCOMES, GAME_NAMES, SEED_BYTES, load_game  # noqa: E402

from .play import random_action  # noqa: E402


def dealt(game, seed: int):
    """A state of ``game`` past the chance nodes that draw ``seed``."""
    state = game.new_initial_state()
    for byte in seed.to_bytes(SEED_BYTES, "big"):
        assert state.is_chance_node()
        state.apply_action(byte)
    return state


def test_every_game_is_registered_under_its_name():
    registered = set(pyspiel.registered_names())
    assert {f"python_digsite_{e.name}" for e in ENVIRONMENTS} <= registered
    assert set(GAME_NAMES) == {e.name for e in ENVIRONMENTS}


def test_openspiel_random_simulations_with_serialization(case):
    entry, config, _ = case
    game = load_game(entry.name, **config)
    assert game.num_players() == config["num_players"]
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_deal_is_the_envs_deal_and_the_state_speaks_for_the_engine(case):
    entry, config, module = case
    game = load_game(entry.name, **config)
    seed = 0x01020304
    state = dealt(game, seed)
    env = module.env(**config)
    env.reset(seed=seed)
    assert state.digsite_state.to_dict() == env.unwrapped.game_state.to_dict()
    rng = np.random.default_rng(seed)
    observer = game.make_py_observer()
    while not state.is_terminal():
        inner, player = state.digsite_state, state.current_player()
        assert state.legal_actions() == inner.legal_actions()
        view = json.loads(state.information_state_string(player))
        assert view == inner.view(player)
        buffer = np.zeros(inner.game.observation_size, dtype=np.float32)
        inner.observe(player, buffer)
        assert np.array_equal(np.asarray(state.information_state_tensor(player)), buffer)
        observer.set_from(state, player)
        assert np.array_equal(observer.tensor, buffer)
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(player) == state.information_state_string(player)
        action = random_action(inner.legal_action_mask(), rng)
        assert state.action_to_string(player, action) == inner.action_to_string(action)
        state.apply_action(action)
        if len(state.history()) > SEED_BYTES + 40:
            break
    copy = pickle.loads(pickle.dumps(state))
    assert copy.digsite_state.to_dict() == state.digsite_state.to_dict()
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert restored.digsite_state.to_dict() == state.digsite_state.to_dict()
    assert restored.history() == state.history()


def test_chance_is_a_uniform_byte_of_the_seed():
    state = load_game("mykerinos", num_players=2).new_initial_state()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(BYTE_OUTCOMES))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.information_state_string(0) == ""


def test_bad_parameters_are_refused_by_the_game():
    with pytest.raises(ConfigError, match="num_players"):
        pyspiel.load_game(GAME_NAMES["mykerinos"], {"players": 7})
    with pytest.raises(ConfigError, match="mode"):
        load_game("royal_society", num_players=2, mode="cooperative")


@pytest.mark.parametrize("entry", ENVIRONMENTS, ids=lambda e: e.name)
def test_openspiels_ismcts_bot_plays_a_whole_game(entry):
    """OpenSpiel's IS-MCTS bot (its Python one: the C++ bot cannot resample a Python game),
    resampling through the adapter, with random rollouts."""
    game = load_game(entry.name, num_players=2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=np.random.RandomState(0))
    state = dealt(game, seed=7)
    moves = 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        moves += 1
    assert moves <= game.max_game_length()
    assert state.digsite_state.is_terminal()
    assert state.returns() == state.digsite_state.returns()
    assert set(state.returns()) <= {-1.0, 1.0}


def test_the_readme_openspiel_command_runs_verbatim():
    import re
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text()
    (command,) = re.findall(r"^python (training_scripts/openspiel_example\.py .*)$", readme, re.M)
    out = subprocess.run(
        [sys.executable, *command.split()], cwd=root, capture_output=True, text=True, check=True
    )
    assert "mean return of IS-MCTS" in out.stdout
