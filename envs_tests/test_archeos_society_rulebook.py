"""The worked examples of the Archeos Society rulebook, rebuilt and checked against the stated
outcome (the pictures are lost: the exact cards are ours, the outcomes are the rulebook's)."""

from __future__ import annotations

import numpy as np

from digsite.core.fields import replaced_in
from digsite.envs.registry import make_game
from digsite.games.archeos_society.actions import (
    ADD,
    DRAW,
    EFFECTS,
    STOP,
    TARGET0,
    TRAIT_COLOUR,
    TRAIT_ROLE,
    TURN,
    USE_ROLE,
)
from digsite.games.archeos_society.components import L_BOTANIST, L_EXPEDITIONS, L_SITES, MONKEY

from .archeos_society_positions import arrange, card, cards, legal, new_state, play_expedition
from .play import play_random

RED, GREEN, BLUE, YELLOW, PINK, PURPLE = range(6)


def end_season_now(state, player: int = 0) -> None:
    """The player to move draws the third monkey."""
    assert state.monkeys == 2 and state.deck[-1] == MONKEY
    state.apply_action(DRAW)


def test_expedition_points_example_25_plus_2_for_the_botanist_tile():
    """12 for 6 cards, 8 for a Photographer's 4 cards (counted as 5), 5 for 4 cards led by a
    Botanist, 0 for 1 card; the Botanist tile adds 2 and goes back for the next season."""
    state = new_state(2)
    six = cards(*["red student"] * 4, "red guide", "red patron")
    photo = cards("green photographer", "green guide", "green patron", "green physician")
    botanist = cards("blue botanist", "blue guide", "blue patron", "blue physician")
    one = cards("yellow physician")
    arrange(
        state,
        hands={0: cards("purple guide"), 1: cards("purple patron")},
        area=cards("red botanist"),
        top=[MONKEY],
        monkeys=2,
        expeditions={0: [six, photo, botanist, one]},
    )
    state.put("botanist", (0, 2))
    state.check_invariants()
    end_season_now(state)
    assert state.ledger[0][L_EXPEDITIONS] == 12 + 8 + 5 + 0 == 25
    assert state.ledger[0][L_BOTANIST] == 2
    assert state.ledger[0][L_SITES] == 0  # every vehicle still on its leftmost space
    assert state.score == (27, 0)
    assert state.season == 2 and state.botanist == (-1, -1)
    assert state.first_player == 0 and state.decider == 0  # the monkey's drawer starts


def test_site_points_example_white_10_brown_8():
    """White: 2 Machu Picchu, 0 Chichén Itzá, 0 Great Zimbabwe, 0 Grotta Azzurra, 2 Nan Madol,
    6 Sigiriya = 10. Brown: 2, 1, 3, 4, -2, 0 = 8. Vehicles stay where they are."""
    state = new_state(2)
    names = [state.board(c).name for c in range(6)]
    assert names == [
        "Chichén Itzá",
        "Machu Picchu",
        "Grotta Azzurra",
        "Great Zimbabwe",
        "Sigiriya",
        "Nan Madol",
    ]
    arrange(state, hands={0: cards("red guide")}, top=[MONKEY], monkeys=2)
    white = {GREEN: 1, RED: 0, YELLOW: 0, BLUE: 0, PURPLE: 2, PINK: 3}
    brown = {GREEN: 1, RED: 1, YELLOW: 2, BLUE: 2, PURPLE: 1, PINK: 0}
    for p, where in ((0, white), (1, brown)):
        for colour, space in where.items():
            state.put("pos", replaced_in(state.pos, p, colour, space))
    assert [state.site_points(0, c) for c in (GREEN, RED, YELLOW, BLUE, PURPLE, PINK)] == [
        2,
        0,
        0,
        0,
        2,
        6,
    ]
    assert [state.site_points(1, c) for c in (GREEN, RED, YELLOW, BLUE, PURPLE, PINK)] == [
        2,
        1,
        3,
        4,
        -2,
        0,
    ]
    before = state.pos
    end_season_now(state)
    assert [state.ledger[p][L_SITES] for p in (0, 1)] == [10, 8]
    assert state.score == (10, 8)
    assert state.pos == before  # "les véhicules restent sur leur case"


