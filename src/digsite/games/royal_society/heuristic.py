"""A rules-based Royal Society player: greedy on a valuation of its own resources (what it values
and when it acts: the package documentation's "Heuristic agent").

It reads only what its player may know: its own cards (hand, Study cards, set-up hand, Society
offer), what it is choosing from and the public table; never deck orders, other players' hands
or the face-down Bloomsbury tiles, and it never simulates a draw of the engine (which would
reveal the seeded ones).

Every option is valued by applying its effects to a small copy of the player's own resources
(``Mine``) by the engine's own rules, run on a scratch clone of the state; what depends on draws is
estimated, and the projected score ``min(Prestige, 5 x Science)`` gets a bonus for the larger of the
two."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...core.fields import replaced
from ...core.policy import HeuristicAgent
from . import actions
from .actions import DONE, EXPLORER0, GAIN_REP, MONEY, OPTION0, RELIC0, SPACE0, Ability
from .components import ASIA, CITY, MEDITERRANEAN, MUSEUM, NUM_RELIC_KINDS, PORT, UNIVERSITY
from .locations import LEFT_GAINS
from .scoring import OBJECTIVE_TESTS, ON_PLAYED, region_and_type_counts, requirement_count

SOCIETY_RANK = (1, 10, 0, 6, 9, 3, 11, 4, 2, 5, 8, 7)
"""Society cards, best first (set-up benefits worth most early: Knowledge and money)."""
OPTIONAL_ACTIONS = range(GAIN_REP, DONE)
"""Gain Reputation, honor a patron, present to the Royal Society, Find a Publisher."""
PENALTY_WORTH = {
    "support_cap_5": 8.0,
    "random_relics": 6.0,
    "no_collection_rewards": 8.0,
    "no_right_bonus": 5.0,
    "lose_1_science": 6.0,
    "lose_8_prestige": 8.0,
}
"""Rough score each Royal Requirement penalty costs over the rest of a game."""
PROGRAM_WEIGHT = 0.3
"""How much a Program card counts beside a hand card when Knowledge is wanted for it."""
OBJECTIVE_WORTH = 18.0
"""Rough score of an objective's first claim: its 4 Science at 4.5 each or its 20 Prestige at
0.9, the same; a later claim, with half the reward, counts half."""
REP_MAX = 9
TRACKS = ("prestige", "science", "money", "rep", "discs", "knowledge")
"""A Mine's numbers that the engine's rules change, named as the state's fields."""
HELD = ("expertise", "played", "relics")
"""A Mine's lists that are the player's own in the state, named as the state's fields."""


class Mine:
    """The deciding player's own resources, cheap to copy and change.

    Its numbers change by the engine's own rules (``EconomyRules``): they are written into a
    scratch clone of the state (``st``, one per decision, shared by every Mine of it), the rule
    is run there and the numbers are read back.  Only deterministic rules on the player's own
    resources run there, never a draw, so the clone tells the heuristic nothing hidden."""

    __slots__ = (*TRACKS, *HELD, "gallery", "hand", "patrons", "honored", "exhibited",
                 "extra_relics", "st", "me")  # fmt: skip

    def __init__(self, state, p: int, scratch) -> None:
        for name in TRACKS:
            setattr(self, name, getattr(state, name)[p])
        for name in HELD:
            setattr(self, name, list(getattr(state, name)[p]))
        self.gallery, self.hand = list(state.gallery), list(state.hand[p])
        self.patrons = [x for x in state.patrons[p] if x not in state.honored[p]]
        self.honored, self.exhibited = len(state.honored[p]), state.exhibited[p]
        self.extra_relics = 0.0
        self.st, self.me = scratch, p

    def copy(self) -> Mine:
        m = Mine.__new__(Mine)
        for name in Mine.__slots__:
            value = getattr(self, name)
            setattr(m, name, value.copy() if type(value) is list else value)
        return m

    # -- the scratch state ------------------------------------------------------------------
    def _load(self):
        """The scratch state holding this Mine's tracks."""
        st, p = self.st, self.me
        for name in TRACKS:
            st.put(name, replaced(getattr(st, name), p, getattr(self, name)))
        return st

    def _read(self) -> None:
        for name in TRACKS:
            setattr(self, name, getattr(self.st, name)[self.me])

    def table(self):
        """The scratch state holding this Mine, for the engine's objective checks (its honored
        patrons and claims are the state's there: no valuation changes them)."""
        st, p = self._load(), self.me
        for name in HELD:
            st.put(name, replaced(getattr(st, name), p, tuple(getattr(self, name))))
        st.put("exhibited", replaced(st.exhibited, p, self.exhibited))
        st.put("gallery", tuple(self.gallery))
        return st

    # -- changes ----------------------------------------------------------------------------
    def gain(self, stat: int, amount: int) -> None:
        """Prestige, Science, Reputation or money: the engine's ``_gain``."""
        self._load()._gain(self.me, stat, amount)
        self._read()

    def gain_know(self, region: int, amount: int, asia_reputation: bool = True) -> None:
        """The engine's ``_know``; the Knowledge 8 choice it asks is taken as its 1 Science
        (about the same as 5 Prestige to the valuation; the real choice is valued apart)."""
        st = self._load()
        pending = len(st.queue)
        st._know(self.me, region, amount, asia_reputation)
        while len(st.queue) > pending:
            st.task = st.queue[0]
            st._on_milestone_8(OPTION0)
        self._read()

    def best_know(self, ctx: Context, amount: int = 1) -> None:
        """``amount`` Knowledge point by point, each where it helps most: one gain, so the
        British School's Reputation for Asia is paid once."""
        asia_paid = False
        for _ in range(amount):
            region = max(range(4), key=lambda r: ctx.region_priority(self, r))
            self.gain_know(region, 1, asia_reputation=not asia_paid)
            asia_paid |= region == ASIA

    def held_kinds(self) -> list[int]:
        return [k for k in range(NUM_RELIC_KINDS) if self.relics[k]]

    def budget(self) -> int:
        """The engine's ``budget``: Reputation spendable now, discs turned into Reputation."""
        return self._load().budget(self.me)

    def pay_rep(self, amount: int) -> None:
        """The engine's ``_pay_rep``.  An option valued here may cost more than the budget
        (the engine never pays that): it then pays the whole budget."""
        st = self._load()
        st._pay_rep(self.me, min(amount, st.budget(self.me), REP_MAX))
        self._read()


