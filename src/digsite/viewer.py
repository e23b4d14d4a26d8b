"""The replay viewer: one self-contained HTML page of a game record.

    digsite replay game.json --html game.html

The page holds the picture of every position of the game (:func:`digsite.drawing.picture`) for
the spectator and for each seat, with the controls, the list of moves and the view switch that
``docs/play.md`` describes; a seat's pictures are drawn from its view alone, and each move reads
as that seat saw it (``State.action_seen_by``).  The record's texts reach the page once, as a
JSON block whose ``<``, ``>`` and ``&`` are escaped, read by the script; the title is
HTML-escaped, and both go in in one pass, so no text of a record can become markup or script.
The page needs no network: pictures are embedded, cut into tiles of ``TILE`` pixels, each
distinct tile once (in lossless WebP rows of ``SHEET`` tiles) and each position as the tiles
that changed since the last one, since consecutive positions and the different views share most
of the table.  Drawing the pictures is most of the build: ``jobs`` processes share it (``digsite
replay --jobs``, one per idle CPU by default), and the page is the same byte for byte whatever
their number.  The page opens at ``game.html#step=K&view=V`` (``V`` = ``spectator`` or a seat
number) when the address says so.
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from importlib import resources
from typing import Any

import numpy as np
from PIL import Image

from .drawing import picture
from .records import replay_states

SPECTATOR = "spectator"
TILE = 48
"""The side of a tile, in pixels: a tile's row is whole 8-byte words (:func:`_changed_tiles`)."""
SHEET = 256
"""Tiles per image of the page, side by side in one row (a WebP image is at most 16,383 pixels
wide).  One image per few hundred tiles encodes several times faster than one per tile, and
smaller: tiles come in the order they were first seen, neighbours of one picture together."""
WEBP = {"lossless": True, "quality": 0, "method": 0}
"""The tile images' encoding: lossless, at the encoder's least effort (several times faster
than its default; the page is still half the size it was with one image per tile)."""
WORD = 8
"""Bytes compared at once when a picture's rows are made of whole words."""
CHUNKS_PER_JOB = 2
"""The game is cut into this many runs of positions per worker, so that the workers finish
together although positions differ in cost.  A run draws every view of its positions (and of
the one before, again): its pictures share most texts, each drawn once per process."""
SHORTEST_RUN = 32
"""Positions a run has at least (fewer workers for a short game): a run draws the position
before it again, and a worker replays the record and renders its own texts."""
TEMPLATE = "viewer.html"
"""The page, beside this module: ``{title}`` and ``{data}`` are its slots."""

Tile = tuple[tuple[int, ...], bytes]
"""A tile as its shape and its pixels' bytes: what tells tiles apart, and what makes one again."""
Found = tuple[tuple[int, int], list[list[list[int]]], list[Tile]]
"""What a run of positions found: the pictures' height and width; for each view, for each
position, its changed tiles, each as its index (row by row) then the run's number for its
pixels; and the tile of each number."""


def default_jobs() -> int:
    """The CPUs this process may run on that are idle (less the load average where the system
    tells it): on CPUs busy with other work, more processes only add their own costs."""
    affinity = getattr(os, "sched_getaffinity", None)
    cpus = len(affinity(0)) if affinity else os.cpu_count() or 1
    busy = round(os.getloadavg()[0]) if hasattr(os, "getloadavg") else 0
    return max(1, cpus - busy)


