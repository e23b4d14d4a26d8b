"""Every game of digsite's own and configuration becomes a case of the tests that take
``case`` (the conformance suite's cases, :func:`digsite.testing.cases`)."""

from __future__ import annotations

import contextlib
import importlib

import pytest

from digsite.games import BUILTIN
from digsite.testing import cases
from digsite.testing.writes import refused_writes

CASES = [pytest.param(case, id=case.id) for spec in BUILTIN for case in cases(spec)]


@pytest.fixture(params=CASES)
def case(request):
    """(registry entry, config dict, env module)."""
    case = request.param
    return case.spec, dict(case.config), importlib.import_module(case.spec.module)


@pytest.fixture(autouse=True, scope="session")
def _writes_only_through_put():
    """Every test runs with the writes of a ``PUT`` field other than through ``put`` refused
    (the rules', and the tests' own set-ups)."""
    with contextlib.ExitStack() as guards:
        for spec in BUILTIN:
            guards.enter_context(refused_writes(spec.load_game_class().state_class))
        yield
