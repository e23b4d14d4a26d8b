"""Learned opponents for ``digsite train``: a saved MaskablePPO model, and a self-play pool.

* :class:`ModelOpponent` plays a saved MaskablePPO policy from its own seat's observation: the
  most likely legal action (masked argmax), or, with ``rng``, an action sampled from the masked
  policy distribution.  It is an agent in the sense of ``digsite.core.policy``
  (``agent(observation, action_mask) -> action``), so it sits in any seat of any env.
* :class:`SelfPlayPool` wraps a ``SingleSeatEnv`` and draws every opponent seat afresh from a
  pool at each ``reset()``.  The pool starts with the random agent (standing in for the untrained
  learner) and grows with the snapshots training saves (``add_snapshot(path)``, called through
  ``VecEnv.env_method`` so that it also reaches SubprocVecEnv workers); it keeps the newest
  ``max_size`` members.  Member ``i`` of ``K`` (oldest first, ``i = 0 .. K-1``) is drawn with
  probability ``(i + 1) / (K (K + 1) / 2)``: linear in recency, so the newest snapshot is the
  likeliest opponent while older ones keep being played often enough to stop the learner from
  forgetting how to beat them (with ten members: 18 % for the newest, 2 % for the oldest).
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path

import gymnasium as gym
import numpy as np

from ..agents import RandomPolicy
from ..commandline import extra_missing

try:
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
except ImportError as err:
    raise extra_missing("train", err) from err

RANDOM = "random"
"""The name of the random agent in a pool."""


@functools.lru_cache(maxsize=16)
def _load_policy(path: str, modified_ns: int) -> MaskableActorCriticPolicy:
    """One load per file version and per process; envs of a DummyVecEnv share the policy."""
    policy = MaskablePPO.load(path, device="cpu").policy
    policy.set_training_mode(False)
    return policy


def load_policy(path: str | Path, env: gym.Env | None = None) -> MaskableActorCriticPolicy:
    """The policy of the MaskablePPO ``model.zip`` at ``path``, checked against ``env``."""
    path = Path(path).resolve()
    if not path.is_file():
        raise FileNotFoundError(f"opponent model {path} not found")
    policy = _load_policy(str(path), path.stat().st_mtime_ns)
    if env is not None and (
        policy.observation_space.shape != env.observation_space.shape
        or policy.action_space != env.action_space
    ):
        raise ValueError(
            f"opponent model {path} expects observations {policy.observation_space.shape} and "
            f"actions {policy.action_space}; the env gives {env.observation_space.shape} and "
            f"{env.action_space}"
        )
    return policy


class ModelOpponent:
    """A saved policy as an agent: masked argmax, or a masked sample when given ``rng``."""

    def __init__(self, policy: MaskableActorCriticPolicy, rng: np.random.Generator | None = None):
        self.policy = policy
        self.rng = rng

    def logits(self, observation: np.ndarray) -> np.ndarray:
        """The actor's action logits (the policy's actor path, without the value head)."""
        policy = self.policy
        with torch.no_grad():
            obs = torch.as_tensor(observation, dtype=torch.float32).unsqueeze(0)
            features = policy.extract_features(obs, policy.pi_features_extractor)
            return policy.action_net(policy.mlp_extractor.forward_actor(features))[0].numpy()

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        logits = np.where(action_mask.astype(bool), self.logits(observation), -np.inf)
        if self.rng is None:
            return int(np.argmax(logits))
        weights = np.exp(logits.astype(np.float64) - logits.max())
        cumulative = np.cumsum(weights)
        action = int(np.searchsorted(cumulative, self.rng.random() * cumulative[-1], "right"))
        return min(action, len(logits) - 1)


class SelfPlayPool(gym.Wrapper):
    """Opponents drawn from a pool of learner snapshots (and the random agent) every episode.

    ``games`` counts the games each member played in an opponent seat (by member name: "random"
    or the snapshot's file name).  ``sample`` makes snapshots sample their moves; ``seed`` seeds
    the draws (and the sampling).
    """

    def __init__(self, env: gym.Env, max_size: int = 10, sample: bool = False, seed: int = 0):
        super().__init__(env)
        if max_size < 1:
            raise ValueError(f"the pool must hold at least one member, not {max_size}")
        self.max_size = max_size
        self.sample = sample
        self.rng = np.random.default_rng(seed)
        self.members: list[str] = [RANDOM]
        self.games: Counter[str] = Counter()
        self._agents: dict[str, object] = {RANDOM: RandomPolicy()}  # follows the env's rng

    def add_snapshot(self, path: str) -> None:
        """Add the MaskablePPO model saved at ``path``; the oldest member leaves a full pool."""
        self.members.append(str(path))
        for name in self.members[: -self.max_size]:
            if name != RANDOM:
                self._agents.pop(name, None)
        self.members = self.members[-self.max_size :]

    def draw(self) -> str:
        """A member, the ``i``-th oldest with weight ``i + 1``."""
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
            policy = load_policy(name, self.env)
            self._agents[name] = ModelOpponent(policy, self.rng if self.sample else None)
        return self._agents[name]
