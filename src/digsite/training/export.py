"""``digsite export``: a trained model as a small policy file, with a card that says how it was
made and how well it plays (``docs/training.md`` is the user's guide).

It writes the policy file (the actor network alone, float16: :mod:`digsite.agents.model`) and,
beside it, its card (commands: ``docs/recipes.md``): the game, its configuration and env id; the
policy's layers, size and SHA-256; the training run (from the run's ``run.json``); and one
``digsite evaluate`` per ``--opponents`` kind, or for a solo run one on its env, whose command
and result files are recorded (the files go into the run's folder).  A policy file written
into ``digsite/agents/pretrained/`` is the agent kind ``ppo`` of its configuration (a solo
env's policy, of its game's: the Royal Society's solo env is the 1-player game).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shlex
from pathlib import Path
from typing import Any

from .. import __version__, commandline
from ..agents.model import STORED_DTYPE, layers_of, load_actor, save_policy
from ..commandline import extra_missing, option_words, solo_engine
from ..core.engine import Game
from ..envs.registry import entry, make_game
from ..evaluation.stats import summary
from .options import command_line

try:
    import torch  # noqa: F401  (the policy file is read and written with torch)
except ImportError as err:
    raise extra_missing("train", err) from err


def export(model: Path, out: Path) -> dict[str, Any]:
    """Write the policy file of the MaskablePPO ``model`` to ``out``; its card's description.
    The model is read as weights only, never unpickled (:mod:`digsite.agents.model`)."""
    actor = load_actor(model)
    save_policy(actor, out)
    data = out.read_bytes()
    return {
        "file": out.name,
        "layers": layers_of(actor),
        "stored_as": STORED_DTYPE,
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "exported_from": str(model),
    }


def evaluation(args: argparse.Namespace, opponents: str | None) -> dict[str, Any]:
    """The exported policy and the baselines against ``opponents`` (None: on the run's solo
    env): the command and results."""
    if args.env is not None:
        setting = ["--env", args.env, *option_words("--env-option", args.env_options)]
    else:
        setting = [*("--game", args.game, "--num-players", str(args.num_players))]
        setting += [*option_words("--game-option", args.game_options), "--opponents", opponents]
    argv = [
        *setting,
        *("--model", str(args.out)),
        *("--baselines", ",".join(args.baselines), "--games", str(args.games)),
        *("--seed", str(args.seed), "--out", str(args.from_run)),
    ]
    tallies = commandline.main("evaluate", argv)
    return {
        "command": shlex.join(["digsite", "evaluate", *argv]),
        "opponents": opponents,
        "games": args.games,
        "seed": args.seed,
        "par": None if args.env is not None else 1 / args.num_players,
        "results": [summary(t) for t in tallies],
    }


def options_set(game: Game) -> dict[str, Any]:
    """The options of ``game`` that differ from its defaults at its number of players: what
    ``make_agent("ppo", ...)`` is given besides ``num_players`` (a solo env's learning aids)."""
    default = make_game(game.name, num_players=game.num_players).config
    return {
        key: value
        for key, value in game.config.items()
        if key != "num_players" and value != default[key]
    }


def card(args: argparse.Namespace, policy: dict[str, Any]) -> dict[str, Any]:
    run = args.run
    if args.env is None:  # the game the policy plays: its run's, or its run's solo env's
        game = make_game(args.game, num_players=args.num_players, **args.game_options)
        options = {"game_options": args.game_options}
    else:
        game = solo_engine(args.env, args.env_options)
        options = {"game_options": options_set(game), "env_options": args.env_options}
    return {
        "game": game.name,
        "env_id": args.env or entry(game.name).env_id,
        **options,
        "config": game.config,
        "digsite_version": __version__,
        "policy": policy,
        "training": {
            "command": command_line(run["options"]),
            "algorithm": run["algorithm"],
            "opponents": run["opponents"],
            "imitation": run.get("imitation"),
            "timesteps": run["timesteps_trained"],
            "wall_time_s": run["wall_time_s"],
            "seed": run["seed"],
            "net_arch": run["net_arch"],
            "n_envs": run["n_envs"],
            "hyperparameters": run["hyperparameters"],
            "versions": run["versions"],
        },
        "evaluations": [evaluation(args, kind) for kind in args.opponents or [None]]
        if args.games
        else [],
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Export with checked options (:mod:`.options`); write and return the card."""
    written = card(args, export(args.model, args.out))
    path = args.out.with_suffix(".json")
    path.write_text(json.dumps(written, indent=2) + "\n")
    print(f"wrote {args.out} ({written['policy']['bytes'] / 1024:.0f} KiB) and its card {path}")
    return written
