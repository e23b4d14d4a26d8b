"""Every registered env and configuration becomes a case of the conformance suite."""

from __future__ import annotations

import importlib

import pytest

from digsite.games import BUILTIN

CASES = [
    pytest.param(
        (entry, config), id=f"{entry.name}-" + "-".join(f"{k}{v}" for k, v in config.items())
    )
    for entry in BUILTIN
    for config in entry.configs()
]


@pytest.fixture(params=CASES)
def case(request):
    """(registry entry, config dict, env module)."""
    entry, config = request.param
    return entry, config, importlib.import_module(entry.module)
