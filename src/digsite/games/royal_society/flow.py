"""What each task does: the legal actions of decision tasks, their handlers, automatic tasks.

Handlers pop their own task before pushing the tasks that follow, so new tasks run first.
"""

from __future__ import annotations

from .actions import (
    A_DRAW_PATRONS,
    A_DRAW_TWO_KEEP,
    A_GAIN,
    A_KNOW,
    A_NEXT_TURN,
    A_RANDOM_RELICS,
    A_SETUP_FAVORS,
    A_TURN_FINISH,
    A_YEAR_END,
    A_YEAR_START,
    AUTOMA,
    C_BLOOM,
    C_DISCARD_RELIC,
    C_EXHIBIT,
    C_EXHIBIT_RELIC,
    C_EXP_PAY,
    C_EXPEDITION,
    C_EXPERTISE,
    C_EXPLORER_UP,
    C_FAVOR,
    C_HAND,
    C_KEEP_RELIC,
    C_KNOW,
    C_LOC_ACTION,
    C_MAIN,
    C_MILESTONE8,
    C_PATRON,
    C_PICK_DRAWN,
    C_PLACE,
    C_RELIC,
    C_REQUIREMENT_DISC,
    C_RESERVE,
    C_SETUP_DISCARD,
    C_SIDE,
    C_SOCIETY,
    C_TURN_END,
    CARD0,
    DEEPEN,
    DONE,
    DRAW3,
    EXPERTISE_PERMUTATIONS,
    EXPLORER0,
    FAVOR0,
    GALLERY_SIZES,
    GALLERY_START,
    KNOW_ASIA_PAID,
    KNOW_MORE,
    KNOW_OTHER,
    MID_TURN,
    MONEY,
    OPTION0,
    PATRON0,
    PLACE0,
    PRESTIGE,
    REGION0,
    RELIC0,
    REPUTATION,
    SCIENCE,
    SELL,
    SLOT0,
    SPACE0,
    SPACE_COLLECTION,
    STUDY_RELIC,
    TILE0,
    knowledge_choices,
)
from .components import AFRICA, ASIA, CITY, MEDITERRANEAN, MUSEUM, PORT, SOUTH_AMERICA, UNIVERSITY

LEFT_BONUS = {UNIVERSITY: "knowledge", MUSEUM: "reputation", CITY: "money", PORT: "reserve"}
RIGHT_BONUS = {
    UNIVERSITY: (REPUTATION, 1),
    MUSEUM: (PRESTIGE, 2),
    CITY: (PRESTIGE, 2),
    PORT: (REPUTATION, 1),
}
SETUP_SOCIETY = 4
"""A_GAIN stat that slides the kept Society card in (its ability starts after its benefits)."""


# -- legal actions ---------------------------------------------------------------------------
def _options(k: int) -> list[int]:
    return list(range(OPTION0, OPTION0 + k))


def legal_setup_discard(s, t):
    hand = s.setup_hand[t[1]]
    return [CARD0 + c for c in hand] if len(hand) > 2 else []


def legal_favor(s, t):
    return [FAVOR0 + i for i in range(6) if s.favor_space[i] < 0]


def legal_main(s, t):
    p = t[1]
    acts = [EXPLORER0 + e for e in range(3) if not s.placed[p][e]]
    return acts + s.optional_actions(p) if acts else []


def legal_place(s, t):
    return s._placements(t[1], t[2])


def legal_loc_action(s, t):
    p = t[1]
    e, loc, section, supported = s.cur[:4]
    acts = [OPTION0 + o for o in s.location_options(p, loc, section, bool(supported), s.budget(p))]
    if acts and loc != PORT:  # the Port's action starts with its own decision, which offers them
        acts += s.mid_turn_optional(t)
    return acts


def legal_know(s, t):
    exclude = set(s.chosen_regions) if t[3] & KNOW_OTHER else set()
    return [REGION0 + r for r in range(4) if r not in exclude]


def _random_relics_only(s, p) -> bool:
    return bool(s.penalties[p][1])


