"""``digsite/RoyalSocietySolo-v3``: Gymnasium's and SB3's checkers, rewards, info, masks."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest

import digsite  # noqa: F401  (registers the ids)
from digsite.envs.solo import solo_env


def test_passes_gymnasium_and_sb3_checkers():
    from gymnasium.utils.env_checker import check_env as gym_check_env
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    env = gymnasium.make("digsite/RoyalSocietySolo-v3").unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gym_check_env(env, skip_render_check=True)
        sb3_check_env(env)


@pytest.mark.parametrize("reward", ["score", "final"])
def test_return_is_the_final_score_and_info_has_the_title(reward):
    env = solo_env("royal_society", reward=reward, reward_scale=100.0)
    obs, info = env.reset(seed=3)
    assert info["score"] == 0.0
    rng = np.random.default_rng(3)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(env.action_masks())
        obs, r, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
        assert env.observation_space.contains(obs)
        total += r
        done = term or trunc
    assert term and not trunc
    assert total == pytest.approx(env.game_state.scores()[0] / 100.0)
    assert info["score"] == env.game_state.scores()[0]
    assert info["title"] == env.game_state.title()
    assert not env.action_masks().any()


def test_unmasked_actions_end_or_are_replaced():
    env = solo_env("royal_society")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, r, term, _, info = env.step(illegal)
    assert term and r == -1.0 and info["illegal_action"]
    env = solo_env("royal_society", illegal_action="random")
    env.reset(seed=0)
    _, r, term, _, info = env.step(illegal)
    assert not term and info["illegal_action"]


def test_same_seed_same_episode():
    def run():
        env = solo_env("royal_society")
        obs, _ = env.reset(seed=11)
        trace = [obs.tobytes()]
        for _ in range(60):
            a = int(np.flatnonzero(env.action_masks())[0])
            obs, *_ = env.step(a)
            trace.append(obs.tobytes())
        return trace

    assert run() == run()


def test_bad_options_are_errors():
    with pytest.raises(ValueError, match="reward"):
        solo_env("royal_society", reward="points")
    with pytest.raises(ValueError, match="options are"):
        solo_env("royal_society", no_such_option=1)
