"""A rules-based Archeos Society player: greedy on expedition size, the game's main scoring.

It reads only what its player may know (its own hand, the recruitment area and the public
table). In short:

* it collects one large group (a colour or a role, Mercenaries count for any group), taking
  from the area the card that grows its best group and drawing otherwise;
* it plays that group once it has 6 cards, when its hand is full, or sooner as monkeys show
  that the season may end (two monkeys out: any group of 3);
* an expedition takes every matching card; the leader is the one whose effects pay most
  (a Photographer's bonus, an advance its size allows on a site worth more);
* it always advances (on the site that gains most), uses every role effect, takes the largest
  Professor token, keeps its best group with the Physician, cashes in on Uluru from the fourth
  space, and drafts large-expedition roles.
"""

from __future__ import annotations

from ...core.policy import HeuristicAgent
from . import actions, components
from .actions import DECISIONS, DRAFT_ROLE0, DRAW, STOP, TAKE0, TARGET0, TOKEN0
from .components import BOTANIST, MERCENARY, NUM_COLOURS, PATRON, PHOTOGRAPHER, PILOT, STUDENT

DRAFT_PREFERENCE = (STUDENT, PHOTOGRAPHER, MERCENARY, BOTANIST, components.GUIDE, PATRON, PILOT)


def _groups(hand: list[int]) -> list[tuple[int, int, int]]:
    """(size with Mercenaries, trait 0 colour / 1 role, value) for every group in the hand."""
    rows = [hand[r * NUM_COLOURS : (r + 1) * NUM_COLOURS] for r in range(components.NUM_ROLES)]
    mercs = sum(rows[MERCENARY])
    rows[MERCENARY] = [0] * NUM_COLOURS
    by_trait = ([sum(column) for column in zip(*rows, strict=True)], [sum(row) for row in rows])
    return [
        (n + mercs, trait, value)
        for trait, counts in enumerate(by_trait)
        for value, n in enumerate(counts)
        if n
    ]


def _best_size(hand: list[int]) -> int:
    return max((g[0] for g in _groups(hand)), default=0)


class ArcheosSocietyHeuristic(HeuristicAgent):
    DECISIONS = DECISIONS

    def projected_score(self, state, player: int) -> float:
        """The points with what its sites and expeditions score at the season's end (all public)."""
        return float(
            state.score[player]
            + sum(state.site_points(player, c) for c in range(NUM_COLOURS))
            + sum(state.expedition_points(e) for e in state.expeditions[player])
        )

    # -- one answer per decision -------------------------------------------------------------
    def _decide_turn(self, state, player: int, legal: list[int]) -> int:
        hand, legal = state.hands[player], set(legal)
        best = _best_size(hand)
        ready = best >= 6 or state.hand_size[player] >= components.HAND_LIMIT
        ready = ready or (state.monkeys >= 2 and best >= 3) or (state.monkeys >= 1 and best >= 5)
        if ready and any(a < components.NUM_KINDS for a in legal):
            return self._lead(state, player, hand, legal)
        grown = [
            (_best_size([c + (k == a - TAKE0) for k, c in enumerate(hand)]), a)
            for a in legal
            if TAKE0 <= a < DRAW
        ]
        top, action = max(grown, default=(best, DRAW))
        if top > best:
            return action
        return DRAW if DRAW in legal else self._lead(state, player, hand, legal)

    def _decide_extra(self, state, player: int, legal: list[int]) -> int:
        return self._lead(state, player, state.hands[player], set(legal))

    _decide_ur = _decide_extra

    def _decide_trait(self, state, player: int, legal: list[int]) -> int:
        hand = state.hands[player]
        role, colour = divmod(state.lead, NUM_COLOURS)
        by_colour = sum(hand[r * NUM_COLOURS + colour] for r in range(components.NUM_ROLES))
        by_role = sum(hand[role * NUM_COLOURS : (role + 1) * NUM_COLOURS])
        return actions.TRAIT_COLOUR if by_colour >= by_role else actions.TRAIT_ROLE

    def _decide_add(self, state, player: int, legal: list[int]) -> int:
        return next((a for a in legal if a < components.NUM_KINDS), STOP)

    def _decide_effects(self, state, player: int, legal: list[int]) -> int:
        tokens = [a for a in legal if TOKEN0 <= a < TOKEN0 + components.PROFESSOR_TOKENS]
        other = max(tokens, default=actions.USE_ROLE if actions.USE_ROLE in legal else STOP)
        return self._move(state, player, legal, 1, other)

    def _decide_free_advance(self, state, player: int, legal: list[int]) -> int:
        return self._move(state, player, legal, 1)

    def _decide_professor_move(self, state, player: int, legal: list[int]) -> int:
        return self._move(state, player, legal, state.prof_queue[0][1])

    def _decide_keep(self, state, player: int, legal: list[int]) -> int:
        best = max(_groups(state.hands[player]), key=lambda g: g[0], default=None)
        kept = (a for a in legal if a < components.NUM_KINDS and self._in_group(a, best))
        return STOP if best is None else next(kept, STOP)

    def _decide_uluru(self, state, player: int, legal: list[int]) -> int:
        t = state.uluru_target
        pos = state.pos[player][t]
        return actions.CASH_IN if pos >= 3 or pos == state._target_site(t).last else STOP

    def _decide_draft_role(self, state, player: int, legal: list[int]) -> int:
        return self.first_legal((DRAFT_ROLE0 + r for r in DRAFT_PREFERENCE), legal, legal[0])

    def _decide_draft_site(self, state, player: int, legal: list[int]) -> int:
        return actions.SIDE_COMPASS

    # -- pieces ------------------------------------------------------------------------------
    @staticmethod
    def _in_group(kind: int, group: tuple[int, int, int]) -> bool:
        role, colour = divmod(kind, NUM_COLOURS)
        _, trait, value = group
        return role == MERCENARY or (colour if trait == 0 else role) == value

    def _lead(self, state, player: int, hand: list[int], legal: set[int]) -> int:
        leaders = [a for a in legal if a < components.NUM_KINDS]
        if not leaders:
            return STOP
        best = max(_groups(hand), key=lambda g: g[0])
        options = [k for k in leaders if self._in_group(k, best)] or leaders
        return max(options, key=lambda k: self._leader_value(state, player, k, best[0]))

    def _leader_value(self, state, player: int, kind: int, size: int) -> float:
        role, colour = divmod(kind, NUM_COLOURS)
        value = 3.0 if role == PHOTOGRAPHER else 0.0
        if role == STUDENT:
            return value - 0.5
        eff = size + (role == components.GUIDE)
        for t in state.vehicles(colour):
            site = state._target_site(t)
            pos = state.pos[player][t]
            if pos < site.last and eff >= site.thresholds[pos]:
                value = max(value, value + 1.0 + self._gain(state, player, t))
        return value

    def _move(self, state, player: int, legal: list[int], step: int, other: int = STOP) -> int:
        """The vehicle whose move by ``step`` (1 forward, -1 back) pays most, else ``other``."""
        targets = [a for a in legal if TARGET0 <= a < TARGET0 + actions.NUM_TARGETS]
        if not targets:
            return other
        return max(targets, key=lambda a: self._gain(state, player, a - TARGET0, step))

    @staticmethod
    def _gain(state, player: int, target: int, step: int = 1) -> float:
        """Points of moving a vehicle one space forward (``step`` 1) or back (-1; negative: a
        loss); a vehicle at the end of its track is never advanced."""
        site = state._target_site(target)
        pos = state.pos[player][target]
        if step > 0 and pos >= site.last:
            return -100.0
        return float(site.points[pos + step] - site.points[pos])
