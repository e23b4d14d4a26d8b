"""``view(player)`` written into a flat float32 vector of named pieces (see ``view.py``).

Seats are relative (0 = the observer, then the next players clockwise); owners of pieces on the
board are the four relative seats, then the Automa and the neutral colour.  Counts are divided by
their true maximum; the unbounded ones (Prestige, Science, money, reshuffles) are mapped by
``v / (v + k)``, which never saturates.
"""

from __future__ import annotations

import struct
from functools import lru_cache

import numpy as np

from ...core.encoding import ObservationLayout
from . import actions, view
from .actions import FLOW_TASKS, GAME_OVER, NUM_TILES
from .components import NUM_EXPEDITIONS, NUM_PATRONS, NUM_RELIC_KINDS, NUM_STUDIES
from .view import decision_args, interrupted, pending_tasks, regions_read

SEAT_COLUMNS = (
    ("present", 1),
    ("reputation", 9),
    ("discs_above", 3),
    *((f"knowledge{r}", 12) for r in range(4)),
    *((f"expertise{e}", 6) for e in range(3)),
    *((f"placed{e}", 1) for e in range(3)),
    ("discs", 10),
    ("rep_discs", 10),
    ("requirement_discs", 2),
    ("hand_size", NUM_EXPEDITIONS),
    ("setup_hand_size", 4),
    ("played", NUM_EXPEDITIONS),
    ("exhibited", 10),
    ("side_a", 1),
    ("side_b", 1),
    *((f"penalty{i}", 1) for i in range(4)),
    *((f"claim_{g}", 2) for g in "abc"),
    *((f"bloom_right{v}", 1) for v in actions.BLOOMSBURY_STACKS),
    *((f"bloom_taken{v}", 1) for v in actions.BLOOMSBURY_STACKS),
    ("decider", 1),
)
"""The columns of a ``seats`` row, each with its true maximum (hand: every Expedition card)."""
SEAT_FIELDS, SEAT_DIVISORS = zip(*SEAT_COLUMNS, strict=True)
SCORE_FIELDS = ("prestige", "science", "money")
"""Seat counts with no maximum (piece ``seat_scores``): written as ``v / (v + UNBOUNDED_SCALE)``."""
UNBOUNDED_SCALE = 50.0
FLOAT32 = struct.Struct("f")
"""One float32 as bytes (rounded from a Python float as numpy rounds it)."""


@lru_cache(maxsize=4096)
def _unbounded(v: int) -> bytes:
    """``v / (v + UNBOUNDED_SCALE)`` as float32 bytes (looked up for the usual values)."""
    return FLOAT32.pack(v / (v + UNBOUNDED_SCALE))


