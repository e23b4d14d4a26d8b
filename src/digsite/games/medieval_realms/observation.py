"""What one Medieval Realms player sees, written as named pieces into a flat float32 vector.

Public: the Current and Future Events panels, every Manor, hand and realm, the turn order, the
auction.  Hidden: the deck order, and the other players' leaders behind their walls until the
walls come down (``state.revealed``); a player always sees its own placement.  Seats are
relative: slot 0 is the observer, 1.. the next players clockwise; unused slots are zero.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import ObservationLayout
from .actions import DECISIONS, GAME_OVER, MAX_BID, NUM_ROUNDS, PAIRS, PLACE, PLACE_KINDS
from .components import (
    CITY,
    FUTURE_SIZE,
    HAND_LIMIT,
    ISLAND_CONDITIONS,
    LEADERS,
    NUM_COLOURS,
    NUM_LANDS,
    NUM_RESOURCES,
    NUM_SQUARES,
    NUM_TYPES,
    PANEL_SIZE,
)

SEATS = 5
CARD_FEATURES = NUM_TYPES + NUM_RESOURCES + NUM_COLOURS + len(LEADERS) + 4 + 1 + NUM_RESOURCES
"""Per card: type (18), shown resource (7), shown colour (10), leader given (3), Island
condition kind (4) and count / 10 (1), token options (7)."""
SEAT_FEATURES = 1 + NUM_RESOURCES + 1 + 3 + 4 + 1 + 1 + SEATS + NUM_TYPES + 2 * NUM_COLOURS + 1
PLACEMENT_FEATURES = NUM_SQUARES + 3 * NUM_LANDS
RESOURCE_SCALE = 20.0
VP_SCALE = 100.0
COUNT_SCALE = 10.0


def observation_layout() -> ObservationLayout:
    return ObservationLayout(
        [
            ("round", (NUM_ROUNDS,)),
            ("decision", (len(DECISIONS),)),
            ("decider", (SEATS,)),  # relative seat of the player to decide
            ("panel", (PANEL_SIZE, CARD_FEATURES)),  # Current Events squares 1..12
            ("future", (FUTURE_SIZE, CARD_FEATURES)),  # Future Events (face up)
            ("deck_size", (1,)),  # cards left in the deck / deck size
            ("pairs", (SEATS, len(PAIRS))),  # each seat's extra-token pair
            ("seats", (SEATS, SEAT_FEATURES)),
            ("hands", (SEATS, HAND_LIMIT, CARD_FEATURES)),
            ("placement", (SEATS, PLACEMENT_FEATURES)),  # own always; others once revealed
            ("my_placing", (len(PLACE_KINDS) + 1 + NUM_LANDS,)),  # kind, left / 10, last spot
            ("pending_card", (CARD_FEATURES,)),  # the card being auctioned, or giving tokens
            ("auction", (1 + 2 * SEATS,)),  # bid / 30, high bidder, bidders out
        ]
    )


LAYOUT = observation_layout()
_S = {name: s.start for name, s in LAYOUT.slices.items()}
_SEAT_ORDER = {
    (n, player): np.array([(player + k) % n for k in range(n)], dtype=np.intp)
    for n in range(2, 6)
    for player in range(n)
}


def card_rows(game) -> np.ndarray:
    """Feature rows of every card, plus a final zero row for an empty place (index -1)."""
    rows = np.zeros((len(game.cards) + 1, CARD_FEATURES), dtype=np.float32)
    o_res = NUM_TYPES
    o_col = o_res + NUM_RESOURCES
    o_lead = o_col + NUM_COLOURS
    o_cond = o_lead + len(LEADERS)
    o_opt = o_cond + 5
    for card in game.cards:
        row = rows[card.id]
        row[card.type] = 1.0
        if card.resource >= 0:
            row[o_res + card.resource] = 1.0
        if card.colour >= 0:
            row[o_col + card.colour] = 1.0
        leader = card.leader if card.leader >= 0 else game.types[card.type].leader
        if leader >= 0:
            row[o_lead + leader] = 1.0
        kind, what, count = card.condition
        if kind >= 0:
            row[o_cond + kind] = 1.0
            row[o_cond + len(ISLAND_CONDITIONS)] = min(count / COUNT_SCALE, 1.0)
            offset = (o_lead, o_col, o_res, -1)[kind]
            if offset >= 0:
                row[offset + what] = 1.0
        for r in card.options:
            row[o_opt + r] = 1.0
    return rows


def realm_rows(game) -> np.ndarray:
    """Per card, what it adds to its owner's realm summary: its type, its colour and (a City)
    the colour that triggers it; plus a zero row."""
    rows = np.zeros((len(game.cards) + 1, NUM_TYPES + 2 * NUM_COLOURS), dtype=np.float32)
    for card in game.cards:
        rows[card.id, card.type] = 1.0
        rows[card.id, NUM_TYPES + game.card_colour[card.id]] = 1.0
        if card.type == CITY:
            rows[card.id, NUM_TYPES + NUM_COLOURS + card.colour] = 1.0
    return rows


def seat_scale() -> np.ndarray:
    scale = [1.0] + [1 / RESOURCE_SCALE] * NUM_RESOURCES + [1 / VP_SCALE] * 4
    scale += [1 / COUNT_SCALE] * 4 + [1.0, 1.0] + [1.0] * SEATS
    scale += [0.2] * (NUM_TYPES + 2 * NUM_COLOURS) + [0.2]
    return np.array(scale, dtype=np.float32)


_SEAT_SCALE = seat_scale()
_POSITIONS = [[1.0 if i == k else 0.0 for i in range(SEATS)] for k in range(SEATS)]


def encode(state, player: int, out: np.ndarray) -> None:
    """Write ``player``'s view of ``state`` into ``out``.

    The public tables (panels, Manors, hands, realms) are built once per
    ``state.public_version`` by absolute seat and rotated per observer; steps behind the wall
    change nothing public, so they cost a copy."""
    game = state.game
    n = game.num_players
    cache = state._obs_cache
    base = cache.get(player)
    if base is None or base[0] != state.public_version:
        base = cache[player] = (state.public_version, _public_view(state, player, cache))
    out[:] = base[1]
    out[_S["round"] + state.round - 1] = 1.0
    out[_S["decision"] + state.decision] = 1.0
    if state.decision != GAME_OVER:
        out[_S["decider"] + (state.decider - player) % n] = 1.0
    if state.decision == PLACE:
        for k, q in enumerate(_SEAT_ORDER[n, player]):
            if state.placed[q]:
                out[_PLACED + k * SEAT_FEATURES] = 1.0
    if not state.revealed:
        o = _PLACEMENT.start
        own = (
            state.squares[player]
            + state.generals_on[player]
            + state.admirals_on[player]
            + state.buffers_on[player]
        )
        out[o : o + PLACEMENT_FEATURES] = _placement_row(cache, own)
    if state.decision == PLACE and state.decider == player:
        o = _S["my_placing"]
        out[o + state.place_kind] = 1.0
        out[o + len(PLACE_KINDS)] = min(state.place_left / COUNT_SCALE, 1.0)
        out[o + len(PLACE_KINDS) + 1 + state.place_last] = 1.0
    card = state.auction[0] if state.auction[0] >= 0 else state.choice_card
    if card >= 0 and state.decision != GAME_OVER:
        out[_PENDING] = game.card_rows[card]
    if state.auction[0] >= 0:
        o = _S["auction"]
        out[o] = state.auction[1] / MAX_BID
        if state.auction[2] >= 0:
            out[o + 1 + (state.auction[2] - player) % n] = 1.0
        for q in range(n):
            if state.auction_out[q]:
                out[o + 1 + SEATS + (q - player) % n] = 1.0


def _public_view(state, player: int, cache: dict) -> np.ndarray:
    """The public part of ``player``'s observation (seats rotated), without the turn state."""
    n = state.game.num_players
    order = _SEAT_ORDER[n, player]
    if cache.get("version") != state.public_version:
        _public_tables(state, cache)
    out = np.zeros(LAYOUT.size, dtype=np.float32)
    out[_HEAD:_BOARD_END] = cache["board"]
    out[_PAIRS.start : _PAIRS.start + n * len(PAIRS)] = cache["pairs"][order].ravel()
    out[_SEATS.start : _SEATS.start + n * SEAT_FEATURES] = cache["seats"][order].ravel()
    size = HAND_LIMIT * CARD_FEATURES
    out[_HANDS.start : _HANDS.start + n * size] = cache["hands"][order].ravel()
    if state.revealed:
        out[_PLACEMENT.start : _PLACEMENT.start + n * PLACEMENT_FEATURES] = cache["placement"][
            order
        ].ravel()
    return out


