"""Quests: generated stand-ins for the 28 coded cards, one per quest number.

The real coded cards are not public, so a quest is drawn from its number: a layout uniformly
among the legal ones and an ordered list of 7 starting clues, distinct trap cells of that layout
(the wheel holds up to 7: 3 to 5 for everyone plus 1-2 for new players).  A draw is kept only if
the layout is *identifiable* from its first 3 clues: among the layouts consistent with them, no
other gives the same answer to every question on every axis.  Otherwise the same random stream
draws again, so a number always gives the same quest.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .components import KIND_NAMES, Building, cell_name
from .layouts import Layouts, get_layouts
from .questions import answer_table
from .solver import Belief, Clue

NUM_QUEST_CLUES = 7
IDENTIFYING_CLUES = 3
"""Solo and the hardest multiplayer games use 3 clues; a quest must be solvable with them."""
MAX_DRAWS = 1000


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

    def clue_strings(self, k: int = NUM_QUEST_CLUES) -> list[str]:
        return [f"{cell_name(c.cell)} {KIND_NAMES[c.kind]}" for c in self.clues[:k]]

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


def is_identifiable(layout: int, clues: Sequence[tuple[int, int]], layouts: Layouts) -> bool:
    """True if no other layout agreeing with ``clues`` answers every question on every axis as
    ``layout`` does, so a player who may ask everything can always single it out."""
    belief = Belief.from_clues(clues, layouts)
    table = answer_table(layouts)
    mine = table[:, layout, :]
    same = np.all(table[:, belief.indices, :] == mine[:, None, :], axis=(0, 2))
    return int(same.sum()) == 1 and layout in belief


@functools.lru_cache(maxsize=4)
def all_answers_distinct(layouts: Layouts) -> bool:
    """True if no two layouts answer every question on every axis alike; then every layout is
    identifiable whatever its clues (true of the shipped tiles), and the check can be skipped."""
    table = answer_table(layouts)
    signatures = np.ascontiguousarray(table.transpose(1, 0, 2)).reshape(len(layouts), -1)
    return len(np.unique(signatures, axis=0)) == len(layouts)


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
