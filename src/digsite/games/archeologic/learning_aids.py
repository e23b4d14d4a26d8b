"""Optional learning aids built from a player's own information: the exact belief as features,
guesses masked to the layouts the player cannot rule out, and an information potential for
reward shaping.

The raw note sheet asks a network to do exact deduction over 166,848 layouts before it can ever
enter a right guess, and random play never solves, so a learner sees no success to learn from.
These aids give it what a careful player's notes would show, and nothing more: both are
functions of :meth:`~.rules.ArcheOlogicState.belief` (the starting clues, the player's own
answers and feedback, public guess outcomes) and of the pieces the player has entered, never of
the hidden layout.

* :func:`write_belief_features`: for each building, the share of the *candidate* layouts (those
  consistent with the player's information and with the pieces of the guess entered so far) that
  place it at each of its 100 placement offsets, so ``features[b, offset]`` lines up with
  placement action ``PLACE0 + offset``; plus how many layouts remain (log scale).
* :func:`consistent_placement_mask` (game option ``consistent_guesses``): while a player
  enters a guess, only the placements that extend the pieces entered to a candidate layout are
  legal, like notes that refuse a contradiction.  The learner still chooses the questions and
  when to guess; a guess made while several layouts remain is right with probability 1 / their
  number, and one made when a single layout remains is always right.
* :func:`information_potential`: ``-log2`` of the number of candidate layouts, the potential of
  potential-based shaping (Ng, Harada and Russell, 1999): each step's reward gains
  ``scale * (potential after - potential before)``, so asking informative questions and entering
  consistent pieces pays at once, while the shaping of a whole episode sums to a constant that
  no policy can change, so the best policies stay the best.
"""

from __future__ import annotations

import math

import numpy as np

from .actions import NUM_ACTIONS, NUM_PLACEMENT_IDS, PLACE0
from .components import NUM_BUILDINGS

FEATURE_SIZE = NUM_BUILDINGS * NUM_PLACEMENT_IDS + 2
"""Marginals (6 x 100), then log-scaled counts of the belief and of the candidates."""


def candidate_indices(state, player: int) -> np.ndarray:
    """Layout indices consistent with ``player``'s information that also agree with the pieces
    of the guess it is entering (none entered: the whole belief)."""
    indices = state.belief(player).indices
    entered = state.pieces if state.current_player() == player else ()
    if entered:
        rows = state.game.layouts.placements[indices, : len(entered)]
        indices = indices[(rows == np.asarray(entered, rows.dtype)).all(axis=1)]
    return indices


def candidate_rows(state, player: int) -> np.ndarray:
    """Placement ids ``(k, 6)`` of the layouts of :func:`candidate_indices`."""
    return state.game.layouts.placements[candidate_indices(state, player)]


def feature_columns(game) -> np.ndarray:
    """``(layouts, 6)``: ``building * 100 + placement offset`` of each building in each layout,
    the column of the marginals it counts in (built once per game)."""
    columns = getattr(game, "_feature_columns", None)
    if columns is None:
        placements = game.layouts.placements
        columns = np.empty(placements.shape, dtype=np.int32)
        for b in range(NUM_BUILDINGS):
            columns[:, b] = b * NUM_PLACEMENT_IDS + game.pid_to_offset[b][placements[:, b]]
        game._feature_columns = columns
    return columns


def write_belief_features(state, player: int, out: np.ndarray) -> None:
    """Fill ``out`` (length :data:`FEATURE_SIZE`, values in [0, 1]); all marginals are 0 when
    the pieces entered already rule out every layout the player thinks possible.  The last
    features of each player are kept on the state, keyed by its belief and the pieces entered
    (the same information gives the same features)."""
    game = state.game
    belief = state.belief(player)
    entered = tuple(state.pieces) if state.current_player() == player else ()
    cache = state._features
    cached = cache.get(player)
    if cached is not None and cached[0] is belief and cached[1] == entered:
        out[:] = cached[2]
        return
    total = math.log2(len(game.layouts) + 1)
    indices = candidate_indices(state, player)
    marginals = out[: NUM_BUILDINGS * NUM_PLACEMENT_IDS]
    if len(indices):
        counts = np.bincount(
            feature_columns(game)[indices].ravel(), minlength=NUM_BUILDINGS * NUM_PLACEMENT_IDS
        )
        np.divide(counts, len(indices), out=marginals, casting="unsafe")
    else:
        marginals[:] = 0.0
    out[-2] = math.log2(len(belief) + 1) / total
    out[-1] = math.log2(len(indices) + 1) / total
    cache[player] = (belief, entered, out.copy())


def information_potential(state, player: int) -> float:
    """``-log2(candidates)``; below every reachable value (``-log2(all layouts) - 1``) when the
    pieces entered fit no candidate, so entering a doomed piece costs at least a bit."""
    count = len(candidate_indices(state, player))
    if count == 0:
        return -math.log2(len(state.game.layouts)) - 1.0
    return -math.log2(count)


def consistent_placement_mask(state, player: int) -> np.ndarray:
    """The action mask of ``player`` entering building ``len(state.pieces)``: the placements of
    the candidate layouts.

    In play there is always one (the hidden layout is a candidate, and each piece offered keeps
    one), but in a state resampled for another player the layout, and so this player's answers,
    are redrawn, and the pieces already entered may fit none of the new candidates: then every
    placement that completes a legal layout is offered, so that a search can play on.
    """
    indices = candidate_indices(state, player)
    building = len(state.pieces)
    if not len(indices):
        return state.game.placement_mask(tuple(state.pieces))
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    columns = feature_columns(state.game)[indices, building] - building * NUM_PLACEMENT_IDS
    mask[PLACE0 + columns] = 1
    return mask
