"""The Royal Society of Archeology: rules that are easy to get wrong, one test each."""

from __future__ import annotations

import json

import numpy as np
import pytest

from digsite.core.engine import ConfigError
from digsite.core.fields import added, added_in, removed, replaced, replaced_in
from digsite.games.royal_society.actions import (
    A_NEXT_TURN,
    AUTOMA,
    BLOOM_CLAIM0,
    C_BLOOM,
    C_EXP_PAY,
    C_EXPLORER_UP,
    C_HAND,
    C_MILESTONE8,
    C_PICK_DRAWN,
    C_RESERVE,
    C_TURN_END,
    CARD0,
    CLAIM0,
    DONE,
    DRAW3,
    EXPLORER0,
    GAIN_REP,
    GALLERY_START,
    NEUTRAL,
    NUM_SPACES,
    OPTION0,
    PLACE0,
    SPACE0,
)
from digsite.games.royal_society.components import (
    CITY,
    MUSEUM,
    PORT,
    UNIVERSITY,
    ComponentDataError,
    load_expeditions,
    solo_title,
)
from digsite.games.royal_society.observation import DRAWN_CARDS
from digsite.games.royal_society.rules import RoyalSocietyGame
from digsite.games.royal_society.scoring import gallery_awards, royal_requirements
from digsite.games.royal_society.tasks import SECOND_STEP, Task

from .play import observation, play_random
from .royal_society_positions import (
    after_setup,
    play,
    reserve_tile_claimable,
    start_turn,
    take_card,
)


def place(loc: int, section: int) -> int:
    return PLACE0 + loc * 6 + section - 1


# -- Reputation, Expertise, support ------------------------------------------------------------
def test_reputation_never_exceeds_9():
    s = after_setup(0, num_players=3)
    s.put("rep", replaced(s.rep, 0, 8))
    start_turn(s, 0)
    assert GAIN_REP in s.legal_actions()
    s.apply_action(GAIN_REP)
    assert s.rep[0] == 9 and s.discs[0] == 9
    assert GAIN_REP not in s.legal_actions()


def test_support_never_beyond_6_nor_beyond_the_actions_threshold():
    s = after_setup(0, num_players=3)
    s.put("expertise", replaced(s.expertise, 0, (1, 1, 6)))
    s.put("rep", replaced(s.rep, 0, 9))
    start_turn(s, 0)
    s.apply_action(EXPLORER0)
    legal = set(s.legal_actions())
    # University: Study 1-2 needs 1 (no support to 2), Study 3+ needs 3, Deepen needs 4
    assert place(UNIVERSITY, 1) in legal
    assert place(UNIVERSITY, 2) not in legal
    assert place(UNIVERSITY, 3) in legal
    assert place(UNIVERSITY, 5) not in legal and place(UNIVERSITY, 6) not in legal


def test_support_costs_reputation_and_is_capped_at_5_after_the_penalty():
    s = after_setup(0, num_players=3)
    s.put("expertise", replaced(s.expertise, 0, (2, 1, 1)))
    s.put("rep", replaced(s.rep, 0, 9))
    s.put("relics", added_in(s.relics, 0, 0, 3))
    s.put("bags", added(s.bags, 0, -3))
    s.put("locations", replaced(s.locations, MUSEUM, ()))
    start_turn(s, 0)
    s.apply_action(EXPLORER0)
    assert place(MUSEUM, 6) in s.legal_actions()  # Exhibit with 3 relics needs 6
    s.put("penalties", replaced_in(s.penalties, 0, 0, 1))
    s._mask = None
    assert place(MUSEUM, 6) not in s.legal_actions()
    assert place(MUSEUM, 4) in s.legal_actions()
    s.apply_action(place(MUSEUM, 4))
    assert s.rep[0] == 9 - 2  # support 2 (nobody there: no location bonus)
    assert s.cur[:4] == [0, MUSEUM, 4, 1]


