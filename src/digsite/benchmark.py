"""Throughput of every digsite env, as users get it, against PettingZoo's connect four.

Random legal play through ``env()`` with ``last()`` and a uniform draw from the action mask every
step, exactly the same loop for every env, in one process; the ratio to connect four measured in
the same run is what to compare across machines.

    digsite benchmark                  # a table (or: python training_scripts/benchmark.py)
    digsite benchmark --json           # one JSON object
    digsite benchmark --game mykerinos --seconds 1 --repeats 1
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import warnings

import numpy as np

from . import __version__
from .envs.factory import make_env
from .envs.registry import ENVIRONMENTS


def steps_per_second(env, seconds: float, seed: int = 0) -> float:
    rng = np.random.default_rng(seed)
    steps = 0
    env.reset(seed=seed)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                legal = np.flatnonzero(observation["action_mask"])
                action = int(legal[rng.integers(len(legal))])
            env.step(action)
            steps += 1
        seed += 1
        env.reset(seed=seed)
    return steps / (time.perf_counter() - start)


def measure_all(makers: dict, seconds: float, repeats: int) -> dict[str, float]:
    """Median steps/s of each env; the envs take turns window by window, so that a slow spell
    of the machine hits all of them alike."""
    envs = {name: make() for name, make in makers.items()}
    for env in envs.values():
        steps_per_second(env, min(0.5, seconds))  # warm-up
    rates: dict[str, list[float]] = {name: [] for name in envs}
    for i in range(repeats):
        for name, env in envs.items():
            rates[name].append(steps_per_second(env, seconds, seed=i))
    return {name: statistics.median(r) for name, r in rates.items()}


def connect_four():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import connect_four_v3
    return connect_four_v3.env()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one window")
    parser.add_argument("--repeats", type=int, default=3, help="windows per env (median taken)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--game",
        action="append",
        choices=[e.name for e in ENVIRONMENTS],
        help="only this game (repeatable; default: every game)",
    )


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds and --repeats must be positive")
    return args


def run(args: argparse.Namespace) -> list[dict]:
    """Measure every env of the chosen games and connect four; print the table (or JSON)."""
    baseline_name = "pettingzoo connect_four_v3"
    makers = {baseline_name: connect_four}
    targets = {}
    for entry in (e for e in ENVIRONMENTS if not args.game or e.name in args.game):
        for config in entry.configs():
            name = f"{entry.env_id} {config}"
            makers[name] = lambda game=entry.name, c=config: make_env(game, **c)
            targets[name] = entry.benchmark_target
    rates = measure_all(makers, args.seconds, args.repeats)
    baseline = rates[baseline_name]
    rows = [{"env": baseline_name, "steps_per_s": baseline, "ratio": 1.0}]
    rows += [
        {
            "env": name,
            "steps_per_s": rates[name],
            "ratio": (ratio := rates[name] / baseline),
            "target": target,
            "meets_target": None if target is None else ratio >= target,
        }
        for name, target in targets.items()
    ]
    if args.json:
        print(json.dumps({"digsite": __version__, "results": rows}, indent=2))
        return rows
    print(f"{'env':<62} {'steps/s':>9} {'x connect4':>10} {'target':>7}")
    for row in rows:
        target = row.get("target")
        mark = "" if target is None else f">={target:g} {'ok' if row['meets_target'] else 'MISS'}"
        print(f"{row['env']:<62} {row['steps_per_s']:>9.0f} {row['ratio']:>10.2f} {mark:>7}")
    return rows
