"""Train PPO with Ray RLlib on a multi-player digsite game, every seat played by learned policies.

This is the distributed path, for runs that outgrow ``train.py``'s single process: RLlib's env
runners play the games (locally or across a Ray cluster) and its learner updates the policies.
It needs the ``rllib`` extra (``pip install -e ".[rllib]"``: ``ray[rllib]`` 2.50 or later; tested
with 2.60.0).

    python training_scripts/train_rllib.py --game mykerinos --num-players 2 --iterations 20 \\
        --out runs/mykerinos-rllib

writes the RLlib checkpoint ``runs/mykerinos-rllib/checkpoint/`` and ``run.json``, and prints a
one-line summary.  Every registered game works with any of its player counts from 2 up (the
solo games are trained with ``train.py --env``).

How the game reaches RLlib (``rllib_env.py``): the PettingZoo AEC env is wrapped in RLlib's
``PettingZooEnv`` (only the player to move observes; at the end every player gets its +1 / 0 /
-1), and each policy is ``rllib_env.MaskedPPOModule``, RLlib's default PPO networks with
``log(mask)`` added to the logits, so no policy ever picks an illegal move (the env raises
``ValueError`` if one does: a masking bug stops the run instead of going unnoticed).  RLlib's env
pre-check is off for the same reason: it steps unmasked random actions.

The options (``--help`` lists them with their defaults):

``--policies shared|per-seat``
    The self-play scheme.  ``shared``: one policy (RLModule ``shared``) plays every seat and
    learns from all of them (parameter sharing; the usual choice for symmetric games).
    ``per-seat``: one policy per seat (RLModules ``player_0`` ... ``player_{n-1}``), each
    learning against the others as they learn; use it when seats differ (first player, the
    2-player neutral colour) or to get several distinct opponents out of one run.
``--game-option KEY=VALUE``
    A game option (``museum_two_rooms=4``, ``guess_variant=app``, ``expert=true``; the value is
    read as JSON when it parses), checked by building the game before Ray starts.
``--iterations``
    ``Algorithm.train()`` calls; each samples ``--train-batch-size`` env steps (moves of all
    players together), then runs ``--num-epochs`` passes of ``--minibatch-size`` updates.
``--num-env-runners``, ``--envs-per-runner``, ``--num-cpus``, ``--address``
    Sampling parallelism.  The default (0 runners) samples in the driver process; ``N`` starts
    ``N`` Ray actors.  ``--num-cpus`` bounds a local Ray instance; ``--address`` joins a running
    Ray cluster instead (``auto`` or ``host:port``), whose nodes need digsite and the ``rllib``
    extra installed; this script's adapter module is shipped to them by value.
``--eval-games``, ``--eval-opponents random|heuristic|mcts``
    After training, the policies restored from the checkpoint play their seats greedily (most
    likely legal move) against digsite's baseline players (uniformly random by default, the
    game's rules-based ``heuristic``, or information-set ``mcts`` with ``--mcts-iterations``),
    ``--eval-games`` games in all, the learner's seat rotating; the wins and mean returns per
    seat go into ``run.json`` and the summary (0 games: no evaluation).
``--train-batch-size``, ``--minibatch-size``, ``--num-epochs``, ``--lr``, ...
    PPO hyperparameters (defaults in ``PPO_DEFAULTS``); ``--hidden`` sets the MLP layer sizes.

``run.json`` records every option, the module ids, the versions, the total wall time and, per
iteration: env steps so far, episodes finished in the iteration, the mean episode return (the sum
over seats: 0 in a zero-sum game, so also per seat and per module), the mean episode length and
each module's policy entropy.  The episode means are RLlib's own (in Ray 2.60, over the episodes
finished in that iteration; see RLlib's ``metrics_num_episodes_for_smoothing``).  A progress
line per iteration goes to stderr.  The checkpoint restores with
``ray.rllib.algorithms.algorithm.Algorithm.from_checkpoint(path)`` (to train on), and one policy
alone with ``rllib_env.load_module(path, module_id)`` (``RLModule.from_checkpoint`` on
``path/learner_group/learner/rl_module/<module_id>``); ``rllib_env.module_action`` plays it.

Determinism: ``--seed`` goes to RLlib (``config.debugging(seed=...)``), which seeds torch, numpy
and each env runner's envs from it, and to the evaluation games.  Within one process the same
options repeat a run exactly (the tests check it).  In a new process the games sampled are the
same, but RLlib's multi-agent episodes iterate over sets of agent ids, whose order follows
Python's string hashing, so the training batches (and so the weights) differ unless the hash
seed is fixed too: ``PYTHONHASHSEED=0 python training_scripts/train_rllib.py ...`` repeats
exactly, with 0 or 1 env runners (the variable is passed on to Ray's workers; ``run.json``
records it).  With several env runners RLlib does not promise the order in which their samples
are merged, and nothing is promised across machines, library versions or thread counts.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pettingzoo
import ray
import rllib_env
import torch
from cli import add_game_options, game_options
from ray import cloudpickle
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.tune.registry import register_env

import digsite
from digsite.agents import AGENT_KINDS
from digsite.envs.registry import ENVIRONMENTS, entry

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
TORCH_THREADS = 1
HASH_SEED = "PYTHONHASHSEED"
"""Small MLP, small batches: one thread is as fast as two and leaves a core for the envs."""


# -- options ----------------------------------------------------------------------------------
def hidden_layers(text: str) -> list[int]:
    try:
        sizes = [int(size) for size in text.split(",")]
    except ValueError:
        sizes = []
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of sizes")
    return sizes


def multi_player_counts(game: str) -> tuple[int, ...]:
    return tuple(n for n in entry(game).player_counts if n >= 2)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Train PPO with Ray RLlib on a multi-player digsite game, one or several "
        "policies in self-play (see the module docstring).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    add = parser.add_argument
    add("--game", default="mykerinos", choices=[e.name for e in ENVIRONMENTS], help="the game")
    add("--num-players", type=int, default=2, help="players in each game (2 or more)")
    add_game_options(parser)
    add(
        "--policies",
        choices=list(rllib_env.POLICY_SCHEMES),
        default="shared",
        help="self-play scheme: one policy for every seat, or one policy per seat",
    )
    add("--iterations", type=int, default=20, help="training iterations")
    add("--seed", type=int, default=0, help="seeds RLlib (torch, numpy, envs) and evaluation")
    add("--out", type=Path, default=Path("runs/mykerinos-rllib"), help="directory for outputs")
    add("--num-env-runners", type=int, default=0, help="Ray actors sampling (0: the driver)")
    add("--envs-per-runner", type=int, default=1, help="envs each env runner steps")
    add("--num-cpus", type=int, default=2, help="CPUs of the local Ray instance")
    add("--address", help="join this Ray cluster (auto or host:port) instead of starting one")
    add("--eval-games", type=int, default=100, help="greedy games after training (0: none)")
    add(
        "--eval-opponents",
        choices=AGENT_KINDS,
        default="random",
        help="players to evaluate against",
    )
    add("--mcts-iterations", type=int, default=100, help="IS-MCTS budget per evaluation move")
    add("--hidden", type=hidden_layers, default=hidden_layers(HIDDEN), help="MLP layer sizes")
    add("--verbose", action="store_true", help="keep Ray's and RLlib's log messages")
    for key, default in PPO_DEFAULTS.items():
        flag = "--" + key.rstrip("_").replace("_", "-")
        add(flag, dest=key, type=type(default), default=default, help="PPO hyperparameter")
    args = parser.parse_args(argv)

    counts = multi_player_counts(args.game)
    if args.num_players not in counts:
        solo = " (solo games train with train.py --env)" if args.num_players == 1 else ""
        parser.error(
            f"{args.game} is played by {', '.join(map(str, counts))} players with RLlib, "
            f"not {args.num_players}{solo}"
        )
    args.game_options = game_options(parser, args)
    if args.eval_opponents == "heuristic" and entry(args.game).heuristic_agent is None:
        parser.error(f"{args.game} has no heuristic player yet")
    if min(args.iterations, args.train_batch_size, args.minibatch_size, args.num_epochs) < 1:
        parser.error("--iterations and the batch sizes and epochs must be positive")
    if args.mcts_iterations < 1:
        parser.error("--mcts-iterations must be positive")
    if args.minibatch_size > args.train_batch_size:
        parser.error("--minibatch-size must not exceed --train-batch-size")
    if min(args.num_env_runners, args.eval_games) < 0:
        parser.error("--num-env-runners and --eval-games must be >= 0")
    if min(args.envs_per_runner, args.num_cpus) < 1:
        parser.error("--envs-per-runner and --num-cpus must be positive")
    return args


def env_config(args: argparse.Namespace) -> dict[str, Any]:
    return {"game": args.game, "num_players": args.num_players, **args.game_options}


# -- RLlib ------------------------------------------------------------------------------------
def start_ray(args: argparse.Namespace) -> bool:
    """Start (or join) Ray unless it is running already; True if this call started it."""
    if ray.is_initialized():
        return False
    # Env runners may run in other processes or on other machines: ship the adapter by value.
    cloudpickle.register_pickle_by_value(rllib_env)
    options: dict[str, Any] = {
        "logging_level": logging.INFO if args.verbose else logging.ERROR,
        "log_to_driver": args.verbose,
    }
    if HASH_SEED in os.environ:  # the workers' episodes must iterate agents in the same order
        options["runtime_env"] = {"env_vars": {HASH_SEED: os.environ[HASH_SEED]}}
    if args.address:
        ray.init(address=args.address, **options)
    else:
        ray.init(num_cpus=args.num_cpus, include_dashboard=False, **options)
    return True


def make_config(args: argparse.Namespace) -> PPOConfig:
    modules = rllib_env.module_ids(args.policies, args.num_players)
    spec = RLModuleSpec(
        module_class=rllib_env.MaskedPPOModule,
        model_config={"fcnet_hiddens": args.hidden, "head_fcnet_hiddens": []},
    )
    return (
        PPOConfig()
        .environment(rllib_env.ENV_NAME, env_config=env_config(args), disable_env_checking=True)
        .env_runners(
            num_env_runners=args.num_env_runners,
            num_envs_per_env_runner=args.envs_per_runner,
        )
        .learners(num_learners=0)  # the driver learns; a GPU learner is a config change away
        .training(
            train_batch_size_per_learner=args.train_batch_size,
            **{key: getattr(args, key) for key in PPO_DEFAULTS if key != "train_batch_size"},
        )
        .multi_agent(
            policies=set(modules),
            policy_mapping_fn=rllib_env.POLICY_SCHEMES[args.policies],
        )
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=dict.fromkeys(modules, spec)))
        .debugging(seed=args.seed, log_level="INFO" if args.verbose else "ERROR")
    )


def number(value: Any) -> float | None:
    """A finite metric as a float, else None (RLlib reports NaN before any episode ends)."""
    if value is None:
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def iteration_record(result: dict[str, Any], modules: list[str]) -> dict[str, Any]:
    runners = result.get("env_runners", {})
    learners = result.get("learners", {})
    return {
        "iteration": int(result["training_iteration"]),
        "env_steps": int(result.get("num_env_steps_sampled_lifetime", 0)),
        "episodes": int(runners.get("num_episodes", 0)),
        "episode_return_mean": number(runners.get("episode_return_mean")),
        "episode_len_mean": number(runners.get("episode_len_mean")),
        "seat_return_mean": {
            seat: number(value)
            for seat, value in sorted(runners.get("agent_episode_returns_mean", {}).items())
        },
        "module_return_mean": {
            module: number(value)
            for module, value in sorted(runners.get("module_episode_returns_mean", {}).items())
        },
        "entropy": {module: number(learners.get(module, {}).get("entropy")) for module in modules},
        "time_s": round(float(result.get("time_this_iter_s", 0.0)), 2),
    }


def progress(iteration: dict[str, Any], total: int) -> str:
    length = iteration["episode_len_mean"]
    seats = " ".join(
        f"{seat} {value:+.2f}"
        for seat, value in iteration["seat_return_mean"].items()
        if value is not None
    )
    return (
        f"iteration {iteration['iteration']}/{total}: {iteration['env_steps']} env steps, "
        f"{iteration['episodes']} episodes, mean length "
        f"{'n/a' if length is None else f'{length:.1f}'}, seat returns {seats or 'n/a'}, "
        f"{iteration['time_s']:.1f} s"
    )


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train, save the checkpoint and ``run.json`` in ``args.out``; return the run record."""
    torch.set_num_threads(TORCH_THREADS)
    args.out.mkdir(parents=True, exist_ok=True)
    modules = rllib_env.module_ids(args.policies, args.num_players)
    started_ray = start_ray(args)
    try:
        register_env(rllib_env.ENV_NAME, rllib_env.make_env)
        start = time.perf_counter()
        algo = make_config(args).build_algo()
        try:
            iterations = []
            for _ in range(args.iterations):
                iterations.append(iteration_record(algo.train(), modules))
                print(progress(iterations[-1], args.iterations), file=sys.stderr, flush=True)
            wall_time = time.perf_counter() - start
            checkpoint = Path(algo.save_to_path(str((args.out / "checkpoint").resolve())))
        finally:
            algo.stop()
    finally:
        if started_ray:
            ray.shutdown()
    evaluation = evaluate(args, checkpoint) if args.eval_games else None

    record = run_record(args, modules, iterations, wall_time, checkpoint, evaluation)
    (args.out / "run.json").write_text(json.dumps(record, indent=2) + "\n")
    return record