class Context:
    """What one decision looks at: the public table and the player's own cards."""

    def __init__(self, state, player: int):
        self.state = state
        self.g = state.game
        self.player = player
        self.years_left = self.g.years - state.year  # full years after this one
        self.cards = self.g.expeditions
        self.memo: dict[tuple[int, int, int, int], float] = {}
        self.outcomes: dict[tuple[int, ...], Mine] = {}
        self.values: dict[tuple, float] = {}
        self.scratch = state.clone()
        """Where the Mines of this decision run the engine's rules (see ``Mine``)."""
        self.open_objectives = self._objectives()
        self.requirement = self._requirement()
        self.base = self.mine()
        """The player's own resources now, which every option's valuation starts from."""
        self.region_need = [0.0] * 4
        """Per region: how much the own hand and the Program want Knowledge there, and up to
        how much (``region_top``)."""
        self.region_top = [0] * 4
        for card, weight in self._wanted(state.hand[player]):
            self.region_need[card.region] += weight
            self.region_top[card.region] = max(self.region_top[card.region], card.knowledge)

    def mine(self) -> Mine:
        return Mine(self.state, self.player, self.scratch)

    # -- the valuation ------------------------------------------------------------------------
    def value(self, m: Mine) -> float:
        yl = self.years_left + 0.5
        # the score, with what the coming years typically add
        pp = m.prestige + 9.0 * yl
        ss = 5.0 * (m.science + 1.3 * yl)
        v = min(pp, ss) + 0.3 * max(pp, ss)
        early = min(1.0, yl / 3.0)
        spend = 0.4 + 0.6 * early  # money and relics: what they still count for late
        build = 0.3 + 0.7 * early  # Knowledge, Reputation, Expertise: less late
        v += (min(m.money, 35) * 0.45 + max(0, m.money - 35) * 0.1) * spend
        for k in m.knowledge:
            v += (0.9 * min(k, 9) + 0.2 * max(0, min(k, 12) - 9)) * build
            # a milestone within reach is worth part of itself
            for ms, worth in ((5, 5.0), (8, 5.0), (12, 10.0)):
                if k < ms and ms - k <= 2:
                    v += worth * 0.15 * (3 - (ms - k)) * early
        v += 0.6 * m.rep * build
        v += (1.5 if m.discs > 3 else 3.0) * m.discs
        v += 1.8 * (sum(m.relics) + m.extra_relics) * spend
        for pat in m.patrons:
            if any(m.relics[k] for k in self.g.patron_kinds[pat]):
                v -= 0.5
            else:
                v -= self.g.patrons[pat].penalty * (1.0 if yl < 1 else 0.6)
        v += 3.0 * m.honored
        v += sum(2.2 * min(e, 6) for e in m.expertise) * build
        v += 1.5 * len(m.hand) * early
        v += self.gallery_value(m)
        table = m.table()
        v += self.objectives_value(m, table)
        v += self.requirement_value(m, table)
        return v

    def gallery_value(self, m: Mine) -> float:
        """An estimate of the Grand Gallery majorities (the engine's ``gallery_awards`` gives
        only each player's total, not who leads each collection): 7 for leading an unfinished
        collection, shares kept fractional, plus 0.5 per own disc; behind, 1 per own disc."""
        total = 0.0
        for spaces in (m.gallery[c] for c in actions.COLLECTIONS):
            counts = Counter(o for o in spaces if o >= 0)
            if not (mine := counts[self.player]):
                continue
            best = max(counts.values())
            winners = list(counts.values()).count(best)
            total += mine if mine < best else (12 if -1 not in spaces else 7) / winners + 0.5 * mine
        return total

    def objectives_value(self, m: Mine, table) -> float:
        """Each open objective's worth: nearly all of it once met (the engine's
        ``OBJECTIVE_TESTS`` on ``table``, the Mine's scratch state), a part graded on the way."""
        total = 0.0
        for obj, worth in self.open_objectives:
            prog = 1.0 if OBJECTIVE_TESTS[obj](table, self.player) else self._grade(m, obj)
            total += (
                worth * (0.95 if m.discs > 0 else 0.5) if prog >= 1.0 else worth * 0.6 * prog**3
            )
        return total

    def _objectives(self) -> list[tuple[int, float]]:
        """(objective, what claiming it is worth) for each one not yet claimed."""
        s, p = self.state, self.player
        worth = [OBJECTIVE_WORTH if first < 0 else OBJECTIVE_WORTH / 2 for first in s.rs_left]
        return [(s.objectives[g], worth[g]) for g in range(3) if not s.claims[p][g]]

    def _grade(self, m: Mine, obj: int) -> float:
        """How far an unmet objective is, 0-1 (1 only for relics counted before they are
        drawn: ``extra_relics``, what the engine cannot judge)."""
        cards = [self.cards[c] for c in m.played]
        if obj in ON_PLAYED:
            regions, types = region_and_type_counts(cards)
            if obj == actions.TWO_REGIONS_TWICE:
                a, b = sorted(regions, reverse=True)[:2]
                return (min(a, 2) + min(b, 2)) / 4
            if obj == actions.THREE_REGIONS:
                return min(3, sum(1 for x in regions if x)) / 3
            if obj == actions.FOUR_EXPERTISE_LEVELS:
                return min(4, len({c.expertise for c in cards})) / 4
            if obj == actions.THREE_SAME_TYPE:
                return min(3, max(types)) / 3
            return min(2, max(sum(c.myth for c in cards), sum(c.wonder for c in cards))) / 2
        if obj == actions.ALL_EXPLORERS_4:
            return sum(min(e, 4) for e in m.expertise) / 12
        if obj == actions.TWO_EXPLORERS_5:
            a, b = sorted(m.expertise, reverse=True)[:2]
            return (min(a, 5) + min(b, 5)) / 10
        if obj == actions.SEVEN_GALLERY:
            return min(7, m.exhibited) / 7
        if obj == actions.EIGHT_RELICS_ALL_REGIONS:
            regions = sum(1 for r in range(4) if sum(m.relics[4 * r : 4 * r + 4]))
            n = sum(m.relics) + m.extra_relics
            if n >= 8 and regions == 4:
                return 1.0  # with the relics still to draw
            return 0.5 * min(8, n) / 8 + 0.5 * regions / 4 * 0.95
        if obj == actions.THREE_PATRONS:
            return min(3, m.honored) / 3
        if obj == actions.KNOWLEDGE_4_EVERYWHERE:
            return sum(min(k, 4) for k in m.knowledge) / 16
        return max(m.knowledge) / 12

    def requirement_value(self, m: Mine, table) -> float:
        """Minus the coming Royal Requirement's penalty, as far as it is not yet met (by the
        engine's count on ``table``, the Mine's scratch state; the way there graded)."""
        if self.requirement is None:
            return 0.0
        kind, amount, weight = self.requirement
        have = requirement_count(table, self.player, kind)  # the engine's count
        if have >= amount:
            return 0.0
        if kind == "knowledge6_two_regions":  # the way there graded
            have += 0.15 * sum(min(k, 6) for k in m.knowledge if k < 6) / 6
        return -weight * max(0.0, amount - have) / amount

    def _requirement(self) -> tuple[str, int, float] | None:
        """(what, how much, weight) of the next Royal Requirement check: its penalty plus the
        disc it costs, weighed by how near the check is."""
        s = self.state
        for period, year in enumerate(self.g.requirement_years):
            if s.year > year:
                continue
            req = self.g.rb.requirements[s.requirements[period]]
            penalty = PENALTY_WORTH[req["penalty"]] + 3.0
            urgency = 1.0 if s.year == year else (0.4 if s.year == year - 1 else 0.1)
            return req["requirement"], req["amount"], 2.0 * penalty * urgency
        return None

    def region_priority(self, m: Mine, region: int) -> float:
        """A quick guess of where one Knowledge helps most (the full valuation decides the
        actual choice; this one only fills in the choices inside a valued option)."""
        k = m.knowledge[region]
        score = 6.0 if k in (4, 7, 11) else 2.0 if k in (3, 6, 10) else -4.0 if k >= 12 else 0.0
        score += self.region_need[region] if k < self.region_top[region] else 0.0
        if k < 4:
            score += 0.8
        return score - 0.05 * k

    def _wanted(self, hand) -> list[tuple[Any, float]]:
        """The cards of ``hand`` (weight 1) and of the Program (weight 0.3): where Knowledge
        helps organize an expedition."""
        program = [(self.cards[c], PROGRAM_WEIGHT) for c in self.state.program if c >= 0]
        return [(self.cards[c], 1.0) for c in hand] + program

    def know_value(self, m: Mine, region: int) -> float:
        n = m.copy()
        n.gain_know(region, 1)
        bonus = sum(
            weight
            for card, weight in self._wanted(n.hand)
            if card.region == region and m.knowledge[region] < card.knowledge
        )
        return self.value(n) + bonus

    def relic_worth(self, m: Mine, kind: int) -> float:
        """Marginal worth of one more relic of ``kind``: patrons and free Gallery spaces."""
        w = 0.0
        for pat in m.patrons:
            kinds = self.g.patron_kinds[pat]
            if kind in kinds and not any(m.relics[k] for k in kinds):
                w += self.g.patrons[pat].penalty + 1.0
        free = (sp for sp in range(actions.NUM_SPACES) if m.gallery[sp] < 0)
        if any(kind in self.state.space_kinds(sp) for sp in free):
            w += 1.5
        if not sum(m.relics[4 * (kind // 4) : 4 * (kind // 4) + 4]):
            w += 0.5
        return w

    # -- effects of options -----------------------------------------------------------------
    def apply_reward(self, m: Mine, reward) -> None:
        for key, amount in reward:
            if key in actions.REWARD_STATS:
                m.gain(actions.REWARD_STATS[key], amount)
            elif key == "knowledge_choice":
                m.best_know(self, amount)
            elif key == "reserve" and len(m.hand) < 3:
                m.hand.append(-1)  # a card still unknown
            elif key == "chosen_relic":
                m.extra_relics += 1.3 * amount
            elif key == "expertise":
                lo = min(range(3), key=lambda e: m.expertise[e] if m.expertise[e] < 6 else 99)
                m.expertise[lo] = min(6, m.expertise[lo] + amount)

    def best_exhibits(self, m: Mine, count: int) -> None:
        """Apply up to ``count`` exhibits, each the best one then: a space is tried with the
        first relic kind held that it takes, and only the first free space of a collection
        for each kind."""
        done: set[int] = set()
        for _ in range(count):
            if m.discs <= 0:
                break
            first: dict[tuple[int, int], tuple[int, int]] = {}  # (collection, kind): (space, kind)
            for sp in range(actions.NUM_SPACES):
                kind = next((k for k in self.state.space_kinds(sp) if m.relics[k]), -1)
                if m.gallery[sp] < 0 and kind >= 0:
                    first.setdefault((actions.SPACE_COLLECTION[sp], kind), (sp, kind))
            if not first:
                break
            sp, kind = max(
                first.values(), key=lambda o: self.value(self.exhibit(m.copy(), *o, done))
            )
            self.exhibit(m, sp, kind, done)
            done.add(actions.SPACE_COLLECTION[sp])

    def exhibit(self, m: Mine, sp: int, kind: int, done: set[int]) -> Mine:
        """``m`` after exhibiting a relic of ``kind`` on space ``sp`` (changed in place)."""
        m.relics[kind] -= 1
        m.discs -= 1
        m.gallery[sp] = self.player
        m.exhibited += 1
        col = actions.SPACE_COLLECTION[sp]
        s, p = self.state, self.player
        if col not in done and not s.penalties[p][actions.NO_COLLECTION_REWARDS]:
            self.apply_reward(m, self.g.collection_faces[s.faces[col]].reward)
        if kind // 4 == MEDITERRANEAN and s._ability(p) == Ability.MEDITERRANEAN_EXHIBIT_PRESTIGE:
            m.gain(actions.PRESTIGE, 2)
        return m

    def best(self, legal, effect: Callable[[Mine, int], None]) -> int:
        """The action of ``legal`` whose ``effect`` on a Mine is worth most (first of equals)."""

        def val(a: int) -> float:
            m = self.base.copy()
            effect(m, a)
            return self.value(m)

        return max(legal, key=val)

    def cheapest_relic(self, m: Mine, kinds) -> int:
        return min(kinds, key=lambda k: self.relic_worth(m, k) - 0.01 * m.relics[k])

    # -- placements ----------------------------------------------------------------------------
    def placement_value(self, explorer: int, action: int) -> float:
        """The value of the best location action a placement allows (-1e9: none)."""
        loc, section = divmod(action - actions.PLACE0, 6)
        section += 1
        support = max(0, section - self.state.expertise[self.player][explorer])
        key = (loc, section, support, explorer if loc == PORT else -1)
        if key not in self.memo:
            m = self.base.copy()
            m.pay_rep(support)
            options = self.state.location_options(
                self.player, loc, section, support > 0, m.budget(), explorer
            )
            highest = max(map(actions.piece_section, self.state.locations[loc]), default=0)
            left = section < highest  # learning from peers: the left bonus
            best = -1e9
            for option in options:
                same = (self.outcome_key(explorer, loc, section, support, option), support, left)
                if same not in self.values:
                    self.values[same] = self._outcome_value(*same)
                best = max(best, self.values[same])
            self.memo[key] = best
        return self.memo[key]

    def _outcome_value(self, key, support: int, left: bool) -> float:
        """The location action ``key`` names, with the support paid and the left bonus."""
        loc, option, section, port_support, explorer = key
        if key not in self.outcomes:  # the own resources after it (only the Port's support paid)
            m = self.base.copy()
            m.pay_rep(port_support)
            self.apply_location(m, explorer, loc, section, port_support > 0, option)
            self.outcomes[key] = m
        n = self.outcomes[key].copy()
        if loc != PORT:
            n.pay_rep(support)
        if left:
            if loc == UNIVERSITY:
                n.best_know(self, 1)
            elif loc != PORT:
                n.gain(*LEFT_GAINS[loc])
            elif len(n.hand) < 3:
                n.hand.append(-1)
        return self.value(n)

    @staticmethod
    def outcome_key(explorer, loc, section, support, option) -> tuple[int, int, int, int, int]:
        """(location, option, the lowest section doing the same, support, explorer): sections
        and explorers doing the same action share its outcome; only at the Port do the
        section, the support (it limits the expeditions affordable) and the explorer count."""
        if loc == PORT:
            return (loc, option, section, support, explorer)
        if loc == UNIVERSITY:
            same = (1 if section < 3 else 3) if option == actions.FIRST_ACTION else 4
        elif loc == MUSEUM:
            if option == actions.FIRST_ACTION:
                same = 2 if section <= 3 else (4 if section <= 5 else 6)
            else:
                same = 1 if section < 5 else 5
        else:
            same = section if option == actions.FIRST_ACTION else 1
        return (loc, option, same, 0, -1)

    def apply_location(self, m: Mine, explorer, loc, section, supported, option) -> None:
        s, p = self.state, self.player
        if loc == UNIVERSITY:
            if option == actions.FIRST_ACTION:
                m.best_know(self, 2 if section >= 3 else 1)
            else:
                k = max(m.held_kinds(), key=lambda k: self._deepen_gain(m, k))
                m.relics[k] -= 1
                m.gain_know(k // 4, 3)
        elif loc == MUSEUM:
            if option == actions.FIRST_ACTION:
                self.best_exhibits(m, 1 if section <= 3 else (2 if section <= 5 else 3))
            else:
                for _ in range(2 if section >= 5 else 1):
                    kinds = m.held_kinds()
                    if not kinds:
                        break
                    k = self.cheapest_relic(m, kinds)
                    m.relics[k] -= 1
                    m.gain(actions.SCIENCE, 1)
        elif loc == CITY:
            if option == actions.FIRST_ACTION:
                # an average patron pays £4 per Expertise
                m.gain(MONEY, 4 * section + (3 if s._ability(p) == Ability.PATRON_PLUS_3 else 0))
                m.prestige -= 1.5  # the patron's relic or penalty, on average
            else:
                k = self.cheapest_relic(m, m.held_kinds())
                m.relics[k] -= 1
                m.gain(actions.REPUTATION, -1)
                m.gain(MONEY, 18 if s._ability(p) == Ability.SELL_FOR_18 else 15)
        else:
            cards = s.feasible_expeditions(p, explorer, section, supported, m.budget())
            outcomes = (self.expedition(m, explorer, card) for card in cards)
            best = max(outcomes, key=self.value, default=None)
            if best is not None:
                for name in Mine.__slots__:
                    setattr(m, name, getattr(best, name))

    def expedition(self, m: Mine, explorer: int, card: int) -> Mine:
        """The own resources after organizing ``card`` (from the hand or the Program), paid
        the cheapest way: Reputation for a reduction only where one is needed."""
        s, p, c, n = self.state, self.player, self.cards[card], m.copy()
        if card not in n.hand and card in s.program:
            n.pay_rep(s.game.rb.program_reputation[s.program.index(card)])
        kind, _ = skill = s._skill(p, explorer)
        dk, dm = s._needs(p, skill, card)
        n.gain(MONEY, -max(0, c.cost - (3 if kind == actions.LOGISTICS else 0)))
        if card in n.hand:
            n.hand.remove(card)
        n.pay_rep((2 if dk == 1 else 0) + (2 if dm > 0 else 0))
        n.played.append(card)
        n.expertise[explorer] = min(6, n.expertise[explorer] + 1)
        prestige, science, know, know_choice, rnd, chosen, rep, money = c.gains
        stats = (actions.PRESTIGE, actions.SCIENCE, actions.REPUTATION, MONEY)
        for stat, amount in zip(stats, (prestige, science, rep, money), strict=True):
            n.gain(stat, amount)
        if know:
            n.gain_know(c.region, know)
        if know_choice:
            n.best_know(self, know_choice)
        n.extra_relics += rnd + chosen * 1.3
        return n

    def _deepen_gain(self, m: Mine, kind: int) -> float:
        n = m.copy()
        n.relics[kind] -= 1
        n.gain_know(kind // 4, 3)
        return self.value(n)


class RoyalSocietyHeuristic(HeuristicAgent):
    DECISIONS = actions.DECISIONS

    def projected_score(self, state, player: int) -> float:
        """The player's valuation: an estimate of its final score with what its resources are
        worth, from its own cards and the public table."""
        ctx = Context(state, player)
        return ctx.value(ctx.base)

    def act_in(self, state, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ctx = Context(state, player)
        d = state.decision
        if (opt := self._optional(ctx, legal, d)) is not None:
            return opt
        # the decision's own actions, at least one: optional ones may be offered at any
        # sub-decision, and all but Gain Reputation (never offered alone) were taken above
        own = legal if d == actions.C_PATRON else [a for a in legal if a not in OPTIONAL_ACTIONS]
        action = self._decide[d](self, ctx, state.queue[0], own)
        return action if action in legal else own[0]

    # -- optional actions ------------------------------------------------------------------------
    def _optional(self, ctx: Context, legal: list[int], d: int) -> int | None:
        """Claims and Bloomsbury tiles, then honoring patrons (but where one is kept), at once;
        Reputation for a gate."""
        claims = [a for a in legal if actions.CLAIM0 <= a < DONE]
        patrons = [a for a in legal if actions.PATRON0 <= a < actions.CLAIM0]
        if claims or (patrons and d != actions.C_PATRON):
            return (claims + patrons)[0]
        want = d == actions.C_MAIN and GAIN_REP in legal and self._want_gate(ctx)
        return GAIN_REP if want else None

    def _want_gate(self, ctx: Context) -> bool:
        """A Museum exhibit (or the City) we cannot enter yet but could after Gain Reputation."""
        s, p = ctx.state, ctx.player
        museum_gate = 4 if s._ability(p) == Ability.MUSEUM_AT_4 else 6
        return (
            s.rep[p] < museum_gate
            and s.rep[p] + 2 * (s.discs[p] - 2) >= museum_gate
            and any(s.expertise[p][e] >= 4 for e in range(3) if not s.placed[p][e])
            and s._can_exhibit(p)
        )

    # -- decisions --------------------------------------------------------------------------------
    def _decide_main(self, ctx: Context, task, legal) -> int:
        """The explorer of the best placement (which is chosen again at ``place``)."""
        s, p = ctx.state, ctx.player
        placements = [(a - EXPLORER0, pl) for a in legal for pl in s._placements(p, a - EXPLORER0)]
        return EXPLORER0 + max(placements, key=lambda o: self._placement_score(ctx, *o))[0]

    @staticmethod
    def _placement_score(ctx: Context, explorer: int, action: int) -> float:
        """A placement's value, keeping the strongest explorers for later when it costs nothing."""
        level = ctx.state.expertise[ctx.player][explorer]
        return ctx.placement_value(explorer, action) - 0.05 * level - 0.01 * action

    def _decide_place(self, ctx: Context, task, legal) -> int:
        return max(legal, key=lambda a: self._placement_score(ctx, task.a, a))

    def _decide_location_action(self, ctx: Context, task, legal) -> int:
        e, loc, section, supported = ctx.state.cur[:4]
        return ctx.best(
            legal, lambda m, a: ctx.apply_location(m, e, loc, section, bool(supported), a - OPTION0)
        )

    def _decide_setup_side(self, ctx: Context, task, legal) -> int:
        """The side whose region skills match the set-up hand best."""
        s, p = ctx.state, ctx.player
        regions = [ctx.cards[c].region for c in s.setup_hand[p] + s.hand[p]]

        def matches(a: int) -> int:
            board = ctx.g.boards[(p % 4) * 2 + a - OPTION0]
            return sum(
                regions.count(region) for kind, region in board if kind == actions.REGION_SKILL
            )

        return max(legal, key=matches)

    def _decide_setup_expertise(self, ctx: Context, task, legal) -> int:
        """Expertise 3 to the Logistics explorer (money is the first bottleneck)."""
        target = next(
            (e for e in range(3) if ctx.state._skill(ctx.player, e)[0] == actions.LOGISTICS), 0
        )
        three = (a for a in legal if actions.EXPERTISE_PERMUTATIONS[a - OPTION0][target] == 3)
        return next(three, legal[0])

    def _decide_setup_discard(self, ctx: Context, task, legal) -> int:
        """The card hardest to organize."""

        def cost(a: int) -> float:
            c = ctx.cards[a - actions.CARD0]
            cond = 8 if c.condition_region >= 0 or c.condition_type >= 0 else 0
            return 2 * c.expertise + c.knowledge + c.cost / 5 + cond

        return max(legal, key=cost)

    def _decide_setup_society(self, ctx: Context, task, legal) -> int:
        offer = ctx.state.society_offer[ctx.player]
        return min(legal, key=lambda a: SOCIETY_RANK.index(offer[a - OPTION0]))

    def _decide_favor(self, ctx: Context, task, legal) -> int:
        def val(a: int) -> float:
            m = ctx.base.copy()
            ctx.apply_reward(m, tuple(ctx.g.rb.favors[a - actions.FAVOR0].items()))
            return ctx.value(m) - 0.05 * (a - actions.FAVOR0)

        return max(legal, key=val)

    def _decide_knowledge_region(self, ctx: Context, task, legal) -> int:
        return max(legal, key=lambda a: ctx.know_value(ctx.base, a - actions.REGION0))

    def _decide_milestone_8(self, ctx: Context, task, legal) -> int:
        """1 Science or 5 Prestige (Science when they are worth the same)."""
        return ctx.best(legal, lambda m, a: m.gain(*actions.MILESTONE_8[a - OPTION0]))

    def _decide_relic_from_bag(self, ctx: Context, task, legal) -> int:
        if relics := [a for a in legal if RELIC0 <= a < RELIC0 + NUM_RELIC_KINDS]:
            return max(relics, key=lambda a: ctx.relic_worth(ctx.base, a - RELIC0) + 0.01 * a)
        # a random relic: the region whose bag holds the most useful kinds

        def region_worth(a: int) -> float:
            r = a - actions.REGION0
            bag = ctx.state.bags[4 * r : 4 * r + 4]
            total = sum(bag) or 1
            return sum(bag[t] * ctx.relic_worth(ctx.base, 4 * r + t) for t in range(4)) / total

        return max(legal, key=region_worth)

    _decide_keep_relic = _decide_relic_from_bag

    def _decide_discard_relic(self, ctx: Context, task, legal) -> int:
        purpose = task[2]
        relics = [a for a in legal if RELIC0 <= a < RELIC0 + NUM_RELIC_KINDS]
        if purpose == actions.DEEPEN:
            return max(relics, key=lambda a: ctx._deepen_gain(ctx.base, a - RELIC0))
        choice = self._decide_exhibit_relic(ctx, task, relics)
        if DONE in legal and purpose == actions.STUDY_RELIC:
            m = ctx.base.copy()
            m.relics[choice - RELIC0] -= 1
            m.gain(actions.SCIENCE, 1)
            if ctx.value(m) < ctx.value(ctx.base):
                return DONE
        return choice

    def _decide_exhibit_relic(self, ctx: Context, task, legal) -> int:
        return min(legal, key=lambda a: ctx.relic_worth(ctx.base, a - RELIC0) - 0.01 * a)

    def _decide_reserve(self, ctx: Context, task, legal) -> int:
        s, p, base = ctx.state, ctx.player, ctx.base
        now, draw = ctx.value(base), actions.DRAW3 in legal  # (drawing 3 beats declining)
        best = (now + (1.0 if draw else 0.5), actions.DRAW3 if draw or DONE not in legal else DONE)
        for slot in (a - actions.SLOT0 for a in legal if a not in (actions.DRAW3, DONE)):
            card = s.program[slot]
            m = base.copy()
            if s._ability(p) != Ability.FREE_RESERVE:
                m.pay_rep(ctx.g.rb.program_reputation[slot])
            m.hand.append(card)
            best = max(best, (ctx.value(m) + self._card_prospect(ctx, card), actions.SLOT0 + slot))
        return best[1] if best[1] in legal else legal[0]

    def _card_prospect(self, ctx: Context, card: int) -> float:
        """How soon the player could organize ``card``: its gains, less what is missing."""
        s, p = ctx.state, ctx.player
        c = ctx.cards[card]
        need = (
            max(0, c.expertise - max(s.expertise[p])) * 2.0
            + max(0, c.knowledge - s.knowledge[p][c.region]) * 1.2
            + max(0, c.cost - s.money[p]) * 0.25
        )
        if not s._condition_met(p, c):
            need += 6
        return max(-2.0, (c.gains[0] * 0.8 + c.gains[1] * 4 + 2) * 0.4 - need)

    def _decide_pick_drawn_card(self, ctx: Context, task, legal) -> int:
        return max(legal, key=lambda a: self._card_prospect(ctx, a - actions.CARD0))

    def _decide_hand_limit(self, ctx: Context, task, legal) -> int:
        return min(legal, key=lambda a: self._card_prospect(ctx, a - actions.CARD0))

    def _decide_explorer_expertise(self, ctx: Context, task, legal) -> int:
        placed, ex = ctx.state.placed[ctx.player], ctx.state.expertise[ctx.player]
        return max(legal, key=lambda a: (not placed[a - EXPLORER0], ex[a - EXPLORER0]))

    def _decide_bloomsbury_tile(self, ctx: Context, task, legal) -> int:
        def val(a: int) -> float:
            tile = ctx.g.rb.bloomsbury[a - actions.TILE0]
            m = ctx.base.copy()
            if tile["kind"] == "immediate":
                ctx.apply_reward(m, tile["effect"].items())
                return ctx.value(m)
            if tile["kind"] == "permanent":
                return ctx.value(m) + 2.0 * ctx.years_left + 1.0
            return ctx.value(m) + self._bloom_end(ctx, ctx.base, tile["effect"])

        return max(legal, key=val)

    def _bloom_end(self, ctx: Context, m: Mine, eff) -> float:
        ((key, amount),) = eff.items()
        cards = [ctx.cards[c] for c in m.played]
        yl = ctx.years_left
        if key in ("all_types", "all_regions"):
            kinds = {c.type if key == "all_types" else c.region for c in cards}
            return 2 * 4.0 * (0.5 + 0.125 * len(kinds))
        if key == "level5_expeditions":
            return 3 * (sum(1 for c in cards if c.expertise >= 5) + 0.5 * yl)
        if key == "relics_held":
            return min(12, sum(m.relics) + yl) * 0.6
        if key == "gallery_collections":
            return 2 * (
                sum(1 for c in actions.COLLECTIONS if ctx.player in m.gallery[c]) + 0.5 * yl
            )
        if key == "best_knowledge":
            return max(m.knowledge) * 0.8
        return m.rep * 0.6

    def _decide_patron(self, ctx: Context, task, legal) -> int:
        def honor(m: Mine, a: int) -> None:
            m.gain(MONEY, ctx.g.patrons[a - actions.PATRON0].rate * task[2])
            m.patrons.append(a - actions.PATRON0)

        return ctx.best(legal, honor)

    def _decide_expedition(self, ctx: Context, task, legal) -> int:
        e, base = ctx.state.cur[0], ctx.base
        return max(legal, key=lambda a: ctx.value(ctx.expedition(base, e, a - actions.CARD0)))

    def _decide_expedition_payment(self, ctx: Context, task, legal) -> int:
        s, p = ctx.state, ctx.player
        card = ctx.cards[task[2]]
        kind, _ = s._skill(p, s.cur[0])

        def pay(m: Mine, a: int) -> None:
            reductions = actions.PAYMENTS[a - OPTION0]
            m.pay_rep(2 * sum(reductions))
            cost = card.cost - (3 if kind == actions.LOGISTICS else 0) - 3 * reductions[0]
            m.gain(MONEY, -max(0, cost))

        return ctx.best(legal, pay)

    def _decide_exhibit_space(self, ctx: Context, task, legal) -> int:
        done = {c for c in range(6) if ctx.state.collections_done >> c & 1}
        best = (ctx.value(ctx.base) + 0.1, DONE)
        for sp in (a - SPACE0 for a in legal if a != DONE):  # (a legal space takes a relic held)
            kinds = [k for k in ctx.state.space_kinds(sp) if ctx.base.relics[k]]
            m = ctx.exhibit(ctx.base.copy(), sp, ctx.cheapest_relic(ctx.base, kinds), done)
            best = max(best, (ctx.value(m), SPACE0 + sp))
        return best[1] if best[1] in legal else legal[0]

    def _decide_turn_end(self, ctx: Context, task, legal) -> int:
        return DONE if DONE in legal else legal[0]

    def _decide_requirement_disc(self, ctx: Context, task, legal) -> int:
        def free(m: Mine, a: int) -> None:
            m.gallery[a - SPACE0] = -1

        return ctx.best(legal, free)
