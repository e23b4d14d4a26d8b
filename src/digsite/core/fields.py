"""The declared fields of a game's state: one declaration drives construction, copying, saving
and loading.

A game lists its state's fields once (``saved.FIELDS``): name, shape, the range or the allowed
values of the numbers inside, and the value a fresh state starts with.  From that list come

- a fresh state (:meth:`StateFields.fresh`, called by ``TurnBasedState.__init__``: every field
  at its start, before the game's ``new_game`` sets what its set-up decides),
- ``clone`` (:meth:`StateFields.copy_into`: each list copied to its depth, nothing shared),
- ``to_dict`` (:meth:`StateFields.dump`: plain JSON-able data, named values saved by name),
- ``state_from_dict`` (:meth:`StateFields.load`): the saved dict is checked against a JSON
  Schema built from the declaration for this game's configuration (types, lengths, ranges,
  allowed values), the fields are set, the game derives what it caches, and the position must
  pass ``check_invariants`` and, unless the game is over, offer its mover a legal action,
- change tracking: a field the state's kept observation reads is declared ``frozen`` to its
  full depth (tuples, nested tuples) and never changed in place: a rule writes a new value
  (:func:`replaced`, :func:`added`, :func:`removed` and their nested ``_in`` forms) with the
  state's ``put``, which notes the name for the observation (``TurnBasedState.PUT``).  A copy
  shares the value, and a write forgotten in place fails loudly (a tuple has no item
  assignment).

Anything else raises :class:`CorruptStateError` naming the field and what it allows; a rejected
dict leaves nothing behind, since loading fills a fresh state.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import repeat
from operator import attrgetter
from types import MemberDescriptorType
from typing import Any

import jsonschema

from .data import Validator
from .engine import CorruptStateError, Game, State
from .errors import quoted
from .spec import GameSpec

Size = int | Callable[[Game], int] | None
"""A length or bound: a number, a function of the game (e.g. :func:`players`), or None (any)."""


def players(game: Game) -> int:
    """One entry per player."""
    return game.num_players


def last_player(game: Game) -> int:
    return game.num_players - 1


@dataclass(frozen=True)
class Field:
    """One field of a state: an int, a bool or a named value, or nested lists of them.

    ``shape`` gives the length of each list level (``()`` for a single value); ``low`` and
    ``high`` bound the ints; ``names`` makes a field held as an index into ``names`` and saved
    as the name (a decision, say), which is readable and survives a reordering of the names.
    ``frozen`` counts the innermost list levels held as tuples, never changed in place (rows
    of a record, say): ``clone`` shares them instead of copying, and loading builds tuples.
    ``start`` is what a fresh state holds: a single value, or every innermost item of the
    fixed-length lists (a name, for a named field), lists of unknown length starting empty;
    None for 0, False or the first name; or a function of the game giving the whole value.
    """

    name: str
    shape: tuple[Size, ...] = ()
    low: Size = None
    high: Size = None
    kind: type = int
    names: tuple[str, ...] | None = None
    frozen: int = 0
    start: Any = None

    @property
    def depth(self) -> int:
        return len(self.shape)

    def schema(self, game: Game) -> dict[str, Any]:
        if self.names is not None:
            item: dict[str, Any] = {"enum": list(self.names)}
        elif self.kind is bool:
            item = {"type": "boolean"}
        else:
            item = {"type": "integer"}
            for key, bound in (("minimum", self.low), ("maximum", self.high)):
                if bound is not None:
                    item[key] = _size(bound, game)
        for length in reversed(self.shape):
            item = {"type": "array", "items": item}
            if length is not None:
                item["minItems"] = item["maxItems"] = _size(length, game)
        return item

    def fresh(self, game: Game) -> Any:
        start = self.start
        if callable(start):
            return _freeze(start(game), self.depth, self.frozen)
        if start is None:
            start = self.kind()
        elif self.names is not None:
            start = self.names.index(start)
        return _freeze(_fill(self.shape, start, game), self.depth, self.frozen)


def _fill(shape: tuple[Size, ...], item: Any, game: Game) -> Any:
    if not shape:
        return item
    length = _size(shape[0], game)
    return [] if length is None else [_fill(shape[1:], item, game) for _ in range(length)]


def _size(size: Size, game: Game) -> int:
    return size(game) if callable(size) else size


LOAD_ERRORS = (AssertionError, TypeError, KeyError, IndexError, ValueError, AttributeError)
"""What a check of a loaded position may raise when the position is not one of the game."""


class StateFields:
    """The declared fields of one game's state (see the module docstring)."""

    def __init__(self, spec: GameSpec, fields: Sequence[Field]):
        self.game = spec.name
        self.title = spec.title
        self.fields = tuple(fields)
        self._declared = {f.name: f for f in self.fields}
        self.names = tuple(self._declared)
        copied = [(f.name, f.depth - f.frozen) for f in self.fields if f.depth > f.frozen]
        self._flat = tuple(name for name, depth in copied if depth == 1)
        self._rows = tuple(name for name, depth in copied if depth == 2)
        self._deeper = tuple((name, depth) for name, depth in copied if depth > 2)
        self._order = {name: i for i, name in enumerate(("game", "config", *self.names))}
        self._validators: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._starts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def fresh(self, state: State) -> None:
        """Give the new ``state`` every field at its start for its game (lists its own)."""
        starts = self._starts.get(state.game)
        if starts is None:
            starts = self._starts[state.game] = tuple(
                (f.name, f.fresh(state.game), max(f.depth - f.frozen, 0)) for f in self.fields
            )
        # Set one by one, not through ``__dict__``: Python 3.11 keeps the attributes of an
        # object with 30 or fewer inline, faster to read, until its ``__dict__`` is asked for
        # (8% of a step of a game with such a state).
        for name, start, depth in starts:
            setattr(state, name, _freeze(start, depth, 0))

    def copy_into(self, source: State, target: State) -> None:
        """Give ``target`` its own copy of every list field of ``source`` (for ``clone``)."""
        for name in self._flat:
            setattr(target, name, getattr(source, name)[:])
        for name in self._rows:
            setattr(target, name, [row[:] for row in getattr(source, name)])
        for name, depth in self._deeper:
            setattr(target, name, _freeze(getattr(source, name), depth, 0))

    def thaw(self, state: State, names: Sequence[str]) -> None:
        """Give ``state`` its own lists, to their full depth, for the fields ``names`` (to be
        changed in place, a copy's reshuffle say); :meth:`freeze` declares them again."""
        for name in names:
            set_field(state, name, _freeze(getattr(state, name), self._declared[name].depth, 0))

    def freeze(self, state: State, names: Sequence[str]) -> None:
        """Make the fields ``names`` of ``state`` as declared (tuples at their frozen levels),
        and tell the state they changed (``note_change``)."""
        for name in names:
            f = self._declared[name]
            set_field(state, name, _freeze(getattr(state, name), f.depth, f.frozen))
            state.note_change(name)

    def check_at_start(self, state: State, names: Sequence[str], why: str) -> None:
        """Assert that ``state`` holds the fields ``names`` as a fresh state does: the fields of a
        step of the rules rest there outside it (``why`` says when): one saved form a position."""
        held = [getattr(state, name) for name in names]
        starts = [self._declared[name].fresh(state.game) for name in names]
        assert held == starts, f"{', '.join(names)} are {held}: {why} ({starts})"

    def dump(self, state: State) -> dict[str, Any]:
        """``state`` as plain data: the game, its configuration and every field."""
        out: dict[str, Any] = {"game": self.game, "config": state.game.config}
        for f in self.fields:
            value = _freeze(getattr(state, f.name), f.depth, 0)
            out[f.name] = _rename(value, f.depth, f.names.__getitem__) if f.names else value
        return out

    def json_schema(self, game: Game) -> dict[str, Any]:
        """The JSON Schema of a saved state of ``game`` (its configuration fixes the lengths)."""
        return {
            "type": "object",
            "properties": {
                "game": {"const": self.game},
                "config": {"const": game.config},
                **{f.name: f.schema(game) for f in self.fields},
            },
            "required": ["game", "config", *self.names],
            "additionalProperties": False,
        }

    def check(self, game: Game, data: Any) -> None:
        """Raise :class:`CorruptStateError` unless ``data`` has the declared shape and ranges."""
        if not isinstance(data, Mapping):
            raise CorruptStateError(f"a saved {self.title} state is a dict (the output of to_dict)")
        validator = self._validators.get(game)
        if validator is None:
            validator = self._validators[game] = Validator(self.json_schema(game))
        order = self._order
        error = min(
            validator.iter_errors(dict(data)), key=lambda e: _error_order(e, order), default=None
        )
        if error is not None:
            raise CorruptStateError(f"saved {self.title} state: {_describe(error, data)}")

    def load(self, state: State, data: Any, derive: Callable[[], None] | None = None) -> State:
        """Fill the fresh ``state`` from ``data``, derive its caches, and check it is a position."""
        self.check(state.game, data)
        for f in self.fields:
            value = data[f.name]
            if f.names:
                value = _rename(value, f.depth, f.names.index)
            # a copy, its frozen levels tuples (a fresh state: nothing kept derives from it yet)
            set_field(state, f.name, _freeze(value, f.depth, f.frozen))
        try:
            if derive is not None:
                derive()
            state.check_invariants()
            if not state.is_terminal() and not state.legal_action_mask().any():
                raise AssertionError(f"player {state.current_player()} has no legal action")
        except CorruptStateError:
            raise
        except LOAD_ERRORS as err:
            raise CorruptStateError(
                f"saved {self.title} state is not a position of the game: {err or repr(err)}"
            ) from None
        return state


