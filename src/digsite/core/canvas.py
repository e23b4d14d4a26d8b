"""What every game's drawing is made of: a fixed-size page, the players' colours, fonts, and a
few shapes (labels, boxes, tokens, tracks, cards).  Drawings lay out a picture from a player's
view (plain data) with these, so that the five games look like one package."""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, TypeVar

import numpy as np
from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, int, int]
Views = Mapping[int, Mapping[str, Any]]
"""What a game's ``draw`` is given: one seat's view, or every seat's (the spectator's picture)."""
Picture = np.ndarray
"""What ``draw`` returns: an ``(H, W, 3)`` ``uint8`` array (:meth:`Page.array`)."""

PAPER: Colour = (246, 241, 226)
INK: Colour = (45, 35, 25)
FAINT: Colour = (170, 160, 140)
"""Empty spaces, rules between areas, what is not there."""
HIGHLIGHT: Colour = (200, 60, 30)
"""The player to move, the pending decision."""
HIDDEN: Colour = (120, 120, 120)
"""The back of a card or tile nobody in this picture may see."""
PLAYER_COLOURS: tuple[Colour, ...] = (
    (200, 40, 40),  # red
    (40, 90, 200),  # blue
    (40, 150, 60),  # green
    (230, 170, 20),  # yellow
    (140, 60, 170),  # purple
    (30, 160, 170),  # teal
)
NEUTRAL_COLOUR: Colour = (130, 110, 90)
SMALL, NORMAL, LARGE = 11, 14, 20
"""Font sizes in pixels."""

BLOCK = 16
"""Every picture's width and height is a multiple of this: video encoders work in 16-pixel
macroblocks and rescale (blurring the text) a frame that is not made of whole ones."""
COMPACT_PAGE = (1104, 800)
"""The page of a game whose table is one board and a row per seat (Mykerinos)."""
STANDARD_PAGE = (1200, 848)
"""The page of a game with a board, a market and a panel per seat (ArcheOlogic, Archeos
Society, Medieval Realms)."""
LARGE_PAGE = (1408, 1056)
"""The page of a game with many public areas and four seats' hands (the Royal Society)."""


