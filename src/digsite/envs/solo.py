"""What every solo Gymnasium env shares: one seat of a rules engine, the action mask for
MaskablePPO, the documented answer to an unmasked action, and rendering.  A game's solo env
(``digsite.envs``) adds only its reward and its ``info``.  ``step`` (or ``action_to_string``)
before the first ``reset`` raises ``ResetNeededError`` saying to call ``reset()``."""

from __future__ import annotations

import gymnasium as gym
import numpy as np

from ..core.engine import Game, legal_or_none
from ..core.errors import ResetNeededError
from ..core.options import Option, check_options, choice
from .rendering import RENDER_MODE, RENDER_MODES, Renders

ILLEGAL_ACTION_MODES = ("end", "random")
ILLEGAL_ACTION = choice(
    "illegal_action",
    "end",
    ILLEGAL_ACTION_MODES,
    doc="an action that is not legal ends the episode, or a random legal one is played",
)
SOLO_OPTIONS: tuple[Option, ...] = (ILLEGAL_ACTION, RENDER_MODE)
"""The options every solo env has; each solo env declares its own after these."""


class SoloEnv(Renders, gym.Env):
    """A Gymnasium env over player 0 of a one-player ``game``; subclasses write ``reset`` and
    ``step`` with :meth:`_checked_action`."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}

    def __init__(self, game: Game, illegal_action: str = "end", render_mode: str | None = None):
        given = {"illegal_action": illegal_action, "render_mode": render_mode}
        illegal_action, render_mode = check_options(SOLO_OPTIONS, given, "solo env").values()
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
        legal_action = legal_or_none(action, mask)
        if legal_action is not None:
            return legal_action, {}
        if self.illegal_action == "end":
            self._done = True
            return None, {"illegal_action": True}
        legal = np.flatnonzero(mask)
        return int(legal[self.np_random.integers(len(legal))]), {"illegal_action": True}

    def action_masks(self) -> np.ndarray:
        """Legal actions (all False once the episode is over), for MaskablePPO."""
        if self._done or self.game_state is None:
            return np.zeros(self.game.num_actions, dtype=bool)
        return self.game_state.legal_action_mask().astype(bool)

    def action_to_string(self, action: int) -> str:
        self._require_reset("action_to_string")
        return self.game_state.action_to_string(action)

    def _require_reset(self, what: str) -> None:
        if self.game_state is None:
            raise ResetNeededError(f"call reset() before {what}(): the env has no game yet")

    def _observation(self) -> np.ndarray:
        out = np.empty(self.game.observation_size, dtype=np.float32)
        self.game_state.observe(0, out)
        return out
