"""The Royal Society action table and the kinds of pending tasks (see the package docstring)."""

from enum import IntEnum

from ...core.actions import ActionTable
from ...core.decisions import AutomaticTasks, DecisionKinds
from . import components
from .components import BLOOMSBURY_STACKS

NUM_EXPLORERS, NUM_LOCATIONS, NUM_REGIONS, PROGRAM_SPACES, FAVOR_SPACES = 3, 4, 4, 6, 6
NUM_SPACES, NUM_TILES, NUM_OPTIONS = 26, 20, 6
SECTIONS = 6
"""Sections of a location, 1-6 (the Expertise an explorer uses there)."""

ACTIONS = ActionTable(
    (
        "explorer",
        NUM_EXPLORERS,
        'an explorer (turn start; also "+1 Expertise to the explorer of your choice")',
    ),
    (
        "place",
        NUM_LOCATIONS * SECTIONS,
        "place the explorer: ``start + location * 6 + section - 1`` "
        "(University, Royal Museum, The City, Port of London; sections 1-6)",
    ),
    ("gain_reputation", 1, "Gain Reputation: a Society disc for 2 Reputation (turn start / end)"),
    (
        "patron",
        components.NUM_PATRONS,
        "a Patron card by id: honor it (turn start / end, mid-turn) or keep it "
        "(Meet a Patron, where honoring is not offered)",
    ),
    (
        "present",
        components.NUM_OBJECTIVES,
        "present to the Royal Society: objective A, B, C (turn start / end, mid-turn)",
    ),
    (
        "publisher",
        len(BLOOMSBURY_STACKS),
        "Find a Publisher in Bloomsbury: the 10 / 25 stack (turn start / end, mid-turn)",
    ),
    ("done", 1, "done: end the turn, stop exhibiting / studying, decline an optional gain"),
    (
        "expedition",
        components.NUM_EXPEDITIONS,
        "an Expedition card by id: organize it, keep it (draw of 3), "
        "discard it (set-up, hand limit)",
    ),
    ("program_space", PROGRAM_SPACES, "a Program space 1-6 (Reserve an Expedition)"),
    ("draw_three", 1, "Reserve an Expedition: draw 3 from the deck, keep 1"),
    (
        "region",
        NUM_REGIONS,
        "a region (Africa, Mediterranean, Asia, South America): Knowledge, or "
        "the bag of a random relic",
    ),
    (
        "relic",
        components.NUM_RELIC_KINDS,
        "a relic kind ``region * 4 + type`` (instrument, pottery, scroll, "
        "jewelry): take it from a bag, keep it, or discard it for an action / a patron",
    ),
    (
        "gallery_space",
        NUM_SPACES,
        "a Grand Gallery space (collections I-III: 3 spaces, IV-V: 5, "
        "VI: 7): exhibit there, or take one's disc back from it for a failed Royal Requirement",
    ),
    ("bloomsbury_tile", NUM_TILES, "a Bloomsbury tile by id"),
    ("favor", FAVOR_SPACES, "a King's Favor space 1-6"),
    (
        "option",
        NUM_OPTIONS,
        "options of the pending decision: board side A/B; expertise 1/2/3 "
        "permutations (6); which Society card to keep; Knowledge 8 (1 Science / 5 Prestige); the "
        "location action (first / second, e.g. Study / Deepen); expedition payment (in full, -£3, "
        "-1 Knowledge, both)",
    ),
)
(EXPLORER0, PLACE0, GAIN_REP, PATRON0, CLAIM0, BLOOM_CLAIM0, DONE, CARD0, SLOT0, DRAW3, REGION0,
 RELIC0, SPACE0, TILE0, FAVOR0, OPTION0) = ACTIONS.starts  # fmt: skip
NUM_ACTIONS = ACTIONS.size

