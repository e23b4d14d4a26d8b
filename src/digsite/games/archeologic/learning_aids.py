"""Optional learning aids built from a player's own information: the exact belief as features,
guesses masked to the layouts the player cannot rule out, and an information potential for
reward shaping.

The raw note sheet asks a network to do exact deduction over 166,848 layouts before it can ever
enter a right guess, and random play never solves, so a learner sees no success to learn from.
These aids give it what a careful player's notes would show, and nothing more: both are
functions of :meth:`~.rules.ArcheOlogicState.belief` (the player's starting clues, its own
answers and what its own checked guesses taught it; another player's guess teaches nothing, its
pieces are never seen) and of the pieces the player has entered, never of the hidden layout.
Each is kept on the state per player until that player's belief or pieces change.

* :func:`write_belief_features`: for each building, the share of the *candidate* layouts (those
  consistent with the player's information and with the pieces of the guess entered so far) that
  place it at each of its 100 placement offsets, so ``features[b, offset]`` lines up with
  placement action ``PLACE0 + offset``; plus how many layouts remain (log scale).
* :func:`consistent_placement_mask` (game option ``consistent_guesses``): while a player
  enters a guess, only the placements that extend the pieces entered to a candidate layout are
  legal, like notes that refuse a contradiction.  The learner still chooses the questions and
  when to guess; a guess made while several layouts remain is right with probability 1 / their
  number, and one made when a single layout remains is always right.
* :func:`informative_axis_mask` and :func:`informative_question_mask` (game option
  ``informative_questions``): only the questions whose answer the player does not know yet
  (some layout it cannot rule out answers otherwise) may be asked, and only the axes that have
  one; "I think I've found it!" stays open.  Asking again what one knows only spends time, and
  a policy that does it once in a position does it again in the next, until the clock runs out;
  a careful player never does.  Once one layout is left, guessing is all that remains.
* :func:`information_potential`: ``-log2`` of the number of candidate layouts, the potential of
  potential-based shaping (Ng, Harada and Russell, 1999): each step's reward gains
  ``scale * (potential after - potential before)``, so asking informative questions and entering
  consistent pieces pays at once, while the shaping of a whole episode sums to a constant that
  no policy can change, so the best policies stay the best.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ...core.turn_based import mask_of
from . import components, solver
from .actions import AXIS0, GUESS, NUM_ACTIONS, NUM_PLACEMENT_IDS, PLACE0, QUESTION0

SIZE_FEATURES = 4
MARGINALS = components.NUM_BUILDINGS * NUM_PLACEMENT_IDS
FEATURE_SIZE = MARGINALS + SIZE_FEATURES
"""Marginals (6 x 100), then the counts of the belief and of the candidates, log-scaled, then
inverted (1 / count: 1 exactly when one layout is left, the moment a careful player guesses;
on the log scale one layout and two differ by 0.03)."""


@dataclass(slots=True, eq=False)
class _Candidates:
    """The candidate layouts of one player (the layouts of its belief that agree with the
    pieces of the guess it is entering; none entered: the whole belief) and the aids read from
    them, kept on the state until its belief or the pieces it entered change; the aids are
    computed when first asked for, and shared with the next candidates when a piece entered
    rules out none of them (the same layouts give the same marginals)."""

    belief: solver.Belief
    entered: tuple[int, ...]
    indices: np.ndarray
    counts: np.ndarray | None = None  # (600,) layouts per marginal column
    features: np.ndarray | None = None
    mask: np.ndarray | None = None
    memo: dict[str, np.ndarray] = field(default_factory=dict)  # informative questions, masks


def _candidates(state, player: int) -> _Candidates:
    """``player``'s kept :class:`_Candidates`, brought up to date."""
    belief = state.belief(player)
    entered = tuple(state.pieces) if state.current_player() == player else ()
    last = state._aids.get(player)
    same = last is not None and last.belief is belief  # (then only the pieces may differ)
    if same and last.entered == entered:
        return last
    placements = state.game.layouts.placements
    filtered = same and entered[: len(last.entered)] == last.entered  # (pieces were added)
    indices = last.indices if filtered else belief.indices
    for b in range(len(last.entered) if filtered else 0, len(entered)):  # each piece added
        indices = indices[placements[indices, b] == entered[b]]
    kept = _Candidates(belief, entered, indices)
    if filtered and len(indices) == len(last.indices):  # none ruled out: the same layouts
        kept.counts, kept.features = last.counts, last.features
    state._aids[player] = kept
    return kept


def candidate_rows(state, player: int) -> np.ndarray:
    """Placement ids ``(k, 6)`` of ``player``'s candidate layouts (:class:`_Candidates`)."""
    return state.game.layouts.placements[_candidates(state, player).indices]


