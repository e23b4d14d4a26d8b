"""The Royal Society of Archeology: location actions, Society abilities and set-up, one by one."""

from __future__ import annotations

import numpy as np

from digsite.core.fields import added, added_in, removed, replaced, replaced_in
from digsite.games.royal_society.actions import (
    AUTOMA,
    C_KEEP_RELIC,
    CARD0,
    DONE,
    EXPLORER0,
    FAVOR0,
    GALLERY_START,
    NEUTRAL,
    NUM_SPACES,
    OPTION0,
    PATRON0,
    PLACE0,
    REGION0,
    RELIC0,
    SPACE0,
)
from digsite.games.royal_society.components import (
    AFRICA,
    ASIA,
    CITY,
    MEDITERRANEAN,
    MUSEUM,
    PORT,
    SOUTH_AMERICA,
    UNIVERSITY,
)
from digsite.games.royal_society.rules import RoyalSocietyGame

from .royal_society_positions import after_setup, play, set_society, start_turn, take_card


def place(loc: int, section: int) -> int:
    return PLACE0 + loc * 6 + section - 1


def give_relic(s, p: int, kind: int, count: int = 1) -> None:
    for _ in range(count):
        if s.bags[kind] == 0:
            s.put("discards", added(s.discards, kind, -1))
            s.put("bags", added(s.bags, kind, 1))
        s.put("bags", added(s.bags, kind, -1))
        s.put("relics", added_in(s.relics, p, kind, 1))


def clear_relics(s, p: int) -> None:
    for k in range(16):
        s.put("bags", added(s.bags, k, s.relics[p][k]))
        s.put("relics", replaced_in(s.relics, p, k, 0))


def test_exhibit_places_discs_and_pays_each_collection_once_per_turn():
    s = after_setup(0, num_players=3)
    g = s.game
    p = 0
    s.put("gallery", (-1,) * NUM_SPACES)
    s.put("discs", (10, 10, 10))
    clear_relics(s, p)
    # three relics that fit the first collection's spaces
    face = g.collection_faces[s.faces[0]]
    kinds = [s.space_kinds(GALLERY_START[0] + i)[0] for i in range(3)]
    for k in kinds:
        give_relic(s, p, k)
    s.put("penalties", replaced(s.penalties, p, (0, 0, 0, 0)))
    s.put("expertise", replaced(s.expertise, p, (6, 1, 1)))
    s.put("rep", replaced(s.rep, p, 6))
    s.put("society", replaced(s.society, p, 2))  # Red Lion: no exhibit ability
    s.put("locations", replaced(s.locations, MUSEUM, ()))
    before = (s.prestige[p], s.science[p], s.rep[p], s.money[p])
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(MUSEUM, 6))
    s.apply_action(OPTION0)  # Exhibit
    for i in range(3):
        legal = s.legal_actions()
        assert SPACE0 + GALLERY_START[0] + i in legal
        s.apply_action(SPACE0 + GALLERY_START[0] + i)
        if s.decision == 21:  # several relics fit: take the one meant for this space
            s.apply_action(RELIC0 + kinds[i])
        while s.decider == p and s.decision not in (20, 5, 22, 23) and s.current_player() == p:
            s.apply_action([a for a in s.legal_actions() if a != DONE][0])
    assert s.gallery[0:3] == (p, p, p) and s.discs[p] == 7 and s.exhibited[p] == 3
    assert sum(s.relics[p]) == 0
    # the reward came once, although three relics went into the collection
    reward = dict(face.reward)
    after = (s.prestige[p], s.science[p], s.rep[p], s.money[p])
    if "prestige" in reward:
        assert after[0] - before[0] == reward["prestige"]
    if "money" in reward:
        assert after[3] - before[3] == reward["money"]


