"""What every digsite agent offers, so that any agent can sit in any seat of any env.

An agent is called like a policy, ``agent(observation, action_mask) -> action``, with the flat
observation of its seat.  Agents that reason about the game (search, rules-based heuristics)
also implement ``act_in(state, player) -> action``; the envs then hand them the engine state.
Such an agent must only use what ``player`` may know: search agents draw the hidden parts afresh
with ``state.resample_hidden(player, rng)`` and never read them from ``state``.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from .engine import State


class RandomPolicy:
    """Uniform over legal actions.  Without a generator of its own it draws from the env's
    (seeded by ``reset(seed=...)``), so seeded episodes replay exactly."""

    def __init__(self, rng: np.random.Generator | None = None):
        self.follows_env = rng is None
        self.rng = rng if rng is not None else np.random.default_rng()

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        legal = np.flatnonzero(action_mask)
        return int(legal[self.rng.integers(len(legal))])


class Policy(Protocol):
    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int: ...


@runtime_checkable
class StateAgent(Protocol):
    """An agent that decides from the engine state (through its player's information)."""

    def act_in(self, state: State, player: int) -> int: ...


def choose(agent, state: State, player: int, buffer: np.ndarray | None = None) -> int:
    """Ask ``agent`` for ``player``'s action in ``state``, whichever kind of agent it is."""
    if isinstance(agent, StateAgent):
        return int(agent.act_in(state, player))
    if buffer is None:
        buffer = np.empty(state.game.observation_size, dtype=np.float32)
    state.observe(player, buffer)
    return int(agent(buffer, state.legal_action_mask()))
