"""Every legal ArcheOlogic layout, enumerated once and held as compact numpy arrays.

A layout puts each of the six Buildings at one position and rotation, inside the Map and without
overlap, which leaves exactly 3 empty cells.  With the shipped tiles there are 166,848 layouts,
few enough that the deduction in :mod:`.solver` can be exact.

A *placement* of building ``b`` is one (rotation, anchor) pair; ``Layouts.tables[b]`` lists them.
The anchor is the top-left cell of the rotated tile's bounding box (that cell need not be a box
of the tile, e.g. for a T).  Layout ``i`` is row ``i`` of ``Layouts.placements`` (one placement
id per building), and the rows are sorted lexicographically, so the index of a layout depends on
the buildings data only, never on the enumeration algorithm.

Per-cell arrays let questions be answered for all layouts at once:
``building[i, cell]`` is the building index there (``-1`` = empty) and ``kind[i, cell]`` the box
kind (``-1`` empty, 0 Risk-free, 1 Fire, 2 Sharp).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import NamedTuple

import numpy as np

from . import components
from .components import COLS, EMPTY, KIND_CHARS, NUM_CELLS, ROW_NAMES, ROWS, Building


class Piece(NamedTuple):
    """One building as placed in a layout: what a player sets on the Plan to guess."""

    building: int
    rotation: int  # quarter turns clockwise from the tile as drawn in the data file
    anchor: int  # cell of the top-left corner of the rotated tile's bounding box


@dataclass(frozen=True)
class PlacementTable:
    """Every placement of one building on the empty Map, in (rotation, anchor) order."""

    rotation: np.ndarray  # (P,) int8
    anchor: np.ndarray  # (P,) int8
    mask: np.ndarray  # (P,) int64, bit ``cell`` set for each covered cell
    cells: np.ndarray  # (P, size) int8, covered cells in row-major order
    kinds: np.ndarray  # (P, size) int8, the box kind on each of those cells

    def __len__(self) -> int:
        return len(self.rotation)


def placement_table(building: Building) -> PlacementTable:
    rows = []  # (rotation, anchor, mask, cells, kinds) of each placement, as PlacementTable
    for turns, shape in building.rotations:
        height = max(r for r, _, _ in shape) + 1
        width = max(c for _, c, _ in shape) + 1
        kinds = [k for _, _, k in shape]
        for r0, c0 in product(range(ROWS - height + 1), range(COLS - width + 1)):
            covered = [(r0 + r) * COLS + c0 + c for r, c, _ in shape]
            rows.append((turns, r0 * COLS + c0, sum(1 << c for c in covered), covered, kinds))
    columns, dtypes = zip(*rows, strict=True), (np.int8, np.int8, np.int64, np.int8, np.int8)
    return PlacementTable(*(np.array(c, dtype=d) for c, d in zip(columns, dtypes, strict=True)))


def _enumerate(tables: Sequence[PlacementTable], empty_cells: int) -> list[tuple[int, ...]]:
    """Backtracking over 25-bit masks: the lowest uncovered cell is either covered by a placement
    whose lowest cell it is, or declared empty.  Each layout is reached exactly once."""
    n = len(tables)
    by_first: list[list[list[tuple[int, int]]]] = [[[] for _ in range(NUM_CELLS)] for _ in tables]
    for b, table in enumerate(tables):
        for pid, m in enumerate(table.mask.tolist()):
            by_first[b][(m & -m).bit_length() - 1].append((pid, m))
    all_used = (1 << n) - 1
    choice = [0] * n
    found: list[tuple[int, ...]] = []

    def extend(occupied: int, used: int, empties: int) -> None:
        if used == all_used:
            found.append(tuple(choice))
            return
        low = (occupied + 1) & ~occupied
        cell = low.bit_length() - 1
        for b in range(n):
            if used >> b & 1:
                continue
            for pid, m in by_first[b][cell]:
                if not m & occupied:
                    choice[b] = pid
                    extend(occupied | m, used | (1 << b), empties)
        if empties < empty_cells:
            extend(occupied | low, used, empties + 1)

    extend(0, 0, 0)
    return found


class Layouts:
    """All legal layouts of one building set.  Arrays are read-only; get one with
    :func:`get_layouts`, which builds it once per building set."""

    def __init__(self, buildings: Sequence[Building]):
        self.buildings: tuple[Building, ...] = tuple(buildings)
        self.tables: tuple[PlacementTable, ...] = tuple(placement_table(b) for b in buildings)
        found = _enumerate(self.tables, components.EMPTY_CELLS)
        placements = np.array(found, dtype=np.int16).reshape(-1, len(self.buildings))
        self.placements: np.ndarray = placements[np.lexsort(placements.T[::-1])]  # (rows sorted)
        n = len(self.placements)
        rows = np.arange(n)[:, None]
        self.building: np.ndarray = np.full((n, NUM_CELLS), EMPTY, dtype=np.int8)
        self.kind: np.ndarray = np.full((n, NUM_CELLS), EMPTY, dtype=np.int8)
        for b, table in enumerate(self.tables):
            pid = self.placements[:, b]
            self.building[rows, table.cells[pid]] = b
            self.kind[rows, table.cells[pid]] = table.kinds[pid]
        for arr in (self.placements, self.building, self.kind):
            arr.setflags(write=False)

    def __len__(self) -> int:
        return len(self.placements)

    def __repr__(self) -> str:
        ids = ", ".join(b.id for b in self.buildings)
        return f"Layouts({len(self)} layouts of {ids})"

    def pieces(self, index: int) -> tuple[Piece, ...]:
        """The buildings of layout ``index`` as (building, rotation, anchor), in building order."""
        row = self.placements[index]
        return tuple(
            Piece(b, int(t.rotation[row[b]]), int(t.anchor[row[b]]))
            for b, t in enumerate(self.tables)
        )

    def placement_id(self, building: int, rotation: int, anchor: int) -> int:
        """Row of ``tables[building]`` for this rotation and anchor, or -1 if it does not exist
        (off the Map, or a rotation dropped as identical to a smaller one)."""
        t = self.tables[building]
        hit = np.flatnonzero((t.rotation == rotation) & (t.anchor == anchor))
        return int(hit[0]) if len(hit) else -1

    def index_of(self, pieces: Sequence[tuple[int, int, int]]) -> int:
        """Layout index of a full guess (one piece per building, any order); -1 if the pieces do
        not form a legal layout (off the Map, overlapping, a building missing or repeated)."""
        row = [-1] * len(self.buildings)
        for building, rotation, anchor in pieces:
            if not 0 <= building < len(row) or row[building] != -1:
                return -1
            row[building] = self.placement_id(building, rotation, anchor)
        if min(row) < 0:
            return -1
        hit = np.flatnonzero((self.placements == row).all(axis=1))
        return int(hit[0]) if len(hit) else -1

    def traps(self, index: int) -> tuple[tuple[int, int], ...]:
        """``(cell, kind)`` of the layout's trap boxes, by cell."""
        kinds = self.kind[index]
        return tuple((int(c), int(kinds[c])) for c in np.flatnonzero(kinds > 0))

    def to_string(self, index: int) -> str:
        """A 5x5 picture: each cell shows the building id and the box kind in lower case
        (``T4f`` = a Fire box of T4), ``.`` an empty zone."""
        width = max(len(b.id) for b in self.buildings) + 1
        cells = [
            f"{'.' if b == EMPTY else self.buildings[b].id + KIND_CHARS[k].lower():^{width}}"
            for b, k in zip(self.building[index].tolist(), self.kind[index].tolist(), strict=True)
        ]
        lines = ["  " + " ".join(f"{c:^{width}}" for c in components.COLUMN_NAMES)]
        lines += [
            f"{ROW_NAMES[r]} " + " ".join(cells[r * COLS : (r + 1) * COLS]) for r in range(ROWS)
        ]
        return "\n".join(line.rstrip() for line in lines)


@lru_cache(maxsize=4)
def _cached(buildings: tuple[Building, ...]) -> Layouts:
    return Layouts(buildings)


def get_layouts(buildings: Sequence[Building] | None = None) -> Layouts:
    """The layouts of ``buildings`` (default: the shipped tiles), built once and cached."""
    return _cached(tuple(components.load_buildings() if buildings is None else buildings))


def layout_to_string(index: int, layouts: Layouts | None = None) -> str:
    return (get_layouts() if layouts is None else layouts).to_string(index)
