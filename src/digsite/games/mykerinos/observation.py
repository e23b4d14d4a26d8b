"""``view(player)`` written as named pieces into a flat float32 vector.

Everything on the table is public in Mykerinos; the only hidden part is the order (and future
orientation) of the undealt parcels, which never enters the observation.  Seats are relative:
slot 0 is the observer, slots 1.. the next players clockwise, so one policy can play any seat.
Every parcel dealt so far is shown where it went (``card_place``, ``card_slot``), by card id;
cards of one face (``game.card_faces``) share their places in a fixed order, since the view
cannot tell them apart.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import ObservationLayout
from .actions import DECISIONS, GAME_OVER, NEUTRAL, ON_TABLE, PLACE, SURVEY_CHOICE
from .components import NUM_CARDS, NUM_CELLS, PRESTIGE_VALUES, REGION_SLOTS
from .saved import FIELDS

SCORE_SCALE = 200.0
"""Above any reachable score: at most 18 parcels (one per area) score under 160 in all."""
CUBE_SCALE = 25.0
CARD_SCALE = 7.0
SEATS = 4
"""Seat rows in every configuration (unused seats are zero)."""
ROOMS = 15
PASSING_SPACES = 6
"""Passing spaces 0 (not passed) to 5: 4 players use 1-4; 2 players 1 and 3 (2 is the
neutral's)."""


def observation_layout() -> ObservationLayout:
    return ObservationLayout(
        [
            # the board: every step
            ("cubes", (5, NUM_CELLS)),  # me, the next players clockwise, neutral
            ("pyramids", (NUM_CELLS,)),
            ("region_cells", (NUM_CELLS,)),  # cells of this season's region (4 or 6 rows)
            # public tables, the same for every observer; change a few times a season
            ("parcels", (12, PARCEL_FEATURES)),  # patron (6), prestige 0/2/3/5 (4), on table
            ("card_slot", (NUM_CARDS, REGION_SLOTS)),  # its slot in this season's region
            ("museum_rooms", (ROOMS,)),  # rooms that exist in this configuration
            ("wing_patron", (5, 5)),
            ("season", (4,)),
            ("deck_size", (1,)),  # / 36
            # public tables by relative seat
            ("museum", (ROOMS, SEATS)),  # room holder
            ("seats", (SEATS, SEAT_FEATURES)),  # in game, score / 200, cards per patron (6) / 7,
            # usable (untilted) cards per patron (5) / 7
            ("card_place", (NUM_CARDS, CARD_PLACES)),  # unseen, on the table, owner (4), out
            ("first_player", (SEATS,)),
            # turn state: every step
            ("personal_cubes", (4,)),  # / 25
            ("general_cubes", (5,)),  # per colour, relative seats then neutral; / 25
            ("neutral_cubes", (4,)),  # neutral cubes held by each player (2 players); / 25
            ("passing_space", (SEATS, PASSING_SPACES)),  # 0 = not passed yet
            ("decision", (len(DECISIONS),)),
            ("decider", (4,)),
            ("last_turn", (1,)),  # the lone player's last action of the season
            ("turn_patron", (5,)),  # patron appealed to this turn
            ("chain_cubes_left", (3,)),  # cubes still to place: 1, 2, 3
            ("chain_neutral", (1,)),
            ("chain_pyramid_allowed", (1,)),
            ("chain_next_to_own", (1,)),  # the first cube goes next to one of the owner's
            ("chain_last_cell", (NUM_CELLS,)),
            ("survey_area", (6,)),
        ]
    )


PARCEL_FEATURES = 11
SEAT_FEATURES = 13
UNSEEN, ON_THE_TABLE, OWNER0 = 0, 1, 2
DISCARDED = OWNER0 + SEATS
CARD_PLACES = DISCARDED + 1
"""Places of a card in ``card_place``: unseen, on the table, a player's (by seat), out."""
ON_TABLE_FEATURE = PARCEL_FEATURES - 1
LAYOUT = observation_layout()
_S = {name: s.start for name, s in LAYOUT.slices.items()}
_BOARD_END = LAYOUT["region_cells"].stop
_SHARED = slice(_BOARD_END, LAYOUT["deck_size"].stop)
_RELATIVE = slice(LAYOUT["museum"].start, LAYOUT["first_player"].stop)
_TURN = LAYOUT["personal_cubes"].start
_SH = {name: start - _SHARED.start for name, start in _S.items()}
_DECK_SIZE = _S["deck_size"]
"""Offsets inside the shared part."""
_COUNTS = slice(_S["personal_cubes"], LAYOUT["neutral_cubes"].stop)
"""The cube counts: personal (4), general (4 + neutral), neutral held (4), contiguous."""
_GENERAL = _S["general_cubes"] - _COUNTS.start
_HELD = _S["neutral_cubes"] - _COUNTS.start
_PASSING, _DECISION, _DECIDER = _S["passing_space"], _S["decision"], _S["decider"]
_LAST_TURN, _TURN_PATRON, _CHAIN_LEFT = _S["last_turn"], _S["turn_patron"], _S["chain_cubes_left"]
_CHAIN_NEUTRAL, _CHAIN_PYRAMID = _S["chain_neutral"], _S["chain_pyramid_allowed"]
_CHAIN_OWN, _CHAIN_LAST, _SURVEY_AREA = (
    _S["chain_next_to_own"],
    _S["chain_last_cell"],
    _S["survey_area"],
)
_PRESTIGE_INDEX = {v: i for i, v in enumerate(PRESTIGE_VALUES)}
_SEAT_ORDER = {
    (n, player): np.array([(player + k) % n for k in range(n)] + list(range(n, SEATS)))
    for n in (2, 3, 4)
    for player in range(n)
}
"""Absolute seat shown at each relative position (unused positions point at zero rows)."""
_BOARD_ORDER = {key: np.concatenate((order, [4, 5, 6])) for key, order in _SEAT_ORDER.items()}
"""Rows of ``state.planes`` in observation order: players from the observer on, neutral,
pyramids, region (a player row beyond the player count is always zero)."""
_A = {name: start - _RELATIVE.start for name, start in _S.items()}
"""Offsets inside the absolute tables, laid out like the relative block."""


def _relative_index(order: np.ndarray) -> np.ndarray:
    """Where each entry of the relative block comes from in the absolute tables (Museum
    holders, seat rows, card places, first player; each by absolute seat)."""
    museum = SEATS * np.arange(ROOMS)[:, None] + order[None, :]
    seats = _A["seats"] + SEAT_FEATURES * order[:, None] + np.arange(SEAT_FEATURES)[None, :]
    columns = np.array([UNSEEN, ON_THE_TABLE, *(OWNER0 + order), DISCARDED])
    places = _A["card_place"] + CARD_PLACES * np.arange(NUM_CARDS)[:, None] + columns[None, :]
    first = _A["first_player"] + order
    return np.concatenate((museum.ravel(), seats.ravel(), places.ravel(), first))


_RELATIVE_INDEX = {key: _relative_index(order) for key, order in _SEAT_ORDER.items()}
_CARD_SLOT_OFFSET = [_SH["card_slot"] + REGION_SLOTS * c for c in range(NUM_CARDS)]
_CARD_PLACE_OFFSET = [_A["card_place"] + CARD_PLACES * c for c in range(NUM_CARDS)]


def observe(state, player: int, out: np.ndarray) -> None:
    """Write ``player``'s view of ``state`` into ``out``.

    The board comes from ``state.planes``, the public tables from a cache written again where
    a field of ``PUBLIC`` changed (rotated once per observer); the test suite checks both
    against a fresh encoding."""
    n = state.game.num_players
    np.take(state.planes, _BOARD_ORDER[n, player], axis=0, out=out[:_BOARD_END].reshape(7, -1))
    cache = state._obs_cache
    changed = PUBLIC.changed(state, cache.setdefault("seen", []))
    if changed:
        _public_tables(state, cache, changed[0] < SEASON_FIELDS)
    out[_SHARED] = cache["shared"]
    out[_DECK_SIZE] = len(state.deck) / NUM_CARDS
    relative = cache["relative"]
    rows = relative[player]
    if rows is None:
        rows = relative[player] = cache["absolute"][_RELATIVE_INDEX[n, player]]
    out[_RELATIVE] = rows
    _encode_turn(state, player, n, out)


def card_rows(game) -> np.ndarray:
    """Per card: patron one-hot (6) and prestige one-hot (4), then 1 for "on the table"."""
    rows = np.zeros((len(game.cards), PARCEL_FEATURES), dtype=np.float32)
    for card in game.cards:
        rows[card.id, card.patron] = 1.0
        rows[card.id, 6 + _PRESTIGE_INDEX[card.prestige]] = 1.0
    rows[:, ON_TABLE_FEATURE] = 1.0
    return rows


def _card_slots(state) -> list[int]:
    """Per card, its slot this season (-1: not laid this season).  Cards of one face take their
    group's slots in sorted order, so that states with the same view give the same list."""
    slot = [-1] * NUM_CARDS
    for s, c in enumerate(state.slots):
        slot[c] = s
    for group in state.game.face_groups:
        for c, s in zip(group, sorted(slot[c] for c in group), strict=True):
            slot[c] = s
    return slot


def _card_places(state) -> list[int]:
    """Per card, its place (unseen, on the table, ``OWNER0`` + absolute owner, discarded).
    Cards of one face take their group's (slot, place) pairs in sorted order, their slots as
    ``_card_slots`` gives them."""
    place = [UNSEEN] * NUM_CARDS
    slot = [-1] * NUM_CARDS
    for c in state.removed:
        place[c] = DISCARDED
    for p, cards in enumerate(state.owned):
        for c in cards:
            place[c] = OWNER0 + p
    for s, (c, where) in enumerate(zip(state.slots, state.slot_state, strict=True)):
        slot[c] = s
        if where == ON_TABLE:
            place[c] = ON_THE_TABLE
    for group in state.game.face_groups:
        pairs = sorted((slot[c], place[c]) for c in group)
        for c, (_, where) in zip(group, pairs, strict=True):
            place[c] = where
    return place


PUBLIC = FIELDS.watch(
    ("season", "wing_patron", "slots", "first_player", "slot_state", "removed", "owned")
    + ("tilted", "score", "museum")
)
"""The fields the public tables are written from (``patron_count`` derives from ``owned``),
the first ``SEASON_FIELDS`` all that those of the season read.  The deck's size is written at
every call instead: watching the deck would cost more."""
SEASON_FIELDS = 3


def _season_tables(state) -> np.ndarray:
    """The shared part as it is at the start of the season (every parcel on the table)."""
    game = state.game
    shared = np.zeros(_SHARED.stop - _SHARED.start, dtype=np.float32)
    shared[[_SH["museum_rooms"] + room for room in game.museum.rooms]] = 1.0
    shared[_SH["wing_patron"] + 5 * np.arange(5) + np.array(state.wing_patron)] = 1.0
    shared[_SH["season"] + state.season - 1] = 1.0
    k = len(state.slots)
    parcels = shared[_SH["parcels"] : _SH["parcels"] + PARCEL_FEATURES * k]
    parcels.reshape(k, PARCEL_FEATURES)[...] = game.card_rows[state.slots]
    shared[[_CARD_SLOT_OFFSET[c] + s for c, s in enumerate(_card_slots(state)) if s >= 0]] = 1.0
    return shared


def _public_tables(state, cache: dict, season: bool) -> None:
    """Write the shared part (from the season's tables, written again if ``season``), and the
    absolute tables (Museum holders, seat rows, card places, first player) that each observer
    rotates."""
    if season:
        cache["season"] = _season_tables(state)
    shared = cache["season"].copy()
    for s, where in enumerate(state.slot_state):
        if where != ON_TABLE:
            shared[_SH["parcels"] + PARCEL_FEATURES * s + ON_TABLE_FEATURE] = 0.0
    cache["shared"] = shared

    absolute = np.zeros(_RELATIVE.stop - _RELATIVE.start, dtype=np.float32)
    ones = [SEATS * room + holder for room, holder in enumerate(state.museum) if holder >= 0]
    ones += [_CARD_PLACE_OFFSET[c] + where for c, where in enumerate(_card_places(state))]
    ones.append(_A["first_player"] + state.first_player)
    absolute[ones] = 1.0
    n = state.game.num_players
    rows = []
    for p in range(n):
        counts, tilted = state.patron_count[p], state.tilted[p]
        rows += [1.0, state.score[p] / SCORE_SCALE, *[c / CARD_SCALE for c in counts]]
        rows += [(counts[k] - tilted[k]) / CARD_SCALE for k in range(5)]
    absolute[_A["seats"] : _A["seats"] + SEAT_FEATURES * n] = rows
    cache["absolute"] = absolute
    cache["relative"] = [None] * n


def _encode_turn(state, player: int, n: int, out: np.ndarray) -> None:
    """The turn state, from ``personal_cubes`` on: the counts as one slice, then the one-hot
    entries one by one on a zeroed block."""
    out[_TURN:] = 0.0
    personal, general, held = state.personal, state.general, state.neutral_stock
    counts = [0.0] * (_COUNTS.stop - _COUNTS.start)
    for k in range(n):
        p = (player + k) % n
        counts[k] = personal[p] / CUBE_SCALE
        counts[_GENERAL + k] = general[p] / CUBE_SCALE
        counts[_HELD + k] = held[p] / CUBE_SCALE
        out[_PASSING + PASSING_SPACES * k + state.pass_space[p]] = 1.0
    counts[_GENERAL + SEATS] = general[NEUTRAL] / CUBE_SCALE
    out[_COUNTS] = counts
    decision = state.decision
    out[_DECISION + decision] = 1.0
    if decision != GAME_OVER:
        out[_DECIDER + (state.decider - player) % n] = 1.0
    if state.last_turn:
        out[_LAST_TURN] = 1.0
    if state.turn_patron >= 0:
        out[_TURN_PATRON + state.turn_patron] = 1.0
    if decision == PLACE:
        out[_CHAIN_LEFT + state.chain_left - 1] = 1.0
        if state.chain_owner == NEUTRAL:
            out[_CHAIN_NEUTRAL] = 1.0
        if state.chain_pyramid:
            out[_CHAIN_PYRAMID] = 1.0
        if state.chain_own_anchor:
            out[_CHAIN_OWN] = 1.0
        if state.chain_last >= 0:
            out[_CHAIN_LAST + state.chain_last] = 1.0
    elif SURVEY_CHOICE <= decision < GAME_OVER:
        out[_SURVEY_AREA + state.survey_area] = 1.0
