"""Mykerinos rules beyond the rulebook's worked examples: turn order, seasons, the 2-player
neutral, the Museum readings, scoring and tie-breaks, data files, and deep random play."""

from __future__ import annotations

import json

import numpy as np
import pytest

from digsite.core.fields import replaced
from digsite.games.mykerinos.actions import (
    BROWN_ROOM,
    DECLINE,
    EXCAVATE,
    EXTEND,
    GAME_OVER,
    LEFTOVER,
    NEUTRAL,
    NEUTRAL_ACTION,
    NEUTRAL_CARD,
    PASS,
    PATRON0,
    ROOM0,
    SURVEY_CHOICE,
    TAKE_LEFT,
    TAKE_RIGHT,
    TURN,
)
from digsite.games.mykerinos.components import DeckFileError, region_rows
from digsite.games.mykerinos.observation import LAYOUT
from digsite.games.mykerinos.rules import MykerinosGame

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
    cell,
    clear_pyramids,
    give_cards,
    legal,
    museum_cube,
    new_state,
    pass_season,
    put_cubes,
    set_passed,
    turn_of,
)
from .play import observation, random_action

# -- phase 2 ---------------------------------------------------------------------------------


def test_pass_is_the_only_action_without_cubes():
    state = new_state(3)
    give_cards(state, BLUE, VIOLET)
    turn_of(state, BLUE)
    state.general[BLUE] += state.personal[BLUE]
    state.personal[BLUE] = 0
    assert legal(state) == {PASS}


def test_lady_violet_needs_a_cube_in_the_general_stock():
    state = new_state(3)
    give_cards(state, BLUE, VIOLET)
    turn_of(state, BLUE)
    assert PATRON0 + VIOLET in legal(state)
    state.personal[BLUE] += state.general[BLUE]
    state.general[BLUE] = 0
    state.sync_derived()
    assert PATRON0 + VIOLET not in legal(state)


def test_one_patron_card_per_turn_each_card_once_a_season():
    state = new_state(3)
    give_cards(state, BLUE, BLACKMORE, 2)
    clear_pyramids(state)
    turn_of(state, BLUE)
    state.apply_action(PATRON0 + BLACKMORE)
    state.apply_action(cell(1, 1))
    state.apply_action(cell(1, 2))
    assert state.decider == RED  # the turn ended with the one patron action
    turn_of(state, BLUE)
    state.apply_action(PATRON0 + BLACKMORE)  # the second Blackmore card
    state.apply_action(cell(3, 1))
    state.apply_action(cell(3, 2))
    turn_of(state, BLUE)
    assert PATRON0 + BLACKMORE not in legal(state)  # both cards are tilted
    pass_season(state)
    turn_of(state, BLUE)
    assert PATRON0 + BLACKMORE in legal(state)  # straightened for the new season
    assert state.tilted[BLUE] == (0,) * 5


def test_sir_brown_sends_a_personal_cube_to_the_museum():
    state = new_state(3)
    give_cards(state, RED, BROWN)
    turn_of(state, RED)
    personal, general = state.personal[RED], state.general[RED]
    state.apply_action(PATRON0 + BROWN)
    assert state.decision == BROWN_ROOM
    assert not legal(state) & {ROOM0 + r for r in range(5, 10)}  # no 5-room yet
    state.apply_action(ROOM0 + 0)
    assert state.museum[0] == RED
    assert (state.personal[RED], state.general[RED]) == (personal - 1, general)


def test_extensions_cross_areas_and_cartouches():
    """Cubes on two parcels (or two areas) that touch orthogonally are adjacent."""
    state = new_state(3)
    clear_pyramids(state)
    put_cubes(state, BLUE, [cell(2, 6)])  # right edge of area 1
    turn_of(state, BLUE)
    state.apply_action(EXTEND)
    assert cell(2, 7) in legal(state)  # first cell of area 2
    assert cell(3, 6) in legal(state)  # the line below
    assert cell(3, 7) not in legal(state)  # diagonal


