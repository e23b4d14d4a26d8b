"""The worked examples of the Medieval Realms rulebook, rebuilt and checked against the stated
outcome (battles, the new turn order, the extra tokens), and the rulebook's tables."""

from __future__ import annotations

import numpy as np
import pytest

from digsite.core.fields import replaced_in
from digsite.games.medieval_realms.actions import (
    ACTION,
    ACTIVATE0,
    BID,
    BID0,
    PASS,
    PICK_PAIR,
    PLAY0,
)
from digsite.games.medieval_realms.components import GENERAL, GREAT_PERSON_BONUS

from .medieval_realms_positions import (
    cards_of,
    give_hand,
    give_realm,
    new_state,
    pair_action,
    pick_pairs,
    place,
    put_on_panel,
    res,
    set_resources,
    to_action_phase,
)


def land_reward(state, land: int) -> list[int]:
    return list(state.game.board.lands[land - 1])


def play_placements(state, plans: dict) -> None:
    """Each player's placement, in whatever order the engine asks for them."""
    while state.decider in plans and state.decision != ACTION:
        place(state, state.decider, **plans.pop(state.decider))
    assert not plans and state.revealed


def gains(before, after) -> list[int]:
    return [a - b for a, b in zip(after, before, strict=True)]


def test_two_player_battle():
    """Rachel: General land 5, Admiral land 3, both buffers land 6.  Wyatt: General land 2,
    Admiral land 1, buffers on lands 5 and 4.  Rachel wins land 3; land 5 is a tie (her General
    against his buffer, 2 each); Wyatt wins lands 1 and 2; the buffers on 4 and 6 do nothing."""
    state = new_state(2, seed=1)
    pick_pairs(state)
    rachel, wyatt = 0, 1
    before = [list(state.res[p]) for p in (0, 1)]
    play_placements(
        state,
        {
            rachel: dict(squares=[2, 2, 2, 2], generals=[5], admirals=[3], buffers=[6, 6]),
            wyatt: dict(squares=[2, 2, 2, 2], generals=[2], admirals=[1], buffers=[4, 5]),
        },
    )
    assert [state.land_winner(land - 1) for land in range(1, 9)] == [
        wyatt,
        wyatt,
        rachel,
        -1,
        -1,
        -1,
        -1,
        -1,
    ]
    mayors = [0] * 7
    mayors[res("science")] = 4
    mayors[res("goods")] = 2  # the extra Goods of step 4
    expect_rachel = [m + r for m, r in zip(mayors, land_reward(state, 3), strict=True)]
    expect_wyatt = [
        m + a + b
        for m, a, b in zip(mayors, land_reward(state, 1), land_reward(state, 2), strict=True)
    ]
    assert gains(before[0], state.res[rachel]) == expect_rachel
    assert gains(before[1], state.res[wyatt]) == expect_wyatt


def test_four_player_battle():
    """James: General 3, Admiral 1.  Claire: General and Admiral on 3.  Michael: General 3,
    Admiral 8.  Valerie: General 4, Admiral 8.  Claire wins 3, James 1, Valerie 4; Michael and
    Valerie tie on 8."""
    state = new_state(4, seed=2)
    pick_pairs(state)
    james, claire, michael, valerie = range(4)
    before = [list(state.res[p]) for p in range(4)]
    mayors = dict(squares=[2, 2, 2, 2])
    play_placements(
        state,
        {
            james: dict(generals=[3], admirals=[1], **mayors),
            claire: dict(generals=[3], admirals=[3], **mayors),
            michael: dict(generals=[3], admirals=[8], **mayors),
            valerie: dict(generals=[4], admirals=[8], **mayors),
        },
    )
    winners = [state.land_winner(land - 1) for land in range(1, 9)]
    assert winners == [james, -1, claire, valerie, -1, -1, -1, -1]
    base = [0] * 7
    base[res("science")] = 4
    base[res("goods")] = 2
    for player, lands in ((james, [1]), (claire, [3]), (michael, []), (valerie, [4])):
        expected = list(base)
        for land in lands:
            expected = [e + r for e, r in zip(expected, land_reward(state, land), strict=True)]
        assert gains(before[player], state.res[player]) == expected, player


