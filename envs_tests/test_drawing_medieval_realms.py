"""The Medieval Realms picture: leaders behind another seat's wall appear in the spectator's
picture only, a VP change moves the marker on the VP track, and the seats fill their column."""

from __future__ import annotations

import copy

import numpy as np

from digsite.core import canvas
from digsite.core.canvas import PLAYER_COLOURS
from digsite.drawing import picture
from digsite.games.medieval_realms import drawing
from digsite.games.medieval_realms.rules import MedievalRealmsGame

from .play import random_action

BOARD = (slice(340, 540), slice(0, drawing.MARGIN + drawing.LEFT_W))
"""The Management squares and lands, in pixels (rows, columns)."""


def _pixels(image: np.ndarray, colour, area=(slice(None), slice(None))) -> int:
    return int(np.all(image[area] == colour, axis=-1).sum())


def _placing_after_another(seed: int = 0):
    """A 2-player position where the second placer is placing, the first has placed."""
    game = MedievalRealmsGame(num_players=2)
    state = game.new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed)
    while True:
        view = state.view(0)
        placing = view["placing"]
        if placing is not None and placing["seat"] == view["turn_order"][1]:
            return state
        state.apply_action(random_action(state.legal_action_mask(), rng))


def test_leaders_behind_a_wall_show_only_to_their_owner_and_the_spectator():
    state = _placing_after_another()
    first = state.view(0)["turn_order"][0]
    second = 1 - first
    owner = picture(state, first)
    other = picture(state, second)
    spectator = picture(state)
    colour = PLAYER_COLOURS[first]
    assert _pixels(owner, colour, BOARD) > 0
    assert _pixels(spectator, colour, BOARD) > 0
    assert _pixels(other, colour, BOARD) == 0


def test_a_vp_change_moves_the_marker():
    game = MedievalRealmsGame(num_players=3)
    state = game.new_initial_state(np.random.default_rng(1))
    views = {p: state.view(p) for p in range(3)}
    before = drawing.draw(game, views)
    later = copy.deepcopy(views)
    for view in later.values():
        view["seats"][0]["vp"] += 7
    after = drawing.draw(game, later)
    track = (slice(drawing.VP_TRACK_Y, drawing.VP_TRACK_Y + 24), slice(None))
    cell = (drawing.WIDTH - 2 * drawing.MARGIN) / drawing.VP_TRACK_LENGTH

    def marker_x(image):
        mask = np.all(image[track] == PLAYER_COLOURS[0], axis=-1)
        return np.nonzero(mask)[1].mean()

    assert abs(marker_x(after) - marker_x(before) - 7 * cell) < cell / 2


def test_no_card_text_is_cut(monkeypatch):
    """Every card face, at every size the picture draws cards, shows its whole title, details
    and cost (nothing ends in an ellipsis)."""
    cut = []
    fitted = canvas.fitted

    def whole(text, width, size=canvas.SMALL):
        shown = fitted(text, width, size)
        if shown != canvas.without_accents(text):
            cut.append(text)
        return shown

    monkeypatch.setattr(canvas, "fitted", whole)
    monkeypatch.setattr(drawing, "fitted", whole)
    sizes = [
        (drawing.PANEL_CARD_W, drawing.PANEL_CARD_H),
        (drawing.FUTURE_CARD_W, drawing.FUTURE_CARD_H),
        (drawing.HAND_CARD_W - 6, drawing.HAND_CARD_H),
    ]
    for players in (2, 5):
        game = MedievalRealmsGame(num_players=players)
        for name in game.card_names:
            for w, h in sizes:
                drawing._card_image(*drawing._face(game, name), w, h)
    assert not cut, sorted(set(cut))


def test_the_seats_fill_the_column_at_every_player_count():
    """The last seat's panel (its colour bar down its left side) reaches the bottom of the seats'
    column at every player count: 2 players do not leave half the page empty."""
    bar = slice(drawing.RIGHT_X + 2, drawing.RIGHT_X + 8)
    low = slice(drawing.SEATS_BOTTOM - 40, drawing.SEATS_BOTTOM - 10)
    for players in (2, 3, 4, 5):
        image = picture(
            MedievalRealmsGame(num_players=players).new_initial_state(np.random.default_rng(1))
        )
        assert _pixels(image, PLAYER_COLOURS[players - 1], (low, bar)) > 100, players
