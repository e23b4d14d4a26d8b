"""One file contract for every game (``digsite.games``): the same file names for the same roles,
the same exported names, and the documentation's action table generated from the actions."""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from pathlib import Path

import pytest

from digsite.core.actions import ActionTable
from digsite.core.decisions import DecisionKinds
from digsite.core.fields import StateFields
from digsite.core.turn_based import TurnBasedState
from digsite.games import BUILTIN, FILE_CONTRACT

GAMES = [entry.name for entry in BUILTIN]


def module(game: str, name: str):
    return importlib.import_module(f"digsite.games.{game}.{name}")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_contract_files_and_names(game):
    package = importlib.import_module(f"digsite.games.{game}")
    root = Path(package.__file__).parent
    for name, exported in FILE_CONTRACT.items():
        assert (root / f"{name}.py").is_file(), f"{game} has no {name}.py"
        missing = [e for e in exported if not hasattr(module(game, name), e)]
        assert not missing, f"{game}/{name}.py does not define {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_declarations_are_the_ones_the_state_uses(game):
    actions, saved = module(game, "actions"), module(game, "saved")
    entry = next(e for e in BUILTIN if e.name == game)
    game_class = entry.load_game_class()
    assert isinstance(actions.ACTIONS, ActionTable)
    assert isinstance(actions.DECISIONS, DecisionKinds)
    assert isinstance(saved.FIELDS, StateFields)
    assert actions.ACTIONS.size == actions.NUM_ACTIONS
    state_class = type(game_class.from_config().new_initial_state(_rng()))
    assert issubclass(state_class, TurnBasedState)
    assert state_class.DECISIONS is actions.DECISIONS
    assert state_class.FIELDS is saved.FIELDS
    assert state_class.check_invariants is module(game, "invariants").check_invariants
    assert game_class.from_config().num_actions == actions.ACTIONS.size
    assert entry.heuristic_agent.startswith(f"digsite.games.{game}.heuristic:")


@pytest.mark.parametrize("game", GAMES)
def test_the_action_table_and_texts_come_from_the_declared_actions(game):
    """The page's table is generated from ``ACTIONS``, and ``action_to_string`` is built on the
    same table (one text function per range), so the two cannot disagree."""
    package = importlib.import_module(f"digsite.games.{game}")
    table = module(game, "actions").ACTIONS
    assert table.rst() in package.__doc__
    assert module(game, "text").action_to_string.table is table


@pytest.mark.parametrize("game", GAMES)
def test_each_state_field_starts_from_its_declaration_alone(game):
    """A state's ``__init__`` sets no declared field: ``TurnBasedState.__init__`` gives each
    its ``start``, which fits the declaration (a fresh state dumps to data its schema takes)."""
    spec = next(e for e in BUILTIN if e.name == game)
    fields = module(game, "saved").FIELDS
    game_class = spec.load_game_class()
    state_class = type(game_class.from_config().new_initial_state(_rng()))
    mro = state_class.__mro__
    for cls in mro[: mro.index(TurnBasedState)]:
        init = cls.__dict__.get("__init__")
        if init is None:
            continue
        tree = ast.parse(textwrap.dedent(inspect.getsource(init)))
        set_here = {
            target.attr
            for node in ast.walk(tree)
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Attribute)
        }
        assert not set_here & set(fields.names), (
            f"{cls.__name__}.__init__ sets declared fields {sorted(set_here & set(fields.names))}"
        )
    for config in spec.configs():
        g = game_class.from_config(**config)
        built, bare = state_class(g), object.__new__(state_class)
        TurnBasedState.__init__(bare, g)
        assert fields.dump(built) == fields.dump(bare)
        fields.check(g, fields.dump(built))


def _rng():
    import numpy as np

    return np.random.default_rng(0)