def _public_tables(state, cache: dict) -> None:
    """Public parts by absolute seat: the board block, pairs, seat rows, hands, placements."""
    game = state.game
    n = game.num_players
    rows = game.card_rows
    key = (tuple(state.panel), tuple(state.future), len(state.deck))
    if cache.get("board_key") != key:
        board = np.empty(_BOARD_END - _HEAD, dtype=np.float32)
        board[:_PANEL_SIZE] = rows[state.panel].ravel()
        board[_PANEL_SIZE:-1] = rows[state.future].ravel()
        board[-1] = len(state.deck) / len(game.cards)
        cache["board_key"] = key
        cache["board"] = board
    if "hands" not in cache:
        cache["hands"] = np.zeros((n, HAND_LIMIT, CARD_FEATURES), dtype=np.float32)
        cache["hand_keys"] = [()] * n
        cache["pairs"] = np.zeros((n, len(PAIRS)), dtype=np.float32)
        cache["seats"] = np.zeros((n, SEAT_FEATURES), dtype=np.float32)
        cache["seat_keys"] = [()] * n
    # updated in place, row by row when a seat changed: observations copy them out
    hands, hand_keys, seats, seat_keys = (
        cache["hands"],
        cache["hand_keys"],
        cache["seats"],
        cache["seat_keys"],
    )
    turn_order = state.turn_order
    queue = state.bonus_queue
    for p in range(n):
        hand = state.hand[p]
        if hand != hand_keys[p]:
            hands[p] = 0.0
            if hand:
                hands[p, : len(hand)] = rows[hand]
            hand_keys[p] = list(hand)
        raw = (
            [1.0, *state.res[p], state.vp[p], *state.final[p], *state.leaders[p]]
            + [state.buffers[p], state.passed[p], 0.0]  # "placed": written per step
            + _POSITIONS[turn_order.index(p)]
            + _realm_summary(state, p)
            + [queue.count(p) if queue else 0]
        )
        if raw != seat_keys[p]:
            seat_keys[p] = raw
            row = np.array(raw, dtype=np.float32)
            row *= _SEAT_SCALE
            np.minimum(row, 1.0, out=seats[p])
    if cache.get("pairs_key") != state.pair:
        cache["pairs_key"] = list(state.pair)
        pairs = cache["pairs"]
        pairs[:] = 0.0
        for p in range(n):
            if state.pair[p] >= 0:
                pairs[p, state.pair[p]] = 1.0
    if state.revealed and cache.get("placement_round") != state.round:
        # placements are fixed from the reveal to the end of the round
        cache["placement"] = np.array(
            [
                _placement_row(
                    cache,
                    state.squares[p]
                    + state.generals_on[p]
                    + state.admirals_on[p]
                    + state.buffers_on[p],
                )
                for p in range(n)
            ]
        )
        cache["placement_round"] = state.round
    cache["version"] = state.public_version


