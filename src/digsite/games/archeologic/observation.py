"""What one ArcheOlogic player may know (``view(player)``, :mod:`.view`), written into a flat
float32 vector.

Seats are relative: seat 0 is the observing player, seat 1 the next player, and so on.  Public: the
time track, whose turn it is, the viewfinder, the pending decision, how many times each seat asked
each question on each axis, guesses made, pawn sides, eliminations, extra clues per seat and the
winner.  Private: this player's starting clues, own answers (a note sheet), own guess feedback (app
variant) and the pieces of its own guess (entered, waiting to be checked, or checked in the rulebook
variant).  Never the layout.  Expert mode: the expert clues (counts on axes) are pre-filled in the
note sheet (``answers`` at the clue's axis and count question) and flagged in the ``expert_clues``
piece, so a clue and an answer to the same question stay apart; the ``clues`` piece stays zero.
With ``belief_features`` the observation ends with the player's exact belief
(:mod:`.learning_aids`), a function of the private pieces above.

Counts and times are divided by ``time_limit + TRACK_MARGIN``, above every reachable value (a pawn
passes ``time_limit`` by at most 8: a 3-time question with a +2 surcharge and 3 occupied spaces
skipped; every question costs at least 1 and a guess 4), so they never saturate."""

from __future__ import annotations

import numpy as np

from ...core.encoding import ObservationLayout
from . import actions
from .actions import (
    GAME_OVER,
    MAX_EXTRA_CLUES,
    NUM_PLACEMENT_IDS,
    OUT_OF_TIME,
    PLACE,
    QUESTION,
    WRONG_GUESS,
)
from .components import NUM_BUILDINGS, NUM_CELLS, TRAP_KINDS
from .learning_aids import SIZE_FEATURES, belief_features
from .questions import MAX_ANSWERS, NUM_AXES, NUM_QUESTIONS
from .quests import EXPERT_QUESTIONS

TRACK_MARGIN = 12
"""Times, positions and counts are divided by ``time_limit + TRACK_MARGIN`` (never reached)."""


SEAT_FLAGS = (
    "to_move",
    "position",
    "time_spent",
    "checking",
    "wrong_guess_out",
    "out_of_time",
    "winner",
    "guesses_made",
    "extra_clues",
)
"""The first columns of a seat's row in the ``seats`` piece; its questions asked follow."""
TO_MOVE, POSITION, TIME_SPENT, CHECKING, WRONG_OUT, TIME_OUT, WINNER, GUESSES, EXTRA = range(
    len(SEAT_FLAGS)
)
QUESTIONS_COLUMN = len(SEAT_FLAGS)
SEAT_SIZE = QUESTIONS_COLUMN + NUM_AXES * NUM_QUESTIONS
"""A seat's public record: the flags above, then how many times it asked each question on each
axis (axis-major, ``QUESTIONS_COLUMN + axis * 9 + question``)."""


def observation_layout(
    num_players: int, belief_features: bool = False, expert: bool = False
) -> ObservationLayout:
    belief = [
        ("belief_marginals", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)),
        ("belief_size", (SIZE_FEATURES,)),
    ]
    return ObservationLayout(
        [
            ("seats", (num_players, SEAT_SIZE)),
            ("viewfinder", (NUM_AXES,)),
            ("decision", (len(actions.DECISIONS),)),
            ("surcharge", (3,)),
            ("entering_building", (NUM_BUILDINGS,)),
            ("clues", (NUM_CELLS, len(TRAP_KINDS))),
            *([("expert_clues", (NUM_AXES, len(EXPERT_QUESTIONS)))] if expert else ()),
            ("answers", (NUM_AXES, NUM_QUESTIONS, MAX_ANSWERS)),
            ("feedback_right", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)),
            ("feedback_wrong", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)),
            ("my_guess", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)),
            *(belief if belief_features else ()),
        ]
    )


KNOWLEDGE = ("questions", "layout", "clues", "axis_clues", "guess_player", "guess_pieces",
             "guess_checked")  # fmt: skip