def test_permanent_expertise_never_exceeds_6():
    s = after_setup(0, num_players=3)
    s.put("expertise", replaced(s.expertise, 0, (6, 6, 5)))
    s.queue.insert(0, Task(C_EXPLORER_UP, 0))
    s._mask = None
    s._run()
    assert s.legal_actions() == [EXPLORER0 + 2]
    s.apply_action(EXPLORER0 + 2)
    assert s.expertise[0] == (6, 6, 6)
    s.queue.insert(0, Task(C_EXPLORER_UP, 0))
    s._run()  # nothing to raise: the gain is skipped
    assert s.expertise[0] == (6, 6, 6)


# -- Reputation gates ------------------------------------------------------------------------
def test_the_city_needs_4_and_the_museum_6_before_support():
    s = after_setup(0, num_players=3)
    s.put("expertise", replaced(s.expertise, 0, (3, 2, 1)))
    s.put("relics", added_in(s.relics, 0, 0, 1))
    s.put("bags", added(s.bags, 0, -1))
    s.put("rep", replaced(s.rep, 0, 3))
    start_turn(s, 0)
    s.apply_action(EXPLORER0)
    legal = set(s.legal_actions())
    assert not any(place(CITY, k) in legal for k in range(1, 7))
    assert not any(place(MUSEUM, k) in legal for k in range(1, 7))
    s = after_setup(0, num_players=3)
    s.put("expertise", replaced(s.expertise, 0, (3, 2, 1)))
    s.put("relics", added_in(s.relics, 0, 0, 1))
    s.put("bags", added(s.bags, 0, -1))
    s.put("rep", replaced(s.rep, 0, 5))
    s.put("society", replaced(s.society, 0, 0))  # not the Association
    start_turn(s, 0)
    s.apply_action(EXPLORER0)
    legal = set(s.legal_actions())
    assert place(CITY, 3) in legal
    assert not any(place(MUSEUM, k) in legal for k in range(1, 7))
    s.put(
        "society", replaced(s.society, 0, 10)
    )  # Association of British Archaeologists: the Museum at 4
    s._mask = None
    assert place(MUSEUM, 3) in s.legal_actions()


# -- hand limit ------------------------------------------------------------------------------
def test_hand_limit_is_3_at_the_end_of_the_turn():
    s = after_setup(0, num_players=3)
    s.put("expertise", replaced(s.expertise, 0, (1, 2, 3)))
    while len(s.hand[0]) < 3:
        s.put("hand", replaced(s.hand, 0, (*s.hand[0], s.exp_deck.pop())))
    start_turn(s, 0)
    s.apply_action(EXPLORER0)
    s.apply_action(place(UNIVERSITY, 1))
    s.queue.insert(0, Task.reserve(0, optional=0))  # a mandatory Reserve an Expedition gain
    s._mask = None
    s._run()
    s.apply_action(DRAW3)
    assert len(s.drawn_cards) == 3
    s.apply_action(s.legal_actions()[0])
    assert len(s.hand[0]) == 4
    while s.decision != C_HAND:
        s.apply_action(s.legal_actions()[0])
    assert sorted(s.legal_actions()) == sorted(50 + c for c in s.hand[0])
    discarded = s.legal_actions()[0] - 50
    s.apply_action(discarded + 50)
    assert len(s.hand[0]) == 3 and s.exp_discard[-1] == discarded
    assert s.decision != C_HAND


