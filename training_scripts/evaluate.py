"""Evaluate a MaskablePPO model from ``train.py`` next to the baseline agents.

Plays ``--games`` full games of ``digsite.single_seat_env(game, num_players=N)`` with the model's
masked deterministic moves in the learner's seat (seat ``i % N`` in game ``i``, so every seat is
played equally often), then the same games (same seeds, so the same deals) with each baseline
agent in that seat (``--baselines``: random, the game's heuristic, IS-MCTS).  The other seats
are played by ``--opponents`` (random by default).  A win is a final reward of +1, a shared win
(every player tied) 0 and a loss -1.

    python training_scripts/evaluate.py --game mykerinos --num-players 2 \\
        --model runs/mykerinos/model.zip --games 200 --opponents random

prints a table and writes ``results-<opponents>.json`` next to the model.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO

import digsite
from digsite.agents import AGENT_KINDS, choose, make_agent
from digsite.core.registry import ENVIRONMENTS, entry

Agent = Callable[[np.ndarray, np.ndarray], int]
"""``agent(observation, action_mask) -> action``, or an agent with ``act_in(state, player)``."""


@dataclass
class Result:
    agent: str
    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    losses: int = 0
    total_score: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.total_score / self.games if self.games else 0.0

    def add(self, reward: float, score: float) -> None:
        self.games += 1
        self.total_score += score
        if reward > 0:
            self.wins += 1
        elif reward < 0:
            self.losses += 1
        else:
            self.shared_wins += 1

    @property
    def win_rate_interval(self) -> tuple[float, float]:
        """95% Wilson score interval of the win rate (sound for small samples and 0% / 100%)."""
        if not self.games:
            return (0.0, 1.0)
        z, n, p = 1.96, self.games, self.win_rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def as_dict(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "win_rate": self.win_rate,
            "win_rate_95ci": list(self.win_rate_interval),
            "mean_score": self.mean_score,
        }


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Win rate of a trained MaskablePPO model and of a random agent "
        "against random opponents.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--game", default="mykerinos", choices=[e.name for e in ENVIRONMENTS])
    parser.add_argument("--num-players", type=int, default=2, help="players in each game")
    parser.add_argument(
        "--model", type=Path, default=Path("runs/mykerinos/model.zip"), help="model.zip to load"
    )
    parser.add_argument("--games", type=int, default=200, help="games per agent")
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt with seed + i")
    parser.add_argument(
        "--opponents", default="random", choices=AGENT_KINDS, help="who plays the other seats"
    )
    parser.add_argument(
        "--baselines",
        default="random,heuristic",
        help=f"comma-separated agents evaluated next to the model, among {AGENT_KINDS} "
        "(a game without a heuristic skips it)",
    )
    parser.add_argument("--mcts-iterations", type=int, default=100, help="IS-MCTS budget")
    return parser.parse_args(argv)


def load_model(path: Path) -> MaskablePPO:
    if not path.is_file():
        sys.exit(f"error: model file {path} not found; train one with training_scripts/train.py")
    return MaskablePPO.load(path, device="cpu")


def model_agent(model: MaskablePPO) -> Agent:
    def act(observation: np.ndarray, action_mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=action_mask, deterministic=True)
        return int(action)

    return act


def play_game(env: gym.Env, agent: Agent, seed: int) -> tuple[float, float]:
    """One full game; the learner's final reward and final score."""
    observation, info = env.reset(seed=seed)
    seat = info["seat"]
    while True:
        action = choose(agent, env.unwrapped.state, seat, observation)
        observation, reward, terminated, truncated, info = env.step(action)
        if info.get("illegal_action"):
            raise RuntimeError(f"agent played the illegal action {action}")
        if terminated or truncated:
            return reward, float(info["scores"][seat])


def evaluate(name: str, agent: Agent, envs: list[gym.Env], games: int, seed: int) -> Result:
    """``games`` games, game ``i`` in seat ``i % len(envs)`` with seed ``seed + i``."""
    result = Result(name)
    for i in range(games):
        reward, score = play_game(envs[i % len(envs)], agent, seed + i)
        result.add(reward, score)
    return result


def check_spaces(model: MaskablePPO, env: gym.Env) -> None:
    if model.observation_space.shape != env.observation_space.shape or (
        model.action_space != env.action_space
    ):
        sys.exit(
            f"error: the model expects observations {model.observation_space.shape} and actions "
            f"{model.action_space}, the env gives {env.observation_space.shape} and "
            f"{env.action_space}"
        )


def print_table(results: list[Result]) -> None:
    header = f"{'agent':<12} {'games':>6} {'wins':>5} {'shared':>6} {'losses':>6} "
    header += f"{'win rate':>8} {'95% interval':>13} {'mean score':>10}"
    print(header)
    for r in results:
        low, high = r.win_rate_interval
        print(
            f"{r.agent:<12} {r.games:>6} {r.wins:>5} {r.shared_wins:>6} {r.losses:>6} "
            f"{r.win_rate:>8.3f} {f'{low:.2f}-{high:.2f}':>13} {r.mean_score:>10.2f}"
        )


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    torch.set_num_threads(1)
    model = load_model(args.model)
    opponents = make_agent(args.opponents, args.game, args.seed + 1, args.mcts_iterations)
    envs = [
        digsite.single_seat_env(
            args.game, seat=seat, opponents=opponents, num_players=args.num_players
        )
        for seat in range(args.num_players)
    ]
    check_spaces(model, envs[0])
    baselines = [b.strip() for b in args.baselines.split(",") if b.strip()]
    if "heuristic" in baselines and entry(args.game).heuristic_agent is None:
        baselines.remove("heuristic")

    start = time.perf_counter()
    results = [evaluate("MaskablePPO", model_agent(model), envs, args.games, args.seed)]
    for kind in baselines:
        agent = make_agent(kind, args.game, args.seed, args.mcts_iterations)
        results.append(evaluate(kind, agent, envs, args.games, args.seed))
    wall_time = time.perf_counter() - start

    print(
        f"{args.game}, {args.num_players} players, against {args.opponents} opponents, "
        "seats rotating"
    )
    print_table(results)
    print(f"({wall_time:.1f} s)")
    out = args.model.parent / f"results-{args.opponents}.json"
    record = {
        "opponents": args.opponents,
        "game": args.game,
        "num_players": args.num_players,
        "model": str(args.model),
        "games": args.games,
        "seed": args.seed,
        "wall_time_s": round(wall_time, 2),
        "digsite_version": digsite.__version__,
        "results": [r.as_dict() for r in results],
    }
    out.write_text(json.dumps(record, indent=2) + "\n")


if __name__ == "__main__":
    main()
