"""The guard of the fields a state writes only with ``put`` (``TurnBasedState.PUT``): while
it is on, any other write of one fails, so a rule that writes such a field without telling the
kept observation is found by every test that runs the rule."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from types import MemberDescriptorType
from typing import Any
from unittest import mock

from ..core.fields import set_field


@dataclass(slots=True)
class _Refused:
    """A data descriptor without ``__get__``: reads still find the state's own value; a write
    fails but the field's first (its start, ``StateFields.fresh``), and ``put`` writes the
    state's ``__dict__``, past it (:func:`_put`, ``core.fields.set_field``)."""

    name: str

    def __set__(self, state: Any, value: Any) -> None:
        if self._holds(state):
            raise AttributeError(
                f"{type(state).__name__}.{self.name} is written with "
                f"put({self.name!r}, value), which tells the kept observation"
            )
        set_field(state, self.name, value)

    def _holds(self, state: Any) -> bool:
        return self.name in state.__dict__


@dataclass(slots=True)
class _RefusedSlot(_Refused):
    """:class:`_Refused` standing in for the slot of a state class that keeps its fields in
    slots: reads and the writes past it go to ``slot``."""

    slot: MemberDescriptorType

    def __get__(self, state: Any, owner: type | None = None) -> Any:
        return self if state is None else self.slot.__get__(state, owner)

    def _holds(self, state: Any) -> bool:
        return hasattr(state, self.name)  # (read through the slot: False until it is set)


def _put(state: Any, name: str, value: Any) -> None:
    """``TurnBasedState.put`` past the guard."""
    set_field(state, name, value)
    state.written.add(name)


@contextlib.contextmanager
def refused_writes(state_class: type) -> Iterator[None]:
    """While inside: writing a field of ``state_class.PUT`` other than with ``put`` raises."""
    with contextlib.ExitStack() as patches:
        for name in getattr(state_class, "PUT", ()):
            held = state_class.__dict__.get(name)
            slot = getattr(held, "slot", held)  # (a guard inside another: the same slot)
            is_slot = isinstance(slot, MemberDescriptorType)
            guard = _RefusedSlot(name, slot) if is_slot else _Refused(name)
            patches.enter_context(mock.patch.object(state_class, name, guard, create=True))
        patches.enter_context(mock.patch.object(state_class, "put", _put, create=True))
        yield
