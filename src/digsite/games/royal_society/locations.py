"""The four locations and what an explorer does there: placing it (support, the gates, learning
from peers), the University's Knowledge and Deepen, the Museum's Exhibits and Study a Relic, the
City's patrons and Sell, the Port's expeditions (organizing, paying, the rewards), and the
Expedition cards they use (deck, Program, Reserve)."""

from __future__ import annotations

from collections.abc import Iterator

from ...core.fields import added, removed, replaced, replaced_in
from . import actions, components
from .actions import (
    CARD0,
    DONE,
    DRAW3,
    FIRST_ACTION,
    GALLERY_START,
    LOGISTICS,
    MONEY,
    NO_COLLECTION_REWARDS,
    NO_RIGHT_BONUS,
    OPTION0,
    PATRON0,
    PAYMENTS,
    PLACE0,
    PRESTIGE,
    REGION_SKILL,
    RELIC0,
    REPUTATION,
    SCIENCE,
    SLOT0,
    SPACE0,
    SPACE_COLLECTION,
    SUPPORT_CAP_5,
    Ability,
    piece,
    piece_owner,
    piece_section,
)
from .components import CITY, MUSEUM, NUM_RELIC_KINDS, PORT, UNIVERSITY
from .optional import interruptible
from .tasks import Task, knowledge_choices

RIGHT_BONUS = ((REPUTATION, 1), (PRESTIGE, 2), (PRESTIGE, 2), (REPUTATION, 1))
"""Per location (University, Museum, City, Port), the right bonus of learning from peers."""
LEFT_GAINS = {MUSEUM: (REPUTATION, 1), CITY: (MONEY, 3)}
"""The left bonus where it is a gain (the University: a Knowledge point, the Port: a Reserve)."""

SECTIONS = range(1, 7)
SPAN = tuple(
    tuple(sum(1 << s for s in range(low, high + 1)) for high in range(7)) for low in range(7)
)
"""``SPAN[low][high]``: the sections ``low`` to ``high`` as bits ``1 << section`` (0 if none)."""
PLACE_ACTIONS = tuple(
    tuple(
        tuple(PLACE0 + loc * len(SECTIONS) + s - 1 for s in SECTIONS if bits >> s & 1)
        for bits in range(1 << (SECTIONS[-1] + 1))
    )
    for loc in range(actions.NUM_LOCATIONS)
)
"""``PLACE_ACTIONS[loc][sections]``: the actions placing at ``loc``'s sections given as bits."""
MUSEUM_EXHIBIT_SECTIONS = 1 << 2 | 1 << 4 | 1 << 6
"""Where a supported explorer may Exhibit at the Museum."""
CITY_GATE = 4
"""The Reputation The City asks."""
SECOND_ACTIONS = (actions.DEEPEN, actions.STUDY_RELIC, actions.SELL)
"""The second action of the University, the Museum and the City: a relic discarded for it."""


