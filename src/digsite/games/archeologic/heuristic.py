"""ArcheOlogic's heuristic player, a deduction player: exact belief, greedy questions, guess
when certain.

``DeductionAgent()`` (:class:`digsite.core.policy.HeuristicAgent`) plays every configuration
(solo and 2-4 players, both guess variants).  It reads ``state.belief(player)`` (the same as
``belief_from_view(game, state.view(player))``) and the public position (decision, viewfinder,
surcharge being paid, pieces it entered); never ``state.layout``.  Its policy:

* when its belief holds one layout: "I think I've found it!", then that layout's placements,
  building by building in the data-file order the engine asks for;
* otherwise the question with the most expected information per unit of time
  (:func:`~.solver.best_question`) over the axes reachable this turn with their surcharges
  (:func:`~.solver.axis_choices`); at the solo start it may pick any axis at no surcharge, and
  puts the viewfinder one step before it so that the turn's free step reaches it;
* at the question decision it recomputes the best question on the axis where the viewfinder now
  stands (the same question it chose at the axis decision: same belief, same surcharge), so it
  keeps no memory between calls and its action is a function of its player's information.

Ties go to the first option in ring order from the free axis, then question order (no
randomness).  Fallbacks that the shipped tiles never need (every layout has a unique full set of
answers): with no informative question left, it guesses the first layout of its belief; on an
uninformative viewfinder axis it asks the first question.
"""

from __future__ import annotations

from ...core.policy import HeuristicAgent
from .actions import AXIS0, DECISIONS, GUESS, PLACE0, QUESTION0
from .learning_aids import candidate_rows
from .solver import Belief, axis_choices, best_question


class DeductionAgent(HeuristicAgent):
    """``DeductionAgent()``: the reference deduction player (deterministic, no memory)."""

    DECISIONS = DECISIONS

    def act_in(self, state, player: int) -> int:
        return self._decide[state.decision](state, state.belief(player))

    # -- one answer per decision -------------------------------------------------------------
    @staticmethod
    def _decide_start_axis(state, belief: Belief) -> int:
        g = state.game
        choice = best_question(belief, tuple((a, 0) for a in g.ring))
        axis = g.ring[0] if choice is None else choice.axis
        # the first turn's free step moves the viewfinder one axis clockwise
        return AXIS0 + g.ring[(g.ring_index[axis] - 1) % len(g.ring)]

    @staticmethod
    def _decide_axis(state, belief: Belief) -> int:
        if len(belief) <= 1:
            return GUESS
        choice = best_question(belief, axis_choices(state.viewfinder, state.game.ring))
        return GUESS if choice is None else AXIS0 + choice.axis

    @staticmethod
    def _decide_question(state, belief: Belief) -> int:
        choice = best_question(belief, ((state.viewfinder, state.pending_surcharge),))
        return QUESTION0 + (0 if choice is None else choice.question)

    @staticmethod
    def _decide_place(state, belief: Belief) -> int:
        """The next piece of the layout being entered: the first layout of the belief that
        extends the pieces already entered (the only one when the agent guessed for sure)."""
        g = state.game
        b = len(state.pieces)
        rows = candidate_rows(state, state.decider)  # (the belief's layouts with these pieces)
        if not len(rows):  # cannot happen with its own guesses; stay legal anyway
            rows = g.layouts.placements[g.prefix_rows(tuple(state.pieces))]
        return PLACE0 + int(g.pid_to_offset[b][rows[0, b]])