DECISIONS = DecisionKinds(
    ("setup_side", "set-up: the Society board side (options A / B)"),
    ("setup_expertise", "set-up: Expertise 1 / 2 / 3 for the three explorers (6 options)"),
    ("setup_discard", "set-up: an Expedition card to discard, down to the 2 kept"),
    ("setup_society", "set-up: the Society card to keep (2 options)"),
    ("favor", "upkeep: a free King's Favor space (it sets the turn order)"),
    ("main", "the turn's explorer, or an optional action first"),
    ("place", "the section of a location for the chosen explorer (support included)"),
    ("location_action", "the location's first or second action"),
    ("knowledge_region", "the region of one Knowledge point"),
    ("milestone_8", "Knowledge 8: 1 Science or 5 Prestige"),
    ("relic_from_bag", "a relic kind from a bag, or the bag of a random relic"),
    ("keep_relic", "which of the two relics drawn to keep"),
    ("discard_relic", "a relic to discard: Deepen, Study a Relic, Sell, or to honor a patron"),
    ("reserve", "Reserve an Expedition: a Program space or the draw of 3 (or decline)"),
    ("pick_drawn_card", "the Expedition card kept from the draw of 3"),
    ("explorer_expertise", "the explorer taking +1 Expertise"),
    ("bloomsbury_tile", "a Bloomsbury tile of the stack (or the box)"),
    ("patron", "the Patron card kept from the two drawn"),
    ("expedition", "the Expedition card to organize (hand or Program)"),
    ("expedition_payment", "how to pay the expedition: in full, -£3, -1 Knowledge or both"),
    ("exhibit_space", "a Grand Gallery space for the next Exhibit (or stop)"),
    ("exhibit_relic", "the relic exhibited on the chosen space"),
    ("hand_limit", "an Expedition card to discard, down to 3 in hand"),
    ("turn_end", "optional actions before the turn ends, or done"),
    ("requirement_disc", "the Gallery disc taken back for a failed Royal Requirement"),
)
(C_SIDE, C_EXPERTISE, C_SETUP_DISCARD, C_SOCIETY, C_FAVOR, C_MAIN, C_PLACE, C_LOC_ACTION, C_KNOW,
 C_MILESTONE8, C_RELIC, C_KEEP_RELIC, C_DISCARD_RELIC, C_RESERVE, C_PICK_DRAWN, C_EXPLORER_UP,
 C_BLOOM, C_PATRON, C_EXPEDITION, C_EXP_PAY, C_EXHIBIT, C_EXHIBIT_RELIC, C_HAND, C_TURN_END,
 C_REQUIREMENT_DISC, GAME_OVER) = range(len(DECISIONS))  # fmt: skip
