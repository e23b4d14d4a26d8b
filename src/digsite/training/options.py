"""Train MaskablePPO on one seat of a digsite game, or on a solo env (see digsite.training).

The options of ``digsite train`` and ``training_scripts/train.py``, defined once; light (no RL
library is imported here).
"""

from __future__ import annotations

import argparse
import functools
from pathlib import Path
from typing import Any

from ..agents import ROLLOUTS
from ..commandline import (
    AGENT_CHOICES,
    add_env_arguments,
    add_game_arguments,
    agent_kind,
    check_env,
    check_game,
    check_heuristic,
)

PPO_KWARGS: dict[str, Any] = {
    "n_steps": 512,  # per env: 2048 transitions (~100 games of 2-player Mykerinos) per update
    "batch_size": 256,
    "n_epochs": 10,
    "learning_rate": 3e-4,
    "gamma": 0.995,  # sparse terminal reward; episodes are tens of learner decisions long
    "gae_lambda": 0.95,
    "clip_range": 0.2,
    "ent_coef": 0.01,  # keeps exploring among the many legal moves
    "vf_coef": 0.5,
    "max_grad_norm": 0.5,
}
NET_ARCH = [256, 256]
SELF_PLAY = "self-play"
RUNS = Path("runs")
"""Where runs go by default: ``runs/<game>-<N>p`` or ``runs/<solo env name>``."""


def opponents_option(text: str, self_play: bool = True) -> str:
    """An ``--opponents`` value (``--eval-opponents`` with ``self_play=False``)."""
    if self_play and text == SELF_PLAY:
        return text
    try:
        return agent_kind(text)
    except argparse.ArgumentTypeError as err:
        also = f" or {SELF_PLAY}" if self_play else ""
        raise argparse.ArgumentTypeError(f"{err}{also}") from None


def default_out(args: argparse.Namespace) -> Path:
    """``runs/<game>-<N>p``, or ``runs/<env name>`` for a solo env (``digsite/X-v1`` -> X-v1)."""
    if args.env is not None:
        return RUNS / args.env.split("/")[-1]
    return RUNS / f"{args.game}-{args.num_players}p"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add = parser.add_argument
    add_game_arguments(parser)
    add_env_arguments(parser, "train on this solo Gymnasium env instead of a seat of --game")
    add("--timesteps", type=int, default=30_000, help="learner decisions to train")
    add("--seed", type=int, default=0, help="seeds torch, numpy, the envs and the opponents")
    add("--out", type=Path, default=None, help="output folder (default: runs/<game>-<N>p)")
    add(
        "--opponents",
        type=opponents_option,
        default="random",
        help=f"{AGENT_CHOICES}, or {SELF_PLAY}",
    )
    add(
        "--stochastic-opponents",
        action="store_true",
        help="model and self-play opponents sample their moves instead of the most likely one",
    )
    add("--mcts-iterations", type=int, default=100, help="IS-MCTS budget per opponent move")
    add("--mcts-rollout", choices=ROLLOUTS, default="random", help="IS-MCTS rollout policy")
    add("--snapshot-every", type=int, default=5_000, help="self-play: steps between snapshots")
    add("--pool-size", type=int, default=10, help="self-play: members kept in the pool")
    add("--n-envs", type=int, default=4, help="parallel training envs")
    add("--vec", choices=("dummy", "subproc"), default="dummy", help="vectorized env class")
    add("--eval-every", type=int, default=0, help="steps between evaluations (0: none)")
    add("--eval-episodes", type=int, default=50, help="games per evaluation")
    add(
        "--eval-opponents",
        type=functools.partial(opponents_option, self_play=False),
        default=None,
        help="opponents of the evaluation games; None: the training opponents (random for "
        "self-play)",
    )
    add("--checkpoint-every", type=int, default=0, help="steps between checkpoints (0: none)")
    add(
        "--plot",
        action="store_true",
        help="write <out>/learning_curve.png (needs matplotlib, pandas)",
    )
    add("--progress", action="store_true", help="show SB3's progress bar (needs tqdm and rich)")
    add("--tensorboard", action="store_true", help="TensorBoard logs in <out>/tb")
    add("--verbose", type=int, default=0, choices=(0, 1, 2), help="SB3 verbosity")
    for key, default in PPO_KWARGS.items():
        add(
            "--" + key.replace("_", "-"),
            type=type(default),
            default=default,
            help="PPO hyperparameter",
        )


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """Check the options together and fill the derived ones (``game_options``, ``env_options``,
    ``out``, ``eval_opponents``)."""
    check_env(parser, args)
    if args.env is not None:
        if args.opponents != "random" or args.eval_opponents not in (None, "random"):
            parser.error("a solo --env has no opponents; leave out --opponents")
        if args.game is not None or args.num_players is not None:
            parser.error("--game and --num-players go without --env (a solo env has one seat)")
        args.game_options = {}
    else:
        check_game(parser, args)
    if args.eval_opponents is None:
        args.eval_opponents = "random" if args.opponents == SELF_PLAY else args.opponents
    if args.env is None:
        check_heuristic(parser, args.game, [args.opponents, args.eval_opponents])
    if min(args.n_envs, args.timesteps, args.pool_size) < 1:
        parser.error("--n-envs, --timesteps and --pool-size must be positive")
    if args.out is None:
        args.out = default_out(args)
    return args