@cache
def slot_names(cls: type) -> tuple[str, ...]:
    """The attributes the instances of ``cls`` keep in slots (none but for a state class that
    declares them: :func:`digsite.core.turn_based.slots` says why)."""
    return tuple(
        name
        for klass in cls.__mro__
        for name in klass.__dict__.get("__slots__", ())
        if name not in ("__dict__", "__weakref__")
    )


def set_field(state: State, name: str, value: Any) -> None:
    """Set attribute ``name`` of ``state`` past the tests' guard of ``put`` (a framework write:
    a fresh copy, a load, a redraw of hidden fields): in its slot if it has one (the guard
    keeps the slot it stands in for, as ``slot``), else in its ``__dict__``."""
    held = getattr(type(state), name, None)
    slot = getattr(held, "slot", held)
    if isinstance(slot, MemberDescriptorType):
        slot.__set__(state, value)
    else:
        state.__dict__[name] = value


def attributes(state: State) -> dict[str, Any]:
    """Every attribute ``state`` holds: its ``__dict__`` (if it has one) and its slots set."""
    slots = {name: getattr(state, name) for name in slot_names(type(state)) if hasattr(state, name)}
    return {**getattr(state, "__dict__", {}), **slots}


def copy_attributes(source: State, target: State) -> None:
    """Give the new ``target`` every attribute of ``source``, the values shared (``clone``, in
    search's inner loop: the slots read by one ``attrgetter`` and set by ``map``, both in C).
    A state's ``__init__`` sets every slot."""
    held = getattr(source, "__dict__", None)
    if held is not None:
        target.__dict__ = held.copy()
    if names := slot_names(type(source)):
        values = _slot_values(type(source))(source)
        deque(map(setattr, repeat(target), names, values), maxlen=0)


