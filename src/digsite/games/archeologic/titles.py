"""Solo titles: Apprentice (solved), Seasoned and Master (solved within a quest's thresholds).

The rulebook prints two numbers under each coded card's solution; the cards are not public, so a
quest's thresholds come from the reference solver (:func:`~.solver.solve`) on that quest with the
game's number of clues (cell clues, or in expert mode the expert axis clues, passed as
``axis_clues``): Master is a time at most the solver's, Seasoned at most the solver's plus
:data:`SEASONED_MARGIN` (why: the package documentation's Decisions)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from . import questions, quests, solver
from .layouts import Layouts, get_layouts

MASTER, SEASONED, APPRENTICE = "Master", "Seasoned", "Apprentice"
SEASONED_MARGIN = solver.GUESS_COST
"""Seasoned threshold = Master threshold + this (the time of one more guess)."""


def titles(
    quest: int,
    num_clues: int = 3,
    ring: Sequence[int] | None = None,
    expert_variation: int | None = None,
) -> tuple[int, int]:
    """``(master, seasoned)``: the highest solo times that earn Master and Seasoned on quest
    number ``quest`` with its first ``num_clues`` starting clues (the expert clues of that
    variation if ``expert_variation`` is given; cached)."""
    q = quests.make_quest(quest)
    if expert_variation is not None:
        clues = quests.expert_clues(q, expert_variation, num_clues)
        return thresholds(q.layout, (), ring, axis_clues=clues)
    return thresholds(q.layout, q.starting_clues(num_clues), ring)


def thresholds(
    layout: int,
    clues: Sequence[tuple[int, int]],
    ring: Sequence[int] | None = None,
    axis_clues: Sequence[tuple[int, int, int]] = (),
    layouts: Layouts | None = None,
) -> tuple[int, int]:
    """``(master, seasoned)`` for a solo game of ``layout`` with these starting clues (cell
    clues and/or expert ``(axis, question, answer)`` clues)."""
    clues = tuple((int(c), int(k)) for c, k in clues)
    facts = tuple((int(a), int(q), int(x)) for a, q, x in axis_clues)
    ring = tuple(questions.DEFAULT_RING if ring is None else ring)
    return _thresholds(
        int(layout), clues, ring, facts, get_layouts() if layouts is None else layouts
    )


@lru_cache(maxsize=4096)
def _thresholds(
    layout: int, clues: tuple, ring: tuple[int, ...], axis_clues: tuple, layouts: Layouts
) -> tuple[int, int]:
    result = solver.solve(layout, clues, layouts=layouts, ring=ring, axis_clues=axis_clues)
    if not result.solved:  # never with the shipped tiles (every layout is identifiable)
        raise ValueError(
            f"the reference solver cannot solve layout {layout} from {clues} {axis_clues}"
        )
    return result.time, result.time + SEASONED_MARGIN


def title(solved: bool, time: int, master: int, seasoned: int) -> str | None:
    """The title earned by a solo game: ``None`` when unsolved."""
    if not solved:
        return None
    return MASTER if time <= master else SEASONED if time <= seasoned else APPRENTICE


def state_title(state) -> tuple[str | None, int, int]:
    """``(title, master, seasoned)`` of a solo game state (its layout, clues and ring)."""
    g = state.game
    master, seasoned = thresholds(state.layout, state.clues, g.ring, state.axis_clues, g.layouts)
    return title(state.winner == 0, state.spent[0], master, seasoned), master, seasoned
