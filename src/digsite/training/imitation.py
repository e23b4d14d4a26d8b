"""Imitation before reinforcement: ``digsite train --imitate heuristic`` first teaches the
policy the moves of an agent (behaviour cloning), then trains it with MaskablePPO as usual.

The demonstrations are games in which the ``--imitate`` agent plays every seat (or the solo
``--env``'s episodes); each decision is an example: the seat's observation, its legal actions,
the move played and the return that followed.  The policy learns the moves (the cross-entropy
of its masked distribution) and the value network the returns (squared error, weighted by
``--vf-coef``), with the run's optimizer, chunk by chunk of :data:`CHUNK` decisions; before it
learns a chunk, its agreement with the chunk's moves is measured (:func:`agreement`).

Why: a learner that starts from random play never wins against a strong rules-based player,
so games against it teach nothing; a learner that starts from that player's own moves wins
some of them, and PPO's games against it take it from there.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np

from ..agents import choose, make_agent
from ..agents.arena import play_game
from ..commandline import extra_missing
from ..core.engine import Game
from ..envs.registry import make_game

try:
    import torch
    from sb3_contrib import MaskablePPO
except ImportError as err:
    raise extra_missing("train", err) from err

CHUNK = 20_000
"""Decisions gathered, then learnt from, at a time (memory stays small)."""


Example = tuple[np.ndarray, np.ndarray, int, float]
"""One decision: the observation, the legal actions, the move played and the return after it."""


def game_examples(args: argparse.Namespace, game: Game, seed: int) -> list[Example]:
    """One game of ``game`` dealt from ``seed``, the ``--imitate`` agent in every seat; each
    decision's return is its seat's final return."""
    agents = [
        make_agent(args.imitate, args.game, seed + seat, **game.config)
        for seat in range(game.num_players)
    ]
    buffer = np.empty(game.observation_size, dtype=np.float32)
    decisions: list[tuple[np.ndarray, np.ndarray, int, int]] = []

    def record(state, action: int) -> None:
        player = state.current_player()
        state.observe(player, buffer)
        decisions.append((buffer.copy(), state.legal_action_mask().astype(bool), action, player))

    returns = play_game(game, agents, seed, record).returns()
    return [(obs, mask, action, returns[seat]) for obs, mask, action, seat in decisions]


def solo_examples(args: argparse.Namespace, env: gym.Env, seed: int) -> list[Example]:
    """One episode of the solo ``env`` reset with ``seed``, played by the ``--imitate`` agent
    on its engine state; each decision's return is the env's discounted reward to come (what
    PPO's value network learns, with ``--gamma``)."""
    game = env.unwrapped.game
    agent = make_agent(args.imitate, game.name, seed, **game.config)
    observation, _ = env.reset(seed=seed)
    decisions, rewards, done = [], [], False
    while not done:
        action = choose(agent, env.unwrapped.game_state, 0)
        mask = np.asarray(env.unwrapped.action_masks(), dtype=bool)
        decisions.append((np.asarray(observation, dtype=np.float32), mask, action))
        observation, reward, terminated, truncated, _ = env.step(action)
        rewards.append(float(reward))
        done = terminated or truncated
    to_come, returns = 0.0, []
    for reward in reversed(rewards):
        to_come = reward + args.gamma * to_come
        returns.append(to_come)
    return [(*decision, value) for decision, value in zip(decisions, returns[::-1], strict=True)]


def demonstrations(
    args: argparse.Namespace, seed_of: Callable[[int], int], first_game: int, decisions: int
) -> tuple[dict[str, np.ndarray], int]:
    """At least ``decisions`` examples from games ``first_game, first_game + 1, ...`` (game
    ``i`` dealt from ``seed_of(i)``); the examples and the number of games played."""
    if args.env is not None:
        play, table = solo_examples, gym.make(args.env, **args.env_options)
    else:
        play = game_examples
        table = make_game(args.game, num_players=args.num_players, **args.game_options)
    examples: list[Example] = []
    played = 0
    while len(examples) < decisions:
        examples += play(args, table, seed_of(first_game + played))
        played += 1
    observations, masks, actions, returns = zip(*examples, strict=True)
    return {
        "observations": np.stack(observations),
        "masks": np.stack(masks),
        "actions": np.asarray(actions, dtype=np.int64),
        "returns": np.asarray(returns, dtype=np.float32),
    }, played


def agreement(model: MaskablePPO, examples: dict[str, np.ndarray]) -> float:
    """How often the policy's masked most likely move is the demonstrated one, over the
    decisions with a choice (a forced move agrees by construction and would flatter a game
    made mostly of them); NaN if there is none."""
    choices = examples["masks"].sum(axis=1) > 1
    if not choices.any():
        return float("nan")
    with torch.no_grad():
        observations = torch.as_tensor(examples["observations"][choices])
        distribution = model.policy.get_distribution(observations, examples["masks"][choices])
        chosen = distribution.mode().numpy()
    return float(np.mean(chosen == examples["actions"][choices]))


def learn(model: MaskablePPO, examples: dict[str, np.ndarray], args: argparse.Namespace) -> float:
    """``--imitation-epochs`` passes over ``examples`` at ``--imitation-learning-rate``; the
    mean loss of the last pass (PPO sets its own learning rate again at each update)."""
    policy = model.policy
    for group in policy.optimizer.param_groups:  # a set rate is positive (options.check)
        group["lr"] = args.imitation_learning_rate or args.learning_rate
    policy.set_training_mode(True)
    rng = np.random.default_rng(args.seed)
    tensors = {key: torch.as_tensor(value) for key, value in examples.items()}
    size = len(examples["actions"])
    for _ in range(args.imitation_epochs):  # at least one (options.check)
        losses: list[float] = []
        order = rng.permutation(size)
        for start in range(0, size, args.batch_size):
            batch = torch.as_tensor(order[start : start + args.batch_size])
            values, log_prob, _ = policy.evaluate_actions(
                tensors["observations"][batch],
                tensors["actions"][batch],
                action_masks=tensors["masks"][batch],
            )
            value_loss = torch.nn.functional.mse_loss(values.flatten(), tensors["returns"][batch])
            loss = -log_prob.mean() + args.vf_coef * value_loss
            policy.optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), args.max_grad_norm)
            policy.optimizer.step()
            losses.append(loss.item())
    policy.set_training_mode(False)
    return float(np.mean(losses))


