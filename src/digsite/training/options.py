"""Train MaskablePPO on one seat of a digsite game, or on a solo env (see digsite.training).

The options of ``digsite train`` and ``training_scripts/train.py``, defined once; light (no RL
library is imported here).
"""

from __future__ import annotations

import argparse
import functools
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .. import commandline as cli
from ..envs.registry import entry

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
"""The default hidden layers of the policy and of the value network (each its own)."""
PROGRESS_MODES = ("auto", "bar", "log", "none")
"""``--progress``: ``auto`` is ``bar`` in a terminal with the ``monitoring`` extra, else ``log``."""
LOG_SECONDS = 10.0
"""Seconds between two lines of ``--progress log``."""
RUNS = Path("runs")
"""Where runs go by default: ``runs/<game>-<N>p`` or ``runs/<solo env name>``."""


def opponents_option(text: str, self_play: bool = True) -> str:
    """An ``--opponents`` value: a kind or a comma-separated mix of different kinds
    (``--eval-opponents`` with ``self_play=False``: one kind, not self-play)."""
    kinds = [kind.strip() for kind in text.split(",")] if self_play else [text]
    if len(set(kinds)) != len(kinds):
        raise argparse.ArgumentTypeError(f"{text!r} names a kind twice")
    for kind in (name for name in kinds if not (self_play and name == cli.SELF_PLAY)):
        try:
            cli.agent_kind(kind)
        except argparse.ArgumentTypeError as err:
            also = f" or {cli.SELF_PLAY}" if self_play else ""
            raise argparse.ArgumentTypeError(f"{err}{also}") from None
    return ",".join(kinds)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add = parser.add_argument
    cli.add_game_arguments(parser)
    cli.add_env_arguments(parser, "train on this solo Gymnasium env instead of a seat of --game")
    add("--timesteps", type=int, default=30_000, help="learner decisions to train")
    add("--seed", type=int, default=0, help="seeds torch, numpy, the envs and the opponents")
    add("--out", type=Path, default=None, help="output folder (default: runs/<game>-<N>p)")
    add(
        "--opponents",
        type=opponents_option,
        default="random",
        help=f"{cli.AGENT_CHOICES}, or {cli.SELF_PLAY}; or a comma-separated mix of them, each "
        "opponent seat drawing one at every episode",
    )
    add(
        "--stochastic-opponents",
        action="store_true",
        help="model and self-play opponents sample their moves instead of the most likely one",
    )
    cli.add_search_arguments(parser)
    add("--snapshot-every", type=int, default=5_000, help="self-play: steps between snapshots")
    add("--pool-size", type=int, default=10, help="self-play: members kept in the pool")
    add(
        "--imitate",
        type=cli.agent_kind,
        default=None,
        help="first teach the policy the moves of this agent kind (usually heuristic), playing "
        "every seat (or the solo --env), then train with PPO",
    )
    add("--imitation-steps", type=int, default=200_000, help="--imitate: decisions to learn")
    add("--imitation-epochs", type=int, default=3, help="--imitate: passes over each chunk")
    add(
        "--imitation-learning-rate",
        type=float,
        default=None,
        help="--imitate: the learning rate of the imitation (None: PPO's --learning-rate), so "
        "that PPO can go on gently from a policy learnt quickly",
    )
    add(
        "--score-shaping",
        type=float,
        default=0.0,
        help="weight of the potential-based shaping on the learner's lead in points, which "
        "keeps the ranking of policies (0: the game's reward alone)",
    )
    add("--n-envs", type=int, default=4, help="parallel training envs")
    add("--vec", choices=("dummy", "subproc"), default="dummy", help="vectorized env class")
    add("--eval-every", type=int, default=0, help="steps between evaluations (0: none)")
    add("--eval-episodes", type=int, default=50, help="games per evaluation")
    add(
        "--eval-opponents",
        type=functools.partial(opponents_option, self_play=False),
        default=None,
        help="opponents of the evaluation games; None: the training opponents (of a mix, the "
        "first kind that is not self-play; random for self-play)",
    )
    add("--checkpoint-every", type=int, default=0, help="steps between checkpoints (0: none)")
    add(
        "--plot",
        action="store_true",
        help="write <out>/learning_curve.png (needs matplotlib, pandas)",
    )
    add(
        "--progress",
        choices=PROGRESS_MODES,
        nargs="?",
        const="bar",
        default="auto",
        help="bar: SB3's progress bar (needs the monitoring extra); log: a line every "
        f"{LOG_SECONDS:.0f} s (steps, steps/s, mean return); auto: bar in a terminal "
        "when it can, else log; none",
    )
    add("--tensorboard", action="store_true", help="TensorBoard logs in <out>/tb")
    add(
        "--net-arch",
        type=cli.hidden_layers,
        default=NET_ARCH,
        help="hidden layer widths of the policy and of the value network, comma-separated",
    )
    add("--verbose", type=int, default=0, choices=(0, 1, 2), help="SB3 verbosity")
    cli.add_hyperparameters(parser, PPO_KWARGS)


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """Check the options together and fill the derived ones (``out``, ``eval_opponents``...)."""
    cli.check_env(parser, args)
    args.eval_opponents = args.eval_opponents or cli.default_eval_opponents(args.opponents)
    if args.env is not None:
        if args.opponents != "random" or args.eval_opponents != "random":
            parser.error("a solo --env has no opponents; leave out --opponents")
        if args.game is not None or args.num_players is not None:
            parser.error("--game and --num-players go without --env (a solo env has one seat)")
        if args.score_shaping:
            parser.error("--score-shaping plays --game (a solo --env has its own reward)")
        args.game_options = {}
    else:
        kinds = [*args.opponents.split(","), args.eval_opponents, args.imitate]
        cli.check_game(parser, args, kinds)
    cli.check_search(parser, args)
    if min(args.imitation_steps, args.imitation_epochs) < 1:
        parser.error("--imitation-steps and --imitation-epochs must be positive")
    if args.imitation_learning_rate is not None and args.imitation_learning_rate <= 0:
        parser.error("--imitation-learning-rate must be positive")
    if min(args.n_envs, args.timesteps, args.pool_size) < 1:
        parser.error("--n-envs, --timesteps and --pool-size must be positive")
    if args.out is None:  # a solo env digsite/X-v1 runs in runs/X-v1
        solo = args.env and args.env.split("/")[-1]
        args.out = RUNS / (solo or f"{args.game}-{args.num_players}p")
    return args


