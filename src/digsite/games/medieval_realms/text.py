"""Text of Medieval Realms actions and positions (a render shows only public information)."""

from __future__ import annotations

from .actions import (
    ACTIVATE0,
    BID0,
    DECISIONS,
    GAME_OVER,
    LAND0,
    NUM_ACTIONS,
    PAIR0,
    PAIRS,
    PASS,
    PLACE,
    PLAY0,
    RESOURCE0,
    SQUARE0,
)
from .components import (
    COLOURS,
    ISLAND_CONDITIONS,
    KINDS,
    LEADERS,
    RESOURCE_TITLES,
    RESOURCES,
)


def card_name(game, card: int) -> str:
    if card < 0:
        return "(empty)"
    info = game.cards[card]
    t = game.types[info.type]
    extra = []
    if info.resource >= 0:
        extra.append(RESOURCES[info.resource])
    if info.colour >= 0:
        extra.append(f"{COLOURS[info.colour]} cards")
    leader = info.leader if info.leader >= 0 else t.leader
    if leader >= 0:
        extra.append(f"+1 {LEADERS[leader]}")
    if info.condition[0] >= 0:
        kind, what, count = info.condition
        names = (LEADERS, COLOURS, RESOURCES, None)[kind]
        subject = "islands" if names is None else names[what]
        extra.append(f"if {count} {subject} ({ISLAND_CONDITIONS[kind]})")
    if info.options:
        extra.append("or ".join(RESOURCES[r] + " " for r in info.options).strip())
    shown = f" [{', '.join(extra)}]" if extra else ""
    return f"#{card} {t.title}{shown} ({COLOURS[t.colour]}, {KINDS[t.kind]})"


def describe_action(state, action: int) -> str:
    game = state.game
    if not 0 <= action < NUM_ACTIONS:
        return f"<out of range {action}>"
    if action < SQUARE0:
        a, b = PAIRS[action - PAIR0]
        return f"extra tokens: 1 {RESOURCE_TITLES[a]} and 1 {RESOURCE_TITLES[b]}"
    if action < LAND0:
        resource = game.board.squares[action - SQUARE0]
        return f"Mayor on Management square {action - SQUARE0 + 1} ({RESOURCE_TITLES[resource]})"
    if action < ACTIVATE0:
        kinds = ("leader", "General", "Admiral", "buffer Mayor")
        kind = kinds[state.place_kind] if state.decision == PLACE else "leader"
        return f"{kind} on land {action - LAND0 + 1}"
    if action < PLAY0:
        slot = action - ACTIVATE0
        return f"activate square {slot + 1}: {card_name(game, state.panel[slot])}"
    if action < PASS:
        i = action - PLAY0
        hand = state.hand[state.decider] if state.decider >= 0 else []
        card = hand[i] if i < len(hand) else -1
        return f"play hand card {i + 1}: {card_name(game, card)}"
    if action == PASS:
        return "pass"
    if action < BID0:
        return f"take {RESOURCE_TITLES[action - RESOURCE0]}"
    return f"bid {action - BID0 + 1}"


def render_state(state) -> str:
    game = state.game
    n = game.num_players
    lines = [f"Medieval Realms, {n} players, round {state.round} of 7"]
    lines.append("turn order: " + ", ".join(f"player {p}" for p in state.turn_order))
    lines.append("Current Events:")
    for slot, card in enumerate(state.panel):
        lines.append(f"  {slot + 1:2d} ({1 + slot // 4} Goods) {card_name(game, card)}")
    lines.append("Future Events: " + "; ".join(card_name(game, c) for c in state.future))
    lines.append(f"deck: {len(state.deck)} cards, discard: {len(state.discard)}")
    for p in range(n):
        res = ", ".join(f"{RESOURCES[r]} {k}" for r, k in enumerate(state.res[p]) if k)
        mayors, generals, admirals = state.leaders[p]
        lines.append(
            f"player {p}: {state.vp[p]} VP; {res or 'no resources'}; Mayors {mayors}"
            + (f" ({state.buffers[p]} buffers)" if state.buffers[p] else "")
            + f", Generals {generals}, Admirals {admirals}"
            + (", passed" if state.passed[p] else "")
        )
        lines.append("  hand: " + ("; ".join(card_name(game, c) for c in state.hand[p]) or "-"))
        lines.append("  realm: " + ("; ".join(card_name(game, c) for c in state.realm[p]) or "-"))
        if state.revealed:
            lands = game.num_lands
            lines.append(
                f"  Mayors on squares {state.squares[p]}, Generals on lands "
                f"{state.generals_on[p][:lands]}, Admirals {state.admirals_on[p][:lands]}"
                + (f", buffers {state.buffers_on[p][:lands]}" if state.buffers[p] else "")
            )
    if state.auction[0] >= 0:
        lines.append(
            f"auction of {card_name(game, state.auction[0])}: bid {state.auction[1]} by "
            f"player {state.auction[2]}"
        )
    if state.decision == GAME_OVER:
        lines.append(f"game over; scores {state.scores()}; winner: player {state.winners()[0]}")
    else:
        lines.append(f"to decide: player {state.decider}, {DECISIONS[state.decision]}")
    return "\n".join(lines)