def _addable_after(state, leader: int, trait: int) -> set[int]:
    trial = state.clone()
    trial.apply_action(leader)
    trial.apply_action(trait)
    if trial.decision != ADD:
        return set()  # nothing could be added: a 1-card expedition was played
    return {a for a in trial.legal_actions() if a < 72}


def test_hand_example_the_possible_expeditions():
    """Pink Physician, pink Patron, green Botanist, blue Botanist: a pink 2-card expedition led
    by the Physician or by the Patron, a 2-card Botanist expedition led by the green or by the
    blue Botanist, or any 1-card expedition; nothing larger."""
    state = new_state(2)
    hand = cards("pink physician", "pink patron", "green botanist", "blue botanist")
    arrange(state, hands={0: hand, 1: cards("red guide")})
    assert set(hand) <= legal(state)  # each card may lead
    pp, pa, gb, bb = hand
    assert _addable_after(state, pp, TRAIT_COLOUR) == {pa}
    assert _addable_after(state, pa, TRAIT_COLOUR) == {pp}
    assert _addable_after(state, gb, TRAIT_ROLE) == {bb}
    assert _addable_after(state, bb, TRAIT_ROLE) == {gb}
    assert _addable_after(state, pp, TRAIT_ROLE) == set()
    assert _addable_after(state, gb, TRAIT_COLOUR) == set()
    # the largest expedition is 2 cards, and the rest of the hand goes to the area
    play_expedition(state, gb, "role", [bb])
    assert state.expeditions[0] == [[gb, bb]]
    while state.decision == EFFECTS:
        state.apply_action(STOP)
    assert state.hand_size[0] == 0
    assert state.area[pp] == 1 and state.area[pa] == 1
    assert state.decision == TURN and state.decider == 1


def test_valid_linguist_and_photographer_expeditions():
    """A yellow Linguist leads Linguists of any colour; a green Photographer leads green cards
    of any role, a second green Photographer included."""
    state = new_state(2, "rapa_nui")  # has Linguists
    hand = cards("yellow linguist", "green linguist", "purple linguist", "yellow student")
    arrange(state, hands={0: hand, 1: cards("red pilot")})
    assert _addable_after(state, hand[0], TRAIT_ROLE) == {hand[1], hand[2]}
    state = new_state(2)
    hand = cards("green photographer", "green photographer", "green guide", "red photographer")
    arrange(state, hands={0: hand, 1: cards("red guide")})
    assert _addable_after(state, hand[0], TRAIT_COLOUR) == {hand[0], hand[2]}
    play_expedition(state, hand[0], "colour", [hand[0], hand[2]])
    assert state.expeditions[0][0] == [hand[0], hand[0], hand[2]]


def test_invalid_expedition_blue_guide_with_a_blue_card_and_a_guide():
    """Leader blue Guide: a blue non-Guide and a non-blue Guide can never be in one expedition."""
    state = new_state(2)
    hand = cards("blue guide", "blue patron", "red guide")
    arrange(state, hands={0: hand, 1: cards("red patron")})
    leader, blue, guide = hand
    assert _addable_after(state, leader, TRAIT_COLOUR) == {blue}
    assert _addable_after(state, leader, TRAIT_ROLE) == {guide}
    play_expedition(state, leader, "colour", [blue])
    assert state.legal_action_mask()[guide] == 0


