"""Typed option declarations, for games and envs: one :class:`Option` per keyword.

A game (``Game.options``) or an env declares each option once: its name, default and what it
allows.  :func:`check_options` turns the keywords a user gave into the full, plain configuration
(defaults fill the rest) or raises :class:`ConfigError` naming the option and what it allows; an
unknown keyword is named with the list of allowed ones.

A numpy scalar is read as the Python value it holds, before any option looks at it, so every
game and env treats it alike: ``np.str_("ur")`` is the string ``"ur"``, ``np.int64(3)`` the
integer 3, ``np.bool_(True)`` the flag True, ``np.float32(0.5)`` the number 0.5; each is then
allowed or refused as that Python value is (a numpy bool is no integer, a numpy integer no
flag), and the configuration holds only plain Python values.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .errors import ConfigError


@dataclass(frozen=True)
class Option:
    """One keyword option. ``normalize`` returns the plain value, or raises ``ValueError`` or
    ``TypeError`` when the value is not allowed (its message is not shown: ``allowed`` is)."""

    name: str
    default: Any
    allowed: str
    """What the option allows, as the error message says it: ``"an integer 2..5"``."""
    normalize: Callable[[Any], Any]
    doc: str = ""
    file: str | None = None
    """For a component data option, its shipped file in the game's ``data`` folder."""

    def check(self, value: Any, owner: str) -> Any:
        try:
            return self.normalize(plain(value))
        except (ValueError, TypeError):
            raise ConfigError(
                f"{owner} option {self.name} must be {self.allowed}, not {value!r} "
                f"({type(value).__name__})"
            ) from None


def plain(value: Any) -> Any:
    """A numpy scalar as the Python value it holds (``np.int64`` -> int); anything else as is."""
    return value.item() if isinstance(value, np.generic) else value


def is_integer(value: Any) -> bool:
    """A Python or numpy integer, and not a bool (``True`` is no player count)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def integer(
    name: str,
    default: int | None,
    low: int,
    high: int | None = None,
    *,
    optional: bool = False,
    doc: str = "",
) -> Option:
    """An integer in ``low..high`` (``high=None``: no upper bound); ``optional``: or None."""
    allowed = f"an integer {low}..{high}" if high is not None else f"an integer >= {low}"
    if optional:
        allowed += " or None"

    def normalize(value: Any) -> int | None:
        if optional and value is None:
            return None
        if not is_integer(value):
            raise TypeError(value)
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(value)
        return int(value)

    return Option(name, default, allowed, normalize, doc)


def number(
    name: str, default: float, low: float | None = None, *, above: bool = False, doc: str = ""
) -> Option:
    """A real number (int, float or numpy; not a bool, not nan or infinite) >= ``low``, or
    > ``low`` when ``above``."""
    allowed = "a finite number" + ("" if low is None else f" {'>' if above else '>='} {low}")

    def normalize(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):  # (numpy scalars: plain)
            raise TypeError(value)
        value = float(value)
        if not math.isfinite(value) or (
            low is not None and (value <= low if above else value < low)
        ):
            raise ValueError(value)
        return value

    return Option(name, default, allowed, normalize, doc)


def choice(name: str, default: Any, choices: Sequence[Any], doc: str = "") -> Option:
    """One of ``choices``: integers (numpy ones accepted, bools and floats refused) or strings."""
    choices = tuple(choices)

    def normalize(value: Any) -> Any:
        if is_integer(value):
            value = int(value)
        elif value is not None and not isinstance(value, str):
            raise TypeError(value)
        if not any(value == c and type(value) is type(c) for c in choices):
            raise ValueError(value)
        return value

    return Option(name, default, f"one of {', '.join(map(repr, choices))}", normalize, doc)


def flag(name: str, default: bool, doc: str = "") -> Option:
    """True or False (numpy bools accepted; 0 and 1 are not flags)."""

    def normalize(value: Any) -> bool:
        if not isinstance(value, (bool, np.bool_)):
            raise TypeError(value)
        return bool(value)

    return Option(name, default, "True or False", normalize, doc)


def data(name: str, file: str | None = None, doc: str = "") -> Option:
    """A component data file: None (the shipped ``data/<file>``, by default ``<name>.json``), a
    path, or the records themselves (a list, or a dict holding them); the game's loader checks
    what is inside."""

    def normalize(value: Any) -> Any:
        if value is None or isinstance(value, (list, dict)):
            return value
        if isinstance(value, (str, Path)):
            return str(value)
        raise TypeError(value)

    allowed = "None, a path to a JSON file, or a list of records"
    return Option(name, None, allowed, normalize, doc, file or f"{name}.json")


def check_options(declared: Sequence[Option], given: Mapping[str, Any], owner: str) -> dict:
    """The full configuration: every declared option, given or default, as a plain value."""
    if unknown := sorted(set(given) - {o.name for o in declared}):
        listed = ", ".join(f"{o.name} (default {o.default!r})" for o in declared)
        raise ConfigError(f"unknown {owner} option(s) {', '.join(unknown)}; options are: {listed}")
    return {o.name: o.check(given.get(o.name, o.default), owner) for o in declared}
