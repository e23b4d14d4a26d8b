"""Mykerinos components: the parcel deck (a data file), the region geometry and the Museum graph.

The region is a grid 12 spaces wide and 4 (seasons 1-3) or 6 (season 4) rows high.  Cells are
numbered ``row * 12 + col`` for actions and observations; internally the occupancy of the grid is
kept in Python-int bitboards 13 bits per row (a guard column stops shifts from wrapping), which
makes adjacency a handful of shifts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ...core.data import DataFileError, read_records

PATRONS = ("lady_violet", "lord_lemon", "sir_brown", "mrs_blackmore", "colonel_tangerine")
PATRON_TITLES = ("Lady Violet", "Lord Lemon", "Sir Brown", "Mrs. Blackmore", "Colonel Tangerine",
    "no patron")  # fmt: skip
"""Display names by patron index; the last is the 5-point card's."""
NO_PATRON = len(PATRONS)
"""Patron index of the 5-point card, which has no patron."""
VIOLET, LEMON, BROWN, BLACKMORE, TANGERINE = range(5)
PRESTIGE_VALUES = (0, 2, 3, 5)
NUM_CARDS = 36

# -- region geometry -------------------------------------------------------------------------
COLS, MAX_ROWS = 12, 6
NUM_CELLS = COLS * MAX_ROWS
STRIDE = COLS + 1


def region_rows(season: int) -> int:
    return 6 if season == 4 else 4


REGION_SLOTS = 12
"""Parcels of the largest region (season 4); seasons 1-3 use the first 8 slots."""


def parcels_in_season(season: int) -> int:
    return REGION_SLOTS if season == 4 else 8


_ROW = (1 << COLS) - 1
VALID = {rows: sum(_ROW << (r * STRIDE) for r in range(rows)) for rows in (4, 6)}
VALID_ALL = VALID[6]


def dilate(bb: int) -> int:
    """Cells orthogonally adjacent to any cell of ``bb`` (diagonals are not adjacent)."""
    return ((bb << 1) | (bb >> 1) | (bb << STRIDE) | (bb >> STRIDE)) & VALID_ALL


def two_free_neighbours(free: int) -> int:
    """Cells with at least two neighbours in ``free``."""
    a, b, c, d = free << 1, free >> 1, free << STRIDE, free >> STRIDE
    return ((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)) & VALID_ALL


_ROW_FLAGS = tuple(bytes(bits >> c & 1 for c in range(COLS)) for bits in range(1 << COLS))
"""Per set of cells of one row (12 bits), a 0/1 byte per cell."""


def cell_flags(bb: int, tail: bytes = b"") -> bytes:
    """A 0/1 byte per cell id, then ``tail``: a table look-up per row (the ``MAX_ROWS`` rows
    written out, as it runs every step), several times cheaper than unpacking the bits."""
    f, s = _ROW_FLAGS, STRIDE
    return b"".join(
        (
            f[bb & _ROW],
            f[bb >> s & _ROW],
            f[bb >> 2 * s & _ROW],
            f[bb >> 3 * s & _ROW],
            f[bb >> 4 * s & _ROW],
            f[bb >> 5 * s & _ROW],
            tail,
        )
    )


assert MAX_ROWS == 6, "cell_flags writes out each of the grid's rows"
CELL_BIT = tuple(1 << (r * STRIDE + c) for r in range(MAX_ROWS) for c in range(COLS))
CELL_NEIGHBOURS = tuple(dilate(bit) for bit in CELL_BIT)
"""The spaces next to each cell id, as a bitboard."""


def cell_name(cell: int) -> str:
    return f"r{cell // COLS + 1}c{cell % COLS + 1}"


