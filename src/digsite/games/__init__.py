"""The rules engines of the digsite games; nothing here imports PettingZoo, Gymnasium or agents.

Every game is one package of the same shape: :data:`FILE_CONTRACT` names its modules and what
each must define, and the page docs/architecture.md ("What a game declares") says what each
holds.  :data:`BUILTIN` lists these games.  Importing a spec imports the game's package (its
documentation page), actions and components, never its rules: the rules load when a game is made.

A game may add modules named after what they hold (the Royal Society's ``automa.py``,
ArcheOlogic's ``solver.py``).

A game of one's own plugs in from its own distribution through the entry point group
:data:`ENTRY_POINT_GROUP`, named after the game and valued with its spec (in its
``pyproject.toml``: ``[project.entry-points."digsite.games"]`` then ``mygame =
"mygame.spec:SPEC"``).  :data:`PLUGINS` lists the installed ones and :data:`SPECS` every game,
so every generic surface (ids, ``digsite list``, the tools, the agents, OpenSpiel) offers them.
A plugin that does not load, or that takes a name already taken, is left out with a
:class:`PluginWarning` saying why: one broken package never breaks ``import digsite``.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
import warnings
from collections.abc import Iterable
from importlib import metadata

from ..core.spec import GameSpec

FILE_CONTRACT: dict[str, tuple[str, ...]] = {
    "actions": ("ACTIONS", "NUM_ACTIONS", "DECISIONS"),
    "components": (),
    "rules": ("OPTIONS",),
    "saved": ("FIELDS",),
    "invariants": ("check_invariants",),
    "view": ("build_view",),
    "observation": ("observe",),
    "text": ("action_to_string", "render_view", "render_spectator"),
    "heuristic": (),
    "drawing": ("draw",),
    "spec": ("SPEC",),
}
"""Each game's modules and the names each must define."""

ENTRY_POINT_GROUP = "digsite.games"
"""The entry point group of the games of other distributions (see the module docstring)."""
GAME_NAME = re.compile(r"[a-z][a-z0-9_]*")
"""A game's name: ids (``digsite/<name>-v<N>``), module and file names derive from it."""


class PluginWarning(UserWarning):
    """A game plugin left out: it does not load, or its spec cannot be a game's."""


BUILTIN: tuple[GameSpec, ...] = tuple(
    importlib.import_module(f"{__name__}.{package.name}.spec").SPEC
    for package in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name)
    if package.ispkg
)
"""digsite's own games, declared once (each package's ``spec.py``), by package name."""


def plugin_specs(
    entry_points: Iterable[metadata.EntryPoint], taken: Iterable[GameSpec]
) -> tuple[GameSpec, ...]:
    """The specs that ``entry_points`` give, by name; one that does not load or cannot add its
    game (:func:`_spec_problem`) is left out with a :class:`PluginWarning` naming it and why."""
    taken = tuple(taken)
    found = []
    for point in sorted(entry_points, key=lambda p: p.name):
        try:
            spec = point.load()
        except Exception as err:  # a broken plugin must not break ``import digsite``
            problem = f"does not load: {err!r}"
        else:
            problem = _spec_problem(point.name, spec, [*taken, *found])
        if problem:
            warnings.warn(
                f"digsite game plugin {point.name!r} ({point.value}) {problem}; it is left out",
                PluginWarning,
                stacklevel=2,
            )
            continue
        found.append(spec)
    return tuple(found)


def _spec_problem(name: str, spec: object, games: list[GameSpec]) -> str | None:
    """Why entry point ``name``'s ``spec`` cannot add a game beside ``games``, or None."""
    if not isinstance(spec, GameSpec):
        return f"gives {type(spec).__name__}, not a digsite.core.spec.GameSpec"
    if spec.name != name:
        return f"gives the game {spec.name!r}: an entry point is named after its game"
    if not GAME_NAME.fullmatch(spec.name):
        return f"names its game {spec.name!r}: a game's name is lower case letters, digits and _"
    if any(g.name == spec.name for g in games):
        return f"names its game {spec.name!r}, a name another game has"
    taken = set().union(*map(_ids, games))
    if _ids(spec) & taken:
        return f"would take the ids {sorted(_ids(spec) & taken)}, which another game has"
    return None


def _ids(spec: GameSpec) -> set[str]:
    """A game's PettingZoo and Gymnasium ids, in lower case (as a person tells them apart)."""
    ids = [spec.env_id, spec.solo_id, *map(spec.single_seat_id, spec.single_seat_counts)]
    return {i.lower() for i in ids if i}


PLUGINS: tuple[GameSpec, ...] = plugin_specs(
    metadata.entry_points(group=ENTRY_POINT_GROUP), BUILTIN
)
"""The games installed from other distributions (entry point group :data:`ENTRY_POINT_GROUP`)."""

SPECS: tuple[GameSpec, ...] = BUILTIN + PLUGINS
"""Every game: digsite's own, then the plugins, each by name."""


def spec(name: str) -> GameSpec:
    """The spec of the game ``name``; a ValueError naming the games if there is none."""
    for s in SPECS:
        if s.name == name:
            return s
    names = ", ".join(s.name for s in SPECS)
    raise ValueError(f"unknown digsite game {name!r}; available: {names}")


def __getattr__(name: str):
    """A game's package on first use, so ``help(digsite.games.mykerinos)`` needs no import."""
    if importlib.util.find_spec(f"{__name__}.{name}") is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
