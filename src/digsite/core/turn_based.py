"""The turn-based state every digsite game builds on.

A position has a pending ``decision`` (an index into the game's
:class:`~digsite.core.decisions.DecisionKinds`) and the player who takes it, ``decider``.  From
that and the game's declarations the base gives the whole engine protocol that does not depend on
the rules: the current player and the end of the game, returns from the winners, the legal mask
computed once per position, the check of every action, dispatch of an action to the handler of
the pending decision (``_on_<name>``) and of the mask to its ``_legal_<name>``; construction,
``clone`` and ``to_dict`` from the declared fields (:class:`~digsite.core.fields.StateFields`).

A game whose legal actions are easier to list than to mask declares ``LEGAL_LISTS``: its
``_legal_<name>`` return lists of action ids, and the base turns them into masks with
:func:`mask_of` (one shared, read-only mask per set of legal actions).  A game whose choices
lead to further choices builds on :class:`~digsite.core.tasks.TaskQueueState`, on the same
protocol.

:class:`TurnBasedGame` does the same for the game: from its declarations (spec, options, state
class, observation layout, text) it checks the options once, makes and loads states, names the
observation's pieces and renders a seat's view; the game writes only how its options build it.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

import numpy as np

from .decisions import DecisionKinds
from .encoding import ObservationLayout
from .engine import TERMINAL, Game, State, action_index, win_loss_returns
from .fields import StateFields, copy_attributes
from .options import check_options
from .spec import GameSpec

MASK_CACHE_SIZE = 4096
"""Masks kept by :func:`mask_of`: the same few legal sets recur all game long."""
_masks: dict[tuple[int, ...], np.ndarray] = {}


def mask_of(legal: Sequence[int], size: int) -> np.ndarray:
    """The int8 mask of ``size`` actions with ``legal`` set, shared by every position with the
    same legal actions (so read-only; a bytearray viewed by numpy: cheaper than fancy
    indexing)."""
    key = (size, *legal)
    mask = _masks.get(key)
    if mask is None:
        if len(_masks) >= MASK_CACHE_SIZE:
            _masks.clear()
        flags = bytearray(size)
        for a in legal:
            flags[a] = 1
        mask = _masks[key] = np.frombuffer(bytes(flags), np.int8)
    return mask


Contract = Mapping[str, tuple[tuple[str, str], ...]]
"""Per file of a game (named by role), the class attributes taken from it and their names there."""
STATE_FILES: Contract = {
    "actions": (("DECISIONS", "DECISIONS"),),
    "saved": (("FIELDS", "FIELDS"),),
    "view": (("view", "build_view"),),
    "observation": (("observe", "observe"),),
    "text": tuple(
        (name, name) for name in ("action_to_string", "action_seen_by", "render_spectator")
    ),
    "invariants": (("check_invariants", "check_invariants"),),
}
"""What a state takes from its game's files (``files=`` in its class statement)."""
GAME_FILES: Contract = {
    "spec": (("spec", "SPEC"),),
    "actions": (("num_actions", "NUM_ACTIONS"),),
    "text": (("render_view", "render_view"),),
}
"""What a game takes from its files (``files=`` in its class statement)."""


def bind_files(cls: type, files: Sequence[ModuleType], contract: Contract) -> None:
    """Give ``cls`` what ``contract`` takes from a game's ``files`` (modules named by their role,
    the same file names in every game), so each game declares the wiring in one line.  What the
    class statement writes itself wins (a variant's own ``observe``, say)."""
    by_role = {module.__name__.rpartition(".")[2]: module for module in files}
    missing = [
        f"{role}.{name}"
        for role, pairs in contract.items()
        for _, name in pairs
        if not hasattr(by_role.get(role), name)
    ]
    if missing:
        raise TypeError(f"{cls.__name__}: its files lack {', '.join(missing)}")
    for role, pairs in contract.items():
        for attribute, name in pairs:
            if attribute not in cls.__dict__:
                setattr(cls, attribute, getattr(by_role[role], name))