def test_chain_must_fit_before_it_starts():
    """A first cube is offered only where the whole excavation (2 or 3 cubes) can be laid."""
    state = new_state(3)
    clear_pyramids(state)
    everything = {cell(r, c) for r in range(1, 5) for c in range(1, 13)}
    hole = {cell(1, 1), cell(1, 2)}
    put_cubes(state, NEUTRAL, sorted(everything - hole - {cell(2, 2)}), from_general=True)
    put_cubes(state, RED, [cell(2, 2)])
    state.general[NEUTRAL] = 25  # the stack of neutral cubes is unused with 3 players
    turn_of(state, RED)
    state.apply_action(EXTEND)
    assert legal(state) == {cell(1, 2)}  # then (1, 1): the only room for two cubes


def test_last_player_takes_one_action_then_the_last_passing_space():
    state = new_state(3)
    turn_of(state, BLUE)
    state.apply_action(PASS)  # Blue 1
    state.apply_action(PASS)  # Red 2
    assert state.last_turn and state.decider == GREEN
    state.apply_action(EXCAVATE)
    state.apply_action(next(iter(legal(state))))
    assert state.pass_space[GREEN] == 3
    assert state.decision in (SURVEY_CHOICE, TURN)  # survey (Green's cube) or next season
    while state.decision != TURN:
        state.apply_action(min(legal(state)))
    assert state.first_player == GREEN and state.decider == GREEN


def test_unused_cubes_carry_over_and_the_allotment_is_capped_by_the_stock():
    state = new_state(4)
    assert state.personal == [8, 8, 8, 8]
    state.personal[BLUE] -= 3
    # three Blue cubes leave: one in the Museum, two in the box...
    state.put("museum", replaced(state.museum, 0, BLUE))
    state.general[RED] = 5  # Red has only 5 left in the general stock
    state.personal[RED] = 20
    state.general[BLUE] += 2
    pass_season(state)
    assert state.personal[BLUE] == 5 + 8
    assert state.personal[RED] == 20 + 5 and state.general[RED] == 0


def test_season_four_lays_twelve_parcels_in_six_rows():
    state = new_state(3)
    for season in (1, 2, 3):
        assert state.season == season
        assert len(state.slots) == 8 and region_rows(state.season) == 4
        pass_season(state)
    assert state.season == 4 and len(state.slots) == 12 and not state.deck
    assert state.valid.bit_count() == 72


# -- survey ----------------------------------------------------------------------------------


def test_alone_in_an_area_scores_only_as_first():
    state = new_state(3)
    clear_pyramids(state)
    put_cubes(state, RED, [cell(1, 1)])
    set_passed(state, [BLUE, RED])
    turn_of(state, GREEN)
    left, right = state.slots[0], state.slots[1]
    state.apply_action(PASS)
    assert (state.decision, state.decider) == (SURVEY_CHOICE, RED)
    state.apply_action(TAKE_RIGHT)
    assert state.owned[RED] == (right,) and left in state.removed  # the other is discarded


def test_ties_go_to_the_earlier_passer():
    state = new_state(3)
    clear_pyramids(state)
    put_cubes(state, BLUE, [cell(1, 1), cell(1, 2)])
    put_cubes(state, GREEN, [cell(2, 1), cell(2, 2)])
    set_passed(state, [GREEN, BLUE])
    turn_of(state, RED)
    state.apply_action(PASS)
    assert state.ranked == [GREEN, BLUE]


def test_second_may_book_the_museum_and_third_may_decline():
    state = new_state(3)
    clear_pyramids(state)
    put_cubes(state, BLUE, [cell(1, 1), cell(1, 2), cell(1, 3)])
    put_cubes(state, RED, [cell(2, 1), cell(2, 2)])
    put_cubes(state, GREEN, [cell(2, 3)])
    set_passed(state, [BLUE, RED])
    turn_of(state, GREEN)
    right = state.slots[1]
    state.apply_action(PASS)
    state.apply_action(ROOM0 + 10)  # Blue, 1st, books a 2-room
    assert (state.decision, state.decider) == (SURVEY_CHOICE, RED)
    state.apply_action(TAKE_LEFT)
    assert (state.decision, state.decider) == (LEFTOVER, GREEN)
    assert legal(state) == {TAKE_RIGHT, DECLINE}
    state.apply_action(DECLINE)
    assert state.owned[GREEN] == () and right in state.removed