MID_TURN_KINDS = tuple(sorted(actions.MID_TURN))
AUTO_CODE = GAME_OVER - actions.A_GAIN
"""Added to an automatic task's kind (``AUTO0`` on) to number it after the decisions."""
TASK_KINDS = GAME_OVER + len(actions.AUTO_TASKS)
TASK_CODES = tuple(
    kind + (1 if kind < GAME_OVER else 1 + AUTO_CODE)
    for kind in range(actions.A_GAIN + len(actions.AUTO_TASKS))
)
"""A queued task is written as (``TASK_CODES[kind]``, a + 1, b + 1) over (TASK_KINDS, ARG_RANGE
x2): its kind's code + 1; arguments run from -1 (a region still to be read) to ARG_RANGE - 1."""
ARG_RANGE = 64
LAYOUT = ObservationLayout(
    [
        ("decision", (len(actions.DECISIONS),)),
        ("task_args", (2,)),
        ("interrupts", (len(MID_TURN_KINDS),)),
        ("pending", (view.PENDING_SLOTS, 3)),
        ("regions_chosen", (view.REGION_SLOTS,)),
        ("year", (5,)),
        ("mode", (5,)),
        ("seats", (4, len(SEAT_FIELDS))),
        ("seat_scores", (4, len(SCORE_FIELDS))),
        ("seat_relics", (4, NUM_RELIC_KINDS)),
        ("seat_society", (4, 12)),
        ("seat_played", (4, NUM_EXPEDITIONS)),
        ("seat_patrons", (4, NUM_PATRONS)),
        ("seat_honored", (4, NUM_PATRONS)),
        ("seat_bloomsbury", (4, NUM_TILES)),
        ("seat_public_hand", (4, NUM_EXPEDITIONS)),
        ("turn_order", (6, 6)),
        ("my_studies", (NUM_STUDIES,)),
        ("my_setup_hand", (NUM_EXPEDITIONS,)),
        ("my_society_offer", (2, 12)),
        ("my_known_tiles", (2, NUM_TILES)),
        ("drawn_cards", (NUM_EXPEDITIONS,)),
        ("drawn_patrons", (NUM_PATRONS,)),
        ("drawn_relics", (NUM_RELIC_KINDS,)),
        ("current", (3 + 4 + 6 + 1 + 6,)),
        ("program", (6, NUM_EXPEDITIONS)),
        ("discard_pile", (NUM_EXPEDITIONS,)),
        ("box", (NUM_EXPEDITIONS,)),
        ("reshuffled", (NUM_EXPEDITIONS,)),
        ("deck_sizes", (5,)),
        ("patrons_put_back", (NUM_PATRONS,)),
        ("locations", (4, 6, 6)),
        ("gallery", (actions.NUM_SPACES, 7)),
        ("collection_faces", (6, 24)),
        ("objectives", (3, 12)),
        ("objective_first", (3, 7)),
        ("requirements", (2, 8)),
        ("bags", (NUM_RELIC_KINDS,)),
        ("discards", (NUM_RELIC_KINDS,)),
        ("stack_sizes", (2,)),
        ("automa", (6 + 9 + 1,)),
    ]
)
SEAT_WIDTH = len(SEAT_FIELDS)
COLUMN = {name: i for i, name in enumerate(SEAT_FIELDS)}
"""Where each of ``SEAT_FIELDS`` stands in a ``seats`` row (a list starts at its ``...0``)."""
START = {name: sl.start for name, sl in LAYOUT.slices.items()}
COUNTED = (
    ("seats", 4 * SEAT_DIVISORS),
    ("seat_relics", (6,) * (4 * NUM_RELIC_KINDS)),  # at most 6 relics of a kind exist
    ("locations", (3,) * 144),
    ("bags", (6,) * NUM_RELIC_KINDS),
    ("discards", (6,) * NUM_RELIC_KINDS),
    ("deck_sizes", (NUM_EXPEDITIONS, NUM_PATRONS, NUM_STUDIES, 12, NUM_PATRONS)),
    ("patrons_put_back", (NUM_PATRONS,) * NUM_PATRONS),
    ("stack_sizes", (5, 5)),
    ("task_args", (50, 50)),
    ("pending", (TASK_KINDS, ARG_RANGE, ARG_RANGE) * view.PENDING_SLOTS),
    ("regions_chosen", (4,) * view.REGION_SLOTS),
    ("automa", (3,)),  # the Automa's pawns left
)
"""The pieces holding counts, and what their last entries are divided by (their true maximum)."""
DIVISORS = np.ones(LAYOUT.size, dtype=np.float32)
for _name, _divisors in COUNTED:
    _stop = LAYOUT.slices[_name].stop
    DIVISORS[_stop - len(_divisors) : _stop] = _divisors
SCORES = START["seat_scores"]
RESHUFFLED = LAYOUT.slices["reshuffled"]
MODE_INDEX = {"solo": 0, "confrontation": 1, "competitive": 2, "standard": 3}
# The observation is assembled as bytes (0/1 flags and counts below 256), divided by
# ``DIVISORS`` in one numpy pass; the unbounded counts (``seat_scores``) are then written.
# A float32 division of a byte by these divisors rounds exactly as dividing in Python and
# rounding to float32 (a test checks every byte and divisor).
#
# Most of the state does not change from one step to the next, so each player's bytes are
# kept on the state between calls (``Observer``).  The fields of ``FIELDS`` are frozen (tuples
# and ints, never changed in place) and written only with the state's ``put``, which notes each
# name in ``state.written`` as it writes (the tests refuse any other write).  At each call the
# state's ``Encoding`` notes the writers of the fields written since (and empties ``written``)
# in each player's ``Observer``, which runs those noted since its last call, then the few
# pieces that change at almost every step.  A copy (``clone``, ``resample_hidden``) starts with
# no ``Encoding``, so every part of it is written.  (Comparing the 50 fields at each call
# instead cost a sixth more instructions a step.)