def page(record: Mapping[str, Any], jobs: int = 1, states: list | None = None) -> str:
    """The HTML page of ``record`` (replayed and checked first: :class:`RecordError`, unless
    ``states`` are its positions already replayed); with ``jobs`` > 1 its pictures are drawn and
    encoded by that many processes (the same page)."""
    if states is None:
        states = replay_states(record)
    views = [SPECTATOR, *(str(p) for p in range(states[0].game.num_players))]
    jobs = max(1, min(jobs, len(states) // (CHUNKS_PER_JOB * SHORTEST_RUN)))
    if jobs > 1:
        size = -(-len(states) // (jobs * CHUNKS_PER_JOB))
        runs = [(a, min(a + size, len(states))) for a in range(0, len(states), size)]
        _WORKER_STATES[:] = states  # a forked worker has them; a spawned one replays
        try:
            with ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(record,)) as pool:
                (height, width), tiles, frames = _merged(len(views), pool.map(_run_in_worker, runs))
                sheets = list(pool.map(_data_uri, _sheets(tiles)))
        finally:
            _WORKER_STATES.clear()
    else:
        (height, width), tiles, frames = _merged(len(views), [_run(states, 0, len(states))])
        sheets = [_data_uri(sheet) for sheet in _sheets(tiles)]
    steps = record["steps"]
    data = {
        "width": width,
        "height": height,
        "tile": TILE,
        "sheet": SHEET,
        "views": views,
        "tiles": sheets,
        "frames": dict(zip(views, frames, strict=True)),
        "actions": {
            v: [
                state.action_seen_by(step["action"], int(v)) if v != SPECTATOR else step["text"]
                for state, step in zip(states[:-1], steps, strict=True)
            ]
            for v in views
        },
        "players": [s["player"] for s in steps],
        "agents": record["agents"],
        "result": "; ".join(
            f"player {p} ({name}): score {score:g}, return {ret:+g}"
            for p, (name, score, ret) in enumerate(
                zip(record["agents"], record["scores"], record["returns"], strict=True)
            )
        ),
        "scores": record["scores"],
        "returns": record["returns"],
    }
    options = ", ".join(f"{k}={v}" for k, v in record["config"].items() if v is not None)
    title = f"{states[0].game.title}: {record['env']} ({options}), seed {record['seed']}"
    filled = {"title": html.escape(title), "data": script_json(data)}
    template = resources.files(__package__).joinpath(TEMPLATE).read_text(encoding="utf-8")
    return _SLOT.sub(lambda m: filled[m.group(1)], template)  # one pass: nothing is re-read


_SLOT = re.compile(r"\{(title|data)\}")


def script_json(data: Any) -> str:
    """``data`` as JSON that can sit in a ``<script type="application/json">`` block: every
    ``<``, ``>`` and ``&`` escaped, so no text in it can end the block or open a comment."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _run(states: list, start: int, end: int) -> Found:
    """Draw every view of ``states[start:end]`` (the spectator's, then each seat's) and find
    what changed in each picture (in the first, since the position before, drawn again)."""
    numbers: dict[Tile, int] = {}
    changes: list[list[list[int]]] = []
    shape = (0, 0)
    for seat in [None, *range(states[0].game.num_players)]:
        previous = picture(states[start - 1], seat) if start else None
        changes.append([])
        for state in states[start:end]:
            pixels = picture(state, seat)
            shape = pixels.shape[:2]
            columns = -(-shape[1] // TILE)
            changed = []
            for i in _changed_tiles(pixels, previous):
                y, x = divmod(int(i), columns)
                tile = pixels[y * TILE : (y + 1) * TILE, x * TILE : (x + 1) * TILE]
                changed += (int(i), numbers.setdefault((tile.shape, tile.tobytes()), len(numbers)))
            changes[-1].append(changed)
            previous = pixels
    return shape, changes, list(numbers)


_WORKER_STATES: list = []
"""A worker process's positions of the record: the page's own while its workers start (a
worker forked then has them), else replayed by :func:`_start_worker`."""


def _start_worker(record: Mapping[str, Any]) -> None:
    if not _WORKER_STATES:
        _WORKER_STATES[:] = replay_states(record)


def _run_in_worker(run: tuple[int, int]) -> Found:
    return _run(_WORKER_STATES, *run)


def _merged(
    views: int, found: Iterable[Found]
) -> tuple[tuple[int, int], list[np.ndarray], list[list[list[int]]]]:
    """The picture size, every distinct tile numbered in the order first met (views in turn,
    each from the set-up on), and each view's frames as (tile index, tile number) pairs: the
    same whatever the runs, since a position's changes depend only on it and the one before."""
    runs = list(found)
    numbers: dict[Tile, int] = {}
    frames: list[list[list[int]]] = [[] for _ in range(views)]
    for view, frame_list in enumerate(frames):
        for _, changes, tiles in runs:
            for frame in changes[view]:  # the run's tile numbers made the page's, in place
                frame[1::2] = [numbers.setdefault(tiles[n], len(numbers)) for n in frame[1::2]]
                frame_list.append(frame)
    pixels = [np.frombuffer(data, np.uint8).reshape(shape) for shape, data in numbers]
    return runs[0][0], pixels, frames


def _sheets(tiles: list[np.ndarray]) -> Iterator[np.ndarray]:
    """The tiles in rows of :data:`SHEET`, each tile at the left of its ``TILE``-wide slot (a
    tile of the right or bottom edge is smaller: the rest of its slot falls off the board)."""
    for first in range(0, len(tiles), SHEET):
        row = tiles[first : first + SHEET]
        sheet = np.zeros((TILE, len(row) * TILE, 3), dtype=np.uint8)
        for k, tile in enumerate(row):
            sheet[: tile.shape[0], k * TILE : k * TILE + tile.shape[1]] = tile
        yield sheet


def _changed_tiles(pixels: np.ndarray, previous: np.ndarray | None) -> np.ndarray:
    """The indices (row by row) of the tiles of ``pixels`` that differ from ``previous``: every
    tile of a first picture.  Found by comparing whole arrays, since most of a table stays, as
    8-byte words when rows and tiles are made of whole ones; the differences are or-ed down
    each band of tiles first (contiguous, so fast), then across each tile in the small result."""
    height, width = pixels.shape[:2]
    rows, columns = -(-height // TILE), -(-width // TILE)
    if previous is None:
        return np.arange(rows * columns)
    line = width * 3
    word = np.uint64 if line % WORD == 0 and TILE * 3 % WORD == 0 else np.uint8
    new, old = pixels.reshape(height, line).view(word), previous.reshape(height, line).view(word)
    differs = np.not_equal(new, old)
    bands = np.zeros((rows, new.shape[1]), dtype=bool)
    full = height // TILE
    np.logical_or.reduce(differs[: full * TILE].reshape(full, TILE, -1), axis=1, out=bands[:full])
    if full < rows:
        np.logical_or.reduce(differs[full * TILE :], axis=0, out=bands[full])
    per_tile = TILE * 3 // np.dtype(word).itemsize
    spread = np.zeros((rows, columns * per_tile), dtype=bool)
    spread[:, : new.shape[1]] = bands
    return np.flatnonzero(spread.reshape(rows, columns, per_tile).any(axis=2))


def _data_uri(pixels: np.ndarray) -> str:
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "WEBP", **WEBP)
    return "data:image/webp;base64," + base64.b64encode(buffer.getvalue()).decode()
