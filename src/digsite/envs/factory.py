"""Builds the PettingZoo-style ``env`` / ``raw_env`` of a game module from the game's spec."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.spec import GameSpec
from .aec import DigsiteAECEnv


def make_env_functions(spec: GameSpec) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``env(**config)`` and ``raw_env(**config)`` for a game: one function under both names,
    since the adapter already enforces call order and rejects illegal actions with a clear
    error, so PettingZoo's wrapper stack (and its cost) is not needed.  Unknown options raise
    an error listing the allowed ones (the game's options, ``render_mode`` and ``max_cycles``);
    the game's rules load on the first env."""

    def env(render_mode: str | None = None, max_cycles: int | None = None, **config: Any):
        game = spec.load_game_class().from_config(**config)
        return DigsiteAECEnv(game, render_mode=render_mode, max_cycles=max_cycles)

    return env, env
