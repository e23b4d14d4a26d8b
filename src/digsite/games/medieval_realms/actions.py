"""Medieval Realms actions and kinds of pending decision (:mod:`digsite.core.actions`)."""

from itertools import combinations

from ...core.actions import ActionTable
from ...core.decisions import DecisionKinds
from . import components
from .components import BID_STEPS, HAND_LIMIT, NUM_RESOURCES, PANEL_SIZE, RESOURCES, TITHE_TOKENS

NUM_ROUNDS = 7

PAIRS = tuple(combinations(range(NUM_RESOURCES), 2))
"""The 21 pairs of two different resources, for the extra tokens of the set-up."""

_CHOSEN_TOKENS = f'a Tithe ({TITHE_TOKENS}) or an "any" Territory ({components.TERRITORY_TOKENS})'

ACTIONS = ActionTable(
    (
        "pair",
        len(PAIRS),
        "set-up: take the extra tokens of resource pair i (pairs of two different resources in "
        "lexicographic order: (goods, science), (goods, culture), ...)",
    ),
    (
        "square",
        components.NUM_SQUARES,
        f"behind the wall: the next Mayor on Management square 1-{components.NUM_SQUARES}",
    ),
    (
        "land",
        components.NUM_LANDS,
        f"behind the wall: the next General / Admiral / buffer on land 1-{components.NUM_LANDS}",
    ),
    ("activate", PANEL_SIZE, f"activate the card on Current Events square 1-{PANEL_SIZE}"),
    ("play", HAND_LIMIT, f"put the 1st-{HAND_LIMIT}th card of one's hand into play"),
    (
        "pass",
        1,
        "pass (for the round; or, in an auction, pass on this card); placing a buffer Mayor "
        "when one's own Generals and Admirals hold every land: it stays off the map",
    ),
    (
        "resource",
        NUM_RESOURCES,
        f"a resource ({', '.join(RESOURCES)}): the tokens of {_CHOSEN_TOKENS}, or the VP "
        "track's bonus token",
    ),
    (
        "bid",
        BID_STEPS,
        f"bid L + 0 .. L + {BID_STEPS - 1}, where L is the lowest legal bid (the high bid + 1, "
        "or the minimum opening bid) plus the tokens already committed with action 71",
    ),
    (
        "bid_more",
        1,
        f"commit {BID_STEPS} more tokens to the bid, then choose again (legal while "
        f"L + {BID_STEPS} is no more than one holds)",
    ),
)
PAIR0, SQUARE0, LAND0, ACTIVATE0, PLAY0, PASS, RESOURCE0, BID0, BID_MORE = ACTIONS.starts
NUM_ACTIONS = ACTIONS.size

DECISIONS = DecisionKinds(
    ("pick_pair", "set-up: the two extra tokens, in reverse turn order"),
    ("place", "behind the wall: the next leader's square or land"),
    ("action", "activate a card, play a card from hand, or pass"),
    ("bid", f"the auction: raise or pass (the activator must open), in steps of up to {BID_STEPS}"),
    ("token_choice", f"the resource {_CHOSEN_TOKENS} gives"),
    ("bonus", "the VP track: a token of one's choice per multiple of 5 reached"),
)
PICK_PAIR, PLACE, ACTION, BID, TOKEN_CHOICE, BONUS, GAME_OVER = range(len(DECISIONS))

PLACE_KINDS = ("mayor", "general", "admiral", "buffer")
"""Leaders placed behind the wall, in this order (buffers: the 2-player Mayors on the map)."""
P_MAYOR, P_GENERAL, P_ADMIRAL, P_BUFFER = range(len(PLACE_KINDS))
