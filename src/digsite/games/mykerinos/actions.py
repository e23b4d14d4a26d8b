"""The Mykerinos actions and kinds of pending decision (:mod:`digsite.core.actions`)."""

from ...core.actions import ActionTable
from ...core.decisions import DecisionKinds
from .components import NUM_CELLS, NUM_ROOMS

NEUTRAL = 4
"""Owner index of the neutral colour (2-player game)."""
CUBES_PER_COLOUR = 25
NUM_SEASONS = 4
NEUTRAL_PASS_SPACE, NEUTRAL_CUBES_PER_SEASON = 2, 4

ACTIONS = ActionTable(
    (
        "cell",
        NUM_CELLS,
        "a region space, ``row * 12 + col`` (rows 0-3, or 0-5 in season 4): the next cube",
    ),
    (
        "room",
        NUM_ROOMS,
        "a Museum room (72 + room): rooms 0-4 the 3-rooms of wings 1-5, 5-9 their 5-rooms, "
        "10-14 the 2-room between wing w+1 and wing w+2 (14: between wings 5 and 1)",
    ),
    (
        "excavate",
        1,
        "A: start a new excavation (also after Lady Violet / Lord Lemon, and the neutral's A)",
    ),
    ("extend", 1, "B: extend an excavation (likewise)"),
    ("pass", 1, "C: pass"),
    (
        "patron",
        5,
        "D: appeal to Lady Violet, Lord Lemon, Sir Brown, Mrs. Blackmore, Colonel Tangerine",
    ),
    (
        "take_left",
        1,
        "take the left parcel of the area being surveyed (also: the parcel a neutral "
        "takes, when the acting player picks it)",
    ),
    ("take_right", 1, "take the right parcel (likewise)"),
    ("decline", 1, "decline: no neutral action this turn, or leave a leftover parcel"),
)
CELL0, ROOM0, EXCAVATE, EXTEND, PASS, PATRON0, TAKE_LEFT, TAKE_RIGHT, DECLINE = ACTIONS.starts
NUM_ACTIONS = ACTIONS.size

DECISIONS = DecisionKinds(
    ("turn", "choose A, B, C (pass) or a patron"),
    ("choose_ab", "after Lady Violet or Lord Lemon: A or B"),
    ("place", "the next cube of the current excavation"),
    ("brown_room", "Sir Brown: a Museum room for a cube of the personal stock"),
    ("neutral_action", "2 players: optional neutral A or B after one's own action"),
    ("survey_choice", "ranked 1st or 2nd: a parcel or a Museum room"),
    ("leftover", "ranked 3rd or 4th: take a leftover parcel or not"),
    ("neutral_card", "2 players: which parcel the neutral takes (and discards)"),
)
(TURN, CHOOSE_AB, PLACE, BROWN_ROOM, NEUTRAL_ACTION, SURVEY_CHOICE, LEFTOVER, NEUTRAL_CARD,
 GAME_OVER) = range(len(DECISIONS))  # fmt: skip

ON_TABLE, REMOVED = -1, -2
"""Slot states besides a player index: still on the table, or out of the game."""
