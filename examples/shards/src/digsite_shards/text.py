"""Shards as text: the action texts, a seat's picture (from its view alone) and the
spectator's (every hand and the deck)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from digsite.core import ActionTable

from .actions import ACTIONS, NUM_CARDS, SITES, site, value
from .view import seat_points


def card_name(card: int) -> str:
    return f"{value(card)} of {SITES[site(card)]}"


def cards(cards: list[int]) -> str:
    return ", ".join(map(card_name, cards)) or "none"


action_to_string = ACTIONS.describer(
    {
        "dig": lambda state, card: f"dig the {card_name(card)}",
        "discard": lambda state, card: f"discard the {card_name(card)}",
        "take_find": lambda state, _: f"take the find ({card_name(state.find)})",
        "draw": lambda state, _: "draw blind",
    }
)
action_seen_by = ActionTable.seen_by(action_to_string, {})
"""Every move is made in the open (a blind draw names no card, to anyone)."""


def tops(view: Mapping[str, Any]) -> list[str]:
    top = [0] * len(SITES)
    for seat in view["seats"]:
        for card in seat["dug"]:
            top[site(card)] = max(top[site(card)], value(card))
    return [f"{name} {t or '-'}" for name, t in zip(SITES, top, strict=True)]


def draw_table(view: Mapping[str, Any], header: str) -> str:
    over = view["to_move"] is None
    lines = [
        header,
        f"trenches: {', '.join(tops(view))}; find: {card_name(view['find'])}",
        f"spoil heap: {cards(view['spoil'])}; deck: {view['deck_size']} cards",
    ]
    for p, seat in enumerate(view["seats"]):
        you = " (you)" if p == view["player"] else ""
        lines.append(
            f"player {p}{you}: {seat_points(view, p)} points; dug {cards(seat['dug'])}; "
            f"{'hand' if over else 'known in hand'}: {cards(seat['known'])}"
        )
    if view["player"] is not None:
        lines.append(f"your hand: {cards(view['hand'])}")
    lines.append("game over" if over else f"to move: player {view['to_move']}, {view['decision']}")
    return "\n".join(lines)


def render_view(game, view: Mapping[str, Any]) -> str:
    header = f"Shards, {view['num_players']} players: what player {view['player']} knows"
    return draw_table(view, header)


def render_spectator(state) -> str:
    n = state.game.num_players
    header = f"Shards, {n} players: the spectator's picture (shows hidden information)"
    view = dict(state.view(0), player=None)
    hands = [f"player {p}'s hand: {cards(state.hands[p])}" for p in range(n)]
    deck = f"deck ({len(state.deck)} of {NUM_CARDS} cards): {cards(state.deck)}"
    return "\n".join([draw_table(view, header), *hands, deck])