def command_line(options: Mapping[str, Any]) -> str:
    """The ``digsite train`` command of a run with these options (``run.json``'s ``options``):
    every option that differs from its default."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    unset = vars(parser.parse_args([]))  # the defaults
    implied = cli.default_eval_opponents(options["opponents"])
    words = ["digsite", "train"]
    for key, value in options.items():
        if key in ("game_options", "env_options"):
            words += cli.option_words(f"--{key[:-1].replace('_', '-')}", value)
        elif key in unset and value != unset[key] and (key, value) != ("eval_opponents", implied):
            flag = "--" + key.replace("_", "-")
            text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
            words += [flag] if value is True else [flag, text]
    return shlex.join(words)


# -- digsite export ---------------------------------------------------------------------------
def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    add = parser.add_argument
    cli.add_from_run(parser)
    add("--model", type=Path, default=None, help="the model to export (default: RUN_DIR/model.zip)")
    add(
        "--out",
        type=Path,
        default=None,
        help="the policy file to write (default: RUN_DIR/policy.pt); its card goes beside it, "
        "as .json",
    )
    add("--games", type=int, default=200, help="games of each evaluation on the card (0: none)")
    add(
        "--opponents",
        type=cli.agent_kinds,
        default="heuristic,random",
        help="the card evaluates the policy (and the heuristic and random players in its seat) "
        "against each of these, in every other seat",
    )
    add("--seed", type=int, default=0, help="game i of every evaluation is dealt with seed + i")


def check_export(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """The run (``--from-run`` is required: the card describes it), model and output files."""
    if args.from_run is None:
        parser.error("--from-run RUN_DIR is required: the card says how the run trained")
    args.game = args.num_players = args.env = None
    args.game_option, args.env_option = [], []
    args.run = cli.apply_run(parser, args)
    if args.env is not None:  # a solo run: its card evaluates it on its env, without opponents
        cli.check_env(parser, args)
        args.game_options, args.opponents = {}, []
    else:
        cli.check_game(parser, args, args.opponents)
    args.model = args.model or args.from_run / "model.zip"
    if not args.model.is_file():
        parser.error(f"model file {args.model} not found")
    args.out = args.out or args.from_run / "policy.pt"
    if args.games < 0:
        parser.error("--games must not be negative")
    game = args.game if args.env is None else cli.solo_engine(args.env, args.env_options).name
    args.baselines = ["heuristic", "random"] if entry(game).heuristic_agent else ["random"]
    return args
