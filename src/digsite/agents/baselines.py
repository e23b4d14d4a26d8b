"""The baseline agents of every game, by name: what the training and evaluation scripts and the
results tables (docs/results.md) play against."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from ..core.policy import RandomPolicy
from ..core.spec import SearchSettings
from ..envs.registry import entry, make_game
from .ismcts import ISMCTSAgent, ScoreMargin, agent_rollout, win_loss
from .model import MODEL_PREFIX, PPO, ModelAgent, pretrained_agent

AGENT_KINDS = ("random", "heuristic", "mcts", PPO)
ROLLOUTS = ("random", "heuristic")


def search_settings(
    game: str, iterations: int | None = None, rollout: str | None = None
) -> SearchSettings:
    """``game``'s default search, with the budget and rollout kind given (None: the default)."""
    spec = entry(game)
    if rollout is not None and rollout not in ROLLOUTS:
        raise ValueError(f"unknown rollout {rollout!r}; rollouts: {', '.join(ROLLOUTS)}")
    default = "random" if spec.heuristic_agent is None else spec.search.rollout
    iterations = spec.search.iterations if iterations is None else iterations
    return replace(spec.search, rollout=rollout or default, iterations=iterations)


def make_agent(
    kind: str,
    game: str,
    seed: int | None = None,
    mcts_iterations: int | None = None,
    mcts_rollout: str | None = None,
    **config: Any,
):
    """An agent for ``game``: ``"random"``, ``"heuristic"`` (the game's rules-based player),
    ``"ppo"`` (the pretrained policy shipped for the game's ``config``, ``num_players`` and
    options, :func:`~.model.pretrained_agent`; the other kinds play every configuration),
    ``"model:PATH"`` (a trained MaskablePPO model, :class:`~.model.ModelAgent`) or ``"mcts"``
    (information-set MCTS with its spec's ``search`` settings; ``mcts_iterations`` and
    ``mcts_rollout`` override its budget and rollout kind: ``"heuristic"``, the game's
    heuristic guiding the search, or ``"random"``, the plain search)."""
    entry(game)  # an unknown game raises, naming the games
    if kind.startswith(MODEL_PREFIX):  # checked here, or a model of another game fails in torch
        agent = ModelAgent(kind[len(MODEL_PREFIX) :])
        engine = make_game(game, **config)
        setting = f"{game} with {engine.num_players} players"
        agent.check(engine.observation_size, engine.num_actions, setting)
        return agent
    if kind == PPO:
        return pretrained_agent(game, **config)
    if kind == "random":
        return RandomPolicy(None if seed is None else np.random.default_rng(seed))
    if kind == "heuristic":
        if entry(game).heuristic_agent is None:
            raise ValueError(f"{game} has no heuristic agent yet; kinds: {AGENT_KINDS}")
        return entry(game).load_heuristic()
    if kind == "mcts":
        settings = search_settings(game, mcts_iterations, mcts_rollout)
        if settings.rollout == "random":
            return ISMCTSAgent(iterations=settings.iterations, seed=seed)
        heuristic = make_agent("heuristic", game)
        # a heuristic's optional projected_scores(state): every player's points if the game
        # ended now, from public information (else ScoreMargin reads state.scores())
        projected = getattr(heuristic, "projected_scores", None)
        margin = settings.margin_scale
        return ISMCTSAgent(
            iterations=settings.iterations,
            exploration=settings.exploration,
            rollout=agent_rollout(heuristic, settings.epsilon, settings.horizon),
            guide=heuristic,
            evaluate=win_loss if margin is None else ScoreMargin(margin, scores=projected),
            bias=settings.bias,
            seed=seed,
        )
    raise ValueError(
        f"unknown agent kind {kind!r}; kinds: {', '.join(AGENT_KINDS)}, {MODEL_PREFIX}PATH"
    )
