"""Evaluate a MaskablePPO model from ``train.py`` next to the baseline agents.

Games against opponents: plays ``--games`` full games of ``digsite.single_seat_env(game,
num_players=N)`` with the model's masked deterministic moves in the learner's seat (seat
``i % N`` in game ``i``, so every seat is played equally often), then the same games (same seeds,
so the same deals) with each baseline agent in that seat (``--baselines``: random, the game's
heuristic, IS-MCTS).  The other seats are played by ``--opponents`` (random by default).  A win
is a final reward of +1, a shared win (every player tied) 0 and a loss -1.

    python training_scripts/evaluate.py --game mykerinos --num-players 2 \\
        --model runs/mykerinos/model.zip --games 200 --opponents random

Solo games (``--env``, a solo Gymnasium id, with its ``--env-option``s): the same episodes for
every agent; reports the solved (won) rate, the mean return, the game's own score (the env's
``info["score"]``, e.g. ArcheOlogic's time spent) over all episodes and over the won ones, and
the solo titles.

    python training_scripts/evaluate.py --env digsite/ArcheOlogicSolo-v1 \\
        --model runs/archeologic-solo/model.zip --games 200

A game's options (``--game-option setup=ur``, ``mode=competitive``, ...) are passed to every
env; give the ones the model was trained with.

Without ``--model`` only the baselines are played (heuristic and MCTS against random players,
say).  Prints a table and writes ``results-<game>-<N>p-<opponents>`` (or ``results-solo``)
``.json``, ``.md`` (the table in Markdown), ``.csv`` (one row per agent) and, with matplotlib
installed, ``.png`` (win rates with their 95% intervals, or the score distributions) into
``--out`` (default: the model's folder, else ``runs/evaluations``).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from cli import add_env_options, add_game_options, env_options, game_options, missing
from sb3_contrib import MaskablePPO

import digsite
from digsite import records
from digsite.agents import AGENT_KINDS, ROLLOUTS, ModelAgent, choose, make_agent
from digsite.envs.registry import ENVIRONMENTS, entry

Agent = Callable[[np.ndarray, np.ndarray], int]
"""``agent(observation, action_mask) -> action``, or an agent with ``act_in(state, player)``."""

TITLE_ORDER = ("Master", "Seasoned", "Apprentice")
"""ArcheOlogic's solo titles, best first; other games' titles follow in name order."""


def wilson_interval(successes: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a rate (sound for small samples and 0% / 100%)."""
    if not n:
        return (0.0, 1.0)
    z, p = 1.96, successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Result:
    """One agent's games against opponents."""

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

    @property
    def win_rate_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def add(self, reward: float, score: float) -> None:
        self.games += 1
        self.total_score += score
        if reward > 0:
            self.wins += 1
        elif reward < 0:
            self.losses += 1
        else:
            self.shared_wins += 1

    def row(self) -> dict[str, Any]:
        low, high = self.win_rate_interval
        return {
            "agent": self.agent,
            "games": self.games,
            "wins": self.wins,
            "shared": self.shared_wins,
            "losses": self.losses,
            "win rate": f"{self.win_rate:.3f}",
            "95% interval": f"{low:.2f}-{high:.2f}",
            "mean score": f"{self.mean_score:.2f}",
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "losses": self.losses,
            "total_score": self.total_score,
            "win_rate": self.win_rate,
            "win_rate_95ci": list(self.win_rate_interval),
            "mean_score": self.mean_score,
        }