SEATS = START["seats"]
REP_COLUMN = COLUMN["reputation"]
ABOVE_COLUMN = COLUMN["discs_above"]
DECIDER_COLUMN = COLUMN["decider"]
NO_TIES = (0, 0, 0, 0)
"""Discs above each seat's Reputation disc when no two players share a space."""
HEADER = slice(START["decision"], START["year"])
"""The pieces of the pending decision (decision to regions_chosen): rewritten at every call."""
TABLE = slice(START["drawn_cards"], START["program"])
"""The cards on the table and the current explorer: rewritten at every call."""
DECISION, TASK_ARGS, INTERRUPTS, PENDING, REGIONS_CHOSEN = (
    START[name] for name in ("decision", "task_args", "interrupts", "pending", "regions_chosen")
)
DRAWN_CARDS, DRAWN_PATRONS, DRAWN_RELICS, CURRENT = (
    START[name] for name in ("drawn_cards", "drawn_patrons", "drawn_relics", "current")
)
STACK_SIZES = START["stack_sizes"]
# Bytes are assigned into a slice of a bytearray as bytearrays: anything else is first copied
# into a new bytearray, which costs twice the assignment.
HEADER_ZEROS = bytearray(HEADER.stop - HEADER.start)
TABLE_ZEROS = bytearray(TABLE.stop - TABLE.start)
DECK_SIZES_SLICE = LAYOUT.slices["deck_sizes"]
join_bytes = bytearray().join


OWNER_ROW_WIDTHS = (6, 7)
"""The widths of the pieces with a row of flags per entry by its owner (``_flag_rows``)."""


def _one_hot(width: int, code: int) -> bytearray:
    """A row of ``width`` flags, ``code``'s set (none if ``code`` is out of the row)."""
    return bytearray(i == code for i in range(width))


@lru_cache(maxsize=64)
def _owner_flags(player: int, n: int) -> dict[int, tuple[bytearray, ...]]:
    """Per width of ``OWNER_ROW_WIDTHS``, the row of flags of each owner id, of its relative code
    (players, then AUTOMA 4, NEUTRAL 5; at index -1 the "empty" code 6 of the pieces with one)."""
    rel = (*((q - player) % n for q in range(n)), *(0,) * (4 - n), 4, 5, 6)
    return {width: tuple(_one_hot(width, code) for code in rel) for width in OWNER_ROW_WIDTHS}


PIECE_OFFSETS = tuple(
    (actions.piece_section(x) - 1) * 6 + actions.piece_owner(x) for x in range(actions.piece(6, 0))
)
"""Where a piece ``piece(owner, section)`` counts within its location's (6, 6) block (for
player 0, whose relative codes are the owner ids)."""


class Observer:
    """One player's observation bytes, kept between calls, what it has to do for the fields
    written since (``pending``), and the seat its bytes flag as deciding
    (``decider``, -1: none; flagged for each player, as it changes at almost every step)."""

    __slots__ = (
        "player", "n", "order", "seat_rows", "owner_flags", "buf", "bytes", "pending", "scores",
        "score_floats", "score_slice", "reshuffled", "copies", "base", "decider", "sizes",
    )  # fmt: skip

    def __init__(self, s, player: int, base: bytearray | None = None):
        g = s.game
        n = g.num_players
        self.player = player
        self.n = n
        self.order = tuple((player + r) % n for r in range(n))
        """The seat written in each relative row."""
        self.seat_rows = tuple((SEATS + r * SEAT_WIDTH, q) for r, q in enumerate(self.order))
        """(Start of the ``seats`` row, seat written there) per relative row."""
        self.owner_flags = _owner_flags(player, n)
        buf = self.buf = bytearray(LAYOUT.size)
        self.bytes = np.frombuffer(buf, np.uint8)
        """A view of ``buf`` (which it also keeps from being resized by a bad write)."""
        self.pending: dict = {}
        """The writers and copies still to run (a dict: an ordered set), before the player's
        next call (player 0's: before anything is copied from its bytes)."""
        self.copies = _copies(player, n)
        self.base = base
        """Player 0's bytes, which the shared pieces are copied from."""
        self.decider = -1
        self.sizes: tuple[int, ...] = ()
        """The deck and stack sizes written (``observe``)."""
        self.scores = bytearray(FLOAT32.size * len(SCORE_FIELDS) * n)
        self.score_floats = np.frombuffer(self.scores, np.float32)
        self.score_slice = slice(SCORES, SCORES + len(self.score_floats))
        self.reshuffled: np.ndarray | None = None
        """``seat_scores`` (float32 bytes, viewed as floats) and ``reshuffled``, written after
        the division of the bytes."""
        buf[START["mode"] + MODE_INDEX[g.mode]] = 1
        buf[START["mode"] + 4] = g.simplified
        for r in range(n):
            buf[SEATS + r * SEAT_WIDTH] = 1  # present


