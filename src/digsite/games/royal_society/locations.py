"""The four locations and what an explorer does there: placing it (support, the gates, learning
from peers), the University's Knowledge and Deepen, the Museum's Exhibits and Study a Relic, the
City's patrons and Sell, the Port's expeditions (organizing, paying, the rewards), and the
Expedition cards they use (deck, Program, Reserve)."""

from __future__ import annotations

from .actions import (
    ALL_REGIONS,
    ANTHROPOLOGY,
    C_EXPEDITION,
    C_LOC_ACTION,
    C_PICK_DRAWN,
    CARD0,
    CARTOGRAPHY,
    DEEPEN,
    DONE,
    DRAW3,
    EXCAVATION,
    EXPLORATION,
    FIRST_ACTION,
    GALLERY_START,
    LOGISTICS,
    MID_TURN,
    MONEY,
    NO_COLLECTION_REWARDS,
    NO_RIGHT_BONUS,
    OPTION0,
    PATRON0,
    PLACE0,
    PRESTIGE,
    RELIC0,
    REPUTATION,
    SCIENCE,
    SELL,
    SLOT0,
    SPACE0,
    SPACE_COLLECTION,
    STUDY_RELIC,
    Ability,
    payment_reductions,
    piece,
    piece_owner,
    piece_section,
)
from .components import (
    AFRICA,
    CITY,
    MEDITERRANEAN,
    MUSEUM,
    NUM_RELIC_KINDS,
    PORT,
    SOUTH_AMERICA,
    UNIVERSITY,
)
from .tasks import Task, knowledge_choices

LEFT_BONUS = {UNIVERSITY: "knowledge", MUSEUM: "reputation", CITY: "money", PORT: "reserve"}
RIGHT_BONUS = {
    UNIVERSITY: (REPUTATION, 1),
    MUSEUM: (PRESTIGE, 2),
    CITY: (PRESTIGE, 2),
    PORT: (REPUTATION, 1),
}


