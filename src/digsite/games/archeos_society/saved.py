"""The fields of an Archeos Society state (see :mod:`digsite.core.fields`): those the
observation's public tables read (``observation.FIELDS``) are frozen, written with ``put``."""

from __future__ import annotations

from operator import attrgetter

from ...core import chance
from ...core.fields import Field, StateFields, last_player, players
from . import components
from .actions import DECISIONS, NUM_TARGETS, PHASES
from .components import HAND_LIMIT, NUM_COLOURS, NUM_KINDS, NUM_ROLES
from .spec import SPEC

cards = attrgetter("max_cards")
"""The deck of the largest composition: a bound on any count or index of cards."""


def score(game) -> int:
    return int(game.scales.score)


PER_PLAYER = (players,)
PER_KIND = (NUM_KINDS,)
SOME = (None,)
FIELDS = StateFields(
    SPEC,
    (
        *chance.FIELDS,
        Field("roles", SOME, 0, NUM_ROLES - 1, frozen=1),
        # per colour: 0 compass, 1 advanced, -1 not laid
        Field("sides", (NUM_COLOURS,), -1, 1, frozen=1),
        Field("season", low=1, high=attrgetter("num_seasons"), start=1),
        Field("first_player", low=0, high=last_player),
        Field("deck", SOME, 0, components.MONKEY),  # kinds, top of the deck last
        Field("top_left", low=0, high=cards),  # the top half (no monkey) still in the deck
        Field("monkeys", low=0, high=components.NUM_MONKEYS),  # revealed this season
        Field("monkey_holder", low=-1, high=last_player, start=-1),
        Field("hands", (players, NUM_KINDS), 0, HAND_LIMIT),
        Field("known", (players, NUM_KINDS), 0, HAND_LIMIT),  # publicly held (taken from the area)
        Field("area", PER_KIND, 0, lambda g: max(g.card_counts)),
        Field("discard", PER_KIND, 0, lambda g: max(g.card_counts)),
        Field("expeditions", (players, None, None), 0, NUM_KINDS - 1),
        # player, expedition under the Botanist tile
        Field("botanist", (2,), -1, cards, frozen=1, start=-1),
        Field("pos", (players, NUM_TARGETS), 0, components.MAX_SPACES - 1, frozen=2),
        Field("linguist", PER_PLAYER, 0, attrgetter("tables.linguist_length"), frozen=1),
        Field("relics", (players, NUM_COLOURS), 0, 1, frozen=2),
        # the holder of the token of value i + 1
        Field("tokens", (components.PROFESSOR_TOKENS,), -1, last_player, frozen=1, start=-1),
        Field("score", PER_PLAYER, lambda g: -score(g), score, frozen=1),
        Field("ledger", (players, len(components.LEDGER)), lambda g: -score(g), score),
        Field("decision", names=DECISIONS),
        Field("decider", low=-1, high=last_player),
        Field("phase", names=PHASES),
        # the expedition being played
        Field("lead", low=-1, high=NUM_KINDS - 1, start=-1),
        Field("trait", low=-1, high=1, start=-1),  # 0 colour, 1 role
        Field("cap", low=0, high=HAND_LIMIT, start=HAND_LIMIT),
        Field("colour_done", kind=bool),
        Field("role_done", kind=bool),
        Field("cart_ok", kind=bool),
        Field("at", low=-1, high=cards, start=-1),  # the decider's expedition resolving
        Field("moved", low=0, high=(1 << NUM_TARGETS) - 1),  # bit per vehicle advanced by it
        Field("suspended", (None, 2), 0, cards),  # [leader, index] awaiting an extra expedition
        Field("ling_pending", low=0, high=lambda g: len(g.tables.linguist_artifacts)),
        Field("keep_left", low=0, high=HAND_LIMIT),
        Field("kept", PER_KIND, 0, HAND_LIMIT),
        Field("patron_draw", low=0, high=HAND_LIMIT),
        Field("chichen_draws", low=0, high=HAND_LIMIT),
        Field("ur_queue", SOME, 0, last_player),
        Field("ur_colour", low=-1, high=NUM_COLOURS - 1, start=-1),  # its size limits Ur's
        Field("uluru_target", low=-1, high=NUM_TARGETS - 1, start=-1),  # just advanced on Uluru
        Field("prof_queue", (None, 2), -1, last_player),  # [player, +1 / -1]
        Field("draft_hand", SOME, 0, NUM_ROLES - 1),
        Field("draft_aside", SOME, 0, NUM_ROLES - 1),
        Field("draft_seen", (players, NUM_ROLES), 0, 1),
        Field("draft_boards", SOME, 0, NUM_COLOURS - 1),
        Field("draft_drawn", low=-1, high=NUM_COLOURS - 1, start=-1),
    ),
)
