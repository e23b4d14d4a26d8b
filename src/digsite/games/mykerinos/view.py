"""What one Mykerinos player knows (``state.view(player)``), built from the state itself.

Everything on the table is public, so every seat knows the same things; only the order and the
future orientation of the undealt parcels are hidden.  A player with perfect memory also knows
every parcel dealt so far and where it went (taken by whom, or out of the game), hence which
parcels the remaining seasons can still bring.  Cards are named by face (``game.card_faces``):
two cards of one face cannot be told apart once laid, so the view never says which of them it
is.  Each field is described in the package documentation ("What a player knows").
"""

from __future__ import annotations

from typing import Any

from . import actions
from .actions import GAME_OVER, NEUTRAL, NEUTRAL_PASS_SPACE, ON_TABLE, PLACE, REMOVED, SURVEY_CHOICE
from .components import COLS, PATRONS, cell_flags, region_rows

NEUTRAL_NAME = "neutral"
"""How the view names the neutral colour (2 players)."""
TABLE = "table"
DISCARDED = "discarded"
"""Where a parcel of this season's region is, besides a player index."""


def cells_of(bitboard: int) -> list[int]:
    """The cell ids of a bitboard, ascending."""
    return [c for c, flag in enumerate(cell_flags(bitboard)) if flag]


def owner_name(owner: int) -> int | str:
    return NEUTRAL_NAME if owner == NEUTRAL else owner


def build_view(state, player: int) -> dict[str, Any]:
    game = state.game
    n = game.num_players
    face = game.card_faces
    spaces = region_rows(state.season) * COLS
    region = [None if owner < 0 else owner_name(owner) for owner in state.cells[:spaces]]
    parcels = [
        {
            "card": face[card],
            "where": TABLE if where == ON_TABLE else DISCARDED if where == REMOVED else where,
        }
        for card, where in zip(state.slots, state.slot_state, strict=True)
    ]
    seats = [
        {
            "score": state.score[p],
            "cards": sorted(face[c] for c in state.owned[p]),
            "tilted": list(state.tilted[p]),
            "personal_cubes": state.personal[p],
            "general_cubes": state.general[p],
            "passing_space": state.pass_space[p],
            **({"neutral_cubes": state.neutral_stock[p]} if n == 2 else {}),
        }
        for p in range(n)
    ]
    decision = state.decision
    over = decision == GAME_OVER
    return {
        "player": player,
        "num_players": n,
        "museum_two_rooms": game.museum.two_rooms,
        "season": state.season,
        "first_player": state.first_player,
        "wing_patrons": [PATRONS[p] for p in state.wing_patron],
        "museum": [
            None if state.museum[room] < 0 else state.museum[room] for room in game.museum.rooms
        ],
        "region": region,
        "pyramids": cells_of(state.pyramids),
        "parcels": parcels,
        "unseen": sorted(face[c] for c in state.deck),
        "discarded": sorted(face[c] for c in state.removed),
        "seats": seats,
        "neutral": (
            {"general_cubes": state.general[NEUTRAL], "passing_space": NEUTRAL_PASS_SPACE}
            if n == 2
            else None
        ),
        "decision": actions.DECISIONS[decision],
        "to_move": None if over else state.decider,
        "last_action": state.last_turn,
        "patron": PATRONS[state.turn_patron] if state.turn_patron >= 0 else None,
        "excavation": (
            {
                "neutral": state.chain_owner == NEUTRAL,
                "cubes_left": state.chain_left,
                "next_to_own": state.chain_own_anchor,
                "last_cell": None if state.chain_last < 0 else state.chain_last,
                "pyramid_allowed": state.chain_pyramid,
            }
            if decision == PLACE
            else None
        ),
        "survey": (
            {"area": state.survey_area, "ranking": [owner_name(o) for o in state.ranked]}
            if SURVEY_CHOICE <= decision < GAME_OVER
            else None
        ),
        "exhibition": list(state.final_bonus) if over else None,
    }
