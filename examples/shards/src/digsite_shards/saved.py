"""The fields of a Shards state, declared once: construction, copies, saving and loading (with
its schema) all follow from this list."""

from digsite.core import Field, StateFields, chance, last_player, players

from .actions import DECISIONS, LAST_CARD
from .spec import SPEC

FIELDS = StateFields(
    SPEC,
    [
        *chance.FIELDS,  # the chance stream: ``seed`` and ``draws``
        Field("hands", (players, None), 0, LAST_CARD),  # each hand, sorted
        Field("known", (players, None), 0, LAST_CARD),  # its cards everyone saw it take
        Field("dug", (players, None), 0, LAST_CARD),  # the cards each player dug, in order
        Field("spoil", (None,), 0, LAST_CARD),  # the discards, in order
        Field("deck", (None,), 0, LAST_CARD),  # the cards to draw, sorted (draws are at random)
        Field("find", (), 0, LAST_CARD),  # the face-up card anyone may take
        Field("decision", names=DECISIONS),
        Field("decider", (), -1, last_player),  # -1 once the game is over
    ],
)
