"""A rules-based Medieval Realms player: greedy on what the scoring rules reward.

It reads only public information (Manors, hands, realms, panels, its own placement; it never
looks at the deck order or at other players' hidden leaders).  In short:

* every card is valued in VP: its immediate VP, its end-of-game VP as things stand, production
  over the rounds left, leaders and tokens (a token is worth half a VP at the end), minus what
  it costs;
* on its turn it puts the best affordable hand card into play, else takes the best card from the
  panel (a Hole card it can soon pay for, a Majority card it would receive itself, an Auction
  worth more than the opening bid), else passes;
* Mayors go to the squares of the resources its hand still lacks (else Goods), Generals and
  Admirals to the richest lands, one leader per land, buffers to lands next in value;
* it bids while the card is worth more than the bid; Tithe and VP-track tokens go to what its
  hand lacks.
"""

from __future__ import annotations

from ...core.policy import HeuristicAgent
from . import actions, components
from .actions import DECISIONS, PAIR0, PASS
from .components import ADMIRAL, ART_GALLERY, CATHEDRAL, GREAT_PERSON_BONUS, WAR

TOKEN_VP = 0.5
LEADER_VP = (1.5, 2.5, 1.5)
"""Rough VP worth of one more Mayor, General, Admiral over a game."""


class MedievalRealmsHeuristic(HeuristicAgent):
    DECISIONS = DECISIONS

    # -- valuing cards -----------------------------------------------------------------------
    def card_value(self, state, p: int, card: int) -> float:
        """VP the card should bring ``p`` once in play (before paying for it)."""
        game = state.game
        t = game.card_type[card]
        ctype = game.types[t]
        rounds_left = actions.NUM_ROUNDS - state.round
        value = float(ctype.immediate_vp)
        leaders = state.leaders[p]
        colours = state.colours_in_realm(p)
        if t == components.CASTLE:
            value += 2 * leaders[components.GENERAL] + leaders[ADMIRAL] + TOKEN_VP * rounds_left
        elif t == components.MARKET:
            value += sum(1 for k in colours if k) + (0 if colours[ctype.colour] else 1)
        elif t == components.CITY:
            value += leaders[components.MAYOR] + 0.5 * rounds_left
        elif t == components.ISLAND:
            islands = state.in_realm(p, components.ISLAND) + 1
            value += 3 if state.island_condition_met(p, card, colours, islands) else 1
        elif ctype.great_person:
            have = state.great_persons(p)
            value += colours[game.cards[card].colour] + 1
            value += GREAT_PERSON_BONUS[min(5, have + 1)] - GREAT_PERSON_BONUS[min(5, have)]
        elif t == components.SCI_DEV:
            value += TOKEN_VP * leaders[components.MAYOR] * rounds_left
        elif t in (components.TERRITORY, components.TITHE):  # the tokens it gives
            value += TOKEN_VP * (5 if t == components.TERRITORY else 4)
        leader = game.card_leader[card]
        if leader >= 0:
            value += LEADER_VP[leader] * max(rounds_left, 1) / actions.NUM_ROUNDS * 2
        for c in state.realm[p]:  # Cities this card would trigger
            if game.card_type[c] == components.CITY and game.cards[c].colour == ctype.colour:
                value += 1 + TOKEN_VP
        return value

    def cost_vp(self, state, card: int) -> float:
        resource, amount = state.game.card_cost[card]
        return TOKEN_VP * amount if resource >= 0 else 0.0

    def _needs(self, state, p: int) -> list[float]:
        """How much each resource would help: what the hand lacks, a little Goods always."""
        need = [0.1] * components.NUM_RESOURCES
        need[components.GOODS] = 0.5
        for card in state.hand[p]:
            resource, amount = state.game.card_cost[card]
            if resource >= 0:
                lack = amount - state.res[p][resource]
                if lack > 0:
                    need[resource] += 1 + 1.0 / lack
        return need

    # -- one answer per decision (``legal``: the decision's own kind of action) ----------------
    def _decide_pick_pair(self, state, p: int, legal: list[int]) -> int:
        return max(legal, key=lambda a: sum(_PAIR_TASTE[r] for r in actions.PAIRS[a - PAIR0]))

    def _decide_token_choice(self, state, p: int, legal: list[int]) -> int:
        """The resource the hand lacks most (also the VP track's bonus token)."""
        need = self._needs(state, p)
        return max(legal, key=lambda a: need[a - actions.RESOURCE0])

    _decide_bonus = _decide_token_choice

    def _decide_action(self, state, p: int, legal: list[int]) -> int:
        game = state.game
        best, best_value = PASS, 0.25
        for a in legal:
            if actions.PLAY0 <= a < PASS:
                card = state.hand[p][a - actions.PLAY0]
                value = self.card_value(state, p, card) - self.cost_vp(state, card) + 1.0
            elif actions.ACTIVATE0 <= a < actions.PLAY0:
                slot = a - actions.ACTIVATE0
                card = state.panel[slot]
                kind = game.card_kind[card]
                if kind == components.AUCTION:
                    value = self.card_value(state, p, card) - TOKEN_VP * game.board.min_bid - 1
                else:
                    if kind != components.HOLE and state.majority_receiver(p, card) != p:
                        continue
                    resource, amount = game.card_cost[card]
                    lack = max(0, amount - state.res[p][resource]) if resource >= 0 else 0
                    if game.card_type[card] == components.ISLAND:
                        islands = state.in_realm(p, components.ISLAND) + 1
                        lack = 2 * max(0, islands - state.leaders[p][ADMIRAL])
                    value = (
                        self.card_value(state, p, card)
                        - self.cost_vp(state, card)
                        - state.price(slot)
                        - 0.4 * lack
                    )
                    if game.card_type[card] in (WAR, ART_GALLERY, CATHEDRAL):
                        value += 0.5
            else:
                continue
            if value > best_value:
                best, best_value = a, value
        return best

    def _decide_bid(self, state, p: int, legal: list[int]) -> int:
        """Raise by the least while the card is worth more than the bid (the opener must
        bid); never commits tokens beyond the lowest legal bid."""
        worth = self.card_value(state, p, state.auction[0]) / TOKEN_VP / 2
        if PASS not in legal or (actions.BID0 in legal and state.lowest_bid() <= worth):
            return actions.BID0
        return PASS

    def _decide_place(self, state, p: int, legal: list[int]) -> int:
        game = state.game
        if state.place_kind == actions.P_MAYOR:
            need = self._needs(state, p)
            squares = game.board.squares
            return max(legal, key=lambda a: need[squares[a - actions.SQUARE0]])
        # lands by the value of their reward; one leader per land where possible
        lands = [a for a in legal if actions.LAND0 <= a < actions.ACTIVATE0]

        def worth(a: int) -> float:
            land = a - actions.LAND0
            used = sum(
                on[p][land] for on in (state.generals_on, state.admirals_on, state.buffers_on)
            )
            return sum(game.board.lands[land]) - 3 * used + 0.01 * land

        return max(lands, key=worth, default=PASS)  # (no land: the buffer goes off the map)


_PAIR_TASTE = (1.0, 1.2, 1.2, 1.2, 0.9, 1.0, 1.1)
"""Set-up preference between resources (Science, Culture, Religion buy the VP cards)."""
