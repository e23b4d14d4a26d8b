"""The worked examples of the Mykerinos rulebook, rebuilt and checked against the stated outcome.

The rulebook's pictures are lost, so the exact cells are ours; every asserted outcome is the one
the rulebook's text states.
"""

from __future__ import annotations

from digsite.games.mykerinos.actions import (
    CHOOSE_AB,
    DECLINE,
    EXCAVATE,
    EXTEND,
    GAME_OVER,
    LEFTOVER,
    PASS,
    PATRON0,
    PLACE,
    ROOM0,
    SURVEY_CHOICE,
    TAKE_LEFT,
    TAKE_RIGHT,
)
from digsite.games.mykerinos.components import AREA_BITS

from .mykerinos_positions import (
    BLACKMORE,
    BLUE,
    BROWN,
    GREEN,
    LEMON,
    RED,
    TANGERINE,
    VIOLET,
    WHITE,
    add_pyramids,
    card_id,
    cell,
    clear_pyramids,
    give_cards,
    legal,
    museum_cube,
    new_state,
    pass_season,
    put_cubes,
    set_parcel,
    set_passed,
    turn_of,
)

ROOMS_3 = range(0, 5)
ROOMS_5 = range(5, 10)


def two_room_between(state, patron_a: int, patron_b: int) -> int:
    wing = {p: w for w, p in enumerate(state.wing_patron)}
    a, b = wing[patron_a], wing[patron_b]
    assert (a - b) % 5 in (1, 4), "the test needs neighbouring wings"
    return 10 + (a if (a + 1) % 5 == b else b)


def test_action_a_example_free_spaces_only():
    """Blue may start an excavation on the empty spaces, not on cubes nor on pyramids."""
    state = new_state(4)
    clear_pyramids(state)
    a, b, c, d, e, f = (cell(1, k) for k in range(1, 7))
    put_cubes(state, RED, [c])
    put_cubes(state, GREEN, [d])
    add_pyramids(state, [e, f])
    turn_of(state, BLUE)
    state.apply_action(EXCAVATE)
    cells = legal(state)
    assert a in cells and b in cells
    assert c not in cells and d not in cells and e not in cells and f not in cells


def test_action_b_example_extend_a_chain():
    """Red extends from A: the 1st cube next to a red cube, the 2nd next to the 1st."""
    state = new_state(4)
    clear_pyramids(state)
    a, b, c = cell(2, 2), cell(2, 3), cell(2, 4)
    put_cubes(state, RED, [a])
    turn_of(state, RED)
    state.apply_action(EXTEND)
    first = legal(state)
    assert b in first and c not in first  # C is not next to any red cube
    state.apply_action(b)
    second = legal(state)
    assert c in second and cell(1, 3) in second  # next to B
    assert cell(1, 2) not in second  # next to A only: the 2nd cube chains from the 1st
    state.apply_action(c)
    assert state.cubes[RED].bit_count() == 3 and state.decider == GREEN


def test_pass_example_first_free_space():
    """Green passes first and takes space 1 of the passing scale."""
    state = new_state(4)
    turn_of(state, GREEN)
    state.apply_action(PASS)
    assert state.pass_space[GREEN] == 1 and state.decider == WHITE
    state.apply_action(PASS)
    assert state.pass_space[WHITE] == 2


def test_lord_lemon_example_one_pyramid_per_use():
    """Blue extends with Lord Lemon: the 1st cube on pyramid A, the 2nd on B; the pyramid C
    next to A cannot take the 2nd cube."""
    state = new_state(4)
    give_cards(state, BLUE, LEMON)
    clear_pyramids(state)
    x, a, b, c = cell(2, 1), cell(2, 2), cell(2, 3), cell(1, 2)
    add_pyramids(state, [a, c])
    put_cubes(state, BLUE, [x])
    turn_of(state, BLUE)
    state.apply_action(EXTEND)
    assert a not in legal(state)  # without Lord Lemon a pyramid is an obstacle
    turn_of(state, BLUE)
    state.apply_action(PATRON0 + LEMON)
    assert state.decision == CHOOSE_AB
    state.apply_action(EXTEND)
    assert a in legal(state)
    state.apply_action(a)
    second = legal(state)
    assert b in second and c not in second
    state.apply_action(b)
    assert state.tilted[BLUE][LEMON] == 1
    assert state.cubes[BLUE].bit_count() == 3


