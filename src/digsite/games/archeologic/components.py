"""ArcheOlogic components: the 5x5 Map, the box kinds and the six Building tiles (a data file).

Cells are numbered ``row * 5 + col``: row 0 is the Map's row "1", col 0 its column "A", so cell 0
is "A1" and cell 24 is "E5".  A Building is a set of boxes, each ``(row, col, kind)`` relative
to the top-left corner of the tile's bounding box as drawn in ``data/buildings.json``.  Tiles turn
by quarter turns but are never flipped (the rulebook: "all the Buildings need to be set on the
same side"), so a rotation never mirrors a tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ...core.data import DataFileError, read_records

ROWS, COLS = 5, 5
NUM_CELLS = ROWS * COLS
COLUMN_NAMES, ROW_NAMES = "ABCDE", "12345"

RISK_FREE, FIRE, SHARP = 0, 1, 2
"""Box kinds.  Fire and Sharp are the two trap kinds."""
KIND_NAMES = ("Risk-free", "Fire", "Sharp")
KIND_CHARS = "RFS"
"""The letter of each kind in ``data/buildings.json``."""
TRAP_KINDS = (FIRE, SHARP)
EMPTY = -1
"""Marks an empty cell in the per-cell arrays of :mod:`.layouts`."""

NUM_BUILDINGS = 6
BUILDING_SIZES = (3, 3, 4, 4, 4, 4)
"""Sorted box counts of the six tiles: four big (4 boxes) and two small (3 boxes)."""
TOTAL_BOXES = sum(BUILDING_SIZES)
TOTAL_TRAPS = 8
"""One per Trap token in an Archaeologist's box."""
EMPTY_CELLS = NUM_CELLS - TOTAL_BOXES
MAX_BOXES_ON_AXIS = 3
"""The Archeoscope shows a Building answer through 3 holes."""

Box = tuple[int, int, int]
"""``(row, col, kind)``."""


def cell_name(cell: int) -> str:
    """``"C4"`` for the cell at column C, row 4 (the rulebook's letter-number coordinates)."""
    row, col = divmod(cell, COLS)
    return f"{COLUMN_NAMES[col]}{ROW_NAMES[row]}"


def parse_cell(name: str) -> int:
    """Inverse of :func:`cell_name`; raises ``ValueError`` naming the bad coordinate."""
    text = name.strip().upper()
    if len(text) != 2 or text[0] not in COLUMN_NAMES or text[1] not in ROW_NAMES:
        raise ValueError(f"{name!r} is not a Map cell: a column A-E then a row 1-5, like 'C4'")
    return ROW_NAMES.index(text[1]) * COLS + COLUMN_NAMES.index(text[0])


def normalise(boxes: Sequence[Box]) -> tuple[Box, ...]:
    """Shift boxes so the bounding box starts at (0, 0); sort them row-major."""
    r0 = min(r for r, _, _ in boxes)
    c0 = min(c for _, c, _ in boxes)
    return tuple(sorted((r - r0, c - c0, k) for r, c, k in boxes))


def rotate_clockwise(boxes: Sequence[Box], quarter_turns: int) -> tuple[Box, ...]:
    """Turn a tile by ``quarter_turns`` x 90 degrees clockwise as seen on the Map (rows down)."""
    out = normalise(boxes)
    for _ in range(quarter_turns % 4):
        height = max(r for r, _, _ in out) + 1
        out = normalise([(c, height - 1 - r, k) for r, c, k in out])
    return out