class LocationRules:
    __slots__ = ()

    # -- placing an explorer -------------------------------------------------------------------
    def _location_bonus(self, owner: int, loc: int, section: int) -> bool:
        """Learning from peers: the right bonuses are paid here; returns whether the placed explorer
        earns the left bonus (the caller gives it, as only players take it)."""
        entries = self.locations[loc]
        highest = max(map(piece_section, entries), default=0)
        if section >= highest:
            return False
        stat, amount = RIGHT_BONUS[loc]
        n = self.game.num_players
        for x in entries:
            who = piece_owner(x)
            if piece_section(x) == highest and who < n and not self.penalties[who][NO_RIGHT_BONUS]:
                self._gain(who, stat, amount)
        return True

    def _placements(self, p: int, explorer: int) -> list[int]:
        """The placements of ``explorer``, location by location: the sections 1 to ``top`` (the
        most support allows) where ``location_options`` offers something (the gates checked
        first; the budget only matters at the Port), each location decided at once as bits
        ``1 << section``."""
        base = self.expertise[p][explorer]
        rep = self.rep[p]
        budget = self.budget(p)
        top = max(base, min(5 if self.penalties[p][SUPPORT_CAP_5] else 6, base + budget))
        reached, unsupported = SPAN[1][top], SPAN[1][base]
        n_relics = sum(self.relics[p])
        # the University: supported, the first action at 3 only, the second (a relic) at 4 only
        sections = reached & (unsupported | 1 << 3 | (1 << 4 if n_relics else 0))
        out = [*PLACE_ACTIONS[UNIVERSITY][sections]]
        if rep >= 6 or rep >= 4 and self._ability(p) == Ability.MUSEUM_AT_4:  # the Museum's gate
            exhibit = self._can_exhibit(p)
            below = (SPAN[2][base] if exhibit else 0) | (unsupported if n_relics else 0)
            above = (MUSEUM_EXHIBIT_SECTIONS if exhibit else 0) | (1 << 5 if n_relics >= 2 else 0)
            out += PLACE_ACTIONS[MUSEUM][reached & (below | above & ~unsupported)]
        if rep >= CITY_GATE:  # the City's gate
            if self.patron_deck:  # the City's first action, at any section
                out += PLACE_ACTIONS[CITY][reached]
            elif n_relics:  # its second, unsupported only
                out += PLACE_ACTIONS[CITY][reached & unsupported]
        out += PLACE_ACTIONS[PORT][self._port_sections(p, explorer, base, top, budget)]
        return out

    def _port_sections(self, p: int, explorer: int, base: int, top: int, budget: int) -> int:
        """Port sections from which some expedition can be organized (one pass over cards, their
        needs computed as ``_needs`` does, with the explorer's skill applied once), as bits."""
        hand = self.hand[p]
        cards = (*hand, *self.program)  # (an empty Program space is -1)
        costs = (0,) * len(hand) + self.game.rb.program_reputation  # (a card in hand costs none)
        kind, region = self._skill(p, explorer)
        skill_region = region if kind == REGION_SKILL else -1  # 2 Knowledge less there
        money = self.money[p] + (3 if kind == LOGISTICS else 0)
        knowledge = self.knowledge[p]
        expeditions = self.game.expeditions
        free_top = min(base, top)  # sections reached without support
        sections = 0
        for card, cost in zip(cards, costs, strict=True):
            if card < 0:
                continue
            c = expeditions[card]
            level = c.expertise
            region = c.region
            dk = c.knowledge - knowledge[region] - (2 if region == skill_region else 0)
            dm = c.cost - money
            if dk > 1 or dm > 3:
                continue
            need = cost + (2 if dk == 1 else 0) + (2 if dm > 0 else 0)
            # every section from the card's level without support; supported, its level
            more = SPAN[level][free_top] if need <= budget else 0
            if base < level <= top and need + level - base <= budget:
                more |= 1 << level
            if more & ~sections and self._condition_met(p, c):  # (the condition checked last)
                sections |= more
        return sections

    def _legal_place(self):
        return self._placements(self.task.player, self.task.a)

    def _on_place(self, a):
        _, p, e, _ = self.task
        self.queue.pop(0)
        loc, section = divmod(a - PLACE0, 6)
        section += 1
        base = self.expertise[p][e]
        supported = section > base
        if supported:
            self._pay_rep(p, section - base)
        self.put("placed", replaced_in(self.placed, p, e, 1))
        self.cur[:4] = [e, loc, section, int(supported)]
        self.collections_done = 0
        tasks = []
        if self._location_bonus(p, loc, section):  # the left bonus
            if loc == UNIVERSITY:
                tasks.append(Task.knowledge_choice(p))
            elif loc == PORT:
                tasks.append(Task.reserve(p, optional=1, at_port=1))
            else:
                self._gain(p, *LEFT_GAINS[loc])
        self.put(
            "locations", replaced(self.locations, loc, (*self.locations[loc], piece(p, section)))
        )
        tasks.append(Task.location_action(p))
        # step 5: permanent Bloomsbury effects of placing an explorer
        if loc == UNIVERSITY and self._has_bloom(p, "university_relic"):
            tasks.append(Task.relic_choice(p, actions.ALL_REGIONS, at_random=1))
        if loc == MUSEUM and self._has_bloom(p, "museum_reputation"):
            tasks.append(Task.gain(p, REPUTATION, 2))
        if loc == CITY and self._has_bloom(p, "city_prestige"):
            tasks.append(Task.gain(p, PRESTIGE, 2))
        self._push(*tasks)

    def location_options(
        self, p: int, loc: int, section: int, supported: bool, budget: int, explorer: int = -1
    ) -> list[int]:
        """Legal location actions (0 or 1, see the docstring) for an explorer placed there (the
        Port's for ``explorer``, by default the one placed now)."""
        out = []
        if loc == UNIVERSITY:
            if not supported or section == 3:
                out.append(0)
            if section >= 4 and (not supported or section == 4) and any(self.relics[p]):
                out.append(1)
        elif loc == MUSEUM:
            if section >= 2 and (not supported or section in (2, 4, 6)) and self._can_exhibit(p):
                out.append(0)
            n_relics = sum(self.relics[p])
            if n_relics and (not supported or (section == 5 and n_relics >= 2)):
                out.append(1)
        elif loc == CITY:
            if self.patron_deck:
                out.append(0)
            if not supported and self.rep[p] >= 1 and any(self.relics[p]):
                out.append(1)
        elif self.can_organize(
            p, explorer if explorer >= 0 else self.cur[0], section, supported, budget
        ):
            out.append(0)
        return out

    def _legal_location_action(self):
        t = self.task
        p = t.player
        _, loc, section, supported = self.cur[:4]
        options = self.location_options(p, loc, section, bool(supported), self.budget(p))
        acts = [OPTION0 + o for o in options]
        if acts and loc != PORT:  # (the Port's action starts with its own decision, offering them)
            acts += self.optional_actions(p, t)
        return acts

    @interruptible
    def _on_location_action(self, a):
        self.queue.pop(0)
        p = self.task.player
        _, loc, section, _ = self.cur[:4]
        if loc == PORT:
            self._push(Task(actions.C_EXPEDITION, p))
        elif a - OPTION0 != FIRST_ACTION:  # Deepen, Study a Relic or Sell: a relic discarded
            if loc == MUSEUM and section >= 5:  # a second Study, optional (pushed first)
                self._push(Task.discard_relic(p, actions.STUDY_RELIC, optional=1))
            self._push(Task.discard_relic(p, SECOND_ACTIONS[loc]))
        elif loc == UNIVERSITY:
            self._push(*knowledge_choices(p, 2 if section >= 3 else 1))
        elif loc == MUSEUM:
            self._push(Task.exhibit(p, 1 if section <= 3 else (2 if section <= 5 else 3), first=1))
        else:
            self._push(Task.draw_patrons(p, section))

    # -- University, Museum and City -----------------------------------------------------------
    def _legal_discard_relic(self):
        t = self.task
        p, optional = t.player, t.b
        held = self.relics[p]
        if t.honored_patron >= 0:
            pending = self.queue[1] if len(self.queue) > 1 else None  # the decision interrupted
            acts = [RELIC0 + k for k in self.honor_kinds(p, t.honored_patron, pending)]
        else:
            acts = [RELIC0 + k for k in range(NUM_RELIC_KINDS) if held[k]]
        if acts and optional:
            acts.append(DONE)
        return acts

    def _on_discard_relic(self, a):
        t = self.task
        self.queue.pop(0)
        if a == DONE:
            return
        p, purpose, kind = t.player, t.a, a - RELIC0
        if t.honored_patron >= 0:
            self._honor(p, t.honored_patron, kind)
        else:
            self._discard_relic(p, kind)
            if purpose == actions.DEEPEN:
                self._know(p, kind // 4, 3)
            elif purpose == actions.STUDY_RELIC:
                self._gain(p, SCIENCE, 1)
            elif purpose == actions.SELL:
                self._gain(p, REPUTATION, -1)
                self._gain(p, MONEY, 18 if self._ability(p) == Ability.SELL_FOR_18 else 15)
        self._refill_all()

    def _take_patron(self, p: int, patron: int, expertise: int) -> None:
        self.put("patrons", replaced(self.patrons, p, (*self.patrons[p], patron)))
        bonus = 3 if self._ability(p) == Ability.PATRON_PLUS_3 else 0
        self._gain(p, MONEY, self.game.patrons[patron].rate * expertise + bonus)

    def _auto_draw_patrons(self):
        _, p, expertise, _ = self.task
        deck = self.patron_deck
        cut = max(0, len(deck) - 2)
        drawn = list(reversed(deck[cut:]))  # the top card first
        self.put("patron_deck", deck[:cut])
        seen = self.patron_seen[p] | sum(1 << x for x in drawn)
        self.put("patron_seen", replaced(self.patron_seen, p, seen))
        self.put("patron_known", min(self.patron_known, cut))
        if len(drawn) == 1:
            self._take_patron(p, drawn[0], expertise)
        elif drawn:
            self.drawn_patrons = drawn
            self._push(Task.keep_patron(p, expertise))

    def _legal_patron(self):
        return [PATRON0 + x for x in sorted(self.drawn_patrons)]

    def _on_patron(self, a):
        _, p, expertise, _ = self.task
        self.queue.pop(0)
        chosen = a - PATRON0
        for x in self.drawn_patrons:
            if x != chosen:
                self.put("patron_deck", (x, *self.patron_deck))
                self.put("patron_known", self.patron_known + 1)
        self.drawn_patrons = []
        self._take_patron(p, chosen, expertise)

    # -- Expedition cards: deck, Program, Reserve ----------------------------------------------
    def _draw_card(self) -> int:
        """Top of the Expedition deck, reshuffling the discard pile when the deck is empty."""
        if not self.exp_deck:
            self.exp_deck = list(self.exp_discard)
            self.put("exp_discard", ())
            self._shuffle(self.exp_deck)
            epochs, dealt = self.exp_epoch, set(self.exp_deck)
            new = max(epochs) + 1  # the deck the reshuffled cards are now dealt from
            self.put("exp_epoch", tuple(new if c in dealt else e for c, e in enumerate(epochs)))
        return self.exp_deck.pop() if self.exp_deck else -1

    def _refill_program(self) -> None:
        """Close gaps by sliding cards right (towards space 1), then fill from space 6."""
        cards = [c for c in self.program if c >= 0]
        while len(cards) < 6 and (c := self._draw_card()) >= 0:
            cards.append(c)
        self.put("program", (*cards, *(-1,) * (6 - len(cards))))

    def _legal_reserve(self):
        t = self.task
        p, optional, port = t.player, t.a, t.b
        free = self._ability(p) == Ability.FREE_RESERVE
        budget = self.budget(p)
        acts = []
        for slot, card in enumerate(self.program):
            cost = 0 if free else self.game.rb.program_reputation[slot]
            if card < 0 or cost > budget:  # (an empty space, or one too dear)
                continue
            if port:
                e, loc, section, supported = self.cur[:4]
                if not self.can_organize(p, e, section, bool(supported), budget - cost, slot, card):
                    continue
            acts.append(SLOT0 + slot)
        if self.exp_deck or self.exp_discard:
            acts.append(DRAW3)
        if acts and optional:
            acts.append(DONE)
        return acts + self.optional_actions(t.player, t) if acts else acts

    @interruptible
    def _on_reserve(self, a):
        self.queue.pop(0)
        p = self.task.player
        if a == DONE:
            return
        if a == DRAW3:
            drawn = []
            while len(drawn) < 3 and (c := self._draw_card()) >= 0:
                drawn.append(c)
            self.drawn_cards = sorted(drawn)
            self._push(Task(actions.C_PICK_DRAWN, p))
            return
        slot = a - SLOT0
        if self._ability(p) != Ability.FREE_RESERVE:
            self._pay_rep(p, self.game.rb.program_reputation[slot])
        card = self.program[slot]
        self.put("program", replaced(self.program, slot, -1))
        self.put("hand", replaced(self.hand, p, (*self.hand[p], card)))
        self.put("public_hand", self.public_hand | 1 << card)
        self._refill_program()

    def _legal_pick_drawn_card(self):
        return [CARD0 + c for c in self.drawn_cards]

    def _on_pick_drawn_card(self, a):
        self.queue.pop(0)
        p, card = self.task.player, a - CARD0
        self.put("hand", replaced(self.hand, p, (*self.hand[p], card)))
        self.put("public_hand", self.public_hand & ~(1 << card))
        self.put("exp_discard", self.exp_discard + tuple(c for c in self.drawn_cards if c != card))
        self.drawn_cards = []

    # -- expeditions ---------------------------------------------------------------------------
    def _skill(self, p: int, explorer: int) -> tuple[int, int]:
        return self.game.boards[(p % 4) * 2 + max(self.side[p], 0)][explorer]

    def _needs(self, p: int, skill: tuple[int, int], card: int) -> tuple[int, int]:
        """(Knowledge shortfall, money shortfall) of sending an explorer of ``skill`` on ``card``
        (the condition is the caller's: it is tested only for a card within reach)."""
        c = self.game.expeditions[card]
        kind, region = skill
        need_k = c.knowledge - (2 if kind == REGION_SKILL and region == c.region else 0)
        need_m = c.cost - (3 if kind == LOGISTICS else 0)
        return need_k - self.knowledge[p][c.region], need_m - self.money[p]

    def _condition_met(self, p: int, c) -> bool:
        """Whether ``p`` played a card of the region and type Expedition card ``c`` requires."""
        if c.condition_region < 0 and c.condition_type < 0:
            return True
        expeditions = self.game.expeditions
        return any(
            (c.condition_region < 0 or expeditions[x].region == c.condition_region)
            and (c.condition_type < 0 or expeditions[x].type == c.condition_type)
            for x in self.played[p]
        )

    def feasible_expeditions(self, p, explorer, section, supported, budget, skip_slot=-1, extra=-1):
        """The Expedition cards (hand, ``extra``, then the Program but ``skip_slot``) that
        ``explorer`` at the Port's ``section`` can organize within Reputation ``budget``, one by
        one (their needs computed as ``_needs`` does, with the explorer's skill applied once)."""
        kind, region = self._skill(p, explorer)
        skill_region = region if kind == REGION_SKILL else -1  # 2 Knowledge less there
        money = self.money[p] + (3 if kind == LOGISTICS else 0)
        knowledge = self.knowledge[p]
        expeditions = self.game.expeditions
        hand = (*self.hand[p], extra) if extra >= 0 else self.hand[p]
        costs = (0,) * len(hand) + self.game.rb.program_reputation  # (a card in hand costs none)
        skipped = len(hand) + skip_slot if skip_slot >= 0 else -1
        for i, card in enumerate((*hand, *self.program)):  # (an empty Program space is -1)
            if card < 0 or i == skipped:
                continue
            c = expeditions[card]
            if section < c.expertise or (supported and section != c.expertise):
                continue
            region = c.region
            dk = c.knowledge - knowledge[region] - (2 if region == skill_region else 0)
            dm = c.cost - money
            if dk > 1 or dm > 3:
                continue
            need = costs[i] + (2 if dk == 1 else 0) + (2 if dm > 0 else 0)
            if need <= budget and self._condition_met(p, c):
                yield card

    def can_organize(self, p, explorer, section, supported, budget, skip_slot=-1, extra=-1):
        """Whether ``feasible_expeditions`` has a card (it stops at the first)."""
        cards = self.feasible_expeditions(p, explorer, section, supported, budget, skip_slot, extra)
        return next(cards, -1) >= 0

    def _legal_expedition(self):
        t = self.task
        p = t.player
        e, loc, section, supported = self.cur[:4]
        cards = sorted(self.feasible_expeditions(p, e, section, bool(supported), self.budget(p)))
        return [CARD0 + c for c in cards] + self.optional_actions(p, t) if cards else []

    @interruptible
    def _on_expedition(self, a):
        self.queue.pop(0)
        p, card = self.task.player, a - CARD0
        if card in self.hand[p]:
            self.put("hand", replaced(self.hand, p, removed(self.hand[p], card)))
        else:
            slot = self.program.index(card)
            self._pay_rep(p, self.game.rb.program_reputation[slot])
            self.put("program", replaced(self.program, slot, -1))
            self._refill_program()
        self.organizing = card  # until it is paid for (a Reserve may draw cards meanwhile)
        self._push(Task.payment(p, card))

    def _legal_expedition_payment(self):
        t = self.task
        p = t.player
        dk, dm = self._needs(p, self._skill(p, self.cur[0]), t.a)
        budget = self.budget(p)
        acts = [  # -1 Knowledge only where 1 is missing: a useless reduction is never offered
            OPTION0 + opt
            for opt, (cost_red, know_red) in enumerate(PAYMENTS)
            if (dk == 1 if know_red else dk <= 0)
            and dm <= 3 * cost_red
            and 2 * (cost_red + know_red) <= budget
        ]
        return acts + self.optional_actions(p, t) if acts else acts

    @interruptible
    def _on_expedition_payment(self, a):
        _, p, card, _ = self.task
        self.queue.pop(0)
        cost_red, know_red = PAYMENTS[a - OPTION0]
        self._pay_rep(p, 2 * (cost_red + know_red))  # (nothing to pay: nothing changes)
        e = self.cur[0]
        c = self.game.expeditions[card]
        kind, _ = self._skill(p, e)
        self._gain(p, MONEY, -max(0, c.cost - (3 if kind == LOGISTICS else 0) - 3 * cost_red))
        self.organizing = -1
        self.put("played", replaced(self.played, p, (*self.played[p], card)))
        self.put("expertise", replaced_in(self.expertise, p, e, min(6, self.expertise[p][e] + 1)))
        prestige, science, know, know_choice, rnd, chosen, rep, money = c.gains
        self._gain(p, PRESTIGE, prestige)
        self._gain(p, SCIENCE, science)
        self._gain(p, REPUTATION, rep)
        self._gain(p, MONEY, money)
        tasks = []
        if know:
            tasks.append(Task.knowledge(p, c.region, know))
        tasks += knowledge_choices(p, know_choice)
        if rnd:
            tasks.append(Task.random_relics(p, c.region, rnd))
        tasks += [Task.relic_choice(p, 1 << c.region) for _ in range(chosen)]
        ability = self._ability(p)
        if ability == Ability.AFRICA_CHOSEN_RELIC and c.region == components.AFRICA:
            tasks.append(Task.relic_choice(p, 1 << components.AFRICA))
        elif ability == Ability.EXCAVATION_DRAW_TWO and c.type == actions.EXCAVATION:
            tasks.append(Task.draw_two_keep_one(p, c.region))
        elif ability == Ability.ANTHROPOLOGY_KNOWLEDGE and c.type == actions.ANTHROPOLOGY:
            tasks.append(Task.knowledge(p, c.region, 1))
        elif ability == Ability.SOUTH_AMERICA_MONEY and c.region == components.SOUTH_AMERICA:
            tasks.append(Task.gain(p, MONEY, 3))
        elif ability == Ability.EXPLORATION_REPUTATION and c.type == actions.EXPLORATION:
            tasks.append(Task.gain(p, REPUTATION, 1))
        elif ability == Ability.CARTOGRAPHY_CHOSEN_RELIC and c.type == actions.CARTOGRAPHY:
            tasks.append(Task.relic_choice(p, 1 << c.region))
        if self._has_bloom(p, "port_knowledge"):
            tasks.append(Task.knowledge(p, c.region, 1))
        self._push(*tasks)

    # -- exhibits ------------------------------------------------------------------------------
    def space_kinds(self, sp: int) -> tuple[int, ...]:
        """Relic kinds a Grand Gallery space accepts."""
        c = SPACE_COLLECTION[sp]
        return self.game.face_kinds[self.faces[c]][sp - GALLERY_START[c]]

    def _can_exhibit(self, p: int) -> bool:
        return next(self._exhibitable(p), -1) >= 0

    def _exhibitable(self, p: int) -> Iterator[int]:
        """The free Grand Gallery spaces where ``p`` can exhibit a relic it holds."""
        held = self.relics[p]
        if self.discs[p] <= 0 or not any(held):
            return
        kinds = self.game.face_kinds
        gallery = self.gallery
        for start, face in zip(GALLERY_START, self.faces, strict=True):  # by collection
            for sp, accepted in enumerate(kinds[face], start):
                if gallery[sp] < 0:
                    for k in accepted:
                        if held[k]:
                            yield sp
                            break

    def _exhibit(self, p: int, sp: int, kind: int, remaining: int) -> None:
        self._discard_relic(p, kind)
        self._refill_all()
        self.put("discs", added(self.discs, p, -1))
        self.put("gallery", replaced(self.gallery, sp, p))
        self.put("exhibited", added(self.exhibited, p, 1))
        if (
            kind // 4 == components.MEDITERRANEAN
            and self._ability(p) == Ability.MEDITERRANEAN_EXHIBIT_PRESTIGE
        ):
            self._gain(p, PRESTIGE, 2)
        if remaining > 1:  # (pushed first: it follows the collection's reward)
            self._push(Task.exhibit(p, remaining - 1))
        col = SPACE_COLLECTION[sp]
        if not self.collections_done >> col & 1 and not self.penalties[p][NO_COLLECTION_REWARDS]:
            self.collections_done |= 1 << col
            self._push(*self._reward_tasks(p, self.game.collection_faces[self.faces[col]].reward))

    def _legal_exhibit_space(self):
        t = self.task
        p, first = t.player, t.b
        acts = [SPACE0 + sp for sp in self._exhibitable(p)]
        if acts and not first:  # the first exhibit follows the location choice, which offers them
            acts.append(DONE)
            acts += self.optional_actions(t.player, t)
        return acts

    @interruptible
    def _on_exhibit_space(self, a):
        _, p, remaining, _ = self.task
        self.queue.pop(0)
        if a == DONE:
            return
        sp = a - SPACE0
        kinds = [k for k in self.space_kinds(sp) if self.relics[p][k]]
        if len(kinds) == 1:
            self._exhibit(p, sp, kinds[0], remaining)
        else:
            self._push(Task.exhibit_relic(p, sp, remaining))

    def _legal_exhibit_relic(self):
        _, p, sp, _ = self.task
        return [RELIC0 + k for k in self.space_kinds(sp) if self.relics[p][k]]

    def _on_exhibit_relic(self, a):
        t = self.task
        self.queue.pop(0)
        self._exhibit(t.player, t.a, a - RELIC0, t.b)
