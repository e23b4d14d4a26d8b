"""The engine protocol every digsite game implements.

A game is split OpenSpiel-style into an immutable :class:`Game` (configuration, component data,
sizes of the action and observation spaces) and a mutable :class:`State` (one position of one
play).  Nothing here knows about PettingZoo or Gymnasium: the adapters in this package only talk
to these two classes, so a rules engine can be tested, searched and serialized on its own.

All randomness is drawn from a ``numpy.random.Generator`` passed in explicitly (at set-up, and by
``resample_hidden``); engines keep no global random state.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from .errors import ConfigError as ConfigError
from .errors import CorruptStateError as CorruptStateError
from .errors import IllegalActionError as IllegalActionError
from .options import Option, check_options, is_integer

TERMINAL = -1
"""``State.current_player()`` once the game is over."""


class Game(abc.ABC):
    """Immutable facts about one configuration of a game."""

    name: ClassVar[str]
    """Registry name, e.g. ``"mykerinos"``."""
    player_counts: ClassVar[tuple[int, ...]]
    """Supported numbers of players."""
    title: ClassVar[str]
    """The game's name in messages, e.g. ``"Mykerinos"``."""
    options: ClassVar[tuple[Option, ...]]
    """Every keyword option of the constructor, typed (``num_players`` included): see
    :mod:`digsite.core.options`."""

    num_players: int
    num_actions: int
    observation_size: int
    max_game_length: int
    """An upper bound on the number of decisions in one game (a safety bound, not a rule)."""
    revelations: ClassVar[Mapping[str, str]] = {}
    """Where the rules bring hidden or chance information to light as play goes on: fields of
    ``State.view`` (dotted paths without list indices, e.g. ``"seats.placement"``), each with
    the rulebook's words that make it public.  After one move in two positions a player cannot
    tell apart, the decision and decider that follow may differ only where that player's views
    then differ in one of these fields (:func:`digsite.core.views.follow_up_leak`)."""
    secret_size: int = 0
    """Length of :meth:`State.observe_secret`: what is fixed in the position but known to no
    player (ArcheOlogic's hidden layout); 0 for games whose every such fact is chance still to
    come (the order of a shuffled deck)."""

    @classmethod
    def from_config(cls, **config: Any) -> Game:
        """The game for ``config``; an unknown option or a value an option does not allow raises
        :class:`ConfigError` naming it and what is allowed."""
        return cls(**check_options(cls.options, config, cls.title))

    @abc.abstractmethod
    def new_initial_state(self, rng: np.random.Generator) -> State:
        """Set up a new game; every chance element of the set-up is drawn from ``rng``."""

    @abc.abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state saved with ``State.to_dict``; raise :class:`CorruptStateError`."""

    @property
    @abc.abstractmethod
    def config(self) -> dict[str, Any]:
        """The keyword arguments that rebuild this game (JSON-able)."""

    def observation_piece_names(self) -> Sequence[tuple[str, slice]]:
        """Named slices of the flat observation, for documentation and debugging."""
        return ()

    @abc.abstractmethod
    def render_view(self, view: Mapping[str, Any]) -> str:
        """A text picture of one player's knowledge, drawn from ``State.view(player)`` alone
        (so a seat's picture can never show what its player does not know)."""


class State(abc.ABC):
    """One position of a game. Mutated in place by :meth:`apply_action`."""

    __slots__ = ()  # (a game's state class may keep its attributes in slots: see ``fields``)

    game: Game

    @abc.abstractmethod
    def current_player(self) -> int:
        """The player to decide, or :data:`TERMINAL`."""

    @abc.abstractmethod
    def legal_action_mask(self) -> np.ndarray:
        """``int8`` array of length ``game.num_actions``, all zeros when terminal; the state may
        cache it: callers must not modify it."""

    @abc.abstractmethod
    def apply_action(self, action: int) -> None:
        """Play ``action`` for the current player; :class:`IllegalActionError` (leaving the state
        untouched) if it is not an action (:func:`action_index`) or not legal now."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    @abc.abstractmethod
    def scores(self) -> list[float]:
        """Points of each player under the game's own scoring (final once terminal)."""

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """RL returns of each player: zeros until terminal, then see :func:`win_loss_returns`."""

    @abc.abstractmethod
    def view(self, player: int) -> dict[str, Any]:
        """Everything ``player`` knows under the rules, and nothing else, as plain JSON-able data.

        The measure is a player with perfect memory: the public state, the public history that
        still matters (discards, revealed cards, the order of tied markers, who took what), the
        player's own private information, and what the player has seen and still knows.  The
        data is canonical: the same knowledge gives the same dict, key and list order included.
        The observation encodes the view completely and nothing else; the seat's render
        (``game.render_view``), search agents and learning aids read it, never the hidden state.
        """

    @abc.abstractmethod
    def observe(self, player: int, out: np.ndarray) -> None:
        """Write ``view(player)`` into the float32 buffer ``out`` (length N), fast."""

    def observe_secret(self, out: np.ndarray) -> None:
        """Write what no player knows into the float32 buffer ``out`` (``game.secret_size``
        long): the part of the global state (PettingZoo's ``state()``) beyond the players'
        observations.  Never read by a player's observation, its agents or its search."""
        out[:] = 0.0  # the default: nothing (``secret_size`` 0)

    def resample_hidden(self, player: int, rng: np.random.Generator) -> State:
        """A new state drawn among those ``player`` cannot tell apart from this one; a player
        outside ``0..num_players - 1`` raises ``ValueError`` (checked here, once for every
        game, since a stray index would otherwise resample for nobody or crash deep inside)."""
        return self._resample_hidden(check_player(player, self.game.num_players), rng)

    @abc.abstractmethod
    def _resample_hidden(self, player: int, rng: np.random.Generator) -> State:
        """:meth:`resample_hidden` for a valid ``player``: each game's own redrawing."""

    @abc.abstractmethod
    def clone(self) -> State: ...

    @abc.abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data; ``game.state_from_dict`` turns it back into an equal state."""

    @abc.abstractmethod
    def action_to_string(self, action: int) -> str: ...

    def action_seen_by(self, action: int, player: int) -> str:
        """How ``player`` sees ``action`` played now (before it is applied): its text for the
        mover and for a public move; for a secret one, what the other players saw of it.  A
        game record shows each seat the others' moves this way."""
        return self.action_to_string(action)

    def render(self, player: int | None = None) -> str:
        """A text picture: ``player``'s seat (drawn from ``view(player)`` alone), or with
        ``player=None`` the spectator's picture, which may show hidden parts and says so."""
        if player is None:
            return self.render_spectator()
        return self.game.render_view(self.view(player))

    @abc.abstractmethod
    def render_spectator(self) -> str:
        """The whole position for a spectator; its first line says whether it shows hidden
        information."""

    @abc.abstractmethod
    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the position breaks a rule of the game (components created
        or lost, a score that disagrees with the scoring rules...).  The conformance suite calls it
        after every action of its random games; it is a check, never part of play."""

    def legal_actions(self) -> list[int]:
        return np.flatnonzero(self.legal_action_mask()).tolist()

    def illegal_action_error(self, action: int) -> IllegalActionError:
        """The error for an action (in range: :func:`action_index`) that is not legal now,
        naming the legal ones."""
        if self.is_terminal():
            return IllegalActionError(f"the game is over; no action ({action}) can be played")
        legal = self.legal_actions()
        shown = ", ".join(f"{a} ({self.action_to_string(a)})" for a in legal[:12])
        more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
        return IllegalActionError(
            f"action {action} ({self.action_to_string(action)}) is not legal for player "
            f"{self.current_player()} now; legal actions: {shown}{more}"
        )


def check_player(player: Any, num_players: int) -> int:
    """``player`` as a player index, or ``ValueError`` naming the valid range: a Python or
    numpy integer in ``0..num_players - 1`` (a bool is not a player)."""
    if is_integer(player) and 0 <= player < num_players:
        return int(player)
    raise ValueError(
        f"player {player!r} is not a player of this game: players are 0..{num_players - 1}"
    )


def action_index(action: Any, num_actions: int) -> int:
    """``action`` as an action id, or :class:`IllegalActionError` saying what is allowed: the
    one rule of every env, an action is a Python or numpy integer (or a 0-d integer array, as
    ``model.predict`` returns) in ``0..num_actions - 1``; a bool, a float (even ``87.0``), a
    string, a list or None is not an action."""
    if type(action) is int and 0 <= action < num_actions:  # the common case, checked first
        return action
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalActionError(
            f"an action is an integer 0..{num_actions - 1}, not {action!r} "
            f"({type(action).__name__})"
        )
    if not 0 <= action < num_actions:
        raise IllegalActionError(
            f"action {action} is out of range: actions are 0..{num_actions - 1}"
        )
    return int(action)


def win_loss_returns(winners: Sequence[int], num_players: int) -> list[float]:
    """+1 to each winner, -1 to everyone else; 0 for all when every player shares the win.  A
    win shared by some (not all) players is a win for each of them, as the rulebooks say."""
    if len(winners) == num_players:
        return [0.0] * num_players
    won = set(winners)
    return [1.0 if p in won else -1.0 for p in range(num_players)]