def test_hand_limit_holds_after_a_bloomsbury_reserve_at_the_end_of_the_turn():
    s = after_setup(0, num_players=3)
    reserve_tile = next(t["id"] for t in s.game.rb.bloomsbury if t["effect"] == {"reserve": 1})
    for k in range(2):  # make sure the Reserve tile is in the 10 stack
        if reserve_tile in s.stacks[k]:
            s.stacks[k].remove(reserve_tile)
        elif reserve_tile in s.bloom_box[k]:
            s.put("bloom_box", replaced(s.bloom_box, k, removed(s.bloom_box[k], reserve_tile)))
    for p in range(3):
        if reserve_tile in s.bloom[p]:
            s.put("bloom", replaced(s.bloom, p, removed(s.bloom[p], reserve_tile)))
            s.put("bloom_taken", replaced_in(s.bloom_taken, p, 0, 0))
    s.stacks[0].append(reserve_tile)
    for t in s.bloom[0]:
        k = 0 if s.game.rb.bloomsbury[t]["stack"] == 10 else 1
        s.put("bloom_box", replaced(s.bloom_box, k, (*s.bloom_box[k], t)))
    s.put("bloom", replaced(s.bloom, 0, ()))
    s.put("bloom_taken", replaced(s.bloom_taken, 0, (0, 0)))
    s.put("bloom_right", replaced(s.bloom_right, 0, (1, 0)))
    s.check_invariants()
    while len(s.hand[0]) < 3:
        s.put("hand", replaced(s.hand, 0, (*s.hand[0], s.exp_deck.pop())))
    s.queue = [Task(C_TURN_END, 0), Task(A_NEXT_TURN)]  # the end of player 0's turn
    s.cur[4] = s.turn_order.index(0)
    s._mask = None
    s._run()
    s.apply_action(BLOOM_CLAIM0)
    play(s, "Bloomsbury: Reserve an Expedition")
    s.apply_action(DRAW3)
    s.apply_action(s.legal_actions()[0])
    assert len(s.hand[0]) == 4 and s.decision == C_HAND
    s.apply_action(s.legal_actions()[0])
    assert len(s.hand[0]) == 3
    s.check_invariants()


def test_a_bloomsbury_reserve_during_an_expedition_payment_keeps_the_card_organized():
    """Find a Publisher can interrupt an expedition's payment ("An optional action, triggered by
    the player, can be performed at any time during their turn, even during the resolution of a
    Location action"; it is even triggered there when a presentation to the Royal Society
    during the payment reaches 10 Prestige).  The Reserve tile's benefit comes "immediately":
    "Draw 3 Expedition cards from the top of the deck, place one in your hand and discard the
    other 2."  The card being organized stays on the table through it (never in no pile), is
    shown there again when its payment resumes, and is the one played afterwards."""
    s = after_setup(0, num_players=3)
    g = s.game
    p = 0
    reserve_tile_claimable(s, p)
    card = next(
        c
        for c in g.expeditions
        if c.expertise == 1 and c.condition_region < 0 and c.condition_type < 0
    )
    take_card(s, card.id)
    s.put("exp_discard", s.exp_discard + s.hand[p])
    s.put("hand", replaced(s.hand, p, (card.id,)))
    s.put("knowledge", replaced(s.knowledge, p, (12, 12, 12, 12)))
    s.put("money", replaced(s.money, p, 50))
    s.put("expertise", replaced(s.expertise, p, (1, 1, 1)))
    s.put("locations", ((), (), (), ()))  # no bonus at the Port
    s.check_invariants()
    top3 = s.exp_deck[-3:]
    start_turn(s, p)

    def act(action: int) -> None:
        s.apply_action(action)
        s.check_invariants()

    act(EXPLORER0)
    act(place(PORT, 1))
    act(CARD0 + card.id)
    assert s.decision == C_EXP_PAY and s.organizing == card.id
    assert BLOOM_CLAIM0 in s.legal_actions()
    act(BLOOM_CLAIM0)
    assert s.decision == C_BLOOM
    play(s, "Bloomsbury: Reserve an Expedition")
    s.check_invariants()
    assert s.decision == C_RESERVE
    act(DRAW3)
    assert s.decision == C_PICK_DRAWN
    assert s.drawn_cards == sorted(top3) and s.organizing == card.id
    assert s.view(p)["own"]["drawn_cards"] == sorted(top3)
    keep, *rest = sorted(top3)
    act(CARD0 + keep)
    # the payment is pending again, with its card on the table for every seat
    assert s.decision == C_EXP_PAY and s.queue[0][2] == card.id
    assert s.drawn_cards == [] and s.organizing == card.id
    for q in range(3):
        assert s.view(q)["own"]["drawn_cards"] == [card.id]
        obs = observation(s, q)
        table = obs[DRAWN_CARDS : DRAWN_CARDS + 48]
        assert np.flatnonzero(table).tolist() == [card.id]
    act(OPTION0)  # pay in full
    assert s.organizing == -1 and s.drawn_cards == []
    assert s.played[p] == (card.id,)
    assert s.hand[p] == (keep,)
    assert list(s.exp_discard[-2:]) == rest
    assert s.bloom[p] and s.bloom_taken[p] == (1, 0)
    while s.current_player() == p:
        act(s.legal_actions()[0])


