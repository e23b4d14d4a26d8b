"""The rules engines of the digsite games; nothing here imports PettingZoo, Gymnasium or agents.

Every game is one package of the same shape (checked by ``envs_tests/test_file_contract.py``):

==================  ==========================================================================
file                holds
==================  ==========================================================================
``__init__.py``     the game's documentation page (its module docstring), with the action
                    table generated from ``ACTIONS``
``actions.py``      ``ACTIONS`` (the action ids as named ranges, :mod:`digsite.core.actions`),
                    ``NUM_ACTIONS`` and ``DECISIONS`` (the kinds of pending decision,
                    :mod:`digsite.core.decisions`)
``components.py``   the components and their data files (``data/``, each with its schema)
``rules.py``        ``OPTIONS``, the state (``core.turn_based.TurnBasedState`` or
                    ``core.tasks.TaskQueueState``: one ``_legal_<decision>`` and one
                    ``_on_<decision>`` per decision) and the game
                    (``core.turn_based.TurnBasedGame``: its declarations and ``configure``)
``saved.py``        ``FIELDS``: the state's declared fields (construction, copying, saving,
                    loading)
``invariants.py``   ``check_invariants(state)``: what every position keeps, live or loaded
``view.py``         ``build_view(state, player)``: what a player knows, as plain data
``observation.py``  ``observe(state, player, out)``: the view as the observation tensor
``text.py``         ``action_to_string`` (built on ``ACTIONS``), ``render_view`` (a seat's
                    picture, from its view) and ``render_spectator``
``heuristic.py``    the game's rules-based agent (``core.policy.HeuristicAgent``), one
                    ``_decide_<decision>`` per decision
``drawing.py``      ``draw(game, views)``: the board picture, from the views it may show
``spec.py``         ``SPEC``: the game declared once, for every generic surface
                    (:class:`digsite.core.spec.GameSpec`)
==================  ==========================================================================

:data:`SPECS` lists the games.  Importing a spec imports the game's package (its documentation
page), actions and components, never its rules: the rules load when a game is made.

A game may add modules named after what they hold (the Royal Society's ``automa.py``,
ArcheOlogic's ``solver.py``).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

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

SPECS: tuple[GameSpec, ...] = tuple(
    importlib.import_module(f"{__name__}.{package.name}.spec").SPEC
    for package in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name)
    if package.ispkg
)
"""Every game, declared once (its package's ``spec.py``), by package name."""


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
