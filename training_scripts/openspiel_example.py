"""A digsite game in OpenSpiel: OpenSpiel's IS-MCTS bot against uniform random players.

    python training_scripts/openspiel_example.py --game mykerinos --num-players 2 --games 4

Every digsite game is an OpenSpiel game once ``digsite.openspiel`` is imported
(``pyspiel.load_game("python_digsite_mykerinos", {"players": 2})``); this plays a few games with
OpenSpiel's own bots and prints each seat's mean return.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from digsite.openspiel import load_game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mykerinos")
    parser.add_argument("--num-players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=20, help="IS-MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    game = load_game(args.game, num_players=args.num_players)
    print(game)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    search = ismcts.ISMCTSBot(game, evaluator, 2.0, args.simulations, random_state=rng)
    totals = np.zeros(args.num_players)
    for i in range(args.games):
        searcher = i % args.num_players  # the IS-MCTS seat rotates
        bots = [pyspiel.make_uniform_random_bot(p, args.seed + i) for p in range(args.num_players)]
        bots[searcher] = search
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        returns = state.returns()
        totals += np.roll(returns, -searcher)  # index 0: the IS-MCTS seat
        print(f"game {i}: IS-MCTS in seat {searcher}, returns {returns}")
    print(
        f"mean return of IS-MCTS: {totals[0] / args.games:+.2f} (random seats: "
        f"{', '.join(f'{t / args.games:+.2f}' for t in totals[1:])})"
    )


if __name__ == "__main__":
    main()
