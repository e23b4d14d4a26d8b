"""Text for ArcheOlogic: action names and a picture of the public position."""

from __future__ import annotations

from .actions import (
    AXIS,
    AXIS0,
    DECISIONS,
    GAME_OVER,
    GUESS,
    IN_GAME,
    NUM_ACTIONS,
    OUT_NAMES,
    PLACE,
    PLACE0,
    QUESTION0,
    START_AXIS,
)
from .components import NUM_BUILDINGS, NUM_CELLS, cell_name
from .questions import AXIS_NAMES, NUM_AXES, NUM_QUESTIONS, question_name
from .quests import axis_clue_string
from .solver import GUESS_COST
from .titles import state_title


def action_to_string(state, action: int) -> str:
    g = state.game
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        return f"action {action!r} (out of range 0..{NUM_ACTIONS - 1})"
    if action < QUESTION0:
        axis = action - AXIS0
        if state.phase == START_AXIS:
            return f"start the viewfinder on {AXIS_NAMES[axis]}"
        if state.phase == AXIS and state.viewfinder >= 0:
            extra = int(g.surcharge[state.viewfinder, axis])
            return f"viewfinder to {AXIS_NAMES[axis]} (+{extra} time)"
        return f"axis {AXIS_NAMES[axis]}"
    if action < QUESTION0 + NUM_QUESTIONS:
        q = action - QUESTION0
        where = f" on {AXIS_NAMES[state.viewfinder]}" if state.viewfinder >= 0 else ""
        return f"ask {question_name(q, g.layouts.buildings)}{where} ({int(g.costs[q])} time)"
    if action == GUESS:
        return f"I think I've found it! ({GUESS_COST} time)"
    offset = action - PLACE0
    rotation, anchor = divmod(offset, NUM_CELLS)
    b = len(state.pieces) if state.phase == PLACE else None
    what = g.layouts.buildings[b].id if b is not None else "building"
    return f"place {what} turned {rotation}/4 at {cell_name(anchor)}"


def render(state) -> str:
    g = state.game
    n = g.num_players
    lines = [
        f"ArcheOlogic quest {state.quest} ({'solo' if g.solo else f'{n} players'}, "
        f"{g.guess_variant} guesses, {g.num_clues} {'expert ' if g.expert else ''}clues, "
        f"time limit {g.time_limit})",
        "Starting clues: "
        + ", ".join(
            [f"{cell_name(c.cell)} {('Fire', 'Sharp')[c.kind - 1]}" for c in state.clues]
            + [axis_clue_string(c) for c in state.axis_clues]
        ),
    ]
    v = state.viewfinder
    lines.append(f"Viewfinder: {AXIS_NAMES[v] if v >= 0 else '(not placed yet)'}")
    for p in range(n):
        side = "Checking" if state.checking[p] else "Searching"
        status = "" if state.out[p] == IN_GAME else f" - {OUT_NAMES[state.out[p]]}"
        where = f"time {state.spent[p]}" if g.solo else f"space {state.pos[p]}"
        lines.append(f"  player_{p}: {where}, {side}{status}")
    if state.questions:
        lines.append("Questions asked:")
        for p, axis, q, extra in state.questions:
            lines.append(
                f"  player_{p}: {question_name(q, g.layouts.buildings)} on {AXIS_NAMES[axis]}"
                f" ({int(g.costs[q]) + extra} time)"
            )
    guesses = sum(1 for _ in state.guesses)
    if guesses:
        lines.append(f"Guesses made: {guesses}")
    if state.phase == GAME_OVER:
        if state.winner >= 0:
            lines.append(f"Game over: player_{state.winner} wins.")
        else:
            lines.append("Game over: the City stays unmapped.")
        if g.solo:
            lines.append(solo_title_line(state))
        lines.append("The layout was:")
        lines.append(g.layouts.to_string(state.layout))
    else:
        lines.append(f"player_{state.actor} to decide: {DECISIONS[state.phase]}")
        if state.phase == PLACE:
            lines.append(
                f"  entering {g.layouts.buildings[len(state.pieces)].id} "
                f"({len(state.pieces) + 1} of {NUM_BUILDINGS})"
            )
    assert NUM_AXES == 10
    return "\n".join(lines)


def solo_title_line(state) -> str:
    """The solo title earned (see :mod:`.titles`), with the quest's two thresholds."""

    title, master, seasoned = state_title(state)
    earned = f"{title} Archaeologist" if title else "no title (unsolved)"
    return (
        f"Title: {earned}, time {state.spent[0]} "
        f"(Master <= {master}, Seasoned <= {seasoned}, Apprentice if solved)"
    )
