"""The baseline agents of every game, by name: what the training and evaluation scripts and the
README's results tables play against."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.policy import RandomPolicy
from ..envs.registry import entry
from .ismcts import ISMCTSAgent, agent_rollout
from .model import MODEL_PREFIX, PPO, ModelAgent, pretrained_agent

AGENT_KINDS = ("random", "heuristic", "mcts", PPO)
ROLLOUTS = ("random", "heuristic")


def make_agent(
    kind: str,
    game: str,
    seed: int | None = None,
    mcts_iterations: int = 200,
    mcts_rollout: str = "random",
    **config: Any,
):
    """An agent for ``game``: ``"random"``, ``"heuristic"`` (the game's rules-based player),
    ``"ppo"`` (the pretrained policy shipped for the game's ``config``, ``num_players`` and
    options, :func:`~.model.pretrained_agent`; the other kinds play every configuration),
    ``"model:PATH"`` (a trained MaskablePPO model, :class:`~.model.ModelAgent`) or ``"mcts"``
    (information-set MCTS; ``mcts_rollout`` ``"random"`` or
    ``"heuristic"``: the game's heuristic plays every seat of the rollouts and picks each
    node's first expansion)."""
    entry(game)  # an unknown game raises, naming the games
    if kind.startswith(MODEL_PREFIX):
        return ModelAgent(kind[len(MODEL_PREFIX) :])
    if kind == PPO:
        return pretrained_agent(game, **config)
    if kind == "random":
        return RandomPolicy(None if seed is None else np.random.default_rng(seed))
    if kind == "heuristic":
        if entry(game).heuristic_agent is None:
            raise ValueError(f"{game} has no heuristic agent yet; kinds: {AGENT_KINDS}")
        return entry(game).load_heuristic()
    if kind == "mcts":
        if mcts_rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout {mcts_rollout!r}; rollouts: {', '.join(ROLLOUTS)}")
        if mcts_rollout == "random":
            return ISMCTSAgent(iterations=mcts_iterations, seed=seed)
        heuristic = make_agent("heuristic", game)
        return ISMCTSAgent(
            iterations=mcts_iterations,
            rollout=agent_rollout(heuristic),
            guide=heuristic,
            seed=seed,
        )
    raise ValueError(
        f"unknown agent kind {kind!r}; kinds: {', '.join(AGENT_KINDS)}, {MODEL_PREFIX}PATH"
    )