"""The fields a player's record and belief are written from: frozen in ``saved.FIELDS``, ``PUT``."""
NOTE_FIELDS = frozenset(KNOWLEDGE[:4])
"""The note sheet's fields: questions and answers, starting clues."""
GUESS_FIELDS = frozenset(KNOWLEDGE[4:])
"""The guesses and their feedback."""
DRAWN_FIELDS = NOTE_FIELDS - {"questions"}
"""The note sheet's fields that set-up draws (or ``resample_hidden`` redraws): a write of one
rebuilds a record or belief, while questions asked only extend it."""
UNSEEN, ASKED = 0, -1
"""In a player's kept record and belief (lists): the fields of ``KNOWLEDGE`` written since it
was last brought up to date (a set of names, all of them when new), and the questions it was
built from (None when new)."""
FULL, PART, COUNTS = 1, 2, 3
"""In a player's kept record: the record, its questions part and their counts by seat."""
# The state's ``written`` is one set for every kept record and belief, which look at different
# times (a player's record when it observes, its belief when an aid or an agent reads it): the
# first to look moves its names into each one's own set (``UNSEEN``) and empties it, so none
# misses a write that another has taken.


def share_written(state) -> None:
    """Move the names in ``state.written`` into the ``UNSEEN`` set of each kept record and
    belief, and empty it (also before a copy, whose kept ones are copied with their sets)."""
    written = state.written
    for kept in state._question_record.values():
        kept[UNSEEN] |= written
    for kept in state._beliefs.values():
        kept[UNSEEN] |= written
    written.clear()


def unseen(state, kept: list) -> set[str]:
    """The fields of ``KNOWLEDGE`` written since ``kept`` (a player's record or belief) was last
    brought up to date: emptied by its owner once it is."""
    if state.written:
        share_written(state)
    return kept[UNSEEN]


def asked_since(state, written: set[str], before: tuple | None) -> int | None:
    """How many questions ``before`` (the questions as last seen, None if none were) holds, if
    of the note sheet's fields only the questions were ``written`` since, and only extended;
    else None (what was kept is written anew)."""
    if before is None or not written.isdisjoint(DRAWN_FIELDS):
        return None
    done = len(before)
    return done if state.questions[:done] == before else None


def record(state, player: int) -> np.ndarray:
    """The slowly changing part of ``player``'s observation: the question columns and guess
    counts of the ``seats`` piece, the note sheet, the starting clues (and expert flags), the
    own guesses and feedback; kept on the state, extended question by question (the few entries
    a question changes written into copies), and written again with the guesses (everything
    else is written per call)."""
    kept = state._question_record.get(player)
    if kept is None:
        kept = state._question_record[player] = [set(KNOWLEDGE), None, None, None, None]
    written = unseen(state, kept)
    if not written:
        return kept[FULL]
    part, counts, full = kept[PART], kept[COUNTS], None
    guesses = not written.isdisjoint(GUESS_FIELDS)
    if part is None or not written.isdisjoint(NOTE_FIELDS):
        done = asked_since(state, written, kept[ASKED])
        if done is None or part is None and guesses:
            part, counts = _new_question_part(state, player)  # written anew
            done = 0
        elif not guesses and kept[FULL] is not part:
            part, full = None, kept[FULL].copy()  # only questions, guesses as they were: the
            counts = counts[:]  # record gets their entries (its questions part, when needed)
        else:
            part, counts = part.copy(), counts[:]
        array = part if full is None else full
        _write_questions(state, player, done, counts, array)
        array.setflags(write=False)
        kept[PART], kept[COUNTS], kept[ASKED] = part, counts, state.questions
    if full is None:
        full = part
        if state.guess_player:
            full = full.copy()
            _write_guesses(state, player, full)
            full.setflags(write=False)
    kept[FULL] = full
    written.clear()
    return full


def _new_question_part(state, player: int) -> tuple[np.ndarray, list[int]]:
    """The record before any question: the starting clues (expert: pre-filled answers and flags)."""
    g = state.game
    base = np.zeros(g.observation_size, dtype=np.float32)
    pieces = g.obs_layout.unpack(base)  # (views of base)
    clues, axis_clues = state.known_clues(player)
    for cell, kind in clues:
        pieces["clues"][cell, TRAP_KINDS.index(kind)] = 1.0
    for axis, question, code in axis_clues:  # pre-filled in the note sheet, and flagged
        pieces["answers"][axis, question, code] = 1.0
        pieces["expert_clues"][axis, EXPERT_QUESTIONS.index(question)] = 1.0
    return base, [0] * (g.num_players * SEAT_SIZE)


