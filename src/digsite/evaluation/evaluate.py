"""Evaluate agents against opponents: ``digsite evaluate`` (or ``training_scripts/evaluate.py``).
The user's guide is ``docs/evaluation.md``; ``digsite evaluate --help`` lists every option.

Game ``i`` puts the agent under test in seat ``i % N`` (so every seat is played equally often)
and is dealt from ``seed + i``; the model, then each baseline, plays the same deals against
fresh opponents seeded alike.  On a solo env (``--env``, or a solo run) every agent plays the
same episodes.

The files go into ``--out`` as ``STEM.json`` (every game), ``STEM.md``, ``STEM.csv`` and
``STEM.png``, where STEM names everything that makes one evaluation differ from another:
``results-<game>-<N>p[-<options>]-<agents>-vs-<opponents>`` or
``results-<env>[-<options>]-<agents>``.
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym

from .. import __version__, records
from ..agents import ModelAgent
from ..agents.arena import Agent, play_episodes, play_games, seating
from ..agents.model import MODEL_PREFIX, PPO
from ..commandline import TORCH_THREADS, agent_for
from ..core.engine import Game
from ..envs.registry import entry, make_game
from . import plots, stats, tables
from .stats import SoloTally, Tally, rows

MODEL_NAME = "MaskablePPO"


def agent_name(kind: str, args: argparse.Namespace) -> str:
    if kind == "mcts":
        return f"mcts ({args.mcts_iterations} it., {args.mcts_rollout} rollouts)"
    return kind


def slug(kind: str, args: argparse.Namespace) -> str:
    """An agent kind as a piece of a file name: ``mcts100``, ``model-<folder>``."""
    if kind == "mcts":
        return f"mcts{args.mcts_iterations}" + ("h" if args.mcts_rollout == "heuristic" else "")
    if kind.startswith(MODEL_PREFIX):
        path = Path(kind[len(MODEL_PREFIX) :])
        kind = f"model-{path.parent.name if path.stem == 'model' else path.stem}"
    return re.sub(r"[^A-Za-z0-9_.=+-]", "_", kind.lower())


def limit_torch_threads(kinds: Sequence[str], model: Path | None = None) -> None:
    """One torch thread when a trained policy plays: a small network is fastest on one."""
    if model is not None or any(k == PPO or k.startswith(MODEL_PREFIX) for k in kinds):
        import torch

        torch.set_num_threads(TORCH_THREADS)


def subjects(args: argparse.Namespace, engine: Game) -> list[tuple[str, str, Agent]]:
    """``(name, file-name piece, agent)``: the model (if any), then the baselines."""
    found = []
    if args.model is not None:
        model = ModelAgent(args.model)
        try:
            model.check(engine.observation_size, engine.num_actions)
        except ValueError as err:
            raise SystemExit(
                f"error: {err}: pass the options it was trained with (or --from-run)"
            ) from None
        found.append((MODEL_NAME, MODEL_NAME.lower(), model))
    for kind in args.baselines:
        agent = agent_for(kind, engine, args.seed, args)
        found.append((agent_name(kind, args), slug(kind, args), agent))
    return found


def option_text(options: dict[str, Any], separator: str) -> str:
    return "".join(f"{separator}{key}={value}" for key, value in options.items())


def evaluate_game(args: argparse.Namespace) -> tuple[str, str, list[Tally], dict[str, Any]]:
    """Every subject against the opponents: the title, the file stem, the tallies and the
    setting."""
    engine = make_game(args.game, num_players=args.num_players, **args.game_options)
    agents = subjects(args, engine)
    results = []
    for name, _, agent in agents:
        opponents = [
            agent_for(kind, engine, args.seed + 1 + k, args)
            for k, kind in enumerate(args.opponents)
        ]
        outcomes = play_games(engine, [agent, *opponents], args.games, args.seed)
        results.append(stats.tallies([name, *args.opponents], outcomes)[0])
    if args.record_games:
        written = record_games(args, engine, agents, args.out / "records")
        print(f"{len(written)} game records in {args.out / 'records'} (digsite replay FILE)")
    against = ",".join(dict.fromkeys(args.opponents))
    title = (
        f"{args.game}, {args.num_players} players{option_text(args.game_options, ', ')}, "
        f"against {against} opponents, seats rotating"
    )
    stem = (
        f"results-{args.game}-{args.num_players}p{option_text(args.game_options, '-')}-"
        f"{'+'.join(piece for _, piece, _ in agents)}-vs-"
        f"{'+'.join(slug(kind, args) for kind in args.opponents)}"
    )
    setting = {key: vars(args)[key] for key in ("game", "num_players", "game_options", "opponents")}
    return title, stem, results, setting


def evaluate_solo(args: argparse.Namespace) -> tuple[str, str, list[SoloTally], dict[str, Any]]:
    env = gym.make(args.env, **args.env_options)
    engine = env.unwrapped.game
    measure = entry(engine.name).solo.measure_of(engine)  # a checked --env is solo
    agents = subjects(args, engine)
    tallies = [
        SoloTally(name, measure, play_episodes(env, agent, args.games, args.seed))
        for name, _, agent in agents
    ]
    env.close()
    options = ", ".join(f"{k}={v}" for k, v in args.env_options.items())
    title = f"{args.env}" + (f" ({options})" if options else "") + f", {args.games} episodes"
    stem = (
        f"results-{args.env.split('/')[-1]}{option_text(args.env_options, '-')}-"
        f"{'+'.join(piece for _, piece, _ in agents)}"
    )
    return title, stem, tallies, {"env": args.env, "env_options": args.env_options}


def record_games(
    args: argparse.Namespace, engine: Game, agents: Sequence[tuple], folder: Path
) -> list[Path]:
    """``args.record_games`` game records of each agent against the opponents: game ``i``
    has the agent in seat ``i % players`` and is dealt from ``seed + i``."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, piece, agent in agents:
        for i in range(args.record_games):
            seed = args.seed + i
            opponents = [agent_for(k, engine, seed + n, args) for n, k in enumerate(args.opponents)]
            lineup, names = [agent, *opponents], [name, *args.opponents]
            order = seating(i, args.num_players)
            seats, names = [lineup[k] for k in order], [names[k] for k in order]
            record = records.play(args.game, seats, names=names, seed=seed, **engine.config)
            paths.append(folder / f"{args.game}-{piece}-seat{order.index(0)}-seed{seed}.json")
            records.save(record, paths[-1])
    return paths


def run(args: argparse.Namespace) -> list[Tally] | list[SoloTally]:
    """Evaluate with checked options (:mod:`.options`); print the table, write the files."""
    args.out.mkdir(parents=True, exist_ok=True)
    limit_torch_threads([*args.baselines, *(args.opponents or ())], args.model)
    start = time.perf_counter()
    solo = args.env is not None
    title, stem, tallies, setting = (evaluate_solo if solo else evaluate_game)(args)
    wall_time = time.perf_counter() - start
    table = tables.frame(rows(tallies))
    print(title, tables.text(table), f"({wall_time:.1f} s)", sep="\n")
    record = {
        **setting,
        "model": None if args.model is None else str(args.model),
        "games": args.games,
        "seed": args.seed,
        "wall_time_s": round(wall_time, 2),
        "digsite_version": __version__,
        "results": [t.as_dict() for t in tallies],
    }
    path = args.out / stem
    tables.write(path, record, [(title, table)])
    picture = path.with_suffix(".png")
    if solo:
        plots.solo_scores(picture, title, tallies)
    else:
        plots.win_rates(picture, title, tallies, par=1 / args.num_players)
    return tallies