def test_levantine_society_scores_2_per_mediterranean_relic_exhibited():
    s = after_setup(0, num_players=3)
    p = 0
    s.put("gallery", (-1,) * NUM_SPACES)
    s.put("discs", (10, 10, 10))
    clear_relics(s, p)
    sp = next(
        sp for sp in range(NUM_SPACES) if any(k // 4 == MEDITERRANEAN for k in s.space_kinds(sp))
    )
    kind = next(k for k in s.space_kinds(sp) if k // 4 == MEDITERRANEAN)
    give_relic(s, p, kind)
    s.put("society", replaced(s.society, p, 4))
    s.put("penalties", replaced(s.penalties, p, (0, 0, 1, 0)))
    s.put("expertise", replaced(s.expertise, p, (2, 1, 1)))
    s.put("rep", replaced(s.rep, p, 6))
    s.put("locations", replaced(s.locations, MUSEUM, ()))
    prestige = s.prestige[p]
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(MUSEUM, 2))
    s.apply_action(OPTION0)
    s.apply_action(SPACE0 + sp)
    assert s.gallery[sp] == p and s.prestige[p] == prestige + 2


def test_study_a_relic_two_at_expertise_5_and_sell_and_deepen():
    s = after_setup(0, num_players=3)
    p = 0
    clear_relics(s, p)
    give_relic(s, p, 0, 2)
    give_relic(s, p, 4 * ASIA + 2)
    s.put("expertise", replaced(s.expertise, p, (5, 4, 1)))
    s.put("rep", replaced(s.rep, p, 6))
    s.put("society", replaced(s.society, p, 2))
    s.put("locations", ((), (), (), ()))
    science = s.science[p]
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(MUSEUM, 5))
    s.apply_action(OPTION0 + 1)  # Study a Relic
    s.apply_action(RELIC0 + 0)
    s.apply_action(RELIC0 + 0)
    assert s.science[p] == science + 2 and s.relics[p][0] == 0
    # Deepen Knowledge: the Asia scroll for 3 Asia Knowledge
    s.put("knowledge", replaced_in(s.knowledge, p, ASIA, 1))
    start_turn(s, p)
    s.put("placed", replaced(s.placed, p, (1, 0, 1)))
    s._mask = None
    s.apply_action(EXPLORER0 + 1)
    s.apply_action(place(UNIVERSITY, 4))
    s.apply_action(OPTION0 + 1)
    assert s.legal_actions() == [RELIC0 + 4 * ASIA + 2]
    s.apply_action(RELIC0 + 4 * ASIA + 2)
    assert s.knowledge[p][ASIA] == 4 and sum(s.relics[p]) == 0
    # Sell a Relic: -1 Reputation, £15 (£18 for Westminster)
    give_relic(s, p, 1)
    s.put("placed", replaced(s.placed, p, (0, 0, 0)))
    s.put("rep", replaced(s.rep, p, 5))
    money = s.money[p]
    start_turn(s, p)
    s.apply_action(EXPLORER0 + 2)
    s.apply_action(place(CITY, 1))
    s.apply_action(OPTION0 + 1)
    s.apply_action(RELIC0 + 1)
    assert s.money[p] == money + 15 and s.rep[p] == 4
    s.put("society", replaced(s.society, p, 7))
    give_relic(s, p, 1)
    s.put("placed", replaced(s.placed, p, (0, 0, 0)))
    money = s.money[p]
    start_turn(s, p)
    s.apply_action(EXPLORER0 + 2)
    s.apply_action(place(CITY, 1))
    s.apply_action(OPTION0 + 1)
    s.apply_action(RELIC0 + 1)
    assert s.money[p] == money + 18


def test_meet_a_patron_draws_two_keeps_one_and_pays_per_expertise():
    s = after_setup(0, num_players=3)
    p = 0
    s.put("society", replaced(s.society, p, 2))
    s.put("expertise", replaced(s.expertise, p, (3, 1, 1)))
    s.put("rep", replaced(s.rep, p, 4))
    s.put("locations", ((), (), (), ()))
    clear_relics(s, p)  # no relic to sell: Meet a Patron is the only action
    top_two = s.patron_deck[-2:]
    money = s.money[p]
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(CITY, 3))
    assert sorted(s.legal_actions()) == sorted(PATRON0 + x for x in top_two)
    keep, back = top_two[0], top_two[1]
    s.apply_action(PATRON0 + keep)
    assert s.patrons[p][-1] == keep and s.patron_deck[0] == back
    assert s.money[p] == money + 3 * s.game.patrons[keep].rate


def test_honor_a_patron_discards_its_relic_for_1_reputation():
    s = after_setup(0, num_players=3)
    p = 0
    g = s.game
    pat = next(x for x in g.patrons if x.region >= 0 and x.type >= 0)
    for q in range(3):
        s.put("patron_deck", s.patron_deck + s.patrons[q])
    value = ((),) * 3
    s.put("patrons", value)
    s.put("honored", value)
    s.put("patron_deck", removed(s.patron_deck, pat.id))
    s.put("patrons", replaced(s.patrons, p, (pat.id,)))
    clear_relics(s, p)
    give_relic(s, p, pat.region * 4 + pat.type)
    s.put("rep", replaced(s.rep, p, 5))
    start_turn(s, p)
    s.apply_action(PATRON0 + pat.id)
    assert s.honored[p] == (pat.id,) and sum(s.relics[p]) == 0 and s.rep[p] == 6
    assert PATRON0 + pat.id not in s.legal_actions()


