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
    ("automa", (3,)),  # pawns left, its last entry
)
"""The pieces holding counts (in this order in ``encode``'s bytes) and their divisors."""
COUNT_INDEX = np.concatenate(
    [
        np.arange(LAYOUT.slices[name].stop - len(divisors), LAYOUT.slices[name].stop)
        for name, divisors in COUNTED
    ]
)
COUNT_DIVISORS = np.array([d for _, divisors in COUNTED for d in divisors], dtype=np.float64)
BYTE = 255
"""Counts go to numpy as bytes (one C call, not one conversion per Python int), divided in
float64 and clipped to 1: the same float32 values as dividing each in Python.  Unbounded counts
(Prestige, Science, £, task arguments) are capped at a byte first, as all clip to 1 before."""


@lru_cache(maxsize=64)
def _owner_codes(player: int, n: int) -> tuple[int, ...]:
    """Relative code of each owner id (players, then AUTOMA 4, NEUTRAL 5), and 6 at index -1:
    the "empty" code of the pieces that have one."""
    return (*((q - player) % n for q in range(n)), *(0,) * (4 - n), 4, 5, 6)


@lru_cache(maxsize=4096)
def _board_ones(
    gallery: tuple[int, ...],
    faces: tuple[int, ...],
    objectives: tuple[int, ...],
    rs_left: tuple[int, ...],
    requirements: tuple[int, ...],
    player: int,
    n: int,
) -> tuple[int, ...]:
    """Positions set in the slowly changing board pieces (cached: most steps change none)."""
    rel = _owner_codes(player, n)
    b = START["gallery"]
    ones = [b + sp * 7 + rel[owner] for sp, owner in enumerate(gallery)]
    b = START["collection_faces"]
    ones += [b + c * 24 + face for c, face in enumerate(faces)]
    b = START["objectives"]
    ones += [b + i * 12 + obj for i, obj in enumerate(objectives)]
    b = START["objective_first"]
    ones += [b + i * 7 + rel[owner] for i, owner in enumerate(rs_left)]
    b = START["requirements"]
    ones += [b + requirements[0], b + 8 + requirements[1]]
    return tuple(ones)


def encode(s, player: int, out: np.ndarray) -> None:
    """Positions set to 1 are gathered in one list, the counts in one bytes object (see
    ``COUNTED``): two numpy writes."""
    g = s.game
    L = START
    n = g.num_players
    rel = _owner_codes(player, n)
    ones = [L["decision"] + s.decision, L["year"] + min(s.year, 5) - 1]
    add = ones.append  # plain loops: cheaper than comprehensions over short lists
    add(L["mode"] + MODE_INDEX[g.mode])
    if g.simplified:
        add(L["mode"] + 4)
    deciding = s.decision < NUM_DECISIONS and s.decider == player
    decider = s.decider if s.decision < NUM_DECISIONS else -1
    seat_society, seat_played = L["seat_society"], L["seat_played"]
    seat_patrons, seat_honored = L["seat_patrons"], L["seat_honored"]
    seat_bloomsbury, seat_public_hand = L["seat_bloomsbury"], L["seat_public_hand"]
    counts: list[int] = []  # the "seats" piece, seat by relative seat
    relics: list[int] = []  # the "seat_relics" piece
    for r in range(n):
        q = (player + r) % n
        side = s.side[q]
        counts += (
            1, s.rep[q], min(s.prestige[q], BYTE), min(s.science[q], BYTE),
            min(s.money[q], BYTE), *s.knowledge[q], *s.expertise[q], *s.placed[q], s.discs[q],
            s.rep_discs[q], s.req_discs[q], len(s.hand[q]), len(s.played[q]), s.exhibited[q],
            side == 0, side == 1, *s.penalties[q], *s.claims[q], *s.bloom_right[q],
            *s.bloom_taken[q], decider == q,
        )  # fmt: skip
        relics += s.relics[q]
        if s.society[q] >= 0:
            add(seat_society + r * 12 + s.society[q])
        b = seat_played + r * 48
        for c in s.played[q]:
            add(b + c)
        b = seat_patrons + r * 16
        for x in s.patrons[q]:
            add(b + x)
        b = seat_honored + r * 16
        for x in s.honored[q]:
            add(b + x)
        b = seat_bloomsbury + r * 20
        for x in s.bloom[q]:
            add(b + x)
        b = seat_public_hand + r * 48
        if q == player:
            for c in s.hand[q]:
                add(b + c)
        else:
            for c in s.hand[q]:
                if s.public_hand >> c & 1:
                    add(b + c)
    absent = 4 - n
    counts += [0] * (absent * SEAT_WIDTH)
    counts += relics
    counts += [0] * (absent * 16)
    pieces = [0] * (4 * 36)  # the "locations" piece: pieces per location, section, owner
    for loc in range(4):
        for x in s.locations[loc]:
            pieces[loc * 36 + ((x & 7) - 1) * 6 + rel[x >> 3]] += 1
    counts += pieces
    counts += s.bags
    counts += s.discards
    task = s.queue[0] if deciding and s.queue else (0, 0, 0, 0)
    counts += (
        len(s.exp_deck), len(s.patron_deck), len(s.study_deck), len(s.society_deck),
        s.patron_known, len(s.stacks[0]), len(s.stacks[1]), min(max(task[2], 0), BYTE),
        min(max(task[3], 0), BYTE), s.automa_pawns if g.automa else 0,
    )  # fmt: skip
    b = L["turn_order"]
    for space, owner in enumerate(s.favor_space):
        if owner >= 0:
            add(b + space * 6 + rel[owner])
    b = L["my_hand"]
    for c in s.hand[player]:
        add(b + c)
    b = L["my_studies"]
    for c in s.studies[player]:
        add(b + c)
    b = L["my_setup_hand"]
    for c in s.setup_hand[player]:
        add(b + c)
    if s.society[player] < 0:
        b = L["my_society_offer"]
        for c in s.society_offer[player]:
            add(b + c)
    seen = s.bloom_seen[player] & ~s.bloom_seen[-1]  # not taken since
    if seen:
        b = L["my_known_tiles"]
        for t in range(20):
            if seen >> t & 1:
                add(b + g.tile_stack[t] * 20 + t)
    if deciding:
        b = L["drawn_cards"]
        for c in s.drawn_cards:
            add(b + c)
        b = L["drawn_patrons"]
        for x in s.drawn_patrons:
            add(b + x)
        if s.cur[0] >= 0:
            b = L["current"]
            ones += (b + s.cur[0], b + 3 + s.cur[1], b + 7 + s.cur[2] - 1)
            if s.cur[3]:
                add(b + 13)
    b = L["drawn_relics"]
    for k in s.drawn_relics:
        add(b + k)
    b = L["program"]
    for slot, c in enumerate(s.program):
        if c >= 0:
            add(b + slot * 48 + c)
    b = L["discard_pile"]
    for c in s.exp_discard:
        add(b + c)
    b = L["box"]
    for c in s.exp_box:
        add(b + c)
    ones += _board_ones(
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
            add(b + g.automa_cards[s.automa_last].favor)
        for c in s.automa_played:
            add(b + 6 + c)
    out.fill(0.0)
    out[COUNT_INDEX] = np.minimum(np.frombuffer(bytes(counts), np.uint8) / COUNT_DIVISORS, 1.0)
    out[np.fromiter(ones, np.intp, len(ones))] = 1.0


MODE_INDEX = {"solo": 0, "confrontation": 1, "competitive": 2, "standard": 3}
