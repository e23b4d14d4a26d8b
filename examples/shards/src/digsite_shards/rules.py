"""The rules of Shards: the state (one ``_legal_<decision>`` and one ``_on_<decision>`` per
decision) and the game (its declarations, and how its options build it)."""

from __future__ import annotations

from bisect import insort
from typing import Any

import numpy as np

from digsite.core import TERMINAL, Chance, TurnBasedGame, TurnBasedState, choice

from . import actions, invariants, observation, saved, spec, text, view
from .actions import (
    DIG0,
    DISCARD0,
    DRAW,
    GAME_OVER,
    HAND_SIZE,
    NUM_CARDS,
    REFILL,
    SITES,
    TAKE_FIND,
    TURN,
    site,
    value,
)
from .observation import LAYOUT
from .spec import SPEC
from .view import known_cards

OPTIONS = (choice("num_players", 2, SPEC.player_counts),)


class ShardsState(
    Chance, TurnBasedState, files=(actions, saved, view, observation, text, invariants)
):
    """A position of Shards; every chance event is a draw from the state's stream."""

    LEGAL_LISTS = True

    @classmethod
    def new_game(cls, game: ShardsGame, rng: np.random.Generator) -> ShardsState:
        """Deal every hand and the first find, and choose who starts, from the stream that
        ``rng`` seeds."""
        state = cls(game)
        state._reseed(rng)
        state.deck = list(range(NUM_CARDS))
        for hand in state.hands:
            for _ in range(HAND_SIZE):
                insort(hand, state._draw())
        state.find = state._draw()
        state.decider = state._rand(game.num_players)
        return state

    def _draw(self) -> int:
        """A card of the deck, at random."""
        return self.deck.pop(self._rand(len(self.deck)))

    def tops(self) -> list[int]:
        """The value on top of each site's trench (0: empty)."""
        tops = [0] * len(SITES)
        for cards in self.dug:
            for card in cards:
                tops[site(card)] = max(tops[site(card)], value(card))
        return tops

    def points(self, player: int) -> int:
        """The values ``player`` dug, less those left in hand once the game is over."""
        held = sum(map(value, self.hands[player])) if self.is_terminal() else 0
        return sum(map(value, self.dug[player])) - held

    def scores(self) -> list[float]:
        return [float(self.points(p)) for p in range(self.game.num_players)]

    def winners(self) -> list[int]:
        scores = self.scores()
        return [p for p, s in enumerate(scores) if s == max(scores)]

    # -- the turn contract -------------------------------------------------------------------
    def _legal_turn(self) -> list[int]:
        hand, tops = self.hands[self.decider], self.tops()
        return [DIG0 + c for c in hand if value(c) > tops[site(c)]] + [DISCARD0 + c for c in hand]

    def _legal_refill(self) -> list[int]:
        return [TAKE_FIND, DRAW]  # the deck is never empty here: the game ends when it is

    def _on_turn(self, action: int) -> None:
        player, card = self.decider, action - (DIG0 if action < DISCARD0 else DISCARD0)
        self.hands[player].remove(card)
        if card in self.known[player]:
            self.known[player].remove(card)
        (self.dug[player] if action < DISCARD0 else self.spoil).append(card)
        self.decision = REFILL

    def _on_refill(self, action: int) -> None:
        player = self.decider
        if action == TAKE_FIND:
            card, self.find = self.find, self._draw()
            insort(self.known[player], card)
        else:
            card = self._draw()
        insort(self.hands[player], card)
        if self.deck:
            self.decision, self.decider = TURN, (player + 1) % self.game.num_players
        else:
            self.decision, self.decider = GAME_OVER, TERMINAL

    # -- hidden information ------------------------------------------------------------------
    def _resample_hidden(self, player: int, rng: np.random.Generator) -> ShardsState:
        """The cards ``player`` has not seen (the deck, and the others' cards nobody saw them
        take) dealt again at random, and a fresh stream for the draws to come."""
        other = self.clone()
        other._reseed(rng)
        others = [p for p in range(self.game.num_players) if p != player]
        unseen = {p: [c for c in self.hands[p] if c not in known_cards(self, p)] for p in others}
        pool = [*self.deck, *(c for cards in unseen.values() for c in cards)]
        pool = [pool[i] for i in rng.permutation(len(pool))]
        for p, cards in unseen.items():
            other.hands[p] = sorted([*known_cards(self, p), *pool[: len(cards)]])
            del pool[: len(cards)]
        other.deck = sorted(pool)
        other._mask = None  # the mover may be one whose hand was dealt again
        return other


class ShardsGame(TurnBasedGame, files=(spec, actions, text)):
    options = OPTIONS
    max_game_length = 2 * NUM_CARDS
    """Each turn, two decisions, draws one card of the deck."""
    state_class = ShardsState
    revelations = {
        "find": "a new find is turned face up when the find is taken",
        "seats.known": "at the end every player shows their hand",
    }

    def configure(self, config: dict[str, Any]) -> None:
        self.layout = LAYOUT