def feature_columns(game) -> np.ndarray:
    """``(layouts, 6)``: ``building * 100 + placement offset`` of each building in each layout,
    the column of the marginals it counts in (built once per game)."""
    columns = getattr(game, "_feature_columns", None)
    if columns is None:
        placements = game.layouts.placements  # (intp offsets: what bincount counts, no copy)
        columns = [
            b * NUM_PLACEMENT_IDS + o[placements[:, b]] for b, o in enumerate(game.pid_to_offset)
        ]
        game._feature_columns = columns = np.stack(columns, axis=1)
    return columns


def _counts(game, kept: _Candidates) -> np.ndarray:
    """How many candidate layouts count in each marginal column (kept)."""
    if kept.counts is None:
        rows = feature_columns(game).take(kept.indices, axis=0)  # (take: cheaper than [])
        kept.counts = np.bincount(rows.ravel(), minlength=MARGINALS)
    return kept.counts


def belief_features(state, player: int) -> np.ndarray:
    """The features (length :data:`FEATURE_SIZE`, values in [0, 1], read-only, kept); all
    marginals are 0 when the pieces entered already rule out every layout the player thinks
    possible."""
    kept = _candidates(state, player)
    features = kept.features
    if features is None:
        known, candidates = len(kept.belief), len(kept.indices)
        features = np.zeros(FEATURE_SIZE, dtype=np.float32)
        if candidates == 1:  # one layout: its six placements at 1 (1 / 1), the rest 0 (0 / 1)
            features[feature_columns(state.game)[kept.indices[0]]] = 1.0
        elif candidates:  # the counts divided in float32, as the marginals are kept
            counts = _counts(state.game, kept)
            np.divide(counts, candidates, out=features[:MARGINALS], dtype=np.float32)
        total = math.log2(len(state.game.layouts) + 1)
        for i, count in enumerate((known, candidates)):  # log-scaled, then inverted
            features[MARGINALS + i] = math.log2(count + 1) / total
            features[MARGINALS + 2 + i] = 1 / count if count else 0.0
        features.setflags(write=False)
        kept.features = features
    return features


def write_belief_features(state, player: int, out: np.ndarray) -> None:
    out[:] = belief_features(state, player)


def information_potential(state, player: int) -> float:
    """``-log2(candidates)``; below every reachable value (``-log2(all layouts) - 1``) when the
    pieces entered fit no candidate, so entering a doomed piece costs at least a bit."""
    count = len(_candidates(state, player).indices)
    if count == 0:
        return -math.log2(len(state.game.layouts)) - 1.0
    return -math.log2(count)


def consistent_placement_mask(state, player: int) -> np.ndarray:
    """The action mask of ``player`` entering the next building of its guess (the first one when
    it is not entering a guess now): the placements of the candidate layouts.

    In play there is always one (the hidden layout is a candidate, and each piece offered keeps
    one), but in a state resampled for another player the layout, and so this player's answers,
    are redrawn, and the pieces already entered may fit none of the new candidates: then every
    placement that completes a legal layout is offered, so that a search can play on.
    """
    kept = _candidates(state, player)
    mask = kept.mask
    if mask is None:
        if not len(kept.indices):
            mask = state.game.placement_mask(kept.entered)
        else:
            column = len(kept.entered) * NUM_PLACEMENT_IDS  # (the building being entered)
            counts = _counts(state.game, kept)[column : column + NUM_PLACEMENT_IDS]
            mask = mask_of((PLACE0 + np.flatnonzero(counts)).tolist(), NUM_ACTIONS)
        kept.mask = mask
    return mask


def _memo(state, name: str, player: int, compute):
    """``compute()`` for ``player``, kept with its candidates (:func:`_candidates`) until its
    belief or the pieces it entered change (the same information gives the same result)."""
    memo = _candidates(state, player).memo
    if name not in memo:
        memo[name] = compute()
    return memo[name]


def _informative(state, player: int) -> np.ndarray:
    """(9, 10) bools: whether each question on each axis can teach ``player`` something."""
    return _memo(state, "informative", player, lambda: state.belief(player).informative())


def informative_axis_mask(state, player: int) -> np.ndarray:
    """The axis decision's mask for ``player``: the axes with a question it can learn from (any
    axis is reachable), and the guess."""

    def compute() -> np.ndarray:
        useful = np.flatnonzero(_informative(state, player).any(axis=0))
        return mask_of([*(AXIS0 + useful).tolist(), GUESS], NUM_ACTIONS)

    return _memo(state, "axis mask", player, compute)


def informative_question_mask(state, player: int) -> np.ndarray:
    """The question decision's mask for ``player``: the questions on the viewfinder's axis it
    can learn from (all of them if none, which its own axis choice never leads to, so that a
    state resampled for another player stays playable)."""
    viewfinder = state.viewfinder

    def compute() -> np.ndarray:
        useful = _informative(state, player)[:, viewfinder]
        if not useful.any():
            return state.game._question_mask
        return mask_of((QUESTION0 + np.flatnonzero(useful)).tolist(), NUM_ACTIONS)

    return _memo(state, f"question mask {viewfinder}", player, compute)
