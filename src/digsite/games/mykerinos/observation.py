"""``view(player)`` written as named pieces into a flat float32 vector.

Seats are relative: slot 0 is the observer, slots 1.. the next players clockwise, so one policy can
play any seat.  Every parcel dealt so far is shown where it went (``card_place``, ``card_slot``), by
card id; cards of one face (``game.card_faces``) share their places in a fixed order, since the view
cannot tell them apart."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from ...core.encoding import ObservationLayout
from .actions import DECISIONS, GAME_OVER, NEUTRAL, ON_TABLE, PLACE, SURVEY_CHOICE
from .components import NUM_CARDS, NUM_CELLS, NUM_ROOMS, PRESTIGE_VALUES, REGION_SLOTS

SCORE_SCALE = 200.0
"""Above any reachable score: at most 18 parcels (one per area) score under 160 in all."""
CUBE_SCALE, CARD_SCALE = 25.0, 7.0
SEATS = 4
"""Seat rows in every configuration (unused seats are zero)."""
PASSING_SPACES = 6
"""Passing spaces 0 (not passed) to 5: 4 players use 1-4, 2 players 1 and 3 (2: the neutral's)."""
PARCEL_FEATURES, SEAT_FEATURES = 11, 13
UNSEEN, ON_THE_TABLE, OWNER0 = 0, 1, 2
DISCARDED = OWNER0 + SEATS
CARD_PLACES = DISCARDED + 1
"""Places of a card in ``card_place``: unseen, on the table, a player's (by seat), out."""
ON_TABLE_FEATURE = PARCEL_FEATURES - 1
LAYOUT = ObservationLayout(
    [
        # the board: every step
        ("cubes", (5, NUM_CELLS)),  # me, the next players clockwise, neutral
        ("pyramids", (NUM_CELLS,)),
        ("region_cells", (NUM_CELLS,)),  # cells of this season's region (4 or 6 rows)
        # public tables, the same for every observer; change a few times a season
        ("parcels", (12, PARCEL_FEATURES)),  # patron (6), prestige 0/2/3/5 (4), on table
        ("card_slot", (NUM_CARDS, REGION_SLOTS)),  # its slot in this season's region
        ("museum_rooms", (NUM_ROOMS,)),  # rooms that exist in this configuration
        ("wing_patron", (5, 5)),
        ("season", (4,)),
        ("deck_size", (1,)),  # / 36
        # public tables by relative seat
        ("museum", (NUM_ROOMS, SEATS)),  # room holder
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
BOARD_ROWS = 7
_BOARD_END = LAYOUT["region_cells"].stop
_TURN = LAYOUT["personal_cubes"].start
_T = {name: s.start - _BOARD_END for name, s in LAYOUT.slices.items() if s.start < _TURN}
"""Offsets inside the public tables, ``out[_BOARD_END:_TURN]``."""
_S = {name: s.start for name, s in LAYOUT.slices.items()}
_PASSING, _DECISION, _DECIDER = _S["passing_space"], _S["decision"], _S["decider"]
_SEAT_COUNTS_AT = tuple(
    (
        _S["personal_cubes"] + k,
        _S["general_cubes"] + k,
        _S["neutral_cubes"] + k,
        _PASSING + PASSING_SPACES * k,
    )
    for k in range(SEATS)
)
"""Per relative seat, where its personal, general and neutral cubes and its passing space go."""
_NEUTRAL_GENERAL = _S["general_cubes"] + SEATS
_LAST_TURN, _TURN_PATRON, _CHAIN_LEFT = _S["last_turn"], _S["turn_patron"], _S["chain_cubes_left"]
_CHAIN_NEUTRAL, _CHAIN_PYRAMID = _S["chain_neutral"], _S["chain_pyramid_allowed"]
_CHAIN_OWN, _CHAIN_LAST = _S["chain_next_to_own"], _S["chain_last_cell"]
_SURVEY_AREA = _S["survey_area"]
_SEAT_ORDER = {
    (n, player): np.array([(player + k) % n for k in range(n)] + list(range(n, SEATS)))
    for n in (2, 3, 4)
    for player in range(n)
}
"""Absolute seat shown at each relative position (unused positions point at zero rows)."""
_SEATS_SHOWN = {key: tuple(order[: key[0]].tolist()) for key, order in _SEAT_ORDER.items()}
"""The players, as ``_SEAT_ORDER`` shows them (from the observer on)."""
_BOARD_ORDER = {key: np.concatenate((order, [4, 5, 6])) for key, order in _SEAT_ORDER.items()}
"""Rows of ``state.planes`` in observation order: players from the observer on, neutral,
pyramids, region (a player row beyond the player count is always zero)."""


def _public_order(order: np.ndarray) -> np.ndarray:
    """Where each entry of an observer's public tables comes from in the kept ones, whose
    relative pieces (Museum holders, seat rows, card places, first player) are by absolute
    seat: the shared pieces (and the turn state's zeros) stay in place, the relative ones are
    rotated."""
    museum = _T["museum"] + SEATS * np.arange(NUM_ROOMS)[:, None] + order[None, :]
    seats = _T["seats"] + SEAT_FEATURES * order[:, None] + np.arange(SEAT_FEATURES)[None, :]
    columns = np.array([UNSEEN, ON_THE_TABLE, *(OWNER0 + order), DISCARDED])
    places = _T["card_place"] + CARD_PLACES * np.arange(NUM_CARDS)[:, None] + columns[None, :]
    first = _T["first_player"] + order
    shared = np.arange(_T["museum"])
    turn = np.arange(_TURN - _BOARD_END, LAYOUT.size - _BOARD_END)
    return np.concatenate((shared, museum.ravel(), seats.ravel(), places.ravel(), first, turn))


_PUBLIC_ORDER = {key: _public_order(order) for key, order in _SEAT_ORDER.items()}
_CARD_SLOT_OFFSET = [_T["card_slot"] + REGION_SLOTS * c for c in range(NUM_CARDS)]
_ON_TABLE_FLAGS = slice(
    _T["parcels"] + ON_TABLE_FEATURE,
    _T["parcels"] + PARCEL_FEATURES * REGION_SLOTS,
    PARCEL_FEATURES,
)
"""The "still on the table" feature of each slot's parcel."""


def observe(state, player: int, out: np.ndarray) -> None:
    """The board comes from ``state.planes``, the public tables from ``state._obs_cache`` (see
    :class:`PublicTables`), the turn state is written afresh, entry by entry on the zeroed block;
    the test suite checks all of it against a fresh encoding."""
    n = state.game.num_players
    board = out[:_BOARD_END].reshape(BOARD_ROWS, NUM_CELLS)
    state.planes.take(_BOARD_ORDER[n, player], 0, board)
    out[_BOARD_END:] = state._obs_cache.seen_by(state, player, n)  # (the turn state zeroed)
    personal, general = state.personal, state.general
    held, passing = state.neutral_stock, state.pass_space
    for p, (at_personal, at_general, at_held, at_passing) in zip(
        _SEATS_SHOWN[n, player], _SEAT_COUNTS_AT, strict=False
    ):
        out[at_personal] = personal[p] / CUBE_SCALE
        out[at_general] = general[p] / CUBE_SCALE
        out[at_held] = held[p] / CUBE_SCALE
        out[at_passing + passing[p]] = 1.0
    out[_NEUTRAL_GENERAL] = general[NEUTRAL] / CUBE_SCALE
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


def card_rows(game) -> np.ndarray:
    """Per card: patron one-hot (6) and prestige one-hot (4), then 1 for "on the table"."""
    rows = np.zeros((len(game.cards), PARCEL_FEATURES), dtype=np.float32)
    for card in game.cards:
        rows[card.id, card.patron] = 1.0
        rows[card.id, 6 + PRESTIGE_VALUES.index(card.prestige)] = 1.0
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


def _card_places(state) -> bytearray:
    """Per card, its place (unseen, on the table, ``OWNER0`` + absolute owner, discarded).
    Cards of one face take their group's (slot, place) pairs in sorted order, their slots as
    ``_card_slots`` gives them."""
    place = bytearray(NUM_CARDS)  # UNSEEN
    for c in state.removed:
        place[c] = DISCARDED
    for p, cards in enumerate(state.owned):
        where = OWNER0 + p
        for c in cards:
            place[c] = where
    slots = state.slots
    for c, where in zip(slots, state.slot_state, strict=True):
        if where == ON_TABLE:
            place[c] = ON_THE_TABLE
    for group in state.game.face_groups:
        pairs = sorted((slots.index(c) if c in slots else -1, place[c]) for c in group)
        for c, (_, where) in zip(group, pairs, strict=True):
            place[c] = where
    return place


# -- the public tables, each piece written from the fields it reads -----------------------
_PARCELS = slice(_T["parcels"], _T["card_slot"])
_CARD_SLOTS = slice(_T["card_slot"], _T["museum_rooms"])
_WINGS = slice(_T["museum_rooms"], _T["season"])
"""The Museum's rooms and the wings' patrons."""
_SEASON = slice(_T["season"], _T["deck_size"])
_CARD_PLACE = slice(_T["card_place"], _T["first_player"])
_FIRST_PLAYER = slice(_T["first_player"], _T["first_player"] + SEATS)
_CARD_PLACE_AT = _T["card_place"] + CARD_PLACES * np.arange(NUM_CARDS)


def _write_wings(state, table: np.ndarray) -> None:
    table[_WINGS] = 0.0
    ones = [_T["museum_rooms"] + room for room in state.game.museum.rooms]
    ones += [_T["wing_patron"] + 5 * w + patron for w, patron in enumerate(state.wing_patron)]
    table[ones] = 1.0


def _write_season(state, table: np.ndarray) -> None:
    """The season's parcels (every one on the table) and the slot of each, the season."""
    table[_PARCELS] = table[_CARD_SLOTS] = table[_SEASON] = 0.0
    k = len(state.slots)
    parcels = table[_T["parcels"] : _T["parcels"] + PARCEL_FEATURES * k]
    parcels.reshape(k, PARCEL_FEATURES)[...] = state.game.card_rows.take(state.slots, 0)
    ones = [_CARD_SLOT_OFFSET[c] + s for c, s in enumerate(_card_slots(state)) if s >= 0]
    ones.append(_T["season"] + state.season - 1)
    table[ones] = 1.0


def _write_on_table(state, table: np.ndarray) -> None:
    flags = [where == ON_TABLE for where in state.slot_state]
    table[_ON_TABLE_FLAGS] = flags + [False] * (REGION_SLOTS - len(flags))


def _write_card_places(state, table: np.ndarray) -> None:
    """A one per card, at its place (the places as bytes: cheap to make an index of)."""
    table[_CARD_PLACE] = 0.0
    table[_CARD_PLACE_AT + np.frombuffer(_card_places(state), np.uint8)] = 1.0


def _write_seats(state, table: np.ndarray) -> None:
    """Per player: in the game, score, cards per patron, cards still usable per patron (plain
    loops: a comprehension costs a call)."""
    rows: list[float] = []
    for counts, tilted, score in zip(state.patron_count, state.tilted, state.score, strict=True):
        rows.append(1.0)
        rows.append(score / SCORE_SCALE)
        for c in counts:
            rows.append(c / CARD_SCALE)
        for c, t in zip(counts, tilted, strict=False):  # (no tilting the no-patron card)
            rows.append((c - t) / CARD_SCALE)
    table[_T["seats"] : _T["seats"] + len(rows)] = rows


def _write_museum(state, table: np.ndarray) -> None:
    table[_T["museum"] : _T["seats"]] = 0.0
    table[[_T["museum"] + SEATS * room + p for room, p in enumerate(state.museum) if p >= 0]] = 1.0


def _write_first_player(state, table: np.ndarray) -> None:
    table[_FIRST_PLAYER] = 0.0
    table[_T["first_player"] + state.first_player] = 1.0


_SEASON_FIELDS = ("season", "slots")
_PIECES = (
    (_write_wings, ("wing_patron",)),
    (_write_season, _SEASON_FIELDS),
    (_write_on_table, (*_SEASON_FIELDS, "slot_state")),  # after the season's, which sets all
    (_write_card_places, ("slots", "slot_state", "removed", "owned")),
    (_write_seats, ("owned", "tilted", "score")),  # (``patron_count`` derives from ``owned``)
    (_write_museum, ("museum",)),
    (_write_first_player, ("first_player",)),
)
"""Each piece of the public tables (in the order they are written) and the fields it reads
(all of them: a piece reads nothing else of the state but the cards per patron, which the
rules keep with ``owned``)."""
FIELDS = tuple(dict.fromkeys(name for _, names in _PIECES for name in names))
"""The fields the public tables are written from: frozen in ``saved.FIELDS``, the state's ``PUT``.
The deck's size is compared at every call instead (it changes with ``slots``, at a new season)."""
ALL_WRITERS = tuple(write for write, _ in _PIECES)


@cache
def _writers(written: frozenset[str]) -> tuple[Callable, ...]:
    """The pieces to write again when the fields ``written`` were written: a few sets recur
    all game long (and there are at most ``2 ** len(FIELDS)``)."""
    return tuple(write for write, names in _PIECES if not written.isdisjoint(names))


class PublicTables:
    """A state's kept public tables (every piece but the board and the turn state): in absolute
    seats, and as each observer sees them (rotated).  One table serves every observer, so the
    names the state notes as its fields are written (``state.written``) are read, and emptied,
    by whichever observer looks first: each piece that reads one is written again, and every
    observer's rotation is made again."""

    __slots__ = ("deck_size", "table", "views")

    def __init__(self) -> None:
        self.deck_size = -1
        """The deck's size when ``table`` was written (-1: not written yet, so write it all)."""
        self.table = np.zeros(LAYOUT.size - _BOARD_END, dtype=np.float32)
        """The public tables in absolute seats, then the turn state's place, left zero (so that
        one copy writes the public tables and clears the turn state)."""
        self.views: list[np.ndarray | None] = [None] * SEATS
        """Per observer, ``table`` rotated (None: to rotate again)."""

    def seen_by(self, state, player: int, n: int) -> np.ndarray:
        """The public tables as ``player`` sees them, brought up to date first."""
        written = state.written
        if written or self.deck_size != len(state.deck):
            self._write(state, _writers(frozenset(written)) if self.deck_size >= 0 else ALL_WRITERS)
            written.clear()
        view = self.views[player]
        if view is None:
            view = self.views[player] = self.table.take(_PUBLIC_ORDER[n, player])
        return view

    def _write(self, state, writers: tuple[Callable, ...]) -> None:
        table = self.table
        for write in writers:
            write(state, table)
        self.deck_size = len(state.deck)
        table[_T["deck_size"]] = self.deck_size / NUM_CARDS
        self.views = [None] * SEATS