# -- knowledge milestones --------------------------------------------------------------------
def test_knowledge_milestones():
    s = after_setup(0, num_players=3)
    s.put("knowledge", replaced(s.knowledge, 0, (4, 7, 11, 12)))
    s.put("science", replaced(s.science, 0, 0))
    s.put("prestige", replaced(s.prestige, 0, 0))
    s.put("society", replaced(s.society, 0, 0))
    s._know(0, 0, 1)  # reaches 5
    assert s.science[0] == 1
    s._know(0, 2, 2)  # 11 -> 13: +2 Science at 12, +1 Prestige beyond
    assert s.science[0] == 3 and s.prestige[0] == 1 and s.knowledge[0][2] == 12
    s._know(0, 3, 2)  # already 12: 2 Prestige
    assert s.prestige[0] == 3
    s._know(0, 1, 1)  # reaches 8: a choice
    assert s.queue[0][0] == C_MILESTONE8
    s._run()
    play(s, "Knowledge 8: 5 Prestige")
    assert s.prestige[0] == 8


# -- Royal Requirements ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "req, setup, check",
    [
        (
            0,
            lambda s: s.put("prestige", replaced(s.prestige, 0, 14)),
            lambda s: s.penalties[0][0] == 1,
        ),
        (
            1,
            lambda s: s.put("science", replaced(s.science, 0, 2)),
            lambda s: s.penalties[0][1] == 1,
        ),
        (2, lambda s: None, lambda s: s.penalties[0][2] == 1),
        (3, lambda s: None, lambda s: s.penalties[0][3] == 1),
        (
            4,
            lambda s: s.put("prestige", replaced(s.prestige, 0, 44)),
            lambda s: s.science[0] == 4,
        ),
        (5, lambda s: None, lambda s: s.science[0] == 4),
        (
            6,
            lambda s: s.put("science", replaced(s.science, 0, 5)),
            lambda s: s.prestige[0] == 12,
        ),
        (7, lambda s: None, lambda s: s.prestige[0] == 12),
    ],
)
def test_each_royal_requirement_penalty_and_disc(req, setup, check):
    s = after_setup(0, num_players=3)
    for p in range(3):
        s.put("prestige", replaced(s.prestige, p, 50))
        s.put("science", replaced(s.science, p, 7))
        s.put("knowledge", replaced(s.knowledge, p, (6, 6, 6, 6)))
        s.put("claims", replaced(s.claims, p, (1, 0, 0)))
        s.put("discs", added(s.discs, p, -1))
    s.put("gallery", (-1,) * NUM_SPACES)
    s.put("prestige", replaced(s.prestige, 0, 20))
    s.put("science", replaced(s.science, 0, 5))
    s.put("knowledge", replaced(s.knowledge, 0, (6, 0, 0, 0)))
    s.put("claims", replaced(s.claims, 0, (0, 0, 0)))
    s.put("discs", added(s.discs, 0, 1))
    setup(s)
    period = 0 if req < 4 else 1
    s.put("requirements", replaced(s.requirements, period, req))
    discs = list(s.discs)
    royal_requirements(s, period)
    assert check(s)
    assert s.discs[0] == discs[0] - 1 and s.req_discs[0] == 1
    s.check_invariants()


