"""A round-robin league: ``digsite league --game G --num-players N --agents A,B,C --games K``
(the user's guide is ``docs/evaluation.md``).

Every set of ``N`` different agents among ``--agents`` plays ``K`` games: game ``i`` puts the
set's agent ``k`` in seat ``(k + i) % N`` and is dealt from ``seed + i``, so every set meets the
same deals, and each set's agents are made afresh, so a result does not depend on the order of
play.  openskill's Plackett-Luce model rates every game in the order played, the players ranked
by their returns (a shared win ranks everybody alike); the standings are sorted by ``rating``,
its ordinal ``mu - 3 sigma``.  The tables go to ``--out`` as
``league-<game>-<N>p[-<options>]-<agents>``: ``.json`` with every game, ``.md``, ``.csv`` for
the standings, ``-2.csv`` for the pairwise table, ``.png``.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter
from dataclasses import replace
from typing import Any

from .. import __version__
from ..agents.arena import Outcome, play_games
from ..commandline import agent_for, extra_missing
from ..envs.registry import make_game
from . import plots, tables
from .evaluate import agent_name, limit_torch_threads, option_text, slug
from .stats import interval_text, tallies, wilson_interval

try:
    from openskill.models import PlackettLuce
except ImportError as err:
    raise extra_missing("evaluation", err) from err


VERSUS = "win rate of the row agent against the column agent"


def play_league(args: argparse.Namespace) -> list[Outcome]:
    """The outcomes of every match-up (a set of agent indices, in seat order for game 0) in
    turn, whose seating holds agent indices of ``args.agents``."""
    engine = make_game(args.game, num_players=args.num_players, **args.game_options)
    played = []
    for lineup in itertools.combinations(range(len(args.agents)), args.num_players):
        agents = [agent_for(args.agents[k], engine, args.seed + k, args) for k in lineup]
        outcomes = play_games(engine, agents, args.games, args.seed)
        played += [replace(o, seating=tuple(lineup[k] for k in o.seating)) for o in outcomes]
    return played


def ratings(names: list[str], outcomes: list[Outcome]) -> list[Any]:
    """Each agent's openskill rating after every game, rated in order."""
    model = PlackettLuce()
    rated = [model.rating(name=name) for name in names]
    for outcome in outcomes:
        teams = [[rated[agent]] for agent in outcome.seating]
        ranks = [-r for r in outcome.returns]  # the higher the return, the better the rank
        for agent, (rating,) in zip(outcome.seating, model.rate(teams, ranks=ranks), strict=True):
            rated[agent] = rating
    return rated


def standings(names: list[str], outcomes: list[Outcome]) -> list[dict[str, Any]]:
    """The overall table, best rating first."""
    rows = [
        {"rating": round(r.ordinal(), 2), "mu": round(r.mu, 2), "sigma": round(r.sigma, 2)}
        | tally.row()
        for tally, r in zip(tallies(names, outcomes), ratings(names, outcomes), strict=True)
    ]
    rows.sort(key=lambda row: -row["rating"])
    return [{"agent": row.pop("agent"), **row} for row in rows]


def pairwise(names: list[str], outcomes: list[Outcome]) -> dict[str, dict[str, str]]:
    """``table[row][column]``: the row agent's win rate against the column agent, with its
    95% interval, over the games both played."""
    met = [(a, b, o) for o in outcomes for a, b in itertools.permutations(o.seating, 2)]
    games = Counter((a, b) for a, b, _ in met)
    wins = Counter((a, b) for a, b, o in met if o.return_of(a) > o.return_of(b))

    def cell(a: int, b: int) -> str:
        n, won = games[a, b], wins[a, b]
        return f"{won / n:.3f} ({interval_text(wilson_interval(won, n))})" if n else "-"

    return {
        row: {column: cell(a, b) for b, column in enumerate(names)} for a, row in enumerate(names)
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Play the league with checked options (:mod:`.options`); print and write its tables."""
    limit_torch_threads(args.agents)
    start = time.perf_counter()
    names = [agent_name(kind, args) for kind in args.agents]
    outcomes = play_league(args)
    wall_time = time.perf_counter() - start
    overall = tables.frame(standings(names, outcomes))
    order = list(overall["agent"])
    matrix = pairwise(names, outcomes)
    versus = tables.frame(
        [{"agent": row, **{f"vs {c}": matrix[row][c] for c in order}} for row in order]
    )
    options = option_text(args.game_options, ", ")
    title = (
        f"league: {args.game}, {args.num_players} players{options}, {args.games} games per "
        f"match-up, seats rotating, seeds {args.seed}-{args.seed + args.games - 1}"
    )
    print(title, tables.text(overall), f"\n{VERSUS} (95% interval)", tables.text(versus), sep="\n")
    print(f"({wall_time:.1f} s)")
    record = {
        "game": args.game,
        "num_players": args.num_players,
        "game_options": args.game_options,
        "agents": args.agents,
        "names": names,
        "games_per_matchup": args.games,
        "seed": args.seed,
        "mcts_iterations": args.mcts_iterations,
        "mcts_rollout": args.mcts_rollout,
        "wall_time_s": round(wall_time, 2),
        "digsite_version": __version__,
        "standings": overall.to_dict("records"),
        "pairwise": matrix,
        "games": [
            {"seed": o.seed, "seating": [names[k] for k in o.seating], "returns": o.returns}
            for o in outcomes
        ],
    }
    stem = args.out / (
        f"league-{args.game}-{args.num_players}p{option_text(args.game_options, '-')}-"
        + "+".join(slug(kind, args) for kind in args.agents)
    )
    tables.write(stem, record, [(title, overall), (VERSUS, versus)])
    ranked = sorted(tallies(names, outcomes), key=lambda t: order.index(t.agent))
    plots.win_rates(stem.with_suffix(".png"), title, ranked, 1 / args.num_players)
    return record