def _write_questions(state, player: int, done: int, counts: list[int], out: np.ndarray) -> None:
    """Write into ``out`` what the questions from the ``done``-th on change in ``player``'s
    record: the count of the question on the asker's seat row (``counts``, by seat, brought up
    to date) and, for the player's own questions, the answer in the note sheet."""
    g = state.game
    n = g.num_players
    s = g.obs_layout.slices
    seats = s["seats"].start
    answers = s["answers"].start
    scale = 1.0 / (g.time_limit + TRACK_MARGIN)
    table = g.table
    layout = state.layout
    for p, axis, question, _ in state.questions[done:]:
        cell = axis * NUM_QUESTIONS + question
        column = ((p - player) % n) * SEAT_SIZE + QUESTIONS_COLUMN + cell
        counts[column] += 1
        out[seats + column] = counts[column] * scale
        if p == player:
            out[answers + cell * MAX_ANSWERS + int(table[question, layout, axis])] = 1.0


def _write_guesses(state, player: int, out: np.ndarray) -> None:
    """Guesses made per seat, and the own guesses: pieces (waiting, or checked in the rulebook
    variant) or app feedback."""
    g = state.game
    _, _, _, _, _, right, wrong, mine = g.obs_offsets
    scale = 1.0 / (g.time_limit + TRACK_MARGIN)
    made = state.guess_player
    for p, row in enumerate(g.seat_rows[player]):
        out[row + GUESSES] = made.count(p) * scale
    offsets = g.placement_offsets
    for p, pids, checked in zip(made, state.guess_pieces, state.guess_checked, strict=True):
        if p != player:
            continue
        if not checked or not g.app:
            for b, pid in enumerate(pids):
                out[mine + b * NUM_PLACEMENT_IDS + offsets[b][pid]] = 1.0
        else:
            for b, ok in enumerate(state.guess_feedback(pids)):
                out[(right if ok else wrong) + b * NUM_PLACEMENT_IDS + offsets[b][pids[b]]] = 1.0


def observe(state, player: int, out: np.ndarray) -> None:
    g = state.game
    _, viewfinder, decisions, surcharge, entering, _, _, mine = g.obs_offsets
    rows = g.seat_rows[player]
    out[:] = record(state, player)
    scale = 1.0 / (g.time_limit + TRACK_MARGIN)
    decision = state.decision
    for p, row in enumerate(rows):
        out[row + POSITION] = state.pos[p] * scale
        out[row + TIME_SPENT] = state.spent[p] * scale
        if state.checking[p]:
            out[row + CHECKING] = 1.0
        if state.out[p] == WRONG_GUESS:
            out[row + WRONG_OUT] = 1.0
        elif state.out[p] == OUT_OF_TIME:
            out[row + TIME_OUT] = 1.0
        if g.extra_clues[p]:
            out[row + EXTRA] = g.extra_clues[p] / MAX_EXTRA_CLUES
    if decision == GAME_OVER:
        if state.winner >= 0:
            out[rows[state.winner] + WINNER] = 1.0
    else:
        out[rows[state.decider] + TO_MOVE] = 1.0
    out[decisions + decision] = 1.0
    if state.viewfinder >= 0:
        out[viewfinder + state.viewfinder] = 1.0
    if decision == QUESTION:
        out[surcharge + state.pending_surcharge] = 1.0
    if decision == PLACE:
        out[entering + len(state.pieces)] = 1.0
        if state.decider == player:
            for b, pid in enumerate(state.pieces):
                out[mine + b * NUM_PLACEMENT_IDS + g.placement_offsets[b][pid]] = 1.0
    if g.belief_features:
        out[g.belief_span] = belief_features(state, player)


def offsets(layout: ObservationLayout, num_players: int) -> tuple[tuple, tuple, slice | None]:
    """Where :func:`observe` writes: the starts of the pieces it fills per call; where seat
    ``p``'s row starts in ``player``'s observation (``[player][p]``: the own seat first, then
    the others in turn order); the belief features (``belief_marginals`` and ``belief_size``),
    if any."""
    s, n = layout.slices, num_players
    names = ("seats", "viewfinder", "decision", "surcharge", "entering_building")
    names += ("feedback_right", "feedback_wrong", "my_guess")
    rows = tuple(
        tuple(s["seats"].start + (p - q) % n * SEAT_SIZE for p in range(n)) for q in range(n)
    )
    belief = (
        slice(s["belief_marginals"].start, s["belief_size"].stop) if "belief_size" in s else None
    )
    return tuple(s[name].start for name in names), rows, belief