@dataclass(frozen=True)
class Building:
    """One tile.  Equality and hashing use the geometry only, so a building set is a cache key."""

    index: int
    id: str
    name: str
    boxes: tuple[Box, ...]
    provenance: str
    record: dict = field(compare=False, repr=False)

    @property
    def size(self) -> int:
        return len(self.boxes)

    @property
    def traps(self) -> tuple[int, int]:
        """``(#Fire, #Sharp)`` boxes of the tile."""
        return (sum(k == FIRE for _, _, k in self.boxes), sum(k == SHARP for _, _, k in self.boxes))

    @cached_property
    def rotations(self) -> tuple[tuple[int, tuple[Box, ...]], ...]:
        """``(quarter_turns, boxes)`` for each distinct clockwise rotation, fewest turns first."""
        first: dict[tuple[Box, ...], int] = {}  # each shape and its fewest turns, in order
        for turns in range(4):
            first.setdefault(rotate_clockwise(self.boxes, turns), turns)
        return tuple((turns, shape) for shape, turns in first.items())


class BuildingsFileError(DataFileError):
    """A malformed ArcheOlogic buildings data file."""


def load_buildings(source: str | Path | list | dict | None = None) -> tuple[Building, ...]:
    """Read and check the six Buildings.

    ``source`` is ``None`` (the shipped file), a path to a JSON file, a list of building records
    or ``{"buildings": [...]}``.  The record order is the building index.  Each record is
    checked against ``data/buildings.schema.json``, then here: the shape rules of one tile and
    the rules of the set.  Raises :class:`BuildingsFileError` naming the file, the record and
    what is wrong.
    """
    records, where = read_records(
        source,
        __package__,
        "buildings.json",
        "buildings",
        BuildingsFileError,
        "ArcheOlogic building",
    )
    buildings = tuple(_parse_building(i, r, where) for i, r in enumerate(records))
    if len(buildings) != NUM_BUILDINGS:
        raise BuildingsFileError(
            f"{where}: ArcheOlogic has {NUM_BUILDINGS} buildings, the file has {len(buildings)}"
        )
    sizes = sorted(b.size for b in buildings)
    if sizes != list(BUILDING_SIZES):
        raise BuildingsFileError(
            f"{where}: the buildings must be four of 4 boxes and two of 3 ({TOTAL_BOXES} boxes, "
            f"{EMPTY_CELLS} empty zones on the Map); got sizes {[b.size for b in buildings]}"
        )
    traps = sum(sum(b.traps) for b in buildings)
    if traps != TOTAL_TRAPS:
        raise BuildingsFileError(
            f"{where}: the buildings must hold {TOTAL_TRAPS} trap boxes in all (one per Trap "
            f"token), got {traps}"
        )
    return buildings


def _parse_building(index: int, record: Any, where: str) -> Building:
    def fail(msg: str) -> BuildingsFileError:
        return BuildingsFileError(
            f"{where}, ArcheOlogic building #{index} (id {record['id']!r}): {msg}"
        )

    # types, kind letters, provenance and source, unique ids: data/buildings.schema.json
    rows = record["boxes"]
    if len({len(r) for r in rows}) != 1:
        raise fail(f"the rows of boxes must all have the same length, got {rows!r}")
    boxes = [
        (r, c, KIND_CHARS.index(ch))
        for r, row in enumerate(rows)
        for c, ch in enumerate(row)
        if ch != "."
    ]
    if not boxes:
        raise fail("a building has at least one box")
    if not _connected({(r, c) for r, c, _ in boxes}):
        raise fail(f"the boxes {rows!r} are not connected edge to edge")
    for axis, pick in (("row", 0), ("column", 1)):
        for line in {b[pick] for b in boxes}:
            on_line = sum(b[pick] == line for b in boxes)
            if on_line > MAX_BOXES_ON_AXIS:
                raise fail(
                    f"{on_line} boxes on one {axis}; the Archeoscope shows at most "
                    f"{MAX_BOXES_ON_AXIS} boxes of a building on an axis"
                )
    name = record.get("name", record["id"])
    return Building(index, record["id"], name, normalise(boxes), record["provenance"], dict(record))


def _connected(cells: set[tuple[int, int]]) -> bool:
    todo = [next(iter(cells))]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        reached = {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & cells - seen
        seen |= reached
        todo += reached
    return seen == cells
