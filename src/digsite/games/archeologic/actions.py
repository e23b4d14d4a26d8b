"""ArcheOlogic actions and kinds of pending decision (:mod:`digsite.core.actions`)."""

from ...core.actions import ActionTable
from ...core.decisions import DecisionKinds
from . import components, questions

NUM_ROTATIONS = 4
NUM_PLACEMENT_IDS = NUM_ROTATIONS * components.NUM_CELLS
"""Placement offsets of one building: ``rotation * 25 + anchor``."""

ACTIONS = ActionTable(
    (
        "axis",
        questions.NUM_AXES,
        "an axis (0-4 = columns A-E, 5-9 = rows 1-5): the solo start axis, or where the "
        "viewfinder goes this turn (masked; ``action_to_string`` shows the surcharge +0/+1/+2)",
    ),
    (
        "question",
        questions.NUM_QUESTIONS,
        "question 0-8 on the viewfinder's axis (different buildings, empty zones, boxes of "
        "building L4, T4, S4, O4, L3, I3, traps)",
    ),
    ("guess", 1, '"I think I\'ve found it!" (start of a turn only)'),
    (
        "place",
        NUM_PLACEMENT_IDS,
        "placement of the building being entered: ``20 + rotation * 25 + anchor`` (rotation in "
        "quarter turns clockwise, anchor = top-left cell of the rotated tile, ``row * 5 + col``)",
    ),
)
AXIS0, QUESTION0, GUESS, PLACE0 = ACTIONS.starts
NUM_ACTIONS = ACTIONS.size

DECISIONS = DecisionKinds(
    ("start_axis", "solo, first: the viewfinder's start axis"),
    ("axis", 'start of a turn: where the viewfinder goes, or "I think I\'ve found it!"'),
    ("question", "the question on the viewfinder's axis"),
    ("place", "the next building of the guess being entered"),
)
START_AXIS, AXIS, QUESTION, PLACE, GAME_OVER = range(len(DECISIONS))

IN_GAME, WRONG_GUESS, OUT_OF_TIME = 0, 1, 2
"""Values of ``out``: still playing, eliminated by a wrong guess (rulebook variant), out of time."""
OUT_NAMES = ("in the game", "eliminated (wrong guess)", "out of time")

GUESS_VARIANTS = ("rulebook", "app")
MAX_EXTRA_CLUES = 2
"""The rulebook: "You can give new Archaelogists one or two more clues"."""
SOLO_TIME_LIMIT, MULTIPLAYER_TIME_LIMIT = 60, 80
"""Default time limits (safety bounds, not rules): a solo game ends unsolved once its time passes
60; in multiplayer a pawn that moves past space 80 is out of time (eliminated).  A greedy solver
needs about 10-21 time per quest."""
