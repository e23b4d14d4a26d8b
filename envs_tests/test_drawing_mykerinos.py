"""The Mykerinos picture shows what the table holds: cubes in their owners' colours on their
spaces and in the Museum's rooms, and whose picture it is."""

from __future__ import annotations

import numpy as np

from digsite.core.canvas import NEUTRAL_COLOUR, PLAYER_COLOURS
from digsite.core.fields import replaced
from digsite.drawing import picture
from digsite.games.mykerinos import drawing

from .mykerinos_positions import cell, new_state, put_cubes


def _pixel(image: np.ndarray, x: float, y: float) -> tuple[int, ...]:
    return tuple(int(v) for v in image[int(y), int(x)])


def _cell_centre(c: int) -> tuple[float, float]:
    x, y = drawing.cell_box(c)
    return x + drawing.CELL / 2, y + drawing.CELL / 2


def test_a_cube_is_drawn_on_its_space_in_its_owners_colour():
    state = new_state(num_players=3, seed=1)
    space = cell(2, 8)
    before = picture(state)
    assert _pixel(before, *_cell_centre(space)) not in PLAYER_COLOURS
    put_cubes(state, 2, [space])
    after = picture(state)
    assert _pixel(after, *_cell_centre(space)) == PLAYER_COLOURS[2]
    changed = np.argwhere((before != after).any(axis=2))
    changed = changed[changed[:, 0] < drawing.SEATS_Y]  # below: the stock's count changes
    x, y = drawing.cell_box(space)
    assert changed[:, 0].min() >= y and changed[:, 0].max() <= y + drawing.CELL
    assert changed[:, 1].min() >= x and changed[:, 1].max() <= x + drawing.CELL


def test_neutral_cubes_have_the_neutral_colour():
    state = new_state(num_players=2, seed=1)
    put_cubes(state, 4, [cell(1, 1)])
    assert _pixel(picture(state, 0), *_cell_centre(cell(1, 1))) == NEUTRAL_COLOUR


def test_a_museum_cube_is_drawn_in_its_room():
    state = new_state(num_players=4, seed=1)
    room = 7  # the 5-room of wing 3
    state.put("museum", replaced(state.museum, room, 3))
    state.general[3] -= 1
    state.sync_derived()
    cx, cy = drawing._room_centre(room)
    assert _pixel(picture(state), cx + 3, cy + 3) == PLAYER_COLOURS[3]


def test_the_seat_picture_differs_from_the_spectators_only_by_whose_it_is():
    state = new_state(num_players=3, seed=4)
    spectator, seat = picture(state), picture(state, 1)
    rows = np.flatnonzero((spectator != seat).any(axis=(1, 2)))
    title_rows = range(drawing.REGION_Y)
    seat_rows = range(drawing.SEATS_Y + drawing.SEAT_H, drawing.SEATS_Y + 2 * drawing.SEAT_H)
    assert len(rows) and all(r in title_rows or r in seat_rows for r in rows)
    assert not np.array_equal(picture(state, 0), seat)
