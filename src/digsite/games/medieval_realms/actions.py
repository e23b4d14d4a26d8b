"""Medieval Realms action ids and kinds of pending decision (the action table is in the package
documentation, ``digsite.games.medieval_realms``)."""

from itertools import combinations

from .components import BID_STEPS, HAND_LIMIT, NUM_LANDS, NUM_RESOURCES, NUM_SQUARES, PANEL_SIZE

NUM_ROUNDS = 7

PAIRS = tuple(combinations(range(NUM_RESOURCES), 2))
"""The 21 pairs of two different resources, for the extra tokens of the set-up."""

# -- action table ----------------------------------------------------------------------------
PAIR0 = 0  # 0..20: take this pair of extra tokens (set-up)
SQUARE0 = PAIR0 + len(PAIRS)  # 21..26: the next Mayor on Management square 1..6
LAND0 = SQUARE0 + NUM_SQUARES  # 27..36: the next General / Admiral / buffer on land 1..10
ACTIVATE0 = LAND0 + NUM_LANDS  # 37..48: activate the card on Current Events square 1..12
PLAY0 = ACTIVATE0 + PANEL_SIZE  # 49..52: put the 1st..4th card of one's hand into play
PASS = PLAY0 + HAND_LIMIT  # 53: pass (round / auction); a buffer with no free land: off the map
RESOURCE0 = PASS + 1  # 54..60: a resource (Tithe's choice, the VP track's bonus token)
BID0 = RESOURCE0 + NUM_RESOURCES  # 61..70: bid the lowest legal bid (+ tokens committed) + 0..9
BID_MORE = BID0 + BID_STEPS  # 71: commit 10 more tokens to the bid, then choose again
NUM_ACTIONS = BID_MORE + 1

# -- decisions -------------------------------------------------------------------------------
DECISIONS = (
    "pick_pair",  # set-up: the two extra tokens, in reverse turn order
    "place",  # behind the wall: the next leader's square or land
    "action",  # activate a card, play a card from hand, or pass
    "bid",  # the auction: raise or pass (the activator must open), in steps of up to 10
    "token_choice",  # the resource a Tithe (4) or an "any" Territory (5) gives
    "bonus",  # the VP track: a token of one's choice per multiple of 5 reached
    "game_over",
)
PICK_PAIR, PLACE, ACTION, BID, TOKEN_CHOICE, BONUS, GAME_OVER = range(len(DECISIONS))

PLACE_KINDS = ("mayor", "general", "admiral", "buffer")
"""Leaders placed behind the wall, in this order (buffers: the 2-player Mayors on the map)."""
P_MAYOR, P_GENERAL, P_ADMIRAL, P_BUFFER = range(4)
