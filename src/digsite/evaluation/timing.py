"""Seconds per decision of an agent, measured on a short run apart from the evaluations (whose
wall time depends on what else the machine runs):

    python -m digsite.evaluation.timing --game mykerinos --num-players 2 --agent mcts \\
        --opponents heuristic --games 4

The agent plays ``--games`` games against ``--opponents`` (seats rotating, game ``i`` dealt from
``seed + i``, as ``digsite evaluate`` plays them) in this one process; only its decisions with
more than one legal move are timed, since a forced move costs no agent anything.
"""

from __future__ import annotations

import argparse
import time

from ..agents.arena import Agent, play_games
from ..commandline import add_search_arguments, agent_for
from ..core.engine import State
from ..core.policy import choose
from ..envs.registry import make_game


class Clocked:
    """``agent`` with a clock on each of its decisions that had a choice."""

    def __init__(self, agent: Agent):
        self.agent = agent
        self.seconds = 0.0
        self.decisions = 0

    def act_in(self, state: State, player: int) -> int:
        start = time.perf_counter()
        action = choose(self.agent, state, player)
        if state.legal_action_mask().sum() > 1:
            self.seconds += time.perf_counter() - start
            self.decisions += 1
        return action

    @property
    def mean(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0


def main(argv: list[str] | None = None) -> Clocked:
    parser = argparse.ArgumentParser(
        prog="python -m digsite.evaluation.timing",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", required=True)
    parser.add_argument("--num-players", type=int, default=2)
    parser.add_argument("--agent", default="mcts", help="the agent kind to time")
    parser.add_argument("--opponents", default="heuristic", help="one kind for the other seats")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    add_search_arguments(parser)
    args = parser.parse_args(argv)

    game = make_game(args.game, num_players=args.num_players)
    clock = Clocked(agent_for(args.agent, game, args.seed, args))
    opponents = [
        agent_for(args.opponents, game, args.seed + k, args) for k in range(1, args.num_players)
    ]
    start = time.perf_counter()
    play_games(game, [clock, *opponents], args.games, args.seed)
    print(
        f"{args.agent} at {args.game}, {args.num_players} players, {args.games} games against "
        f"{args.opponents}: {clock.mean:.3f} s a decision over {clock.decisions} decisions "
        f"with a choice ({time.perf_counter() - start:.1f} s)"
    )
    return clock


if __name__ == "__main__":
    main()