def _placement_row(cache: dict, spots: list[int]) -> np.ndarray:
    key = tuple(spots)
    rows = cache.setdefault("placement_rows", {})
    row = rows.get(key)
    if row is None:
        row = np.array([min(x, COUNT_SCALE) / COUNT_SCALE for x in spots], dtype=np.float32)
        rows[key] = row
    return row


_PLACED = LAYOUT["seats"].start + 1 + NUM_RESOURCES + 1 + 3 + 4 + 1
"""Offset of the "placed this round" feature in the first seat row."""
_HEAD = LAYOUT["panel"].start
_BOARD_END = LAYOUT["deck_size"].stop
_PANEL_SIZE = PANEL_SIZE * CARD_FEATURES
_PANEL = LAYOUT["panel"]
_FUTURE = LAYOUT["future"]
_HANDS = LAYOUT["hands"]
_PAIRS = LAYOUT["pairs"]
_SEATS = LAYOUT["seats"]
_PLACEMENT = LAYOUT["placement"]
_PENDING = LAYOUT["pending_card"]


def _realm_summary(state, p: int) -> list[float]:
    """Counts of card types, colours and City trigger colours in ``p``'s realm (cached: a
    realm only grows)."""
    realm = state.realm[p]
    cached = state._realm_cache.get(p)
    if cached is not None and cached[0] == len(realm):
        return cached[1]
    summary = state.game.realm_rows[realm].sum(axis=0).tolist()
    state._realm_cache[p] = (len(realm), summary)
    return summary


__all__ = ["LAYOUT", "card_rows", "encode", "observation_layout", "realm_rows"]
