"""What one Mykerinos player sees, written as named pieces into a flat float32 vector.

Everything on the table is public in Mykerinos; the only hidden part is the order (and future
orientation) of the undealt parcels, which never enters the observation.  Seats are relative:
slot 0 is the observer, slots 1.. the next players clockwise, so one policy can play any seat.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import ObservationLayout
from .actions import DECISIONS, GAME_OVER, NEUTRAL, ON_TABLE, PLACE, SURVEY_CHOICE
from .components import NUM_CARDS, NUM_CELLS, PRESTIGE_VALUES

SCORE_SCALE = 200.0
CUBE_SCALE = 25.0
CARD_SCALE = 7.0


def observation_layout() -> ObservationLayout:
    return ObservationLayout(
        [
            # the board: every step
            ("cubes", (5, NUM_CELLS)),  # me, the next players clockwise, neutral
            ("pyramids", (NUM_CELLS,)),
            ("region_cells", (NUM_CELLS,)),  # cells of this season's region (4 or 6 rows)
            # public tables, the same for every observer; change a few times a season
            ("parcels", (12, PARCEL_FEATURES)),  # patron (6), prestige 0/2/3/5 (4), on table
            ("museum_rooms", (15,)),  # rooms that exist in this configuration
            ("wing_patron", (5, 5)),
            ("season", (4,)),
            ("deck_size", (1,)),  # / 36
            # public tables by relative seat
            ("museum", (15, 4)),  # room holder
            ("seats", (4, SEAT_FEATURES)),  # in game, score / 200, cards per patron (6) / 7,
            # usable (untilted) cards per patron (5) / 7
            ("first_player", (4,)),
            # turn state: every step
            ("personal_cubes", (4,)),  # / 25
            ("general_cubes", (5,)),  # per colour, relative seats then neutral; / 25
            ("neutral_cubes", (4,)),  # neutral cubes held by each player (2 players); / 25
            ("passing_space", (4, 6)),  # 0 = not passed yet
            ("decision", (len(DECISIONS),)),
            ("decider", (4,)),
            ("last_turn", (1,)),  # the lone player's last action of the season
            ("turn_patron", (5,)),  # patron appealed to this turn
            ("chain_cubes_left", (3,)),  # cubes still to place: 1, 2, 3
            ("chain_neutral", (1,)),
            ("chain_pyramid_allowed", (1,)),
            ("chain_last_cell", (NUM_CELLS,)),
            ("survey_area", (6,)),
        ]
    )


PARCEL_FEATURES = 11
SEAT_FEATURES = 13
LAYOUT = observation_layout()
_S = {name: s.start for name, s in LAYOUT.slices.items()}
_BOARD_END = LAYOUT["region_cells"].stop
_SHARED = slice(_BOARD_END, LAYOUT["deck_size"].stop)
_TURN = LAYOUT["first_player"].start
_TURN_SIZE = LAYOUT.size - _TURN
_T = {name: start - _TURN for name, start in _S.items() if start >= _TURN}
_PRESTIGE_INDEX = {v: i for i, v in enumerate(PRESTIGE_VALUES)}
_SEAT_ORDER = {
    (n, player): np.array([(player + k) % n for k in range(n)] + list(range(n, 4)))
    for n in (2, 3, 4)
    for player in range(n)
}
"""Absolute seat shown at each relative position (unused positions point at zero rows)."""
_BOARD_ORDER = {key: np.concatenate((order, [4, 5, 6])) for key, order in _SEAT_ORDER.items()}
"""Rows of ``state.planes`` in observation order: players from the observer on, neutral,
pyramids, region (a player row beyond the player count is always zero)."""
_RELATIVE = slice(LAYOUT["museum"].start, LAYOUT["seats"].stop)


def encode(state, player: int, out: np.ndarray) -> None:
    """Write ``player``'s view of ``state`` into ``out``.

    The board comes from ``state.planes`` and the public tables from a cache built once per
    ``state.public_version`` (rotated once per observer); the test suite checks both against a
    fresh encoding."""
    n = state.game.num_players
    np.take(state.planes, _BOARD_ORDER[n, player], axis=0, out=out[:_BOARD_END].reshape(7, -1))
    shared, museum, seats = _public_tables(state)
    out[_SHARED] = shared
    cached = state._obs_cache.get(player)
    if cached is None or cached[0] != state.public_version:
        order = _SEAT_ORDER[n, player]
        relative = np.concatenate((museum[:, order].ravel(), seats[order].ravel()))
        cached = state._obs_cache[player] = (state.public_version, relative)
    out[_RELATIVE] = cached[1]
    _encode_turn(state, player, out)


def card_rows(game) -> np.ndarray:
    """Per card: patron one-hot (6) and prestige one-hot (4), then 1 for "on the table"."""
    rows = np.zeros((len(game.cards), PARCEL_FEATURES), dtype=np.float32)
    for card in game.cards:
        rows[card.id, card.patron] = 1.0
        rows[card.id, 6 + _PRESTIGE_INDEX[card.prestige]] = 1.0
    rows[:, 10] = 1.0
    return rows


def _public_tables(state):
    """(shared part, Museum holders by absolute seat, seat rows by absolute seat), cached."""
    cache = state._obs_cache
    if cache.get("version") == state.public_version:
        return cache["tables"]
    base = cache.get("base")
    cache.clear()
    game = state.game
    o = -_SHARED.start
    if base is None:  # what never changes during a game: Museum rooms and wings
        base = np.zeros(_SHARED.stop - _SHARED.start, dtype=np.float32)
        base[[o + _S["museum_rooms"] + room for room in game.museum.rooms]] = 1.0
        base[o + _S["wing_patron"] + 5 * np.arange(5) + np.array(state.wing_patron)] = 1.0
    cache["base"] = base
    shared = base.copy()
    k = len(state.slots)
    parcels = shared[o + _S["parcels"] : o + _S["parcels"] + PARCEL_FEATURES * k]
    parcels.reshape(k, PARCEL_FEATURES)[...] = game.card_rows[state.slots]
    for s, where in enumerate(state.slot_state):
        if where != ON_TABLE:
            parcels[PARCEL_FEATURES * s + 10] = 0.0
    shared[o + _S["season"] + state.season - 1] = 1.0
    shared[o + _S["deck_size"]] = len(state.deck) / NUM_CARDS

    museum = np.zeros(60, dtype=np.float32)
    museum[[4 * room + holder for room, holder in enumerate(state.museum) if holder >= 0]] = 1.0
    rows = [[0] * SEAT_FEATURES] * 4
    for p in range(game.num_players):
        counts, tilted = state.patron_count[p], state.tilted[p]
        rows[p] = [CARD_SCALE, state.score[p] * (CARD_SCALE / SCORE_SCALE), *counts]
        rows[p] += [counts[k] - tilted[k] for k in range(5)]
    seats = np.array(rows, dtype=np.float32)
    seats /= CARD_SCALE
    np.minimum(seats, 1.0, out=seats)
    tables = (shared, museum.reshape(15, 4), seats)
    cache["version"] = state.public_version
    cache["tables"] = tables
    return tables


def _encode_turn(state, player: int, out: np.ndarray) -> None:
    """The turn state, from ``first_player`` on: built as one list, written in one go."""
    n = state.game.num_players
    t = [0.0] * _TURN_SIZE
    t[_T["first_player"] + (state.first_player - player) % n] = 1.0
    t[_T["general_cubes"] + 4] = state.general[NEUTRAL] / CUBE_SCALE
    for k in range(n):
        p = (player + k) % n
        t[_T["personal_cubes"] + k] = state.personal[p] / CUBE_SCALE
        t[_T["general_cubes"] + k] = state.general[p] / CUBE_SCALE
        t[_T["neutral_cubes"] + k] = state.neutral_stock[p] / CUBE_SCALE
        t[_T["passing_space"] + 6 * k + state.pass_space[p]] = 1.0
    decision = state.decision
    t[_T["decision"] + decision] = 1.0
    if decision != GAME_OVER:
        t[_T["decider"] + (state.decider - player) % n] = 1.0
    if state.last_turn:
        t[_T["last_turn"]] = 1.0
    if state.turn_patron >= 0:
        t[_T["turn_patron"] + state.turn_patron] = 1.0
    if decision == PLACE:
        t[_T["chain_cubes_left"] + state.chain_left - 1] = 1.0
        if state.chain_owner == NEUTRAL:
            t[_T["chain_neutral"]] = 1.0
        if state.chain_pyramid:
            t[_T["chain_pyramid_allowed"]] = 1.0
        if state.chain_last >= 0:
            t[_T["chain_last_cell"] + state.chain_last] = 1.0
    elif SURVEY_CHOICE <= decision < GAME_OVER:
        t[_T["survey_area"] + state.survey_area] = 1.0
    out[_TURN:] = t
