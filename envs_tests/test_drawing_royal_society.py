"""The Royal Society of Archeology's board picture: a seat sees its own hand as faces and the
others' hidden cards as backs; explorers show their owners' colours in their sections; every
word is whole, on the page, inside its card or panel, and over no other word."""

from __future__ import annotations

import hashlib
import math
import re

import numpy as np
import pytest

from digsite.core.canvas import ELLIPSIS, HIDDEN, Page, drop_kept_pages, player_colour
from digsite.drawing import picture
from digsite.games.royal_society import drawing
from digsite.games.royal_society.rules import RoyalSocietyGame

from .drawn_text import beyond, drawn_texts, outside, overlapping
from .play import random_action

ABBREVIATIONS = {"Af", "Me", "As", "SA", "ins", "pot", "scr", "jew", "Sc", "Pr", "Know", "Rep"}
ABBREVIATIONS |= {"args", "P"}
"""What the picture once wrote for regions, relic types, rewards and seats (a reader had to
decode them); whole words now."""
KEPT_STEPS = 50
"""The positions of a game whose pictures drawn on a kept page are checked against whole ones."""


def _play_until(state, rng, done, limit=3000):
    for _ in range(limit):
        if done(state):
            return state
        state.apply_action(random_action(state.legal_action_mask(), rng))
    raise AssertionError("the position never came")


def _hand_area(page: np.ndarray, view, seat: int) -> np.ndarray:
    x, w = drawing._seat_box(view, seat)
    return page[drawing.SEATS_Y : drawing.HEIGHT - drawing.MARGIN, x : x + w]


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
    view = state.view(0)
    # the other seats' hidden cards are backs in seat 0's picture
    assert _has(_hand_area(seat0, view, 1), HIDDEN) and _has(_hand_area(seat0, view, 2), HIDDEN)
    # seat 0 sees no back of its own hand; the spectator sees no back at all
    assert not _has(_hand_area(seat0, view, 0), HIDDEN)
    spectator = picture(state)
    assert not any(_has(_hand_area(spectator, view, q), HIDDEN) for q in range(3))
    # the card names of one's own hand are the only difference a seat's cards make
    assert not np.array_equal(_hand_area(seat0, view, 1), _hand_area(spectator, view, 1))


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


def _narrowest_seat(game) -> float:
    """The inner width of a seat's panel in a 4-player picture (the narrowest)."""
    view = game.new_initial_state(np.random.default_rng(0)).view(0)
    return drawing._seat_box(view, 0)[1] - 12


def test_every_expedition_card_has_room_for_its_words():
    """Every card, as a Program card and as a strip in the narrowest seat's hand and on the
    table, writes all its words whole inside its face."""
    game = RoyalSocietyGame(num_players=4)
    for card in range(len(game.expeditions)):
        with drawn_texts() as texts:
            page = Page(drawing.WIDTH, drawing.HEIGHT)
            drawing._expedition(page, game, 0, 0, card, drawing.CARD_W, drawing.CARD_H)
            page.array()
        assert texts and not any(ELLIPSIS in t.text for t in texts), card
        assert not outside(texts, drawing.CARD_W + 1, drawing.CARD_H + 1), card
        for width in (_narrowest_seat(game), drawing.RIGHT_W):
            with drawn_texts() as texts:
                page = Page(drawing.WIDTH, drawing.HEIGHT)
                bottom, _ = drawing._strips(page, game, 0, 0, [card], width, math.inf)
                page.array()
            assert not outside(texts, width + 1, bottom + 1), (card, width)
            assert not overlapping(texts), (card, width)


@pytest.mark.parametrize(
    "config",
    [
        {"num_players": 1},
        {"num_players": 2, "mode": "confrontation"},
        {"num_players": 3, "simplified": True},
        {"num_players": 4},
    ],
    ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()),
)
def test_every_word_is_whole_on_the_page_and_over_no_other(config):
    """Over a game, the spectator's and a seat's pictures: no word cut with an ellipsis or
    abbreviated, none off the page, none over another, none leaving its seat's panel."""
    game = RoyalSocietyGame(**config)
    rng = np.random.default_rng(11)
    state = game.new_initial_state(rng)
    step = 0
    while True:
        if step % 40 == 0 or state.is_terminal():
            for player in (None, 0):
                with drawn_texts() as texts:
                    picture(state, player)
                where = (step, player)
                assert not [t for t in texts if t.text.endswith(ELLIPSIS)], where
                words = {w for t in texts for w in re.findall(r"[A-Za-z]+", t.text)}
                assert not words & ABBREVIATIONS, where
                assert not outside(texts, drawing.WIDTH, drawing.HEIGHT), where
                assert not overlapping(texts), where
                below = drawing.SEATS_Y + drawing.SEAT_H
                assert not [t for t in texts if t.bottom > below], where  # under the panels
                view = state.view(0)
                seats = view["num_players"] + bool(view["automa"])  # the Automa's panel too
                for q in range(seats):
                    x, w = drawing._seat_box(view, q)
                    bottom = drawing.SEATS_Y + drawing.SEAT_H
                    assert not beyond(texts, x, drawing.SEATS_Y, x + w, bottom), (where, q)
        if state.is_terminal():
            break
        state.apply_action(random_action(state.legal_action_mask(), rng))
        step += 1


@pytest.mark.parametrize("config", [{"num_players": 1}, {"num_players": 3}], ids=str)
def test_a_kept_page_draws_what_a_whole_drawing_does(config):
    """Pictures of a game's positions drawn one after another (a view at a time, as the replay
    page draws them), each area left as it was when what it shows did not change, are the
    pictures drawn whole, pixel for pixel, and write the same texts."""
    game = RoyalSocietyGame(**config)
    rng = np.random.default_rng(5)
    state = game.new_initial_state(rng)
    states = [state.clone()]
    for _ in range(KEPT_STEPS):
        if state.is_terminal():
            break
        state.apply_action(random_action(state.legal_action_mask(), rng))
        states.append(state.clone())
    kept = []
    drop_kept_pages()
    for player in (None, 0):
        for state in states:
            with drawn_texts() as texts:
                kept.append((hashlib.sha1(picture(state, player)).digest(), texts))
    whole = []
    for player in (None, 0):
        for state in states:
            drop_kept_pages()
            with drawn_texts() as texts:
                whole.append((hashlib.sha1(picture(state, player)).digest(), texts))
    assert kept == whole