def test_museum_from_the_survey_uses_the_general_stock():
    state = new_state(3)
    clear_pyramids(state)
    put_cubes(state, BLUE, [cell(1, 1), cell(1, 9)])  # the 2nd cube keeps the survey going
    set_passed(state, [BLUE, RED])
    turn_of(state, GREEN)
    state.apply_action(PASS)
    personal, general = state.personal[BLUE], state.general[BLUE]
    state.apply_action(ROOM0 + 3)
    assert state.survey_area == 1
    assert state.personal[BLUE] == personal
    assert state.general[BLUE] == general - 1 + 1  # one to the Museum, one back from the area
    assert state.museum[3] == BLUE


def test_museum_choice_needs_a_cube_in_the_general_stock():
    state = new_state(3)
    clear_pyramids(state)
    put_cubes(state, BLUE, [cell(1, 1)])
    state.personal[BLUE] += state.general[BLUE]
    state.general[BLUE] = 0
    set_passed(state, [BLUE, RED])
    turn_of(state, GREEN)
    state.apply_action(PASS)
    assert legal(state) == {TAKE_LEFT, TAKE_RIGHT}


# -- two players: the neutral colour ---------------------------------------------------------


def test_two_players_neutral_cubes_and_passing_space():
    state = new_state(2)
    assert state.personal == [11, 11] and state.neutral_stock == [4, 4]
    clear_pyramids(state)
    put_cubes(state, BLUE, [cell(1, 1)])  # so that the survey stops for a choice
    turn_of(state, BLUE)
    state.apply_action(PASS)
    assert state.pass_space[BLUE] == 1
    assert state.last_turn
    state.apply_action(PASS)
    assert state.pass_space[RED] == 3  # the neutral disc holds space 2


def test_two_players_optional_neutral_action_after_ones_own():
    state = new_state(2)
    clear_pyramids(state)
    give_cards(state, BLUE, TANGERINE)
    clear_pyramids(state)
    turn_of(state, BLUE)
    state.apply_action(EXCAVATE)
    state.apply_action(cell(1, 1))
    assert (state.decision, state.decider) == (NEUTRAL_ACTION, BLUE)
    assert legal(state) == {EXCAVATE, DECLINE}  # no neutral cube to extend yet; no patrons
    state.apply_action(EXCAVATE)
    state.apply_action(cell(4, 12))
    assert state.cubes[NEUTRAL].bit_count() == 1 and state.neutral_stock[BLUE] == 3
    assert (state.decision, state.decider) == (TURN, RED)
    state.apply_action(EXCAVATE)
    state.apply_action(cell(1, 5))
    assert EXTEND in legal(state)  # Red may extend the neutral excavation Blue started
    state.apply_action(DECLINE)
    assert (state.decision, state.decider) == (TURN, BLUE)


def _two_player_survey(blue: int, red: int, neutral: int, pass_first: int = BLUE):
    state = new_state(2)
    clear_pyramids(state)
    cells = [cell(r, c) for r in (1, 2) for c in range(1, 7)]
    put_cubes(state, BLUE, cells[:blue])
    put_cubes(state, RED, cells[blue : blue + red])
    put_cubes(state, NEUTRAL, cells[blue + red : blue + red + neutral])
    set_passed(state, [pass_first])
    turn_of(state, 1 - pass_first)
    state.apply_action(PASS)
    return state


def test_neutral_first_card_chosen_by_the_third():
    state = _two_player_survey(blue=2, red=1, neutral=3)
    assert state.ranked == [NEUTRAL, BLUE, RED]
    assert (state.decision, state.decider) == (NEUTRAL_CARD, RED)
    assert legal(state) == {TAKE_LEFT, TAKE_RIGHT}
    left = state.slots[0]
    state.apply_action(TAKE_LEFT)
    assert left in state.removed  # cards the neutral takes leave the game
    assert (state.decision, state.decider) == (SURVEY_CHOICE, BLUE)


