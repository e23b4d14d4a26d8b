"""Medieval Realms as text: action names and pictures of a position."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import components
from .actions import ACTIONS, BID, DECISIONS, GAME_OVER, NUM_ROUNDS, PAIRS, PLACE, PLACE_KINDS


def face_name(game, card: int) -> str:
    """What ``card`` shows, without its id: the name players (and views) know it by."""
    info = game.cards[card]
    t = game.types[info.type]
    extra = []
    if info.resource >= 0:
        extra.append(components.RESOURCES[info.resource])
    if info.colour >= 0:
        extra.append(f"{components.COLOURS[info.colour]} cards")
    leader = game.card_leader[card]
    if leader >= 0:
        extra.append(f"+1 {components.LEADERS[leader]}")
    if info.condition[0] >= 0:
        kind, what, count = info.condition
        subject = components.CONDITION_SUBJECTS[kind][1][what] if what >= 0 else "islands"
        extra.append(f"if {count} {subject} ({components.ISLAND_CONDITIONS[kind]})")
    if info.options:
        extra.append(" or ".join(components.RESOURCES[r] for r in sorted(info.options)))
    shown = f" [{', '.join(extra)}]" if extra else ""
    return f"{t.title}{shown} ({components.COLOURS[t.colour]}, {components.KINDS[t.kind]})"


def card_name(game, card: int) -> str:
    return "(empty)" if card < 0 else game.card_names[card]


_PLACED_NAMES = ("Mayor", "General", "Admiral", "buffer Mayor")


def _play_text(state, i: int) -> str:
    hand = state.hand[state.decider] if state.decider >= 0 else []
    card = hand[i] if i < len(hand) else -1
    return f"play hand card {i + 1}: {card_name(state.game, card)}"


action_to_string = ACTIONS.describer(
    {
        "pair": lambda state, pair: (
            "extra tokens: "
            + " and ".join(f"1 {components.RESOURCE_TITLES[r]}" for r in PAIRS[pair])
        ),
        "square": lambda state, square: (
            f"Mayor on Management square {square + 1} "
            f"({components.RESOURCE_TITLES[state.game.board.squares[square]]})"
        ),
        "land": lambda state, land: (
            f"{_PLACED_NAMES[state.place_kind] if state.decision == PLACE else 'leader'} "
            f"on land {land + 1}"
        ),
        "activate": lambda state, slot: (
            f"activate square {slot + 1}: {card_name(state.game, state.panel[slot])}"
        ),
        "play": _play_text,
        "pass": lambda state, _: (
            "the buffer Mayor stays off the map (no land free of one's own army)"
            if state.decision == PLACE
            else "pass"
        ),
        "resource": lambda state, resource: f"take {components.RESOURCE_TITLES[resource]}",
        "bid": lambda state, step: (
            f"bid {state.lowest_bid() + step}"
            if state.decision == BID
            else f"bid the lowest legal bid + {step}"
        ),
        "bid_more": lambda state, _: (
            f"commit {components.BID_STEPS} more tokens to the bid, then choose again"
        ),
    }
)
action_seen_by = ACTIONS.seen_by(
    action_to_string,
    {PLACE: lambda state, _: f"{_PLACED_NAMES[state.place_kind]} placed behind the wall"},
)
"""How a player sees a move: leaders go behind the defensive walls unseen; the rest is open."""


def _resources(amounts: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {k}" for name, k in amounts.items() if k) or "no resources"


def render_spectator(state) -> str:
    """The spectator's picture: the whole position, hidden information included (the deck
    order and the leaders still behind the walls); cards carry their ids."""
    game = state.game
    n = game.num_players

    def named(card: int) -> str:
        return "(empty)" if card < 0 else f"#{card} {game.card_names[card]}"

    lines = [
        "Medieval Realms, spectator's picture (shows hidden information: the deck order and "
        "the leaders behind the walls)",
        f"{n} players, round {state.round} of {NUM_ROUNDS}; turn order: "
        + ", ".join(f"player {p}" for p in state.turn_order),
        "Current Events:",
    ]
    for slot, card in enumerate(state.panel):
        lines.append(f"  {slot + 1:2d} ({state.price(slot)} Goods) {named(card)}")
    lines.append("Future Events: " + "; ".join(named(c) for c in state.future))
    lines.append(
        f"deck ({len(state.deck)} cards, top first): "
        + ("; ".join(named(c) for c in reversed(state.deck)) or "-")
    )
    lines.append("discard: " + ("; ".join(named(c) for c in state.discard) or "-"))
    lands = game.num_lands
    for p in range(n):
        mayors, generals, admirals = state.leaders[p]
        resources = _resources(dict(zip(components.RESOURCES, state.res[p], strict=True)))
        buffers = f" ({state.buffers[p]} buffers)" if state.buffers[p] else ""
        passed = ", passed" if state.passed[p] else ""
        lines += [
            f"player {p}: {state.vp[p]} VP; {resources}; Mayors {mayors}{buffers}, "
            f"Generals {generals}, Admirals {admirals}{passed}",
            "  hand: " + ("; ".join(named(c) for c in state.hand[p]) or "-"),
            "  realm: " + ("; ".join(named(c) for c in state.realm[p]) or "-"),
            f"  Mayors on squares {state.squares[p]}, Generals on lands "
            f"{state.generals_on[p][:lands]}, Admirals {state.admirals_on[p][:lands]}"
            + (f", buffers {state.buffers_on[p][:lands]}" if state.buffers[p] else "")
            + ("" if state.revealed else " (behind the wall)"),
        ]
    if state.auction[0] >= 0:
        lines.append(
            f"auction of {named(state.auction[0])}: bid {state.auction[1]} by "
            f"player {state.auction[2]}"
            + (f"; {state.raising} more tokens committed" if state.raising else "")
        )
    if state.decision == GAME_OVER:
        lines.append(f"game over; scores {state.scores()}; winner: player {state.winners()[0]}")
    else:
        lines.append(DECISIONS.asking(DECISIONS[state.decision], state.decider))
    return "\n".join(lines)


def render_view(game, view: Mapping[str, Any]) -> str:
    me = view["player"]
    seats = view["seats"]
    lines = [
        f"Medieval Realms, seen by player {me}: {len(seats)} players, round {view['round']} "
        f"of {NUM_ROUNDS}; turn order: " + ", ".join(f"player {p}" for p in view["turn_order"]),
        "Current Events:",
    ]
    for slot, card in enumerate(view["current_events"]):
        lines.append(f"  {slot + 1:2d} ({1 + slot // 4} Goods) {card or '(empty)'}")
    lines.append("Future Events: " + "; ".join(c or "(empty)" for c in view["future_events"]))
    lines.append(f"deck: {view['deck_size']} cards (order unknown)")
    lines.append("discard: " + ("; ".join(view["discard"]) or "-"))
    for seat in seats:
        q = seat["seat"]
        leaders = seat["leaders"]
        extra, owed = seat["extra_tokens"], seat["vp_track_tokens_owed"]
        lines.append(
            f"player {q}{' (you)' if q == me else ''}: {seat['vp']} VP; "
            f"{_resources(seat['resources'])}; Mayors {leaders['mayor']}"
            + (f" ({seat['buffer_mayors']} buffers)" if seat["buffer_mayors"] else "")
            + f", Generals {leaders['general']}, Admirals {leaders['admiral']}"
            + (f"; extra tokens {' + '.join(extra)}" if extra else "")
            + (", passed" if seat["passed"] else "")
            + (", has placed" if seat["placed"] else "")
            + (f"; owed {owed} VP-track token(s)" if owed else "")
        )
        if any(seat["end_of_game_vp"].values()):
            parts = ", ".join(f"{k} {v}" for k, v in seat["end_of_game_vp"].items())
            lines.append(f"  end of game: {parts}")
        lines.append("  hand: " + ("; ".join(seat["hand"]) or "-"))
        lines.append("  realm: " + ("; ".join(seat["realm"]) or "-"))
        if (placement := seat["placement"]) is not None:
            shown = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in placement.items())
            lines.append(f"  {shown}" + ("" if view["revealed"] else " (behind your wall)"))
        elif not view["revealed"]:
            lines.append("  leaders behind the wall")
    if (placing := view["placing"]) is not None:
        spot = placing["lowest_spot"]
        lines.append(
            f"placing: player {placing['seat']}, {placing['left']} "
            f"{_PLACED_NAMES[PLACE_KINDS.index(placing['leader'])]}(s) left"
            + ("" if spot is None else f", the next one on spot {spot + 1} or higher")
        )
    if (auction := view["auction"]) is not None:
        high = auction["high_bidder"]
        lines.append(
            f"auction of {auction['card']}: bid {auction['bid']}"
            + (f" by player {high}" if high is not None else " (no bid yet)")
            + (f"; out: {auction['out']}" if auction["out"] else "")
            + (f"; {auction['committed']} more tokens committed" if auction["committed"] else "")
        )
    if view["token_choice"] is not None:
        lines.append(f"tokens to choose from: {view['token_choice']}")
    if view["to_move"] is None:
        totals = [s["vp"] + sum(s["end_of_game_vp"].values()) for s in seats]
        lines.append(f"game over; scores {totals}")
    else:
        actor = view["actor"]
        turn = actor is not None and actor != view["to_move"]
        lines.append(
            DECISIONS.asking(view["decision"], view["to_move"])
            + (f" (in player {actor}'s turn)" if turn else "")
        )
    return "\n".join(lines)
