"""What one Medieval Realms player knows: ``state.view(player)``, built from the state itself.

Everything is public except the deck order and the other players' leaders behind their walls
until the walls come down.  Cards are named by what they show (``game.card_names``), never by
id: two cards that show the same cannot be told apart.  Realms and the discard pile are
multisets (sorted by face); hands keep their order (the play actions name a hand position),
the panels their squares.
"""

from __future__ import annotations

from typing import Any

from .actions import DECISIONS, GAME_OVER, PAIRS, PLACE, PLACE_KINDS
from .components import LEADERS, RESOURCES
from .observation import ACTOR_DECISIONS

FINAL_PARTS = ("cards", "resources", "great_persons")


def build_view(state, player: int) -> dict[str, Any]:
    game = state.game
    n = game.num_players
    names = game.card_names
    decision = state.decision

    def card(c: int) -> str | None:
        return names[c] if c >= 0 else None

    def multiset(cards: list[int]) -> list[str]:
        return [game.face_names[f] for f in sorted(game.card_face[c] for c in cards)]

    seats = [
        {
            "seat": q,
            "resources": dict(zip(RESOURCES, state.res[q], strict=True)),
            "vp": state.vp[q],
            "end_of_game_vp": dict(zip(FINAL_PARTS, state.final[q], strict=True)),
            "leaders": dict(zip(LEADERS, state.leaders[q], strict=True)),
            "buffer_mayors": state.buffers[q],
            "extra_tokens": (
                [RESOURCES[r] for r in PAIRS[state.pair[q]]] if state.pair[q] >= 0 else None
            ),
            "passed": state.passed[q],
            "placed": state.placed[q] if decision == PLACE else None,
            "turn_position": state.turn_order.index(q),
            "vp_track_tokens_owed": state.bonus_queue.count(q),
            "hand": [names[c] for c in state.hand[q]],
            "realm": multiset(state.realm[q]),
            "placement": _placement(state, q) if state.revealed or q == player else None,
        }
        for q in range(n)
    ]
    placing = None
    if decision == PLACE:
        placing = {
            "seat": state.decider,
            "leader": PLACE_KINDS[state.place_kind],
            "left": state.place_left,
            "lowest_spot": state.place_last if state.decider == player else None,
        }
    auction = None
    if state.auction[0] >= 0:
        auction = {
            "card": names[state.auction[0]],
            "bid": state.auction[1],
            "high_bidder": state.auction[2] if state.auction[2] >= 0 else None,
            "out": [q for q in range(n) if state.auction_out[q]],
            "committed": state.raising,
        }
    return {
        "player": player,
        "round": state.round,
        "decision": DECISIONS[decision],
        "to_move": state.decider if decision != GAME_OVER else None,
        "actor": state.actor if decision in ACTOR_DECISIONS else None,
        "revealed": state.revealed,
        "turn_order": list(state.turn_order),
        "current_events": [card(c) for c in state.panel],
        "future_events": [card(c) for c in state.future],
        "deck_size": len(state.deck),
        "discard": multiset(state.discard),
        "seats": seats,
        "placing": placing,
        "auction": auction,
        "token_choice": card(state.choice_card),
    }


def _placement(state, q: int) -> dict[str, list[int]]:
    """Leaders of ``q`` per Management square and per land in play (counts)."""
    lands = state.game.num_lands
    placement = {
        "mayors_on_squares": list(state.squares[q]),
        "generals_on_lands": list(state.generals_on[q][:lands]),
        "admirals_on_lands": list(state.admirals_on[q][:lands]),
    }
    if state.buffers[q]:
        placement["buffers_on_lands"] = list(state.buffers_on[q][:lands])
    return placement