def test_turn_order_example():
    """James 5 Goods, Claire 2, Michael 5, Valerie 6 (seated in that order clockwise): Valerie
    takes square 1, then James (closer clockwise to Valerie than Michael), Michael, Claire."""
    state = new_state(4, seed=3)
    pick_pairs(state)
    james, claire, michael, valerie = range(4)
    # Goods before step 4 (+2 each); Mayors on Science, military tied on land 1: no other Goods
    for player, goods in ((james, 3), (claire, 0), (michael, 3), (valerie, 4)):
        set_resources(state, player, goods=goods)
    plan = dict(squares=[2, 2, 2, 2], generals=[1], admirals=[1])
    play_placements(state, {p: dict(plan) for p in range(4)})
    assert [state.res[p][res("goods")] for p in range(4)] == [5, 2, 5, 6]
    assert state.turn_order == (valerie, james, michael, claire)
    assert state.decision == ACTION and state.decider == valerie


@pytest.mark.parametrize("previous_first", [0, 1, 2, 3])
def test_tie_for_first_goes_clockwise_from_the_previous_initial_player(previous_first):
    state = new_state(4, seed=4)
    state.put("turn_order", (previous_first, *(p for p in range(4) if p != previous_first)))
    for p, goods in enumerate([6, 2, 6, 1]):
        state.put("res", replaced_in(state.res, p, res("goods"), goods))
    order = state.new_turn_order()
    # players 0 and 2 tie; the one seated first clockwise from the previous initial player
    # (that player included) goes first
    first = 0 if previous_first in (0, 3) else 2
    assert order[0] == first
    assert order[1] == 2 - first  # the other 6-Goods player
    assert order[2:] == [1, 3]


def test_extra_token_choice_example():
    """Turn order Michael, Valerie, Claire, James: James picks first (Culture + Battle), then
    Claire (Goods + Raw Materials), Valerie (Religion + Culture), Michael last (Science + one
    more).  A pair already taken is forbidden; one resource of a pair may repeat."""
    state = new_state(4, seed=5)
    james, claire, michael, valerie = range(4)
    state.put("turn_order", (michael, valerie, claire, james))
    state.decider = james
    state._mask = None
    start = [list(state.res[p]) for p in range(4)]
    assert state.decision == PICK_PAIR and state.current_player() == james
    state.apply_action(pair_action("culture", "battle"))
    assert state.current_player() == claire
    assert not state.legal_action_mask()[pair_action("culture", "battle")]
    state.apply_action(pair_action("goods", "raw"))
    assert state.current_player() == valerie
    mask = state.legal_action_mask()
    assert mask[pair_action("religion", "culture")]  # Culture repeats James's, allowed
    assert not mask[pair_action("goods", "raw")]
    state.apply_action(pair_action("religion", "culture"))
    assert state.current_player() == michael
    state.apply_action(pair_action("science", "gold"))
    assert state.decision != PICK_PAIR
    for player, (a, b) in (
        (james, ("culture", "battle")),
        (claire, ("goods", "raw")),
        (valerie, ("religion", "culture")),
        (michael, ("science", "gold")),
    ):
        expected = list(start[player])
        expected[res(a)] += 1
        expected[res(b)] += 1
        assert state.res[player] == tuple(expected)
    state.check_invariants()


@pytest.mark.parametrize("count", range(7))
def test_great_person_bonus_table(count):
    """1 Great Person: 1 VP, 2: 3, 3: 6, 4: 10, 5 or more: 15."""
    state = new_state(3, seed=6)
    greats = (
        cards_of(state, "artist") + cards_of(state, "missionary") + cards_of(state, "scientist")
    )
    for card in greats[:count]:
        give_realm(state, 0, card)
    state._final_scoring()
    assert state.final[0][2] == [0, 1, 3, 6, 10, 15, 15][count] == GREAT_PERSON_BONUS[min(count, 5)]
    state.check_invariants()


