"""Checks that an observation is exactly its player's information, shared by every game.

``State.view(player)`` is the plain-data truth of what a player knows.  Two directions tie the
observation to it, over many sampled states:

* complete: two different views of a player never give the same observation (else a policy
  cannot tell apart positions its player can);
* exact: one view always gives the same observation, legal mask, player to move and action
  texts (else they show something beyond the view, or the view is not canonical).

And what follows a move must not tell more than the view: :func:`follow_up_leak` plays one
move in two positions a player cannot tell apart and compares the decisions that come next.

:class:`ViewIndex` records (view, what the env exposes) pairs and raises on the first breach,
naming the view fields, or the observation pieces, that differ.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from .engine import State
from .policy import choose
from .turn_based import TurnBasedState

MAX_FIELDS_SHOWN = 8


def canonical(view: Mapping[str, Any]) -> str:
    """The view as one JSON string; key and list order count (views must be canonical)."""
    return json.dumps(view, separators=(",", ":"), allow_nan=False)


def view_differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Paths of the fields where two views differ, e.g. ``["hand[2]", "seats[1].score"]``."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        if list(a) != list(b):
            return [path or "(keys)"]
        pairs = [(a[key], b[key], f"{path}.{key}" if path else str(key)) for key in a]
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        pairs = [(x, y, f"{path}[{i}]") for i, (x, y) in enumerate(zip(a, b, strict=True))]
    else:
        return [] if a == b else [path or "(view)"]
    return [found for pair in pairs for found in view_differences(*pair)]


def field_of(path: str) -> str:
    """A view path without its list indices: ``"seats[2].relics[8]"`` -> ``"seats.relics"``."""
    return _INDEX.sub("", path)


_INDEX = re.compile(r"\[\d+\]")


def shown(items: Sequence[str]) -> str:
    """The first few of ``items``, and how many more: a message names what differs, not all."""
    more = f" and {len(items) - MAX_FIELDS_SHOWN} more" if len(items) > MAX_FIELDS_SHOWN else ""
    return ", ".join(items[:MAX_FIELDS_SHOWN]) + more


def follow_up_leak(
    state: TurnBasedState, other: TurnBasedState, player: int, action: int
) -> str | None:
    """Whether playing ``action`` in two positions ``player`` cannot tell apart (``other`` a
    resampling of ``state`` for ``player``) shows that player a difference the rules do not:
    a message naming the move and what follows it, or None.

    A decision that comes or not, or another player asked, depending on hidden information
    tells the players watching it (a step offered only when a hidden hand can take it, say).
    What follows may differ only where the rules reveal something at that moment: the player's
    views after the move differ in a field of ``game.revelations``."""
    one, two = state.clone(), other.clone()
    one.apply_action(action)
    two.apply_action(action)
    if (one.decision, one.current_player()) == (two.decision, two.current_player()):
        return None
    paths = view_differences(one.view(player), two.view(player))
    if revealed(paths, state.game.revelations):
        return None
    differing = {field_of(p) for p in paths}
    names = one.DECISIONS
    return (
        f"after {state.action_to_string(action)!r} ({names[state.decision]}, player "
        f"{state.current_player()}), player {player} sees {names[one.decision]} for player "
        f"{one.current_player()} in one position and {names[two.decision]} for player "
        f"{two.current_player()} in another it cannot tell apart, and nothing the rules "
        f"reveal differs (its views then differ in: {', '.join(sorted(differing)) or 'nothing'}; "
        f"revealed fields: {', '.join(state.game.revelations) or 'none'})"
    )


def revealed(paths: Iterable[str], revelations: Mapping[str, str]) -> bool:
    """Whether one of these view paths lies in a field the rules reveal (``game.revelations``):
    then what follows may differ in the rest too."""
    return any(f == r or f.startswith(r + ".") for f in map(field_of, paths) for r in revelations)


def move_text_leak(state: State, other: State, player: int) -> str | None:
    """Whether what ``player`` reads of the moves open to another player (``action_seen_by``)
    differs from what it sees of them: a message, or None.  ``other`` is a position ``player``
    cannot tell apart from ``state`` (its resampling).

    * A move the player sees is named: two moves that read alike leave the player the same
      view, but for what the rules reveal then (``game.revelations``).
    * A secret move reads as one: two moves that leave the player the same view read alike,
      unless the mover's view forgets the difference too (a public move that no longer
      matters may still be named).
    * A text tells nothing the player does not see: the same move in the two positions, if it
      leaves the player the same view, reads the same."""
    mover = state.current_player()
    if player == mover or state.is_terminal():
        return None
    revelations = state.game.revelations
    seen = []
    for position in (state, other):
        moves = {}
        for action in position.legal_actions():
            after = position.clone()
            after.apply_action(action)
            moves[action] = (
                canonical(after.view(player)),
                position.action_seen_by(action, player),
                canonical(after.view(mover)),
            )
        by_text: dict[str, str] = {}
        by_view: dict[str, tuple[str, str]] = {}
        for view, text, movers in moves.values():
            known = by_text.setdefault(text, view)
            fields = view_differences(json.loads(known), json.loads(view))
            if fields and not revealed(fields, revelations):
                return (
                    f"player {player} reads {text!r} for two moves of player {mover} that leave "
                    f"it different views (they differ in: {', '.join(fields[:MAX_FIELDS_SHOWN])})"
                    ": a move the player sees is not named"
                )
            text2, movers2 = by_view.setdefault(view, (text, movers))
            if text2 != text and movers2 != movers:
                return (
                    f"player {player} reads {text2!r} and {text!r} for two moves of player "
                    f"{mover} that leave it the same view (and player {mover} different ones): "
                    "a secret move is told"
                )
        seen.append(moves)
    here, there = seen
    for action, (view, text, _) in here.items():
        if action in there and there[action][0] == view and there[action][1] != text:
            return (
                f"move {action} of player {mover} reads {text!r} to player {player} here and "
                f"{there[action][1]!r} in a position it cannot tell apart, though it leaves the "
                "same view in both: a text tells more than the player sees"
            )
    return None


def piece_differences(game, a: np.ndarray, b: np.ndarray) -> list[str]:
    """Names of the observation pieces (``game.observation_piece_names()``) where two
    observations differ; ``observation[i]`` for an entry outside every named piece."""
    pieces = game.observation_piece_names()
    named = [name for name, piece in pieces if not np.array_equal(a[piece], b[piece])]
    loose = a != b
    for _, piece in pieces:
        loose[piece] = False
    return named + [f"observation[{i}]" for i in np.flatnonzero(loose).tolist()]


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def exposure(state: State, player: int, observation: np.ndarray) -> bytes:
    """Everything the env shows ``player`` in ``state``: the observation, and for the player to
    move the legal mask and the text of each legal action; the player to move, for everyone."""
    mover = state.current_player()
    parts = [observation.tobytes(), str(mover).encode()]
    if player == mover:
        legal = state.legal_actions()
        parts.append(np.asarray(legal, dtype=np.int64).tobytes())
        parts.append("\n".join(state.action_to_string(a) for a in legal).encode())
    return b"\0".join(parts)


class ViewIndex:
    """Observations and views of each player seen so far, one-to-one or an ``AssertionError``.

    Views are compared per player: a view may name seats absolutely while the observation is
    relative to its player."""

    def __init__(self, blank: slice | None = None):
        self.blank = blank
        """A slice of the observation zeroed before indexing: a deliberately incomplete
        observation, to show the check fails on one."""
        self._view_by_observation: dict[bytes, str] = {}
        self._exposure_by_view: dict[bytes, tuple[bytes, bytes]] = {}

    def add(self, view_text: str, player: int, state: State, observation: np.ndarray) -> None:
        """Record ``player``'s view (``canonical(state.view(player))``) and observation."""
        if self.blank is not None:
            observation = observation.copy()
            observation[self.blank] = 0.0
        key = player.to_bytes(1, "little") + observation.tobytes()
        seen_view = self._view_by_observation.setdefault(key, view_text)
        if seen_view != view_text:
            fields = view_differences(json.loads(seen_view), json.loads(view_text))
            raise AssertionError(
                f"two different views of player {player} give the same observation; "
                f"the views differ in: {shown(fields)} (the observation leaves out what the "
                "view holds, or the view holds what the player does not know)"
            )
        # the view's first observation is the key above, kept already: nothing more to keep
        exposed = (key, _digest(exposure(state, player, observation)))
        view_key = _digest(f"{player}:{view_text}".encode())
        first = self._exposure_by_view.setdefault(view_key, exposed)
        if first[1] != exposed[1]:
            what = "masks, movers or action texts"
            if first[0] != key:
                before = np.frombuffer(first[0], np.float32, offset=1)
                pieces = piece_differences(state.game, before, observation)
                what = f"observations (they differ in: {shown(pieces)})"
            raise AssertionError(
                f"one view of player {player} gives two different {what}: the env shows "
                "something the view does not hold (hidden information), or the view is not "
                "canonical"
            )