# A region slot s (0..11) holds one parcel: area s // 2, line s // 4; area (s // 2) % 2 is the
# left or right area of its line, and s % 2 the left or right parcel of its area.  A parcel lies
# 3 spaces wide and 2 high (local spaces 0-5, row by row from its top-left space: row s // 4 * 2,
# column s // 2 % 2 * 6 + s % 2 * 3); rotating it by 180 degrees maps local space i to 5 - i.
SLOT_CELLS = tuple(
    tuple((s // 4 * 2 + i // 3) * COLS + s // 2 % 2 * 6 + s % 2 * 3 + i % 3 for i in range(6))
    for s in range(REGION_SLOTS)
)
AREA_CELL_IDS = tuple(SLOT_CELLS[2 * a] + SLOT_CELLS[2 * a + 1] for a in range(6))
AREA_BITS = tuple(sum(CELL_BIT[c] for c in cells) for cells in AREA_CELL_IDS)
AREA_WIDTH = 6
"""Two parcels of 3 spaces side by side."""
AREA_ROWS = tuple(
    tuple(slice(c, c + AREA_WIDTH) for c in sorted(AREA_CELL_IDS[a])[::AREA_WIDTH])
    for a in range(6)
)
"""The cell ids of each area as two runs, one per row (a slice each: cheaper to clear)."""


# -- the deck --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    id: int
    patron: int  # 0..4, or NO_PATRON
    prestige: int
    pyramids: tuple[int, ...]  # local spaces 0..5 (row-major, 2 rows x 3) holding a pyramid
    provenance: str
    record: dict

    def pyramid_bits(self, slot: int, rotated: bool) -> int:
        return sum(CELL_BIT[SLOT_CELLS[slot][5 - i if rotated else i]] for i in self.pyramids)


def card_faces(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """Per card, the id of the first card with the same face: patron, prestige and pyramids up
    to a half turn ("parcels have no up and no down").  Cards of one face cannot be told apart
    on the table, so a player's view names cards by face."""
    first: dict[tuple, int] = {}
    faces = []
    for card in cards:
        turned = tuple(sorted(5 - i for i in card.pyramids))
        key = (card.patron, card.prestige, min(card.pyramids, turned))
        faces.append(first.setdefault(key, card.id))
    return tuple(faces)


def patron_counts(cards: tuple[Card, ...], ids) -> list[int]:
    """How many of the cards ``ids`` each patron's are (the last: the 5-point card)."""
    return [sum(cards[c].patron == k for c in ids) for k in range(NO_PATRON + 1)]


class DeckFileError(DataFileError):
    """A malformed Mykerinos card data file."""


def load_deck(source: str | Path | list | None = None) -> tuple[Card, ...]:
    """Read and check a deck: ``None`` (the shipped file), a path, or a list of records.

    Each record is checked against ``data/cards.schema.json``; what the schema cannot say, the
    rules across records, is checked here."""
    records, where = read_records(
        source, __package__, "cards.json", "cards", DeckFileError, "Mykerinos card"
    )
    if len(records) != NUM_CARDS:
        raise DeckFileError(
            f"{where}: a deck has {NUM_CARDS} cards (all are laid out), not {len(records)}"
        )
    cards = tuple(sorted((_card(r) for r in records), key=lambda c: c.id))  # ids 0..35, once each
    if sum(c.patron == NO_PATRON for c in cards) != 1:
        raise DeckFileError(f"{where}: exactly one card has no patron (the 5-point card)")
    for c in cards:
        if c.patron == NO_PATRON and c.prestige != 5:
            raise DeckFileError(
                f"{where}: card {c.id}: the card without a patron is the 5-point card"
            )
    return cards


def _card(record: dict) -> Card:
    """A card from a record that fits the schema (an integer written as ``2.0`` is taken as
    2, as JSON Schema counts it an integer)."""
    patron = record["patron"]
    rows = record["pyramids"]
    return Card(
        id=int(record["id"]),
        patron=NO_PATRON if patron is None else PATRONS.index(patron),
        prestige=int(record["prestige"]),
        pyramids=tuple(i for i, ch in enumerate(rows[0] + rows[1]) if ch == "P"),
        provenance=record["provenance"],
        record=dict(record),
    )


# -- the Museum ------------------------------------------------------------------------------
ROOM_VALUES = (3, 5, 2)
THREE_ROOM, FIVE_ROOM, TWO_ROOM = range(len(ROOM_VALUES))
"""Room kinds, in room-number order: room ``kind * NUM_WINGS + wing``."""
NUM_WINGS = 5
NUM_ROOMS = len(ROOM_VALUES) * NUM_WINGS
"""Room ids, the last 2-room included (absent with four 2-rooms)."""


@dataclass(frozen=True)
class Museum:
    """Rooms 0-4: the 3-room of wing w; 5-9: the 5-room of wing w; 10-14: the 2-room between
    wings w and w+1 (mod 5).  With four 2-rooms (the open-fan reading) room 14 does not exist."""

    two_rooms: int = 5

    @cached_property
    def rooms(self) -> tuple[int, ...]:
        return tuple(range(TWO_ROOM * NUM_WINGS + self.two_rooms))

    @cached_property
    def unlocked_by(self) -> tuple[tuple[int, ...], ...]:
        """For each room, the 5-rooms that holding it opens."""
        return tuple(self.unlocks(r) for r in range(NUM_ROOMS))

    @staticmethod
    def value(room: int) -> int:
        return ROOM_VALUES[room // NUM_WINGS]

    @staticmethod
    def wings(room: int) -> tuple[int, ...]:
        kind, w = divmod(room, NUM_WINGS)
        return (w, (w + 1) % NUM_WINGS) if kind == TWO_ROOM else (w,)

    def name(self, room: int) -> str:
        kind, w = divmod(room, NUM_WINGS)
        if kind == TWO_ROOM:
            return f"2-room between wings {w + 1} and {(w + 1) % NUM_WINGS + 1}"
        return f"{ROOM_VALUES[kind]}-room of wing {w + 1}"

    def unlocks(self, room: int) -> tuple[int, ...]:
        """5-rooms opened by holding ``room`` (a 2- or 3-room)."""
        if room // NUM_WINGS == FIVE_ROOM:
            return ()
        return tuple(FIVE_ROOM * NUM_WINGS + w for w in self.wings(room))

    def best_value(self, wing: int, held: list[int]) -> int:
        """What each card of this wing's patron scores for the holder of ``held`` rooms: the
        best room of the wing held, or 1."""
        return max((self.value(r) for r in held if wing in self.wings(r)), default=1)
