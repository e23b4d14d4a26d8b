"""Building Mykerinos positions for scenario tests, keeping every component accounted for."""

from __future__ import annotations

import numpy as np

from digsite.core.fields import replaced
from digsite.games.mykerinos.actions import (
    DECLINE,
    GAME_OVER,
    NEUTRAL,
    ON_TABLE,
    PASS,
    TAKE_LEFT,
    TAKE_RIGHT,
    TURN,
)
from digsite.games.mykerinos.components import CELL_BIT, COLS, PATRONS
from digsite.games.mykerinos.rules import MykerinosGame

BLUE, RED, GREEN, WHITE = range(4)
VIOLET, LEMON, BROWN, BLACKMORE, TANGERINE = range(5)


def cell(row: int, col: int) -> int:
    """Cell id of the 1-based row and column used in the test comments."""
    return (row - 1) * COLS + (col - 1)


def new_state(num_players: int = 4, seed: int = 0, **config):
    game = MykerinosGame(num_players=num_players, **config)
    state = game.new_initial_state(np.random.default_rng(seed))
    return state


def clear_pyramids(state) -> None:
    """Lift every pyramid (call after any change of parcels, which lays their pyramids)."""
    state.pyramids = 0
    state.sync_derived()


def add_pyramids(state, cells) -> None:
    for c in cells:
        state.pyramids |= CELL_BIT[c]
    state.sync_derived()


def put_cubes(state, owner: int, cells, from_general: bool = False) -> None:
    """Cubes of ``owner`` onto cells, from the personal stock (or the general stock)."""
    for c in cells:
        state.cells[c] = owner
        if owner == NEUTRAL or from_general:
            state.general[owner] -= 1
        else:
            state.personal[owner] -= 1
    state.sync_derived()


def card_id(state, patron: int | None, prestige: int | None = None, exclude=()) -> int:
    """A card of that patron (None: the no-patron card) still in the undealt deck."""
    target = len(PATRONS) if patron is None else patron
    for c in state.deck:
        card = state.game.cards[c]
        if c not in exclude and card.patron == target and prestige in (None, card.prestige):
            return c
    raise LookupError(f"no such card left in the deck: {patron} {prestige}")


def set_parcel(state, slot: int, card: int) -> None:
    """Swap ``card`` (from the deck) into a region slot; the old card goes back to the deck."""
    i = state.deck.index(card)
    state.deck[i] = state.slots[slot]
    state.put("slots", replaced(state.slots, slot, card))
    state.slot_rotated[slot] = False
    state._set_region()
    state.sync_derived()


def give_cards(state, player: int, patron: int | None, count: int = 1) -> list[int]:
    """The player takes ``count`` parcels of that patron from this season's region, as in a
    survey (the cards are first swapped in from the undealt deck); their prestige is scored."""
    given = []
    for _ in range(count):
        slot = state.slot_state.index(ON_TABLE)
        c = card_id(state, patron)
        set_parcel(state, slot, c)
        state._take_parcel(player, slot)
        given.append(c)
    return given


def museum_cube(state, player: int, room: int) -> None:
    state.put("museum", replaced(state.museum, room, player))
    state.general[player] -= 1
    state.sync_derived()


def set_passed(state, order) -> None:
    """Players in ``order`` have passed, on spaces 1, 2, ... (the neutral's 2 is skipped)."""
    for p in order:
        state._take_pass_space(p)
    state.last_turn = sum(not s for s in state.pass_space) == 1


def turn_of(state, player: int) -> None:
    state.decision = TURN
    state.decider = player
    state.sync_derived()


def pass_season(state) -> None:
    """Everyone passes for the rest of the season; in the survey, players take the left parcel
    (or decline), never the Museum."""
    season = state.season
    while state.season == season and state.decision != GAME_OVER:
        choices = legal(state)
        state.apply_action(next(a for a in (PASS, TAKE_LEFT, TAKE_RIGHT, DECLINE) if a in choices))


def legal(state) -> set[int]:
    return {int(a) for a in np.flatnonzero(state.legal_action_mask())}
