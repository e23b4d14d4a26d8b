"""Command-line pieces shared by the training scripts."""

from __future__ import annotations

import argparse
import importlib.util
import json
from typing import Any

from digsite.envs.registry import SOLO_GYM_IDS, make_game


def env_option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with the value read as JSON when it parses (``quest=3``, ``expert=true``)."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def missing(*modules: str) -> list[str]:
    """The optional packages among ``modules`` that are not installed."""
    return [name for name in modules if importlib.util.find_spec(name) is None]


def add_env_options(parser: argparse.ArgumentParser, what: str) -> None:
    """``--env`` (a solo Gymnasium id) and its repeatable ``--env-option KEY=VALUE``."""
    parser.add_argument("--env", choices=list(SOLO_GYM_IDS), default=None, help=what)
    parser.add_argument(
        "--env-option",
        type=env_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option of the --env (repeatable)",
    )


def env_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, Any]:
    """The ``--env-option`` pairs as a dict; an error without ``--env``."""
    if args.env_option and args.env is None:
        parser.error("--env-option goes with --env")
    return dict(args.env_option)


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The repeatable ``--game-option KEY=VALUE`` of a multi-player ``--game``."""
    parser.add_argument(
        "--game-option",
        type=env_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option of the --game (repeatable): setup=ur, mode=competitive, ...",
    )


def game_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, Any]:
    """The ``--game-option`` pairs as a dict, checked by building the game once."""
    options = dict(args.game_option)
    try:
        make_game(args.game, num_players=args.num_players, **options)
    except (TypeError, ValueError) as err:
        taken = f" does not take {options}" if options else ""
        parser.error(f"{args.game}{taken}: {err}")
    return options