@dataclass
class SoloResult:
    """One agent's solo episodes: won or not, return, the game's score and the title."""

    agent: str
    returns: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    won_scores: list[float] = field(default_factory=list)
    titles: Counter = field(default_factory=Counter)

    @property
    def games(self) -> int:
        return len(self.returns)

    @property
    def wins(self) -> int:
        return len(self.won_scores)

    def add(self, reward: float, score: float, title: str | None, won: bool) -> None:
        self.returns.append(reward)
        self.scores.append(score)
        if won:
            self.won_scores.append(score)
        self.titles[title or "none"] += 1

    def title_counts(self, names: Sequence[str] | None = None) -> dict[str, int]:
        """Episodes per title (``none``: no title), for ``names`` (default: those earned)."""
        names = title_names([self]) if names is None else names
        return {name: self.titles[name] for name in names}

    def row(self, titles: Sequence[str] = ()) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        scores = self.won_scores
        return {
            "agent": self.agent,
            "games": self.games,
            "won": self.wins,
            "won rate": f"{self.wins / max(self.games, 1):.3f}",
            "95% interval": f"{low:.2f}-{high:.2f}",
            "mean return": f"{statistics.fmean(self.returns):.2f}" if self.returns else "",
            "score (all): mean": f"{statistics.fmean(self.scores):.2f}" if self.scores else "",
            "score (won): mean": f"{statistics.fmean(scores):.2f}" if scores else "",
            "median": f"{statistics.median(scores):g}" if scores else "",
            "range": f"{min(scores):g}-{max(scores):g}" if scores else "",
            **self.title_counts(titles or None),
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "games": self.games,
            "won": self.wins,
            "won_rate_95ci": list(wilson_interval(self.wins, self.games)),
            "returns": self.returns,
            "scores": self.scores,
            "won_scores": self.won_scores,
            "titles": self.title_counts(),
        }


def title_names(results: Sequence[SoloResult]) -> list[str]:
    """The titles any of ``results`` earned, best known first, then ``none``."""
    earned = set().union(*(r.titles for r in results)) - {"none"}
    known = [name for name in TITLE_ORDER if name in earned]
    return [*known, *sorted(earned - set(TITLE_ORDER)), "none"]


def table_rows(results: list) -> list[dict[str, Any]]:
    """One row per agent, with the same title columns for every solo agent."""
    if results and isinstance(results[0], SoloResult):
        names = title_names(results)
        return [r.row(names) for r in results]
    return [r.row() for r in results]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="A trained MaskablePPO model next to baseline agents (see the module "
        "docstring).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    add = parser.add_argument
    add("--game", default="mykerinos", choices=[e.name for e in ENVIRONMENTS])
    add("--num-players", type=int, default=2, help="players in each game")
    add_game_options(parser)
    add_env_options(parser, "evaluate on this solo Gymnasium env instead (the model's options)")
    add("--model", type=Path, default=None, help="a model.zip from train.py (none: baselines only)")
    add(
        "--out",
        type=Path,
        default=None,
        help="output folder (default: the model's, else runs/evaluations)",
    )
    add("--games", type=int, default=200, help="games per agent")
    add("--seed", type=int, default=0, help="game i is dealt with seed + i")
    add("--opponents", default="random", choices=AGENT_KINDS, help="who plays the other seats")
    add(
        "--baselines",
        default="random,heuristic",
        help=f"comma-separated agents evaluated next to the model, among {AGENT_KINDS} "
        "(a game without a heuristic skips it)",
    )
    add(
        "--record-games",
        type=int,
        default=0,
        help="also write the records of this many games of each agent (digsite.records; "
        "seat i %% players, seed + i) to OUT/records/",
    )
    add("--mcts-iterations", type=int, default=100, help="IS-MCTS budget")
    add("--mcts-rollout", choices=ROLLOUTS, default="random", help="IS-MCTS rollout policy")
    args = parser.parse_args(argv)
    args.env_options = env_options(parser, args)
    if args.env is not None and args.game_option:
        parser.error("--game-option goes with --game; a solo --env takes --env-option")
    args.game_options = {} if args.env is not None else game_options(parser, args)
    if args.record_games and args.env is not None:
        parser.error("--record-games records games of --game (a solo --env has no record)")
    return args


def load_model(path: Path) -> ModelAgent:
    if not path.is_file():
        sys.exit(f"error: model file {path} not found; train one with training_scripts/train.py")
    return ModelAgent(path)


def play_episode(env: gym.Env, agent: Agent, seed: int) -> tuple[float, dict, int]:
    """One full episode: the sum of the learner's rewards, the last info and the seat played."""
    observation, info = env.reset(seed=seed)
    seat = info.get("seat", 0)
    total = 0.0
    while True:
        action = choose(agent, env.unwrapped.game_state, seat, observation)
        observation, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        if info.get("illegal_action"):
            raise RuntimeError(f"agent played the illegal action {action}")
        if terminated or truncated:
            return total, info, seat


