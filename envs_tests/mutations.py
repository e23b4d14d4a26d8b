"""Mutations of plain JSON-like data (saved states, option sets, component records), drawn by
hypothesis so that a failure shrinks to the smallest change that breaks the code."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

ODD_VALUES = (None, True, False, 1.0, 2.5, float("nan"), "x", "", [], {}, -1, 0, 10**9, -(10**9))
"""Values of the wrong type or far out of range, tried anywhere."""


def paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in ``data`` (dict keys and list positions), the containers included."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += paths(value, (*prefix, i))
    return found


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _near(value: Any, draw: Callable) -> Any:
    """A value of the same kind near ``value``: the likeliest to slip past a loose check."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + draw(st.sampled_from((-2, -1, 1, 2, 5)))
    if isinstance(value, str):
        return value + "_"
    return copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))


def mutate(data: Any, draw: Callable, protect: tuple = (), log: list | None = None) -> Any:
    """A deep copy of ``data`` with one to three changes: a value nudged, replaced by another
    value found in ``data``, or by an odd value; a list shortened, lengthened, reordered or
    emptied; a dict entry removed.  Paths starting with a key in ``protect`` are left alone;
    each change is described in ``log``."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in paths(data) if p[0] not in protect]
        if not places:
            break
        path = places[draw(st.integers(0, len(places) - 1))]
        value = _get(data, path)
        leaves = [_get(data, p) for p in places if not isinstance(_get(data, p), (list, dict))]
        how = draw(st.sampled_from(("near", "near", "other", "odd", "list", "drop")))
        before = repr(value)[:80]
        if how == "list" and isinstance(value, list):
            change = draw(st.sampled_from(("pop", "append", "repeat", "swap", "empty")))
            if change == "pop" and value:
                value.pop(draw(st.integers(0, len(value) - 1)))
            elif change == "append":
                value.append(draw(st.sampled_from(leaves or [0])))
            elif change == "repeat" and value:
                value.append(value[draw(st.integers(0, len(value) - 1))])
            elif change == "swap" and len(value) > 1:
                i, j = draw(st.integers(0, len(value) - 1)), draw(st.integers(0, len(value) - 1))
                value[i], value[j] = value[j], value[i]
            elif change == "empty":
                value.clear()
        elif how == "drop" and isinstance(_get(data, path[:-1]), dict):
            del _get(data, path[:-1])[path[-1]]
        elif how == "other" and leaves:
            _set(data, path, copy.deepcopy(draw(st.sampled_from(leaves))))
        elif how == "odd":
            _set(data, path, copy.deepcopy(draw(st.sampled_from(ODD_VALUES))))
        else:
            _set(data, path, _near(value, draw))
        if log is not None:
            after = repr(_get(data, path))[:80] if how != "drop" else "(dropped)"
            log.append(f"{how} at {list(path)}: {before} -> {after}")
    return data