def test_neutral_first_card_chosen_by_the_absent_player():
    state = _two_player_survey(blue=0, red=1, neutral=3)
    assert state.ranked == [NEUTRAL, RED]
    assert (state.decision, state.decider) == (NEUTRAL_CARD, BLUE)


def test_neutral_second_card_chosen_by_the_first_after_a_museum_booking():
    state = _two_player_survey(blue=3, red=1, neutral=2)
    assert state.ranked == [BLUE, NEUTRAL, RED]
    state.apply_action(ROOM0 + 0)
    assert (state.decision, state.decider) == (NEUTRAL_CARD, BLUE)
    state.apply_action(TAKE_RIGHT)
    assert (state.decision, state.decider) == (LEFTOVER, RED)


def test_neutral_second_takes_the_last_card_without_a_choice():
    state = _two_player_survey(blue=3, red=0, neutral=2)
    right = state.slots[1]
    state.apply_action(TAKE_LEFT)
    assert right in state.removed  # taken by the neutral at once


def test_neutral_alone_both_cards_discarded():
    state = _two_player_survey(blue=0, red=0, neutral=2)
    assert not state.owned[BLUE] and not state.owned[RED]
    assert len(state.removed) >= 8  # the whole region went out of the game


def test_neutral_tie_with_the_first_passer():
    """The neutral sits on passing space 2: it beats the later passer, not the first."""
    state = _two_player_survey(blue=2, red=2, neutral=2, pass_first=BLUE)
    assert state.ranked == [BLUE, NEUTRAL, RED]


# -- museum readings, scoring, end -----------------------------------------------------------


def test_open_fan_museum_has_four_two_rooms():
    state = new_state(3, museum_two_rooms=4)
    assert len(state.game.museum.rooms) == 14
    assert 14 not in state.museum_rooms_for(BLUE)
    museum_cube(state, BLUE, 10)  # between wings 1 and 2
    assert {5, 6} <= set(state.museum_rooms_for(BLUE))
    ring = new_state(3)
    museum_cube(ring, BLUE, 14)  # between wings 5 and 1, only in the ring
    assert {9, 5} <= set(ring.museum_rooms_for(BLUE))


def _finish(state):
    while state.decision != GAME_OVER:
        pass_season(state)


def test_two_complete_series_score_ten_and_the_no_patron_card_only_its_prestige():
    state = new_state(3)
    for patron in range(5):
        give_cards(state, GREEN, patron)
    give_cards(state, GREEN, None)  # the 5-point card
    pass_season(state)
    for patron in range(5):
        give_cards(state, GREEN, patron)
    prestige = state.score[GREEN]
    _finish(state)
    # 10 patron cards at 1 point each (no Museum room), 2 series; the 5-point card adds nothing
    assert state.score[GREEN] == prestige + 10 + 10
    assert state.final_bonus[GREEN] == 20


def test_tie_break_on_personal_cubes_then_a_shared_win():
    state = new_state(3)
    _finish(state)
    state.put("score", (10, 10, 4))
    state.personal = [3, 5, 9]
    assert state.winners() == [RED]
    assert state.returns() == [-1.0, 1.0, -1.0]
    state.personal = [5, 5, 9]
    assert state.winners() == [BLUE, RED]
    assert state.returns() == [1.0, 1.0, -1.0]
    state.put("score", (10, 10, 10))
    state.personal = [5, 5, 5]
    assert state.returns() == [0.0, 0.0, 0.0]


# -- configuration and data ------------------------------------------------------------------


def test_bad_configs_are_explained():
    with pytest.raises(ValueError, match="num_players must be one of 2, 3, 4"):
        MykerinosGame(num_players=5)
    with pytest.raises(ValueError, match="museum_two_rooms"):
        MykerinosGame(museum_two_rooms=3)


