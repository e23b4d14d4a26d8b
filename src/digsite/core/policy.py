"""What every digsite agent offers, so that any agent can sit in any seat of any env.

An agent is called like a policy, ``agent(observation, action_mask) -> action``, with the flat
observation of its seat.  Agents that reason about the game (search, rules-based heuristics)
also implement ``act_in(state, player) -> action``; the envs then hand them the engine state.
Such an agent must only use what ``player`` may know: search agents draw the hidden parts afresh
with ``state.resample_hidden(player, rng)`` and never read them from ``state``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import ClassVar, Protocol, runtime_checkable

import numpy as np

from .decisions import DecisionKinds
from .engine import State


class RandomPolicy:
    """Uniform over legal actions.  Without a generator of its own it draws from the env's
    (seeded by ``reset(seed=...)``), so seeded episodes replay exactly."""

    def __init__(self, rng: np.random.Generator | None = None):
        self.follows_env = rng is None
        self.rng = rng if rng is not None else np.random.default_rng()

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        legal = np.flatnonzero(action_mask)
        return int(legal[self.rng.integers(len(legal))])


@runtime_checkable
class StateAgent(Protocol):
    """An agent that decides from the engine state (through its player's information)."""

    def act_in(self, state: State, player: int) -> int: ...


class HeuristicAgent:
    """A game's rules-based agent, a :class:`StateAgent`: the subclass declares ``DECISIONS``
    and writes one ``_decide_<name>(self, state, player, legal)`` per decision, which
    :meth:`act_in` calls for the pending one (a game that decides from something else overrides
    ``act_in`` and calls ``self._decide``)."""

    DECISIONS: ClassVar[DecisionKinds]
    _decide: ClassVar[tuple[Callable, ...]]

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if getattr(cls, "DECISIONS", None) is not None:  # a subclass's own _decide_<name> too
            cls._decide = cls.DECISIONS.handlers(cls, "_decide_")

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        name = type(self).__name__
        raise TypeError(f"{name} reads the state: the env calls act_in(state, player)")

    def act_in(self, state: State, player: int) -> int:
        return self._decide[state.decision](self, state, player, state.legal_actions())

    @staticmethod
    def first_legal(preferred: Iterable[int], legal: Collection[int], default: int) -> int:
        """The first legal action of ``preferred`` (preference breaks ties), else ``default``."""
        return next((a for a in preferred if a in legal), default)

    def projected_scores(self, state: State) -> list[float]:
        """Every player's points if the game ended now, from what that player may know: what
        the guided search values a position by (``digsite.agents.baselines``)."""
        if state.is_terminal():
            return state.scores()
        return [self.projected_score(state, p) for p in range(state.game.num_players)]

    def projected_score(self, state: State, player: int) -> float:
        """``player``'s points if the game ended now: by default its score so far (a game whose
        rules score much at the end adds what they would give)."""
        return state.scores()[player]


def choose(agent, state: State, player: int, buffer: np.ndarray | None = None) -> int:
    """Ask ``agent`` for ``player``'s action in ``state``, whichever kind of agent it is."""
    if isinstance(agent, StateAgent):
        return int(agent.act_in(state, player))
    if buffer is None:
        buffer = np.empty(state.game.observation_size, dtype=np.float32)
    state.observe(player, buffer)
    return int(agent(buffer, state.legal_action_mask()))
