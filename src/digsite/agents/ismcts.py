"""Information-set Monte Carlo tree search, for every digsite game.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012): each iteration draws one
determinization of the hidden information with ``state.resample_hidden(player, rng)``, walks one
shared tree restricted to the actions legal in that determinization (UCB1 with availability
counts), adds one node, finishes the game with a rollout policy and backs the returns up, each
node crediting the player who chose its action.  The agent only ever sees the root state through
``resample_hidden``, so it cannot use information its player does not have.

Rollouts are uniformly random by default; :func:`agent_rollout` plays a given agent (say the
game's heuristic) for every player instead, which makes each iteration dearer but far more
telling where random play rarely reaches a good end (ArcheOlogic: random play never solves).
A ``guide`` agent (normally the rollout agent) picks the first move a node expands, so a budget
smaller than the number of legal moves still tries the move a good player would make, instead
of a random few; the final choice is the most visited move, ties going to the better mean.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np

from ..core.engine import State
from ..core.policy import choose

Rollout = Callable[[State, np.random.Generator], None]


def random_rollout(state: State, rng: np.random.Generator) -> None:
    """Play uniformly random legal actions to the end of the game."""
    while not state.is_terminal():
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply_action(int(legal[rng.integers(len(legal))]))


def agent_rollout(agent) -> Rollout:
    """A rollout in which ``agent`` (a policy or a state agent) plays every seat to the end."""

    def rollout(state: State, rng: np.random.Generator) -> None:
        while not state.is_terminal():
            state.apply_action(choose(agent, state, state.current_player()))

    return rollout


class _Node:
    __slots__ = ("children", "visits", "available", "total")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0  # sum of the returns of the player who chose the action leading here


class ISMCTSAgent:
    """``ISMCTSAgent(iterations=200)`` or ``ISMCTSAgent(seconds=0.1)``; a search per decision."""

    def __init__(
        self,
        iterations: int | None = 200,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: Rollout = random_rollout,
        seed: int | None = None,
        guide=None,
    ):
        if iterations is None and seconds is None:
            raise ValueError("give ISMCTSAgent an iteration budget, a time budget, or both")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.guide = guide
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        raise TypeError("ISMCTSAgent searches the game state: the env calls act_in(state, player)")

    def act_in(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or time.perf_counter() < deadline
        ):
            self._iterate(root, state.resample_hidden(player, self.rng))
            done += 1
        return max(legal, key=lambda a: _preference(root.children.get(a)))

    def _iterate(self, root: _Node, state: State) -> None:
        path: list[tuple[_Node, int]] = []  # (node reached, player who chose the action)
        node = root
        while not state.is_terminal():
            legal = state.legal_actions()
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            unexplored = [a for a in legal if a not in node.children]
            mover = state.current_player()
            if unexplored:
                action = self._expansion(state, mover, unexplored)
                child = node.children[action] = _Node()
                child.available = 1
                state.apply_action(action)
                path.append((child, mover))
                break
            action = max(legal, key=lambda a: self._ucb(node.children[a]))
            node = node.children[action]
            state.apply_action(action)
            path.append((node, mover))
        self.rollout(state, self.rng)
        returns = state.returns()
        for visited, mover in path:
            visited.visits += 1
            visited.total += returns[mover]

    def _expansion(self, state: State, mover: int, unexplored: list[int]) -> int:
        """The guide's move if it is still unexplored here, else a random unexplored one."""
        if self.guide is not None:
            move = choose(self.guide, state, mover)
            if move in unexplored:
                return move
        return unexplored[self.rng.integers(len(unexplored))]

    def _ucb(self, node: _Node) -> float:
        return node.total / node.visits + self.exploration * math.sqrt(
            math.log(node.available) / node.visits
        )


def _preference(node: _Node | None) -> tuple[int, float]:
    """Most visits first, then the better mean return; unexplored moves last."""
    if node is None or node.visits == 0:
        return (-1, 0.0)
    return (node.visits, node.total / node.visits)