def whole_blocks(pixels: int) -> int:
    r"""``pixels`` rounded up to whole :data:`BLOCK`\ s."""
    return -(-pixels // BLOCK) * BLOCK


@cache
def font(size: int = NORMAL) -> ImageFont.FreeTypeFont:
    """Pillow's built-in scalable font (no font file needed on any machine)."""
    return ImageFont.load_default(size)


def whose(views) -> str:
    """Whose picture it is: the spectator's (every seat's view) or one seat's."""
    return "spectator's picture" if len(views) > 1 else f"player {next(iter(views))}'s picture"


def player_colour(player: int | None) -> Colour:
    return NEUTRAL_COLOUR if player is None or player < 0 else PLAYER_COLOURS[player]


def seat_name(seat: int, views) -> str:
    """``Player 2``, said ``Player 2 (you)`` in that seat's own picture."""
    return f"Player {seat}" + (" (you)" if len(views) == 1 and seat in views else "")


def final_scores(scores: Sequence[int], tie: str) -> str:
    """The game-over line: each seat's final score, then the winner, or ``tie`` (what breaks
    it) when several seats share the best score."""
    best = [q for q, score in enumerate(scores) if score == max(scores)]
    text = "Game over: final scores " + ", ".join(f"player {q}: {s}" for q, s in enumerate(scores))
    return text + (f"; winner: player {best[0]}" if len(best) == 1 else f"; {tie}")


class Page:
    r"""A fixed-size picture being drawn; :meth:`array` gives the ``(H, W, 3)`` ``uint8`` array.
    Its size is rounded up to whole :data:`BLOCK`\ s (more paper at the right and bottom), so
    that every picture, a user's game's too, makes a video without rescaling."""

    written: list[tuple] | None = None
    """The texts drawn (:meth:`text`'s arguments) while a :class:`KeptPage`'s area is drawn."""

    def __init__(self, width: int, height: int):
        size = whole_blocks(width), whole_blocks(height)
        self.image = _held("images").pop(size, None) or Image.new("RGB", size)
        self.image.paste(PAPER, (0, 0, *size))
        self.draw = ImageDraw.Draw(self.image)

    def array(self) -> np.ndarray:
        """The picture, as a new read-only array.  This finishes the page: its image is painted
        over by the next page of its size drawn in this thread (a new page-sized image and its
        memory cost a third of a picture's time)."""
        pixels = _pixels(self.image)
        _held("images")[self.image.size] = self.image
        return pixels

    def text(
        self, x: float, y: float, text: str, size: int = NORMAL, fill: Colour = INK, anchor="la"
    ) -> float:
        """Write ``text`` with its top left at (x, y) (or as ``anchor`` says); returns the x
        where the text ends.  Each text is rendered once and then stamped in ``fill``: drawing
        text is most of a picture's cost, and a game repeats most of its words."""
        mask, left, top, length = _stamp(text, size, anchor)
        if self.written is not None:
            self.written.append((x, y, text, size, fill, anchor))
        if mask is not None:  # Pillow's own drawing core: ImageDraw.bitmap costs twice as much
            self.draw.draw.draw_bitmap((round(x) + left, round(y) + top), mask, _ink(fill))
        return x + length

    def text_fitted(
        self, x: float, y: float, text: str, width: float, fill: Colour = INK, size: int = SMALL
    ) -> float:
        """``text`` cut with an ellipsis to ``width`` pixels; returns the x where it ends."""
        return self.text(x, y, fitted(text, width, size), size, fill)

    def paragraph(
        self,
        x: float,
        y: float,
        text: str,
        width: float,
        bottom: float,
        fill: Colour = INK,
        size: int = SMALL,
    ) -> float:
        """``text`` broken between words into lines of ``width`` pixels from (x, y) down to
        ``bottom`` (the last line that fits cut with an ellipsis only if the text is longer);
        returns the y below the last line."""
        step = size + 1
        lines: Sequence[str] = wrapped(text, width, size)
        room = max(1, int((bottom - y) // step))
        if len(lines) > room:
            lines = [*lines[: room - 1], fitted(" ".join(lines[room - 1 :]), width, size)]
        for line in lines:
            self.text(x, y, fitted(line, width, size), size, fill)
            y += step
        return y

    def chip(self, x: float, y: float, label: str, fill: Colour, ink: Colour = INK) -> float:
        """A label on a small box of ``fill`` as wide as its words (a card in a realm, a symbol
        of an objective), its top left at (x, y); returns the x where it ends."""
        width = chip_width(label)
        self.box(x, y, width, CHIP_H, fill=fill, outline=FAINT)
        self.text(x + CHIP_PAD, y + 2, label, SMALL, ink)
        return x + width

    def box(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: Colour | None = None,
        outline: Colour = INK,
        width: int = 1,
    ) -> None:
        corners = (x, y, x + w, y + h)
        if fill is not None:  # as ImageDraw.rectangle does, at half its cost (see text)
            self.draw.draw.draw_rectangle(corners, _ink(fill), 1)
        if outline is not None and outline != fill and width != 0:
            self.draw.draw.draw_rectangle(corners, _ink(outline), 0, width)

    def token(self, x: float, y: float, r: float, fill: Colour, label: str = "") -> None:
        """A disc or cube of a player's colour centred on (x, y), with an optional label."""
        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=INK)
        if label:
            self.text(x, y, label, SMALL, fill=PAPER, anchor="mm")

    def seat_token(self, x: float, y: float, seat: int, r: float = 8) -> None:
        """A disc of the seat's colour with its number on it."""
        self.token(x, y, r, player_colour(seat), str(seat))

    def cube(self, x: float, y: float, r: float, fill: Colour, label: str = "") -> None:
        self.draw.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline=INK)
        if label:
            self.text(x, y, label, SMALL, fill=PAPER, anchor="mm")

    def card(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        title: str,
        lines: Sequence[str] = (),
        colour: Colour = PAPER,
        face_down: bool = False,
    ) -> None:
        """A card: its title and a few lines, or its back when ``face_down``."""
        self.box(x, y, w, h, fill=HIDDEN if face_down else colour)
        for i, line in enumerate(() if face_down else (title, *lines)):
            self.text(x + 4, y + 3 + i * (SMALL + 3), line, SMALL)

    def track(
        self,
        x: float,
        y: float,
        length: int,
        cell: float,
        marks: dict[int, Sequence[int]],
        label: str = "",
    ) -> float:
        """A scoring track of ``length`` spaces (every 5th numbered) with players' markers
        (``marks``: space -> players), one row; returns the y below it."""
        if label:
            self.text(x, y - NORMAL - 2, label)
        for i in range(length):
            self.box(x + i * cell, y, cell, cell, outline=FAINT)
            if i % 5 == 0:
                self.text(x + i * cell + 1, y + cell + 1, str(i), SMALL, FAINT)
            for k, p in enumerate(marks.get(i, ())):
                r = cell / 4
                self.token(x + i * cell + r + 1 + k * 2, y + r + 1 + k * 2, r, player_colour(p))
        return y + cell + SMALL + 4

    def seat_header(
        self, x: float, y: float, w: float, h: float, seat: int, views, active: bool, status
    ) -> float:
        """A seat's panel: a frame (the highlight's for the player to move), a bar of the
        seat's colour down its left side, and the seat's name and ``status`` phrases at the
        top; returns the x where its contents start."""
        self.box(x, y, w, h, outline=HIGHLIGHT if active else FAINT, width=3 if active else 1)
        colour = player_colour(seat)
        self.box(x + 1, y + 1, 8, h - 2, fill=colour, outline=colour)
        end = self.text(x + 14, y + 4, seat_name(seat, views), NORMAL, HIGHLIGHT if active else INK)
        self.text(end + 10, y + 5, " · ".join(status), SMALL)
        return x + 14

    def seat_row(self, y: float, h: float, margin: float, name: str, moving: bool) -> None:
        """A seat's full-width row: framed for the player to move, the seat's name (then in
        the highlight colour) ``margin + 26`` in, after room for its marker."""
        if moving:
            width = self.image.width - 2 * margin + 8
            self.box(margin - 4, y - 4, width, h, outline=HIGHLIGHT, width=3)
        self.text(margin + 26, y + 2, name, NORMAL, HIGHLIGHT if moving else INK)

    def rule(self, y: float, margin: float) -> None:
        """A faint line across the page, ``margin`` in from each side."""
        self.draw.line([(margin, y), (self.image.width - margin, y)], fill=FAINT)

    def score_track(
        self, x: float, y: float, width: float, length: int, scores: Sequence[int], label: str
    ) -> None:
        """A scoring track of ``length`` spaces across ``width`` pixels with each seat's marker
        (``scores[seat]``); a score past the end goes round again, its laps written on it."""
        cell = width / length
        marks: dict[int, list[int]] = {}
        for seat, score in enumerate(scores):
            marks.setdefault(score % length, []).append(seat)
        self.track(x, y, length, cell, marks, label)
        for score in scores:
            if score >= length:
                space = score % length
                laps = f"+{score // length * length}"
                self.text(x + space * cell + cell - 1, y + cell - SMALL, laps, SMALL, INK, "ra")

    def heading(self, x: float, y: float, text: str, active: bool = False) -> float:
        """A section title (in the highlight colour when it concerns the player to move)."""
        self.text(x, y, text, LARGE, HIGHLIGHT if active else INK)
        return y + LARGE + 6


Box = tuple[int, int, int, int]
"""A rectangle of a page: left, top, right, bottom (the right and bottom outside it)."""
T = TypeVar("T")


class KeptPage(Page):
    """A page whose pixels stay for the next page of its size and ``layout`` drawn in this
    thread, which redraws only the areas (:meth:`area`) whose key changed: from one position
    of a game to the next most of a table stays, and a replay page draws every position of
    every view.  Everything on it is drawn in areas, which share no pixel, but for an area
    drawn inside another's boxes whose key holds that one's (drawn again whenever it is).
    ``layout`` says what places the areas and what their keys mean (a game, its number of
    seats); a page of another layout is drawn whole.  It is held with the kept page, so that
    an object in it (a game) is not collected and its identity given to another."""

    def __init__(self, width: int, height: int, layout: Hashable):
        size = whole_blocks(width), whole_blocks(height)
        kept = _held("kept").pop(size, None)
        if kept is None or kept.layout != layout:
            if kept is not None:  # its image painted over (Page)
                _held("images")[size] = kept.image
            super().__init__(width, height)
            self.areas: dict[str, tuple[tuple[Box, ...], Hashable, Any, list[tuple]]] = {}
            """Each area's boxes, key, what its drawing returned and the texts it wrote."""
        else:
            self.image, self.areas, self.draw = kept.image, kept.areas, kept.draw
        self.layout = layout

    def area(self, name: str, boxes: tuple[Box, ...], key: Hashable, draw: Callable[[], T]) -> T:
        """``draw()``, which draws only inside ``boxes`` (a frame may take several), and what it
        returns; or, when the area ``name`` was last drawn here in these boxes with this
        ``key`` (an immutable value saying all that its drawing depends on; ``None`` always
        draws), nothing: its pixels are on the page, and what ``draw()`` returned then is
        returned again."""
        last = self.areas.get(name)
        if key is not None and last is not None and last[:2] == (boxes, key):
            self.kept_texts(last[3])
            return last[2]
        self.areas.pop(name, None)  # until drawn whole
        for box in boxes:
            self.image.paste(PAPER, box)
        self.written = []
        try:
            result = draw()
            self.areas[name] = (boxes, key, result, self.written)
        finally:
            self.written = None
        return result

    def kept_texts(self, written: list[tuple]) -> None:
        """The texts (:meth:`Page.text`'s arguments) of an area kept from an earlier picture:
        already on the page, so nothing is drawn; what records a page's texts (the drawing
        tests) sees them here."""

    def array(self) -> np.ndarray:
        """The picture, as a new array; the page is kept for the next of its size and layout."""
        pixels = _pixels(self.image)
        _held("kept")[self.image.size] = self
        return pixels


def drop_kept_pages() -> None:
    """Forget this thread's kept pages (:class:`KeptPage`): the next is drawn whole."""
    _held("kept").clear()


def _pixels(image: Image.Image) -> np.ndarray:
    """An RGB ``image``'s pixels as a new read-only ``(H, W, 3)`` array."""
    width, height = image.size
    return np.frombuffer(_rgb_bytes(image), dtype=np.uint8).reshape(height, width, 3)


_SPARE = threading.local()


def _held(kind: str) -> dict[tuple[int, int], Any]:
    """This thread's pages by size, one each: its finished images (``"images"``), for the next
    :class:`Page` to reuse, and its kept pages (``"kept"``, :class:`KeptPage`)."""
    return _SPARE.__dict__.setdefault(kind, {})


CHIP_H, CHIP_PAD = 17, 4
"""A chip's height, and its margin each side of the words (:meth:`Page.chip`)."""


def chip_width(label: str) -> float:
    return text_length(label, SMALL) + 2 * CHIP_PAD


ELLIPSIS = "..."
"""The built-in font has no single ellipsis character (nor dashes or accented letters)."""


def _rgb_bytes(image: Image.Image) -> bytes:
    """The pixels of an RGB ``image``, as ``image.tobytes()`` gives them, packed by Pillow's raw
    encoder in one piece: ``tobytes`` packs 64 kB pieces and joins them, and reading a picture
    so cost a third of drawing it (``np.asarray`` of the image costs half as much again)."""
    encoder = Image._getencoder(image.mode, "raw", (image.mode,))
    encoder.setimage(image.im)
    pieces = []
    status = 0
    while not status:  # one piece, unless this Pillow's encoder stops short
        _, status, data = encoder.encode(image.width * image.height * 3 + 1)
        pieces.append(data)
    if status < 0:
        raise RuntimeError(f"Pillow's raw encoder failed ({status})")
    return pieces[0] if len(pieces) == 1 else b"".join(pieces)


@cache
def _ink(colour: Colour) -> int:
    """``colour`` as Pillow's drawing core writes it in an RGB page."""
    return ImageDraw.Draw(Image.new("RGB", (1, 1))).draw.draw_ink(colour)


@lru_cache(maxsize=8192)
def _stamp(text: str, size: int, anchor: str):
    """The glyphs of ``text`` as a mask (Pillow's core image, which its drawing core stamps),
    its offset from the anchor point, and its length: the characters' masks (:func:`_glyph`)
    side by side, for FreeType renders a string a glyph at a time on every call, and a first
    picture has hundreds of words but few letters."""
    placed = []
    pen = 0
    for char in without_accents(text):
        mask, left, top, advance = _glyph(char, size)
        if mask is not None:
            placed.append((mask, pen + left, top))
        pen += advance
    if not placed:
        return None, 0, 0, pen
    x0 = min(x for _, x, _ in placed)
    y0 = min(y for _, _, y in placed)
    x1 = max(x + mask.shape[1] for mask, x, _ in placed)
    y1 = max(y + mask.shape[0] for mask, _, y in placed)
    stamp = np.zeros((y1 - y0, x1 - x0), np.uint8)
    for mask, x, y in placed:  # neighbours' antialiased edges may share a column
        area = stamp[y - y0 : y - y0 + mask.shape[0], x - x0 : x - x0 + mask.shape[1]]
        np.maximum(area, mask, out=area)
    shift = {"l": 0, "m": -(pen // 2), "r": -pen}[anchor[0]]
    return Image.fromarray(stamp).im, x0 + shift, y0 + _rise(size, anchor[1]), pen


@lru_cache(maxsize=2048)
def _glyph(char: str, size: int) -> tuple[np.ndarray | None, int, int, int]:
    """One character's mask, its offset from the pen at the top of the line, and how far it
    moves the pen (whole pixels: the font is hinted)."""
    left, top, right, bottom = font(size).getbbox(char, anchor="la")
    advance = round(font(size).getlength(char))
    if right <= left or bottom <= top:
        return None, 0, 0, advance
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), char, fill=255, font=font(size), anchor="la")
    return np.asarray(mask), left, top, advance


@cache
def _rise(size: int, vertical: str) -> int:
    """How far above the top of the line an anchor's line is (``a`` the top, ``m`` the middle,
    ``d`` the descender line, ``s`` the baseline), in pixels."""
    return font(size).getbbox("X", anchor="l" + vertical)[1] - font(size).getbbox("X")[1]


@lru_cache(maxsize=8192)
def text_length(text: str, size: int = NORMAL) -> float:
    """The width ``text`` takes, as :meth:`Page.text` writes it."""
    return sum(_glyph(char, size)[3] for char in without_accents(text))


@lru_cache(maxsize=8192)
def fitted(text: str, width: float, size: int = SMALL) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels."""
    text = without_accents(text)
    if text_length(text, size) <= width:
        return text
    while text and text_length(text + ELLIPSIS, size) > width:
        text = text[:-1]
    return text + ELLIPSIS


@lru_cache(maxsize=8192)
def wrapped(text: str, width: float, size: int = SMALL) -> tuple[str, ...]:
    """``text`` in lines of at most ``width`` pixels, broken between words (kept: a game's
    card texts come back in every picture)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_length(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return tuple(lines)


def without_accents(text: str) -> str:
    """``text`` with accented letters plain (the built-in font has no accented glyphs)."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def tint(colour: Colour, share: float = 0.4) -> Colour:
    """``colour`` mixed with the paper, ``share`` of it: a pale background of that colour."""
    return tuple(round(c * share + p * (1 - share)) for c, p in zip(colour, PAPER, strict=True))


def ink_on(colour: Colour) -> Colour:
    """The writing on ``colour``: paper on a dark colour (its luma, the eye's weighing of red,
    green and blue, below 140 of 255), ink on a light one."""
    return PAPER if 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] < 140 else INK
