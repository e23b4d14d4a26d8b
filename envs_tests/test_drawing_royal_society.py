"""The Royal Society of Archeology's board picture: a seat sees its own hand as faces and the
others' hidden cards as backs; explorers show their owners' colours in their sections."""

from __future__ import annotations

import numpy as np

from digsite.core.canvas import HIDDEN, player_colour
from digsite.drawing import picture
from digsite.games.royal_society import drawing
from digsite.games.royal_society.rules import RoyalSocietyGame

from .play import random_action


def _play_until(state, rng, done, limit=3000):
    for _ in range(limit):
        if done(state):
            return state
        state.apply_action(random_action(state.legal_action_mask(), rng))
    raise AssertionError("the position never came")


def _hand_area(page: np.ndarray, seat: int) -> np.ndarray:
    x = drawing.MARGIN + seat * (drawing.SEAT_W + drawing.SEAT_GAP)
    return page[drawing.SEATS_Y : drawing.HEIGHT - drawing.MARGIN, x : x + drawing.SEAT_W]


def _has(area: np.ndarray, colour, pixels: int = 100) -> bool:
    """At least ``pixels`` pixels of ``colour`` (a piece or a card back) in ``area``."""
    return bool(np.all(area == np.array(colour, dtype=np.uint8), axis=-1).sum() >= pixels)


def test_own_hand_faces_and_other_hands_backs():
    game = RoyalSocietyGame(num_players=3)
    rng = np.random.default_rng(4)
    state = game.new_initial_state(rng)
    state = _play_until(
        state,
        rng,
        lambda s: (
            all(len(s.hand[p]) > len(s.view(0)["seats"][p]["known_hand"]) for p in (1, 2))
            and s.hand[0]
        ),
    )
    seat0 = picture(state, 0)
    # the other seats' hidden cards are backs in seat 0's picture
    assert _has(_hand_area(seat0, 1), HIDDEN) and _has(_hand_area(seat0, 2), HIDDEN)
    # seat 0 sees no back of its own hand; the spectator sees no back at all
    assert not _has(_hand_area(seat0, 0), HIDDEN)
    spectator = picture(state)
    assert not any(_has(_hand_area(spectator, q), HIDDEN) for q in range(3))
    # the card names of one's own hand are the only difference a seat's cards make
    assert not np.array_equal(_hand_area(seat0, 1), _hand_area(spectator, 1))


def test_an_explorer_shows_its_owner_colour_in_its_section():
    game = RoyalSocietyGame(num_players=3)
    rng = np.random.default_rng(7)
    state = game.new_initial_state(rng)
    state = _play_until(state, rng, lambda s: any(s.view(0)["locations"]))
    view = state.view(0)
    loc, pieces = next((i, p) for i, p in enumerate(view["locations"]) if p)
    section, owner, _ = pieces[0]
    page = picture(state)
    x = drawing.MARGIN + loc * (drawing.LOC_W + drawing.LOC_GAP) + 6
    x += (section - 1) * drawing.SECTION_W
    column = page[drawing.BOARD_Y : drawing.BOARD_Y + drawing.LOC_H, x : x + drawing.SECTION_W]
    assert _has(column, player_colour(owner))
    # the same section of an empty position has no piece of that colour
    empty = picture(game.new_initial_state(np.random.default_rng(0)))
    column = empty[drawing.BOARD_Y : drawing.BOARD_Y + drawing.LOC_H, x : x + drawing.SECTION_W]
    assert not _has(column, player_colour(owner))