def test_threshold_of_three_and_one_space_per_expedition():
    """Grotta Azzurra from its second space needs 3 cards: a 5-card expedition advances one
    space only; a 2-card one may be played but does not advance."""
    state = new_state(2)
    assert state.board(BLUE).thresholds[1] == 3
    five = cards("blue patron", "blue guide", "blue physician", "blue student", "blue student")
    arrange(state, hands={0: five, 1: cards("blue patron", "blue guide")})
    state.put("pos", replaced_in(state.pos, 0, BLUE, 1))
    state.put("pos", replaced_in(state.pos, 1, BLUE, 1))
    play_expedition(state, five[0], "colour", five[1:])
    assert TARGET0 + BLUE in legal(state)
    state.apply_action(TARGET0 + BLUE)
    assert state.pos[0][BLUE] == 2
    assert not any(TARGET0 <= a < TARGET0 + 7 for a in legal(state))  # one space at most
    if state.decision == EFFECTS:
        state.apply_action(STOP)
    # player 1: two cards are too few to advance, but the expedition is played
    assert state.decider == 1
    play_expedition(state, card("blue patron"), "colour", [card("blue guide")])
    assert len(state.expeditions[1]) == 1 and state.pos[1][BLUE] == 1
    if state.decision == EFFECTS:
        assert TARGET0 + BLUE not in legal(state)


def test_student_leader_never_advances():
    state = new_state(2)
    hand = cards(*["red student"] * 4, "red guide", "red patron")
    arrange(state, hands={0: hand, 1: cards("blue guide")})
    play_expedition(state, hand[0], "colour", hand[1:])
    assert len(state.expeditions[0][0]) == 6
    assert state.pos[0] == (0,) * 7
    assert state.decision == TURN and state.decider == 1  # no effect was even offered


def test_third_monkey_ends_the_season_at_once_even_during_a_patron_draw():
    state = new_state(4)
    hand = cards("red patron", "red guide", "red botanist", "blue guide")
    arrange(
        state,
        hands={0: hand, 1: cards("green guide"), 2: cards("green guide"), 3: cards("blue patron")},
        area=cards("yellow student"),
        top=[MONKEY, card("purple guide")],
        monkeys=2,
    )
    play_expedition(state, hand[0], "colour", hand[1:3])
    state.apply_action(USE_ROLE)  # the Patron will draw 3 after the hand goes to the area
    while state.decision == EFFECTS:
        state.apply_action(STOP)
    # the first card drawn is the third monkey: the season ends, nothing more is drawn
    assert state.season == 2 and state.monkeys == 0
    assert state.first_player == 0 and state.decider == 0
    assert state.hand_size == [1, 1, 1, 1]  # the new season's deal


def test_first_two_monkeys_are_revealed_and_replaced():
    state = new_state(2)
    arrange(
        state,
        hands={0: cards("red guide"), 1: cards("red patron")},
        area=cards("blue guide"),
        top=[MONKEY, card("green guide"), MONKEY, card("pink guide")],
    )
    state.apply_action(DRAW)
    assert state.monkeys == 1 and state.hands[0][card("green guide")] == 1
    state.apply_action(DRAW)
    assert state.monkeys == 2 and state.hands[1][card("pink guide")] == 1
    assert state.season == 1


def test_seasons_by_player_count():
    for n, seasons in ((2, 2), (3, 2), (4, 3), (5, 3), (6, 3)):
        game = make_game("archeos_society", num_players=n)
        assert game.num_seasons == seasons
    state = new_state(4, seed=3)
    seen = {state.season}
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        legal_actions = state.legal_actions()
        state.apply_action(legal_actions[rng.integers(len(legal_actions))])
        seen.add(state.season)
    assert seen == {1, 2, 3}


def test_vehicles_never_reset_between_seasons():
    """(No Professor or Rapa Nui in the first game, so nothing moves vehicles at season end.)"""
    moved = 0
    for seed in range(5):
        state = new_state(3, seed=seed)
        rng = np.random.default_rng(seed)
        while state.season == 1:
            before = state.pos
            play_random(state, rng, max_steps=1)
        assert state.pos == before
        moved += sum(map(sum, before))
    assert moved > 0
