"""Random play on engines and envs, for the checks (and for any game's own tests)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..core.engine import State


def random_action(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniform legal action of ``mask``; an error if the player to move has none."""
    legal = np.flatnonzero(mask)
    assert len(legal) > 0, "a player to move has no legal action"
    return int(legal[rng.integers(len(legal))])


def play_random(
    state: State,
    rng: np.random.Generator,
    max_steps: int | None = None,
    check: Callable[[State], None] | None = None,
) -> list[int]:
    """Play random legal actions until the end (or ``max_steps``), calling ``check`` after
    each; returns the actions."""
    actions = []
    while not state.is_terminal() and (max_steps is None or len(actions) < max_steps):
        action = random_action(state.legal_action_mask(), rng)
        state.apply_action(action)
        actions.append(action)
        if check is not None:
            check(state)
    return actions


def observation(state: State, player: int) -> np.ndarray:
    """``player``'s observation of ``state``, in a new buffer."""
    out = np.empty(state.game.observation_size, dtype=np.float32)
    state.observe(player, out)
    return out
