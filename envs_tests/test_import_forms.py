"""The ways the docs tell users to reach the package, each in a fresh interpreter so that nothing
this test session imported helps."""

from __future__ import annotations

import subprocess
import sys

import pytest

from digsite.envs.registry import SOLO_GYM_IDS
from digsite.games import BUILTIN


def _run(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout


def test_help_on_a_game_after_import_digsite_alone():
    """The README's ``help(digsite.games.medieval_realms)``: the games' rules load on first
    use, and ``import digsite`` alone reads only their specs (no rules, agents or drawing)."""
    out = _run(
        "import sys, digsite\n"
        "print(any(m.endswith(('.rules', '.heuristic', '.drawing')) for m in sys.modules))\n"
        "help(digsite.games.medieval_realms)\n"
        "print(digsite.mykerinos_v1.__name__, hasattr(digsite.games, 'catan'))"
    )
    assert out.startswith("False\n")
    assert "Medieval Realms" in out and "Action table" in out
    assert out.rstrip().endswith("digsite.mykerinos_v1 False")


@pytest.mark.parametrize("env_id", [*sorted(SOLO_GYM_IDS), "digsite/Mykerinos2p-v1"])
def test_gymnasium_module_form_needs_no_import(env_id):
    """``gymnasium.make("digsite:<id>")`` imports digsite itself (Gymnasium 1.x has no plugin
    entry points; this is its way to register a package's envs on demand)."""
    code = (
        "import sys, gymnasium\n"
        "assert 'digsite' not in sys.modules\n"
        f"env = gymnasium.make('digsite:{env_id}')\n"
        "observation, info = env.reset(seed=0)\n"
        "print(env.spec.id, env.action_masks().sum() > 0)"
    )
    assert _run(code).split() == [env_id, "True"]


def test_every_game_module_is_an_attribute():
    import digsite

    for entry in BUILTIN:
        assert getattr(digsite, entry.module_name).__name__ == entry.module
