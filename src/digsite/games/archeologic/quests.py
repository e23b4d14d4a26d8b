"""Quests: generated stand-ins for the 28 coded cards, one per quest number (:func:`make_quest`),
and their expert clues (:func:`expert_clues`); how each is drawn and why: the package
documentation's Decisions and Expert mode.

A quest holds 7 ordered starting clues, as many as the wheel holds (3 to 5 for everyone plus 1-2 for
new players).  A draw whose layout is not identifiable from its first 3 clues is drawn again from
the same random stream, so a number always gives the same quest."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .components import COLS, Building
from .layouts import Layouts, get_layouts
from .questions import AXIS_NAMES, DIFFERENT_BUILDINGS, EMPTY_ZONES, NUM_AXES, answer_table
from .solver import AxisClue, Belief, Clue

NUM_QUEST_CLUES = 7
IDENTIFYING_CLUES = 3
"""Solo and the hardest multiplayer games use 3 clues; a quest must be solvable with them."""
MAX_DRAWS = 1000
EXPERT_STREAM = 0xE4
"""Salt of the random stream that draws expert clues (independent of the layout's stream)."""
EXPERT_QUESTIONS = (DIFFERENT_BUILDINGS, EMPTY_ZONES)


@dataclass(frozen=True)
class Quest:
    number: int
    layout: int  # index into the Layouts of the building set the quest was drawn for
    clues: tuple[Clue, ...]
    draws: int = field(default=1, compare=False)
    """Candidates drawn for this number before one was identifiable (informative only)."""

    def starting_clues(self, k: int = IDENTIFYING_CLUES) -> tuple[Clue, ...]:
        """The first ``k`` clues, read in wheel order."""
        if not 1 <= k <= len(self.clues):
            raise ValueError(f"a quest has 1..{len(self.clues)} starting clues, asked for {k}")
        return self.clues[:k]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "layout": self.layout,
            "clues": [[c.cell, c.kind] for c in self.clues],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], layouts: Layouts | None = None) -> Quest:
        """Rebuild a saved quest, checking its clues against its layout."""
        layouts = get_layouts() if layouts is None else layouts
        try:
            number, layout = int(data["number"]), int(data["layout"])
            clues = tuple(Clue(int(cell), int(kind)) for cell, kind in data["clues"])
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"not a saved ArcheOlogic quest ({err!r}): {data!r}") from None
        if not 0 <= layout < len(layouts):
            raise ValueError(f"saved quest: layout {layout} is not 0..{len(layouts) - 1}")
        traps = set(layouts.traps(layout))
        for c in clues:
            if (c.cell, c.kind) not in traps:
                raise ValueError(f"saved quest: clue {tuple(c)} is not a trap of layout {layout}")
        return cls(number, layout, clues)


def expert_clues(
    quest: Quest, variation: int, k: int = IDENTIFYING_CLUES, layouts: Layouts | None = None
) -> tuple[AxisClue, ...]:
    """The first ``k`` expert clues of ``quest`` in the game of ``variation``: 7 distinct
    (axis, count question) pairs in wheel order, drawn from ``default_rng([EXPERT_STREAM,
    number, variation])``, with the layout's answers."""
    if not 1 <= k <= NUM_QUEST_CLUES:
        raise ValueError(f"a quest has 1..{NUM_QUEST_CLUES} expert clues, asked for {k}")
    layouts = get_layouts() if layouts is None else layouts
    table = answer_table(layouts)
    pairs = [(a, q) for a in range(NUM_AXES) for q in EXPERT_QUESTIONS]
    rng = np.random.default_rng([EXPERT_STREAM, int(quest.number), int(variation)])
    for _ in range(MAX_DRAWS):
        order = rng.permutation(len(pairs))[:NUM_QUEST_CLUES]
        clues = tuple(
            AxisClue(a, q, int(table[q, quest.layout, a])) for a, q in (pairs[i] for i in order)
        )
        if all_answers_distinct(layouts) or is_identifiable(
            quest.layout, (), layouts, clues[:IDENTIFYING_CLUES]
        ):
            return clues[:k]
    raise RuntimeError(f"no identifying expert clues in {MAX_DRAWS} draws for quest {quest}")


def axis_clue_string(clue: tuple[int, int, int]) -> str:
    axis, question, answer = clue
    where = ("column " if axis < COLS else "row ") + AXIS_NAMES[axis]
    if question == DIFFERENT_BUILDINGS:
        return f"{where} crosses {answer} different building{'s' * (answer != 1)}"
    return f"{where} holds {answer} empty zone{'s' * (answer != 1)}"


def is_identifiable(
    layout: int,
    clues: Sequence[tuple[int, int]],
    layouts: Layouts,
    axis_clues: Sequence[tuple[int, int, int]] = (),
) -> bool:
    """True if no other layout agreeing with ``clues`` (and expert ``axis_clues``) answers every
    question on every axis as ``layout`` does, so a player who may ask everything can always
    single it out."""
    belief = Belief.from_clues(clues, layouts).with_axis_clues(axis_clues)
    table = answer_table(layouts)
    same = (table[:, belief.indices] == table[:, layout, None]).all(axis=(0, 2))
    return int(same.sum()) == 1 and layout in belief


@functools.lru_cache(maxsize=4)
def all_answers_distinct(layouts: Layouts) -> bool:
    """True if no two layouts answer every question on every axis alike; then every layout is
    identifiable whatever its clues (true of the shipped tiles), and the check can be skipped."""
    table = answer_table(layouts)
    signatures = np.ascontiguousarray(table.transpose(1, 0, 2)).reshape(len(layouts), -1)
    # one opaque bytes value per layout: a 1-d sort, much faster than unique rows
    rows = signatures.view(np.dtype((np.void, signatures.shape[1] * signatures.itemsize)))
    return len(np.unique(rows.ravel())) == len(layouts)


def make_quest(number: int, buildings: Sequence[Building] | None = None) -> Quest:
    """The quest of ``number`` (any non-negative integer), the same every time."""
    if isinstance(number, bool) or not isinstance(number, (int, np.integer)) or number < 0:
        raise ValueError(f"a quest number is a non-negative integer, got {number!r}")
    layouts = get_layouts(buildings)
    rng = np.random.default_rng(int(number))
    for draw in range(1, MAX_DRAWS + 1):
        layout = int(rng.integers(len(layouts)))
        traps = layouts.traps(layout)
        order = rng.permutation(len(traps))[:NUM_QUEST_CLUES]
        clues = tuple(Clue(*traps[i]) for i in order)
        if all_answers_distinct(layouts) or is_identifiable(
            layout, clues[:IDENTIFYING_CLUES], layouts
        ):
            return Quest(int(number), layout, clues, draws=draw)
    raise RuntimeError(f"no identifiable quest in {MAX_DRAWS} draws for number {number}")