def evaluate(name: str, agent: Agent, envs: list[gym.Env], games: int, seed: int) -> Result:
    """``games`` games, game ``i`` in seat ``i % len(envs)`` with seed ``seed + i``."""
    result = Result(name)
    for i in range(games):
        reward, info, seat = play_episode(envs[i % len(envs)], agent, seed + i)
        result.add(reward, float(info["scores"][seat]))
    return result


def evaluate_solo(name: str, agent: Agent, env: gym.Env, games: int, seed: int) -> SoloResult:
    """``games`` episodes with seeds ``seed + i``; won means the game's own return is positive."""
    result = SoloResult(name)
    for i in range(games):
        total, info, _ = play_episode(env, agent, seed + i)
        state = env.unwrapped.game_state
        score = info.get("score", state.scores()[0])
        result.add(total, float(score), info.get("title"), state.returns()[0] > 0)
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


# -- output -----------------------------------------------------------------------------------
def text_table(rows: Sequence[dict[str, Any]]) -> str:
    columns = list(rows[0])
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in columns}
    lines = [" ".join(c.ljust(widths[c]) if c == "agent" else c.rjust(widths[c]) for c in columns)]
    for r in rows:
        cells = (
            str(r[c]).ljust(widths[c]) if c == "agent" else str(r[c]).rjust(widths[c])
            for c in columns
        )
        lines.append(" ".join(cells))
    return "\n".join(lines)


def markdown_table(rows: Sequence[dict[str, Any]]) -> str:
    columns = list(rows[0])
    lines = ["| " + " | ".join(columns) + " |"]
    lines.append("|" + "|".join("---" if c == "agent" else "---:" for c in columns) + "|")
    lines += ["| " + " | ".join(str(r[c]) for c in columns) + " |" for r in rows]
    return "\n".join(lines)


