"""Archeos Society actions and kinds of pending decision (:mod:`digsite.core.actions`)."""

from ...core.actions import ActionTable
from ...core.decisions import DecisionKinds
from .components import COLOURS, HAND_LIMIT, NUM_COLOURS, NUM_KINDS, NUM_ROLES, PROFESSOR_TOKENS

SECOND_VEHICLE, NUM_TARGETS = NUM_COLOURS, NUM_COLOURS + 1
"""Targets: a vehicle per site colour, then (SECOND_VEHICLE) Ta-sekhet-maat's second one."""

ACTIONS = ActionTable(
    (
        "kind",
        NUM_KINDS,
        f"a card kind ``role * {NUM_COLOURS} + colour`` from one's hand: lead an expedition "
        "(turn, Cartographer's extra, Ur), add it to the expedition, or keep it (Physician)",
    ),
    ("take", NUM_KINDS, f"take a card of kind ``id - {NUM_KINDS}`` from the recruitment area"),
    ("draw", 1, "draw from the deck"),
    ("trait_colour", 1, "the expedition shares the leader's colour"),
    ("trait_role", 1, "the expedition shares the leader's role"),
    (
        "stop",
        1,
        "stop: expedition complete, no more effects, skip a Linguist advance, keep no more, no "
        "extra / Ur expedition, stay on Uluru, decline the Professor advance, or "
        f"({HAND_LIMIT} Mercenaries) give up the hand",
    ),
    (
        "target",
        NUM_TARGETS,
        f"a vehicle: the site of colour 0-{NUM_COLOURS - 1} ({', '.join(COLOURS)}), the last "
        "id the second vehicle on Ta-sekhet-maat; advances it (colour effect, Pilot, Linguist, "
        "Professor) or moves it back (Professor, lowest sum)",
    ),
    (
        "use_role",
        1,
        "use the leader's role effect (Botanist, Linguist, Physician, Cartographer, Curator, "
        "Patron)",
    ),
    ("token", PROFESSOR_TOKENS, f"Professor: take the token 1-{PROFESSOR_TOKENS}"),
    ("cash_in", 1, "Uluru: cash in the space and go back to the start"),
    ("draft_role", NUM_ROLES, "draft: choose this role (the roles' order above)"),
    ("side_compass", 1, "draft: lay the drawn board compass side up"),
    ("side_advanced", 1, "draft: lay the drawn board advanced side up"),
)
(KIND0, TAKE0, DRAW, TRAIT_COLOUR, TRAIT_ROLE, STOP, TARGET0, USE_ROLE, TOKEN0, CASH_IN,
 DRAFT_ROLE0, SIDE_COMPASS, SIDE_ADVANCED) = ACTIONS.starts  # fmt: skip
NUM_ACTIONS = ACTIONS.size
# KIND0 is 0: the rules take the action of a card kind from one's hand as the kind itself

DECISIONS = DecisionKinds(
    (
        "turn",
        "take a card of the area, draw, or lead an expedition "
        f"(stop: dump {HAND_LIMIT} Mercenaries)",
    ),
    ("trait", "colour or role of the leader"),
    ("add", "one more card of the expedition, or done"),
    ("effects", "colour advance (a target), the role effect (a Professor token), or stop"),
    ("free_advance", "Linguist artifact: a vehicle to advance on any site, or skip"),
    ("keep", "Physician: one more card to keep, or done"),
    ("extra", "Cartographer: lead one more expedition, or stop"),
    ("uluru", "after advancing on Uluru: cash in, or stay"),
    ("ur", "Ur, end of season: lead one expedition (size limited), or pass"),
    ("professor_move", "end of season: advance (highest) / move back (lowest) a vehicle"),
    ("draft_role", "custom set-up: choose one role from the cards in hand"),
    ("draft_site", "custom set-up: the drawn board's side"),
)
(TURN, TRAIT, ADD, EFFECTS, FREE_ADVANCE, KEEP, EXTRA, ULURU, UR, PROFESSOR_MOVE, DRAFT_ROLE,
 DRAFT_SITE, GAME_OVER) = range(len(DECISIONS))  # fmt: skip

PHASES = ("play", "ur", "professor")
"""What an expedition's effects return to: normal play, the Ur end-of-season expeditions, or the
end-of-season Professor moves."""
PLAY, UR_PHASE, PROFESSOR_PHASE = range(len(PHASES))
