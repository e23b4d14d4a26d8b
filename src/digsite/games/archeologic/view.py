"""What one ArcheOlogic player knows (``State.view``; each field in the package documentation's
"What a player knows"), and the belief computed from it.

Seats are absolute.  The knowledge that narrows the layouts down (starting clues given to this
player, its own answers, what its own checked guesses taught it) is also available in the compact
form the engine caches the belief on (:func:`guess_knowledge`), and :func:`belief_from_view`
rebuilds the belief from a view alone: a test checks the two always agree, so the learning aids and
the deduction agent, which read ``state.belief(player)``, use exactly the player's information."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from .actions import DECISIONS, GAME_OVER, OUT_NAMES, PLACE, QUESTION
from .solver import Belief

GuessKnowledge = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], tuple]
"""``(right, wrong, wrong_layouts)``: placements ``(building, pid)`` known right, known wrong
(app feedback, or all six of a rulebook guess checked right), and whole layouts (pid tuples)
known wrong (a rulebook guess checked wrong says only that one building at least is wrong)."""

NO_GUESS_KNOWLEDGE: GuessKnowledge = ((), (), ())


def guess_knowledge(state, player: int) -> GuessKnowledge:
    """What ``player`` learnt from its own checked guesses.  Another player's guess teaches
    nothing about the layout: its pieces stay behind that player's screen and only the verdict
    (wrong, or the game is over) is public."""
    right: set[tuple[int, int]] = set()
    wrong: set[tuple[int, int]] = set()
    wrong_layouts = []
    app = state.game.app
    for p, pids, checked in state.guesses:
        if p != player or not checked:
            continue
        if app:
            for b, ok in enumerate(state.guess_feedback(pids)):
                (right if ok else wrong).add((b, int(pids[b])))
        elif state.guess_is_right(pids):
            right.update((b, int(pid)) for b, pid in enumerate(pids))
        else:
            wrong_layouts.append(tuple(int(x) for x in pids))
    return tuple(sorted(right)), tuple(sorted(wrong)), tuple(sorted(wrong_layouts))


def belief_filter(layouts, indices: np.ndarray, knowledge: GuessKnowledge) -> np.ndarray:
    """The layouts of ``indices`` that agree with ``knowledge`` (:data:`GuessKnowledge`)."""
    right, wrong, wrong_layouts = knowledge
    rows = layouts.placements[indices]
    keep = np.ones(len(indices), dtype=bool)
    for facts, agree in ((right, np.equal), (wrong, np.not_equal)):
        if facts:  # each fact at once, not one by one
            buildings, pids = zip(*facts, strict=True)
            keep &= agree(rows[:, buildings], np.array(pids, rows.dtype)).all(axis=1)
    for pids in wrong_layouts:
        keep &= ~(rows == np.asarray(pids, dtype=rows.dtype)).all(axis=1)
    return indices[keep]


def _offsets(game, pids) -> list[int]:
    """Placement ids as the action table's offsets (rotation * 25 + anchor)."""
    return [int(game.pid_to_offset[b][pid]) for b, pid in enumerate(pids)]


def build_view(state, player: int) -> dict[str, Any]:
    g = state.game
    decision = state.decision
    clues, axis_clues = state.known_clues(player)
    asked = Counter((p, axis, question) for p, axis, question, _ in state.questions)
    answers = {(a, q): state.answer(a, q) for p, a, q, _ in state.questions if p == player}
    my_guess: list[int] = []
    checked_guess = None
    for p, pids, checked in state.guesses:
        if p != player:
            continue
        if not checked:
            my_guess = _offsets(g, pids)
        elif not g.app:
            checked_guess = _offsets(g, pids)
    if decision == PLACE and state.decider == player:
        my_guess = _offsets(g, state.pieces)
    view: dict[str, Any] = {
        "player": player,
        "clues": sorted([c.cell, c.kind] for c in clues),
        "expert_clues": sorted([c.axis, c.question, c.answer] for c in axis_clues),
        "seats": [
            {
                "position": state.pos[p],
                "time_spent": state.spent[p],
                "checking": state.checking[p],
                "out": OUT_NAMES[state.out[p]],
                "extra_clues": g.extra_clues[p],
                "questions": sorted([a, q, c] for (s, a, q), c in asked.items() if s == p),
                "guesses": state.guess_player.count(p),
            }
            for p in range(g.num_players)
        ],
        "viewfinder": state.viewfinder if state.viewfinder >= 0 else None,
        "decision": DECISIONS[decision],
        "to_move": None if decision == GAME_OVER else state.decider,
        "surcharge": state.pending_surcharge if decision == QUESTION else None,
        "pieces_entered": len(state.pieces) if decision == PLACE else None,
        "winner": state.winner if state.winner >= 0 else None,
        "answers": sorted([a, q, x] for (a, q), x in answers.items()),
        "my_guess": my_guess,
    }
    if g.app:
        right, wrong, _ = guess_knowledge(state, player)
        view["feedback_right"] = [[b, int(g.pid_to_offset[b][pid])] for b, pid in right]
        view["feedback_wrong"] = [[b, int(g.pid_to_offset[b][pid])] for b, pid in wrong]
    else:
        view["my_checked_guess"] = checked_guess
    return view


def view_guess_knowledge(game, view: Mapping[str, Any]) -> GuessKnowledge:
    """:func:`guess_knowledge` read from a view."""

    def pid(b: int, offset: int) -> int:
        return int(game.offset_to_pid[b, offset])

    if game.app:
        right = tuple(sorted((b, pid(b, off)) for b, off in view["feedback_right"]))
        wrong = tuple(sorted((b, pid(b, off)) for b, off in view["feedback_wrong"]))
        return right, wrong, ()  # (none known: NO_GUESS_KNOWLEDGE)
    offsets = view["my_checked_guess"]
    if offsets is None:
        return NO_GUESS_KNOWLEDGE
    pids = tuple(pid(b, off) for b, off in enumerate(offsets))
    if view["winner"] == view["player"]:
        return tuple(enumerate(pids)), (), ()
    return (), (), (pids,)


def belief_from_view(game, view: Mapping[str, Any]) -> Belief:
    """The layouts consistent with a view: what ``state.belief(player)`` gives, from the view
    alone (its expert clues and answers are alike: ``[axis, question, answer]`` rows)."""
    belief = Belief.from_clues(view["clues"], game.layouts)
    belief = belief.with_axis_clues([*view["expert_clues"], *view["answers"]])
    knowledge = view_guess_knowledge(game, view)
    if knowledge != NO_GUESS_KNOWLEDGE:
        belief = Belief(game.layouts, belief_filter(game.layouts, belief.indices, knowledge))
    return belief
