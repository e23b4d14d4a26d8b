"""The Royal Society action table and the kinds of pending tasks (see the package docstring)."""

from __future__ import annotations

EXPLORER0 = 0  # 3: choose an explorer (also: the explorer gaining Expertise)
PLACE0 = 3  # 24: location * 6 + section - 1
GAIN_REP = 27  # a Society disc for 2 Reputation
PATRON0 = 28  # 16: honor a patron (turn) / keep a drawn patron (Meet a Patron)
CLAIM0 = 44  # 3: present to the Royal Society, objective A, B, C
BLOOM_CLAIM0 = 47  # 2: Find a Publisher in Bloomsbury, stack 10 / 25
DONE = 49  # end the turn / stop exhibiting or studying / decline an optional gain
CARD0 = 50  # 48: an Expedition card by id
SLOT0 = 98  # 6: Program space 1..6
DRAW3 = 104  # Reserve: draw 3 from the deck
REGION0 = 105  # 4: a region
RELIC0 = 109  # 16: a relic kind (region * 4 + type)
SPACE0 = 125  # 26: a Grand Gallery space
TILE0 = 151  # 20: a Bloomsbury tile by id
FAVOR0 = 171  # 6: a King's Favor space
OPTION0 = 177  # 6: numbered options of the pending decision
NUM_ACTIONS = 183

# task kinds; the first ones are decisions of a player, the rest run on their own
(
    C_SIDE,
    C_EXPERTISE,
    C_SETUP_DISCARD,
    C_SOCIETY,
    C_FAVOR,
    C_MAIN,
    C_PLACE,
    C_LOC_ACTION,
    C_KNOW,
    C_MILESTONE8,
    C_RELIC,
    C_KEEP_RELIC,
    C_DISCARD_RELIC,
    C_RESERVE,
    C_PICK_DRAWN,
    C_EXPLORER_UP,
    C_BLOOM,
    C_PATRON,
    C_EXPEDITION,
    C_EXP_PAY,
    C_EXHIBIT,
    C_EXHIBIT_RELIC,
    C_HAND,
    C_TURN_END,
    C_REQUIREMENT_DISC,
) = range(25)
NUM_DECISIONS = 25
MID_TURN = frozenset((C_LOC_ACTION, C_RESERVE, C_EXPEDITION, C_EXP_PAY, C_EXHIBIT))
"""Decisions of one's own turn that honoring, presenting and Bloomsbury (ids 28-48) may
interrupt: each comes before something is spent or a permanent effect applies."""
DECISION_NAMES = (
    "setup_side",
    "setup_expertise",
    "setup_discard",
    "setup_society",
    "favor",
    "main",
    "place",
    "location_action",
    "knowledge_region",
    "milestone_8",
    "relic_from_bag",
    "keep_relic",
    "discard_relic",
    "reserve",
    "pick_drawn_card",
    "explorer_expertise",
    "bloomsbury_tile",
    "patron",
    "expedition",
    "expedition_payment",
    "exhibit_space",
    "exhibit_relic",
    "hand_limit",
    "turn_end",
    "requirement_disc",
)
(
    A_GAIN,
    A_KNOW,
    A_RANDOM_RELICS,
    A_DRAW_PATRONS,
    A_YEAR_START,
    A_NEXT_TURN,
    A_YEAR_END,
    A_TURN_FINISH,
    A_SETUP_FAVORS,
    A_DRAW_TWO_KEEP,
) = range(100, 110)
AUTO_NAMES = (
    "gain",
    "knowledge",
    "random_relics",
    "draw_patrons",
    "year_start",
    "next_turn",
    "year_end",
    "turn_finish",
    "setup_favors",
    "draw_two_keep_one",
)
"""Names of the automatic tasks A_GAIN .. A_DRAW_TWO_KEEP (ids 100..109)."""
FLOW_TASKS = frozenset((A_YEAR_START, A_NEXT_TURN, A_YEAR_END, A_TURN_FINISH, A_SETUP_FAVORS))
"""Tasks of the year's flow: what lies behind the first of them in the queue follows from the
public state by the rules alone."""
GAME_OVER = NUM_DECISIONS  # decision index once the game is over

# flags of a C_KNOW task (its fourth field)
KNOW_OTHER = 1  # in a region not chosen before (a set-up choice)
KNOW_MORE = 2  # another point of the same gain as the C_KNOW task before it
KNOW_ASIA_PAID = 4  # this gain already paid the British School of Orient's Reputation


def knowledge_choices(p: int, points: int) -> list[list[int]]:
    """One gain of ``points`` Knowledge, each point in the region of the player's choice: one
    task per point, all but the first marked as the same gain."""
    return [[C_KNOW, p, 1, KNOW_MORE if i else 0] for i in range(points)]


# stats for A_GAIN
PRESTIGE, SCIENCE, REPUTATION, MONEY = range(4)
# purposes of C_DISCARD_RELIC
DEEPEN, STUDY_RELIC, SELL = range(3)

AUTOMA = 4
NEUTRAL = 5
"""Owner ids of the Automa's and the Confrontation neutral's pieces."""

GALLERY_SIZES = (3, 3, 3, 5, 5, 7)
GALLERY_START = (0, 3, 6, 9, 14, 19)
NUM_SPACES = 26
SPACE_COLLECTION = tuple(c for c, size in enumerate(GALLERY_SIZES) for _ in range(size))
EXPERTISE_PERMUTATIONS = ((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1))
