"""One RLlib PPO training run (:mod:`digsite.rllib` documents it)."""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import sys
import time
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np

from ..agents.arena import play_games
from ..commandline import TORCH_THREADS, agent_for, extra_missing, recorded_options
from ..envs.registry import make_game
from . import env as rllib_env
from .options import PPO_DEFAULTS

try:
    import ray
    import torch
    from ray import cloudpickle
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.tune.registry import register_env
except ImportError as err:
    raise extra_missing("rllib", err) from err

VERSIONS = ("digsite", "ray", "torch", "gymnasium", "pettingzoo", "numpy")
"""The distributions whose versions ``run.json`` records (with Python's)."""

HASH_SEED = "PYTHONHASHSEED"


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
        .environment(
            rllib_env.ENV_NAME,
            env_config={"game": args.game, "num_players": args.num_players, **args.game_options},
            disable_env_checking=True,
        )
        .env_runners(
            num_env_runners=args.num_env_runners, num_envs_per_env_runner=args.envs_per_runner
        )
        .learners(num_learners=0)  # the driver learns; a GPU learner is a config change away
        .training(
            train_batch_size_per_learner=args.train_batch_size,
            **{key: getattr(args, key) for key in PPO_DEFAULTS if key != "train_batch_size"},
        )
        .multi_agent(
            policies=set(modules), policy_mapping_fn=rllib_env.POLICY_MAPPINGS[args.policies]
        )
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=dict.fromkeys(modules, spec)))
        .debugging(seed=args.seed, log_level="INFO" if args.verbose else "ERROR")
    )


def number(value: Any) -> float | None:
    """A finite metric as a float, else None (RLlib reports NaN before any episode ends)."""
    return value if value is not None and math.isfinite(value := float(value)) else None


def numbers(values: dict[str, Any]) -> dict[str, float | None]:
    return {key: number(value) for key, value in sorted(values.items())}


def iteration_record(result: dict[str, Any], modules: list[str]) -> dict[str, Any]:
    runners = result.get("env_runners", {})
    learners = result.get("learners", {})
    return {
        "iteration": int(result["training_iteration"]),
        "env_steps": int(result.get("num_env_steps_sampled_lifetime", 0)),
        "episodes": int(runners.get("num_episodes", 0)),
        "episode_return_mean": number(runners.get("episode_return_mean")),
        "episode_len_mean": number(runners.get("episode_len_mean")),
        "seat_return_mean": numbers(runners.get("agent_episode_returns_mean", {})),
        "module_return_mean": numbers(runners.get("module_episode_returns_mean", {})),
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
    """The checkpointed policies, greedy, against ``--eval-opponents`` (see ``--eval-games``):
    game ``g`` puts the learned policies in seat ``g % players``, dealt from ``seed + g``."""
    mapping = rllib_env.POLICY_MAPPINGS[args.policies]
    ids = rllib_env.module_ids(args.policies, args.num_players)
    modules = {module_id: rllib_env.load_module(checkpoint, module_id) for module_id in ids}
    seats = [f"player_{i}" for i in range(args.num_players)]
    engine = make_game(args.game, num_players=args.num_players, **args.game_options)
    learner = rllib_env.SeatModules({seat: modules[mapping(seat)] for seat in seats})
    opponents = [
        agent_for(args.eval_opponents, engine, args.seed + k, args)
        for k in range(1, args.num_players)
    ]
    returns: dict[str, list[float]] = {seat: [] for seat in seats}
    for outcome in play_games(engine, [learner, *opponents], args.eval_games, args.seed):
        returns[seats[outcome.seat_of(0)]].append(outcome.return_of(0))
    results = {
        seat: {
            "games": len(values),
            "wins": sum(value > 0 for value in values),
            "mean_return": float(np.mean(values)) if values else None,
        }
        for seat, values in returns.items()
    }
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
        "options": recorded_options(args),
        "versions": {name: version(name) for name in VERSIONS} | {"python": sys.version.split()[0]},
    }


def summary(record: dict[str, Any]) -> str:
    length = record["iterations"][-1]["episode_len_mean"]
    text = (
        f"trained RLlib PPO ({record['policies']} policies) on {record['game']} "
        f"({record['num_players']} players): {len(record['iterations'])} iterations, "
        f"{record['env_steps']} env steps in {record['wall_time_s']:.1f} s, mean episode length "
        f"{'n/a' if length is None else f'{length:.1f}'}"
    )
    if evaluation := record["evaluation"]:
        games = sum(seat["games"] for seat in evaluation["seats"].values())
        wins = sum(seat["wins"] for seat in evaluation["seats"].values())
        text += f"; greedy vs {evaluation['opponents']}: won {wins}/{games}"
    return text + f"; saved {record['checkpoint']}"


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Train with checked options (:mod:`.options`), print the summary; the run record."""
    record = train(args)
    print(summary(record))
    return record
