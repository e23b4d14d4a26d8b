"""The one PettingZoo AEC adapter, shared by every digsite game.

It turns any :class:`~digsite.core.engine.Game` into an ``AECEnv`` that keeps the environment
contract (``docs/contract.md``: agents and spaces, rewards at the end from ``State.returns()``,
``state()``, illegal actions, seeding), and besides:

* the mask is all zeros for every agent but the one to move, and after the end; None for the
  agent to move is an ``IllegalActionError`` (a ``ValueError``) too;
* ``max_cycles``: a safety bound; when the game has not ended after ``max_cycles`` steps per
  agent, every agent is truncated (it never triggers in a normal game);
* after the end each agent is stepped with None (PettingZoo's dead step) and leaves
  ``agents``; once all have left, ``step(None)`` warns and does nothing (as PettingZoo's
  order-enforcing wrapper does), another action is an ``IllegalActionError``.

Order checks are done inline rather than by PettingZoo's wrapper stack, which would cost
about half of the throughput: ``step``, ``observe``, ``last``, ``state`` and ``agent_iter``
before the first ``reset`` raise ``ResetNeededError`` (an ``AttributeError``, as that wrapper
raises) saying to call ``reset()``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env import AECIterable
from pettingzoo.utils.env_logger import EnvLogger

from ..core.engine import Game, IllegalActionError
from ..core.errors import ResetNeededError
from ..core.options import check_options, integer
from .registry import entry
from .rendering import RENDER_MODE, RENDER_MODES, Renders

AEC_OPTIONS = (
    RENDER_MODE,
    integer("max_cycles", None, 1, optional=True, doc="None: a bound from max_game_length"),
)
"""The env's own options (the game's come before them in ``env(**options)``)."""


class DigsiteAECEnv(Renders, AECEnv):
    metadata = {"render_modes": RENDER_MODES, "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: Game, render_mode: str | None = None, max_cycles: int | None = None):
        super().__init__()
        given = {"render_mode": render_mode, "max_cycles": max_cycles}
        render_mode, max_cycles = check_options(AEC_OPTIONS, given, "AEC env").values()
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": entry(game.name).module_name}
        n = game.num_players
        self.max_cycles = max_cycles or math.ceil(game.max_game_length / n) + 1
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._agent_index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(  # (in the keys' sorted order, as Dict sorts a dict's)
            action_mask=spaces.Box(0, 1, (game.num_actions,), np.int8),
            observation=spaces.Box(0.0, 1.0, (game.observation_size,), np.float32),
        )
        self._observation_spaces = {a: obs_space for a in self.possible_agents}
        state_size = n * game.observation_size + game.secret_size
        self.state_space = spaces.Box(low=0.0, high=1.0, shape=(state_size,), dtype=np.float32)
        self._action_spaces = {a: spaces.Discrete(game.num_actions) for a in self.possible_agents}
        self._no_actions = np.zeros(game.num_actions, dtype=np.int8)
        self._observation_size = game.observation_size
        self._step_limit = self.max_cycles * n
        """Steps after which every agent is truncated."""
        self._rng: np.random.Generator | None = None
        self.game_state = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.game_state = self.game.new_initial_state(self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.num_steps = 0
        self.agent_selection = self.possible_agents[self.game_state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.game_state
        if state is None:  # checked inline: observe and step run once per step
            self._require_reset("observe")
        try:
            player = self._agent_index[agent]
        except KeyError:
            raise KeyError(f"no agent {agent!r}; agents are {self.possible_agents}") from None
        observation = np.empty(self._observation_size, np.float32)
        state.observe(player, observation)
        mask = state.legal_action_mask() if player == state.current_player() else self._no_actions
        return {"observation": observation, "action_mask": mask.copy()}

    def step(self, action: Any) -> None:
        if self.game_state is None:
            self._require_reset("step")
        agent = self.agent_selection
        if not self.agents:  # every agent has left: None is ignored with PettingZoo's warning
            if action is not None:
                raise IllegalActionError(
                    f"the game is over and every agent has left; no action ({action!r}) can be "
                    "played: call reset()"
                )
            EnvLogger.warn_step_after_terminated_truncated()
            return
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalActionError(
                    f"{agent} is done: step(None) is its only move (a dead step), not {action!r}"
                )
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(
                f"illegal action for {agent}: None is only for finished agents, and {agent} "
                "is to move (its legal actions are its observation's action_mask)"
            )
        state = self.game_state
        try:
            state.apply_action(action)  # checked there by the one rule, engine.action_index
        except IllegalActionError as err:
            raise IllegalActionError(f"illegal action for {agent}: {err}") from None

        self.num_steps += 1
        player = state.current_player()
        if player < 0:
            self._cumulative_rewards[agent] = 0.0
            returns = state.returns()
            for a in self.agents:
                self.rewards[a] = returns[self._agent_index[a]]
                self.terminations[a] = True
            self._accumulate_rewards()
            return
        # Rewards are zero before the end, so there is nothing to clear or accumulate here.
        self.agent_selection = self.possible_agents[player]
        if self.num_steps >= self._step_limit:
            for a in self.agents:
                self.truncations[a] = True

    def state(self) -> np.ndarray:
        """The global state (see the module docstring): for training only, never for a
        player's decisions, as it holds what the players do not know."""
        state = self.game_state
        if state is None:
            self._require_reset("state")
        size = self.game.observation_size
        out = np.empty(self.state_space.shape, dtype=np.float32)
        for player in range(self.game.num_players):
            state.observe(player, out[player * size : (player + 1) * size])
        state.observe_secret(out[self.game.num_players * size :])
        return out

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``, written out: it runs once per step."""
        if self.game_state is None:
            self._require_reset("last")
        if not self.agents:
            raise ResetNeededError("the game is over and every agent has left; call reset()")
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Iterable[str]:
        """The agent to act, until every agent has left or ``max_iter`` steps (see
        :class:`_AgentIterable`)."""
        self._require_reset("agent_iter")
        return _AgentIterable(self, max_iter)

    def __str__(self) -> str:
        return self.metadata["name"]


class _AgentIterable(AECIterable):
    """What ``agent_iter`` returns: PettingZoo's ``AECIterable`` (each ``iter`` starts afresh,
    with ``max_iter`` steps), its iterator a generator, cheaper to advance once per step than
    PettingZoo's ``AECIterator``."""

    def __iter__(self) -> Iterator[str]:
        env, left = self.env, self.max_iter
        while left > 0 and env.agents:
            left -= 1
            yield env.agent_selection