def sample_states(
    game, rng: np.random.Generator, count: int, agents: Sequence[Any] = (), every: int = 5
) -> Iterator[State]:
    """``count`` states from games in which each decision is made by one of ``agents``
    (``act_in`` agents) or at random, in turn game by game.  Every ``every``-th state is
    followed by a resampling of it for a random player (a state that shares that player's
    view), and another by a sibling, the same position after another legal action (a state
    that differs in little, so that an observation piece left out shows).  A yielded state is
    played on afterwards: use it before asking for the next."""
    produced = game_number = 0
    while produced < count:
        state = game.new_initial_state(rng)
        agent = agents[game_number % len(agents)] if agents and game_number % 2 else None
        game_number += 1
        while produced < count:
            yield state
            produced += 1
            if state.is_terminal():
                break
            if produced % every == 0 and produced < count:
                yield state.resample_hidden(int(rng.integers(game.num_players)), rng)
                produced += 1
            legal = np.flatnonzero(state.legal_action_mask())
            if agent is not None and rng.random() < 0.8:
                action = choose(agent, state, state.current_player())
            else:
                action = int(legal[rng.integers(len(legal))])
            others = legal[legal != action]
            if produced % every == 1 and produced < count and len(others):
                sibling = state.clone()
                sibling.apply_action(int(others[rng.integers(len(others))]))
                yield sibling
                produced += 1
            state.apply_action(action)
