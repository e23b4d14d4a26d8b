"""What one Mykerinos player sees, written as named pieces into a flat float32 vector.

Everything on the table is public in Mykerinos; the only hidden part is the order (and future
orientation) of the undealt parcels, which never enters the observation.  Seats are relative:
slot 0 is the observer, slots 1.. the next players clockwise, so one policy can play any seat.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import ObservationLayout
from .actions import DECISIONS, GAME_OVER, NEUTRAL, ON_TABLE, PLACE, SURVEY_CHOICE
from .components import (
    BITBOARD_BYTES,
    COLS,
    MAX_ROWS,
    NUM_CARDS,
    NUM_CELLS,
    PRESTIGE_VALUES,
    STRIDE,
)

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
            # public tables: change a few times a season
            ("parcel_patron", (12, 6)),  # per region slot; index 5 = the no-patron card
            ("parcel_prestige", (12, 4)),  # 0 / 2 / 3 / 5
            ("parcel_on_table", (12,)),
            ("museum", (15, 4)),  # room owner, relative seat
            ("museum_rooms", (15,)),  # rooms that exist in this configuration
            ("wing_patron", (5, 5)),
            ("seat_in_game", (4,)),
            ("score", (4,)),  # / 200
            ("patron_cards", (4, 6)),  # cards owned per patron; / 7
            ("untilted_cards", (4, 5)),  # cards still usable this season; / 7
            ("season", (4,)),
            ("first_player", (4,)),
            ("deck_size", (1,)),  # / 36
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


LAYOUT = observation_layout()
_S = {name: s.start for name, s in LAYOUT.slices.items()}
_BOARD_END = LAYOUT["region_cells"].stop
_TABLES_END = LAYOUT["deck_size"].stop
_TURN = LAYOUT["personal_cubes"].start
_PRESTIGE_INDEX = {v: i for i, v in enumerate(PRESTIGE_VALUES)}
_BOARD_ROWS = (7, MAX_ROWS, COLS)


def encode(state, player: int, out: np.ndarray) -> None:
    """Write ``player``'s view of ``state`` into ``out``.

    The public tables are cached per player against ``state.public_version``; the test suite
    checks the cached encoding against a fresh one along random games."""
    n = state.game.num_players
    cubes = state.cubes
    boards = [cubes[(player + k) % n] for k in range(n)] + [0] * (4 - n)
    boards += [cubes[NEUTRAL], state.pyramids, state.valid]
    raw = b"".join(b.to_bytes(BITBOARD_BYTES, "little") for b in boards)
    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
    out[:_BOARD_END].reshape(_BOARD_ROWS)[...] = bits.reshape(7, -1)[
        :, : MAX_ROWS * STRIDE
    ].reshape(7, MAX_ROWS, STRIDE)[:, :, :COLS]
    cached = state._obs_cache.get(player)
    if cached is None or cached[0] != state.public_version:
        cached = state._obs_cache[player] = (state.public_version, _encode_tables(state, player))
    out[_BOARD_END:_TABLES_END] = cached[1]
    out[_TURN:] = 0.0
    _encode_turn(state, player, out)


def _encode_tables(state, player: int) -> np.ndarray:
    """The slowly changing public part (written into a Python list, converted once)."""
    game = state.game
    n = game.num_players
    t = [0.0] * (_TABLES_END - _BOARD_END)
    o = -_BOARD_END
    cards = game.cards
    for s, card_id in enumerate(state.slots):
        card = cards[card_id]
        t[o + _S["parcel_patron"] + 6 * s + card.patron] = 1.0
        t[o + _S["parcel_prestige"] + 4 * s + _PRESTIGE_INDEX[card.prestige]] = 1.0
        if state.slot_state[s] == ON_TABLE:
            t[o + _S["parcel_on_table"] + s] = 1.0
    for room in game.museum.rooms:
        t[o + _S["museum_rooms"] + room] = 1.0
        owner = state.museum[room]
        if owner >= 0:
            t[o + _S["museum"] + 4 * room + (owner - player) % n] = 1.0
    for w, patron in enumerate(state.wing_patron):
        t[o + _S["wing_patron"] + 5 * w + patron] = 1.0
    for k in range(n):
        p = (player + k) % n
        t[o + _S["seat_in_game"] + k] = 1.0
        t[o + _S["score"] + k] = min(state.score[p] / SCORE_SCALE, 1.0)
        counts, tilted = state.patron_count[p], state.tilted[p]
        for patron in range(6):
            t[o + _S["patron_cards"] + 6 * k + patron] = min(counts[patron] / CARD_SCALE, 1.0)
            if patron < 5:
                usable = counts[patron] - tilted[patron]
                t[o + _S["untilted_cards"] + 5 * k + patron] = min(usable / CARD_SCALE, 1.0)
    t[o + _S["season"] + state.season - 1] = 1.0
    t[o + _S["first_player"] + (state.first_player - player) % n] = 1.0
    t[o + _S["deck_size"]] = len(state.deck) / NUM_CARDS
    return np.array(t, dtype=np.float32)


def _encode_turn(state, player: int, out: np.ndarray) -> None:
    n = state.game.num_players
    idx = [_S["decision"] + state.decision, _S["general_cubes"] + 4]
    val = [1.0, state.general[NEUTRAL] / CUBE_SCALE]
    for k in range(n):
        p = (player + k) % n
        idx += (
            _S["personal_cubes"] + k,
            _S["general_cubes"] + k,
            _S["neutral_cubes"] + k,
            _S["passing_space"] + 6 * k + state.pass_space[p],
        )
        val += (
            state.personal[p] / CUBE_SCALE,
            state.general[p] / CUBE_SCALE,
            state.neutral_stock[p] / CUBE_SCALE,
            1.0,
        )
    decision = state.decision
    ones = []
    if decision != GAME_OVER:
        ones.append(_S["decider"] + (state.decider - player) % n)
    if state.last_turn:
        ones.append(_S["last_turn"])
    if state.turn_patron >= 0:
        ones.append(_S["turn_patron"] + state.turn_patron)
    if decision == PLACE:
        ones.append(_S["chain_cubes_left"] + state.chain_left - 1)
        if state.chain_owner == NEUTRAL:
            ones.append(_S["chain_neutral"])
        if state.chain_pyramid:
            ones.append(_S["chain_pyramid_allowed"])
        if state.chain_last >= 0:
            ones.append(_S["chain_last_cell"] + state.chain_last)
    elif SURVEY_CHOICE <= decision < GAME_OVER:
        ones.append(_S["survey_area"] + state.survey_area)
    out[idx] = val
    out[ones] = 1.0
