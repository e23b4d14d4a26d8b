"""Text picture of a Mykerinos position (everything shown is public)."""

from __future__ import annotations

from .actions import DECISIONS, GAME_OVER, NEUTRAL
from .components import COLS, PATRON_TITLES, cell_bit, region_rows

OWNER_MARKS = "0123N"


def render_state(state) -> str:
    game = state.game
    n = game.num_players
    lines = [f"Mykerinos, {n} players, season {state.season} of 4"]
    rows = region_rows(state.season)
    lines.append("region (digits: players' cubes, N: neutral, P: pyramid, *: cube on a pyramid):")
    for r in range(rows):
        if r and r % 2 == 0:
            lines.append("")
        row = []
        for c in range(COLS):
            cell = r * COLS + c
            bit = cell_bit(cell)
            owner = next((o for o in range(5) if state.cubes[o] & bit), None)
            pyramid = state.pyramids & bit
            mark = "." if owner is None else OWNER_MARKS[owner]
            if pyramid:
                mark = "P" if owner is None else "*"
            if c in (3, 9):
                row.append(" ")
            elif c == 6:
                row.append("   ")
            row.append(mark)
        lines.append("  " + "".join(row))
    lines.append("parcels (slot: patron, prestige, state):")
    for s, card_id in enumerate(state.slots):
        card = game.cards[card_id]
        patron = PATRON_TITLES[card.patron]
        where = {-1: "on the table", -2: "out of the game"}.get(
            state.slot_state[s], f"taken by player {state.slot_state[s]}"
        )
        lines.append(f"  {s:2d} area {s // 2 + 1}: {patron}, {card.prestige}, {where}")
    museum = game.museum
    held = [
        f"{museum.name(r)}: player {state.museum[r]}" for r in museum.rooms if state.museum[r] >= 0
    ]
    wings = ", ".join(f"{w + 1} {PATRON_TITLES[p]}" for w, p in enumerate(state.wing_patron))
    lines.append(f"museum wings: {wings}")
    lines.append("  " + ("; ".join(held) if held else "(empty)"))
    for p in range(n):
        counts = state.patron_counts(p)
        cards = (
            ", ".join(
                f"{PATRON_TITLES[k]} x{counts[k]}"
                + (f" ({state.tilted[p][k]} tilted)" if k < 5 and state.tilted[p][k] else "")
                for k in range(6)
                if counts[k]
            )
            if any(counts)
            else "no cards"
        )
        extra = f", neutral cubes {state.neutral_stock[p]}" if n == 2 else ""
        passed = f", passed on space {state.pass_space[p]}" if state.pass_space[p] else ""
        lines.append(
            f"player {p}: {state.score[p]} prestige, {state.personal[p]} cubes in stock"
            f"{extra}{passed}; {cards}"
        )
    if state.decision == GAME_OVER:
        lines.append(f"game over; winners: {state.winners()}")
    else:
        who = "neutral" if state.decider == NEUTRAL else f"player {state.decider}"
        lines.append(f"to decide: {who}, {DECISIONS[state.decision]}")
    return "\n".join(lines)
