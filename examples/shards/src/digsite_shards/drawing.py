"""The Shards table as a picture, drawn from the views it may show (one seat's for that seat's
picture, every seat's for the spectator's): the four trenches with the cards dug into them, the
find, the spoil heap and the deck, then one panel per seat with its points and hand (cards
nobody has seen face down)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from digsite.core.canvas import HIGHLIGHT, LARGE, Page, final_scores, tint, whose

from .actions import HAND_SIZE, SITES, VALUES, site, value
from .view import seat_points

WIDTH, HEIGHT, MARGIN = 780, 590, 16
CARD_W, CARD_H, GAP = 66, 32, 4
SITE_COLOURS = ((190, 110, 60), (200, 170, 40), (90, 120, 170), (150, 150, 130))
SEAT_H = 66
SPOIL_ROW = 5


def card(page: Page, x: float, y: float, c: int | None) -> None:
    """A card face up, or its back (``None``)."""
    if c is None:
        page.card(x, y, CARD_W, CARD_H, "", face_down=True)
    else:
        colour = tint(SITE_COLOURS[site(c)])
        page.card(x, y, CARD_W, CARD_H, str(value(c)), [SITES[site(c)]], colour)


def draw(game, views: Mapping[int, Mapping[str, Any]]) -> np.ndarray:
    view = next(iter(views.values()))
    page = Page(WIDTH, HEIGHT)
    page.text(MARGIN, 10, f"Shards, {game.num_players} players: {whose(views)}", LARGE)
    y = 44
    for s, name in enumerate(SITES):
        x = MARGIN + s * (CARD_W + 3 * GAP)
        page.text(x, y, name)
        dug = sorted((c for seat in view["seats"] for c in seat["dug"] if site(c) == s), key=value)
        for row, c in enumerate(dug):
            card(page, x, y + 18 + row * (CARD_H + GAP), c)
    x = MARGIN + len(SITES) * (CARD_W + 3 * GAP) + 20
    page.text(x, y, "find")
    card(page, x, y + 18, view["find"])
    page.text(x + CARD_W + 20, y, f"deck: {view['deck_size']} cards")
    page.text(x, y + 60, "spoil heap")
    for i, c in enumerate(sorted(view["spoil"])):
        row, column = divmod(i, SPOIL_ROW)
        card(page, x + column * (CARD_W + GAP), y + 78 + row * (CARD_H + GAP), c)
    y = 44 + 18 + VALUES * (CARD_H + GAP) + 20
    over = view["to_move"] is None
    for p, seat in enumerate(view["seats"]):
        active = view["to_move"] == p
        hand = views[p]["hand"] if p in views else seat["known"]  # the rest face down
        size = HAND_SIZE - (view["decision"] == "refill" and active)
        status = [f"{seat_points(view, p)} points"]
        left = page.seat_header(MARGIN, y, WIDTH - 2 * MARGIN, SEAT_H - 6, p, views, active, status)
        for i in range(size):
            card(page, left + i * (CARD_W + GAP), y + 24, hand[i] if i < len(hand) else None)
        y += SEAT_H
    scores = [seat_points(view, p) for p in range(game.num_players)]
    status = (
        final_scores(scores, "a shared win")
        if over
        else f"to move: player {view['to_move']}, {view['decision']}"
    )
    page.text(MARGIN, y + 4, status, fill=HIGHLIGHT)
    return page.array()
