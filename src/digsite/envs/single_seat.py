"""A Gymnasium env in which a learner plays one seat and fixed policies play the others.

Every other seat is played inside :meth:`SingleSeatEnv.step`, so one transition is "my decision,
then everybody else's decisions up to my next one", and the reward is always the learner's own
(the end-of-game return of the learner's seat).  This is the shape MaskablePPO needs:
``action_masks()`` returns the learner's legal actions.

Opponents are agents as in :mod:`digsite.core.policy`; the default opponent picks uniformly
among legal actions.

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

import numpy as np

from ..core.engine import Game
from ..core.options import Option, check_options, integer, number
from ..core.policy import RandomPolicy, StateAgent, choose
from .rendering import RENDER_MODE
from .solo import ILLEGAL_ACTION, OneSeatEnv


def options(num_players: int):
    """The env's options, for a game of ``num_players``."""

    def opponents(value):
        if value is None:
            value = RandomPolicy()
        if isinstance(value, str) or not isinstance(value, Sequence):
            value = [value] * num_players
        if len(value) != num_players:
            raise ValueError(value)
        if not all(isinstance(o, StateAgent) or callable(o) for o in value):
            raise TypeError(value)
        return list(value)

    return (
        integer("seat", None, 0, num_players - 1, optional=True, doc="None: a random seat"),
        Option(
            "opponents",
            None,
            "None (random play), one policy(observation, action_mask) -> action or agent with "
            f"act_in(state, player) for every seat, or a list of {num_players} of them",
            opponents,
        ),
        ILLEGAL_ACTION,
        number("illegal_action_reward", -1.0),
        RENDER_MODE,
    )


class SingleSeatEnv(OneSeatEnv):
    def __init__(self, game: Game, **given):
        """The learner's seat of ``game``, with the env's :func:`options` ``given``."""
        config = check_options(options(game.num_players), given, "single-seat env")
        super().__init__(game, config["illegal_action"], config["render_mode"])
        self.fixed_seat = config["seat"]
        self.illegal_action_reward = config["illegal_action_reward"]
        self.opponents = list(config["opponents"])
        self.seat = 0 if self.fixed_seat is None else self.fixed_seat
        self._buffer = np.empty(game.observation_size, dtype=np.float32)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        for opponent in self.opponents:
            if isinstance(opponent, RandomPolicy) and opponent.follows_env:
                opponent.rng = self.np_random
        seat = self.fixed_seat
        self.seat = int(self.np_random.integers(self.game.num_players)) if seat is None else seat
        self.game_state = self.game.new_initial_state(self.np_random)
        self._done = False
        self._play_others()
        return self._observation(), {"seat": self.seat}

    def step(self, action):
        action, info = self._checked_action(action)
        if action is None:  # unmasked, illegal_action="end": the game state is left as it was
            info["scores"] = self.game_state.scores()
            return self._observation(), self.illegal_action_reward, True, False, info
        self.game_state.apply_action(action)
        self._play_others()
        terminated = self._done = self.game_state.is_terminal()
        reward = float(self.game_state.returns()[self.seat]) if terminated else 0.0
        if terminated:
            info["scores"] = self.game_state.scores()
        return self._observation(), reward, terminated, False, info

    def _play_others(self) -> None:
        state, buffer = self.game_state, self._buffer
        while True:
            player = state.current_player()
            if player < 0 or player == self.seat:
                return
            state.apply_action(choose(self.opponents[player], state, player, buffer))
