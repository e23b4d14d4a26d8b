"""What one Shards player knows (``state.view(player)``): everything on the table, its own
hand, which cards of the others' hands everyone saw them take from the find, and, once the game
is over, every hand (shown at the end).  The deck's cards and the rest of the others' hands are
unseen: only how many there are is known."""

from __future__ import annotations

from typing import Any

from .actions import DECISIONS, value


def known_cards(state, player: int) -> list[int]:
    """The cards of ``player``'s hand that every player knows: those taken from the find, and
    the whole hand once the game is over."""
    return list(state.hands[player] if state.is_terminal() else state.known[player])


def build_view(state, player: int) -> dict[str, Any]:
    over = state.is_terminal()
    return {
        "player": player,
        "num_players": state.game.num_players,
        "hand": list(state.hands[player]),
        "find": state.find,
        "spoil": sorted(state.spoil),
        "deck_size": len(state.deck),
        "seats": [
            {"dug": sorted(state.dug[p]), "known": known_cards(state, p)}
            for p in range(state.game.num_players)
        ],
        "decision": DECISIONS[state.decision],
        "to_move": None if over else state.decider,
    }


def seat_points(view: dict[str, Any], seat: int) -> int:
    """The points of ``seat`` as ``view`` shows them: the values it dug, less its hand's once
    the game is over (then every hand is known)."""
    known = view["seats"][seat]
    held = sum(map(value, known["known"])) if view["to_move"] is None else 0
    return sum(map(value, known["dug"])) - held