def test_mrs_blackmore_example_two_cube_excavation():
    state = new_state(4)
    give_cards(state, RED, BLACKMORE)
    clear_pyramids(state)
    turn_of(state, RED)
    state.apply_action(PATRON0 + BLACKMORE)
    a, b = cell(3, 8), cell(3, 9)
    assert a in legal(state)  # anywhere free, no red cube needed
    state.apply_action(a)
    second = legal(state)
    assert b in second and cell(1, 1) not in second
    state.apply_action(b)
    assert state.cubes[RED].bit_count() == 2 and state.decider == GREEN


def test_colonel_tangerine_example_chain_of_three():
    state = new_state(4)
    give_cards(state, WHITE, TANGERINE)
    clear_pyramids(state)
    put_cubes(state, WHITE, [cell(4, 1)])
    turn_of(state, WHITE)
    state.apply_action(PATRON0 + TANGERINE)
    a, b, c = cell(4, 2), cell(4, 3), cell(4, 4)
    state.apply_action(a)
    assert cell(3, 1) not in legal(state)  # next to the white cube but not to A
    state.apply_action(b)
    state.apply_action(c)
    assert state.cubes[WHITE].bit_count() == 4 and state.decider == BLUE


def test_lady_violet_extra_cube_then_a_or_b():
    state = new_state(4)
    give_cards(state, GREEN, VIOLET)
    turn_of(state, GREEN)
    before_general, before_personal = state.general[GREEN], state.personal[GREEN]
    state.apply_action(PATRON0 + VIOLET)
    assert state.general[GREEN] == before_general - 1
    assert state.personal[GREEN] == before_personal + 1
    assert state.decision == CHOOSE_AB and legal(state) <= {EXCAVATE, EXTEND}
    state.apply_action(EXCAVATE)
    assert state.decision == PLACE


def test_survey_example_ranks_and_choices():
    """Blue 4 cubes, Green and Red 2 each (Green passed first), White 1: Blue 1st, Green 2nd,
    Red 3rd, White 4th. Blue takes the left card (3 prestige, Lord Lemon); Green books a Museum
    room; Red, 3rd, cannot go to the Museum and takes the other card (no prestige, Mrs.
    Blackmore); White gets nothing; every cube of the area returns to the general stock."""
    state = new_state(4)
    state.put("wing_patron", (VIOLET, LEMON, BLACKMORE, BROWN, TANGERINE))
    lemon3 = card_id(state, LEMON, 3)
    blackmore0 = card_id(state, BLACKMORE, 0)
    set_parcel(state, 0, lemon3)
    set_parcel(state, 1, blackmore0)
    clear_pyramids(state)
    put_cubes(state, BLUE, [cell(1, k) for k in (1, 2, 3, 4)])
    put_cubes(state, RED, [cell(2, 1), cell(2, 2)])
    put_cubes(state, GREEN, [cell(2, 4), cell(2, 5)])
    put_cubes(state, WHITE, [cell(2, 6)])
    put_cubes(state, WHITE, [cell(1, 8)])  # White alone in the next area
    general_before = list(state.general)
    set_passed(state, [GREEN, RED, BLUE])
    turn_of(state, WHITE)
    state.apply_action(PASS)  # the last player passes too: the survey starts

    assert (state.decision, state.decider) == (SURVEY_CHOICE, BLUE)
    assert state.ranked == [BLUE, GREEN, RED, WHITE]
    assert {TAKE_LEFT, TAKE_RIGHT} <= legal(state)
    state.apply_action(TAKE_LEFT)
    assert state.score[BLUE] == 3 and state.owned[BLUE] == (lemon3,)

    assert (state.decision, state.decider) == (SURVEY_CHOICE, GREEN)
    room = two_room_between(state, LEMON, BLACKMORE)
    assert TAKE_RIGHT in legal(state) and ROOM0 + room in legal(state)
    state.apply_action(ROOM0 + room)
    assert state.museum[room] == GREEN

    assert (state.decision, state.decider) == (LEFTOVER, RED)
    assert legal(state) == {TAKE_RIGHT, DECLINE}  # no Museum for the 3rd
    state.apply_action(TAKE_RIGHT)
    assert state.score[RED] == 0 and state.owned[RED] == (blackmore0,)

    # no card left for White: the area is closed, the survey moves on to the next area
    assert (state.decision, state.decider, state.survey_area) == (SURVEY_CHOICE, WHITE, 1)
    assert state.owned[WHITE] == ()
    assert not any(cubes & AREA_BITS[0] for cubes in state.cubes)
    assert state.general[BLUE] == general_before[BLUE] + 4
    assert state.general[RED] == general_before[RED] + 2
    assert state.general[GREEN] == general_before[GREEN] + 2 - 1  # one went to the Museum
    assert state.general[WHITE] == general_before[WHITE] + 1
    state.apply_action(TAKE_LEFT)  # White, alone, takes one parcel; the other is discarded
    assert state.season == 2  # the last player to pass (White) starts the next season
    assert state.first_player == WHITE
    state.check_invariants()