class Encoding:
    """The players' ``Observer``s of one state: player 0's, which holds the shared pieces (see
    ``PARTS``), and the others' (a state's copy starts a new one)."""

    __slots__ = ("observers", "others")

    def __init__(self, s) -> None:
        base = Observer(s, 0)
        for write in ALL_WRITERS:
            write(s, base)
        self.observers: dict[int, Observer] = {0: base}
        self.others: list[Observer] = []


def _column(field: str, offset: int, size: bool = False):
    """Writer of a per-player int (``size``: the length of a per-player list) at ``offset`` of
    the ``seats`` rows."""

    def write(s, o: Observer) -> None:
        values, buf = getattr(s, field), o.buf
        for b, q in o.seat_rows:
            buf[b + offset] = len(values[q]) if size else values[q]

    return write


def _columns(field: str, start: int, width: int = SEAT_WIDTH):
    """Writer of a per-player list of ints from ``start``, a row of ``width`` per seat (by
    default from a column of the ``seats`` rows)."""

    def write(s, o: Observer) -> None:
        values, buf = getattr(s, field), o.buf
        for r, q in enumerate(o.order):
            row = values[q]
            b = start + r * width
            buf[b : b + len(row)] = bytearray(row)  # (see HEADER_ZEROS)

    return write


def _one_hot_rows(field: str, piece: str, width: int):
    """Writer of a per-player list of ids as one row of flags per seat."""
    start = START[piece]
    zeros = bytearray(4 * width)

    def write(s, o: Observer) -> None:
        values, buf = getattr(s, field), o.buf
        buf[start : start + 4 * width] = zeros
        for r, q in enumerate(o.order):
            b = start + r * width
            for x in values[q]:
                buf[b + x] = 1

    return write


CLEAR = {name: (sl, bytearray(sl.stop - sl.start), sl.start) for name, sl in LAYOUT.slices.items()}
"""Per piece: its slice, as many zeros and its start."""


def _clear(buf: bytearray, piece: str) -> int:
    sl, zeros, start = CLEAR[piece]
    buf[sl] = zeros
    return start


def _write_year(s, o: Observer) -> None:
    o.buf[_clear(o.buf, "year") + min(s.year, 5) - 1] = 1


def _write_reputation(s, o: Observer) -> None:
    """Reputation and the discs stacked on each tied disc (``view.stacked_above``)."""
    reps, n = s.rep, o.n
    above = NO_TIES
    if len(set(reps)) < n:
        times = s.rep_time
        above = [0, 0, 0, 0]
        for q in range(n):
            for p in range(q + 1, n):
                if reps[p] == reps[q]:  # the later arrival sits on top
                    above[q if times[p] > times[q] else p] += 1
    buf = o.buf
    for b, q in o.seat_rows:
        buf[b + REP_COLUMN], buf[b + ABOVE_COLUMN] = reps[q], above[q]


def _write_known_hands(s, o: Observer) -> None:
    """The cards of each hand the player knows (``view.known_hand``)."""
    buf, hands, public_hand, player = o.buf, s.hand, s.public_hand, o.player
    start = _clear(buf, "seat_public_hand")
    for r, q in enumerate(o.order):
        b = start + r * NUM_EXPEDITIONS
        for c in hands[q]:
            if q == player or public_hand >> c & 1:
                buf[b + c] = 1


def _write_side(s, o: Observer) -> None:
    buf = o.buf
    for b, q in o.seat_rows:
        buf[b + COLUMN["side_a"]] = s.side[q] == 0
        buf[b + COLUMN["side_b"]] = s.side[q] == 1


def _write_society_offer(s, o: Observer) -> None:
    buf = o.buf
    b = _clear(buf, "my_society_offer")
    for i, c in enumerate(s.society_offer[o.player]):
        buf[b + i * 12 + c] = 1


def _write_known_tiles(s, o: Observer) -> None:
    """Face-down tiles seen and not taken since (``view.known_tiles``)."""
    buf = o.buf
    b = _clear(buf, "my_known_tiles")
    seen = s.bloom_seen[o.player] & ~s.bloom_seen[-1]
    box = s.bloom_box
    while seen:  # each tile seen
        low = seen & -seen
        t = low.bit_length() - 1
        buf[b + (NUM_TILES if t in box[0] or t in box[1] else 0) + t] = 1
        seen ^= low


def _cards(field: str, piece: str, mine: bool = False):
    """Writer of a list of cards as flags (``mine``: a list per player, the observer's)."""

    def write(s, o: Observer) -> None:
        buf, cards = o.buf, getattr(s, field)
        b = _clear(buf, piece)
        for c in cards[o.player] if mine else cards:
            buf[b + c] = 1

    return write


