"""The cards, the action ids (named ranges) and the kinds of pending decision of Shards."""

from digsite.core import ActionTable, DecisionKinds

SITES = ("pottery", "coins", "tablets", "bones")
VALUES = 6
"""Each site's cards are worth 1 to 6."""
NUM_CARDS = len(SITES) * VALUES
LAST_CARD = NUM_CARDS - 1
HAND_SIZE = 3


def site(card: int) -> int:
    return card // VALUES


def value(card: int) -> int:
    return card % VALUES + 1


ACTIONS = ActionTable(
    ("dig", NUM_CARDS, "dig card ``site * 6 + value - 1`` from your hand into its site's trench"),
    ("discard", NUM_CARDS, "discard that card face up onto the spoil heap"),
    ("take_find", 1, "take the face-up find into your hand (everyone sees it go)"),
    ("draw", 1, "draw a card blind from the deck"),
)
DIG0, DISCARD0, TAKE_FIND, DRAW = ACTIONS.starts
NUM_ACTIONS = ACTIONS.size

DECISIONS = DecisionKinds(
    ("turn", "dig or discard a card of one's hand"),
    ("refill", "take the find or draw blind"),
)
TURN, REFILL, GAME_OVER = range(len(DECISIONS))
