"""What one ArcheOlogic player may know, written into a flat float32 vector.

It encodes ``view(player)`` (:mod:`.view`) completely and nothing else.  Seats are relative:
seat 0 is the observing player, seat 1 the next player, and so on.  Public: the time track,
whose turn it is, the viewfinder, the pending decision, how many times each seat asked each
question on each axis, guesses made, pawn sides, eliminations, extra clues per seat and the
winner.  Private: this player's starting clues, own answers (a note sheet), own guess feedback
(app variant) and the pieces of its own guess (entered, waiting to be checked, or checked in the
rulebook variant).  Never the layout.  Expert mode: the expert clues (counts on axes) are
pre-filled in the note sheet (``answers`` at the clue's axis and count question) and flagged in
the ``expert_clues`` piece, so a clue and an answer to the same question stay apart; the
``clues`` piece stays zero.  With ``belief_features`` the observation ends with the player's
exact belief (:mod:`.learning_aids`), a function of the private pieces above.

Counts and times are divided by ``time_limit + TRACK_MARGIN``, above every reachable value (a
pawn passes ``time_limit`` by at most 8: a 3-time question with a +2 surcharge and 3 occupied
spaces skipped; every question costs at least 1 and a guess 4), so they never saturate.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import ObservationLayout
from .actions import (
    DECISIONS,
    GAME_OVER,
    MAX_EXTRA_CLUES,
    NUM_PLACEMENT_IDS,
    OUT_OF_TIME,
    PLACE,
    QUESTION,
    WRONG_GUESS,
)
from .components import NUM_BUILDINGS, NUM_CELLS, TRAP_KINDS
from .learning_aids import write_belief_features
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
    n = num_players
    belief = [("belief_marginals", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)), ("belief_size", (2,))]
    expert_piece = [("expert_clues", (NUM_AXES, len(EXPERT_QUESTIONS)))]
    return ObservationLayout(
        [
            ("seats", (n, SEAT_SIZE)),
            ("viewfinder", (NUM_AXES,)),
            ("decision", (len(DECISIONS),)),
            ("surcharge", (3,)),
            ("entering_building", (NUM_BUILDINGS,)),
            ("clues", (NUM_CELLS, len(TRAP_KINDS))),
            *(expert_piece if expert else ()),
            ("answers", (NUM_AXES, NUM_QUESTIONS, MAX_ANSWERS)),
            ("feedback_right", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)),
            ("feedback_wrong", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)),
            ("my_guess", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)),
            *(belief if belief_features else ()),
        ]
    )


def question_record(state, player: int) -> tuple[np.ndarray, np.ndarray]:
    """The question columns of the ``seats`` piece (counts scaled) and the ``answers`` note
    sheet of ``player``, kept on the state and extended question by question."""
    g = state.game
    n = g.num_players
    cached = state._question_record.get(player)
    if cached is not None and cached[0] == len(state.questions):
        return cached[1], cached[2]
    done = 0 if cached is None else cached[0]
    if cached is None:
        counts = np.zeros(n * SEAT_SIZE, dtype=np.int64)
        notes = np.zeros(NUM_AXES * NUM_QUESTIONS * MAX_ANSWERS, dtype=np.float32)
    else:
        counts, notes = cached[3].copy(), cached[2].copy()
    table = g.table
    layout = state.layout
    for p, axis, question, _ in state.questions[done:]:
        cell = axis * NUM_QUESTIONS + question
        counts[((p - player) % n) * SEAT_SIZE + QUESTIONS_COLUMN + cell] += 1
        if p == player:
            notes[cell * MAX_ANSWERS + int(table[question, layout, axis])] = 1.0
    record = (counts * (1.0 / (g.time_limit + TRACK_MARGIN))).astype(np.float32)
    for a in (record, notes, counts):
        a.setflags(write=False)
    state._question_record[player] = (len(state.questions), record, notes, counts)
    return record, notes


def observe(state, player: int, out: np.ndarray) -> None:
    g = state.game
    lay = g.obs_layout
    s = lay.slices
    n = g.num_players
    out[:] = 0.0
    scale = 1.0 / (g.time_limit + TRACK_MARGIN)
    phase = state.phase
    over = phase == GAME_OVER
    seats = s["seats"].start
    answers = s["answers"].start
    record, notes = question_record(state, player)
    out[seats : seats + len(record)] = record
    out[answers : answers + len(notes)] = notes
    for p in range(n):
        row = seats + ((p - player) % n) * SEAT_SIZE
        out[row + POSITION] = state.pos[p] * scale
        out[row + TIME_SPENT] = state.spent[p] * scale
        out[row + CHECKING] = state.checking[p]
        out[row + WRONG_OUT] = state.out[p] == WRONG_GUESS
        out[row + TIME_OUT] = state.out[p] == OUT_OF_TIME
        out[row + EXTRA] = g.extra_clues[p] / MAX_EXTRA_CLUES
    if over:
        if state.winner >= 0:
            out[seats + ((state.winner - player) % n) * SEAT_SIZE + WINNER] = 1.0
    else:
        out[seats + ((state.actor - player) % n) * SEAT_SIZE + TO_MOVE] = 1.0
    out[s["decision"].start + phase] = 1.0
    if state.viewfinder >= 0:
        out[s["viewfinder"].start + state.viewfinder] = 1.0
    if phase == QUESTION:
        out[s["surcharge"].start + state.pending_surcharge] = 1.0
    if phase == PLACE:
        out[s["entering_building"].start + len(state.pieces)] = 1.0
    clues, axis_clues = state.known_clues(player)
    if axis_clues:
        flags = s["expert_clues"].start
        for axis, question, code in axis_clues:  # pre-filled in the note sheet, and flagged
            out[answers + (axis * NUM_QUESTIONS + question) * MAX_ANSWERS + code] = 1.0
            out[flags + axis * len(EXPERT_QUESTIONS) + EXPERT_QUESTIONS.index(question)] = 1.0
    cells = s["clues"].start
    for cell, kind in clues:
        out[cells + cell * len(TRAP_KINDS) + TRAP_KINDS.index(kind)] = 1.0
    made = seats + GUESSES
    right = s["feedback_right"].start
    wrong = s["feedback_wrong"].start
    mine = s["my_guess"].start
    offsets = g.pid_to_offset
    for p, pids, checked in state.guesses:
        out[made + ((p - player) % n) * SEAT_SIZE] += scale
        if p != player:
            continue
        if not checked or not g.app:
            for b, pid in enumerate(pids):
                out[mine + b * NUM_PLACEMENT_IDS + offsets[b][pid]] = 1.0
        else:
            for b, ok in enumerate(state.guess_feedback(pids)):
                base = right if ok else wrong
                out[base + b * NUM_PLACEMENT_IDS + offsets[b][pids[b]]] = 1.0
    if phase == PLACE and state.actor == player:
        for b, pid in enumerate(state.pieces):
            out[mine + b * NUM_PLACEMENT_IDS + offsets[b][pid]] = 1.0
    if g.belief_features:
        write_belief_features(
            state, player, out[s["belief_marginals"].start : s["belief_size"].stop]
        )
