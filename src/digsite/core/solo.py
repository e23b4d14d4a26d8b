"""A game's one-player mode as a single-agent task, free of Gymnasium.

A game with a solo mode writes one :class:`SoloMode` in its ``solo.py`` and names it in its spec
(``SoloSpec.mode``); :class:`digsite.envs.solo.SoloEnv` makes any of them a Gymnasium env, with
the action mask, the documented answer to an unmasked action and rendering.  The mode says only
what is the game's own: its options, its game, the reward of a move and what ``info`` tells.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import Any, ClassVar

from .engine import Game, State
from .options import Option


class SoloMode(abc.ABC):
    """One episode at a time of player 0 of a one-player game (see the module docstring)."""

    options: ClassVar[tuple[Option, ...]]
    """The env's options besides ``illegal_action`` and ``render_mode``."""
    title: ClassVar[str]
    """The env's name in messages, e.g. ``"ArcheOlogic solo env"``."""

    def __init__(self, config: Mapping[str, Any]):
        """``config``: the options, checked (``check_options``, by the env)."""
        self.game = self.make_game(config)

    @abc.abstractmethod
    def make_game(self, config: Mapping[str, Any]) -> Game:
        """The one-player game of ``config``."""

    @abc.abstractmethod
    def start(self, state: State) -> dict[str, Any]:
        """A new episode on ``state``: ``reset``'s ``info``."""

    @abc.abstractmethod
    def play(self, state: State, action: int) -> tuple[float, bool, dict[str, Any]]:
        """Play the legal ``action`` on ``state``: the reward, whether the episode is cut short
        (truncated) and the step's ``info``."""

    @abc.abstractmethod
    def give_up(self, state: State) -> tuple[float, dict[str, Any]]:
        """An unmasked action ended the episode (``illegal_action="end"``): its reward and
        ``info``."""
