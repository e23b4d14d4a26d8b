"""The ArcheOlogic picture shows what its views hold and nothing else: an answer appears on the
asker's and the spectator's note sheet, never on another seat's; clues sit on their zones."""

from __future__ import annotations

import numpy as np

from digsite.core.canvas import PAPER, PLAYER_COLOURS
from digsite.drawing import picture
from digsite.games.archeologic import drawing
from digsite.games.archeologic.actions import AXIS0, QUESTION0
from digsite.games.archeologic.components import COLS, FIRE
from digsite.games.archeologic.questions import DIFFERENT_BUILDINGS
from digsite.games.archeologic.rules import ArcheOlogicGame


def _state(**config):
    game = ArcheOlogicGame(**config)
    return game.new_initial_state(np.random.default_rng(3))


def _ask(state, question: int) -> tuple[int, int]:
    """The player to move asks ``question`` on the first axis it may reach; returns
    (player, axis)."""
    player = state.decider
    axis = next(a - AXIS0 for a in state.legal_actions() if AXIS0 <= a < AXIS0 + 10)
    state.apply_action(AXIS0 + axis)
    state.apply_action(QUESTION0 + question)
    return player, axis


def _answer_area(image: np.ndarray, axis: int, question: int) -> np.ndarray:
    """The right half of a note-sheet cell, where its answer is written (the askers' discs are
    on the left)."""
    x, y = drawing.sheet_cell(axis, question)
    half = drawing.SHEET_COL // 2
    return image[y + 2 : y + drawing.SHEET_ROW - 1, x + half : x + drawing.SHEET_COL - 1]


def test_an_answer_shows_for_the_asker_and_the_spectator_not_for_the_other_seat():
    state = _state(num_players=2)
    asker, axis = _ask(state, DIFFERENT_BUILDINGS)
    other = 1 - asker
    blank = np.all(_answer_area(picture(state, other), axis, DIFFERENT_BUILDINGS) == PAPER)
    assert blank, "another seat's answer must not be drawn"
    for shown in (picture(state), picture(state, asker)):
        assert not np.all(_answer_area(shown, axis, DIFFERENT_BUILDINGS) == PAPER)
    # the question itself is public: the asker's disc is on every seat's sheet
    x, y = drawing.sheet_cell(axis, DIFFERENT_BUILDINGS)
    disc = tuple(int(v) for v in picture(state, other)[int(y + 9), int(x + 9)])
    assert disc == PLAYER_COLOURS[asker]


def test_a_fire_clue_is_drawn_on_its_zone():
    state = _state(num_players=2)
    cell, kind = state.view(0)["clues"][0]
    x, y = drawing.cell_box(cell)
    centre = picture(state, 0)[int(y + drawing.BOARD_CELL / 2) - 6, int(x + drawing.BOARD_CELL / 2)]
    assert tuple(int(v) for v in centre) == drawing.KIND_COLOURS[kind]
    assert kind != FIRE or drawing.KIND_COLOURS[kind] != PAPER


def test_seat_pictures_name_their_seat():
    state = _state(num_players=3)
    title = slice(0, drawing.TRACK_Y - drawing.NORMAL - 6)
    titles = [picture(state, p)[title] for p in range(3)] + [picture(state)[title]]
    for i in range(len(titles)):
        for j in range(i):
            assert not np.array_equal(titles[i], titles[j])


def test_the_hidden_layout_shows_in_the_spectators_picture_only():
    state = _state(num_players=2)
    size = COLS * drawing.LAYOUT_CELL
    area = (
        slice(drawing.BOARD_Y, drawing.BOARD_Y + size),
        slice(drawing.LAYOUT_X, drawing.LAYOUT_X + size),
    )
    for seat in (0, 1):
        assert np.all(picture(state, seat)[area] == PAPER), "a seat sees the hidden layout"
    shown = picture(state)[area]
    fire = sum(kind == FIRE for kind in drawing.spectator_secret(state)["kinds"])
    assert np.all(shown == drawing.KIND_COLOURS[FIRE], axis=-1).sum() > fire * 300
    other = state.clone()
    other.put("layout", (state.layout + 1) % len(state.game.layouts))
    assert not np.array_equal(picture(other)[area], shown), "the map is not the layout's"
