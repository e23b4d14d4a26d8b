"""A player's turn: the explorer to send (or an optional action first), then, once its location
is done, the hand limit and the optional actions before the turn ends.  What the explorer does
at its location is in ``locations``; the order of turns is the year's (``year``)."""

from __future__ import annotations

from itertools import product

from ...core.fields import removed, replaced
from .actions import C_HAND, CARD0, DONE, EXPLORER0, NUM_EXPLORERS
from .tasks import Task

HAND_LIMIT = 3
"""Expedition cards a player may keep at the end of a turn."""
UNPLACED = {
    placed: tuple(EXPLORER0 + e for e in range(NUM_EXPLORERS) if not placed[e])
    for placed in product((0, 1), repeat=NUM_EXPLORERS)
}
"""Per row of ``placed`` flags, the explorers still to place (as actions)."""


class FlowRules:
    """A player's turn, a part of the state (see the module docstring)."""

    __slots__ = ()

    def _legal_main(self):
        p = self.task.player
        acts = UNPLACED[self.placed[p]]
        return [*acts, *self.optional_actions(p)] if acts else []

    def _on_main(self, a):
        p = self.task.player
        if a < EXPLORER0 + NUM_EXPLORERS:
            self.queue.pop(0)
            self._push(Task.place(p, a - EXPLORER0))
        else:
            self._do_optional(p, a)

    def _legal_hand_limit(self):
        hand = self.hand[self.task.player]
        return [CARD0 + c for c in sorted(hand)] if len(hand) > HAND_LIMIT else []

    def _on_hand_limit(self, a):
        """The task stays until the hand is down to the limit (one card a decision)."""
        p, card = self.task.player, a - CARD0
        self.put("hand", replaced(self.hand, p, removed(self.hand[p], card)))
        self.put("exp_discard", self.exp_discard + (card,))

    def _legal_turn_end(self):
        acts = self.optional_actions(self.task.player)
        return acts + [DONE] if acts else []

    def _on_turn_end(self, a):
        t = self.task
        if a == DONE:
            self.queue.pop(0)
        else:
            self.queue.insert(0, Task(C_HAND, t.player))  # a Bloomsbury Reserve may add a card
            self._do_optional(t.player, a)