def slots(fields: StateFields, *kept: str) -> tuple[str, ...]:
    """The ``__slots__`` of a game's state class: its declared ``fields``, what every state
    holds, and the attributes the game ``kept`` besides (caches, bitboards).  A state without a
    ``__dict__`` is quicker: Python 3.11 caches the look-up of a method only on an object with
    at most 30 attributes in its ``__dict__``, or none.  (Every class of the state declares
    ``__slots__``, if only empty.)"""
    return (*fields.names, "game", "written", "_mask", *kept)


def _as_mask(legal_list: Callable) -> Callable:
    """A ``_legal_<name>`` of a ``LEGAL_LISTS`` game as the mask its decision's table holds."""

    def legal_mask(self: TurnBasedState) -> np.ndarray:
        return mask_of(legal_list(self), self.game.num_actions)

    return legal_mask


class TurnBasedState(State):
    """A state whose subclass declares ``DECISIONS`` and ``FIELDS`` and writes, for each
    decision but ``game_over``, ``_legal_<name>(self) -> mask`` (a list of action ids with
    ``LEGAL_LISTS``) and ``_on_<name>(self, action)``; plus ``winners`` (or
    ``final_returns``).  Its class statement names the game's files (``files=(actions, saved,
    view, observation, text, invariants)``, :data:`STATE_FILES`)."""

    __slots__ = ()

    DECISIONS: ClassVar[DecisionKinds]
    FIELDS: ClassVar[StateFields]
    LEGAL_LISTS: ClassVar[bool] = False
    """Whether ``_legal_<name>`` returns a list of action ids (see the module docstring)."""
    _legal_table: ClassVar[tuple[Callable, ...]]
    """Per decision, its mask (``_legal_<name>``, or its list made a mask)."""
    _legal_lists: ClassVar[tuple[Callable, ...]]
    """With ``LEGAL_LISTS``: per decision but ``game_over``, its ``_legal_<name>``."""
    _apply_table: ClassVar[tuple[Callable, ...]]
    _game_over: ClassVar[int]
    PUT: ClassVar[frozenset[str]] = frozenset()
    """The declared fields the rules write only with :meth:`put` (frozen, so written whole)."""

    decision: int
    decider: int
    _mask: np.ndarray | None
    """The legal mask of the position, once asked (None until then)."""

    def __init_subclass__(cls, files: Sequence[ModuleType] = (), **kwargs) -> None:
        """Take what the game's ``files`` give, then build the dispatch tables of every class
        with decisions, its own or inherited, so a subclass's ``_legal_<name>`` or
        ``_on_<name>`` (a variant of a game) is the one used."""
        super().__init_subclass__(**kwargs)
        if files:
            bind_files(cls, files, STATE_FILES)
        if getattr(cls, "DECISIONS", None) is not None:
            decisions = cls.DECISIONS
            cls._game_over = decisions.game_over
            legal = decisions.handlers(cls, "_legal_")
            if cls.LEGAL_LISTS:
                cls._legal_lists = legal
                legal = tuple(map(_as_mask, legal))
            cls._legal_table = (*legal, cls._no_legal_actions)
            cls._apply_table = decisions.handlers(cls, "_on_")

    def __init__(self, game: Game) -> None:
        """A fresh state of ``game``: every declared field at its start (``FIELDS.fresh``).  A
        game's own ``__init__`` adds only what it derives (caches, bitboards, planes)."""
        self.game = game
        self._mask = None  # (a slot hides the class's default)
        self.written: set[str] = set()
        """The fields of ``PUT`` written since the kept observation last looked (it empties it)."""
        self.FIELDS.fresh(self)

    # -- whose turn, and the end -------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.decision == self._game_over else self.decider

    def is_terminal(self) -> bool:
        return self.decision == self._game_over

    def returns(self) -> list[float]:
        if self.decision != self._game_over:
            return [0.0] * self.game.num_players
        return self.final_returns()

    def final_returns(self) -> list[float]:
        """The returns of the finished game: by default +1 to the winners, -1 to the others."""
        return win_loss_returns(self.winners(), self.game.num_players)

    @abc.abstractmethod
    def winners(self) -> list[int]:
        """The players who won (shared wins listed together), once the game is over."""

    # -- legal actions and play --------------------------------------------------------------
    def legal_action_mask(self) -> np.ndarray:
        mask = self._mask
        if mask is None:
            mask = self._mask = self._legal_table[self.decision](self)
        return mask

    def _no_legal_actions(self) -> np.ndarray:
        return np.zeros(self.game.num_actions, dtype=np.int8)

    def apply_action(self, action: int) -> None:
        mask = self._mask
        if mask is None:
            mask = self._mask = self._legal_table[self.decision](self)
        if type(action) is not int or not 0 <= action < len(mask):  # (the common case inline)
            action = action_index(action, len(mask))
        if not mask[action]:
            raise self.illegal_action_error(action)
        self._mask = None
        self._play(action)

    def _play(self, action: int) -> None:
        """Play ``action``, already checked legal: the pending decision's handler."""
        self._apply_table[self.decision](self, action)

    # -- copies and saving -------------------------------------------------------------------
    def clone(self) -> TurnBasedState:
        """A copy sharing nothing mutable (every list field copied to its depth), the mask kept,
        the caches of :meth:`_fresh_caches` renewed.  A ``resample_hidden`` that redraws what
        the mover's legal actions depend on clears the copy's ``_mask``."""
        other = object.__new__(type(self))
        copy_attributes(self, other)
        other.written = set()
        self.FIELDS.copy_into(self, other)
        other._fresh_caches()
        return other

    def _fresh_caches(self) -> None:
        """Give a new copy its own derived, unsaved data (caches, planes): by default none."""

    def put(self, name: str, value: Any) -> None:
        """Write field ``name`` of ``PUT`` and note it in ``written``, at the cost of a set
        insertion: the kept observation rewrites only what reads the fields written since it
        last looked.  Its value is frozen (tuples, ints), so a change in place fails loudly, and
        the tests refuse a write of such a field other than through ``put``
        (:func:`digsite.testing.writes.refused_writes`).  Cheaper than comparing the fields at
        each look, and no rule writes a change note by hand."""
        setattr(self, name, value)  # (not through ``__dict__``: see ``StateFields.fresh``)
        self.written.add(name)

    def note_change(self, name: str) -> None:
        """Tell the state that its declared field ``name`` was changed outside its rules (by
        hand, in a test): a field of ``PUT`` is noted as ``put`` notes it."""
        if name in self.PUT:
            self.written.add(name)

    def to_dict(self) -> dict:
        return self.FIELDS.dump(self)

    def derive(self) -> None:
        """After loading the declared fields, build what the state keeps besides them (bitboards,
        tables, records as tuples): by default nothing."""