def test_hand_colour_rule_and_limit():
    """A Hole card cannot be activated with a card of its stamp colour in hand, nor with 4 cards
    in hand; a card of another colour can."""
    state = new_state(4, seed=7)
    to_action_phase(state)
    p = state.decider
    set_resources(state, p, goods=10)
    blue_hole = cards_of(state, "scientific_development")[0]
    red_hole = cards_of(state, "market")[0]
    put_on_panel(state, 0, blue_hole)
    put_on_panel(state, 1, red_hole)
    assert state.legal_action_mask()[ACTIVATE0] and state.legal_action_mask()[ACTIVATE0 + 1]
    give_hand(state, p, cards_of(state, "university")[0])  # blue
    mask = state.legal_action_mask()
    assert not mask[ACTIVATE0] and mask[ACTIVATE0 + 1]
    for type_name in ("city", "island", "inquisition"):  # green, turquoise, white: 4 cards
        give_hand(state, p, cards_of(state, type_name)[0])
    assert len(state.hand[p]) == 4
    assert not state.legal_action_mask()[ACTIVATE0 + 1]
    state.check_invariants()


def test_auction_where_every_other_player_passes():
    """The activator opens; every other player passes in turn: the activator pays the bid in
    the card's resource and puts the card into play with its immediate effect."""
    state = new_state(4, seed=8)
    to_action_phase(state)
    p = state.decider
    card = cards_of(state, "realm_leader", leader="general")[0]
    put_on_panel(state, 5, card)
    set_resources(state, p, gold=5)
    generals = state.leaders[p][GENERAL]
    goods = state.res[p][res("goods")]
    state.apply_action(ACTIVATE0 + 5)
    assert state.decision == BID and state.decider == p
    assert not state.legal_action_mask()[PASS], "the activator must open the bidding"
    state.apply_action(BID0 + 3 - 1)
    for step in range(1, 4):
        assert state.decision == BID and state.decider == (p + step) % 4  # clockwise
        state.apply_action(PASS)
    assert card in state.realm[p] and state.panel[5] == -1
    assert state.res[p][res("gold")] == 2
    assert state.res[p][res("goods")] == goods, "an auction costs no Goods"
    assert state.leaders[p][GENERAL] == generals + 1
    assert state.decision == ACTION and state.decider == state.turn_order[1]
    state.check_invariants()


def test_the_game_lasts_seven_rounds():
    state = new_state(3, seed=9)
    rng = np.random.default_rng(0)
    rounds = set()
    while not state.is_terminal():
        rounds.add(state.round)
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply_action(int(legal[rng.integers(len(legal))]))
    assert rounds == set(range(1, 8))


def test_mayors_stack_on_squares():
    """The rulebook's Management example (icons lost): Mayors may share a square, each yields
    one token of it: 2 on Science, 1 on Culture and 1 on Goods give 2 Science, 1 Culture and
    1 Goods (plus the 2 extra Goods of step 4)."""
    state = new_state(3, seed=10)
    pick_pairs(state)
    before = [list(state.res[p]) for p in range(3)]
    plan = dict(squares=[2, 2, 3, 1], generals=[1], admirals=[1])  # land 1: a three-way tie
    play_placements(state, {p: dict(plan) for p in range(3)})
    expected = [0] * 7
    expected[res("science")] = 2
    expected[res("culture")] = 1
    expected[res("goods")] = 1 + 2
    for p in range(3):
        assert gains(before[p], state.res[p]) == expected


def test_two_player_new_mayor_produces_and_buffers_stay_two():
    state = new_state(2, seed=11)
    to_action_phase(state)
    p = state.decider
    give_hand(state, p, cards_of(state, "university")[0])
    set_resources(state, p, science=4)
    state.apply_action(PLAY0)  # the University, from hand
    assert state.leaders[p][0] == 7 and state.buffers[p] == 2
    while state.decision == ACTION:
        state.apply_action(PASS)
    assert state.round == 2 and state.decider in (0, 1)
    if state.decider != p:
        place(state, state.decider, squares=[1] * 4, generals=[1], admirals=[1], buffers=[2, 2])
    before = list(state.res[p])
    place(state, p, squares=[2] * 5, generals=[1], admirals=[1], buffers=[5, 5])  # tie on 1
    if not state.revealed:
        place(state, state.decider, squares=[1] * 4, generals=[1], admirals=[1], buffers=[2, 2])
    assert state.res[p][res("science")] - before[res("science")] == 5