MID_TURN = frozenset((C_LOC_ACTION, C_RESERVE, C_EXPEDITION, C_EXP_PAY, C_EXHIBIT))
"""Decisions of one's own turn that honoring, presenting and Bloomsbury (ids 28-48) may
interrupt: each comes before something is spent or a permanent effect applies (their
``_on_<name>`` are ``optional.interruptible``)."""
AUTO0 = 100
"""The kind of the first automatic task (they run on their own, numbered after a gap)."""
AUTO_TASKS = AutomaticTasks(
    AUTO0,
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
(A_GAIN, A_KNOW, A_RANDOM_RELICS, A_DRAW_PATRONS, A_YEAR_START, A_NEXT_TURN, A_YEAR_END,
 A_TURN_FINISH, A_SETUP_FAVORS,
 A_DRAW_TWO_KEEP) = range(AUTO0, AUTO0 + len(AUTO_TASKS))  # fmt: skip
FLOW_TASKS = frozenset((A_YEAR_START, A_NEXT_TURN, A_YEAR_END, A_TURN_FINISH, A_SETUP_FAVORS))
"""Tasks of the year's flow: what lies behind the first of them in the queue follows from the
public state by the rules alone."""

# flags of a C_KNOW task (its fourth field)
KNOW_OTHER = 1  # in a region not chosen before (a set-up choice)
KNOW_MORE = 2  # another point of the same gain as the C_KNOW task before it
KNOW_ASIA_PAID = 4  # this gain already paid the British School of Orient's Reputation


# stats for A_GAIN
PRESTIGE, SCIENCE, REPUTATION, MONEY, SETUP_SOCIETY = range(5)
"""An A_GAIN of ``SETUP_SOCIETY`` brings in the kept Society card (its ability starts after its
set-up benefits)."""
REWARD_STATS = {"prestige": PRESTIGE, "science": SCIENCE, "reputation": REPUTATION, "money": MONEY}
"""Reward keys (the rulebook's vocabulary) that are plain gains."""
MILESTONE_8 = ((SCIENCE, 1), (PRESTIGE, 5))
"""The gains of the Knowledge 8 options."""
# purposes of C_DISCARD_RELIC
DEEPEN, STUDY_RELIC, SELL = range(3)
HONOR = 10
"""A relic discard of purpose ``HONOR + patron`` honors that patron."""
# regions of C_RELIC (a bit mask) and A_RANDOM_RELICS (a region)
ALL_REGIONS = 15
CHOSEN_REGIONS = -1
"""C_RELIC from "one of the previously chosen regions" (read when the task is reached)."""
CHOSEN_REGION = -1
"""A_RANDOM_RELICS from the region last chosen."""
EACH_REGION = 4
"""A_RANDOM_RELICS: one from each region's bag."""

AUTOMA, NEUTRAL = 4, 5
"""Owner ids of the Automa's and the Confrontation neutral's pieces."""

GALLERY_SIZES = (3, 3, 3, 5, 5, 7)
GALLERY_START = (0, 3, 6, 9, 14, 19)
SPACE_COLLECTION = tuple(c for c, size in enumerate(GALLERY_SIZES) for _ in range(size))
COLLECTIONS = tuple(slice(s, s + n) for s, n in zip(GALLERY_START, GALLERY_SIZES, strict=True))
"""The Grand Gallery's spaces of each collection."""
EXPERTISE_PERMUTATIONS = ((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1))


class Ability(IntEnum):
    """The Society cards' abilities (``societies.json`` names them in lower case)."""

    AFRICA_CHOSEN_RELIC = 0
    EXCAVATION_DRAW_TWO = 1
    ANTHROPOLOGY_KNOWLEDGE = 2
    ASIA_KNOWLEDGE_REPUTATION = 3
    MEDITERRANEAN_EXHIBIT_PRESTIGE = 4
    SOUTH_AMERICA_MONEY = 5
    EXPLORATION_REPUTATION = 6
    SELL_FOR_18 = 7
    PATRON_PLUS_3 = 8
    CARTOGRAPHY_CHOSEN_RELIC = 9
    MUSEUM_AT_4 = 10
    FREE_RESERVE = 11


OBJECTIVES = ("two_regions_twice", "three_regions", "four_expertise_levels", "three_same_type",
    "all_explorers_4", "two_explorers_5", "seven_gallery", "eight_relics_all_regions",
    "three_patrons", "two_myth_or_wonder", "knowledge_4_everywhere", "knowledge_12")  # fmt: skip
"""The objectives in the rulebook's order (p.14), as ``royal_society.json`` names them."""
(TWO_REGIONS_TWICE, THREE_REGIONS, FOUR_EXPERTISE_LEVELS, THREE_SAME_TYPE, ALL_EXPLORERS_4,
 TWO_EXPLORERS_5, SEVEN_GALLERY, EIGHT_RELICS_ALL_REGIONS, THREE_PATRONS, TWO_MYTH_OR_WONDER,
 KNOWLEDGE_4_EVERYWHERE, KNOWLEDGE_12) = range(len(OBJECTIVES))  # fmt: skip


PENALTIES = ("support_cap_5", "random_relics", "no_collection_rewards", "no_right_bonus")
SUPPORT_CAP_5, RANDOM_RELICS_ONLY, NO_COLLECTION_REWARDS, NO_RIGHT_BONUS = range(len(PENALTIES))
"""Penalties of period 1 (``penalties[p][i]``), as ``royal_requirements.json`` names them."""
LOGISTICS, REGION_SKILL = range(2)
"""The kind of an explorer's skill on a Society board: (kind, region)."""
EXCAVATION, EXPLORATION, ANTHROPOLOGY, CARTOGRAPHY = range(4)
"""Expedition card types (``components.EXPEDITION_TYPES``)."""
FIRST_ACTION, SECOND_ACTION = range(2)
"""A location's two actions (e.g. Study / Deepen), as options."""
PAYMENTS = ((0, 0), (1, 0), (0, 1), (1, 1))
"""(-£3, -1 Knowledge) of each expedition payment option (in full, -£3, -1 Knowledge, both): 2
Reputation for each."""
PIECE_SHIFT = 3
"""A piece at a location is ``owner << PIECE_SHIFT | section``."""


def piece(owner: int, section: int) -> int:
    return owner << PIECE_SHIFT | section


def piece_owner(x: int) -> int:
    return x >> PIECE_SHIFT


def piece_section(x: int) -> int:
    return x & (1 << PIECE_SHIFT) - 1


def options(count: int) -> list[int]:
    """The actions of a decision between ``count`` numbered options."""
    return list(range(OPTION0, OPTION0 + count))
