"""The economy: gains (Prestige with its Bloomsbury rights, Science, Reputation with its clock,
money), Knowledge with its milestones, the Reputation budget, the relic bags and their refills,
rewards written in the rulebook's vocabulary, and the decisions and automatic tasks that give
them.  A player's Society ability and Bloomsbury tiles are looked up here too."""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from ...core.fields import added, added_in, replaced, replaced_in
from . import actions
from .actions import BLOOMSBURY_STACKS, NUM_REGIONS, PRESTIGE, REGION0, RELIC0, REPUTATION, SCIENCE
from .components import ASIA, NUM_RELIC_KINDS
from .tasks import Task, knowledge_choices


class EconomyRules:
    __slots__ = ()

    # -- gains ---------------------------------------------------------------------------------
    def _set_rep(self, p: int, value: int) -> None:
        value = max(0, min(9, value))
        if value != self.rep[p]:
            self.put("rep", replaced(self.rep, p, value))
            self.clock += 1
            self.put("rep_time", replaced(self.rep_time, p, self.clock))

    def _gain(self, p: int, stat: int, amount: int) -> None:
        if not amount:  # (rewards list every stat, most of them 0)
            return
        if stat == PRESTIGE:
            before = self.prestige[p]
            self.put("prestige", replaced(self.prestige, p, max(0, before + amount)))
            for k, threshold in enumerate(BLOOMSBURY_STACKS):
                if before < threshold <= self.prestige[p]:
                    self.put("bloom_right", replaced_in(self.bloom_right, p, k, 1))
        elif stat == SCIENCE:
            self.put("science", replaced(self.science, p, max(0, self.science[p] + amount)))
        elif stat == REPUTATION:
            self._set_rep(p, self.rep[p] + amount)
        else:
            self.put("money", replaced(self.money, p, max(0, self.money[p] + amount)))

    def _know(self, p: int, region: int, amount: int, asia_reputation: bool = True) -> None:
        """Knowledge with its milestones (5, 8, 12, beyond 12) and the British School ability:
        1 Reputation per gain in Asia "regardless of the number of points" (one call is one
        gain; ``asia_reputation`` False for the later points of a gain chosen point by point)."""
        if amount <= 0:
            return
        before = self.knowledge[p][region]
        after = before + amount
        if before < 5 <= after:
            self._gain(p, SCIENCE, 1)
        if before < 8 <= after:
            self._push(Task(actions.C_MILESTONE8, p))
        if before < 12 <= after:
            self._gain(p, SCIENCE, 2)
        if after > 12:
            self._gain(p, PRESTIGE, after - max(before, 12))
            after = 12
        self.put("knowledge", replaced_in(self.knowledge, p, region, after))
        if (
            region == ASIA
            and asia_reputation
            and self._ability(p) == actions.Ability.ASIA_KNOWLEDGE_REPUTATION
        ):
            self._gain(p, REPUTATION, 1)

    # -- the Reputation budget -----------------------------------------------------------------
    def budget(self, p: int) -> int:
        """Reputation a player can spend now, turning discs into Reputation as needed."""
        return self.rep[p] + 2 * self.discs[p]

    def _pay_rep(self, p: int, amount: int) -> None:
        """Spend Reputation; discs are turned into 2 Reputation each first if it is short."""
        while self.rep[p] < amount:
            self.put("discs", added(self.discs, p, -1))
            self.put("rep_discs", added(self.rep_discs, p, 1))
            self._set_rep(p, self.rep[p] + 2)
        self._set_rep(p, self.rep[p] - amount)

    # -- relic bags ----------------------------------------------------------------------------
    def _take_relic(self, p: int, kind: int) -> None:
        """A relic of ``kind`` (none if -1) from its bag, then every empty bag refilled."""
        if kind >= 0:
            self.put("bags", added(self.bags, kind, -1))
            self.put("relics", added_in(self.relics, p, kind, 1))
        self._refill_all()

    def _refill_bag(self, region: int) -> None:
        base = region * 4
        if sum(self.bags[base : base + 4]) == 0:  # its discards go back in
            bags, discards = self.bags, self.discards
            self.put("bags", bags[:base] + discards[base : base + 4] + bags[base + 4 :])
            self.put("discards", discards[:base] + (0, 0, 0, 0) + discards[base + 4 :])

    def _random_relic(self, region: int) -> int:
        """Draw at random from a region's bag (refilled from its discards if empty); -1 if none."""
        self._refill_bag(region)
        upto = list(accumulate(self.bags[4 * region : 4 * region + 4]))  # relics up to each kind
        if not upto[-1]:
            return -1
        return 4 * region + bisect_right(upto, self._rand(upto[-1]))

    def _discard_relic(self, p: int, kind: int) -> None:
        self.put("relics", added_in(self.relics, p, kind, -1))
        self.put("discards", added(self.discards, kind, 1))
        self._refill_bag(kind // 4)

    def _refill_all(self) -> None:
        """A bag left empty takes back its discarded relics (the rulebook's discard rule)."""
        for region in range(NUM_REGIONS):
            self._refill_bag(region)

    # -- rewards -------------------------------------------------------------------------------
    def _reward_tasks(self, p: int, reward) -> list[Task]:
        """Tasks for a reward given as (key, amount) pairs from the rulebook's vocabulary."""
        tasks = []
        for key, amount in reward:
            if key in actions.REWARD_STATS:
                tasks.append(Task.gain(p, actions.REWARD_STATS[key], amount))
            elif key == "knowledge_choice":
                tasks += knowledge_choices(p, amount)
            elif key == "reserve":
                tasks += [Task.reserve(p, optional=1)] * amount
            elif key == "chosen_relic":
                tasks += [Task.relic_choice(p, actions.ALL_REGIONS)] * amount
            elif key == "expertise":
                tasks += [Task(actions.C_EXPLORER_UP, p)] * amount
        return tasks

    # -- a player's Society ability and Bloomsbury tiles ---------------------------------------
    def _ability(self, p: int) -> int:
        s = self.society[p]
        return -1 if s < 0 else self.game.abilities[s]

    def _has_bloom(self, p: int, effect: str) -> int:
        for t in self.bloom[p]:
            eff = self.game.rb.bloomsbury[t]["effect"]
            if effect in eff:
                return eff[effect]
        return 0

    # -- decisions and automatic tasks ---------------------------------------------------------
    def _auto_gain(self):
        t = self.task
        if t.kept_society >= 0:
            self.put("society", replaced(self.society, t.player, t.kept_society))
        else:
            self._gain(t.player, t.a, t.b)

    def _legal_knowledge_region(self):
        exclude = set(self.chosen_regions) if self.task.b & actions.KNOW_OTHER else ()
        return [REGION0 + r for r in range(NUM_REGIONS) if r not in exclude]

    def _on_knowledge_region(self, a):
        """A point in Asia pays the British School of Orient once per gain: the rest of this gain's
        points (the marked C_KNOW tasks that follow) are told it is paid."""
        t, q = self.task, self.queue
        q.pop(0)
        p, region = t.player, a - REGION0
        if region == ASIA:
            i = 0
            while i < len(q) and q[i].kind == actions.C_KNOW and q[i].b & actions.KNOW_MORE:
                q[i] = q[i]._replace(b=q[i].b | actions.KNOW_ASIA_PAID)
                i += 1
        self.chosen_regions.append(region)
        self._know(p, region, t.a, asia_reputation=not t.b & actions.KNOW_ASIA_PAID)

    def _auto_knowledge(self):
        t = self.task
        self.chosen_regions.append(t.a)
        self._know(t.player, t.a, t.b)

    def _legal_milestone_8(self):
        return actions.options(2)

    def _on_milestone_8(self, a):
        self.queue.pop(0)
        self._gain(self.task.player, *actions.MILESTONE_8[a - actions.OPTION0])

    def _legal_explorer_expertise(self):
        return [actions.EXPLORER0 + e for e in range(3) if self.expertise[self.task.player][e] < 6]

    def _on_explorer_expertise(self, a):
        self.queue.pop(0)
        p, e = self.task.player, a - actions.EXPLORER0
        self.put("expertise", replaced_in(self.expertise, p, e, min(6, self.expertise[p][e] + 1)))

    def _legal_relic_from_bag(self):
        _, p, regions, forced_random = self.task
        if regions == actions.CHOSEN_REGIONS:  # "one of the previously chosen regions"
            regions = sum(1 << r for r in set(self.chosen_regions[-2:])) or actions.ALL_REGIONS
        bags = self.bags
        if forced_random or self.penalties[p][actions.RANDOM_RELICS_ONLY]:
            return [
                REGION0 + r for r in range(4) if regions >> r & 1 and sum(bags[4 * r : 4 * r + 4])
            ]
        return [RELIC0 + k for k in range(NUM_RELIC_KINDS) if regions >> (k // 4) & 1 and bags[k]]

    def _on_relic_from_bag(self, a):
        self.queue.pop(0)
        kind = self._random_relic(a - REGION0) if a < RELIC0 else a - RELIC0  # (-1: none)
        self._take_relic(self.task.player, kind)

    def _auto_random_relics(self):
        _, p, region, count = self.task
        if region == actions.CHOSEN_REGION:
            region = self.chosen_regions[-1] if self.chosen_regions else 0
        regions = range(NUM_REGIONS) if region == actions.EACH_REGION else [region] * count
        for r in regions:
            self._take_relic(p, self._random_relic(r))

    def _legal_keep_relic(self):
        return [RELIC0 + k for k in sorted(set(self.drawn_relics))]

    def _on_keep_relic(self, a):
        self.queue.pop(0)
        p, kind = self.task.player, a - RELIC0
        drawn = self.drawn_relics
        drawn.remove(kind)
        self.put("relics", added_in(self.relics, p, kind, 1))
        for k in drawn:
            self.put("discards", added(self.discards, k, 1))
        self.drawn_relics = []
        self._refill_all()

    def _auto_draw_two_keep_one(self):
        _, p, region, _ = self.task
        drawn = []
        while len(drawn) < 2 and (kind := self._random_relic(region)) >= 0:
            self.put("bags", added(self.bags, kind, -1))
            drawn.append(kind)
        self.drawn_relics = drawn
        self._push(Task(actions.C_KEEP_RELIC, p))  # (forced when one kind drawn, dropped if none)
