"""Information-set Monte Carlo tree search, for every digsite game.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012): each iteration draws one
determinization of the hidden information with ``state.resample_hidden(player, rng)``, walks one
shared tree restricted to the actions legal in that determinization (UCB1 with availability
counts), adds one node, plays a rollout and backs up every player's value, each node crediting
the player who chose its action.  The agent reads the root state only through its legal moves
(its player's own) and ``resample_hidden``, so it cannot use information its player does not
have; the guide, rollouts and values only ever see determinizations.

A plain search (random rollouts to the end, win/loss values) is weak on small budgets in games
of hundreds of decisions.  What a good player of the game (a ``guide``, normally the game's
heuristic) adds, each part measured (docs/results.md):

* expansion: a node first tries the guide's move, so a budget smaller than the number of legal
  moves still tries the move a good player would make;
* progressive bias: the guide's move keeps a bonus ``bias / (1 + visits)`` in the UCB score, so
  few iterations lean on it and many iterations may overrule it;
* rollouts (:class:`Rollout`): the guide plays every seat (a fraction ``epsilon`` of its moves
  random, for variety), for at most ``horizon`` decisions;
* values (:class:`ScoreMargin`): a rollout cut short is valued by the game's score margin, in
  [-1, 1] and ordered as the game ranks players; a finished game by its win/loss returns mixed
  with the margin, so the search still tells a large win from a narrow one.

The final choice is the most visited move, ties going to the better mean.  The same seed gives
the same choices under an iteration budget (a time budget depends on the machine).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.engine import State
from ..core.policy import StateAgent, choose

MovePolicy = Callable[[State, np.random.Generator], int]
"""Picks the move of the player to move in a rollout."""
Evaluation = Callable[[State], Sequence[float]]
"""Every player's value of a position (a rollout's end), each in [-1, 1]."""


def random_move(state: State, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(state.legal_action_mask())
    return int(legal[rng.integers(len(legal))])


def agent_moves(agent, epsilon: float = 0.0) -> MovePolicy:
    """``agent`` playing whoever is to move (a policy or a state agent); with probability
    ``epsilon`` a random legal move instead."""
    # resolved once: the protocol check is slow
    act = agent.act_in if isinstance(agent, StateAgent) else functools.partial(choose, agent)

    def move(state: State, rng: np.random.Generator) -> int:
        if epsilon and rng.random() < epsilon:  # no draw without epsilon
            return random_move(state, rng)
        return int(act(state, state.current_player()))

    return move


@dataclass(frozen=True)
class Rollout:
    """``policy`` plays every seat from a leaf, for at most ``horizon`` decisions (None: to the
    end of the game); the agent then values the position reached."""

    policy: MovePolicy = random_move
    horizon: int | None = None

    def __call__(self, state: State, rng: np.random.Generator) -> None:
        left = -1 if self.horizon is None else self.horizon
        while left and not state.is_terminal():
            state.apply_action(self.policy(state, rng))
            left -= 1


random_rollout = Rollout()
"""Uniformly random play to the end of the game."""


def agent_rollout(agent, epsilon: float = 0.0, horizon: int | None = None) -> Rollout:
    """A rollout in which ``agent`` plays every seat (see :func:`agent_moves`)."""
    return Rollout(agent_moves(agent, epsilon), horizon)


def win_loss(state: State) -> list[float]:
    """The game's returns: +1 a win, -1 a loss at the end; 0 for everyone before it."""
    return state.returns()


@dataclass(frozen=True)
class ScoreMargin:
    """Each player's lead over the best other player, ``tanh(lead / scale)``, where the game's
    score (``state.scores()``) says who is ahead: in [-1, 1], zero-sum with two players, and
    ranked as the scores rank the players.  A finished game is worth ``(1 - blend) x return +
    blend x margin``: the return settles the game's own tie-breaks, the margin rewards a wider
    lead."""

    scale: float
    blend: float = 0.25
    scores: Callable[[State], Sequence[float]] | None = None
    """Each player's points (default: ``state.scores()``); e.g. the points the game would give
    if it ended now, where the rules score much at the end."""

    def __call__(self, state: State) -> list[float]:
        scores = state.scores() if self.scores is None else self.scores(state)
        margins = [
            math.tanh((score - max(s for q, s in enumerate(scores) if q != p)) / self.scale)
            for p, score in enumerate(scores)
        ]
        if not state.is_terminal():
            return margins
        blend = self.blend
        return [(1 - blend) * r + blend * m for r, m in zip(state.returns(), margins, strict=True)]


@dataclass(slots=True, eq=False)
class _Node:
    available: int = 0  # the iterations in which its action was legal
    children: dict[int, _Node] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0  # sum of the values of the player who chose the action leading here
    hint: int = -1  # the guide's move where this node was first expanded (-1: none)


@dataclass(eq=False)
class ISMCTSAgent:
    """``ISMCTSAgent(iterations=200)`` or ``ISMCTSAgent(seconds=0.1)``; a search per decision.

    ``rollout`` plays from each new leaf and ``evaluate`` values where it stopped; ``guide``
    (an agent, kept as its :func:`agent_moves`) picks each node's first expansion and gets the
    progressive ``bias``."""

    iterations: int | None = 200
    seconds: float | None = None
    exploration: float = 0.7
    rollout: Callable[[State, np.random.Generator], None] = random_rollout
    seed: int | None = None
    guide: Any = None
    evaluate: Evaluation = win_loss
    bias: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("give ISMCTSAgent an iteration budget, a time budget, or both")
        self.guide = None if self.guide is None else agent_moves(self.guide)
        self.rng = np.random.default_rng(self.seed)

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
            children = node.children
            unexplored = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    unexplored.append(action)
                else:
                    child.available += 1
            mover = state.current_player()
            if unexplored:
                if node.hint < 0 and self.guide is not None:
                    node.hint = self.guide(state, self.rng)
                action = node.hint  # the guide's move, unless explored here: a random one
                if action not in unexplored:
                    action = unexplored[self.rng.integers(len(unexplored))]
                child = children[action] = _Node(available=1)
                state.apply_action(action)
                path.append((child, mover))
                break
            action = self._select(node, legal)
            node = children[action]
            state.apply_action(action)
            path.append((node, mover))
        self.rollout(state, self.rng)
        values = self.evaluate(state)
        for visited, mover in path:
            visited.visits += 1
            visited.total += values[mover]

    def _select(self, node: _Node, legal: list[int]) -> int:
        """UCB1 over the available children, plus the progressive bias of the guide's move."""
        best, best_score = legal[0], -math.inf
        c, children = self.exploration, node.children
        for action in legal:
            child = children[action]
            score = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if action == node.hint:
                score += self.bias / (1 + child.visits)
            if score > best_score:
                best, best_score = action, score
        return best


def _preference(node: _Node | None) -> tuple[int, float]:
    """Most visits first, then the better mean value; unexplored moves last."""
    if node is None or node.visits == 0:
        return (-1, 0.0)
    return (node.visits, node.total / node.visits)
