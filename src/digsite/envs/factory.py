"""Builds the PettingZoo-style ``env`` / ``raw_env`` pair of a game module."""

from __future__ import annotations

from typing import Any

from .aec import DigsiteAECEnv


def make_env_functions(game_class: type, options: dict[str, Any]):
    """``raw_env(**config)`` and ``env(**config)`` for a game; unknown options raise an error
    that lists the allowed ones (the game options plus ``render_mode`` and ``max_cycles``)."""

    def raw_env(render_mode: str | None = None, max_cycles: int | None = None, **config: Any):
        game = game_class.from_config(**config)
        return DigsiteAECEnv(game, render_mode=render_mode, max_cycles=max_cycles)

    def env(render_mode: str | None = None, max_cycles: int | None = None, **config: Any):
        """The env as users get it.  The adapter already enforces call order and rejects illegal
        actions with a ValueError, so PettingZoo's wrapper stack (and its cost) is not needed."""
        return raw_env(render_mode=render_mode, max_cycles=max_cycles, **config)

    return env, raw_env
