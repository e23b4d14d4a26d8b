"""What one ArcheOlogic player may know, written into a flat float32 vector.

Seats are relative: seat 0 is the observing player, seat 1 the next player, and so on.  Public:
the time track, whose turn it is, the viewfinder, the pending decision, every question asked (by
whom, on which axis), pawn sides, eliminations and the winner.  Private: this player's starting
clues (the same for everyone), own answers (a note sheet), own guess feedback (app variant) and
the pieces of this player's own guess, entered or waiting to be checked.  Never the layout.
Expert mode: the starting clues (traps answers on axes) are pre-filled in the note sheet
(``answers`` at the traps question of each clue's axis) and the ``clues`` piece stays zero.
With ``belief_features`` the observation ends with the player's exact belief
(:mod:`.learning_aids`), a function of the private pieces above.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import ObservationLayout
from .actions import DECISIONS, NUM_PLACEMENT_IDS, OUT_OF_TIME, PLACE, QUESTION, WRONG_GUESS
from .components import NUM_BUILDINGS, NUM_CELLS, TRAP_KINDS
from .learning_aids import write_belief_features
from .questions import MAX_ANSWERS, NUM_AXES, NUM_QUESTIONS

COUNT_SCALE = 4.0
"""Counts (questions asked, guesses made) are divided by 4 and capped at 1."""


def observation_layout(num_players: int, belief_features: bool = False) -> ObservationLayout:
    n = num_players
    belief = [("belief_marginals", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)), ("belief_size", (2,))]
    return ObservationLayout(
        [
            ("to_move", (n,)),
            ("position", (n,)),
            ("time_spent", (n,)),
            ("checking", (n,)),
            ("wrong_guess_out", (n,)),
            ("out_of_time", (n,)),
            ("winner", (n,)),
            ("guesses_made", (n,)),
            ("viewfinder", (NUM_AXES,)),
            ("decision", (len(DECISIONS),)),
            ("surcharge", (3,)),
            ("entering_building", (NUM_BUILDINGS,)),
            ("questions_asked", (n, NUM_AXES, NUM_QUESTIONS)),
            ("clues", (NUM_CELLS, len(TRAP_KINDS))),
            ("answers", (NUM_AXES, NUM_QUESTIONS, MAX_ANSWERS)),
            ("feedback_right", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)),
            ("feedback_wrong", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)),
            ("my_guess", (NUM_BUILDINGS, NUM_PLACEMENT_IDS)),
            *(belief if belief_features else ()),
        ]
    )


def observe(state, player: int, out: np.ndarray) -> None:
    g = state.game
    lay = g.obs_layout
    s = lay.slices
    n = g.num_players
    out[:] = 0.0
    scale = 1.0 / (g.time_limit + 12)
    over = state.phase == len(DECISIONS) - 1
    for p in range(n):
        seat = (p - player) % n
        out[s["position"].start + seat] = min(1.0, state.pos[p] * scale)
        out[s["time_spent"].start + seat] = min(1.0, state.spent[p] * scale)
        out[s["checking"].start + seat] = state.checking[p]
        out[s["wrong_guess_out"].start + seat] = state.out[p] == WRONG_GUESS
        out[s["out_of_time"].start + seat] = state.out[p] == OUT_OF_TIME
    if over:
        if state.winner >= 0:
            out[s["winner"].start + (state.winner - player) % n] = 1.0
    else:
        out[s["to_move"].start + (state.actor - player) % n] = 1.0
    out[s["decision"].start + state.phase] = 1.0
    if state.viewfinder >= 0:
        out[s["viewfinder"].start + state.viewfinder] = 1.0
    if state.phase == QUESTION:
        out[s["surcharge"].start + state.pending_surcharge] = 1.0
    if state.phase == PLACE:
        out[s["entering_building"].start + len(state.pieces)] = 1.0
    table = g.table
    asked = s["questions_asked"].start
    answers = s["answers"].start
    layout = state.layout
    for p, axis, question, _ in state.questions:
        i = asked + (((p - player) % n) * NUM_AXES + axis) * NUM_QUESTIONS + question
        out[i] = min(1.0, out[i] + 1.0 / COUNT_SCALE)
        if p == player:
            code = int(table[question, layout, axis])
            out[answers + (axis * NUM_QUESTIONS + question) * MAX_ANSWERS + code] = 1.0
    for axis, question, code in state.axis_clues:  # expert clues: pre-filled in the note sheet
        out[answers + (axis * NUM_QUESTIONS + question) * MAX_ANSWERS + code] = 1.0
    clues = s["clues"].start
    for cell, kind in state.clues:
        out[clues + cell * len(TRAP_KINDS) + TRAP_KINDS.index(kind)] = 1.0
    made = s["guesses_made"].start
    right = s["feedback_right"].start
    wrong = s["feedback_wrong"].start
    mine = s["my_guess"].start
    offsets = g.pid_to_offset
    for p, pids, checked in state.guesses:
        seat = (p - player) % n
        out[made + seat] = min(1.0, out[made + seat] + 1.0 / COUNT_SCALE)
        if p != player:
            continue
        if not checked:
            for b, pid in enumerate(pids):
                out[mine + b * NUM_PLACEMENT_IDS + offsets[b][pid]] = 1.0
        elif g.app:
            for b, ok in enumerate(state.guess_feedback(pids)):
                base = right if ok else wrong
                out[base + b * NUM_PLACEMENT_IDS + offsets[b][pids[b]]] = 1.0
    if state.phase == PLACE and state.actor == player:
        for b, pid in enumerate(state.pieces):
            out[mine + b * NUM_PLACEMENT_IDS + offsets[b][pid]] = 1.0
    if g.belief_features:
        write_belief_features(
            state, player, out[s["belief_marginals"].start : s["belief_size"].stop]
        )
