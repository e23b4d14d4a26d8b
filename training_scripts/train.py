"""Train MaskablePPO (sb3-contrib) on one seat of a digsite game against random opponents.

The learner plays ``digsite.single_seat_env(game, num_players=N)``: its seat is drawn at random
each episode, every other seat plays uniformly random legal moves, and the only reward is the
end-of-game +1 (win) / 0 (win shared by everybody) / -1 (loss).  Illegal moves are masked out
through the env's ``action_masks()``.

    python training_scripts/train.py --game mykerinos --num-players 2 --timesteps 30000 \\
        --out runs/mykerinos

writes ``runs/mykerinos/model.zip`` and ``runs/mykerinos/run.json`` (configuration, timesteps,
wall time, versions).  Evaluate the model with ``training_scripts/evaluate.py``.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path
from typing import Any

import numpy as np
import sb3_contrib
import stable_baselines3
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.utils import set_random_seed
from stable_baselines3.common.vec_env import DummyVecEnv, VecEnv

import digsite
from digsite.core.registry import ENVIRONMENTS

N_ENVS = 4
TORCH_THREADS = 1
"""Small MLP, small batches: one thread is as fast as two and leaves a core for the envs."""

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


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Train MaskablePPO on one seat of a digsite game against random opponents.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--game", default="mykerinos", choices=[e.name for e in ENVIRONMENTS])
    parser.add_argument("--num-players", type=int, default=2, help="players in each game")
    parser.add_argument("--timesteps", type=int, default=30_000, help="learner decisions to train")
    parser.add_argument("--seed", type=int, default=0, help="seeds torch, numpy and the envs")
    parser.add_argument(
        "--out", type=Path, default=Path("runs/mykerinos"), help="directory for model.zip"
    )
    return parser.parse_args(argv)


def make_env(game: str, num_players: int, seed: int) -> VecEnv:
    """``N_ENVS`` monitored copies of the single-seat env, seeded ``seed``, ``seed + 1``, ..."""
    return make_vec_env(
        digsite.single_seat_env,
        n_envs=N_ENVS,
        seed=seed,
        env_kwargs={"game": game, "num_players": num_players},
        vec_env_cls=DummyVecEnv,
    )


def make_model(env: VecEnv, seed: int) -> MaskablePPO:
    return MaskablePPO(
        "MlpPolicy",
        env,
        policy_kwargs={"net_arch": NET_ARCH},
        seed=seed,
        device="cpu",
        verbose=0,
        **PPO_KWARGS,
    )


def mean_recent_return(model: MaskablePPO) -> float | None:
    """Mean return of the last (up to 100) training episodes, from the Monitor wrappers."""
    returns = [episode["r"] for episode in model.ep_info_buffer or []]
    return float(np.mean(returns)) if returns else None


def run_record(args: argparse.Namespace, model: MaskablePPO, wall_time: float) -> dict[str, Any]:
    return {
        "game": args.game,
        "num_players": args.num_players,
        "seed": args.seed,
        "timesteps_requested": args.timesteps,
        "timesteps_trained": int(model.num_timesteps),
        "wall_time_s": round(wall_time, 2),
        "steps_per_s": round(model.num_timesteps / wall_time, 1),
        "mean_return_last_100_episodes": mean_recent_return(model),
        "algorithm": "MaskablePPO",
        "policy": "MlpPolicy",
        "net_arch": NET_ARCH,
        "n_envs": N_ENVS,
        "hyperparameters": PPO_KWARGS,
        "torch_threads": TORCH_THREADS,
        "versions": {
            "digsite": digsite.__version__,
            "stable_baselines3": stable_baselines3.__version__,
            "sb3_contrib": sb3_contrib.__version__,
            "torch": torch.__version__,
            "python": platform.python_version(),
        },
    }


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train, save ``model.zip`` and ``run.json`` in ``args.out``, and return the run record."""
    torch.set_num_threads(TORCH_THREADS)
    set_random_seed(args.seed)
    env = make_env(args.game, args.num_players, args.seed)
    model = make_model(env, args.seed)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    wall_time = time.perf_counter() - start
    env.close()

    args.out.mkdir(parents=True, exist_ok=True)
    model.save(args.out / "model.zip")
    record = run_record(args, model, wall_time)
    (args.out / "run.json").write_text(json.dumps(record, indent=2) + "\n")
    return record


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    record = train(args)
    recent = record["mean_return_last_100_episodes"]
    recent_text = "n/a" if recent is None else f"{recent:+.3f}"
    print(
        f"trained MaskablePPO on {args.game} ({args.num_players} players): "
        f"{record['timesteps_trained']} steps in {record['wall_time_s']:.1f} s "
        f"({record['steps_per_s']:.0f} steps/s), mean return of last 100 episodes {recent_text}; "
        f"saved {args.out / 'model.zip'}"
    )


if __name__ == "__main__":
    main()
