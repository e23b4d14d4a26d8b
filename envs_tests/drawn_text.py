"""What a picture writes, for the drawing tests: every text a :class:`~digsite.core.canvas.Page`
draws, with the box its glyphs cover."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from digsite.core import canvas


@dataclass(frozen=True)
class Text:
    text: str
    left: int
    top: int
    right: int
    bottom: int
    page: tuple[int, int]
    """The size of the page written on (a drawing may draw a card on a page of its own)."""


@contextmanager
def drawn_texts() -> Iterator[list[Text]]:
    """The texts pages draw inside the ``with`` block, in drawing order: those of a kept
    page's areas that are not drawn again too (:class:`~digsite.core.canvas.KeptPage`), as
    they were written when drawn."""
    texts: list[Text] = []
    text, kept_texts = canvas.Page.text, canvas.KeptPage.kept_texts

    def written(self, x, y, words, size, fill, anchor):
        mask, left, top, _ = canvas._stamp(words, size, anchor)
        if mask is not None:
            x0, y0 = round(x) + left, round(y) + top
            page = self.image.size
            width, height = mask.size  # (a Pillow core image)
            texts.append(Text(words, x0, y0, x0 + width, y0 + height, page))

    def recording(self, x, y, words, size=canvas.NORMAL, fill=canvas.INK, anchor="la"):
        written(self, x, y, words, size, fill, anchor)
        return text(self, x, y, words, size, fill, anchor)

    def kept(self, arguments):
        for call in arguments:
            written(self, *call)

    canvas.Page.text = recording
    canvas.KeptPage.kept_texts = kept
    try:
        yield texts
    finally:
        canvas.Page.text = text
        canvas.KeptPage.kept_texts = kept_texts


def on_page(texts: list[Text], picture: np.ndarray) -> list[Text]:
    """The texts written on the page of ``picture``'s size (not on a card's own page)."""
    height, width = picture.shape[:2]
    return [t for t in texts if t.page == (width, height)]


def outside(texts: list[Text], width: int, height: int) -> list[Text]:
    """The texts not wholly on a page of ``width`` x ``height``."""
    return [t for t in texts if t.left < 0 or t.top < 0 or t.right > width or t.bottom > height]


def overlapping(texts: list[Text]) -> list[tuple[Text, Text]]:
    """The pairs of texts whose glyph boxes share pixels (text written over text)."""
    if not texts:
        return []
    box = np.array([(t.left, t.top, t.right, t.bottom) for t in texts])
    over = (
        (box[:, None, 0] < box[None, :, 2])
        & (box[None, :, 0] < box[:, None, 2])
        & (box[:, None, 1] < box[None, :, 3])
        & (box[None, :, 1] < box[:, None, 3])
    )
    pairs = np.argwhere(np.triu(over, 1))
    return [(texts[i], texts[j]) for i, j in pairs]


def inside(texts: list[Text], left: float, top: float, right: float, bottom: float) -> list[Text]:
    """The texts that start in the rectangle; :func:`beyond` says which of them leave it."""
    return [t for t in texts if left <= t.left < right and top <= t.top < bottom]


def beyond(texts: list[Text], left: float, top: float, right: float, bottom: float) -> list[Text]:
    """The texts starting in the rectangle that do not end in it (run over its edge)."""
    return [
        t for t in inside(texts, left, top, right, bottom) if t.right > right or t.bottom > bottom
    ]