def test_royal_requirement_disc_from_the_gallery_then_15_prestige():
    s = after_setup(0, num_players=3)
    s.put("requirements", replaced(s.requirements, 0, 0))  # 15 Prestige
    s.put("prestige", replaced(s.prestige, 0, 30))
    s.put("discs", replaced(s.discs, 0, 0))
    s.put("rep_discs", replaced(s.rep_discs, 0, 9))
    s.put("gallery", replaced(s.gallery, 0, 0))
    s.put("prestige", replaced(s.prestige, 0, 10))
    s.put("gallery", replaced(s.gallery, 5, 0))
    s.put("rep_discs", replaced(s.rep_discs, 0, 8))
    s.put("placed", replaced(s.placed, 1, (0, 0, 0)))
    s.put("year", s.game.requirement_years[0])  # the end of the year of the first requirement
    s.queue = [Task.year_end(SECOND_STEP)]
    royal_requirements(s, 0)
    # the player chooses which of their Gallery discs goes to the tile
    s._run()
    assert s.decider == 0 and sorted(s.legal_actions()) == [SPACE0, SPACE0 + 5]
    s.apply_action(SPACE0 + 5)
    assert s.gallery[5] == -1 and s.gallery[0] == 0 and s.req_discs[0] == 1
    assert s.prestige[0] == 10
    s.put("gallery", replaced(s.gallery, 0, -1))
    s.put("rep_discs", replaced(s.rep_discs, 0, 9))
    s.put("requirements", replaced(s.requirements, 0, 1))
    s.put("science", replaced(s.science, 0, 0))
    s.put("prestige", replaced(s.prestige, 0, 20))
    royal_requirements(s, 0)
    assert s.prestige[0] == 5 and s.req_discs[0] == 2 and s.rep_discs[0] == 8
    s.check_invariants()


def test_requirements_are_checked_at_the_end_of_years_3_and_5_with_3_players():
    game = RoyalSocietyGame(num_players=3)
    assert game.requirement_years == (3, 5) and game.years == 5
    game4 = RoyalSocietyGame(num_players=4)
    assert game4.requirement_years == (2, 4) and game4.years == 4
    s = after_setup(0, num_players=3)
    s.put("requirements", replaced(s.requirements, 0, 0))
    for p in range(3):
        s.put("prestige", replaced(s.prestige, p, 0))
    s.put("year", 2)
    s.queue = [Task.year_end()]
    s._run()
    assert s.penalties[0][0] == 0
    s.put("year", 3)
    s.queue = [Task.year_end()]
    s._run()
    assert all(s.penalties[p][0] == 1 for p in range(3))


# -- Grand Gallery, Royal Society, Bloomsbury ------------------------------------------------
def test_gallery_majorities_share_rounding_down():
    s = after_setup(0, num_players=3)
    s.put("gallery", (-1,) * NUM_SPACES)
    gallery = list(s.gallery)
    gallery[0:3] = [0, 1, 2]  # complete, three-way tie: 12 // 3 = 4 each
    gallery[GALLERY_START[3] : GALLERY_START[3] + 2] = [0, 1]  # incomplete tie: 3 each
    s.put("gallery", tuple(gallery))
    s.put("gallery", replaced(s.gallery, GALLERY_START[5], 2))  # alone in VI: 6
    assert gallery_awards(s) == [7, 7, 10]


