"""Archeos Society action ids and kinds of pending decision (the action table is in the package
documentation, ``digsite.games.archeos_society``)."""

from .components import NUM_KINDS, NUM_ROLES, PROFESSOR_TOKENS

KIND0 = 0  # a card kind (role * 6 + colour) of one's hand: lead / add / keep
TAKE0 = NUM_KINDS  # take a card of this kind from the recruitment area
DRAW = TAKE0 + NUM_KINDS  # draw from the deck
TRAIT_COLOUR = DRAW + 1  # the expedition shares the leader's colour
TRAIT_ROLE = TRAIT_COLOUR + 1  # ... or the leader's role
STOP = TRAIT_ROLE + 1  # done / no more effects / skip / pass / decline
TARGET0 = STOP + 1  # a vehicle: the site of colour 0..5, 6 = Ta-sekhet-maat's 2nd
NUM_TARGETS = 7
USE_ROLE = TARGET0 + NUM_TARGETS  # resolve the leader's role effect
TOKEN0 = USE_ROLE + 1  # take the Professor token 1..6
CASH_IN = TOKEN0 + PROFESSOR_TOKENS  # Uluru: score the space and go back to the start
DRAFT_ROLE0 = CASH_IN + 1  # choose this role in the custom draft
SIDE_COMPASS = DRAFT_ROLE0 + NUM_ROLES  # lay the drawn site board compass side up
SIDE_ADVANCED = SIDE_COMPASS + 1  # ... or advanced side up
NUM_ACTIONS = SIDE_ADVANCED + 1

SECOND_VEHICLE = 6
"""Target index of the second vehicle on the two-vehicle site (Ta-sekhet-maat)."""

DECISIONS = (
    "turn",  # take a card of the area, draw, or lead an expedition (STOP: dump 10 Mercenaries)
    "trait",  # colour or role of the leader
    "add",  # one more card of the expedition, or done
    "effects",  # colour advance (a target), the role effect (a Professor token), or stop
    "free_advance",  # Linguist artifact: a vehicle to advance on any site, or skip
    "keep",  # Physician: one more card to keep, or done
    "extra",  # Cartographer: lead one more expedition, or stop
    "uluru",  # after advancing on Uluru: cash in, or stay
    "ur",  # Ur, end of season: lead one expedition (size limited), or pass
    "professor_move",  # end of season: advance (highest) / move back (lowest) a vehicle
    "draft_role",  # custom set-up: choose one role from the cards in hand
    "draft_site",  # custom set-up: the drawn board's side
    "game_over",
)
(
    TURN,
    TRAIT,
    ADD,
    EFFECTS,
    FREE_ADVANCE,
    KEEP,
    EXTRA,
    ULURU,
    UR,
    PROFESSOR_MOVE,
    DRAFT_ROLE,
    DRAFT_SITE,
    GAME_OVER,
) = range(len(DECISIONS))

PHASES = ("play", "ur", "professor")
"""What an expedition's effects return to: normal play, the Ur end-of-season expeditions, or the
end-of-season Professor moves."""

LEAD_DECISIONS = (TURN, EXTRA, UR)
"""Decisions where a card kind means "lead an expedition with this card"."""
