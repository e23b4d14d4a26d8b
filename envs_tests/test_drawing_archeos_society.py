"""The Archeos Society picture: another seat's hidden cards are card backs in a seat's picture
and faces in the spectator's, and a vehicle's advance moves it on its site."""

from __future__ import annotations

import copy

import numpy as np

from digsite.core.canvas import HIDDEN, PLAYER_COLOURS
from digsite.drawing import picture
from digsite.games.archeos_society import drawing
from digsite.games.archeos_society.rules import ArcheosSocietyGame

from .play import random_action


def _pixels(image: np.ndarray, colour, rows: slice, columns: slice) -> int:
    return int(np.all(image[rows, columns] == colour, axis=-1).sum())


def _hand_rows(num_players: int, seat: int) -> slice:
    """The pixel rows of a seat panel's hand."""
    h = min(drawing.MAX_SEAT_H, (drawing.SEATS_BOTTOM - drawing.TOP) // num_players)
    top = drawing.TOP + seat * h + 24
    return slice(top, top + drawing.CARD_H)


def _position_with_a_hidden_hand(num_players: int = 3, seed: int = 0):
    game = ArcheosSocietyGame(num_players=num_players)
    state = game.new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed)
    while True:
        seat = state.view(0)["players"][1]
        if seat["hand_size"] > len(seat["known"]):
            return state
        state.apply_action(random_action(state.legal_action_mask(), rng))


def test_hidden_hands_are_backs_for_a_seat_and_faces_for_the_spectator():
    state = _position_with_a_hidden_hand()
    columns = slice(drawing.RIGHT_X, drawing.WIDTH)
    rows = _hand_rows(3, 1)
    assert _pixels(picture(state, 0), HIDDEN, rows, columns) > 0
    assert _pixels(picture(state), HIDDEN, rows, columns) == 0
    assert _pixels(picture(state, 1), HIDDEN, rows, columns) == 0


def test_an_advance_moves_the_vehicle():
    game = ArcheosSocietyGame(num_players=2)
    state = game.new_initial_state(np.random.default_rng(1))
    views = {p: state.view(p) for p in range(2)}
    before = drawing.draw(game, views)
    later = copy.deepcopy(views)
    for view in later.values():
        view["players"][0]["vehicles"][0] += 2
    after = drawing.draw(game, later)
    site = slice(drawing.TOP, drawing.TOP + drawing.SITE_H)
    columns = slice(0, drawing.MARGIN + drawing.LEFT_W)

    def vehicle_x(image):
        mask = np.all(image[site, columns] == PLAYER_COLOURS[0], axis=-1)
        return np.nonzero(mask)[1].mean()

    assert abs(vehicle_x(after) - vehicle_x(before) - 2 * drawing.SPACE_W) < drawing.SPACE_W / 2
