"""The Royal Society of Archeology: each worked example of the rulebook, rebuilt and checked."""

from __future__ import annotations

from digsite.core.fields import removed, replaced, replaced_in
from digsite.games.royal_society.actions import (
    BLOOM_CLAIM0,
    CARD0,
    GALLERY_START,
    NUM_SPACES,
)
from digsite.games.royal_society.components import ASIA, UNIVERSITY

from .royal_society_positions import after_setup, card_id, play, start_turn, take_card

YELLOW, BLUE, PURPLE = 0, 1, 2


def test_location_bonus_example_university():
    """Back cover: Yellow (4), Blue (1) and Purple (4, 4) are at the University; Yellow places an
    explorer of expertise 2: Yellow +1 Knowledge (left) and +1 Reputation (right, for its 4),
    Purple +1 Reputation twice, Blue nothing."""
    s = after_setup(0, num_players=3)
    s.put(
        "locations",
        replaced(
            s.locations, UNIVERSITY, (YELLOW * 8 + 4, BLUE * 8 + 1, PURPLE * 8 + 4, PURPLE * 8 + 4)
        ),
    )
    s.put("expertise", replaced(s.expertise, YELLOW, (2, 4, 5)))
    s.put("rep", (4, 4, 4))
    knowledge_before = s.knowledge
    start_turn(s, YELLOW)
    play(s, "explorer 1", "place in University of London, section 2")
    # the left bonus: one Knowledge in a region of Yellow's choice
    assert s.decision == 8 and s.decider == YELLOW  # knowledge_region
    assert s.rep == (5, 4, 6)  # right bonuses are paid at once
    play(s, "Asia")
    assert s.knowledge[YELLOW][ASIA] == knowledge_before[YELLOW][ASIA] + 1
    # then Yellow's own action (Study with expertise 2: one more Knowledge)
    play(s, "Africa")
    assert s.knowledge[BLUE] == knowledge_before[BLUE]
    assert s.rep == (5, 4, 6)


def test_placing_the_highest_explorer_awards_no_bonus():
    s = after_setup(0, num_players=3)
    s.put("locations", replaced(s.locations, UNIVERSITY, (BLUE * 8 + 1, PURPLE * 8 + 2)))
    s.put("expertise", replaced(s.expertise, YELLOW, (3, 4, 5)))
    s.put("rep", (4, 4, 4))
    start_turn(s, YELLOW)
    play(s, "explorer 1", "place in University of London, section 3")
    assert s.rep == (4, 4, 4)
    assert s.decision == 8  # straight to the Study action's two Knowledge choices


def _ur_position(with_palmyra: bool = True, explorer_skill_asia: bool = True):
    s = after_setup(0, num_players=3)
    g = s.game
    ur, palmyra = card_id(g, "Ur"), card_id(g, "Palmyra")
    for c in (ur, palmyra):
        take_card(s, c)
    # Ur on Program space 6 (the leftmost, Reputation 2)
    displaced = s.program[5]
    if displaced >= 0:
        s.put("exp_discard", (*s.exp_discard, displaced))
    s.put("program", replaced(s.program, 5, ur))
    if with_palmyra:
        s.put("played", replaced(s.played, BLUE, (*s.played[BLUE], palmyra)))
    else:
        s.put("exp_discard", (*s.exp_discard, palmyra))
    s.put("side", replaced(s.side, BLUE, 0))  # blue side A: explorer 1 has the Asia Expertise skill
    assert g.boards[2][0] == (1, ASIA)
    s.put(
        "expertise",
        replaced(
            s.expertise,
            BLUE,
            (4 if explorer_skill_asia else 1, 2, 4 if not explorer_skill_asia else 1),
        ),
    )
    s.put("rep", replaced(s.rep, BLUE, 4))
    s.put("prestige", replaced(s.prestige, BLUE, 18))
    s.put("science", replaced(s.science, BLUE, 0))
    s.put("money", replaced(s.money, BLUE, 20))
    s.put("knowledge", replaced(s.knowledge, BLUE, (0, 0, 5, 0)))
    s.put("society", replaced(s.society, BLUE, 3))  # British School of Orient
    s.put("locations", ((), (), (), ()))
    s.put("bloom_right", replaced(s.bloom_right, BLUE, (1, 0)))
    s.put("bloom_taken", replaced(s.bloom_taken, BLUE, (1, 0)))
    start_turn(s, BLUE)
    return s, ur


