"""Golden playthroughs: seeded games through every env configuration, hashed step by step.

For each configuration of the registry, one game of random legal play and one game of the
game's heuristic in every seat, played through the env as users get it (``env()``, ``last()``,
``step()``). Every step is hashed from the agent, its observation and mask, its reward,
termination, truncation and info, and the text of the action it chose. A refactor keeps these
hashes byte-identical (``test_golden.py``); a deliberate change of observations, actions or rules
regenerates them and says why (CHANGELOG.md, and the commit)::

    python -m envs_tests.golden            # rewrite envs_tests/golden/<game>.json
"""

from __future__ import annotations

import hashlib
import importlib
import json
from pathlib import Path

import numpy as np

from digsite.core.policy import choose
from digsite.core.spec import GameSpec
from digsite.games import BUILTIN

from .play import random_action

GOLDEN_DIR = Path(__file__).parent / "golden"
KINDS = ("random", "heuristic")
SEED = 20261123
HASH_BYTES = 6
"""Bytes kept of each step's hash: enough to tell any change, small enough to keep in git."""


def config_id(config: dict) -> str:
    return json.dumps(config, sort_keys=True)


def playthrough(entry: GameSpec, config: dict, kind: str, seed: int = SEED) -> list[str]:
    """The step hashes of one seeded game of ``kind`` play."""
    env = importlib.import_module(entry.module).env(**config)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    agent = entry.load_heuristic() if kind == "heuristic" else None
    hashes = []
    for name in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        step = hashlib.blake2b(digest_size=HASH_BYTES)
        step.update(name.encode())
        step.update(obs["observation"].tobytes())
        step.update(obs["action_mask"].tobytes())
        step.update(repr((float(reward), term, trunc, sorted(info.items()))).encode())
        action = None
        if not (term or trunc):
            state = env.unwrapped.game_state
            if agent is None:
                action = random_action(obs["action_mask"], rng)
            else:
                action = choose(agent, state, env.possible_agents.index(name))
            step.update(state.action_to_string(action).encode())
        hashes.append(step.hexdigest())
        env.step(action)
    return hashes


def path(entry: GameSpec) -> Path:
    return GOLDEN_DIR / f"{entry.name}.json"


def record(entry: GameSpec) -> dict:
    """Every configuration's playthroughs of one game, as stored."""
    return {
        "env": entry.env_id,
        "seed": SEED,
        "games": {
            config_id(config): {kind: playthrough(entry, config, kind) for kind in KINDS}
            for config in entry.configs()
        },
    }


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for entry in BUILTIN:
        data = record(entry)
        path(entry).write_text(json.dumps(data, indent=1) + "\n")
        steps = sum(len(h) for game in data["games"].values() for h in game.values())
        print(f"{path(entry)}: {len(data['games'])} configurations, {steps} steps")


if __name__ == "__main__":
    main()
