"""ArcheOlogic action ids and kinds of pending decision (the action table is in the package
documentation, ``digsite.games.archeologic``)."""

from ..archeologic.components import NUM_CELLS
from ..archeologic.questions import NUM_AXES, NUM_QUESTIONS

AXIS0 = 0  # 0..9: an axis (solo start axis, or where the viewfinder goes this turn)
QUESTION0 = AXIS0 + NUM_AXES  # 10..18: a question on the viewfinder's axis
GUESS = QUESTION0 + NUM_QUESTIONS  # 19: "I think I've found it!"
PLACE0 = GUESS + 1  # 20..119: placement of the building being entered, rotation * 25 + anchor
NUM_ROTATIONS = 4
NUM_PLACEMENT_IDS = NUM_ROTATIONS * NUM_CELLS
NUM_ACTIONS = PLACE0 + NUM_PLACEMENT_IDS

DECISIONS = ("start_axis", "axis", "question", "place", "game_over")
START_AXIS, AXIS, QUESTION, PLACE, GAME_OVER = range(len(DECISIONS))

IN_GAME, WRONG_GUESS, OUT_OF_TIME = 0, 1, 2
"""Values of ``out``: still playing, eliminated by a wrong guess (rulebook variant), out of time."""
OUT_NAMES = ("in the game", "eliminated (wrong guess)", "out of time")

GUESS_VARIANTS = ("rulebook", "app")
MAX_EXTRA_CLUES = 2
"""The rulebook: "You can give new Archaelogists one or two more clues"."""
SOLO_TIME_LIMIT = 60
MULTIPLAYER_TIME_LIMIT = 80
"""Default time limits (safety bounds, not rules): a solo game ends unsolved once its time passes
60; in multiplayer a pawn that moves past space 80 is out of time (eliminated).  A greedy solver
needs about 10-21 time per quest."""
