"""The replay viewer: one self-contained HTML page of a game record.

    digsite replay game.json --html game.html

The page holds the picture of every position of the game (:func:`digsite.drawing.picture`) for
the spectator and for each seat, with previous / next buttons (and the arrow keys), a slider, a
play button (and the space bar) with its speed, the action played, the list of moves beside the
board (a click jumps to the position after it) and, at the end, the table of the result.  The
view switch shows the game as the spectator saw it or as one seat saw it: a seat's pictures are
drawn from its view alone, and each move reads as that seat saw it (``State.action_seen_by``: a
public move by name, a secret one as what was public about it).  The record's texts reach the
page once, as a JSON block whose ``<``, ``>`` and ``&`` are escaped, read by the script; the
title is HTML-escaped, and both go in in one pass, so no text of a record can become markup or
script.  The page needs no network: pictures are embedded, cut into tiles of ``TILE`` pixels,
each distinct tile once (lossless WebP) and each position as the tiles that changed since the
last one, since consecutive positions and the different views share most of the table.  The
page opens at ``game.html#step=K&view=V``
(``V`` = ``spectator`` or a seat number) when the address says so.
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
from collections.abc import Mapping
from importlib import resources
from typing import Any

import numpy as np
from PIL import Image

from .drawing import picture
from .records import replay_states

SPECTATOR = "spectator"
TILE = 50
"""The side of a tile, in pixels."""
TEMPLATE = "viewer.html"
"""The page, beside this module: ``{title}`` and ``{data}`` are its slots."""


def page(record: Mapping[str, Any]) -> str:
    """The HTML page of ``record`` (replayed and checked first: :class:`RecordError`)."""
    states = replay_states(record)
    n = states[0].game.num_players
    views = [SPECTATOR, *(str(p) for p in range(n))]
    tiles: list[str] = []
    tile_ids: dict[bytes, int] = {}
    frames: dict[str, list[list[int]]] = {}
    height = width = 0
    for v in views:
        frames[v] = []
        previous = None
        for state in states:
            pixels = picture(state, None if v == SPECTATOR else int(v))
            height, width = pixels.shape[:2]
            columns = -(-width // TILE)
            changes = []
            for i in _changed_tiles(pixels, previous):
                y, x = divmod(int(i), columns)
                tile = pixels[y * TILE : (y + 1) * TILE, x * TILE : (x + 1) * TILE]
                key = tile.tobytes() + bytes(tile.shape[:2])
                if key not in tile_ids:
                    tile_ids[key] = len(tiles)
                    tiles.append(_data_uri(tile))
                changes += (int(i), tile_ids[key])
            frames[v].append(changes)
            previous = pixels
    steps = record["steps"]
    actions = {
        v: [
            state.action_seen_by(step["action"], int(v)) if v != SPECTATOR else step["text"]
            for state, step in zip(states[:-1], steps, strict=True)
        ]
        for v in views
    }
    data = {
        "width": width,
        "height": height,
        "tile": TILE,
        "views": views,
        "tiles": tiles,
        "frames": frames,
        "actions": actions,
        "players": [s["player"] for s in steps],
        "agents": record["agents"],
        "result": _result(record),
        "scores": record["scores"],
        "returns": record["returns"],
    }
    options = ", ".join(f"{k}={v}" for k, v in record["config"].items() if v is not None)
    title = f"{states[0].game.title}: {record['env']} ({options}), seed {record['seed']}"
    filled = {"title": html.escape(title), "data": script_json(data)}
    template = resources.files(__package__).joinpath(TEMPLATE).read_text(encoding="utf-8")
    return _SLOT.sub(lambda m: filled[m.group(1)], template)  # one pass: nothing is re-read


_SLOT = re.compile(r"\{(title|data)\}")
"""The template's slots."""


def script_json(data: Any) -> str:
    """``data`` as JSON that can sit in a ``<script type="application/json">`` block: every
    ``<``, ``>`` and ``&`` escaped, so no text in it can end the block or open a comment."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _changed_tiles(pixels: np.ndarray, previous: np.ndarray | None) -> np.ndarray:
    """The indices (row by row) of the tiles of ``pixels`` that differ from ``previous``: every
    tile of a first picture.  Found by comparing whole arrays, since most of a table stays."""
    height, width = pixels.shape[:2]
    rows, columns = -(-height // TILE), -(-width // TILE)
    if previous is None:
        return np.arange(rows * columns)
    differs = np.zeros((rows * TILE, columns * TILE * 3), dtype=bool)
    flat = (height, width * 3)
    np.not_equal(pixels.reshape(flat), previous.reshape(flat), out=differs[:height, : width * 3])
    blocks = differs.view(np.uint8).reshape(rows, TILE, columns, TILE * 3)
    return np.flatnonzero(blocks.max(axis=3).max(axis=1))  # as uint8: numpy's any is slower


def _data_uri(pixels) -> str:
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "WEBP", lossless=True)
    return "data:image/webp;base64," + base64.b64encode(buffer.getvalue()).decode()


def _result(record: Mapping[str, Any]) -> str:
    parts = [
        f"player {p} ({name}): score {score:g}, return {ret:+g}"
        for p, (name, score, ret) in enumerate(
            zip(record["agents"], record["scores"], record["returns"], strict=True)
        )
    ]
    return "; ".join(parts)
