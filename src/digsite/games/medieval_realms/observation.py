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
condition kind (4) and count / 10 (1), Tithe options (7)."""
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
            ("pending_card", (CARD_FEATURES,)),  # the card being auctioned, or the Tithe
            ("auction", (1 + 2 * SEATS,)),  # bid / 30, high bidder, bidders out
        ]
    )


LAYOUT = observation_layout()
_S = {name: s.start for name, s in LAYOUT.slices.items()}
_SEAT_ORDER = {
    (n, player): [(player + k) % n for k in range(n)] for n in range(2, 6) for player in range(n)
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


def encode(state, player: int, out: np.ndarray) -> None:
    game = state.game
    n = game.num_players
    rows = game.card_rows
    order = _SEAT_ORDER[n, player]
    out[:] = 0.0
    out[_S["round"] + state.round - 1] = 1.0
    out[_S["decision"] + state.decision] = 1.0
    if state.decision != GAME_OVER:
        out[_S["decider"] + (state.decider - player) % n] = 1.0
    s = LAYOUT["panel"]
    out[s] = rows[state.panel].ravel()
    s = LAYOUT["future"]
    out[s] = rows[state.future].ravel()
    out[_S["deck_size"]] = len(state.deck) / len(game.cards)
    hands = out[LAYOUT["hands"]].reshape(SEATS, HAND_LIMIT, CARD_FEATURES)
    pairs = out[LAYOUT["pairs"]].reshape(SEATS, len(PAIRS))
    placement = out[LAYOUT["placement"]].reshape(SEATS, PLACEMENT_FEATURES)
    seat_rows = []
    for k, p in enumerate(order):
        hand = state.hand[p]
        if hand:
            hands[k, : len(hand)] = rows[hand]
        if state.pair[p] >= 0:
            pairs[k, state.pair[p]] = 1.0
        if p == player or state.revealed:
            placement[k] = (
                state.squares[p] + state.generals_on[p] + state.admirals_on[p] + state.buffers_on[p]
            )
        seat_rows.append(_seat_row(state, p, k))
    np.minimum(placement, COUNT_SCALE, out=placement)
    placement /= COUNT_SCALE
    seats = out[LAYOUT["seats"]].reshape(SEATS, SEAT_FEATURES)
    seats[:n] = seat_rows
    if state.decision == PLACE and state.decider == player:
        o = _S["my_placing"]
        out[o + state.place_kind] = 1.0
        out[o + len(PLACE_KINDS)] = min(state.place_left / COUNT_SCALE, 1.0)
        out[o + len(PLACE_KINDS) + 1 + state.place_last] = 1.0
    card = state.auction[0] if state.auction[0] >= 0 else state.tithe_card
    if card >= 0 and state.decision != GAME_OVER:
        out[LAYOUT["pending_card"]] = rows[card]
    if state.auction[0] >= 0:
        o = _S["auction"]
        out[o] = state.auction[1] / MAX_BID
        if state.auction[2] >= 0:
            out[o + 1 + (state.auction[2] - player) % n] = 1.0
        for q in range(n):
            if state.auction_out[q]:
                out[o + 1 + SEATS + (q - player) % n] = 1.0


def _seat_row(state, p: int, k: int) -> list[float]:
    game = state.game
    res = state.res[p]
    row = [1.0]
    row += [min(x / RESOURCE_SCALE, 1.0) for x in res]
    row.append(min(state.vp[p] / VP_SCALE, 1.0))
    row += [min(x / VP_SCALE, 1.0) for x in state.final[p]]
    row += [min(x / COUNT_SCALE, 1.0) for x in state.leaders[p]]
    row.append(state.buffers[p] / COUNT_SCALE)
    row.append(1.0 if state.passed[p] else 0.0)
    row.append(1.0 if state.placed[p] else 0.0)
    position = [0.0] * SEATS
    position[state.turn_order.index(p)] = 1.0
    row += position
    types = [0.0] * NUM_TYPES
    colours = [0.0] * NUM_COLOURS
    triggers = [0.0] * NUM_COLOURS
    for c in state.realm[p]:
        types[game.card_type[c]] += 0.2
        colours[game.card_colour[c]] += 0.2
        if game.card_type[c] == CITY:  # the colour that triggers it
            triggers[game.cards[c].colour] += 0.2
    row += [min(x, 1.0) for x in types]
    row += [min(x, 1.0) for x in colours]
    row += [min(x, 1.0) for x in triggers]
    row.append(min(state.bonus_queue.count(p) / 5.0, 1.0))
    return row


__all__ = ["LAYOUT", "card_rows", "encode", "observation_layout"]
