"""Game records: a whole game as one JSON document, played once and replayed anywhere.

A record holds what reproduces and explains a game: the package version, the env id, the game's
options, the seed of its set-up and a digest of that set-up, the agents' names, every step (the
player, the action id and its text) and the final returns and scores.  :func:`play` and
``digsite record`` write one, :func:`replay` and ``digsite replay`` check one (``docs/play.md``).
The set-up is the one ``env.reset(seed=seed)`` deals, so a record is also a seeded game of the
env.  Replaying checks that the seed and config deal the recorded set-up (its digest), every step
against the engine (the player to move, the action's legality and text) and the end (returns and
scores): a record that does not reproduce, or a malformed one, raises :class:`RecordError` saying
where it breaks.

A record file is untrusted: :func:`load` reads it through :func:`digsite.core.files.read_json`
(a regular file of at most :data:`~digsite.core.files.RECORD_LIMIT` bytes of UTF-8 JSON), and
the schema bounds every number and list in it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from . import __version__
from .agents.arena import play_game
from .core.data import Validator, schema_message
from .core.engine import ConfigError, IllegalActionError, State
from .core.files import RECORD_LIMIT, read_json
from .core.options import is_integer
from .envs.registry import entry, make_game

FORMAT = "digsite-game-record"
FORMAT_VERSION = 2
"""2: the record carries the digest of its set-up (``setup``).  Format 1 is refused: its seed
is unchecked, so a format 1 record may replay on another deal than the one it was played on
(and accepting it would let any record skip the check by saying it is format 1)."""

MAX_SEED = 2**63 - 1
"""Seeds are 0..2**63 - 1 (NumPy takes any size; a bound keeps a record's seed small)."""
DIGEST_DIGITS = 16
"""Hex digits of the set-up digest kept: 64 bits, enough that a wrong seed never matches."""
MAX_PLAYERS = 8
"""Above every game's player count (6 at most)."""
MAX_ACTION = 2**16
"""Above every game's action count (183 at most); replay checks the game's own."""
MAX_STEPS = 100_000
"""Above every game's ``max_game_length`` (30,000 at most); checking a step takes some 30 us."""
MAX_POINTS = 10**9
"""Returns and scores lie within plus or minus this (far beyond any game's)."""
MAX_TEXT = 1000
"""Characters of a string in a record: names, action texts, versions."""

_TEXT = {"type": "string", "maxLength": MAX_TEXT}
_POINTS = {"type": "number", "minimum": -MAX_POINTS, "maximum": MAX_POINTS}

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "format": {"const": FORMAT},
        "format_version": {"const": FORMAT_VERSION},
        "digsite": _TEXT,
        "env": _TEXT,
        "game": _TEXT,
        "config": {"type": "object", "propertyNames": {"maxLength": MAX_TEXT}},
        "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
        "setup": {"type": "string", "pattern": f"^[0-9a-f]{{{DIGEST_DIGITS}}}$"},
        "agents": {"type": "array", "items": _TEXT, "maxItems": MAX_PLAYERS},
        "steps": {
            "type": "array",
            "maxItems": MAX_STEPS,
            "items": {
                "type": "object",
                "properties": {
                    "player": {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1},
                    "action": {"type": "integer", "minimum": 0, "maximum": MAX_ACTION - 1},
                    "text": _TEXT,
                },
                "required": ["player", "action", "text"],
                "additionalProperties": False,
            },
        },
        "returns": {"type": "array", "items": _POINTS, "maxItems": MAX_PLAYERS},
        "scores": {"type": "array", "items": _POINTS, "maxItems": MAX_PLAYERS},
    },
    "additionalProperties": False,
}
SCHEMA["required"] = list(SCHEMA["properties"])

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
    seed = check_seed(seed)
    engine = make_game(game, **config)
    if len(agents) != engine.num_players:
        raise ConfigError(f"{engine.title} with {engine.num_players} players needs as many agents")
    names = list(names) if names is not None else [type(a).__name__ for a in agents]
    steps: list[dict[str, Any]] = []
    state = play_game(
        engine, agents, seed, lambda state, action: steps.append(step_of(state, action))
    )
    return finished(state, names, seed, steps)


def step_of(state: State, action: int) -> dict[str, Any]:
    """The record of ``action`` about to be played in ``state``."""
    text = state.action_to_string(action)
    return {"player": state.current_player(), "action": int(action), "text": text}


def check_seed(seed: Any) -> int:
    """``seed`` as a plain int; :class:`ConfigError` unless it is a seed a record can hold
    (an integer, numpy's too, in 0..:data:`MAX_SEED`)."""
    if not is_integer(seed) or not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"a game record's seed is an integer 0..2**63 - 1, not {seed!r}")
    return int(seed)


def setup_digest(state: State) -> str:
    """The first hex digits of the SHA-256 of ``state``'s saved form (canonical JSON): what a
    record keeps of its set-up, so that replaying can tell whether its seed and config deal
    the game that was played."""
    text = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_DIGITS]


def finished(
    state: State, names: Sequence[str], seed: int, steps: list[dict[str, Any]]
) -> dict[str, Any]:
    """The record of a finished game of ``state.game`` set up from ``seed``."""
    seed = check_seed(seed)
    engine = state.game
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "digsite": __version__,
        "env": entry(engine.name).env_id,
        "game": engine.name,
        "config": engine.config,
        "seed": seed,
        "setup": setup_digest(engine.new_initial_state(np.random.default_rng(seed))),
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
    if record.get("format") == FORMAT and record.get("format_version") == 1:
        raise RecordError(
            "a game record of format 1 (an older digsite) has no digest of its set-up, so "
            "nothing shows that its seed deals the game it records: record the game again"
        )
    error = next(iter(_VALIDATOR.iter_errors(dict(record))), None)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "the record"
        raise RecordError(f"malformed game record at {where}: {schema_message(error)}")
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
        engine = make_game(record["game"], **record["config"])
    except ConfigError as err:
        raise RecordError(f"game record config: {err}") from None
    if len(record["agents"]) != engine.num_players:
        raise RecordError(
            f"the record names {len(record['agents'])} agents for {engine.num_players} players"
        )
    state = engine.new_initial_state(np.random.default_rng(record["seed"]))
    digest = setup_digest(state)
    if digest != record["setup"]:
        raise RecordError(
            f"the seed {record['seed']} or the config does not deal the recorded game: the "
            f"set-up's digest is {digest}, the record's {record['setup']}"
        )
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
        if step["action"] >= engine.num_actions:
            raise RecordError(f"{where}: actions are 0..{engine.num_actions - 1}")
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
    """Every position of the record's game, the set-up first (checked as :func:`replay` checks)."""
    states: list[State] = []
    replay(record, lambda state: states.append(state.clone()))
    return states


def save(record: Mapping[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def load(path: str | Path) -> dict[str, Any]:
    """The record in ``path``, checked (:func:`check`, :func:`digsite.core.files.read_json`);
    not yet replayed."""
    record = read_json(path, "a game record from", RECORD_LIMIT, RecordError)
    check(record)
    return record