def test_royal_society_first_claim_left_then_right():
    s = after_setup(0, num_players=3)
    g = s.game
    obj = 10  # Knowledge 4+ everywhere
    s.put("objectives", replaced(s.objectives, 2, obj))
    for p in (0, 1):
        s.put("knowledge", replaced(s.knowledge, p, (4, 4, 4, 4)))
    start_turn(s, 0)
    assert CLAIM0 + 2 in s.legal_actions()
    reward = g.rb.objectives[obj]["reward"]
    before = (s.science[0], s.prestige[0])
    s.apply_action(CLAIM0 + 2)
    assert s.rs_left[2] == 0 and s.claims[0][2] == 2
    gained = (s.science[0] - before[0], s.prestige[0] - before[1])
    assert gained == ((4, 0) if reward == "science" else (0, 20))
    assert CLAIM0 + 2 not in s.legal_actions()
    start_turn(s, 1)
    before = (s.science[1], s.prestige[1])
    s.apply_action(CLAIM0 + 2)
    gained = (s.science[1] - before[0], s.prestige[1] - before[1])
    assert gained == ((2, 0) if reward == "science" else (0, 10))
    assert s.claims[1][2] == 1 and s.rs_left[2] == 0


def test_bloomsbury_once_per_stack_even_if_the_score_is_reached_again():
    s = after_setup(0, num_players=3)
    s.put("prestige", replaced(s.prestige, 0, 8))
    s.put("bloom", replaced(s.bloom, 0, ()))
    s.put("bloom_taken", replaced(s.bloom_taken, 0, (0, 0)))
    s.put("bloom_right", replaced(s.bloom_right, 0, (0, 0)))
    s._gain(0, 0, 3)
    assert s.bloom_right[0] == (1, 0)
    start_turn(s, 0)
    s.apply_action(BLOOM_CLAIM0)
    s.apply_action(s.legal_actions()[0])
    assert s.bloom_taken[0] == (1, 0) and len(s.bloom[0]) == 1
    s._gain(0, 0, -5)
    s._gain(0, 0, 5)
    s._mask = None
    assert BLOOM_CLAIM0 not in s.legal_actions()


def test_right_bonus_lost_after_the_penalty():
    s = after_setup(0, num_players=3)
    s.put("locations", replaced(s.locations, UNIVERSITY, (1 * 8 + 5, 2 * 8 + 5)))
    s.put("penalties", replaced_in(s.penalties, 1, 3, 1))
    s.put("expertise", replaced(s.expertise, 0, (2, 2, 2)))
    reps = list(s.rep)
    start_turn(s, 0)
    s.apply_action(EXPLORER0)
    s.apply_action(place(UNIVERSITY, 2))
    assert s.rep[1] == reps[1] and s.rep[2] == min(9, reps[2] + 1)


# -- year flow -------------------------------------------------------------------------------
def test_turn_order_by_reputation_ties_to_the_disc_on_top():
    s = after_setup(0, num_players=3)
    s.put("rep", (5, 7, 5))
    s.put("rep_time", (10, 3, 12))  # player 2 reached 5 last: on top
    s.put("year", 2)
    s.queue = [Task.year_start()]
    s._run()
    order = []
    while s.decision != 5:  # favors (and what they give) until the first turn
        if s.decision == 4:
            order.append(s.decider)
        s.apply_action(s.legal_actions()[-1] if s.decision != 4 else s.legal_actions()[0])
    assert order == [1, 2, 0]
    assert s.turn_order == [1, 2, 0]


def test_new_expeditions_each_year_discard_spaces_1_and_2():
    s = after_setup(0, num_players=3)
    old = s.program
    s.put("year", 2)
    s.queue = [Task.year_start(SECOND_STEP)]  # after the favors
    s._run()
    assert s.program[:4] == old[2:]
    assert old[0] in s.exp_discard and old[1] in s.exp_discard


def test_a_card_taken_from_the_program_slides_the_others_right():
    s = after_setup(0, num_players=3)
    old = s.program
    s.put("program", replaced(s.program, 2, -1))
    s.put("exp_discard", (*s.exp_discard, old[2]))
    s._refill_program()
    assert s.program[:5] == old[:2] + old[3:]
    assert s.program[5] not in old


