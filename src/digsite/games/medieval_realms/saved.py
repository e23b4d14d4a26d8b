"""The fields of a Medieval Realms state (see :mod:`digsite.core.fields`).  Those the
observation's kept public part reads (``observation.FIELDS``) are frozen to their full depth and
written whole with ``put``; the turn's scratch (the placer, the auction, the pending choice)
stays lists or numbers, which the observation writes at every call."""

from __future__ import annotations

from ...core.fields import Field, StateFields, last_player, players
from .actions import DECISIONS, NUM_ROUNDS, PAIRS, PLACE_KINDS
from .components import FUTURE_SIZE, NUM_LANDS, NUM_RESOURCES, NUM_SQUARES, PANEL_SIZE
from .spec import SPEC


def last_card(game) -> int:
    return len(game.cards) - 1


def most(game) -> int:
    """A bound on any count of the game (tokens, VP, bids): the observation's largest scale."""
    return game.max_count


def most_leaders(game) -> int:
    return max(game.max_leaders)


PER_PLAYER = (players,)
FIELDS = StateFields(
    SPEC,
    (
        Field("round", low=1, high=NUM_ROUNDS, start=1),
        Field("decision", names=DECISIONS),
        Field("decider", low=-1, high=last_player),
        Field("turn_order", PER_PLAYER, 0, last_player, frozen=1),
        Field("res", (players, NUM_RESOURCES), 0, most, frozen=2),
        Field("vp", PER_PLAYER, 0, most, frozen=1),
        Field("city_vp", PER_PLAYER, 0, most),  # VP from City triggers (for the score check)
        Field("bonus_tokens", PER_PLAYER, 0, most),  # VP-track tokens taken
        # Mayors (buffers in), Generals, Admirals
        Field("leaders", (players, 3), 0, most_leaders, frozen=2),
        Field("buffers", PER_PLAYER, 0, 2, frozen=1),
        Field("hand", (players, None), 0, last_card, frozen=2),
        Field("realm", (players, None), 0, last_card, frozen=2),
        Field("panel", (PANEL_SIZE,), -1, last_card, frozen=1, start=-1),
        Field("future", (FUTURE_SIZE,), -1, last_card, frozen=1, start=-1),
        Field("deck", (None,), 0, last_card, frozen=1),
        Field("discard", (None,), 0, last_card, frozen=1),
        Field("pair", PER_PLAYER, -1, len(PAIRS) - 1, frozen=1, start=-1),
        Field("passed", PER_PLAYER, kind=bool, frozen=1),
        Field("placed", PER_PLAYER, kind=bool),
        Field("squares", (players, NUM_SQUARES), 0, most_leaders, frozen=2),
        Field("generals_on", (players, NUM_LANDS), 0, most_leaders, frozen=2),
        Field("admirals_on", (players, NUM_LANDS), 0, most_leaders, frozen=2),
        Field("buffers_on", (players, NUM_LANDS), 0, 2, frozen=2),
        Field("revealed", kind=bool),
        Field("place_kind", names=PLACE_KINDS),
        Field("place_left", low=0, high=most_leaders),
        Field("place_last", low=0, high=NUM_LANDS - 1),
        Field("actor", low=0, high=last_player),  # whose turn of the action phase it is
        Field("auction", (3,), -1, most, start=lambda g: [-1, 0, -1]),  # card, bid, high bidder
        Field("auction_out", PER_PLAYER, kind=bool),
        Field("raising", low=0, high=most),  # committed (BID_MORE) above the lowest legal bid
        Field("choice_card", low=-1, high=last_card, start=-1),  # a Tithe or "any" Territory
        Field("bonus_queue", (None,), 0, last_player, frozen=1),
        # end-of-game VP: card effects, resources, Great Persons
        Field("final", (players, 3), 0, most, frozen=2),
    ),
)