@cache
def _slot_values(cls: type) -> Callable[[Any], tuple]:
    """What reads the values of the slots of ``cls`` (:func:`slot_names`), as a tuple (the
    first read twice, so that a single slot gives a tuple too: ``map`` stops at the names)."""
    names = slot_names(cls)
    return attrgetter(*names, names[0])


def _freeze(value: Any, depth: int, frozen: int) -> Any:
    """A copy of ``value``'s list levels, its ``frozen`` innermost ones made tuples (none: a
    copy of lists, for ``clone`` and saving)."""
    if depth == 0:
        return value
    if depth == 1:
        return tuple(value) if frozen else list(value)
    items = [_freeze(x, depth - 1, frozen) for x in value]
    return tuple(items) if depth <= frozen else items


def _rename(value: Any, depth: int, how: Callable[[Any], Any]) -> Any:
    if depth == 0:
        return how(value)
    return [_rename(x, depth - 1, how) for x in value]


def replaced(row: Sequence[Any], i: int, value: Any) -> tuple:
    """``row`` as a tuple with item ``i`` set to ``value`` (the write of a frozen field)."""
    items = list(row)
    items[i] = value
    return tuple(items)


def replaced_in(rows: Sequence[Sequence[Any]], i: int, j: int, value: Any) -> tuple:
    """``rows`` with item ``j`` of row ``i`` set to ``value`` (a frozen field of rows)."""
    return replaced(rows, i, replaced(rows[i], j, value))


def added(row: Sequence[int], i: int, amount: int) -> tuple:
    items = list(row)
    items[i] += amount
    return tuple(items)


def added_in(rows: Sequence[Sequence[int]], i: int, j: int, amount: int) -> tuple:
    return replaced(rows, i, added(rows[i], j, amount))


def removed(row: Sequence[Any], item: Any) -> tuple:
    """``row`` without its first ``item`` (ValueError if it holds none)."""
    items = list(row)
    items.remove(item)
    return tuple(items)


def _error_order(error: jsonschema.ValidationError, order: Mapping[str, int]) -> tuple:
    """Missing or unknown fields first, then the first field in declared order (the game and
    the config before any other), then the shortest path."""
    path = list(error.absolute_path)
    first = order.get(path[0], len(order)) if path else -1
    return (first, len(path), [str(p) for p in path])


def _describe(error: jsonschema.ValidationError, data: Mapping) -> str:
    path = list(error.absolute_path)
    if not path:
        if error.validator == "additionalProperties":
            unknown = sorted(set(data) - set(error.schema["properties"]))
            return f"unknown field(s) {unknown}"
        return error.message
    if path[0] == "game":
        return f"it is a state of {data['game']!r}, not of {error.validator_value!r}"
    if path[0] == "config":
        return f"made with config {data['config']!r}; this game is {error.validator_value!r}"
    where = repr(path[0]) + "".join(f"[{p}]" for p in path[1:])
    value, allowed = error.instance, error.validator_value
    if error.validator in ("minItems", "maxItems"):
        return f"field {where} holds {len(value)} entries; it must hold {allowed}"
    if error.validator == "type":
        return f"field {where} is {quoted(value, 60)}; it must be {_TYPES[allowed]}"
    if error.validator == "enum":
        return f"field {where} is {quoted(value, 60)}; it must be one of {allowed}"
    if error.validator in _BOUNDS:
        return f"field {where} is {value}; it must be {_BOUNDS[error.validator]} {allowed}"
    return f"field {where}: {error.message}"


_TYPES = {"integer": "an integer", "boolean": "true or false", "array": "a list"}
_BOUNDS = {"minimum": "at least", "maximum": "at most"}
