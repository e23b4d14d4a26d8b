"""Exact deduction over the layout set, a greedy question policy and a solo solving simulation.

A :class:`Belief` is the set of layouts consistent with what one player has seen (starting clues
and answers).  Because every answer is a function of the layout, the expected information of a
question under a uniform prior over the belief is the entropy of its answer distribution;
:func:`best_question` maximises that per unit of time.  :func:`solve` plays the solo game with
this policy to give a reference "how fast can this quest be solved".

The viewfinder options are a parameter (:data:`VIEWFINDER_MOVES`): each is ``(steps, surcharge)``
counted from the viewfinder's position before the turn, ``steps=None`` meaning any axis.  The
rules give the free step (1, 0), one more step (2, +1) and any axis (None, +2), in solo and
multiplayer alike; solo then moves the viewfinder one step per trap icon in the answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np

from . import components, questions
from .layouts import Layouts, get_layouts
from .questions import MAX_ANSWERS, NUM_AXES, NUM_QUESTIONS, answer_table

VIEWFINDER_MOVES: tuple[tuple[int | None, int], ...] = ((1, 0), (2, 1), (None, 2))
"""``(steps clockwise, time surcharge)``; ``None`` steps = any axis."""
GUESS_COST = 4
"""Time of an "I think I've found it!" turn."""
NO_INFORMATION = 1e-12
"""Bits that are float rounding: a question whose expected information is at most this teaches
nothing, and two scores this close are a tie."""


class Clue(NamedTuple):
    """A starting clue: ``cell`` holds a trap box of ``kind`` (Fire or Sharp)."""

    cell: int
    kind: int


class AxisClue(NamedTuple):
    """An expert-mode starting clue (digsite's own design): the answer code of ``question``
    (different buildings or empty zones) on ``axis``."""

    axis: int
    question: int
    answer: int


class Belief:
    """Indices (sorted int32, read-only) of the layouts consistent with a player's information.

    Filtering returns a new belief and leaves this one unchanged, so beliefs can be shared,
    stored in a search tree and compared cheaply.
    """

    __slots__ = ("layouts", "indices")

    def __init__(self, layouts: Layouts, indices: np.ndarray):
        self.layouts = layouts
        self.indices = indices
        self.indices.setflags(write=False)

    @classmethod
    def full(cls, layouts: Layouts | None = None) -> Belief:
        layouts = get_layouts() if layouts is None else layouts
        return cls(layouts, np.arange(len(layouts), dtype=np.int32))

    @classmethod
    def from_clues(cls, clues: Iterable[tuple[int, int]], layouts: Layouts | None = None) -> Belief:
        belief = cls.full(layouts)
        for cell, kind in clues:
            belief = belief.with_clue(cell, kind)
        return belief

    def with_axis_clues(self, axis_clues: Iterable[tuple[int, int, int]]) -> Belief:
        """Keep the layouts that agree with expert clues or answers ``(axis, question, answer
        code)``; this belief itself when they rule out none (kept aids follow its identity)."""
        table = answer_table(self.layouts)
        indices = self.indices
        for axis, question, answer in axis_clues:
            if not 0 <= axis < NUM_AXES or not 0 <= question < NUM_QUESTIONS:
                raise ValueError(f"no axis {axis!r} / question {question!r}")
            indices = indices[table[question, indices, axis] == answer]
        return self if len(indices) == len(self) else Belief(self.layouts, indices)

    def __len__(self) -> int:
        return len(self.indices)

    def __contains__(self, layout: int) -> bool:
        i = int(np.searchsorted(self.indices, layout))
        return i < len(self.indices) and int(self.indices[i]) == layout

    def __repr__(self) -> str:
        return f"Belief({len(self)} of {len(self.layouts)} layouts)"

    def with_clue(self, cell: int, kind: int) -> Belief:
        """Keep the layouts where ``cell`` holds a trap box of ``kind``."""
        if not 0 <= cell < components.NUM_CELLS:
            raise ValueError(f"clue cell must be 0..{components.NUM_CELLS - 1}, got {cell!r}")
        if kind not in components.TRAP_KINDS:
            raise ValueError(f"clue kind must be a trap kind {components.TRAP_KINDS}, got {kind!r}")
        keep = self.layouts.kind[self.indices, cell] == kind
        return Belief(self.layouts, self.indices[keep])

    def with_answer(self, axis: int, question: int, answer: int) -> Belief:
        """Keep the layouts that give ``answer`` to ``question`` on ``axis``."""
        return self.with_axis_clues(((axis, question, answer),))

    def sample(self, rng: np.random.Generator) -> int:
        """A layout drawn uniformly from the belief (for ``resample_hidden``)."""
        if not len(self):
            raise ValueError("the belief is empty: the information seen is contradictory")
        return int(self.indices[rng.integers(len(self))])

    def informative(self) -> np.ndarray:
        """(9, 10) bools: whether the layouts of the belief answer each question on each axis
        in more than one way (so that asking it teaches something); cheaper than
        :meth:`information`, which it equals above ``NO_INFORMATION``."""
        if len(self) <= 1:
            return np.zeros((NUM_QUESTIONS, NUM_AXES), dtype=bool)
        codes = answer_table(self.layouts)[:, self.indices]
        return (codes != codes[:, :1]).any(axis=1)

    def information(self) -> np.ndarray:
        """(9, 10) float64: expected information, in bits, of each question on each axis."""
        n = len(self)
        out = np.zeros((NUM_QUESTIONS, NUM_AXES))
        if n <= 1:
            return out
        table = answer_table(self.layouts)
        offsets = np.arange(NUM_AXES, dtype=np.intp) * MAX_ANSWERS
        for q in range(NUM_QUESTIONS):
            counts = np.bincount(
                (table[q, self.indices] + offsets).ravel(), minlength=NUM_AXES * MAX_ANSWERS
            ).reshape(NUM_AXES, MAX_ANSWERS)
            out[q] = np.log2(n) - (counts * np.log2(np.maximum(counts, 1))).sum(axis=1) / n
        return np.maximum(out, 0.0)


class Choice(NamedTuple):
    """A question to ask: where, what, at what time and for how much expected information."""

    axis: int
    question: int
    surcharge: int  # viewfinder time
    time: int  # question cost + surcharge
    gain: float  # expected information, bits
    score: float  # gain / time


def axis_choices(
    viewfinder: int,
    ring: Sequence[int] = questions.DEFAULT_RING,
    moves: Sequence[tuple[int | None, int]] = VIEWFINDER_MOVES,
) -> tuple[tuple[int, int], ...]:
    """``(axis, surcharge)`` reachable this turn from the viewfinder's axis before the turn's
    free step; each axis once, at its cheapest surcharge, in ring order from the free axis."""
    pos = list(ring).index(viewfinder)
    best: dict[int, int] = {}
    for steps, surcharge in moves:
        targets = ring if steps is None else (ring[(pos + steps) % len(ring)],)
        for axis in targets:
            best[axis] = min(surcharge, best.get(axis, surcharge))
    order = [ring[(pos + 1 + i) % len(ring)] for i in range(len(ring))]
    return tuple((a, best[a]) for a in order if a in best)


def best_question(
    belief: Belief, choices: Sequence[tuple[int, int]], *, rng: np.random.Generator | None = None
) -> Choice | None:
    """The (axis, question) with the most expected information per unit of time among
    ``choices`` (from :func:`axis_choices`).  Ties go to the first in choice then question
    order, or to a uniform draw when ``rng`` is given.  ``None`` when no question can tell the
    remaining layouts apart."""
    gain = belief.information()
    costs = questions.question_costs(belief.layouts.buildings).tolist()
    options = [
        Choice(axis, q, surcharge, costs[q] + surcharge, g, g / (costs[q] + surcharge))
        for axis, surcharge in choices
        for q, g in enumerate(gain[:, axis].tolist())
        if g > NO_INFORMATION
    ]
    if not options:
        return None
    top = max(o.score for o in options)
    tied = [o for o in options if o.score >= top - NO_INFORMATION]
    return tied[int(rng.integers(len(tied)))] if rng is not None else tied[0]


class Turn(NamedTuple):
    axis: int
    question: int
    surcharge: int
    time: int
    answer: int
    remaining: int  # layouts still consistent after the answer
    viewfinder: int  # axis of the viewfinder after the turn (solo trap steps included)


class SolveResult(NamedTuple):
    time: int  # questions, surcharges and the final guess
    turns: tuple[Turn, ...]
    solved: bool  # one layout was left and it was guessed
    remaining: int


def solve(
    layout: int,
    clues: Iterable[tuple[int, int]],
    start_axis: int | None = None,
    solo: bool = True,
    rng: np.random.Generator | None = None,
    *,
    layouts: Layouts | None = None,
    ring: Sequence[int] = questions.DEFAULT_RING,
    moves: Sequence[tuple[int | None, int]] = VIEWFINDER_MOVES,
    guess_cost: int = GUESS_COST,
    max_turns: int = 100,
    axis_clues: Iterable[tuple[int, int, int]] = (),
) -> SolveResult:
    """Play one game with :func:`best_question` until a single layout is left, then guess.

    ``start_axis`` is where the viewfinder stands before the first turn.  ``None`` means the
    solo player's free choice, used so that the first question is on any axis without
    surcharge (multiplayer: axis "1").  In solo each trap icon of an answer moves the viewfinder
    one more step clockwise.  ``rng`` only breaks ties between equally good questions.
    ``axis_clues``: expert-mode starting clues (:class:`AxisClue`), on top of ``clues``.
    """
    layouts = get_layouts() if layouts is None else layouts
    table = answer_table(layouts)
    belief = Belief.from_clues(clues, layouts).with_axis_clues(axis_clues)
    if layout not in belief:
        raise ValueError(f"layout {layout} does not agree with the clues")
    ring = list(ring)
    free_start = start_axis is None and solo
    viewfinder = questions.MULTIPLAYER_START_AXIS if start_axis is None else start_axis
    turns: list[Turn] = []
    while len(belief) > 1 and len(turns) < max_turns:
        if free_start and not turns:
            choices = tuple((a, 0) for a in ring)
        else:
            choices = axis_choices(viewfinder, ring, moves)
        choice = best_question(belief, choices, rng=rng)
        if choice is None:
            break
        answer = int(table[choice.question, layout, choice.axis])
        belief = belief.with_answer(choice.axis, choice.question, answer)
        viewfinder = choice.axis
        if solo:
            steps = int(questions.TRAP_ICONS[choice.question, answer])
            viewfinder = ring[(ring.index(viewfinder) + steps) % len(ring)]
        # a Choice starts with the axis, question, surcharge and time a Turn starts with
        turns.append(Turn(*choice[:4], answer, len(belief), viewfinder))
    solved = len(belief) == 1
    time = sum(turn.time for turn in turns) + (guess_cost if solved else 0)
    return SolveResult(time, tuple(turns), solved, len(belief))
