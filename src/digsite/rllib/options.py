"""The options of ``digsite train-rllib`` and ``training_scripts/train_rllib.py``, defined once;
light (Ray is imported only to train)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .. import commandline as cli
from ..envs.registry import entry

POLICY_SCHEMES = ("shared", "per-seat")
"""``--policies``: one policy for every seat, or one per seat (:mod:`digsite.rllib.env`)."""

PPO_DEFAULTS: dict[str, Any] = {
    "train_batch_size": 2048,  # env steps per iteration: ~40 games of 2-player Mykerinos
    "minibatch_size": 256,
    "num_epochs": 10,
    "lr": 3e-4,
    "gamma": 0.995,  # sparse terminal reward; a player makes tens of moves per game
    "lambda_": 0.95,
    "clip_param": 0.2,
    "entropy_coeff": 0.01,  # keeps exploring among the many legal moves
    "vf_loss_coeff": 0.5,
    "grad_clip": 0.5,
}
HIDDEN = "256,256"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add = parser.add_argument
    cli.add_game_arguments(parser)
    add(
        "--policies",
        choices=POLICY_SCHEMES,
        default="shared",
        help="self-play scheme: one policy for every seat, or one policy per seat",
    )
    add("--iterations", type=int, default=20, help="training iterations")
    add("--seed", type=int, default=0, help="seeds RLlib (torch, numpy, envs) and evaluation")
    add("--out", type=Path, default=None, help="output folder (default: runs/<game>-<N>p-rllib)")
    add("--num-env-runners", type=int, default=0, help="Ray actors sampling (0: the driver)")
    add("--envs-per-runner", type=int, default=1, help="envs each env runner steps")
    add("--num-cpus", type=int, default=2, help="CPUs of the local Ray instance")
    add("--address", help="join this Ray cluster (auto or host:port) instead of starting one")
    add("--eval-games", type=int, default=100, help="greedy games after training (0: none)")
    add(
        "--eval-opponents",
        type=cli.agent_kind,
        default="random",
        help=f"players to evaluate against: {cli.AGENT_CHOICES}",
    )
    cli.add_search_arguments(parser)
    add(
        "--hidden",
        type=cli.hidden_layers,
        default=cli.hidden_layers(HIDDEN),
        help="MLP layer sizes",
    )
    add("--verbose", action="store_true", help="keep Ray's and RLlib's log messages")
    cli.add_hyperparameters(parser, PPO_DEFAULTS)


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    args.game = args.game or cli.DEFAULT_GAME
    args.num_players = cli.DEFAULT_PLAYERS if args.num_players is None else args.num_players
    counts = entry(args.game).single_seat_counts
    if args.num_players not in counts:
        solo = " (solo games train with digsite train --env)" if args.num_players == 1 else ""
        parser.error(
            f"{args.game} is played by {', '.join(map(str, counts))} players with RLlib, "
            f"not {args.num_players}{solo}"
        )
    cli.check_game(parser, args, [args.eval_opponents])
    args.out = args.out or Path("runs") / f"{args.game}-{args.num_players}p-rllib"
    if min(args.iterations, args.train_batch_size, args.minibatch_size, args.num_epochs) < 1:
        parser.error("--iterations and the batch sizes and epochs must be positive")
    cli.check_search(parser, args)
    if args.minibatch_size > args.train_batch_size:
        parser.error("--minibatch-size must not exceed --train-batch-size")
    if min(args.num_env_runners, args.eval_games) < 0:
        parser.error("--num-env-runners and --eval-games must be >= 0")
    if min(args.envs_per_runner, args.num_cpus) < 1:
        parser.error("--envs-per-runner and --num-cpus must be positive")
    return args
