"""The PettingZoo AEC env of any game from its spec: what ``pettingzoo.make`` calls for every
registered id (:func:`make_env`), and each built-in game module's ``env`` / ``raw_env``."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from ..core.spec import GameSpec
from .aec import DigsiteAECEnv
from .registry import entry


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


def game_module(spec: GameSpec) -> tuple[str | None, Callable[..., Any], Callable[..., Any]]:
    """What a built-in game's module (``digsite.<game>_v<N>``) holds: the docstring of the
    game's package (its documentation page), ``env`` and ``raw_env``."""
    return (import_module(spec.package).__doc__, *make_env_functions(spec))


def make_env(game: str, **config: Any) -> DigsiteAECEnv:
    """The AEC env of the registered game named ``game``, digsite's own or a plugin's, with
    ``config`` (its options, ``render_mode``, ``max_cycles``): ``make_env("mykerinos",
    num_players=2)``.  A plugin has no ``digsite.<game>_v<N>`` module; this needs none."""
    return make_env_functions(entry(game))[0](**config)
