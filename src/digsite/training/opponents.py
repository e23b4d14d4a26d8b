"""Learned opponents for ``digsite train``: a saved model in every opponent seat
(:func:`model_opponent`), and mixes of opponents with a self-play pool (:class:`OpponentPool`).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import gymnasium as gym
import numpy as np

from ..agents import ModelAgent, RandomPolicy
from ..commandline import SELF_PLAY

RANDOM = "random"
"""The name of the random agent in a pool."""


def model_opponent(
    path: str | Path, env: gym.Env, rng: np.random.Generator | None = None
) -> ModelAgent:
    """The policy saved at ``path`` as an agent for ``env``; a ValueError if it was trained on
    another configuration."""
    agent = ModelAgent(path, rng)
    agent.check(env.observation_space.shape[0], env.action_space.n)
    return agent


class OpponentPool(gym.Wrapper):
    """Every opponent seat drawn afresh at each ``reset()``: uniformly among the ``fixed``
    agents (by name) and, with ``self_play``, the self-play pool (``--opponents
    heuristic,self-play``).

    The pool starts with the random agent (standing in for the untrained learner) and grows with
    the snapshots training saves (``add_snapshot(path)``, called through ``VecEnv.env_method``
    so that it also reaches SubprocVecEnv workers); it keeps the newest ``max_size`` members.
    Member ``i`` of ``K`` (oldest first, ``i = 0 .. K-1``) is drawn with probability
    ``(i + 1) / (K (K + 1) / 2)``: linear in recency, so the newest snapshot is the likeliest
    opponent while older ones keep being played often enough to stop the learner from
    forgetting how to beat them (with ten members: 18 % for the newest, 2 % for the oldest).

    ``games`` counts the games each agent played in an opponent seat (by name: a fixed agent's,
    "random" or the snapshot's file name).  ``sample`` makes snapshots sample their moves;
    ``seed`` seeds the draws (and the sampling).
    """

    def __init__(
        self,
        env: gym.Env,
        fixed: dict[str, object] | None = None,
        self_play: bool = True,
        max_size: int = 10,
        sample: bool = False,
        seed: int = 0,
    ):
        super().__init__(env)
        if max_size < 1:
            raise ValueError(f"the pool must hold at least one member, not {max_size}")
        self.kinds = [*(fixed or {}), *([SELF_PLAY] if self_play else [])]
        if not self.kinds:
            raise ValueError("no opponents: give fixed agents, self-play or both")
        self.max_size = max_size
        self.sample = sample
        self.rng = np.random.default_rng(seed)
        self.members: list[str] = [RANDOM]
        self.games: Counter[str] = Counter()
        # the fixed agents by kind, the random member (following the env's rng) and snapshots
        self._agents: dict[str, object] = {RANDOM: RandomPolicy(), **(fixed or {})}

    def add_snapshot(self, path: str) -> None:
        """Add the MaskablePPO model saved at ``path``; the oldest member leaves a full pool."""
        self.members.append(str(path))
        for name in self.members[: -self.max_size]:
            if name != RANDOM:
                self._agents.pop(name, None)
        self.members = self.members[-self.max_size :]

    def draw(self) -> str:
        """A kind, uniformly (no draw when there is one); for self-play a member of the pool."""
        kinds = self.kinds
        kind = kinds[self.rng.integers(len(kinds))] if len(kinds) > 1 else kinds[0]
        if kind != SELF_PLAY:
            return kind
        weights = np.arange(1, len(self.members) + 1, dtype=np.float64)
        return self.members[self.rng.choice(len(self.members), p=weights / weights.sum())]

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        single_seat = self.env.unwrapped
        drawn = [self.draw() for _ in range(single_seat.game.num_players)]
        single_seat.opponents = [self._agent(name) for name in drawn]
        observation, info = self.env.reset(seed=seed, options=options)
        for seat, name in enumerate(drawn):
            if seat != info["seat"]:
                self.games[Path(name).name] += 1
        return observation, info

    def _agent(self, name: str):
        if name not in self._agents:
            self._agents[name] = model_opponent(name, self.env, self.rng if self.sample else None)
        return self._agents[name]