def test_logistics_skill_and_knowledge_reduction_at_the_port():
    s = after_setup(0, num_players=3)
    g = s.game
    p = 0
    s.put("side", replaced(s.side, p, 0))  # yellow side A: explorer 1 Logistics
    assert g.boards[0][0] == (0, -1)
    card = next(
        c
        for c in g.expeditions
        if c.expertise == 3 and c.condition_region < 0 and c.condition_type < 0
    )
    take_card(s, card.id)
    s.put("exp_discard", s.exp_discard + s.hand[p])
    s.put("hand", replaced(s.hand, p, (card.id,)))
    s.put("expertise", replaced(s.expertise, p, (3, 1, 1)))
    s.put("knowledge", replaced(s.knowledge, p, (0, 0, 0, 0)))
    s.put("knowledge", replaced_in(s.knowledge, p, card.region, card.knowledge - 1))
    s.put("money", replaced(s.money, p, card.cost - 3))
    s.put("rep", replaced(s.rep, p, 2))
    s.put("discs", replaced(s.discs, p, 0))
    s.put(
        "rep_discs",
        replaced(
            s.rep_discs,
            p,
            10 - s.gallery.count(p) - sum(1 for c in s.claims[p] if c) - s.req_discs[p],
        ),
    )
    s.put("society", replaced(s.society, p, 2))
    s.put("locations", ((), (), (), ()))
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(PORT, 3))
    s.apply_action(CARD0 + card.id)
    # Logistics covers the £3; the Knowledge point must be bought with 2 Reputation
    options = [s.action_to_string(a) for a in s.legal_actions()]
    assert options == ["spend 2 Reputation: -1 Knowledge"]
    s.apply_action(s.legal_actions()[0])
    assert s.money[p] == 0 + card.gains[7] and s.rep[p] == card.gains[6]
    assert card.id in s.played[p]


def test_greater_london_foundation_keeps_one_of_two_drawn_relics():
    import json
    from importlib import resources

    records = json.loads(
        resources.files("digsite.games.royal_society")
        .joinpath("data", "expeditions.json")
        .read_text()
    )["expeditions"]
    card = dict(records[0], type="excavation", expertise=1, knowledge=0, cost=0, condition=None)
    card["gains"] = {"prestige": 1}
    records[0] = card
    s = after_setup(0, num_players=3, expeditions=records)
    p = 0
    take_card(s, 0)
    s.put("exp_discard", s.exp_discard + s.hand[p])
    s.put("hand", replaced(s.hand, p, (0,)))
    s.put("expertise", replaced(s.expertise, p, (1, 1, 1)))
    set_society(s, p, 1)
    s.put("locations", ((), (), (), ()))
    clear_relics(s, p)
    region = s.game.expeditions[0].region
    for k in range(4 * region, 4 * region + 4):  # two kinds left in the bag: a real choice
        s.put("discards", added(s.discards, k, s.bags[k]))
        s.put("bags", replaced(s.bags, k, 0))
    for k in (4 * region, 4 * region + 1):
        s.put("bags", added(s.bags, k, 1))
        s.put("discards", added(s.discards, k, -1))
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(PORT, 1))
    s.apply_action(CARD0 + 0)
    s.apply_action(OPTION0)  # pay in full (£0)
    assert s.decision == C_KEEP_RELIC
    assert sorted(s.drawn_relics) == [4 * region, 4 * region + 1]
    s.apply_action(RELIC0 + 4 * region + 1)
    assert s.relics[p][4 * region + 1] == 1 and sum(s.relics[p]) == 1
    s.check_invariants()


def test_confrontation_disc_gives_the_left_bonus_below_4_and_nothing_to_anyone():
    s = after_setup(0, num_players=2, mode="confrontation")
    p = 0
    s.put("expertise", replaced(s.expertise, p, (2, 1, 1)))
    s.put("locations", replaced(s.locations, MUSEUM, (NEUTRAL * 8 + 4,)))
    s.put("rep", (6, 6))
    s.put("society", replaced(s.society, p, 2))
    clear_relics(s, p)
    give_relic(s, p, 0)
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(place(MUSEUM, 2))
    assert s.rep == (7, 6)  # the left bonus (+1 Reputation); the neutral takes no right bonus


