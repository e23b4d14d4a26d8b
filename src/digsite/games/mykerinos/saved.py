"""The fields of a Mykerinos state (see :mod:`digsite.core.fields`): the state holds them and
what ``MykerinosState.derive`` rebuilds from them (the cube bitboards, the region and its
pyramids, the board planes, the cards per patron).  The bounds are the widest the fields'
meaning allows; the rules' own limits are ``invariants.check_invariants``.  The fields the
observation's public tables read (``observation.FIELDS``) are frozen, written with ``put``."""

from __future__ import annotations

from ...core.fields import Field, StateFields, last_player, players
from .actions import CUBES_PER_COLOUR, DECISIONS, NEUTRAL, NUM_SEASONS, REMOVED
from .components import NUM_CARDS, NUM_CELLS, REGION_SLOTS
from .spec import SPEC

MAX_SCORE = 1000
"""A generous bound on a score (no score reaches 200: see the observation's scale)."""
LAST_CARD = NUM_CARDS - 1


FIELDS = StateFields(
    SPEC,
    [
        Field("season", low=1, high=NUM_SEASONS, start=1),
        Field("first_player", low=0, high=last_player),
        Field("wing_patron", (5,), 0, 4, frozen=1),  # the patron of wings 1-5
        Field("deck", (None,), 0, LAST_CARD),  # undealt cards, next first
        Field("deck_rotated", (None,), kind=bool),  # per undealt card: laid turned round
        Field("slots", (None,), 0, LAST_CARD, frozen=1),  # this season's region: 8 or 12 cards
        Field("slot_rotated", (None,), kind=bool),
        # per slot: -1 on the table, -2 out, or the player who took it
        Field("slot_state", (None,), REMOVED, last_player, frozen=1),
        Field("removed", (None,), 0, LAST_CARD, frozen=1),  # cards out of the game
        Field("cells", (NUM_CELLS,), -1, NEUTRAL, start=-1),  # the cube on each space (-1: none)
        Field("personal", (players,), 0, CUBES_PER_COLOUR),
        Field("neutral_stock", (players,), 0, CUBES_PER_COLOUR),  # neutral cubes each holds
        Field("general", (5,), 0, CUBES_PER_COLOUR, start=CUBES_PER_COLOUR),  # per colour
        Field("score", (players,), 0, MAX_SCORE, frozen=1),
        Field("final_bonus", (players,), 0, MAX_SCORE),  # the final exhibition's points
        Field("owned", (players, None), 0, LAST_CARD, frozen=2),
        # cards tilted this season per patron
        Field("tilted", (players, 5), 0, NUM_CARDS, frozen=2),
        # 0: not passed; spaces 1..n, and to 3 with 2 players (the neutral's disc is on 2)
        Field("pass_space", (players,), 0, lambda g: g.num_players + (g.num_players == 2)),
        # the holder of each room (-1: none)
        Field("museum", (15,), -1, last_player, frozen=1, start=-1),
        Field("decision", names=DECISIONS),
        Field("decider", low=-1, high=last_player),  # -1 once the game is over
        Field("last_turn", kind=bool),  # the lone player's last action of the season
        Field("turn_patron", low=-1, high=4, start=-1),  # the patron appealed to (-1: none)
        Field("chain_owner", low=0, high=NEUTRAL),  # the excavation being laid: whose cubes,
        Field("chain_left", low=0, high=3),  # how many still to place,
        Field("chain_own_anchor", kind=bool),  # the first goes next to the owner's cubes,
        Field("chain_last", low=-1, high=NUM_CELLS - 1, start=-1),  # the previous cube's space,
        Field("chain_pyramid", kind=bool),  # Lord Lemon's pyramid is still unused
        Field("survey_area", low=0, high=REGION_SLOTS // 2),  # the area being surveyed,
        Field("ranked", (None,), 0, NEUTRAL),  # its owners, best first,
        Field("rank_pos", low=0, high=4),  # and the place in that ranking now choosing
    ],
)
