"""``digsite train --score-shaping W``: a denser reward that keeps the ranking of policies.

Against players it cannot yet beat, a learner rewarded only at the end (+1 a win, -1 a loss)
loses every game and learns nothing from them.  :class:`ScoreShaping` adds potential-based
shaping (Ng, Harada and Russell, 1999) on the learner's lead, the potential of a position being
``W * (own score - best other score)`` under the game's running scores (``State.scores()``),
and 0 once the game is over: every learner step is rewarded ``gamma * potential(after) -
potential(before)`` on top of the game's own reward.  Over a game these terms add up to
``-potential(start)`` (discounted by PPO's own ``gamma``), which no move changes: every policy's
expected discounted return moves by the same constant, so the policies rank exactly as they do
under the game's reward alone, and the best policy is the same.  What changes is the signal:
points gained or conceded count at once, in games the learner loses too.

The running scores are read from the engine state; in the games here they are public (score
tracks), and the policy still sees only its observation.  Evaluations (``--eval-every``) and
the Monitor logs keep the game's own reward.
"""

from __future__ import annotations

import gymnasium as gym


class ScoreShaping(gym.Wrapper):
    """Potential-based shaping of a single-seat env's reward on the learner's lead."""

    def __init__(self, env: gym.Env, weight: float, gamma: float):
        super().__init__(env)
        self.weight = weight
        self.gamma = gamma
        self.last = 0.0

    def potential(self) -> float:
        """``weight * (own score - best other score)``; 0 once the game is over."""
        single_seat = self.env.unwrapped
        state = single_seat.game_state
        if state.is_terminal():
            return 0.0
        scores = state.scores()
        others = [score for seat, score in enumerate(scores) if seat != single_seat.seat]
        return self.weight * (scores[single_seat.seat] - max(others))

    def reset(self, **kwargs):
        observation, info = self.env.reset(**kwargs)
        self.last = self.potential()
        return observation, info

    def step(self, action):
        observation, reward, terminated, truncated, info = self.env.step(action)
        now = 0.0 if terminated or truncated else self.potential()
        reward = float(reward) + self.gamma * now - self.last
        self.last = now
        return observation, reward, terminated, truncated, info
