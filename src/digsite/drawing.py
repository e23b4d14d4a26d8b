"""Pictures of positions, for ``render_mode="rgb_array"`` (video recording, notebooks).

``picture(state, player=None)`` is an ``(H, W, 3)`` ``uint8`` array of one position: the
spectator's picture, or with ``player`` that seat's picture, drawn from what the seat's render
draws (its view alone), so it never shows what the seat does not know.  Every picture of a game
configuration has the same size, its width and height whole 16-pixel blocks, as video writers
need.

A game whose spec names a drawing module (``games/<game>/drawing.py``, built on
:mod:`digsite.core.canvas`) is drawn as a board: its ``draw(game, views) -> np.ndarray`` gets
the views it may show (one seat's view for a seat's picture; every seat's view for the
spectator's, who sees all hands but no deck order, and with the module's
``spectator_secret(state)`` what no seat knows, such as ArcheOlogic's layout) and lays out the
table. A game without one is drawn as its text picture set in a fixed-width font on a fixed
page (``PAGE_COLUMNS`` x ``PAGE_ROWS`` characters; longer lines wrap, and a page too long ends
with a line saying how many lines were cut). Nothing here runs unless a picture is asked for.
"""

from __future__ import annotations

import importlib
import textwrap
from functools import cache

import numpy as np
from PIL import ImageFont

from .core.canvas import INK, Page
from .games import spec

PAGE_COLUMNS = 120
PAGE_ROWS = 80
MARGIN = 8
"""Pixels around the text."""
SECRET = "spectator_secret"
"""A drawing module's optional ``spectator_secret(state)``: plain data of what no seat knows and
the spectator's picture shows (ArcheOlogic's hidden layout), passed to ``draw`` as ``secret``."""
HEADER_INK = (120, 40, 20)
"""The first line (what the picture shows, and whose) stands out."""
_font = cache(ImageFont.load_default_imagefont)
"""Pillow's built-in fixed-width bitmap font (no font file needed on any machine)."""


def picture(state, player: int | None = None) -> np.ndarray:
    """The ``(H, W, 3)`` ``uint8`` picture of ``state``: the spectator's, or ``player``'s seat."""
    drawing = spec(state.game.name).drawing
    if drawing is None:
        return page(state.render(player))
    module = importlib.import_module(drawing)
    if player is not None:
        return module.draw(state.game, {player: state.view(player)})
    views = {p: state.view(p) for p in range(state.game.num_players)}
    secret = {"secret": getattr(module, SECRET)(state)} if hasattr(module, SECRET) else {}
    return module.draw(state.game, views, **secret)


def page(text: str) -> np.ndarray:
    """``text`` set on a page of fixed size, as an RGB array."""
    font = _font()
    left, top, right, bottom = font.getbbox("M")
    cell_w, cell_h = right - left, bottom - top + 1
    lines = [
        piece
        for line in text.splitlines()
        for piece in (textwrap.wrap(line, PAGE_COLUMNS, drop_whitespace=False) or [""])
    ]
    if len(lines) > PAGE_ROWS:
        lines = [*lines[: PAGE_ROWS - 1], f"... ({len(lines) - PAGE_ROWS + 1} more lines)"]
    sheet = Page(PAGE_COLUMNS * cell_w + 2 * MARGIN, PAGE_ROWS * cell_h + 2 * MARGIN)
    for row, line in enumerate(lines):
        ink = HEADER_INK if row == 0 else INK
        sheet.draw.text((MARGIN, MARGIN + row * cell_h), line, fill=ink, font=font)
    return sheet.array()