class LocationRules:
    """The locations and expeditions, a part of the state (see the module docstring)."""

    # -- placing an explorer -------------------------------------------------------------------
    def gate_ok(self, p: int, loc: int) -> bool:
        if loc == MUSEUM:
            return self.rep[p] >= (4 if self._ability(p) == Ability.MUSEUM_AT_4 else 6)
        if loc == CITY:
            return self.rep[p] >= 4
        return True

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

    def _legal_place(self, t):
        return self._placements(t.player, t.a)

    def _on_place(self, t, a):
        self.queue.pop(0)
        p, e = t.player, t.a
        loc, section = divmod(a - PLACE0, 6)
        section += 1
        base = self.expertise[p][e]
        supported = section > base
        if supported:
            self._pay_rep(p, section - base)
        self.placed[p][e] = 1
        self.cur[:4] = [e, loc, section, int(supported)]
        self.collections_done = 0
        tasks = []
        if self._location_bonus(p, loc, section):
            left = LEFT_BONUS[loc]
            if left == "knowledge":
                tasks.append(Task.knowledge_choice(p))
            elif left == "reputation":
                self._gain(p, REPUTATION, 1)
            elif left == "money":
                self._gain(p, MONEY, 3)
            else:
                tasks.append(Task.reserve(p, optional=1, at_port=1))
        self.locations[loc].append(piece(p, section))
        tasks.append(Task(C_LOC_ACTION, p))
        # step 5: permanent Bloomsbury effects of placing an explorer
        if loc == UNIVERSITY and self._has_bloom(p, "university_relic"):
            tasks.append(Task.relic_choice(p, ALL_REGIONS, at_random=1))
        if loc == MUSEUM and self._has_bloom(p, "museum_reputation"):
            tasks.append(Task.gain(p, REPUTATION, 2))
        if loc == CITY and self._has_bloom(p, "city_prestige"):
            tasks.append(Task.gain(p, PRESTIGE, 2))
        self._push(*tasks)

    def _legal_location_action(self, t):
        p = t.player
        e, loc, section, supported = self.cur[:4]
        acts = [
            OPTION0 + o
            for o in self.location_options(p, loc, section, bool(supported), self.budget(p))
        ]
        if (
            acts and loc != PORT
        ):  # the Port's action starts with its own decision, which offers them
            acts += self.mid_turn_optional(t)
        return acts

    def _on_location_action(self, t, a):
        self.queue.pop(0)
        p = t.player
        option = a - OPTION0
        e, loc, section, supported = self.cur[:4]
        tasks = []
        if loc == UNIVERSITY:
            if option == FIRST_ACTION:
                tasks += knowledge_choices(p, 2 if section >= 3 else 1)
            else:
                tasks.append(Task.discard_relic(p, DEEPEN))
        elif loc == MUSEUM:
            if option == FIRST_ACTION:
                tasks.append(
                    Task.exhibit(p, 1 if section <= 3 else (2 if section <= 5 else 3), first=1)
                )
            else:
                tasks.append(Task.discard_relic(p, STUDY_RELIC))
                if section >= 5:
                    tasks.append(Task.discard_relic(p, STUDY_RELIC, optional=1))
        elif loc == CITY:
            if option == FIRST_ACTION:
                tasks.append(Task.draw_patrons(p, section))
            else:
                tasks.append(Task.discard_relic(p, SELL))
        else:
            tasks.append(Task(C_EXPEDITION, p))
        self._push(*tasks)

    # -- University, Museum and City -----------------------------------------------------------
    def _legal_discard_relic(self, t):
        p, optional = t.player, t.b
        held = self.relics[p]
        if t.honored_patron >= 0:
            pending = (
                self.queue[1] if len(self.queue) > 1 and self.queue[1].kind in MID_TURN else None
            )
            acts = [RELIC0 + k for k in self.honor_kinds(p, t.honored_patron, pending)]
        else:
            acts = [RELIC0 + k for k in range(NUM_RELIC_KINDS) if held[k]]
        if acts and optional:
            acts.append(DONE)
        return acts

    def _on_discard_relic(self, t, a):
        self.queue.pop(0)
        if a == DONE:
            return
        p, purpose, kind = t.player, t.a, a - RELIC0
        if t.honored_patron >= 0:
            self._honor(p, t.honored_patron, kind)
        else:
            self._discard_relic(p, kind)
            if purpose == DEEPEN:
                self._know(p, kind // 4, 3)
            elif purpose == STUDY_RELIC:
                self._gain(p, SCIENCE, 1)
            elif purpose == SELL:
                self._gain(p, REPUTATION, -1)
                self._gain(p, MONEY, 18 if self._ability(p) == Ability.SELL_FOR_18 else 15)
        self._refill_all()

    def _take_patron(self, p: int, patron: int, expertise: int) -> None:
        self.patrons[p].append(patron)
        gain = self.game.patrons[patron].rate * expertise + (
            3 if self._ability(p) == Ability.PATRON_PLUS_3 else 0
        )
        self._gain(p, MONEY, gain)

    def _auto_draw_patrons(self, t):
        p, expertise = t.player, t.a
        drawn = [self.patron_deck.pop() for _ in range(min(2, len(self.patron_deck)))]
        for x in drawn:
            self.patron_seen[p] |= 1 << x
        if self.patron_known > len(self.patron_deck):
            self.patron_known = len(self.patron_deck)
        if len(drawn) == 1:
            self._take_patron(p, drawn[0], expertise)
        elif drawn:
            self.drawn_patrons = drawn
            self._push(Task.keep_patron(p, expertise))

    def _legal_patron(self, t):
        return [PATRON0 + x for x in sorted(self.drawn_patrons)]

    def _on_patron(self, t, a):
        self.queue.pop(0)
        p, expertise = t.player, t.a
        chosen = a - PATRON0
        for x in self.drawn_patrons:
            if x != chosen:
                self.patron_deck.insert(0, x)
                self.patron_known += 1
        self.drawn_patrons = []
        self._take_patron(p, chosen, expertise)

    # -- Expedition cards: deck, Program, Reserve ----------------------------------------------
    def _draw_card(self) -> int:
        """Top of the Expedition deck, reshuffling the discard pile when the deck is empty."""
        if not self.exp_deck:
            self.exp_deck = self.exp_discard
            self.exp_discard = []
            self._shuffle(self.exp_deck)
            epoch = max(self.exp_epoch) + 1
            for c in self.exp_deck:
                self.exp_epoch[c] = epoch
        return self.exp_deck.pop() if self.exp_deck else -1

    def _refill_program(self) -> None:
        """Close gaps by sliding cards right (towards space 1), then fill from space 6."""
        cards = [c for c in self.program if c >= 0]
        while len(cards) < 6:
            c = self._draw_card()
            if c < 0:
                break
            cards.append(c)
        self.program = cards + [-1] * (6 - len(cards))

    def _program_cost(self, slot: int, p: int) -> int:
        return self.game.rb.program_reputation[slot]

    def _reserve_slots(self, p, port: bool) -> list[int]:
        free = self._ability(p) == Ability.FREE_RESERVE
        budget = self.budget(p)
        out = []
        for slot, card in enumerate(self.program):
            if card < 0:
                continue
            cost = 0 if free else self._program_cost(slot, p)
            if cost > budget:
                continue
            if port:
                e, loc, section, supported = self.cur[:4]
                if not self.can_organize(p, e, section, bool(supported), budget - cost, slot, card):
                    continue
            out.append(slot)
        return out

    def _legal_reserve(self, t):
        p, optional, port = t.player, t.a, t.b
        acts = [SLOT0 + k for k in self._reserve_slots(p, bool(port))]
        if self.exp_deck or self.exp_discard:
            acts.append(DRAW3)
        if acts and optional:
            acts.append(DONE)
        return acts + self.mid_turn_optional(t) if acts else acts

    def _on_reserve(self, t, a):
        self.queue.pop(0)
        p = t.player
        if a == DONE:
            return
        if a == DRAW3:
            drawn = []
            for _ in range(3):
                c = self._draw_card()
                if c < 0:
                    break
                drawn.append(c)
            self.drawn_cards = sorted(drawn)
            self._push(Task(C_PICK_DRAWN, p))
            return
        slot = a - SLOT0
        if self._ability(p) != Ability.FREE_RESERVE:
            self._pay_rep(p, self._program_cost(slot, p))
        card = self.program[slot]
        self.program[slot] = -1
        self.hand[p].append(card)
        self.public_hand |= 1 << card
        self._refill_program()

    def _legal_pick_drawn_card(self, t):
        return [CARD0 + c for c in self.drawn_cards]

    def _on_pick_drawn_card(self, t, a):
        self.queue.pop(0)
        p, card = t.player, a - CARD0
        for c in self.drawn_cards:
            if c == card:
                self.hand[p].append(c)
                self.public_hand &= ~(1 << c)
            else:
                self.exp_discard.append(c)
        self.drawn_cards = []

    # -- expeditions ---------------------------------------------------------------------------
    def _skill(self, p: int, explorer: int) -> tuple[int, int]:
        board = self.game.boards[(p % 4) * 2 + max(self.side[p], 0)]
        return board[explorer]

    def expedition_needs(self, p: int, explorer: int, card: int) -> tuple[int, int, bool]:
        """(knowledge shortfall, money shortfall, condition met) for sending ``explorer``."""
        return self._needs(p, self._skill(p, explorer), card)

    def _legal_expedition(self, t):
        p = t.player
        e, loc, section, supported = self.cur[:4]
        cards = self.feasible_expeditions(p, e, section, bool(supported), self.budget(p))
        return [CARD0 + c for c in sorted(cards)] + self.mid_turn_optional(t) if cards else []

    def _on_expedition(self, t, a):
        self.queue.pop(0)
        p, card = t.player, a - CARD0
        if card in self.hand[p]:
            self.hand[p].remove(card)
        else:
            slot = self.program.index(card)
            self._pay_rep(p, self._program_cost(slot, p))
            self.program[slot] = -1
            self._refill_program()
        self.organizing = card  # until it is paid for (a Reserve may draw cards meanwhile)
        self._push(Task.payment(p, card))

    def _pay_options(self, p, card) -> list[int]:
        e = self.cur[0]
        dk, dm, _ = self.expedition_needs(p, e, card)
        budget = self.budget(p)
        out = []
        for opt in range(4):
            cost_red, know_red = payment_reductions(opt)
            if know_red and dk != 1:
                continue  # a useless Knowledge reduction is never offered
            if dk > know_red or dm > 3 * cost_red:
                continue
            if 2 * (cost_red + know_red) <= budget:
                out.append(opt)
        return out

    def _legal_expedition_payment(self, t):
        acts = [OPTION0 + o for o in self._pay_options(t.player, t.a)]
        return acts + self.mid_turn_optional(t) if acts else acts

    def _on_expedition_payment(self, t, a):
        self.queue.pop(0)
        p, card = t.player, t.a
        opt = a - OPTION0
        cost_red, know_red = payment_reductions(opt)
        if cost_red + know_red:
            self._pay_rep(p, 2 * (cost_red + know_red))
        e = self.cur[0]
        c = self.game.expeditions[card]
        kind, _ = self._skill(p, e)
        self._gain(p, MONEY, -max(0, c.cost - (3 if kind == LOGISTICS else 0) - 3 * cost_red))
        self.organizing = -1
        self.played[p].append(card)
        self.expertise[p][e] = min(6, self.expertise[p][e] + 1)
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
        if ability == Ability.AFRICA_CHOSEN_RELIC and c.region == AFRICA:
            tasks.append(Task.relic_choice(p, 1 << AFRICA))
        elif ability == Ability.EXCAVATION_DRAW_TWO and c.type == EXCAVATION:
            tasks.append(Task.draw_two_keep_one(p, c.region))
        elif ability == Ability.ANTHROPOLOGY_KNOWLEDGE and c.type == ANTHROPOLOGY:
            tasks.append(Task.knowledge(p, c.region, 1))
        elif ability == Ability.SOUTH_AMERICA_MONEY and c.region == SOUTH_AMERICA:
            tasks.append(Task.gain(p, MONEY, 3))
        elif ability == Ability.EXPLORATION_REPUTATION and c.type == EXPLORATION:
            tasks.append(Task.gain(p, REPUTATION, 1))
        elif ability == Ability.CARTOGRAPHY_CHOSEN_RELIC and c.type == CARTOGRAPHY:
            tasks.append(Task.relic_choice(p, 1 << c.region))
        if self._has_bloom(p, "port_knowledge"):
            tasks.append(Task.knowledge(p, c.region, 1))
        self._push(*tasks)

    # -- exhibits ------------------------------------------------------------------------------
    def space_kinds(self, sp: int) -> tuple[int, ...]:
        """Relic kinds a Grand Gallery space accepts."""
        c = SPACE_COLLECTION[sp]
        return self.game.face_kinds[self.faces[c]][sp - GALLERY_START[c]]

    def _exhibit(self, p: int, sp: int, kind: int, remaining: int) -> None:
        self._discard_relic(p, kind)
        self._refill_all()
        self.discs[p] -= 1
        self.gallery[sp] = p
        self.exhibited[p] += 1
        tasks = []
        if (
            kind // 4 == MEDITERRANEAN
            and self._ability(p) == Ability.MEDITERRANEAN_EXHIBIT_PRESTIGE
        ):
            self._gain(p, PRESTIGE, 2)
        col = SPACE_COLLECTION[sp]
        if not self.collections_done >> col & 1 and not self.penalties[p][NO_COLLECTION_REWARDS]:
            self.collections_done |= 1 << col
            tasks += self._reward_tasks(p, self.game.collection_faces[self.faces[col]].reward)
        if remaining > 1:
            tasks.append(Task.exhibit(p, remaining - 1))
        self._push(*tasks)

    def _legal_exhibit_space(self, t):
        p, first = t.player, t.b
        acts = [SPACE0 + sp for sp in self._exhibit_spaces(p)]
        if acts and not first:  # the first exhibit follows the location choice, which offers them
            acts.append(DONE)
            acts += self.mid_turn_optional(t)
        return acts

    def _on_exhibit_space(self, t, a):
        self.queue.pop(0)
        if a == DONE:
            return
        p, remaining = t.player, t.a
        sp = a - SPACE0
        kinds = [k for k in self.space_kinds(sp) if self.relics[p][k]]
        if len(kinds) == 1:
            self._exhibit(p, sp, kinds[0], remaining)
        else:
            self._push(Task.exhibit_relic(p, sp, remaining))

    def _legal_exhibit_relic(self, t):
        p, sp = t.player, t.a
        return [RELIC0 + k for k in self.space_kinds(sp) if self.relics[p][k]]

    def _on_exhibit_relic(self, t, a):
        self.queue.pop(0)
        self._exhibit(t.player, t.a, a - RELIC0, t.b)
