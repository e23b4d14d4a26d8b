"""Helpers shared by the board drawings (candidates for :mod:`.canvas`): text rendered once and
stamped (rendering text is most of a picture's drawing time), text cut to a width, pale tints."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw

from .canvas import INK, NORMAL, SMALL, Colour, Page, font

ELLIPSIS = "..."


def write(
    page: Page, x: float, y: float, text: str, size: int = NORMAL, fill: Colour = INK, anchor="la"
) -> float:
    """``Page.text``, each text rendered once then stamped; returns the x where it ends."""
    mask, left, top, length = _mask(text, size, anchor)
    if mask is not None:
        page.draw.bitmap((round(x) + left, round(y) + top), mask, fill=fill)
    return x + length


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, anchor: str):
    text = without_accents(text)
    left, top, right, bottom = font(size).getbbox(text, anchor=anchor)
    length = font(size).getlength(text)
    if right <= left or bottom <= top:
        return None, 0, 0, length
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=font(size), anchor=anchor)
    return mask, left, top, length


def write_fitted(
    page: Page, x: float, y: float, words: str, width: float, fill: Colour = INK, size=SMALL
) -> float:
    """``words`` cut with an ellipsis to ``width`` pixels; returns the x where they end."""
    return write(page, x, y, fitted(words, width, size), size, fill)


@lru_cache(maxsize=4096)
def fitted(words: str, width: float, size: int = SMALL) -> str:
    """``words`` cut with an ellipsis to ``width`` pixels."""
    words = without_accents(words)
    while len(words) > len(ELLIPSIS) and font(size).getlength(words) > width:
        words = words[: -len(ELLIPSIS) - 1] + ELLIPSIS
    return words


def without_accents(text: str) -> str:
    """``text`` with accented letters plain (the built-in font has no accented glyphs)."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def tint(colour: Colour, paleness: float = 0.6) -> Colour:
    """A pale version of ``colour``, as a background."""
    return tuple(int(c + (255 - c) * paleness) for c in colour)
