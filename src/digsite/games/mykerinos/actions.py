"""The Mykerinos action ids and kinds of pending decision (the action table is in the
package documentation, ``digsite.games.mykerinos``)."""

from .components import NUM_CELLS

NEUTRAL = 4
"""Owner index of the neutral colour (2-player game)."""
CUBES_PER_COLOUR = 25
NUM_SEASONS = 4
NEUTRAL_PASS_SPACE = 2
NEUTRAL_CUBES_PER_SEASON = 4

# -- action table ----------------------------------------------------------------------------
CELL0 = 0  # 0..71: a cell of the region, row * 12 + col
ROOM0 = NUM_CELLS  # 72..86: a Museum room
EXCAVATE = ROOM0 + 15  # 87: action A (start a new excavation)
EXTEND = EXCAVATE + 1  # 88: action B (extend an excavation)
PASS = EXTEND + 1  # 89: action C
PATRON0 = PASS + 1  # 90..94: action D, tilt a card of this patron
TAKE_LEFT = PATRON0 + 5  # 95: the left parcel of the area being surveyed
TAKE_RIGHT = TAKE_LEFT + 1  # 96: the right parcel
DECLINE = TAKE_RIGHT + 1  # 97: no neutral action / leave the leftover parcel
NUM_ACTIONS = DECLINE + 1

# -- decisions -------------------------------------------------------------------------------
DECISIONS = (
    "turn",  # choose A, B, C (pass) or a patron
    "choose_ab",  # after Lady Violet or Lord Lemon: A or B
    "place",  # the next cube of the current excavation
    "brown_room",  # Sir Brown: a Museum room for a cube of the personal stock
    "neutral_action",  # 2 players: optional neutral A or B after one's own action
    "survey_choice",  # ranked 1st or 2nd: a parcel or a Museum room
    "leftover",  # ranked 3rd or 4th: take a leftover parcel or not
    "neutral_card",  # 2 players: which parcel the neutral takes (and discards)
    "game_over",
)
(
    TURN,
    CHOOSE_AB,
    PLACE,
    BROWN_ROOM,
    NEUTRAL_ACTION,
    SURVEY_CHOICE,
    LEFTOVER,
    NEUTRAL_CARD,
    GAME_OVER,
) = range(len(DECISIONS))


ON_TABLE = -1
REMOVED = -2
"""Slot states besides a player index: still on the table, or out of the game."""
