"""The one loop that plays games between agents: every evaluation, the league, the RLlib
evaluation, game records and the tests play through it.

An agent is anything :func:`digsite.core.policy.choose` accepts.  Games are played on the rules
engine directly, which is what the envs wrap: the observation a policy gets is the one its seat's
env gives, and game ``i`` is dealt from ``seed + i``, the deal ``env.reset(seed=seed + i)``
gives.

:func:`play_games` rotates the seats: in game ``i`` agent ``k`` sits in seat
``(k + i) % players``, so over a multiple of ``players`` games every agent plays every seat
equally often.  Solo Gymnasium envs (whose observations and rewards may carry learning aids the
engine does not have) are played through the env by :func:`play_episodes`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import numpy as np

from ..core.engine import Game, State
from ..core.policy import choose

Agent = Any
"""A policy ``(observation, action_mask) -> action`` or an agent with ``act_in(state, player)``."""


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    on_action: Callable[[State, int], None] | None = None,
) -> State:
    """One game of ``game`` dealt from ``seed``, ``agents[p]`` playing seat ``p``; the final
    state.  ``on_action(state, action)`` sees each action before it is played."""
    if len(agents) != game.num_players:
        raise ValueError(f"{game.num_players} players need as many agents, not {len(agents)}")
    state = game.new_initial_state(np.random.default_rng(seed))
    buffer = np.empty(game.observation_size, dtype=np.float32)
    for _ in range(game.max_game_length):
        if state.is_terminal():
            return state
        player = state.current_player()
        action = choose(agents[player], state, player, buffer)
        if on_action is not None:
            on_action(state, action)
        state.apply_action(action)  # an illegal action raises, naming the legal ones
    if not state.is_terminal():
        raise RuntimeError(f"{game.name}: no end after {game.max_game_length} decisions")
    return state


@dataclass(frozen=True)
class Outcome:
    """One finished game: who sat where, and every seat's return and score."""

    seed: int
    seating: tuple[int, ...]
    """The agent (its index in the list given to :func:`play_games`) in each seat."""
    returns: tuple[float, ...]
    scores: tuple[float, ...]

    def seat_of(self, agent: int) -> int:
        return self.seating.index(agent)

    def return_of(self, agent: int) -> float:
        """+1 a win, 0 a win shared by every player, -1 a loss (the envs' rewards)."""
        return self.returns[self.seat_of(agent)]

    def score_of(self, agent: int) -> float:
        return self.scores[self.seat_of(agent)]


def seating(game_number: int, players: int) -> tuple[int, ...]:
    """The agent in each seat of game ``game_number``: agent ``k`` sits in seat
    ``(k + game_number) % players``."""
    return tuple((seat - game_number) % players for seat in range(players))


def play_games(
    game: Game,
    agents: Sequence[Agent],
    games: int,
    seed: int = 0,
    on_action: Callable[[State, int], None] | None = None,
) -> list[Outcome]:
    """``games`` games of ``game`` between ``agents`` (one per seat), seats rotating, game ``i``
    dealt from ``seed + i``; ``on_action`` as in :func:`play_game`."""
    outcomes = []
    for i in range(games):
        seats = seating(i, game.num_players)
        state = play_game(game, [agents[k] for k in seats], seed + i, on_action)
        outcomes.append(Outcome(seed + i, seats, tuple(state.returns()), tuple(state.scores())))
    return outcomes


@dataclass(frozen=True)
class Episode:
    """One episode of a solo env: its total reward, whether the game was won (solved), the
    game's own score (``info["score"]``, e.g. ArcheOlogic's time) and the title, if any."""

    seed: int
    total_reward: float
    solved: bool
    score: float
    title: str | None


def play_episodes(env: gym.Env, agent: Agent, episodes: int, seed: int = 0) -> list[Episode]:
    """``episodes`` episodes of a solo Gymnasium env, episode ``i`` reset with ``seed + i``."""
    played = []
    for i in range(episodes):
        _, info = env.reset(seed=seed + i)
        total, done = 0.0, False
        while not done:
            action = choose(agent, env.unwrapped.game_state, 0)
            _, reward, terminated, truncated, info = env.step(action)
            if info.get("illegal_action"):
                raise RuntimeError(f"the agent played the illegal action {action}")
            total += float(reward)
            done = terminated or truncated
        state = env.unwrapped.game_state
        score = float(info.get("score", state.scores()[0]))
        played.append(Episode(seed + i, total, state.returns()[0] > 0, score, info.get("title")))
    return played