def _flag_rows(field: str, piece: str, owners: bool = False):
    """Writer of a list as one row of flags per entry (absent seats' rows stay zero): the flag
    of its value (of its owner's relative code if ``owners``: -1 flags the row's "empty" code
    where the row has one); an entry of -1 otherwise flags nothing."""
    start, width = START[piece], LAYOUT.shapes[piece][-1]
    flags = (*(_one_hot(width, x) for x in range(width)), bytearray(width))  # (by value; -1: none)

    def write(s, o: Observer) -> None:
        rows, values = o.owner_flags[width] if owners else flags, getattr(s, field)
        o.buf[start : start + width * len(values)] = join_bytes([rows[x] for x in values])

    return write


def _write_scores(s, o: Observer) -> None:
    """The unbounded counts, kept as float32 bytes (copied after the division, at every call:
    bytes are joined and rotated faster than a list is converted)."""
    values = []
    prestige, science, money = s.prestige, s.science, s.money
    for q in o.order:
        values += (prestige[q], science[q], money[q])
    o.scores[:] = join_bytes(map(_unbounded, values))


def _write_reshuffled(s, o: Observer) -> None:
    """The reshuffle that put each card in a new deck, kept as floats (None: no reshuffle)."""
    epoch = s.exp_epoch
    o.reshuffled = None
    if epoch.count(0) + epoch.count(-1) < NUM_EXPEDITIONS:  # a discard pile was reshuffled
        values = np.maximum(np.array(epoch, dtype=np.float32), 0)
        o.reshuffled = values / (values + 1)


def _copy(field: str, piece: str):
    """Writer of a list of counts as it is."""
    start = START[piece]

    def write(s, o: Observer) -> None:
        value = getattr(s, field)
        o.buf[start : start + len(value)] = bytearray(value)

    return write


def _write_patrons_put_back(s, o: Observer) -> None:
    buf = o.buf
    b = _clear(buf, "patrons_put_back")
    seen = s.patron_seen[o.player]
    if seen and s.patron_known:
        for i, x in enumerate(s.patron_deck[: s.patron_known]):
            if seen >> x & 1:
                buf[b + x] = i + 1


def _write_locations(s, o: Observer) -> None:
    """Pieces per location, section and owner (shared: the owners' columns are turned)."""
    buf = o.buf
    b = _clear(buf, "locations")
    for pieces in s.locations:
        for x in pieces:
            buf[b + PIECE_OFFSETS[x]] += 1
        b += 36


def _write_automa(s, o: Observer) -> None:
    g, buf = s.game, o.buf
    if not g.automa:
        return
    b = _clear(buf, "automa")
    if s.automa_last >= 0:
        buf[b + g.automa_cards[s.automa_last].favor] = 1
    for c in s.automa_played:
        buf[b + 6 + c] = 1
    buf[b + 15] = s.automa_pawns


