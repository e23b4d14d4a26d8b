"""The guard of the fields a state writes only with ``put`` (``TurnBasedState.PUT``): while
it is on, any other write of one fails, so a rule that writes such a field without telling the
kept observation is found by every test that runs the rule."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any


class _Refused:
    """A data descriptor without ``__get__``: reads still find the state's own value; a write
    fails but the field's first (its start, ``StateFields.fresh``), and ``put`` writes the
    state's ``__dict__``, past it (:func:`_put`)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __set__(self, state: Any, value: Any) -> None:
        if self.name not in state.__dict__:
            state.__dict__[self.name] = value
            return
        raise AttributeError(
            f"{type(state).__name__}.{self.name} is written with "
            f"put({self.name!r}, value), which tells the kept observation"
        )


def _put(state: Any, name: str, value: Any) -> None:
    """``TurnBasedState.put`` past the guard."""
    state.__dict__[name] = value
    state.written.add(name)


@contextlib.contextmanager
def refused_writes(state_class: type) -> Iterator[None]:
    """While inside: writing a field of ``state_class.PUT`` other than with ``put`` raises."""
    names = (*getattr(state_class, "PUT", ()), "put")
    before = {name: state_class.__dict__[name] for name in names if name in state_class.__dict__}
    for name in names[:-1]:
        setattr(state_class, name, _Refused(name))
    state_class.put = _put
    try:
        yield
    finally:
        for name in names:
            if name in before:
                setattr(state_class, name, before[name])
            else:
                delattr(state_class, name)
