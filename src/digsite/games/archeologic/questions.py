"""The Archeoscope: axes, questions, their time cost, answer codes and answer tables.

Axes 0-4 are the columns A-E, axes 5-9 the rows 1-5.  The viewfinder ring (the clockwise order
of the axes around the City board) is not known; :data:`DEFAULT_RING` is A, B, C, D, E, 1, 2, 3,
4, 5 and every function that moves the viewfinder takes the ring as a parameter.

Question ids, with the shipped six buildings:

===== ===================== =========================================== ===================
id    question              answer                                      time
===== ===================== =========================================== ===================
0     different buildings   how many buildings have a box on the axis   1
1     empty zones           how many empty cells are on the axis        1
2+b   boxes of building b   the multiset of b's box kinds on the axis   2 (3 boxes), 3 (4)
8     traps                 ``(#Fire, #Sharp)`` trap boxes on the axis  2
===== ===================== =========================================== ===================

Every answer is a small integer *code* (:func:`decode_answer`, :func:`answer_to_string` read it):
a count for questions 0 and 1, an index into :data:`BOX_ANSWERS` (``(risk-free, fire, sharp)``
counts, at most 3 boxes) for a building, an index into :data:`TRAP_ANSWERS` (``(fire, sharp)``
counts) for traps.  A building answer never says where the boxes are, as with the Archeoscope.

:func:`answer_table` answers every question on every axis for every layout at once; the single
layout function :func:`answer_from_grid` (plain loops) is the reference it is tested against.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product

import numpy as np

from . import components
from .components import COLS, EMPTY, EMPTY_CELLS, FIRE, RISK_FREE, ROWS, SHARP, Building
from .layouts import Layouts

# -- axes ------------------------------------------------------------------------------------
NUM_AXES = COLS + ROWS
AXIS_NAMES = tuple(components.COLUMN_NAMES) + tuple(components.ROW_NAMES)
_GRID = np.arange(components.NUM_CELLS, dtype=np.intp).reshape(ROWS, COLS)
AXIS_CELLS = np.concatenate([_GRID.T, _GRID])
"""(10, 5): the cells of each axis, top to bottom for a column, left to right for a row."""
AXIS_CELLS.setflags(write=False)
DEFAULT_RING = tuple(range(NUM_AXES))
"""Clockwise order of the axes around the City board (not in any source: our choice)."""
MULTIPLAYER_START_AXIS = AXIS_NAMES.index("1")
"""Set-up places the viewfinder on axis "1" in a multiplayer game (solo: player's choice)."""


def parse_axis(name: str) -> int:
    text = str(name).strip().upper()
    if text not in AXIS_NAMES:
        raise ValueError(f"{name!r} is not an axis: a column A-E or a row 1-5")
    return AXIS_NAMES.index(text)


# -- questions -------------------------------------------------------------------------------
DIFFERENT_BUILDINGS, EMPTY_ZONES, FIRST_BUILDING_QUESTION = range(3)
TRAPS = FIRST_BUILDING_QUESTION + components.NUM_BUILDINGS
NUM_QUESTIONS = TRAPS + 1
COUNT_QUESTION_COST, SMALL_BUILDING_COST, BIG_BUILDING_COST, TRAPS_COST = 1, 2, 3, 2
"""Question times; the traps' is not in the rulebook (the reviews and the fan app suggest 2)."""


def building_question(building: int) -> int:
    return FIRST_BUILDING_QUESTION + building


def question_building(question: int) -> int | None:
    """The building a question asks about, or ``None``."""
    if FIRST_BUILDING_QUESTION <= question < TRAPS:
        return question - FIRST_BUILDING_QUESTION
    return None


def question_costs(buildings: Sequence[Building]) -> np.ndarray:
    """(9,) int64: the time each question costs (a building's depends on its size)."""
    sizes = [SMALL_BUILDING_COST if b.size <= 3 else BIG_BUILDING_COST for b in buildings]
    return np.array([COUNT_QUESTION_COST, COUNT_QUESTION_COST, *sizes, TRAPS_COST], dtype=np.int64)


_NAMES = {DIFFERENT_BUILDINGS: "different buildings", EMPTY_ZONES: "empty zones", TRAPS: "traps"}
"""The questions that ask about no one building, by name."""
_UNITS = {DIFFERENT_BUILDINGS: "building", EMPTY_ZONES: "empty zone"}
"""What the two count questions count."""


def question_name(question: int, buildings: Sequence[Building] | None = None) -> str:
    if question in _NAMES:
        return _NAMES[question]
    b = question_building(question)
    if b is None:
        raise ValueError(f"question id must be 0..{NUM_QUESTIONS - 1}, got {question!r}")
    return f"boxes of {buildings[b].id if buildings is not None else f'building {b}'}"


# -- answer codes ----------------------------------------------------------------------------
def _count_tuples(parts: int, most: int) -> tuple[tuple[int, ...], ...]:
    """All tuples of ``parts`` non-negative counts with sum <= most: fewest boxes first, then
    the earlier kinds first."""
    tuples = (t for t in product(range(most + 1), repeat=parts) if sum(t) <= most)
    return tuple(sorted(tuples, key=lambda t: (sum(t), [-k for k in t])))


BOX_ANSWERS = _count_tuples(3, components.MAX_BOXES_ON_AXIS)
"""Building answer code -> ``(risk-free, fire, sharp)`` counts; code 0 is "no box"."""
TRAP_ANSWERS = _count_tuples(2, COLS)
"""Trap answer code -> ``(fire, sharp)`` counts."""
MAX_BUILDINGS_ON_AXIS = COLS
BOX_CODE = np.full((COLS + 1,) * 3, -1, dtype=np.int16)
"""``BOX_CODE[r, f, s]``: the code of a building answer (-1: impossible)."""
BOX_CODE[tuple(zip(*BOX_ANSWERS, strict=True))] = range(len(BOX_ANSWERS))
TRAP_CODE = np.full((COLS + 1,) * 2, -1, dtype=np.int16)
"""``TRAP_CODE[f, s]``: the code of a trap answer (-1: impossible)."""
TRAP_CODE[tuple(zip(*TRAP_ANSWERS, strict=True))] = range(len(TRAP_ANSWERS))
BOX_CODE.setflags(write=False)
TRAP_CODE.setflags(write=False)


def num_answers(question: int) -> int:
    """How many answer codes a question has (codes are ``0 .. num_answers - 1``)."""
    counts = {DIFFERENT_BUILDINGS: MAX_BUILDINGS_ON_AXIS + 1, EMPTY_ZONES: EMPTY_CELLS + 1}
    return counts.get(question, len(TRAP_ANSWERS if question == TRAPS else BOX_ANSWERS))


MAX_ANSWERS = max(num_answers(q) for q in range(NUM_QUESTIONS))


def decode_answer(question: int, code: int) -> int | tuple[int, ...]:
    """A count (questions 0, 1), ``(risk-free, fire, sharp)`` (a building) or ``(fire, sharp)``
    (traps)."""
    if not 0 <= code < num_answers(question):
        raise ValueError(f"answer code {code!r} is out of range for question {question}")
    if question in (DIFFERENT_BUILDINGS, EMPTY_ZONES):
        return code
    return TRAP_ANSWERS[code] if question == TRAPS else BOX_ANSWERS[code]


def answer_to_string(question: int, code: int) -> str:
    value = decode_answer(question, code)
    if question in _UNITS:
        return f"{value} {_UNITS[question]}{'s' * (value != 1)}"
    if question == TRAPS:
        return f"{value[0]} Fire, {value[1]} Sharp"
    icons = [name for name, n in zip(components.KIND_NAMES, value, strict=True) for _ in range(n)]
    return " + ".join(icons) if icons else "nothing"


def trap_icons(question: int, code: int) -> int:
    """Trap icons the answer shows (solo: the viewfinder moves one extra step for each).
    A building answer shows one icon per trap box; a trap answer one per trap counted."""
    value = decode_answer(question, code)
    return 0 if question in (DIFFERENT_BUILDINGS, EMPTY_ZONES) else value[-2] + value[-1]


TRAP_ICONS = np.zeros((NUM_QUESTIONS, MAX_ANSWERS), dtype=np.int8)
"""``TRAP_ICONS[question, code]``, zero past a question's last code."""
for _q in range(NUM_QUESTIONS):
    for _c in range(num_answers(_q)):
        TRAP_ICONS[_q, _c] = trap_icons(_q, _c)
TRAP_ICONS.setflags(write=False)


# -- answers ---------------------------------------------------------------------------------
def answer_from_grid(building: Sequence[int], kind: Sequence[int], question: int, axis: int) -> int:
    """The answer code for one layout given cell by cell (``building``/``kind`` as in
    :class:`~.layouts.Layouts`, ``-1`` = empty).  Plain loops: the reference implementation."""
    seen = set()
    empty = 0
    boxes = [0, 0, 0]
    traps = [0, 0]
    target = question_building(question)
    for cell in AXIS_CELLS[axis]:
        b, k = int(building[cell]), int(kind[cell])
        if b == EMPTY:
            empty += 1
            continue
        seen.add(b)
        if b == target:
            boxes[k] += 1
        if k != RISK_FREE:  # a trap box, Fire or Sharp
            traps[k - FIRE] += 1
    if question == DIFFERENT_BUILDINGS:
        return len(seen)
    if question == EMPTY_ZONES:
        return empty
    if question == TRAPS:
        return TRAP_ANSWERS.index(tuple(traps))
    if target is None:
        raise ValueError(f"question id must be 0..{NUM_QUESTIONS - 1}, got {question!r}")
    return BOX_ANSWERS.index(tuple(boxes))


@lru_cache(maxsize=4)
def answer_table(layouts: Layouts) -> np.ndarray:
    """(9, L, 10) uint8, read-only: ``answer_table(layouts)[question, layout, axis]``.
    Built once per :class:`~.layouts.Layouts` (about 15 MB for the shipped tiles)."""
    n = len(layouts)
    out = np.empty((NUM_QUESTIONS, n, NUM_AXES), dtype=np.uint8)
    chunk = 1 << 15
    buildings = range(len(layouts.buildings))
    for start in range(0, n, chunk):
        part = slice(start, min(n, start + chunk))
        b = layouts.building[part][:, AXIS_CELLS]  # (L, 10, 5): the cells of each axis
        k = layouts.kind[part][:, AXIS_CELLS]
        out[DIFFERENT_BUILDINGS, part] = sum((b == i).any(axis=2) for i in buildings)
        out[EMPTY_ZONES, part] = (b == EMPTY).sum(axis=2)
        out[TRAPS, part] = TRAP_CODE[(k == FIRE).sum(axis=2), (k == SHARP).sum(axis=2)]
        for i in buildings:
            mine = b == i
            counts = [(mine & (k == kind)).sum(axis=2) for kind in (RISK_FREE, FIRE, SHARP)]
            out[building_question(i), part] = BOX_CODE[tuple(counts)]
    out.setflags(write=False)
    return out
