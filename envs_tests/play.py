"""Small helpers shared by the tests: random play on engines and on AEC envs."""

from __future__ import annotations

import numpy as np


def random_action(mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    assert len(legal) > 0, "a player to move has no legal action"
    return int(legal[rng.integers(len(legal))])


def play_random(state, rng: np.random.Generator, max_steps: int | None = None, check=None):
    """Play random legal actions until the end (or ``max_steps``); returns the actions."""
    actions = []
    while not state.is_terminal() and (max_steps is None or len(actions) < max_steps):
        action = random_action(state.legal_action_mask(), rng)
        state.apply_action(action)
        actions.append(action)
        if check is not None:
            check(state)
    return actions


def observation(state, player: int) -> np.ndarray:
    out = np.empty(state.game.observation_size, dtype=np.float32)
    state.observe(player, out)
    return out