def legal_relic(s, t):
    p, regions, forced_random = t[1], t[2], t[3]
    if regions < 0:  # "one of the previously chosen regions"
        regions = sum(1 << r for r in set(s.chosen_regions[-2:])) or 15
    if forced_random or _random_relics_only(s, p):
        return [
            REGION0 + r for r in range(4) if regions >> r & 1 and sum(s.bags[4 * r : 4 * r + 4])
        ]
    return [RELIC0 + k for k in range(16) if regions >> (k // 4) & 1 and s.bags[k]]


def legal_keep_relic(s, t):
    return [RELIC0 + k for k in sorted(set(s.drawn_relics))]


def legal_discard_relic(s, t):
    p, purpose, optional = t[1], t[2], t[3]
    held = s.relics[p]
    if purpose >= 10:
        pending = s.queue[1] if len(s.queue) > 1 and s.queue[1][0] in MID_TURN else None
        acts = [RELIC0 + k for k in s.honor_kinds(p, purpose - 10, pending)]
    else:
        acts = [RELIC0 + k for k in range(16) if held[k]]
    if acts and optional:
        acts.append(DONE)
    return acts


def reserve_slots(s, p, port: bool) -> list[int]:
    free = s._ability(p) == 11
    budget = s.budget(p)
    out = []
    for slot, card in enumerate(s.program):
        if card < 0:
            continue
        cost = 0 if free else s._program_cost(slot, p)
        if cost > budget:
            continue
        if port:
            e, loc, section, supported = s.cur[:4]
            if not s.feasible_expeditions(
                p, e, section, bool(supported), budget - cost, slot, card
            ):
                continue
        out.append(slot)
    return out


def legal_reserve(s, t):
    p, optional, port = t[1], t[2], t[3]
    acts = [SLOT0 + k for k in reserve_slots(s, p, bool(port))]
    if s.exp_deck or s.exp_discard:
        acts.append(DRAW3)
    if acts and optional:
        acts.append(DONE)
    return acts + s.mid_turn_optional(t) if acts else acts


def legal_pick_drawn(s, t):
    return [CARD0 + c for c in s.drawn_cards]


def legal_explorer_up(s, t):
    return [EXPLORER0 + e for e in range(3) if s.expertise[t[1]][e] < 6]


def legal_bloom(s, t):
    pool = s.stacks[t[2]] if t[3] == 0 else s.bloom_box[t[2]]
    return [TILE0 + x for x in sorted(pool)]


def legal_patron(s, t):
    return [PATRON0 + x for x in sorted(s.drawn_patrons)]


def legal_expedition(s, t):
    p = t[1]
    e, loc, section, supported = s.cur[:4]
    cards = s.feasible_expeditions(p, e, section, bool(supported), s.budget(p))
    return [CARD0 + c for c in sorted(cards)] + s.mid_turn_optional(t) if cards else []


def pay_options(s, p, card) -> list[int]:
    e = s.cur[0]
    dk, dm, _ = s.expedition_needs(p, e, card)
    budget = s.budget(p)
    out = []
    for opt in range(4):
        cost_red, know_red = opt & 1, opt >> 1 & 1
        if know_red and dk != 1:
            continue  # a useless Knowledge reduction is never offered
        if dk > know_red or dm > 3 * cost_red:
            continue
        if 2 * (cost_red + know_red) <= budget:
            out.append(opt)
    return out


def legal_exp_pay(s, t):
    acts = [OPTION0 + o for o in pay_options(s, t[1], t[2])]
    return acts + s.mid_turn_optional(t) if acts else acts


def legal_exhibit(s, t):
    p, first = t[1], t[3]
    acts = [SPACE0 + sp for sp in s._exhibit_spaces(p)]
    if acts and not first:  # the first exhibit follows the location choice, which offers them
        acts.append(DONE)
        acts += s.mid_turn_optional(t)
    return acts


def legal_exhibit_relic(s, t):
    p, sp = t[1], t[2]
    return [RELIC0 + k for k in s.space_kinds(sp) if s.relics[p][k]]


def legal_hand(s, t):
    hand = s.hand[t[1]]
    return [CARD0 + c for c in sorted(hand)] if len(hand) > 3 else []


def legal_turn_end(s, t):
    acts = s.optional_actions(t[1])
    return acts + [DONE] if acts else []


def legal_requirement_disc(s, t):
    p = t[1]
    return [SPACE0 + sp for sp, owner in enumerate(s.gallery) if owner == p]


_LEGAL = {
    C_REQUIREMENT_DISC: legal_requirement_disc,
    C_SIDE: lambda s, t: _options(2),
    C_EXPERTISE: lambda s, t: _options(6),
    C_SETUP_DISCARD: legal_setup_discard,
    C_SOCIETY: lambda s, t: _options(2) if s.society_offer[t[1]] else [],
    C_FAVOR: legal_favor,
    C_MAIN: legal_main,
    C_PLACE: legal_place,
    C_LOC_ACTION: legal_loc_action,
    C_KNOW: legal_know,
    C_MILESTONE8: lambda s, t: _options(2),
    C_RELIC: legal_relic,
    C_KEEP_RELIC: legal_keep_relic,
    C_DISCARD_RELIC: legal_discard_relic,
    C_RESERVE: legal_reserve,
    C_PICK_DRAWN: legal_pick_drawn,
    C_EXPLORER_UP: legal_explorer_up,
    C_BLOOM: legal_bloom,
    C_PATRON: legal_patron,
    C_EXPEDITION: legal_expedition,
    C_EXP_PAY: legal_exp_pay,
    C_EXHIBIT: legal_exhibit,
    C_EXHIBIT_RELIC: legal_exhibit_relic,
    C_HAND: legal_hand,
    C_TURN_END: legal_turn_end,
}


# -- handlers ----------------------------------------------------------------------------------
def on_side(s, t, a):
    s.queue.pop(0)
    s.side[t[1]] = a - OPTION0


def on_expertise(s, t, a):
    s.queue.pop(0)
    s.expertise[t[1]] = list(EXPERTISE_PERMUTATIONS[a - OPTION0])


def on_setup_discard(s, t, a):
    s.queue.pop(0)
    p, card = t[1], a - CARD0
    s.setup_hand[p].remove(card)
    s.exp_discard.append(card)
    if len(s.setup_hand[p]) == 2:
        s.hand[p] = s.setup_hand[p]
        s.setup_hand[p] = []


def society_tasks(s, p: int, society: int) -> list[list[int]]:
    tasks = []
    for step in s.game.rb.societies[society]["setup"]:
        if "knowledge" in step:
            region = ("africa", "mediterranean", "asia", "south_america").index(step["region"])
            tasks.append([A_KNOW, p, region, step["knowledge"]])
        elif "knowledge_choice" in step:
            other = KNOW_OTHER if step.get("other") else 0
            tasks.append([C_KNOW, p, step["knowledge_choice"], other])
        elif "random_relics" in step:
            region = step["region"]
            r = (
                -1
                if region == "chosen"
                else (("africa", "mediterranean", "asia", "south_america").index(region))
            )
            tasks.append([A_RANDOM_RELICS, p, r, step["random_relics"]])
        elif "random_relics_each_region" in step:
            tasks.append([A_RANDOM_RELICS, p, 4, 1])
        elif "expertise" in step:
            tasks.append([C_EXPLORER_UP, p, 0, 0])
        elif "reputation" in step:
            tasks.append([A_GAIN, p, REPUTATION, step["reputation"]])
        elif "money" in step:
            tasks.append([A_GAIN, p, MONEY, step["money"]])
        elif "prestige" in step:
            tasks.append([A_GAIN, p, PRESTIGE, step["prestige"]])
        elif "meet_patron" in step:
            tasks.append([A_DRAW_PATRONS, p, step["meet_patron"], 0])
        elif "chosen_relic_from_chosen" in step:
            tasks.append([C_RELIC, p, -1, 0])  # regions filled in when the task is reached
        elif "bloomsbury_box" in step:
            tasks.append([C_BLOOM, p, 0, 1])
    tasks.append([A_GAIN, p, SETUP_SOCIETY, society])
    return tasks


def on_society(s, t, a):
    s.queue.pop(0)
    p = t[1]
    offer = s.society_offer[p]
    kept = offer[a - OPTION0]
    s.society_rejected[p] = offer[1 - (a - OPTION0)]
    s.chosen_regions = []
    tasks = society_tasks(s, p, kept)
    for task in tasks:
        if task[0] == C_BLOOM:
            for x in s.bloom_box[0]:
                s.bloom_seen[p] |= 1 << x
    s._push(*tasks)


def favor_tasks(s, p: int, space: int) -> list[list[int]]:
    return s._reward_tasks(p, tuple(s.game.rb.favors[space].items()))


def on_favor(s, t, a):
    s.queue.pop(0)
    p, space = t[1], a - FAVOR0
    s.favor_space[space] = p
    s._push(*favor_tasks(s, p, space))


def on_main(s, t, a):
    p = t[1]
    if a < EXPLORER0 + 3:
        s.queue.pop(0)
        s._push([C_PLACE, p, a - EXPLORER0, 0])
    else:
        s._do_optional(p, a)


def location_bonus(s, owner: int, loc: int, section: int) -> bool:
    """Learning from peers: the right bonuses are paid here; returns whether the placed explorer
    earns the left bonus (the caller gives it, as only players take it)."""
    entries = s.locations[loc]
    highest = max((x & 7 for x in entries), default=0)
    if section >= highest:
        return False
    stat, amount = RIGHT_BONUS[loc]
    n = s.game.num_players
    for x in entries:
        who = x >> 3
        if x & 7 == highest and who < n and not s.penalties[who][3]:
            s._gain(who, stat, amount)
    return True


def on_place(s, t, a):
    s.queue.pop(0)
    p, e = t[1], t[2]
    loc, section = divmod(a - PLACE0, 6)
    section += 1
    base = s.expertise[p][e]
    supported = section > base
    if supported:
        s._pay_rep(p, section - base)
    s.placed[p][e] = 1
    s.cur[:4] = [e, loc, section, int(supported)]
    s.collections_done = 0
    tasks = []
    if location_bonus(s, p, loc, section):
        left = LEFT_BONUS[loc]
        if left == "knowledge":
            tasks.append([C_KNOW, p, 1, 0])
        elif left == "reputation":
            s._gain(p, REPUTATION, 1)
        elif left == "money":
            s._gain(p, MONEY, 3)
        else:
            tasks.append([C_RESERVE, p, 1, 1])
    s.locations[loc].append(p * 8 + section)
    tasks.append([C_LOC_ACTION, p, 0, 0])
    # step 5: permanent Bloomsbury effects of placing an explorer
    if loc == UNIVERSITY and s._has_bloom(p, "university_relic"):
        tasks.append([C_RELIC, p, 15, 1])
    if loc == MUSEUM and s._has_bloom(p, "museum_reputation"):
        tasks.append([A_GAIN, p, REPUTATION, 2])
    if loc == CITY and s._has_bloom(p, "city_prestige"):
        tasks.append([A_GAIN, p, PRESTIGE, 2])
    s._push(*tasks)


def on_loc_action(s, t, a):
    s.queue.pop(0)
    p = t[1]
    option = a - OPTION0
    e, loc, section, supported = s.cur[:4]
    tasks = []
    if loc == UNIVERSITY:
        if option == 0:
            tasks += knowledge_choices(p, 2 if section >= 3 else 1)
        else:
            tasks.append([C_DISCARD_RELIC, p, DEEPEN, 0])
    elif loc == MUSEUM:
        if option == 0:
            tasks.append([C_EXHIBIT, p, 1 if section <= 3 else (2 if section <= 5 else 3), 1])
        else:
            tasks.append([C_DISCARD_RELIC, p, STUDY_RELIC, 0])
            if section >= 5:
                tasks.append([C_DISCARD_RELIC, p, STUDY_RELIC, 1])
    elif loc == CITY:
        if option == 0:
            tasks.append([A_DRAW_PATRONS, p, section, 0])
        else:
            tasks.append([C_DISCARD_RELIC, p, SELL, 0])
    else:
        tasks.append([C_EXPEDITION, p, 0, 0])
    s._push(*[list(x) for x in tasks])


def on_know(s, t, a):
    """A point in Asia pays the British School of Orient once per gain: the rest of this gain's
    points (the marked C_KNOW tasks that follow) are told it is paid."""
    q = s.queue
    q.pop(0)
    p, region = t[1], a - REGION0
    if region == ASIA:
        i = 0
        while i < len(q) and q[i][0] == C_KNOW and q[i][3] & KNOW_MORE:
            q[i] = [C_KNOW, q[i][1], q[i][2], q[i][3] | KNOW_ASIA_PAID]
            i += 1
    s.chosen_regions.append(region)
    s._know(p, region, t[2], asia_reputation=not t[3] & KNOW_ASIA_PAID)


def on_milestone8(s, t, a):
    s.queue.pop(0)
    if a == OPTION0:
        s._gain(t[1], SCIENCE, 1)
    else:
        s._gain(t[1], PRESTIGE, 5)


def on_relic(s, t, a):
    s.queue.pop(0)
    p = t[1]
    if a < RELIC0:
        kind = s._random_relic(a - REGION0)
        if kind >= 0:
            s._take_relic(p, kind)
    else:
        s._take_relic(p, a - RELIC0)
    s._refill_all()


def on_keep_relic(s, t, a):
    s.queue.pop(0)
    p, kind = t[1], a - RELIC0
    drawn = s.drawn_relics
    drawn.remove(kind)
    s.relics[p][kind] += 1
    for k in drawn:
        s.discards[k] += 1
    s.drawn_relics = []
    s._refill_all()


def on_discard_relic(s, t, a):
    s.queue.pop(0)
    if a == DONE:
        return
    p, purpose, kind = t[1], t[2], a - RELIC0
    if purpose >= 10:
        s._honor(p, purpose - 10, kind)
    else:
        s._discard_relic(p, kind)
        if purpose == DEEPEN:
            s._know(p, kind // 4, 3)
        elif purpose == STUDY_RELIC:
            s._gain(p, SCIENCE, 1)
        elif purpose == SELL:
            s._gain(p, REPUTATION, -1)
            s._gain(p, MONEY, 18 if s._ability(p) == 7 else 15)
    s._refill_all()


def on_reserve(s, t, a):
    s.queue.pop(0)
    p = t[1]
    if a == DONE:
        return
    if a == DRAW3:
        drawn = []
        for _ in range(3):
            c = s._draw_card()
            if c < 0:
                break
            drawn.append(c)
        s.drawn_cards = sorted(drawn)
        s._push([C_PICK_DRAWN, p, 0, 0])
        return
    slot = a - SLOT0
    if s._ability(p) != 11:
        s._pay_rep(p, s._program_cost(slot, p))
    card = s.program[slot]
    s.program[slot] = -1
    s.hand[p].append(card)
    s.public_hand |= 1 << card
    s._refill_program()


def on_pick_drawn(s, t, a):
    s.queue.pop(0)
    p, card = t[1], a - CARD0
    for c in s.drawn_cards:
        if c == card:
            s.hand[p].append(c)
            s.public_hand &= ~(1 << c)
        else:
            s.exp_discard.append(c)
    s.drawn_cards = []


def on_explorer_up(s, t, a):
    s.queue.pop(0)
    e = a - EXPLORER0
    s.expertise[t[1]][e] = min(6, s.expertise[t[1]][e] + 1)


def on_bloom(s, t, a):
    s.queue.pop(0)
    p, k, source = t[1], t[2], t[3]
    tile = a - TILE0
    pool = s.stacks[k] if source == 0 else s.bloom_box[k]
    pool.remove(tile)
    s.bloom[p].append(tile)
    s.bloom_taken[p][k] = 1
    s.bloom_seen[-1] |= 1 << tile
    info = s.game.rb.bloomsbury[tile]
    if info["kind"] == "immediate":
        eff = info["effect"]
        tasks = []
        for key, amount in eff.items():
            if key == "knowledge_choice":
                tasks += knowledge_choices(p, amount)
            elif key == "expertise":
                tasks += [[C_EXPLORER_UP, p, 0, 0] for _ in range(amount)]
            else:
                tasks += s._reward_tasks(p, ((key, amount),))
        s._push(*tasks)


def take_patron(s, p: int, patron: int, expertise: int) -> None:
    s.patrons[p].append(patron)
    gain = s.game.patrons[patron].rate * expertise + (3 if s._ability(p) == 8 else 0)
    s._gain(p, MONEY, gain)


def on_patron(s, t, a):
    s.queue.pop(0)
    p, expertise = t[1], t[2]
    chosen = a - PATRON0
    for x in s.drawn_patrons:
        if x != chosen:
            s.patron_deck.insert(0, x)
            s.patron_known += 1
    s.drawn_patrons = []
    take_patron(s, p, chosen, expertise)


def on_expedition(s, t, a):
    s.queue.pop(0)
    p, card = t[1], a - CARD0
    if card in s.hand[p]:
        s.hand[p].remove(card)
    else:
        slot = s.program.index(card)
        s._pay_rep(p, s._program_cost(slot, p))
        s.program[slot] = -1
        s._refill_program()
    s.organizing = card  # until it is paid for (a Reserve may draw cards meanwhile)
    s._push([C_EXP_PAY, p, card, 0])


def on_exp_pay(s, t, a):
    s.queue.pop(0)
    p, card = t[1], t[2]
    opt = a - OPTION0
    cost_red, know_red = opt & 1, opt >> 1 & 1
    if cost_red + know_red:
        s._pay_rep(p, 2 * (cost_red + know_red))
    e = s.cur[0]
    c = s.game.expeditions[card]
    kind, _ = s._skill(p, e)
    s._gain(p, MONEY, -max(0, c.cost - (3 if kind == 0 else 0) - 3 * cost_red))
    s.organizing = -1
    s.played[p].append(card)
    s.expertise[p][e] = min(6, s.expertise[p][e] + 1)
    prestige, science, know, know_choice, rnd, chosen, rep, money = c.gains
    s._gain(p, PRESTIGE, prestige)
    s._gain(p, SCIENCE, science)
    s._gain(p, REPUTATION, rep)
    s._gain(p, MONEY, money)
    tasks = []
    if know:
        tasks.append([A_KNOW, p, c.region, know])
    tasks += knowledge_choices(p, know_choice)
    if rnd:
        tasks.append([A_RANDOM_RELICS, p, c.region, rnd])
    tasks += [[C_RELIC, p, 1 << c.region, 0] for _ in range(chosen)]
    ability = s._ability(p)
    if ability == 0 and c.region == AFRICA:
        tasks.append([C_RELIC, p, 1 << AFRICA, 0])
    elif ability == 1 and c.type == 0:
        tasks.append([A_DRAW_TWO_KEEP, p, c.region, 0])
    elif ability == 2 and c.type == 2:
        tasks.append([A_KNOW, p, c.region, 1])
    elif ability == 5 and c.region == SOUTH_AMERICA:
        tasks.append([A_GAIN, p, MONEY, 3])
    elif ability == 6 and c.type == 1:
        tasks.append([A_GAIN, p, REPUTATION, 1])
    elif ability == 9 and c.type == 3:
        tasks.append([C_RELIC, p, 1 << c.region, 0])
    if s._has_bloom(p, "port_knowledge"):
        tasks.append([A_KNOW, p, c.region, 1])
    s._push(*tasks)


def exhibit(s, p: int, sp: int, kind: int, remaining: int) -> None:
    s._discard_relic(p, kind)
    s._refill_all()
    s.discs[p] -= 1
    s.gallery[sp] = p
    s.exhibited[p] += 1
    tasks = []
    if kind // 4 == MEDITERRANEAN and s._ability(p) == 4:
        s._gain(p, PRESTIGE, 2)
    col = SPACE_COLLECTION[sp]
    if not s.collections_done >> col & 1 and not s.penalties[p][2]:
        s.collections_done |= 1 << col
        tasks += s._reward_tasks(p, s.game.collection_faces[s.faces[col]].reward)
    if remaining > 1:
        tasks.append([C_EXHIBIT, p, remaining - 1, 0])
    s._push(*tasks)


def on_exhibit(s, t, a):
    s.queue.pop(0)
    if a == DONE:
        return
    p, remaining = t[1], t[2]
    sp = a - SPACE0
    kinds = [k for k in s.space_kinds(sp) if s.relics[p][k]]
    if len(kinds) == 1:
        exhibit(s, p, sp, kinds[0], remaining)
    else:
        s._push([C_EXHIBIT_RELIC, p, sp, remaining])


def on_exhibit_relic(s, t, a):
    s.queue.pop(0)
    exhibit(s, t[1], t[2], a - RELIC0, t[3])


def on_hand(s, t, a):
    p, card = t[1], a - CARD0
    s.hand[p].remove(card)
    s.exp_discard.append(card)


def on_turn_end(s, t, a):
    if a == DONE:
        s.queue.pop(0)
    else:
        s.queue.insert(0, [C_HAND, t[1], 0, 0])  # a Bloomsbury Reserve may add a card
        s._do_optional(t[1], a)


def on_requirement_disc(s, t, a):
    s.queue.pop(0)
    s.gallery[a - SPACE0] = -1
    s.req_discs[t[1]] += 1


_HANDLERS = {
    C_REQUIREMENT_DISC: on_requirement_disc,
    C_SIDE: on_side,
    C_EXPERTISE: on_expertise,
    C_SETUP_DISCARD: on_setup_discard,
    C_SOCIETY: on_society,
    C_FAVOR: on_favor,
    C_MAIN: on_main,
    C_PLACE: on_place,
    C_LOC_ACTION: on_loc_action,
    C_KNOW: on_know,
    C_MILESTONE8: on_milestone8,
    C_RELIC: on_relic,
    C_KEEP_RELIC: on_keep_relic,
    C_DISCARD_RELIC: on_discard_relic,
    C_RESERVE: on_reserve,
    C_PICK_DRAWN: on_pick_drawn,
    C_EXPLORER_UP: on_explorer_up,
    C_BLOOM: on_bloom,
    C_PATRON: on_patron,
    C_EXPEDITION: on_expedition,
    C_EXP_PAY: on_exp_pay,
    C_EXHIBIT: on_exhibit,
    C_EXHIBIT_RELIC: on_exhibit_relic,
    C_HAND: on_hand,
    C_TURN_END: on_turn_end,
}


# -- automatic tasks ---------------------------------------------------------------------------
def auto_gain(s, t):
    if t[2] == SETUP_SOCIETY:
        s.society[t[1]] = t[3]
    else:
        s._gain(t[1], t[2], t[3])


def auto_know(s, t):
    s.chosen_regions.append(t[2])
    s._know(t[1], t[2], t[3])


def auto_random_relics(s, t):
    p, region, count = t[1], t[2], t[3]
    if region == -1:
        region = s.chosen_regions[-1] if s.chosen_regions else 0
    regions = range(4) if region == 4 else [region] * count
    for r in regions:
        kind = s._random_relic(r)
        if kind >= 0:
            s._take_relic(p, kind)
        s._refill_all()


def auto_draw_patrons(s, t):
    p, expertise = t[1], t[2]
    drawn = [s.patron_deck.pop() for _ in range(min(2, len(s.patron_deck)))]
    for x in drawn:
        s.patron_seen[p] |= 1 << x
    if s.patron_known > len(s.patron_deck):
        s.patron_known = len(s.patron_deck)
    if len(drawn) == 1:
        take_patron(s, p, drawn[0], expertise)
    elif drawn:
        s.drawn_patrons = drawn
        s._push([C_PATRON, p, expertise, 0])


def auto_draw_two_keep(s, t):
    p, region = t[1], t[2]
    drawn = []
    for _ in range(2):
        kind = s._random_relic(region)
        if kind < 0:
            break
        s.bags[kind] -= 1
        drawn.append(kind)
    s.drawn_relics = drawn
    if len(set(drawn)) <= 1:
        if drawn:
            s.relics[p][drawn[0]] += 1
            for k in drawn[1:]:
                s.discards[k] += 1
        s.drawn_relics = []
        s._refill_all()
    else:
        s._push([C_KEEP_RELIC, p, 0, 0])


def _favor_order(s) -> list[int]:
    n = s.game.num_players
    if s.year == 1:
        return [(s.first_player + i) % n for i in range(n)]
    return sorted(range(n), key=lambda p: (-s.rep[p], -s.rep_time[p]))


def auto_setup_favors(s, t):
    s._push(*[[C_FAVOR, p, 0, 0] for p in _favor_order(s)], [A_YEAR_START, 0, 0, 0])


def auto_year_start(s, t):
    """Turn order is set (year 1: by the set-up favors); gather explorers; new expeditions."""
    if s.year > 1 and t[2] == 0:
        s.favor_space = [-1] * 6
        if s.game.automa and s.automa_last >= 0:
            s.favor_space[s.game.automa_cards[s.automa_last].favor] = AUTOMA
        s._push(*[[C_FAVOR, p, 0, 0] for p in _favor_order(s)], [A_YEAR_START, 0, 1, 0])
        return
    s.turn_order = [o for o in s.favor_space if o >= 0]
    n = s.game.num_players
    s.placed = [[0, 0, 0] for _ in range(n)]
    s.automa_pawns = 3 if s.game.automa else 0
    s.locations = [[x for x in loc if x >> 3 == 5] for loc in s.locations]
    if s.year > 1:
        for slot in (0, 1):
            if s.program[slot] >= 0:
                s.exp_discard.append(s.program[slot])
                s.program[slot] = -1
        s._refill_program()
    s.cur = [-1, -1, 0, 0, -1]
    s._push([A_NEXT_TURN, 0, 0, 0])


def _has_turn(s, owner: int) -> bool:
    if owner == AUTOMA:
        return s.automa_pawns > 0
    return not all(s.placed[owner])


def auto_next_turn(s, t):
    order = s.turn_order
    pos = s.cur[4]
    for i in range(1, len(order) + 1):
        idx = (pos + i) % len(order)
        owner = order[idx]
        if _has_turn(s, owner):
            s.cur[4] = idx
            if owner == AUTOMA:
                from .automa import automa_turn

                automa_turn(s)
                s._push([A_NEXT_TURN, 0, 0, 0])
            else:
                s._push([C_MAIN, owner, 0, 0], [A_TURN_FINISH, owner, 0, 0], [A_NEXT_TURN, 0, 0, 0])
            return
    s._push([A_YEAR_END, 0, 0, 0])


def auto_turn_finish(s, t):
    p = t[1]
    s.cur[:4] = [-1, -1, 0, 0]
    s.collections_done = 0
    s._push([C_HAND, p, 0, 0], [C_TURN_END, p, 0, 0])


def auto_year_end(s, t):
    """The Royal Requirement check (its Gallery disc choices are settled there, before the year
    ends: ``t[2]`` 1 marks the second step), then the next year."""
    from .scoring import royal_requirements

    if t[2] == 0 and s.year in s.game.requirement_years:
        s._push([A_YEAR_END, 0, 1, 0])
        royal_requirements(s, s.game.requirement_years.index(s.year))
        return
    s.year += 1
    if s.year <= s.game.years:
        s._push([A_YEAR_START, 0, 0, 0])


_AUTO = {
    A_GAIN: auto_gain,
    A_KNOW: auto_know,
    A_RANDOM_RELICS: auto_random_relics,
    A_DRAW_PATRONS: auto_draw_patrons,
    A_YEAR_START: auto_year_start,
    A_NEXT_TURN: auto_next_turn,
    A_YEAR_END: auto_year_end,
    A_TURN_FINISH: auto_turn_finish,
    A_SETUP_FAVORS: auto_setup_favors,
    A_DRAW_TWO_KEEP: auto_draw_two_keep,
}
__all__ = ["_AUTO", "_HANDLERS", "_LEGAL", "GALLERY_SIZES", "GALLERY_START"]