def test_museum_example_two_room_opens_both_five_rooms():
    """Green's first Museum cube cannot go to a 5-room; in the 2-room between Lord Lemon's and
    Mrs. Blackmore's wings it opens both wings' 5-rooms; Green then takes Lord Lemon's 5-room,
    which is no longer available to anybody else."""
    state = new_state(4)
    state.put("wing_patron", (VIOLET, LEMON, BLACKMORE, BROWN, TANGERINE))
    assert not set(state.museum_rooms_for(GREEN)) & set(ROOMS_5)
    room = two_room_between(state, LEMON, BLACKMORE)
    museum_cube(state, GREEN, room)
    lemon_five, blackmore_five = 5 + 1, 5 + 2
    opened = set(state.museum_rooms_for(GREEN)) & set(ROOMS_5)
    assert opened == {lemon_five, blackmore_five}
    assert room not in state.museum_rooms_for(GREEN)
    museum_cube(state, GREEN, lemon_five)
    assert lemon_five not in state.museum_rooms_for(BLUE)
    assert lemon_five not in state.museum_rooms_for(GREEN)


def test_final_exhibition_example():
    """Blue owns 2 Lord Lemon, 1 Mrs. Blackmore, 3 Sir Brown, 2 Colonel Tangerine and 1 Lady
    Violet card and scores 6 + 3 + 15 + 4 + 1 for the patrons and 5 for the series."""
    state = new_state(4)
    state.put("wing_patron", (VIOLET, LEMON, TANGERINE, BROWN, BLACKMORE))
    give_cards(state, BLUE, LEMON, 2)
    give_cards(state, BLUE, BLACKMORE, 1)
    give_cards(state, BLUE, BROWN, 3)
    give_cards(state, BLUE, TANGERINE, 2)
    pass_season(state)
    give_cards(state, BLUE, VIOLET, 1)
    museum_cube(state, BLUE, 1)  # the 3-room of Lord Lemon's wing
    museum_cube(state, BLUE, 4)  # the 3-room of Mrs. Blackmore's wing
    museum_cube(state, BLUE, 12)  # the 2-room between Colonel Tangerine and Sir Brown
    museum_cube(state, BLUE, 8)  # Sir Brown's 5-room
    per_wing, series = state.exhibition(BLUE)
    by_patron = dict(zip(state.wing_patron, per_wing, strict=True))
    assert by_patron == {LEMON: 6, BLACKMORE: 3, BROWN: 15, TANGERINE: 4, VIOLET: 1}
    assert series == 5
    parcels = state.score[BLUE]
    while state.decision != GAME_OVER:  # play the game out: everybody passes
        pass_season(state)
    assert state.decision == GAME_OVER
    assert state.score[BLUE] == parcels + 6 + 3 + 15 + 4 + 1 + 5
    state.check_invariants()