def test_automa_pawn_below_a_player_pays_that_players_right_bonus():
    from digsite.games.royal_society.automa import automa_place

    s = after_setup(0, num_players=1)
    s.put("locations", replaced(s.locations, UNIVERSITY, (0 * 8 + 5,)))
    rep = s.rep[0]
    automa_place(s, UNIVERSITY, 2)
    assert s.rep[0] == min(9, rep + 1)
    assert s.locations[UNIVERSITY][-1] == AUTOMA * 8 + 2
    automa_place(s, UNIVERSITY, 6)  # highest: no bonus to anyone
    assert s.rep[0] == min(9, rep + 1)


def test_society_setup_choices_st_pancras_and_association():
    game = RoyalSocietyGame(num_players=3)
    for society, expect in ((6, "three regions"), (10, "relic from the chosen regions")):
        s = game.new_initial_state(np.random.default_rng(4))
        # give player 0 the Society card under test as its first offer
        if society not in s.society_offer[0]:
            holder = (
                next(
                    (q, i)
                    for q in range(3)
                    for i, c in enumerate(s.society_offer[q])
                    if c == society
                )
                if any(society in s.society_offer[q] for q in range(3))
                else None
            )
            if holder is None:
                i = s.society_deck.index(society)
                s.society_deck[i] = s.society_offer[0][0]
            else:
                q, i = holder
                s.put("society_offer", replaced_in(s.society_offer, q, i, s.society_offer[0][0]))
            s.put("society_offer", replaced_in(s.society_offer, 0, 0, society))
        s._mask = None
        while not (s.decision == 3 and s.decider == 0):
            s.apply_action(s.legal_actions()[0])
        play(s, "keep " + game.rb.societies[society]["name"])
        knowledge = list(s.knowledge[0])
        if society == 6:
            chosen = []
            for _ in range(3):
                legal = s.legal_actions()
                assert all(REGION0 + r not in legal for r in chosen)
                chosen.append(legal[0] - REGION0)
                s.apply_action(legal[0])
            assert sorted(chosen) == sorted(set(chosen)) and len(chosen) == 3
            assert [s.knowledge[0][r] - knowledge[r] for r in chosen] == [2, 2, 2]
        else:
            s.apply_action(REGION0 + AFRICA)  # 2 Knowledge
            assert REGION0 + AFRICA not in s.legal_actions()
            s.apply_action(REGION0 + SOUTH_AMERICA)  # 1 Knowledge in another region
            legal = s.legal_actions()
            assert legal and all((a - RELIC0) // 4 in (AFRICA, SOUTH_AMERICA) for a in legal), (
                expect
            )
        assert s.society[0] in (-1, society)


def test_simplified_setup_deals_marked_cards_and_gives_20_and_knowledge():
    s = after_setup(0, num_players=4, simplified=True)
    g = s.game
    for p in range(4):
        assert len(s.hand[p]) == 2 and all(g.expeditions[c].simplified for c in s.hand[p])
        assert all(k >= 2 for k in s.knowledge[p]) and s.society[p] == -1
        assert s.money[p] >= 20


def test_kings_favor_blocked_by_the_automa_in_year_1():
    s = RoyalSocietyGame(num_players=1).new_initial_state(np.random.default_rng(0))
    while s.decision != 4:
        s.apply_action(s.legal_actions()[0])
    assert FAVOR0 not in s.legal_actions() and FAVOR0 + 1 in s.legal_actions()


def test_program_and_bags_refill_from_their_discards():
    s = after_setup(0, num_players=3)
    s.put("exp_discard", s.exp_discard + tuple(s.exp_deck))
    s.exp_deck = []
    s.put("program", replaced(s.program, 0, -1))
    s.put(
        "exp_discard",
        s.exp_discard
        + (
            next(
                c
                for c in range(48)
                if c not in s.exp_discard
                and c not in s.program
                and not any(c in h for h in s.hand)
                and not any(c in h for h in s.played)
            ),
        ),
    )
    s._refill_program()
    assert all(c >= 0 for c in s.program) and s.exp_deck and s.exp_discard == ()
    # an emptied bag takes its discarded relics back
    for k in range(4):
        s.put("discards", added(s.discards, k, s.bags[k]))
        s.put("bags", replaced(s.bags, k, 0))
    s._refill_all()
    assert sum(s.bags[0:4]) == 15 - sum(s.relics[p][k] for p in range(3) for k in range(4))
    assert sum(s.discards[0:4]) == 0