SEATS_ONLY = ("seats",)
PARTS = (
    (("year",), _write_year, ("year",)),
    (("rep", "rep_time"), _write_reputation, SEATS_ONLY),
    (("knowledge",), _columns("knowledge", SEATS + COLUMN["knowledge0"]), SEATS_ONLY),
    (("expertise",), _columns("expertise", SEATS + COLUMN["expertise0"]), SEATS_ONLY),
    (("placed",), _columns("placed", SEATS + COLUMN["placed0"]), SEATS_ONLY),
    (("discs",), _column("discs", COLUMN["discs"]), SEATS_ONLY),
    (("rep_discs",), _column("rep_discs", COLUMN["rep_discs"]), SEATS_ONLY),
    (("req_discs",), _column("req_discs", COLUMN["requirement_discs"]), SEATS_ONLY),
    (("hand",), _column("hand", COLUMN["hand_size"], size=True), SEATS_ONLY),
    (("hand", "public_hand"), _write_known_hands, ()),
    (("setup_hand",), _column("setup_hand", COLUMN["setup_hand_size"], size=True), SEATS_ONLY),
    (("setup_hand",), _cards("setup_hand", "my_setup_hand", mine=True), ()),
    (("played",), _column("played", COLUMN["played"], size=True), SEATS_ONLY),
    (("played",), _one_hot_rows("played", "seat_played", NUM_EXPEDITIONS), ("seat_played",)),
    (("exhibited",), _column("exhibited", COLUMN["exhibited"]), SEATS_ONLY),
    (("side",), _write_side, SEATS_ONLY),
    (("penalties",), _columns("penalties", SEATS + COLUMN["penalty0"]), SEATS_ONLY),
    (("claims",), _columns("claims", SEATS + COLUMN["claim_a"]), SEATS_ONLY),
    (("bloom_right",), _columns("bloom_right", SEATS + COLUMN["bloom_right10"]), SEATS_ONLY),
    (("bloom_taken",), _columns("bloom_taken", SEATS + COLUMN["bloom_taken10"]), SEATS_ONLY),
    (("relics",), _columns("relics", START["seat_relics"], NUM_RELIC_KINDS), ("seat_relics",)),
    (("society",), _flag_rows("society", "seat_society"), ("seat_society",)),
    (("patrons",), _one_hot_rows("patrons", "seat_patrons", NUM_PATRONS), ("seat_patrons",)),
    (("honored",), _one_hot_rows("honored", "seat_honored", NUM_PATRONS), ("seat_honored",)),
    (("bloom",), _one_hot_rows("bloom", "seat_bloomsbury", NUM_TILES), ("seat_bloomsbury",)),
    (("favor_space",), _flag_rows("favor_space", "turn_order", owners=True), ()),
    (("studies",), _cards("studies", "my_studies", mine=True), ()),
    (("society_offer",), _write_society_offer, ()),
    (("bloom_seen", "bloom_box"), _write_known_tiles, ()),
    (("program",), _flag_rows("program", "program"), ("program",)),
    (("exp_discard",), _cards("exp_discard", "discard_pile"), ("discard_pile",)),
    (("exp_box",), _cards("exp_box", "box"), ("box",)),
    (("patron_seen", "patron_known", "patron_deck"), _write_patrons_put_back, ()),
    (("locations",), _write_locations, ("locations",)),
    (("gallery",), _flag_rows("gallery", "gallery", owners=True), ()),
    (("faces",), _flag_rows("faces", "collection_faces"), ("collection_faces",)),
    (("objectives",), _flag_rows("objectives", "objectives"), ("objectives",)),
    (("rs_left",), _flag_rows("rs_left", "objective_first", owners=True), ()),
    (("requirements",), _flag_rows("requirements", "requirements"), ("requirements",)),
    (("prestige", "science", "money"), _write_scores, ("seat_scores",)),
    (("exp_epoch",), _write_reshuffled, ("reshuffled",)),
    (("bags",), _copy("bags", "bags"), ("bags",)),
    (("discards",), _copy("discards", "discards"), ("discards",)),
    (("automa_last", "automa_played", "automa_pawns"), _write_automa, ("automa",)),
)
"""Groups of pieces that change now and then: the state fields each is written from (all of
them: a writer reads nothing else of the state), its writer, which rewrites all of it, and the
pieces it writes if they are shared (see below; empty: written for each player)."""
FIELDS = tuple(dict.fromkeys(name for names, _, _ in PARTS for name in names))
"""Every field the parts are written from: frozen in ``saved.FIELDS``, the state's ``PUT``."""

# Shared pieces are the same for every player up to the order of the seats: the pieces of the
# seats in rows (``seat_*``, written by seat) and those of the board that name no owner.  They
# are written once, into player 0's bytes (whose rows are the seats in order), and copied into
# the other players' bytes with their rows turned; the other pieces are written for each
# player.  A test checks that every writer writes only the pieces it declares (or none that is
# shared).
SEAT_PIECES = frozenset(name for name in LAYOUT.slices if name.startswith("seat"))
SHARED_PIECES = tuple(dict.fromkeys(("mode", *(p for _, _, pieces in PARTS for p in pieces))))


def _copier(name: str):
    """The copy of shared piece ``name`` from player 0's bytes into another player's."""
    if name == "seat_scores":

        def copy(s, o: Observer) -> None:
            scores = s._encoding.observers[0].scores
            turn = FLOAT32.size * len(SCORE_FIELDS) * o.player
            o.scores[:] = scores[turn:] + scores[:turn]

    elif name == "locations":

        def copy(s, o: Observer) -> None:
            ((to, sources),) = o.copies[name]
            o.bytes[to] = s._encoding.observers[0].bytes[sources]  # (strided slices: slower)

    elif name == "reshuffled":

        def copy(s, o: Observer) -> None:
            o.reshuffled = s._encoding.observers[0].reshuffled

    elif name not in SEAT_PIECES:  # the same bytes
        piece = LAYOUT.slices[name]

        def copy(s, o: Observer) -> None:
            o.buf[piece] = o.base[piece]

    else:

        def copy(s, o: Observer) -> None:
            base, buf = o.base, o.buf
            for to, source in o.copies[name]:
                buf[to] = base[source]

    return copy


