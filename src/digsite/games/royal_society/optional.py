"""The optional actions a player may take before or after a turn's explorer, and in the middle
of the turn before something is spent: gaining Reputation for a disc, honoring a patron with a
relic, presenting to the Royal Society (claiming an objective met) and taking a Bloomsbury tile."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from ...core.fields import added, removed, replaced, replaced_in
from . import actions
from .actions import BLOOM_CLAIM0, C_LOC_ACTION, CLAIM0, DONE, FIRST_ACTION, GAIN_REP, PATRON0
from .components import CITY, NUM_PATRONS, UNIVERSITY
from .scoring import OBJECTIVE_TESTS
from .tasks import Task

NO_BLOOM_RIGHTS = (0, 0)
"""A ``bloom_right`` row without a right to either Bloomsbury stack."""


def interruptible(on: Callable) -> Callable:
    """The ``_on_<decision>`` of a decision of one's own turn that the optional actions may
    interrupt (``MID_TURN``): its ``_legal_<decision>`` offers them (``optional_actions``), and
    one taken leaves the decision at the head of the queue, to come back with what is legal
    after it."""

    @wraps(on)
    def handler(self, a: int) -> None:
        if GAIN_REP <= a < DONE:
            self._do_optional(self.task.player, a)
        else:
            on(self, a)

    return handler


class OptionalRules:
    __slots__ = ()

    def optional_actions(self, p: int, task: Task | None = None) -> list[int]:
        """The optional actions ``p`` may take now: before or after its turn's explorer, or
        (``task``) in the middle of its own turn, before decision ``task``.

        In the middle of a turn, Gain Reputation is left out: a payment already turns discs into
        Reputation, so taking it mid-turn changes nothing.  A claim (it costs a disc) or an honor
        (it costs a relic) that would leave the interrupted decision without a legal action is
        not offered."""
        if task is not None and self.cur[0] < 0:  # no explorer placed: not within a turn
            return []  # (these tasks are the mover's)
        out = []
        discs = self.discs[p]
        if task is None and discs > 0 and self.rep[p] < 9:
            out.append(GAIN_REP)
        held = self.relics[p]
        honored = self.honored[p]
        kinds = self.game.patron_relics
        for pat in self.patrons[p]:
            if (
                pat not in honored
                and any(held[kinds[pat]])
                and (task is None or task.kind != C_LOC_ACTION or self.honor_kinds(p, pat, task))
            ):
                out.append(PATRON0 + pat)
        if discs > 0:
            claims, objectives = self.claims[p], self.objectives
            for g in range(3):
                if (
                    not claims[g]
                    and OBJECTIVE_TESTS[objectives[g]](self, p)
                    and (task is None or self._keeps_pending(task, CLAIM0 + g, -1))
                ):
                    out.append(CLAIM0 + g)
        if self.bloom_right[p] != NO_BLOOM_RIGHTS:  # (no right yet for most of the game)
            right, taken, stacks = self.bloom_right[p], self.bloom_taken[p], self.stacks
            out += [BLOOM_CLAIM0 + k for k in range(2) if right[k] and not taken[k] and stacks[k]]
        return out

    def _do_optional(self, p: int, action: int) -> None:
        if action == GAIN_REP:
            self.put("discs", added(self.discs, p, -1))
            self.put("rep_discs", added(self.rep_discs, p, 1))
            self._gain(p, actions.REPUTATION, 2)
        elif PATRON0 <= action < PATRON0 + NUM_PATRONS:
            pat = action - PATRON0
            kinds = self.honor_kinds(p, pat, self.task)  # (the decision interrupted)
            if len(kinds) == 1:
                self._honor(p, pat, kinds[0])
            else:
                self._push(Task.honor(p, pat))
        elif CLAIM0 <= action < CLAIM0 + 3:
            g = action - CLAIM0
            self.put("discs", added(self.discs, p, -1))
            first = self.rs_left[g] < 0
            if first:
                self.put("rs_left", replaced(self.rs_left, g, p))
            self.put("claims", replaced_in(self.claims, p, g, 2 if first else 1))
            science = self.game.rb.objectives[self.objectives[g]]["reward"] == "science"
            stat, amount = (actions.SCIENCE, 4) if science else (actions.PRESTIGE, 20)
            self._gain(p, stat, amount if first else amount // 2)  # a later claim: half
        else:
            k = action - BLOOM_CLAIM0
            seen = self.bloom_seen[p] | sum(1 << x for x in self.stacks[k])
            self.put("bloom_seen", replaced(self.bloom_seen, p, seen))
            self._push(Task.bloomsbury(p, k))

    def _honor(self, p: int, pat: int, kind: int) -> None:
        self._discard_relic(p, kind)
        self.put("honored", replaced(self.honored, p, (*self.honored[p], pat)))
        self._gain(p, actions.REPUTATION, 1)

    def honor_kinds(self, p: int, pat: int, pending: Task | None) -> list[int]:
        """Relic kinds that may honor patron ``pat`` now: those that leave the ``pending``
        location action (if it is the interrupted decision) still possible (the other decisions
        of a turn keep theirs: an honor only adds Reputation to the budget of a payment)."""
        held = self.relics[p]
        kinds = [k for k in self.game.patron_kinds[pat] if held[k]]
        if pending is not None and pending.kind == C_LOC_ACTION:
            kinds = [k for k in kinds if self._keeps_pending(pending, PATRON0 + pat, k)]
        return kinds

    def _keeps_pending(self, task: Task, action: int, kind: int) -> bool:
        """Whether ``task`` still has a legal action after optional ``action`` (an honor with
        relic ``kind``, or a claim); only budgets and relics can take it away."""
        if task.kind not in (C_LOC_ACTION, actions.C_EXPEDITION, actions.C_EXP_PAY):
            return True  # a Reserve or an Exhibit left without a choice just ends, as declined
        if task.kind == C_LOC_ACTION:
            _, loc, section, supported = self.cur[:4]
            p = task.player
            if loc in (UNIVERSITY, CITY) and FIRST_ACTION in self.location_options(
                p, loc, section, bool(supported), self.budget(p)
            ):
                return True  # Knowledge and patrons need nothing an optional action spends
        other = self.clone()
        if action < CLAIM0:
            other._honor(task.player, action - PATRON0, kind)
        else:
            other._do_optional(task.player, action)
        return bool(other._legal_of(task))

    # -- Bloomsbury ----------------------------------------------------------------------------
    def _legal_bloomsbury_tile(self):
        _, _, k, source = self.task
        tiles = self.bloom_box[k] if source else self.stacks[k]
        return [actions.TILE0 + x for x in sorted(tiles)]

    def _on_bloomsbury_tile(self, a):
        _, p, k, source = self.task
        self.queue.pop(0)
        tile = a - actions.TILE0
        if source == 0:
            self.stacks[k].remove(tile)
        else:
            self.put("bloom_box", replaced(self.bloom_box, k, removed(self.bloom_box[k], tile)))
        self.put("bloom", replaced(self.bloom, p, (*self.bloom[p], tile)))
        self.put("bloom_taken", replaced_in(self.bloom_taken, p, k, 1))
        self.put("bloom_seen", replaced(self.bloom_seen, -1, self.bloom_seen[-1] | 1 << tile))
        info = self.game.rb.bloomsbury[tile]
        if info["kind"] == "immediate":
            self._push(*self._reward_tasks(p, info["effect"].items()))
