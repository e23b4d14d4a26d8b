"""A rules-based Shards player, greedy: it digs its highest card that fits a trench, else
discards its lowest; it takes the find when the find would fit a trench and is worth 3 or more,
else draws blind.  It reads only its own hand and the table."""

from __future__ import annotations

from digsite.core import HeuristicAgent

from .actions import DECISIONS, DIG0, DISCARD0, DRAW, TAKE_FIND, site, value

GOOD_FIND = 3
"""The least value of a find worth taking."""


class ShardsHeuristic(HeuristicAgent):
    DECISIONS = DECISIONS

    def _decide_turn(self, state, player: int, legal: list[int]) -> int:
        digs = [a for a in legal if a < DISCARD0]
        if digs:
            return max(digs, key=lambda a: value(a - DIG0))
        return min(legal, key=lambda a: value(a - DISCARD0))

    def _decide_refill(self, state, player: int, legal: list[int]) -> int:
        find = state.find
        fits = value(find) > state.tops()[site(find)]
        return TAKE_FIND if fits and value(find) >= GOOD_FIND else DRAW