def test_ur_expedition_example_step_by_step():
    s, ur = _ur_position()
    assert s.rep[BLUE] == 4 and s.discs[BLUE] == 10
    play(s, "explorer 1")
    # support by 1 to reach Ur's expertise 5 and place on section 5 of the Port
    play(s, "place in Port of London, section 5")
    assert s.rep[BLUE] == 3
    # the only action at the Port; Ur is offered (Asia 5 + skill 2 meets the 7 required)
    assert CARD0 + ur in s.legal_actions()
    play(s, "expedition Ur (Asia, expertise 5)")
    assert s.rep[BLUE] == 1  # Program space 6 costs 2 Reputation
    # £20 for a £23 card: the £3 reduction is needed; paying in full is not offered
    options = [s.action_to_string(a) for a in s.legal_actions()]
    assert "pay in full" not in options
    play(s, "spend 2 Reputation: -£3")
    # a disc was turned into 2 Reputation, then 2 spent; +1 from the British School
    assert s.discs[BLUE] == 9 and s.rep_discs[BLUE] == 1
    assert s.money[BLUE] == 0
    assert s.expertise[BLUE][0] == 5
    assert s.prestige[BLUE] == 28 and s.science[BLUE] == 2
    assert s.knowledge[BLUE][ASIA] == 6
    assert s.rep[BLUE] == 2
    relics_before = sum(s.relics[BLUE])
    assert relics_before == 1  # the random Asia relic
    # the chosen Asia relic
    choices = [s.action_to_string(a) for a in s.legal_actions()]
    assert choices and all(c.startswith("Asia") for c in choices)
    s.apply_action(s.legal_actions()[0])
    assert sum(s.relics[BLUE][4 * ASIA : 4 * ASIA + 4]) == 2
    # 28 Prestige: Find a Publisher in Bloomsbury (the 25 stack) is now offered
    assert s.bloom_right[BLUE][1] == 1
    assert BLOOM_CLAIM0 + 1 in s.legal_actions()
    play(s, "find a publisher in Bloomsbury (25)")
    tile = s.legal_actions()[0]
    s.apply_action(tile)
    assert s.bloom_taken[BLUE][1] == 1 and len(s.bloom[BLUE]) == 1
    assert BLOOM_CLAIM0 + 1 not in s.legal_actions()


def test_ur_needs_an_earlier_asia_expedition():
    s, ur = _ur_position(with_palmyra=False)
    assert ur not in s.feasible_expeditions(BLUE, 0, 5, True, s.budget(BLUE))
    palmyra = s.exp_discard[-1]  # organized after all
    s.put("exp_discard", s.exp_discard[:-1])
    s.put("played", replaced(s.played, BLUE, (*s.played[BLUE], palmyra)))
    assert ur in s.feasible_expeditions(BLUE, 0, 5, True, s.budget(BLUE))


def test_ur_needs_the_asia_skill_for_its_knowledge():
    s, ur = _ur_position(explorer_skill_asia=False)
    # explorer 3 (Mediterranean skill) goes instead: Asia 5 is two short of 7, more than the
    # one Knowledge that Reputation can buy
    assert ur not in s.feasible_expeditions(BLUE, 2, 5, True, s.budget(BLUE))
    s.put(
        "knowledge", replaced_in(s.knowledge, BLUE, ASIA, 6)
    )  # one short: buyable with 2 Reputation
    assert ur in s.feasible_expeditions(BLUE, 2, 5, True, s.budget(BLUE))


def test_final_scoring_example():
    """p.9: 49 Prestige and 10 Science; Gallery +6 (II, incomplete majority) +6 (V, complete,
    shared); an unhonored patron -5; Study card 2 of 3 objectives +2 Science: 56 Prestige and 12
    Science (= 60 Prestige): the score is 56."""
    s = after_setup(0, num_players=3)
    g = s.game
    p, other = PURPLE, YELLOW
    s.put("prestige", (0, 0, 49))
    s.put("science", (0, 0, 10))
    s.put("gallery", (-1,) * NUM_SPACES)
    s.put("discs", (10, 10, 10))
    start = GALLERY_START[1]
    s.put("gallery", replaced(s.gallery, start, p))  # collection II: purple alone, incomplete
    s.put("gallery", replaced(s.gallery, start + 1, p))
    start = GALLERY_START[4]
    for i in range(5):  # collection V complete: purple 2, yellow 2, blue 1
        s.put("gallery", replaced(s.gallery, start + i, (p, p, other, other, BLUE)[i]))
    s.put("discs", (10 - 2, 10 - 1, 10 - 4))
    # one unhonored patron worth -5
    five = next(x.id for x in g.patrons if x.penalty == 5)
    for q in range(3):
        s.put("patron_deck", s.patron_deck + s.patrons[q])
    value = ((),) * 3
    s.put("patrons", value)
    s.put("honored", value)
    s.put("patron_deck", removed(s.patron_deck, five))
    s.put("patrons", replaced(s.patrons, p, (five,)))
    # study cards: printed card 3 (Med+Exc / SA+Exc / Med+SA: 1/2/3) and printed card 2
    for q in range(3):
        s.study_deck += s.studies[q]
    s.study_deck.remove(2)
    s.study_deck.remove(1)
    for q in (0, 1):
        s.put("studies", replaced(s.studies, q, (s.study_deck.pop(), s.study_deck.pop())))
    s.put("studies", replaced(s.studies, p, (1, 2)))
    med = [c.id for c in g.expeditions if c.region == 1 and c.type != 0 and not c.myth][:2]
    exc = next(c.id for c in g.expeditions if c.region == 0 and c.type == 0 and not c.myth)
    sam = next(c.id for c in g.expeditions if c.region == 3 and c.type != 0 and not c.myth)
    for c in [*med, exc, sam]:
        take_card(s, c)
        s.put("played", replaced(s.played, p, (*s.played[p], c)))
    s.put("bloom", replaced(s.bloom, p, ()))
    s.put("bloom_taken", replaced(s.bloom_taken, p, (0, 0)))
    s.put("rep", replaced(s.rep, p, 3))
    s.put("year", g.years + 1)  # after the last year
    s.queue = []
    s._queue_done()
    assert s.prestige[p] == 56
    assert s.science[p] == 12
    assert s.scores()[p] == 56.0
    # yellow shares collection V: 12 // 2 = 6 (blue's single disc takes nothing)
    assert s.prestige[other] == 6
    s.check_invariants()