def test_automa_plays_first_in_year_1_and_three_turns_a_year():
    s = after_setup(0, num_players=1)
    assert s.turn_order[0] == AUTOMA and s.favor_space[0] == AUTOMA
    placed_before = len(s.automa_played)
    assert placed_before == 1  # its first turn came before the player's
    year = s.year
    while s.year == year:
        s.apply_action(s.legal_actions()[0])
    assert len(s.automa_played) == 3
    # from year 2 its marker sits on the favor of its last card
    favor = s.game.automa_cards[s.automa_played[-1]].favor
    assert s.favor_space[favor] == AUTOMA


def test_confrontation_blocks_twelve_spaces():
    s = after_setup(0, num_players=2, mode="confrontation")
    assert s.gallery.count(NEUTRAL) == 7
    assert s.rs_left[1] == NEUTRAL
    assert all(NEUTRAL * 8 + 4 in s.locations[loc] for loc in range(4))


# -- hidden information, configuration, data -------------------------------------------------
def test_other_players_hands_and_studies_are_not_observed():
    s = after_setup(3, num_players=3)
    base = observation(s, 0)
    other = s.clone()
    other.put("studies", replaced(other.studies, 1, tuple(other.study_deck[:2])))
    other.study_deck[:2] = s.studies[1]
    assert np.array_equal(observation(other, 0), base)
    assert not np.array_equal(observation(other, 1), observation(s, 1))


def test_solo_titles_and_returns():
    titles = RoyalSocietyGame(num_players=1).rb.titles
    assert solo_title(39, titles) == "Novice"
    assert solo_title(40, titles) == "Royal Archeologist"
    assert solo_title(59, titles) == "Honorary Fellow of the Royal Society"
    assert solo_title(79, titles) == "Fellow of the Royal Society"
    assert solo_title(80, titles) == "Sir"
    s = after_setup(0, num_players=1)
    play_random(s, np.random.default_rng(0))
    score = s.scores()[0]
    assert s.returns() == [1.0 if score >= 40 else -1.0]
    assert s.title() == solo_title(int(score), titles)


def test_bad_configs_and_data_are_clear_errors():
    assert RoyalSocietyGame(num_players=2).mode == "confrontation"
    assert RoyalSocietyGame(num_players=1).config["mode"] == "solo"
    with pytest.raises(ConfigError, match="confrontation"):
        RoyalSocietyGame(num_players=2, mode="standard")
    with pytest.raises(ConfigError, match="mode"):
        RoyalSocietyGame(num_players=3, mode="competitive")
    with pytest.raises(ConfigError, match="num_players must be one of 1, 2, 3, 4"):
        RoyalSocietyGame(num_players=5)
    records = json.loads(
        (
            __import__("importlib.resources").resources.files("digsite.games.royal_society")
            / "data"
            / "expeditions.json"
        ).read_text()
    )["expeditions"]
    broken = [dict(r) for r in records]
    broken[7]["expertise"] = 7
    with pytest.raises(ComponentDataError, match="#7.*expertise"):
        load_expeditions(broken)
    with pytest.raises(ComponentDataError, match="48"):
        load_expeditions(records[:40])
    custom = [dict(r) for r in records]
    custom[0]["cost"] = 1
    game = RoyalSocietyGame(num_players=3, expeditions=custom)
    assert game.expeditions[0].cost == 1
    assert game.config["expeditions"] == custom


def test_full_games_are_deterministic():
    game = RoyalSocietyGame(num_players=4)
    a = game.new_initial_state(np.random.default_rng(5))
    b = game.new_initial_state(np.random.default_rng(5))
    assert play_random(a, np.random.default_rng(1)) == play_random(b, np.random.default_rng(1))
    assert a.to_dict() == b.to_dict() and a.is_terminal()


def test_main_decision_offers_explorers_and_optional_actions_only():
    s = after_setup(0, num_players=3)
    s.put("rep", replaced(s.rep, 0, 9))
    start_turn(s, 0)
    assert DONE not in s.legal_actions()
    assert GAIN_REP not in s.legal_actions()
    assert set(s.legal_actions()) >= {EXPLORER0, EXPLORER0 + 1, EXPLORER0 + 2}