def write_csv(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def plot(path: Path, title: str, results: list) -> bool:
    """Win rates with 95% intervals, or (solo) the distributions of the won episodes' scores."""
    if missing("matplotlib"):
        print("no plot: matplotlib is not installed (pip install matplotlib)", file=sys.stderr)
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    names = [r.agent for r in results]
    if isinstance(results[0], SoloResult):
        scored = [r for r in results if r.won_scores]
        if scored:
            low, high = (
                min(min(r.won_scores) for r in scored),
                max(max(r.won_scores) for r in scored),
            )
            whole = all(float(x).is_integer() for r in scored for x in r.won_scores)
            bins = np.arange(low - 0.5, high + 1.5) if whole and high - low < 60 else 20
            axes.hist([r.won_scores for r in scored], label=[r.agent for r in scored], bins=bins)
            axes.legend()
        axes.set(xlabel="score of the won episodes", ylabel="episodes")
        unsolved = ", ".join(f"{r.agent} {r.games - r.wins}/{r.games}" for r in results)
        axes.set_title(f"{title}\nnot won: {unsolved}", fontsize=9)
    else:
        rates = [r.win_rate for r in results]
        # (rounding can put a Wilson bound a hair inside a 0% or 100% rate)
        low = [max(0.0, r.win_rate - r.win_rate_interval[0]) for r in results]
        high = [max(0.0, r.win_rate_interval[1] - r.win_rate) for r in results]
        axes.bar(names, rates, yerr=[low, high], capsize=4, color="C0")
        axes.set(ylabel="win rate (95% interval)", ylim=(0, 1))
        axes.set_title(title, fontsize=9)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return True


def write_outputs(stem: Path, title: str, results: list, record: dict[str, Any]) -> None:
    """``stem`` + ``.json``, ``.md``, ``.csv`` and (with matplotlib) ``.png``."""
    rows = table_rows(results)
    stem.with_suffix(".json").write_text(json.dumps(record, indent=2) + "\n")
    stem.with_suffix(".md").write_text(f"{title}\n\n{markdown_table(rows)}\n")
    write_csv(stem.with_suffix(".csv"), rows)
    plot(stem.with_suffix(".png"), title, results)


def record_games(args: argparse.Namespace, agents: list[tuple], folder: Path) -> list[Path]:
    """Write ``args.record_games`` game records of each agent against the opponents: game i
    has the agent in seat ``i % players`` and is dealt with ``seed + i``."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, agent in agents:
        slug = name.split(" ")[0].lower()
        for i in range(args.record_games):
            seat = i % args.num_players
            seats = [
                make_agent(args.opponents, args.game, args.seed + i + p, args.mcts_iterations)
                for p in range(args.num_players)
            ]
            names = [args.opponents] * args.num_players
            seats[seat], names[seat] = agent, name
            record = records.play(
                args.game,
                seats,
                names=names,
                seed=args.seed + i,
                num_players=args.num_players,
                **args.game_options,
            )
            paths.append(folder / f"{args.game}-{slug}-seat{seat}-seed{args.seed + i}.json")
            records.save(record, paths[-1])
    return paths


# -- main -------------------------------------------------------------------------------------
def baseline_kinds(text: str, game: str) -> list[str]:
    kinds = [b.strip() for b in text.split(",") if b.strip()]
    if "heuristic" in kinds and entry(game).heuristic_agent is None:
        kinds.remove("heuristic")
    return kinds


def seat_envs(args: argparse.Namespace) -> list[gym.Env]:
    """One single-seat env per seat, with opponents seeded afresh: every agent evaluated meets
    the same opponent play, whatever the agents before it did to the opponents' generator."""
    opponents = make_agent(
        args.opponents, args.game, args.seed + 1, args.mcts_iterations, args.mcts_rollout
    )
    return [
        digsite.single_seat_env(
            args.game,
            seat=seat,
            opponents=opponents,
            num_players=args.num_players,
            **args.game_options,
        )
        for seat in range(args.num_players)
    ]


def agents_to_evaluate(args: argparse.Namespace, game: str, env: gym.Env) -> list[tuple]:
    """``(name, agent)``: the model (if any), then the baselines."""
    agents = []
    if args.model is not None:
        agent = load_model(args.model)
        check_spaces(agent.model, env)
        agents.append(("MaskablePPO", agent))
    for kind in baseline_kinds(args.baselines, game):
        agent = make_agent(kind, game, args.seed, args.mcts_iterations, args.mcts_rollout)
        name = kind
        if kind == "mcts":
            name = f"mcts ({args.mcts_iterations} it., {args.mcts_rollout} rollouts)"
        agents.append((name, agent))
    if not agents:
        sys.exit("error: nothing to evaluate: give --model and/or --baselines")
    return agents


def main(argv: list[str] | None = None) -> list:
    args = parse_args(argv)
    torch.set_num_threads(1)
    out = args.out or (args.model.parent if args.model else Path("runs/evaluations"))
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    if args.env is not None:
        env = gym.make(args.env, **args.env_options)
        game = env.unwrapped.game.name
        options = ", ".join(f"{k}={v}" for k, v in args.env_options.items())
        title = f"{args.env}" + (f" ({options})" if options else "") + f", {args.games} episodes"
        results = [
            evaluate_solo(name, agent, env, args.games, args.seed)
            for name, agent in agents_to_evaluate(args, game, env)
        ]
        stem = out / "results-solo"
        setting = {"env": args.env, "env_options": args.env_options}
    else:
        options = "".join(f", {k}={v}" for k, v in args.game_options.items())
        title = (
            f"{args.game}, {args.num_players} players{options}, against {args.opponents} "
            "opponents, seats rotating"
        )
        agents = agents_to_evaluate(args, args.game, seat_envs(args)[0])
        results = [
            evaluate(name, agent, seat_envs(args), args.games, args.seed) for name, agent in agents
        ]
        if args.record_games:
            written = record_games(args, agents, out / "records")
            print(f"{len(written)} game records in {out / 'records'} (digsite replay FILE)")
        options = "".join(f"-{k}={v}" for k, v in args.game_options.items())
        stem = out / f"results-{args.game}-{args.num_players}p{options}-{args.opponents}"
        setting = {
            "game": args.game,
            "num_players": args.num_players,
            "game_options": args.game_options,
            "opponents": args.opponents,
        }
    wall_time = time.perf_counter() - start

    print(title)
    print(text_table(table_rows(results)))
    print(f"({wall_time:.1f} s)")
    record = {
        **setting,
        "model": None if args.model is None else str(args.model),
        "games": args.games,
        "seed": args.seed,
        "wall_time_s": round(wall_time, 2),
        "digsite_version": digsite.__version__,
        "results": [r.as_dict() for r in results],
    }
    write_outputs(stem, title, results, record)
    return results


if __name__ == "__main__":
    main()
