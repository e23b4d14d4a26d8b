"""The solo Gymnasium env of every game with a one-player mode: one seat of a rules engine, the
action mask for MaskablePPO, the documented answer to an unmasked action, and rendering.  What
is the game's own (its options, its game, the reward of a move and what ``info`` tells) is its
:class:`~digsite.core.solo.SoloMode`, named in its spec; ``gymnasium.make("digsite/<name>-v<N>")``
and :func:`solo_env` build the env from it.  ``step`` (or ``action_to_string``) before the first
``reset`` raises ``ResetNeededError`` saying to call ``reset()``."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from ..core.engine import Game, IllegalActionError, action_index
from ..core.options import Option, check_options, choice
from ..core.solo import SoloMode
from ..core.spec import load
from ..games import spec
from .rendering import RENDER_MODE, Renders

ILLEGAL_ACTION_MODES = ("end", "random")
ILLEGAL_ACTION = choice(
    "illegal_action",
    "end",
    ILLEGAL_ACTION_MODES,
    doc="an action that is not legal ends the episode, or a random legal one is played",
)
SOLO_OPTIONS: tuple[Option, ...] = (ILLEGAL_ACTION, RENDER_MODE)
"""The options every solo env has; each solo env declares its own after these."""


class OneSeatEnv(Renders, gym.Env):
    """What the solo and single-seat envs share: a Gymnasium env over the ``seat`` of a ``game``,
    its action mask for MaskablePPO and its answer to an unmasked action."""

    seat = 0

    def __init__(self, game: Game, illegal_action: str, render_mode: str | None):
        self.game = game
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.observation_space = gym.spaces.Box(0.0, 1.0, (game.observation_size,), np.float32)
        self.action_space = gym.spaces.Discrete(game.num_actions)
        self.game_state = None
        self._done = False

    def _checked_action(self, action) -> tuple[int | None, dict]:
        """The legal action to play and the step's first ``info``.  An unmasked action sets
        ``info["illegal_action"]`` and is replaced by a uniformly drawn legal one
        (``illegal_action="random"``), or gives None: the episode ends (``"end"``)."""
        self._require_reset("step")
        if self._done:
            raise RuntimeError("the episode is over; call reset()")
        mask = self.game_state.legal_action_mask()
        try:
            if mask[index := action_index(action, len(mask))]:
                return index, {}
        except IllegalActionError:  # not an action: answered as an illegal one
            pass
        if self.illegal_action == "end":
            self._done = True
            return None, {"illegal_action": True}
        legal = np.flatnonzero(mask)
        return int(legal[self.np_random.integers(len(legal))]), {"illegal_action": True}

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner (all False once the episode is over), for MaskablePPO."""
        if self._done or self.game_state is None or self.game_state.current_player() != self.seat:
            return np.zeros(self.game.num_actions, dtype=bool)
        return self.game_state.legal_action_mask().astype(bool)

    def _observation(self) -> np.ndarray:
        out = np.empty(self.game.observation_size, dtype=np.float32)
        self.game_state.observe(self.seat, out)
        return out


class SoloEnv(OneSeatEnv):
    """A Gymnasium env over player 0 of a game's one-player ``mode`` with its ``options``."""

    def __init__(self, mode: type[SoloMode], **options: Any):
        config = check_options((*mode.options, *SOLO_OPTIONS), options, mode.title)
        self.mode = mode(config)
        super().__init__(self.mode.game, config["illegal_action"], config["render_mode"])

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.game_state = self.game.new_initial_state(self.np_random)
        self._done = False
        return self._observation(), self.mode.start(self.game_state)

    def step(self, action):
        action, info = self._checked_action(action)
        state = self.game_state
        if action is None:  # unmasked, illegal_action="end"
            reward, told = self.mode.give_up(state)
            return self._observation(), float(reward), True, False, info | told
        reward, truncated, told = self.mode.play(state, action)
        terminated = state.is_terminal()
        self._done = terminated or truncated
        return self._observation(), float(reward), terminated, truncated, info | told


def solo_env(game: str, **options: Any) -> SoloEnv:
    """The solo env of ``game`` (its spec's one-player mode) with ``options``."""
    solo = spec(game).solo
    if solo is None:
        raise ValueError(f"{game} has no solo mode")
    return SoloEnv(load(solo.mode), **options)