def test_a_custom_deck_file_is_used(tmp_path):
    from importlib import resources

    data = json.loads(
        resources.files("digsite.games.mykerinos").joinpath("data", "cards.json").read_text()
    )
    for record in data["cards"]:
        record["pyramids"] = ["...", "..."]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    state = MykerinosGame(num_players=3, deck=path).new_initial_state(np.random.default_rng(0))
    assert state.pyramids == 0
    assert MykerinosGame(num_players=3, deck=data["cards"]).config["deck"] is not None


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda cards: cards.pop(), "36 cards"),
        (lambda cards: cards[0].update(patron="pharaoh"), "patron"),
        (lambda cards: cards[0].update(prestige=4), "prestige"),
        (lambda cards: cards[0].update(pyramids=["P.."]), "pyramids"),
        (lambda cards: cards[0].update(provenance="guess"), "provenance"),
        (lambda cards: cards[0].update(provenance="public"), "source"),
        (lambda cards: cards[0].update(patron=None), "no patron"),
        (lambda cards: cards[1].update(id=0), "id 0 is already the id"),
    ],
)
def test_malformed_deck_files_are_rejected(change, message):
    from importlib import resources

    data = json.loads(
        resources.files("digsite.games.mykerinos").joinpath("data", "cards.json").read_text()
    )
    change(data["cards"])
    with pytest.raises(DeckFileError, match=message):
        MykerinosGame(deck=data)


def test_shipped_deck_is_reconstructed_and_shaped_like_the_real_one():
    game = MykerinosGame()
    counts = [sum(c.patron == p for c in game.cards) for p in range(6)]
    assert counts == [7, 7, 7, 7, 7, 1]
    assert all(c.provenance == "reconstructed" for c in game.cards)
    no_patron = [c for c in game.cards if c.patron == 5]
    assert no_patron[0].prestige == 5


# -- deep random play ------------------------------------------------------------------------


def _eager_policy(rng):
    """Random, but passes only when nothing else is legal, so the region fills up and the
    patrons, the Museum and the neutral all get used."""

    def policy(state):
        mask = state.legal_action_mask().copy()
        if mask.sum() > 1:
            mask[PASS] = 0
            if state.decision == NEUTRAL_ACTION:
                mask[DECLINE] = 0
        return random_action(mask, rng)

    return policy


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_eager_random_games_keep_the_rules_and_use_every_action(num_players):
    game = MykerinosGame(num_players=num_players)
    rng = np.random.default_rng(num_players)
    policy = _eager_policy(rng)
    used = set()
    for _ in range(40):
        state = game.new_initial_state(rng)
        steps = 0
        while not state.is_terminal():
            action = policy(state)
            state.apply_action(action)
            used.add(action if action >= ROOM0 else "cell")
            state.check_invariants()
            steps += 1
            assert steps < game.max_game_length
    expected = {"cell", EXCAVATE, EXTEND, PASS, TAKE_LEFT, TAKE_RIGHT, DECLINE}
    expected |= {PATRON0 + p for p in range(5)} | {ROOM0 + r for r in range(15)}
    assert expected <= used, f"never used: {expected - used}"


def test_observation_pieces_tell_the_position():
    state = new_state(3)
    clear_pyramids(state)
    put_cubes(state, RED, [cell(1, 1)])
    turn_of(state, RED)
    pieces = LAYOUT.unpack(observation(state, RED))
    assert pieces["cubes"][0, cell(1, 1)] == 1  # seen by Red as "mine"
    assert LAYOUT.unpack(observation(state, BLUE))["cubes"][1, cell(1, 1)] == 1
    assert pieces["decider"][0] == 1 and pieces["decision"][TURN] == 1
    assert pieces["region_cells"].sum() == 48
    assert pieces["personal_cubes"][0] == pytest.approx(10 / 25)
    assert WHITE == 3 and LEMON == 1  # the names used above are the rulebook's colours


def test_documentation_page_matches_the_code():
    import digsite.games.mykerinos as page
    from digsite import mykerinos_v1
    from digsite.games.mykerinos.actions import DECISIONS, NUM_ACTIONS

    doc = page.__doc__
    assert mykerinos_v1.__doc__ == doc
    lines = [line.split() for line in doc.splitlines()]
    for name, shape in LAYOUT.shapes.items():
        assert [name, *str(shape).split()] in [line[: len(shape) + 1] for line in lines], name
    assert f"Discrete({NUM_ACTIONS})" in doc and f"({LAYOUT.size},)" in doc
    assert all(d in doc for d in DECISIONS)