def evaluate(args: argparse.Namespace, checkpoint: Path) -> dict[str, Any]:
    """The checkpointed policies, greedy, against ``--eval-opponents`` (see ``--eval-games``)."""
    mapping = rllib_env.POLICY_SCHEMES[args.policies]
    modules = {
        module_id: rllib_env.load_module(checkpoint, module_id)
        for module_id in rllib_env.module_ids(args.policies, args.num_players)
    }
    seats = {f"player_{i}": modules[mapping(f"player_{i}")] for i in range(args.num_players)}
    results = rllib_env.play_against(
        seats,
        env_config(args),
        args.eval_games,
        args.seed,
        args.eval_opponents,
        args.mcts_iterations,
    )
    return {"opponents": args.eval_opponents, "seats": results}


def run_record(
    args: argparse.Namespace,
    modules: list[str],
    iterations: list[dict[str, Any]],
    wall_time: float,
    checkpoint: Path,
    evaluation: dict[str, Any] | None,
) -> dict[str, Any]:
    return {
        "algorithm": "PPO (Ray RLlib, new API stack)",
        "game": args.game,
        "num_players": args.num_players,
        "game_options": args.game_options,
        "policies": args.policies,
        "modules": modules,
        "seed": args.seed,
        "python_hash_seed": os.environ.get(HASH_SEED),
        "iterations": iterations,
        "env_steps": iterations[-1]["env_steps"] if iterations else 0,
        "wall_time_s": round(wall_time, 2),
        "checkpoint": str(checkpoint),
        "evaluation": evaluation,
        "hyperparameters": {key: getattr(args, key) for key in PPO_DEFAULTS},
        "hidden": args.hidden,
        "options": {
            key: str(value) if isinstance(value, Path) else value
            for key, value in vars(args).items()
            if key != "game_option"  # the raw pairs; game_options holds them as a dict
        },
        "versions": {
            "digsite": digsite.__version__,
            "ray": ray.__version__,
            "torch": torch.__version__,
            "gymnasium": gym.__version__,
            "pettingzoo": pettingzoo.__version__,
            "numpy": np.__version__,
            "python": platform.python_version(),
        },
    }


def summary(record: dict[str, Any]) -> str:
    last = record["iterations"][-1]
    length = last["episode_len_mean"]
    text = (
        f"trained RLlib PPO ({record['policies']} policies) on {record['game']} "
        f"({record['num_players']} players): {len(record['iterations'])} iterations, "
        f"{record['env_steps']} env steps in {record['wall_time_s']:.1f} s, mean episode length "
        f"{'n/a' if length is None else f'{length:.1f}'}"
    )
    evaluation = record["evaluation"]
    if evaluation:
        games = sum(seat["games"] for seat in evaluation["seats"].values())
        wins = sum(seat["wins"] for seat in evaluation["seats"].values())
        text += f"; greedy vs {evaluation['opponents']}: won {wins}/{games}"
    return text + f"; saved {record['checkpoint']}"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    record = train(args)
    print(summary(record))
    return record


if __name__ == "__main__":
    main()