class TurnBasedGame(Game):
    """A game whose subclass declares ``options``, ``max_game_length`` and ``state_class`` (a
    :class:`TurnBasedState` with a ``new_game(game, rng)`` classmethod), names its files
    (``files=(spec, actions, text)``, :data:`GAME_FILES`), and writes :meth:`configure`, which
    sets ``layout``, the observation's named pieces."""

    spec: ClassVar[GameSpec]
    state_class: ClassVar[type[TurnBasedState]]
    layout: ObservationLayout

    def __init_subclass__(cls, files: Sequence[ModuleType] = (), **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if files:
            bind_files(cls, files, GAME_FILES)
        if "spec" in cls.__dict__:
            cls.name, cls.title = cls.spec.name, cls.spec.title
            cls.player_counts = cls.spec.player_counts

    def __init__(self, **options: Any):
        """Check ``options`` once (an unknown one or a value an option does not allow raises
        :class:`~digsite.core.engine.ConfigError` naming it), then let the game build itself."""
        config = check_options(self.options, options, self.title)
        self.num_players = config["num_players"]
        self.configure(config)
        self._config = config
        self.observation_size = self.layout.size

    @abc.abstractmethod
    def configure(self, config: dict[str, Any]) -> None:
        """Build the game from its checked options (plain values, every default filled).  An
        option the game resolves (a default that depends on another option, records given
        inline) is written back into ``config``: :attr:`config` returns it, to rebuild the game."""

    @property
    def config(self) -> dict[str, Any]:
        return dict(self._config)

    def new_initial_state(self, rng: np.random.Generator) -> TurnBasedState:
        return self.state_class.new_game(self, rng)

    def state_from_dict(self, data: Mapping[str, Any]) -> TurnBasedState:
        state = self.state_class(self)
        return state.FIELDS.load(state, data, derive=state.derive)

    def observation_piece_names(self) -> list[tuple[str, slice]]:
        return list(self.layout.slices.items())
