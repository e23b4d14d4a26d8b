"""The year's flow: set-up King's Favors, upkeep, the turn order and turns, the Royal
Requirement check, the next year and the final scoring (the state's ``_auto_*`` steps and the
decisions they make).  A player's turn: the explorer to send (or an optional action first),
then, once its location is done, the hand limit and the optional actions before the turn ends;
what the explorer does at its location is in ``locations``."""

from __future__ import annotations

from itertools import product

from ...core.fields import added, removed, replaced
from . import actions, scoring
from .actions import C_HAND, C_MAIN, CARD0, DONE, EXPLORER0, FAVOR0, NEUTRAL, NUM_EXPLORERS, SPACE0
from .automa import automa_turn
from .spec import SPEC
from .tasks import SECOND_STEP, Task
from .view import reputation_stack

NEXT_TURN = Task(actions.A_NEXT_TURN)
SEATS = range(max(SPEC.player_counts))
TURN_TASKS = tuple((Task(C_MAIN, p), Task(actions.A_TURN_FINISH, p), NEXT_TURN) for p in SEATS)
"""Per player, the tasks of its turn (tasks are immutable: built once, shared)."""
TURN_END_TASKS = tuple((Task(C_HAND, p), Task(actions.C_TURN_END, p)) for p in SEATS)
"""Per player, the decisions that end its turn: the hand limit, then the optional actions."""
HAND_LIMIT = 3
"""Expedition cards a player may keep at the end of a turn."""
UNPLACED = {
    placed: tuple(EXPLORER0 + e for e in range(NUM_EXPLORERS) if not placed[e])
    for placed in product((0, 1), repeat=NUM_EXPLORERS)
}
"""Per row of ``placed`` flags, the explorers still to place (as actions)."""


class YearRules:
    __slots__ = ()

    def _legal_favor(self):
        return [FAVOR0 + i for i in range(6) if self.favor_space[i] < 0]

    def _legal_requirement_disc(self):
        p = self.task.player
        return [SPACE0 + sp for sp, owner in enumerate(self.gallery) if owner == p]

    def _on_favor(self, a):
        self.queue.pop(0)
        p, space = self.task.player, a - FAVOR0
        self.put("favor_space", replaced(self.favor_space, space, p))
        self._push(*self._reward_tasks(p, self.game.rb.favors[space].items()))

    def _on_requirement_disc(self, a):
        self.queue.pop(0)
        self.put("gallery", replaced(self.gallery, a - SPACE0, -1))
        self.put("req_discs", added(self.req_discs, self.task.player, 1))

    def _favor_tasks(self) -> list[Task]:
        n, first = self.game.num_players, self.first_player
        order = [(first + i) % n for i in range(n)] if self.year == 1 else reputation_stack(self)
        return [Task(actions.C_FAVOR, p) for p in order]

    def _auto_setup_favors(self):
        self._push(*self._favor_tasks(), Task.year_start())

    def _auto_year_start(self):
        """Turn order is set (year 1: by the set-up favors); gather explorers; new expeditions."""
        if self.year > 1 and self.task.a != SECOND_STEP:
            favors = [-1] * 6
            if self.game.automa and self.automa_last >= 0:
                favors[self.game.automa_cards[self.automa_last].favor] = actions.AUTOMA
            self.put("favor_space", tuple(favors))
            self._push(*self._favor_tasks(), Task.year_start(SECOND_STEP))
            return
        self.turn_order = [o for o in self.favor_space if o >= 0]
        self.put("placed", ((0, 0, 0),) * self.game.num_players)
        self.put("automa_pawns", 3 if self.game.automa else 0)
        self.put(
            "locations",
            tuple(
                tuple(x for x in loc if actions.piece_owner(x) == NEUTRAL) for loc in self.locations
            ),
        )
        if self.year > 1:  # the cards of Program spaces 1 and 2 are discarded
            self.put("exp_discard", self.exp_discard + tuple(c for c in self.program[:2] if c >= 0))
            self.put("program", (-1, -1, *self.program[2:]))
            self._refill_program()
        self.cur = [-1, -1, 0, 0, -1]
        self._push(NEXT_TURN)

    def _auto_next_turn(self):
        order = self.turn_order
        pos, count = self.cur[4], len(order)
        for i in range(1, count + 1):
            idx = (pos + i) % count
            owner = order[idx]
            if owner == actions.AUTOMA:
                if self.automa_pawns > 0:
                    self.cur[4] = idx
                    automa_turn(self)
                    self._push(NEXT_TURN)
                    return
            elif not all(self.placed[owner]):
                self.cur[4] = idx
                self._push(*TURN_TASKS[owner])
                return
        self._push(Task.year_end())

    def _auto_turn_finish(self):
        self.cur[:4] = [-1, -1, 0, 0]
        self.collections_done = 0
        self._push(*TURN_END_TASKS[self.task.player])

    def _auto_year_end(self):
        """The Royal Requirement check (its Gallery disc choices are settled there, before the year
        ends: ``SECOND_STEP`` marks the second step), then the next year."""
        if self.task.a != SECOND_STEP and self.year in self.game.requirement_years:
            self._push(Task.year_end(SECOND_STEP))
            scoring.royal_requirements(self, self.game.requirement_years.index(self.year))
            return
        self.put("year", self.year + 1)
        if self.year <= self.game.years:
            self._push(Task.year_start())

    def _queue_done(self) -> None:
        """After the last year: the final scoring, then the game ends as the task queue ends it."""
        scoring.final_scores(self)
        self.final = [min(pr, 5 * sc) for pr, sc in zip(self.prestige, self.science, strict=True)]
        super()._queue_done()

    # -- a player's turn --------------------------------------------------------------------
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