COPY = {name: _copier(name) for name in SHARED_PIECES}
ALL_WRITERS = tuple(write for _, write, _ in PARTS)
ALL_OPS = dict.fromkeys((*(write for _, write, pieces in PARTS if not pieces), *COPY.values()))
"""What a new observer other than player 0's runs: its own parts and every shared piece's copy."""


FIELD_WORK: dict[str, tuple[dict, dict]] = {name: ({}, {}) for name in FIELDS}
"""Per field, player 0's writers and what the other players do (dicts: ordered sets)."""
for _names, _write, _pieces in PARTS:
    for _name in _names:
        FIELD_WORK[_name][0][_write] = None
        FIELD_WORK[_name][1].update(dict.fromkeys([COPY[p] for p in _pieces] or [_write]))


@lru_cache(maxsize=4096)
def _work(changed: frozenset[str]) -> tuple[dict, dict]:
    """For the fields written: player 0's writers, and what the other players do (their own parts'
    writers and the copies of the shared pieces).  (The writers write apart, in any order.)"""
    writes, logged = {}, {}
    for name in changed:
        writes.update(FIELD_WORK[name][0])
        logged.update(FIELD_WORK[name][1])
    return writes, logged


@lru_cache(maxsize=64)
def _copies(player: int, n: int) -> dict[str, tuple[tuple[slice, slice | np.ndarray], ...]]:
    """(to, from) slices that copy each turned shared piece from player 0's bytes into
    ``player``'s: the seats' rows (the owners' columns of ``locations``) turned so that
    ``player`` comes first (player 0's are never run)."""
    out = {}
    for name in SHARED_PIECES:
        sl = LAYOUT.slices[name]
        if name == "locations":  # the owners' columns (of each row of 6) turned, as indices
            column = [*((r + player) % n for r in range(n)), *range(n, 6)]
            sources = [sl.start + i - i % 6 + column[i % 6] for i in range(sl.stop - sl.start)]
            out[name] = ((sl, np.array(sources)),)
        elif name in SEAT_PIECES:  # (the others are copied whole)
            width = (sl.stop - sl.start) // 4
            start, cut, stop = sl.start, sl.start + (n - player) * width, sl.start + n * width
            split = start + player * width
            out[name] = (
                (slice(start, cut), slice(split, stop)),
                (slice(cut, stop), slice(start, split)),
            )
    return out


def _flag_decider(o: Observer, decider: int) -> None:
    """Move ``o``'s deciding flag in the ``seats`` rows to ``decider``'s seat (-1: none)."""
    buf, player, n = o.buf, o.player, o.n
    if o.decider >= 0:
        buf[SEATS + (o.decider - player) % n * SEAT_WIDTH + DECIDER_COLUMN] = 0
    if decider >= 0:
        buf[SEATS + (decider - player) % n * SEAT_WIDTH + DECIDER_COLUMN] = 1
    o.decider = decider


def _observer(s, player: int) -> Observer:
    """``player``'s observer, its parts rewritten where their fields changed since its last
    call (player 0's at once, the others' at their next call)."""
    encoding = s._encoding
    if encoding is None:  # player 0's observer is written whole
        encoding = s._encoding = Encoding(s)
        s.written.clear()
    observers = encoding.observers
    base = observers[0]
    pending = base.pending
    if written := s.written:
        writes, logged = _work(frozenset(written))
        written.clear()
        pending.update(writes)
        for o in encoding.others:
            o.pending.update(logged)
    if pending:  # player 0's bytes are brought up to date before anything is copied from them
        for write in pending:
            write(s, base)
        pending.clear()
    decider = s.decider if s.decision != GAME_OVER else -1
    if decider != base.decider:
        _flag_decider(base, decider)
    if player == 0:
        return base
    observer = observers.get(player)
    if observer is None:
        observer = observers[player] = Observer(s, player, base.buf)
        observer.pending.update(ALL_OPS)
        encoding.others.append(observer)
    if pending := observer.pending:
        for write in pending:
            write(s, observer)
        pending.clear()  # (after the writes: a write that raised is tried again next time)
    if decider != observer.decider:  # (a copy of the seats from player 0's flags it)
        _flag_decider(observer, decider)
    return observer


