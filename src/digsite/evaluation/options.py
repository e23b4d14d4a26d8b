"""The options of ``digsite evaluate`` and ``digsite league`` (and of
``training_scripts/evaluate.py``), defined once; light (no RL library is imported here)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import commandline as cli
from ..agents.baselines import search_settings
from ..envs.registry import entry

EVALUATIONS, LEAGUES = Path("runs/evaluations"), Path("runs/leagues")
"""Default output folders (an evaluation of a model goes next to the model)."""


def check_budget(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Fill the search budget and rollout the command line left to the game's defaults; check
    ``--games``."""
    cli.check_search(parser, args)
    settings = search_settings(args.game, args.mcts_iterations, args.mcts_rollout)
    args.mcts_iterations, args.mcts_rollout = settings.iterations, settings.rollout
    if args.games < 1:
        parser.error("--games must be positive")


def add_evaluate_arguments(parser: argparse.ArgumentParser) -> None:
    add = parser.add_argument
    cli.add_game_arguments(parser)
    cli.add_env_arguments(
        parser, "evaluate on this solo Gymnasium env instead (the model's options)"
    )
    cli.add_from_run(parser)
    add("--model", type=Path, help="a model.zip of digsite train")
    add(
        "--out",
        type=Path,
        help=f"output folder (default: the model's, else {EVALUATIONS})",
    )
    add("--games", type=int, default=200, help="games per agent")
    add("--seed", type=int, default=0, help="game i is dealt with seed + i")
    add(
        "--opponents",
        type=cli.agent_kinds,
        help=f"who plays the other seats: one kind for all, or one per other seat, "
        f"comma-separated, among {cli.AGENT_CHOICES} (default: random, or the run's opponents)",
    )
    add(
        "--baselines",
        default="random,heuristic",
        help="comma-separated agents evaluated next to the model, in the same seats and deals "
        "(a game without a heuristic skips it; empty: the model alone)",
    )
    add(
        "--record-games",
        type=int,
        default=0,
        help="also write the records of this many games of each agent (digsite.records; "
        "seat i %% players, seed + i) to OUT/records/",
    )
    cli.add_search_arguments(parser)


def check_evaluate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """Fill the run's options (``--from-run``), the game or env options, the opponents (one
    per other seat), the baselines and the output folder."""
    if args.from_run is not None:
        run = cli.apply_run(parser, args)
        args.model = args.model or args.from_run / "model.zip"
        if args.opponents is None and run.get("opponents"):
            args.opponents = [cli.default_eval_opponents(run["opponents"])]
    cli.check_env(parser, args)
    if args.env is not None:
        if args.opponents is not None or args.game is not None or args.num_players is not None:
            parser.error("a solo --env has one seat: leave out --game, --num-players, --opponents")
        if args.record_games:
            parser.error("--record-games records games of --game (a solo --env has no record)")
        args.game_options = {}
        args.game = cli.solo_engine(args.env, args.env_options).name
    else:
        cli.check_game(parser, args)
        args.opponents = args.opponents or ["random"]
        others = args.num_players - 1
        if len(args.opponents) == 1:
            args.opponents = args.opponents * others
        if len(args.opponents) != others:
            parser.error(
                f"--opponents: {others} other seats, {len(args.opponents)} opponents given "
                "(give one kind for all of them, or one per seat)"
            )
        cli.check_agents(parser, args, args.opponents)
    try:
        kinds = cli.agent_kinds(args.baselines) if args.baselines.strip() else []
    except argparse.ArgumentTypeError as err:
        parser.error(f"--baselines: {err}")
    if entry(args.game).heuristic_agent is None and "heuristic" in kinds:
        kinds.remove("heuristic")
    args.baselines = kinds
    cli.check_agents(parser, args, kinds)
    if args.model is not None and not args.model.is_file():
        parser.error(f"model file {args.model} not found; train one with digsite train")
    if args.model is None and not args.baselines:
        parser.error("nothing to evaluate: give --model and/or --baselines")
    check_budget(parser, args)
    args.out = args.out or (args.model.parent if args.model is not None else EVALUATIONS)
    return args


def add_league_arguments(parser: argparse.ArgumentParser) -> None:
    add = parser.add_argument
    cli.add_game_arguments(parser)
    cli.add_from_run(parser)
    add(
        "--agents",
        type=cli.agent_kinds,
        default="random,heuristic,mcts",
        help=f"comma-separated agents, at least one per seat, among {cli.AGENT_CHOICES}",
    )
    add("--games", type=int, default=40, help="games of each match-up (seats rotate)")
    add("--seed", type=int, default=0, help="game i of every match-up is dealt with seed + i")
    add("--out", type=Path, default=LEAGUES, help="output folder")
    cli.add_search_arguments(parser)


def check_league(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    if args.from_run is not None:
        run = cli.apply_run(parser, args)
        if run.get("env"):
            parser.error(
                f"{args.from_run} trained on the solo {run['env']}: a league needs players"
            )
    cli.check_game(parser, args, args.agents)
    if len(set(args.agents)) != len(args.agents):
        parser.error(f"--agents names an agent twice: {','.join(args.agents)}")
    if len(args.agents) < args.num_players:
        parser.error(
            f"a league of {args.num_players}-player games needs at least {args.num_players} "
            f"agents, not {len(args.agents)} (digsite evaluate plays one agent against others)"
        )
    check_budget(parser, args)
    return args
