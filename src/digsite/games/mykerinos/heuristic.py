"""A rules-based Mykerinos player: greedy on what the scoring rules reward.

Everything it looks at is public (Mykerinos hides only the undealt deck), so it reads the state
directly.  In short:

* it never passes while it has cubes and a place to put them, appeals to a patron when it can
  (Colonel Tangerine and Mrs. Blackmore lay more cubes), and extends rather than starts;
* each cube goes to the space whose area is worth the most to it and where one more cube changes
  the ranking (catching up with or passing the leader), not where it already leads comfortably;
* in the survey it takes the parcel worth most to it (prestige now, plus what its patron's cards
  will score in the Museum, plus progress towards a set of five) or books the Museum room that
  raises its exhibition score most, whichever is larger; it always takes a leftover parcel;
* with two players, its neutral cubes go where the opponent leads.
"""

from __future__ import annotations

from ...core.policy import HeuristicAgent
from . import components
from .actions import DECISIONS, DECLINE, EXCAVATE, EXTEND, NEUTRAL, PASS, PATRON0, ROOM0, TAKE_LEFT
from .components import AREA_BITS, BLACKMORE, BROWN, LEMON, NO_PATRON, TANGERINE, VIOLET

PATRON_PREFERENCE = (TANGERINE, BLACKMORE, VIOLET, LEMON)
"""Patrons worth a turn, best first (Sir Brown is used only through the Museum logic)."""
AREA_OF = {cell: area for area, cells in enumerate(components.AREA_CELL_IDS) for cell in cells}


class MykerinosHeuristic(HeuristicAgent):
    DECISIONS = DECISIONS

    def act_in(self, state, player: int) -> int:
        return self._decide[state.decision](self, state, player, set(state.legal_actions()))

    def projected_score(self, state, player: int) -> float:
        """The prestige with the exhibition scores that the end of the game adds."""
        per_wing, series = state.exhibition(player)
        return float(state.score[player] + sum(per_wing) + series)

    # -- one answer per decision -------------------------------------------------------------
    def _decide_turn(self, state, player: int, legal: set[int]) -> int:
        patrons = (PATRON0 + patron for patron in PATRON_PREFERENCE)
        return self.first_legal((*patrons, EXTEND, EXCAVATE, PATRON0 + BROWN), legal, PASS)

    def _decide_choose_ab(self, state, player: int, legal: set[int]) -> int:
        return EXTEND if EXTEND in legal else EXCAVATE

    def _decide_place(self, state, player: int, legal: set[int]) -> int:
        cells = [a for a in legal if a < ROOM0]
        areas = {AREA_OF[cell] for cell in cells}  # every cell of an area is worth the same
        worth = {area: self._area_value(state, player, state.chain_owner, area) for area in areas}
        return max(cells, key=lambda cell: worth[AREA_OF[cell]])

    def _decide_neutral_action(self, state, player: int, legal: set[int]) -> int:
        return EXCAVATE if EXCAVATE in legal else DECLINE

    def _decide_brown_room(self, state, player: int, legal: set[int]) -> int:
        return max(legal, key=lambda a: self._room_gain(state, player, a - ROOM0))

    def _decide_survey_choice(self, state, player: int, legal: set[int]) -> int:
        return max(legal, key=lambda a: self._survey_value(state, player, a))

    _decide_leftover = _decide_survey_choice

    def _decide_neutral_card(self, state, player: int, legal: set[int]) -> int:
        """Give the neutral the parcel worth less to the others."""
        return min(legal, key=lambda a: self._card_value(state, 1 - player, a))

    # -- valuations --------------------------------------------------------------------------
    def _card_value(self, state, player: int, action: int) -> float:
        """Prestige now, plus the Museum and set value of the parcel's patron card."""
        card = state.game.cards[state.slots[2 * state.survey_area + action - TAKE_LEFT]]
        if card.patron == NO_PATRON:
            return card.prestige
        wing = state.wing_patron.index(card.patron)
        held = [r for r in state.game.museum.rooms if state.museum[r] == player]
        counts = state.patron_count[player]
        set_bonus = 1.0 if counts[card.patron] == min(counts[:NO_PATRON]) else 0.0
        return card.prestige + state.game.museum.best_value(wing, held) + set_bonus + 1.0

    def _room_gain(self, state, player: int, room: int) -> float:
        museum = state.game.museum
        held = [r for r in museum.rooms if state.museum[r] == player]
        counts = state.patron_count[player]
        return sum(
            (counts[state.wing_patron[wing]] + 0.5)  # cards still to come count a little
            * (museum.best_value(wing, [*held, room]) - museum.best_value(wing, held))
            for wing in museum.wings(room)
        )

    def _survey_value(self, state, player: int, action: int) -> float:
        if action in (TAKE_LEFT, TAKE_LEFT + 1):
            return self._card_value(state, player, action)
        if action == DECLINE:
            return -1.0
        return self._room_gain(state, player, action - ROOM0)

    def _area_value(self, state, player: int, owner: int, area: int) -> float:
        """What one more cube of ``owner`` in ``area`` is worth to ``player``."""
        if 2 * area >= len(state.slots):
            return -1.0
        bits = AREA_BITS[area]
        mine = (state.cubes[owner] & bits).bit_count()
        others = [(state.cubes[o] & bits).bit_count() for o in state.game.owners if o != owner]
        leader = max(others, default=0)
        worth = 2.0 + max(
            state.game.cards[state.slots[s]].prestige for s in (2 * area, 2 * area + 1)
        )
        if owner == NEUTRAL:  # the neutral blocks: best where an opponent leads
            opponent = (state.cubes[1 - player] & bits).bit_count()
            return worth * (opponent > mine) + opponent - mine
        if mine > leader + 1:
            return worth * 0.1  # already well ahead
        return worth * (1.5 if mine >= leader - 1 else 0.5)
