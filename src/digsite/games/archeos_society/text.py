"""Names of actions and a text picture of an Archeos Society position (public facts only)."""

from __future__ import annotations

from .actions import (
    ADD,
    CASH_IN,
    DECISIONS,
    DRAFT_ROLE0,
    DRAW,
    EXTRA,
    GAME_OVER,
    KEEP,
    NUM_ACTIONS,
    PROFESSOR_MOVE,
    SECOND_VEHICLE,
    SIDE_ADVANCED,
    SIDE_COMPASS,
    STOP,
    TAKE0,
    TARGET0,
    TOKEN0,
    TRAIT_COLOUR,
    TRAIT_ROLE,
    TURN,
    UR,
    USE_ROLE,
)
from .components import COLOURS, NUM_KINDS, ROLE_TITLES, kind_name

_STOP_WORDS = {
    TURN: "put the hand of ten Mercenaries into the recruitment area",
    ADD: "expedition complete",
    KEEP: "keep no more cards",
    EXTRA: "no extra expedition",
    UR: "play no expedition",
}


def target_name(state, target: int) -> str:
    if target == SECOND_VEHICLE:
        colour = state._two_vehicle_colour()
        name = state.board(colour).name if colour >= 0 else "the two-vehicle site"
        return f"the second vehicle on {name}"
    return f"the vehicle on {state.board(target).name if state.sides[target] >= 0 else target}"


def action_text(state, action: int) -> str:
    if not 0 <= action < NUM_ACTIONS:
        return f"<out of range {action}>"
    d = state.decision
    if action < NUM_KINDS:
        verb = {KEEP: "keep", ADD: "add"}.get(d, "lead an expedition with")
        return f"{verb} a {kind_name(action)}"
    if action < DRAW:
        return f"take a {kind_name(action - TAKE0)} from the recruitment area"
    if action == DRAW:
        return "draw from the deck"
    if action in (TRAIT_COLOUR, TRAIT_ROLE):
        trait = "colour" if action == TRAIT_COLOUR else "role"
        return f"the expedition shares the leader's {trait}"
    if action == STOP:
        return _STOP_WORDS.get(d, "done / skip")
    if action < USE_ROLE:
        back = d == PROFESSOR_MOVE and state.prof_queue[:1] == [[state.decider, -1]]
        verb = "move back" if back else "advance"
        return f"{verb} {target_name(state, action - TARGET0)}"
    if action == USE_ROLE:
        return "use the leader's role effect"
    if action < CASH_IN:
        return f"take the Professor token {action - TOKEN0 + 1}"
    if action == CASH_IN:
        return "cash in the Uluru space and go back to its start"
    if action < SIDE_COMPASS:
        return f"choose the role {ROLE_TITLES[action - DRAFT_ROLE0]}"
    side = "advanced" if action == SIDE_ADVANCED else "compass"
    board = COLOURS[state.draft_drawn] if state.draft_drawn >= 0 else "drawn"
    return f"lay the {board} site board {side} side up"


def _cards(counts) -> str:
    return ", ".join(f"{c}x {kind_name(k)}" for k, c in enumerate(counts) if c) or "-"


def render_state(state) -> str:
    n = state.game.num_players
    lines = [
        f"Archeos Society, season {state.season}/{state.game.num_seasons}, "
        f"{DECISIONS[state.decision]}"
        + ("" if state.decision == GAME_OVER else f" (player {state.decider})"),
        "roles: " + ", ".join(ROLE_TITLES[r] for r in state.roles),
        f"deck {len(state.deck)} cards, monkeys revealed {state.monkeys}",
        "recruitment area: " + _cards(state.area),
    ]
    for c in range(len(COLOURS)):
        if state.sides[c] < 0:
            lines.append(f"{COLOURS[c]} board: not laid yet")
            continue
        site = state.board(c)
        where = " ".join(
            f"p{p}@{state.pos[p][c]}"
            + (f"/{state.pos[p][SECOND_VEHICLE]}" if site.rule == "ta_sekhet_maat" else "")
            for p in range(n)
        )
        lines.append(f"{site.name} ({COLOURS[c]}): {where}")
    for p in range(n):
        exps = " | ".join(" ".join(kind_name(k) for k in e) for e in state.expeditions[p])
        lines.append(
            f"player {p}: {state.score[p]} points, {state.hand_size[p]} cards, "
            f"linguist {state.linguist[p]}, relics {sum(state.relics[p])}; "
            f"expeditions: {exps or '-'}"
        )
    if state.decision == GAME_OVER:
        lines.append("winners: " + ", ".join(f"player {p}" for p in state.winners()))
    return "\n".join(lines)