def test_documentation_names_every_observation_piece_and_the_sizes():
    import digsite.games.royal_society as package

    game = RoyalSocietyGame(num_players=3)
    doc = package.__doc__
    for name in game.layout.slices:
        assert name in doc, f"observation piece {name!r} is not documented"
    assert f"({game.observation_size},)" in doc and f"Discrete({game.num_actions})" in doc


def test_automa_gallery_discs_share_majorities():
    s = after_setup(0, num_players=1)
    s.put("gallery", (-1,) * NUM_SPACES)
    start = GALLERY_START[2]
    gallery = list(s.gallery)
    gallery[start : start + 3] = [0, AUTOMA, -1]  # incomplete, tied with the Automa: 6 // 2
    s.put("gallery", tuple(gallery))
    s.put("discs", replaced(s.discs, 0, 9))
    assert gallery_awards(s) == [3]


def test_port_reserve_never_removes_the_last_affordable_expedition():
    s = after_setup(0, num_players=3)
    g = s.game
    p = 0
    cheap = next(c for c in g.expeditions if c.expertise == 1 and c.condition_region < 0)
    take_card(s, cheap.id)
    s.put("exp_discard", s.exp_discard + s.hand[p])
    s.put("hand", replaced(s.hand, p, ()))
    s.put("program", replaced(s.program, 5, cheap.id if s.program[5] < 0 else s.program[5]))
    if s.program[5] != cheap.id:
        s.put("exp_discard", (*s.exp_discard, s.program[5]))
        s.put("program", replaced(s.program, 5, cheap.id))
    s.put("knowledge", replaced(s.knowledge, p, (12, 12, 12, 12)))
    s.put("money", replaced(s.money, p, 50))
    s.put("rep", replaced(s.rep, p, 2))  # exactly the Reputation of Program space 6
    s.put("discs", replaced(s.discs, p, 0))
    s.put(
        "rep_discs",
        replaced(s.rep_discs, p, 10 - s.gallery.count(p) - sum(1 for c in s.claims[p] if c)),
    )
    s.put("society", replaced(s.society, p, -1 if s.society[p] == 11 else s.society[p]))
    s.put("expertise", replaced(s.expertise, p, (1, 1, 1)))
    s.put("locations", ((), (), (), (1 * 8 + 6,)))  # a higher explorer: the Reserve left bonus
    start_turn(s, p)
    s.apply_action(EXPLORER0)
    s.apply_action(PLACE0 + PORT * 6)
    legal = s.legal_actions()
    # reserving from a paying space would leave no Reputation for the card on space 6, and
    # reserving that card itself is fine (it is then organized from the hand)
    from digsite.games.royal_society.actions import SLOT0

    for slot in range(6):
        cost = g.rb.program_reputation[slot]
        card = s.program[slot]
        if cost and card != cheap.id:
            assert SLOT0 + slot not in legal
    s.apply_action(DONE)
    assert s.legal_actions() and all(a >= 50 for a in s.legal_actions())


def test_observation_scaling_in_float32_matches_dividing_in_python():
    """``observe`` divides byte counts in float32: for every byte and every divisor used this
    is the float32 rounding of Python's division."""
    from digsite.games.royal_society.observation import DIVISORS

    counts = np.arange(256)
    for d in sorted(set(DIVISORS.tolist())):
        python = np.array([min(1.0, int(x) / d) for x in counts], dtype=np.float32)
        scaled = np.minimum(counts.astype(np.float32) / np.float32(d), np.float32(1))
        assert python.tobytes() == scaled.tobytes(), d


def test_objectives_are_named_as_the_rulebook_file_lists_them():
    """``OBJECTIVES`` numbers the rulebook's objectives as ``royal_society.json`` lists them."""
    from digsite.games.royal_society.actions import OBJECTIVES

    listed = RoyalSocietyGame(num_players=2).rb.objectives
    assert [(o["id"], o["objective"]) for o in listed] == list(enumerate(OBJECTIVES))