def _task_args(s, player: int, buf: bytearray) -> None:
    _, _, buf[TASK_ARGS], buf[TASK_ARGS + 1] = s.queue[0]  # (kind, player, a, b)


def _resolved_args(s, player: int, buf: bytearray) -> None:
    """A relic or Knowledge choice: its arguments as ``view.decision_args`` rewrites them."""
    buf[TASK_ARGS], buf[TASK_ARGS + 1] = decision_args(s, s.queue[0])


def _discard_relic(s, player: int, buf: bytearray) -> None:
    _task_args(s, player, buf)
    cut = interrupted(s)  # (the only decision that may interrupt another)
    if cut >= 0:
        buf[INTERRUPTS + MID_TURN_KINDS.index(cut)] = 1


def _organizing(s, player: int, buf: bytearray) -> None:
    _task_args(s, player, buf)
    buf[DRAWN_CARDS + s.organizing] = 1


def _drawn_cards(s, player: int, buf: bytearray) -> None:
    """The draw of three being chosen from, which only its decider sees."""
    _task_args(s, player, buf)
    if s.decider == player:
        for x in s.drawn_cards:
            buf[DRAWN_CARDS + x] = 1


def _drawn_patrons(s, player: int, buf: bytearray) -> None:
    """The pair being chosen from: the cards ``player`` knows (``view.known_drawn_patrons``)."""
    _task_args(s, player, buf)
    seen = s.patron_seen[player]
    for x in s.drawn_patrons:
        if seen >> x & 1:
            buf[DRAWN_PATRONS + x] = 1


DECISION_WRITERS = tuple(
    {
        actions.C_RELIC: _resolved_args,
        actions.C_KNOW: _resolved_args,
        actions.C_DISCARD_RELIC: _discard_relic,
        actions.C_EXP_PAY: _organizing,
        actions.C_PICK_DRAWN: _drawn_cards,
        actions.C_PATRON: _drawn_patrons,
        GAME_OVER: lambda s, player, buf: None,  # the game is over: no pending decision
    }.get(decision, _task_args)
    for decision in range(len(actions.DECISIONS))
)
"""Per decision, the writer of the pieces it shows (cleared before): the pending task's
arguments, and the cards on the table in the decisions that show some."""


def observe(s, player: int, out: np.ndarray) -> None:
    """Rewrite the parts whose fields changed since this player's last call, then the pieces
    that change at almost every step; scale into ``out`` in one numpy pass."""
    observer = _observer(s, player)
    buf = observer.buf
    decision = s.decision
    buf[HEADER] = HEADER_ZEROS
    buf[TABLE] = TABLE_ZEROS
    buf[DECISION + decision] = 1
    DECISION_WRITERS[decision](s, player, buf)
    queue = s.queue
    if len(queue) > 1 and queue[1].kind not in FLOW_TASKS:  # (as a rule, none are)
        b = PENDING
        for kind, _, a, arg in pending_tasks(s):
            buf[b], buf[b + 1], buf[b + 2] = TASK_CODES[kind], a + 1, arg + 1
            b += 3
    if not s.turn_order:  # set-up: a Society's steps may read the regions chosen
        b = REGIONS_CHOSEN
        for r in regions_read(s):
            buf[b] = r + 1
            b += 1
    b = DRAWN_RELICS
    for k in s.drawn_relics:
        buf[b + k] = 1
    cur = s.cur
    if cur[0] >= 0:
        b = CURRENT
        buf[b + cur[0]] = buf[b + 3 + cur[1]] = buf[b + 7 + cur[2] - 1] = 1
        if cur[3]:
            buf[b + 13] = 1
        done = s.collections_done
        while done:  # each collection rewarded this turn
            low = done & -done
            buf[b + 13 + low.bit_length()] = 1
            done ^= low
    stacks = s.stacks
    sizes = (
        len(s.exp_deck), len(s.patron_deck), len(s.study_deck), len(s.society_deck),
        s.patron_known, len(stacks[0]), len(stacks[1]),
    )  # fmt: skip
    if sizes != observer.sizes:  # (they change now and then)
        buf[DECK_SIZES_SLICE] = bytearray(sizes[:5])
        buf[STACK_SIZES], buf[STACK_SIZES + 1] = sizes[5:]
        observer.sizes = sizes
    out[...] = observer.bytes  # (then divided in place: faster than dividing bytes into floats)
    np.divide(out, DIVISORS, out)
    out[observer.score_slice] = observer.score_floats
    if observer.reshuffled is not None:
        out[RESHUFFLED] = observer.reshuffled
