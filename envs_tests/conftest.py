"""Every game of digsite's own and configuration becomes a case of the tests that take
``case`` (the conformance suite's cases, :func:`digsite.testing.cases`)."""

from __future__ import annotations

import importlib

import pytest

from digsite.games import BUILTIN
from digsite.testing import cases

CASES = [pytest.param(case, id=case.id) for spec in BUILTIN for case in cases(spec)]


@pytest.fixture(params=CASES)
def case(request):
    """(registry entry, config dict, env module)."""
    case = request.param
    return case.spec, dict(case.config), importlib.import_module(case.spec.module)
