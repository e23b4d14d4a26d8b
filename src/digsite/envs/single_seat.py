"""A Gymnasium env in which a learner plays one seat and fixed policies play the others.

Every other seat is played inside :meth:`SingleSeatEnv.step`, so one transition is "my decision,
then everybody else's decisions up to my next one", and the reward is always the learner's own
(the end-of-game return of the learner's seat).  This is the shape MaskablePPO needs:
``action_masks()`` returns the learner's legal actions.

Opponents are agents as in :mod:`digsite.core.policy`: plain callables
``policy(observation, action_mask) -> action`` that see only their seat's observation, or agents
with ``act_in(state, player)`` (heuristics, search) that reason on the engine state through their
player's information.  The default opponent picks uniformly among legal actions.

An action outside the mask (possible when a user or a checker ignores ``action_masks()``), or
anything that is not an action (a float, a bool, a string, None: see ``engine.action_index``), is
never a crash: by default it ends the episode at once with ``illegal_action_reward`` (-1) and
``info["illegal_action"] = True``.  With ``illegal_action="random"`` it is replaced by a uniformly
drawn legal action instead and ``info["illegal_action"]`` is also set.

``step`` before the first ``reset`` raises ``ResetNeededError`` saying to call ``reset()``, and
``step`` after the episode ended a ``RuntimeError`` saying the same.

``info`` holds ``"seat"`` (the learner's seat) after ``reset`` and ``"scores"`` (every player's
points under the game's own scoring) on the step that ends an episode.
"""

from __future__ import annotations

from collections.abc import Sequence

import gymnasium as gym
import numpy as np

from ..core.engine import Game, legal_or_none
from ..core.errors import ResetNeededError
from ..core.options import check_options, custom, integer, number
from ..core.policy import RandomPolicy, StateAgent, choose
from .rendering import RENDER_MODE, RENDER_MODES, Renders
from .solo import ILLEGAL_ACTION


def _opponents(num_players: int):
    def normalize(value):
        if value is None:
            value = RandomPolicy()
        if isinstance(value, str) or not isinstance(value, Sequence):
            value = [value] * num_players
        if len(value) != num_players:
            raise ValueError(value)
        if not all(isinstance(o, StateAgent) or callable(o) for o in value):
            raise TypeError(value)
        return list(value)

    return normalize


def options(num_players: int):
    """The env's options, for a game of ``num_players``."""
    return (
        integer("seat", None, 0, num_players - 1, optional=True, doc="None: a random seat"),
        custom(
            "opponents",
            None,
            "None (random play), one policy(observation, action_mask) -> action or agent with "
            f"act_in(state, player) for every seat, or a list of {num_players} of them",
            _opponents(num_players),
        ),
        ILLEGAL_ACTION,
        number("illegal_action_reward", -1.0),
        RENDER_MODE,
    )


class SingleSeatEnv(Renders, gym.Env):
    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}

    def __init__(
        self,
        game: Game,
        seat: int | None = None,
        opponents=None,
        illegal_action: str = "end",
        illegal_action_reward: float = -1.0,
        render_mode: str | None = None,
    ):
        n = game.num_players
        given = {
            "seat": seat,
            "opponents": opponents,
            "illegal_action": illegal_action,
            "illegal_action_reward": illegal_action_reward,
            "render_mode": render_mode,
        }
        seat, opponents, illegal_action, illegal_action_reward, render_mode = check_options(
            options(n), given, "single-seat env"
        ).values()
        self.game = game
        self.fixed_seat = seat
        self.illegal_action = illegal_action
        self.illegal_action_reward = illegal_action_reward
        self.render_mode = render_mode
        self.opponents = list(opponents)
        self.observation_space = gym.spaces.Box(0.0, 1.0, (game.observation_size,), np.float32)
        self.action_space = gym.spaces.Discrete(game.num_actions)
        self.game_state = None
        self._done = False
        self.seat = 0 if seat is None else seat
        self._buffer = np.empty(game.observation_size, dtype=np.float32)

    # -- gymnasium API ----------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        for opponent in self.opponents:
            if isinstance(opponent, RandomPolicy) and opponent.follows_env:
                opponent.rng = self.np_random
        self.seat = (
            int(self.np_random.integers(self.game.num_players))
            if self.fixed_seat is None
            else self.fixed_seat
        )
        self.game_state = self.game.new_initial_state(self.np_random)
        self._done = False
        self._play_others()
        return self._observation(), {"seat": self.seat}

    def step(self, action):
        if self.game_state is None:
            raise ResetNeededError("call reset() before step(): the env has no game yet")
        if self._done:
            raise RuntimeError("the episode is over; call reset()")
        info: dict = {}
        mask = self.game_state.legal_action_mask()
        action = legal_or_none(action, mask)
        if action is None:
            info["illegal_action"] = True
            if self.illegal_action == "end":
                self._done = True  # the game state is left as it was
                info["scores"] = self.game_state.scores()
                return self._observation(), self.illegal_action_reward, True, False, info
            legal = np.flatnonzero(mask)
            action = int(legal[self.np_random.integers(len(legal))])
        self.game_state.apply_action(action)
        self._play_others()
        terminated = self._done = self.game_state.is_terminal()
        reward = float(self.game_state.returns()[self.seat]) if terminated else 0.0
        if terminated:
            info["scores"] = self.game_state.scores()
        return self._observation(), reward, terminated, False, info

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner (all False once the episode is over), for MaskablePPO."""
        if self._done or self.game_state is None or self.game_state.current_player() != self.seat:
            return np.zeros(self.game.num_actions, dtype=bool)
        return self.game_state.legal_action_mask().astype(bool)

    # -- internals --------------------------------------------------------------------------
    def _play_others(self) -> None:
        state = self.game_state
        buffer = self._buffer
        while True:
            player = state.current_player()
            if player < 0 or player == self.seat:
                return
            state.apply_action(choose(self.opponents[player], state, player, buffer))

    def _observation(self) -> np.ndarray:
        out = np.empty(self.game.observation_size, dtype=np.float32)
        self.game_state.observe(self.seat, out)
        return out