def imitate(
    model: MaskablePPO,
    args: argparse.Namespace,
    seed_of: Callable[[int], int],
    report: Callable[[str], object] | None = None,
) -> dict[str, Any]:
    """Teach ``model`` the moves of ``args.imitate`` in games dealt from ``seed_of(i)``; the
    record for ``run.json``.  ``report`` gets a line after each chunk."""
    start = time.perf_counter()
    learnt = games = 0
    agreements: list[float] = []
    while learnt < args.imitation_steps:
        wanted = min(CHUNK, args.imitation_steps - learnt)
        examples, played = demonstrations(args, seed_of, games, wanted)
        agreements.append(agreement(model, examples))
        loss = learn(model, examples, args)
        learnt += len(examples["actions"])
        games += played
        if report is not None:
            report(
                f"imitation: {learnt:,} of {args.imitation_steps:,} decisions ({games:,} games), "
                f"agreement {agreements[-1]:.2f} before this chunk, "
                f"{learnt / (time.perf_counter() - start):,.0f} decisions/s"
            )
    return {
        "agent": args.imitate,
        "decisions": learnt,
        "games": games,
        "epochs": args.imitation_epochs,
        "agreement_first_chunk": agreements[0],
        "agreement_last_chunk": agreements[-1],
        "last_loss": loss,
        "wall_time_s": round(time.perf_counter() - start, 2),
    }
