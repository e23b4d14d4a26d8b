"""Game records: a whole game as one JSON document, played once and replayed anywhere.

A record holds what reproduces and explains a game: the package version, the env id, the game's
options and the seed of its set-up, the agents' names, every step (the player, the action id and
its text) and the final returns and scores::

    from digsite import records
    from digsite.agents import make_agent

    game = records.play("mykerinos", [make_agent("heuristic", "mykerinos"),
                                      make_agent("random", "mykerinos", seed=1)],
                        names=["heuristic", "random"], seed=7, num_players=2)
    records.save(game, "game.json")
    records.replay(records.load("game.json"))   # the final state, or RecordError

``python -m digsite record GAME --agents heuristic,random`` writes one from the baseline agents,
``python -m digsite replay RECORD`` checks one.  The set-up is the one ``env.reset(seed=seed)``
deals, so a record is also a seeded game of the env.  Replaying checks every step against the
engine (the player to move, the action's legality and text) and the end (returns and scores):
a record that does not reproduce, or a malformed one, raises :class:`RecordError` saying where
it breaks.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from . import __version__
from .agents.arena import play_game
from .core.data import Validator
from .core.engine import ConfigError, IllegalActionError, State
from .envs.registry import entry

FORMAT = "digsite-game-record"
FORMAT_VERSION = 1

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "format": {"const": FORMAT},
        "format_version": {"const": FORMAT_VERSION},
        "digsite": {"type": "string"},
        "env": {"type": "string"},
        "game": {"type": "string"},
        "config": {"type": "object"},
        "seed": {"type": "integer", "minimum": 0},
        "agents": {"type": "array", "items": {"type": "string"}},
        "steps": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "player": {"type": "integer", "minimum": 0},
                    "action": {"type": "integer", "minimum": 0},
                    "text": {"type": "string"},
                },
                "required": ["player", "action", "text"],
                "additionalProperties": False,
            },
        },
        "returns": {"type": "array", "items": {"type": "number"}},
        "scores": {"type": "array", "items": {"type": "number"}},
    },
    "required": [
        "format",
        "format_version",
        "digsite",
        "env",
        "game",
        "config",
        "seed",
        "agents",
        "steps",
        "returns",
        "scores",
    ],
    "additionalProperties": False,
}
"""The JSON Schema of a record."""

_VALIDATOR = Validator(SCHEMA)


class RecordError(ValueError):
    """A game record that is malformed or does not reproduce; the message says where."""


def play(
    game: str,
    agents: Sequence[Any],
    *,
    names: Sequence[str] | None = None,
    seed: int = 0,
    **config: Any,
) -> dict[str, Any]:
    """Play one game of ``game`` with one agent per seat (policies or state agents, see
    :mod:`digsite.core.policy`) on the set-up of ``seed``, and return its record."""
    e = entry(game)
    engine = e.load_game_class().from_config(**config)
    if len(agents) != engine.num_players:
        raise ConfigError(f"{e.title} with {engine.num_players} players needs as many agents")
    names = list(names) if names is not None else [type(a).__name__ for a in agents]
    steps: list[dict[str, Any]] = []
    state = play_game(
        engine, agents, seed, lambda state, action: steps.append(step_of(state, action))
    )
    return finished(state, names, seed, steps)


def step_of(state: State, action: int) -> dict[str, Any]:
    """The record of ``action`` about to be played in ``state``."""
    return {
        "player": state.current_player(),
        "action": int(action),
        "text": state.action_to_string(action),
    }


def finished(
    state: State, names: Sequence[str], seed: int, steps: list[dict[str, Any]]
) -> dict[str, Any]:
    """The record of a finished game of ``state.game`` set up from ``seed``."""
    engine = state.game
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "digsite": __version__,
        "env": entry(engine.name).env_id,
        "game": engine.name,
        "config": engine.config,
        "seed": seed,
        "agents": list(names),
        "steps": steps,
        "returns": state.returns(),
        "scores": state.scores(),
    }


def check(record: Any) -> None:
    """Raise :class:`RecordError` unless ``record`` has the shape of a record of this package's
    envs (its schema, one agent per player, the env's current version)."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a game record is a JSON object, not {type(record).__name__}")
    error = next(iter(_VALIDATOR.iter_errors(dict(record))), None)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "the record"
        raise RecordError(f"malformed game record at {where}: {error.message}")
    try:
        e = entry(record["game"])
    except ValueError as err:
        raise RecordError(f"game record of {err}") from None
    if record["env"] != e.env_id:
        raise RecordError(
            f"the record was played on {record['env']}; this digsite ({__version__}) has "
            f"{e.env_id}, whose observations, actions or rules differ (CHANGELOG.md)"
        )


def replay(record: Any, each: Callable[[State], Any] | None = None) -> State:
    """Play ``record`` again through the engine and return the final state; raise
    :class:`RecordError` at the first step or result that differs.  ``each`` is called with
    every position, the set-up's first."""
    check(record)
    try:
        engine = entry(record["game"]).load_game_class().from_config(**record["config"])
    except ConfigError as err:
        raise RecordError(f"game record config: {err}") from None
    if len(record["agents"]) != engine.num_players:
        raise RecordError(
            f"the record names {len(record['agents'])} agents for {engine.num_players} players"
        )
    state = engine.new_initial_state(np.random.default_rng(record["seed"]))
    if each is not None:
        each(state)
    for i, step in enumerate(record["steps"]):
        where = f"step {i} ({step['text']!r})"
        if state.is_terminal():
            raise RecordError(f"{where}: the game was already over")
        if step["player"] != state.current_player():
            raise RecordError(
                f"{where}: recorded for player {step['player']}, but player "
                f"{state.current_player()} is to move"
            )
        text = state.action_to_string(step["action"])
        try:
            state.apply_action(step["action"])
        except IllegalActionError as err:
            raise RecordError(f"{where}: {err}") from None
        if text != step["text"]:
            raise RecordError(f"{where}: action {step['action']} now reads {text!r}")
        if each is not None:
            each(state)
    if not state.is_terminal():
        raise RecordError(f"the record ends after {len(record['steps'])} steps, mid-game")
    for what, got in (("returns", state.returns()), ("scores", state.scores())):
        if list(got) != list(record[what]):
            raise RecordError(f"the replayed game ends with {what} {got}, not {record[what]}")
    return state


def replay_states(record: Any) -> list[State]:
    """Every position of the record's game, from the set-up to the end (replayed and checked
    as :func:`replay` does)."""
    states: list[State] = []
    replay(record, lambda state: states.append(state.clone()))
    return states


def save(record: Mapping[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def load(path: str | Path) -> dict[str, Any]:
    """The record in ``path``, checked (:func:`check`); not yet replayed."""
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise RecordError(f"cannot read a game record from {path}: {err}") from None
    check(record)
    return record
