"""What one player may know, written into a flat float32 vector of named pieces.

Seats are relative (0 = the observer, then the next players clockwise); owners of pieces on the
board are the four relative seats, then the Automa and the neutral colour.  Counts are divided by
a generous maximum and clipped to 1.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ...core.encoding import ObservationLayout
from .actions import NUM_DECISIONS, NUM_SPACES

SEAT_FIELDS = (
    "present",
    "reputation",
    "prestige",
    "science",
    "money",
    "knowledge0",
    "knowledge1",
    "knowledge2",
    "knowledge3",
    "expertise0",
    "expertise1",
    "expertise2",
    "placed0",
    "placed1",
    "placed2",
    "discs",
    "rep_discs",
    "requirement_discs",
    "hand_size",
    "played",
    "exhibited",
    "side_a",
    "side_b",
    "penalty0",
    "penalty1",
    "penalty2",
    "penalty3",
    "claim_a",
    "claim_b",
    "claim_c",
    "bloom_right10",
    "bloom_right25",
    "bloom_taken10",
    "bloom_taken25",
    "decider",
)
PUBLIC_CARDS = 48


def observation_layout() -> ObservationLayout:
    layout = ObservationLayout(
        [
            ("decision", (NUM_DECISIONS + 1,)),
            ("task_args", (2,)),
            ("year", (5,)),
            ("mode", (5,)),
            ("seats", (4, len(SEAT_FIELDS))),
            ("seat_relics", (4, 16)),
            ("seat_society", (4, 12)),
            ("seat_played", (4, 48)),
            ("seat_patrons", (4, 16)),
            ("seat_honored", (4, 16)),
            ("seat_bloomsbury", (4, 20)),
            ("seat_public_hand", (4, 48)),
            ("turn_order", (6, 6)),
            ("my_hand", (48,)),
            ("my_studies", (16,)),
            ("my_setup_hand", (48,)),
            ("my_society_offer", (12,)),
            ("my_known_tiles", (2, 20)),
            ("drawn_cards", (48,)),
            ("drawn_patrons", (16,)),
            ("drawn_relics", (16,)),
            ("current", (3 + 4 + 6 + 1,)),
            ("program", (6, 48)),
            ("discard_pile", (48,)),
            ("box", (48,)),
            ("deck_sizes", (5,)),
            ("locations", (4, 6, 6)),
            ("gallery", (NUM_SPACES, 7)),
            ("collection_faces", (6, 24)),
            ("objectives", (3, 12)),
            ("objective_first", (3, 7)),
            ("requirements", (2, 8)),
            ("bags", (16,)),
            ("discards", (16,)),
            ("stack_sizes", (2,)),
            ("automa", (6 + 9 + 1,)),
        ]
    )
    return layout


SEAT_DIVISORS = (
    1, 9, 150, 30, 80, 12, 12, 12, 12, 6, 6, 6, 1, 1, 1, 10, 10, 2, 6, 15, 15,
    1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1,
)  # fmt: skip
"""What each of ``SEAT_FIELDS`` is divided by (every value is then clipped to 1)."""
assert len(SEAT_DIVISORS) == len(SEAT_FIELDS)
SEAT_WIDTH = len(SEAT_FIELDS)
LAYOUT = observation_layout()
START = {name: sl.start for name, sl in LAYOUT.slices.items()}
COUNTED = (
    ("seats", 4 * SEAT_DIVISORS),
    ("seat_relics", (6,) * 64),  # at most 6 relics of a kind exist
    ("locations", (3,) * 144),
    ("bags", (6,) * 16),
    ("discards", (6,) * 16),
    ("deck_sizes", (48, 16, 16, 12, 16)),
    ("stack_sizes", (5, 5)),
    ("task_args", (50, 50)),
)
"""The pieces holding counts, and what their entries are divided by."""
DIVISORS = np.ones(LAYOUT.size, dtype=np.float32)
for _name, _divisors in COUNTED:
    _stop = LAYOUT.slices[_name].stop
    DIVISORS[_stop - len(_divisors) : _stop] = _divisors
DIVISORS[LAYOUT.slices["automa"].stop - 1] = 3  # the Automa's pawns left
BYTE = 255
"""The observation is assembled as bytes (0/1 flags and counts; unbounded counts such as
Prestige capped at a byte, as all are clipped to 1 anyway), then divided by ``DIVISORS`` and
clipped in one numpy pass.  A float32 division of a byte by these divisors rounds exactly as
dividing in Python and rounding to float32 (a test checks every byte and divisor)."""


@lru_cache(maxsize=64)
def _owner_codes(player: int, n: int) -> tuple[int, ...]:
    """Relative code of each owner id (players, then AUTOMA 4, NEUTRAL 5), and 6 at index -1:
    the "empty" code of the pieces that have one."""
    return (*((q - player) % n for q in range(n)), *(0,) * (4 - n), 4, 5, 6)


BOARD = slice(LAYOUT.slices["gallery"].start, LAYOUT.slices["requirements"].stop)
"""The slowly changing board pieces, adjacent: gallery to requirements."""


@lru_cache(maxsize=4096)
def _board(
    gallery: tuple[int, ...],
    faces: tuple[int, ...],
    objectives: tuple[int, ...],
    rs_left: tuple[int, ...],
    requirements: tuple[int, ...],
    player: int,
    n: int,
) -> bytes:
    """The ``BOARD`` bytes (cached: most steps change none of these)."""
    rel = _owner_codes(player, n)
    buf = bytearray(LAYOUT.size)
    b = START["gallery"]
    for sp, owner in enumerate(gallery):
        buf[b + sp * 7 + rel[owner]] = 1
    b = START["collection_faces"]
    for c, face in enumerate(faces):
        buf[b + c * 24 + face] = 1
    b = START["objectives"]
    for i, obj in enumerate(objectives):
        buf[b + i * 12 + obj] = 1
    b = START["objective_first"]
    for i, owner in enumerate(rs_left):
        buf[b + i * 7 + rel[owner]] = 1
    b = START["requirements"]
    buf[b + requirements[0]] = buf[b + 8 + requirements[1]] = 1
    return bytes(buf[BOARD])


def encode(s, player: int, out: np.ndarray) -> None:
    """Flags and counts are written into one bytearray (plain loops: cheaper than
    comprehensions over short lists), then scaled into ``out`` in one numpy pass."""
    g = s.game
    L = START
    n = g.num_players
    rel = _owner_codes(player, n)
    buf = bytearray(LAYOUT.size)
    buf[L["decision"] + s.decision] = 1
    buf[L["year"] + min(s.year, 5) - 1] = 1
    buf[L["mode"] + MODE_INDEX[g.mode]] = 1
    if g.simplified:
        buf[L["mode"] + 4] = 1
    deciding = s.decision < NUM_DECISIONS and s.decider == player
    decider = s.decider if s.decision < NUM_DECISIONS else -1
    seats, seat_relics = L["seats"], L["seat_relics"]
    seat_society, seat_played = L["seat_society"], L["seat_played"]
    seat_patrons, seat_honored = L["seat_patrons"], L["seat_honored"]
    seat_bloomsbury, seat_public_hand = L["seat_bloomsbury"], L["seat_public_hand"]
    for r in range(n):
        q = (player + r) % n
        side = s.side[q]
        b = seats + r * SEAT_WIDTH
        buf[b : b + SEAT_WIDTH] = (
            1, s.rep[q], min(s.prestige[q], BYTE), min(s.science[q], BYTE),
            min(s.money[q], BYTE), *s.knowledge[q], *s.expertise[q], *s.placed[q], s.discs[q],
            s.rep_discs[q], s.req_discs[q], len(s.hand[q]), len(s.played[q]), s.exhibited[q],
            side == 0, side == 1, *s.penalties[q], *s.claims[q], *s.bloom_right[q],
            *s.bloom_taken[q], decider == q,
        )  # fmt: skip
        b = seat_relics + r * 16
        buf[b : b + 16] = s.relics[q]
        if s.society[q] >= 0:
            buf[seat_society + r * 12 + s.society[q]] = 1
        b = seat_played + r * 48
        for c in s.played[q]:
            buf[b + c] = 1
        b = seat_patrons + r * 16
        for x in s.patrons[q]:
            buf[b + x] = 1
        b = seat_honored + r * 16
        for x in s.honored[q]:
            buf[b + x] = 1
        b = seat_bloomsbury + r * 20
        for x in s.bloom[q]:
            buf[b + x] = 1
        b = seat_public_hand + r * 48
        if q == player:
            for c in s.hand[q]:
                buf[b + c] = 1
        else:
            for c in s.hand[q]:
                if s.public_hand >> c & 1:
                    buf[b + c] = 1
    b = L["locations"]  # pieces per location, section, owner
    for loc in range(4):
        for x in s.locations[loc]:
            buf[b + loc * 36 + ((x & 7) - 1) * 6 + rel[x >> 3]] += 1
    b = L["bags"]
    buf[b : b + 16] = s.bags
    b = L["discards"]
    buf[b : b + 16] = s.discards
    b = L["deck_sizes"]
    buf[b : b + 5] = (
        len(s.exp_deck), len(s.patron_deck), len(s.study_deck), len(s.society_deck),
        s.patron_known,
    )  # fmt: skip
    b = L["stack_sizes"]
    buf[b : b + 2] = (len(s.stacks[0]), len(s.stacks[1]))
    if deciding and s.queue:
        t = s.queue[0]
        b = L["task_args"]
        buf[b : b + 2] = (min(max(t[2], 0), BYTE), min(max(t[3], 0), BYTE))
    b = L["turn_order"]
    for space, owner in enumerate(s.favor_space):
        if owner >= 0:
            buf[b + space * 6 + rel[owner]] = 1
    b = L["my_hand"]
    for c in s.hand[player]:
        buf[b + c] = 1
    b = L["my_studies"]
    for c in s.studies[player]:
        buf[b + c] = 1
    b = L["my_setup_hand"]
    for c in s.setup_hand[player]:
        buf[b + c] = 1
    if s.society[player] < 0:
        b = L["my_society_offer"]
        for c in s.society_offer[player]:
            buf[b + c] = 1
    seen = s.bloom_seen[player] & ~s.bloom_seen[-1]  # not taken since
    if seen:
        b = L["my_known_tiles"]
        for t in range(20):
            if seen >> t & 1:
                buf[b + g.tile_stack[t] * 20 + t] = 1
    if deciding:
        b = L["drawn_cards"]
        for c in s.drawn_cards:
            buf[b + c] = 1
        b = L["drawn_patrons"]
        for x in s.drawn_patrons:
            buf[b + x] = 1
        if s.cur[0] >= 0:
            b = L["current"]
            buf[b + s.cur[0]] = buf[b + 3 + s.cur[1]] = buf[b + 7 + s.cur[2] - 1] = 1
            if s.cur[3]:
                buf[b + 13] = 1
    b = L["drawn_relics"]
    for k in s.drawn_relics:
        buf[b + k] = 1
    b = L["program"]
    for slot, c in enumerate(s.program):
        if c >= 0:
            buf[b + slot * 48 + c] = 1
    b = L["discard_pile"]
    for c in s.exp_discard:
        buf[b + c] = 1
    b = L["box"]
    for c in s.exp_box:
        buf[b + c] = 1
    buf[BOARD] = _board(
        tuple(s.gallery),
        tuple(s.faces),
        tuple(s.objectives),
        tuple(s.rs_left),
        tuple(s.requirements),
        player,
        n,
    )
    if g.automa:
        b = L["automa"]
        if s.automa_last >= 0:
            buf[b + g.automa_cards[s.automa_last].favor] = 1
        for c in s.automa_played:
            buf[b + 6 + c] = 1
        buf[b + 15] = s.automa_pawns
    out[:] = np.frombuffer(buf, np.uint8)
    np.divide(out, DIVISORS, out=out)
    np.minimum(out, 1.0, out=out)


MODE_INDEX = {"solo": 0, "confrontation": 1, "competitive": 2, "standard": 3}
