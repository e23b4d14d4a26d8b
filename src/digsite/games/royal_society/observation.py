"""``view(player)`` written into a flat float32 vector of named pieces (see ``view.py``).

Seats are relative (0 = the observer, then the next players clockwise); owners of pieces on the
board are the four relative seats, then the Automa and the neutral colour.  Counts are divided by
their true maximum; the unbounded ones (Prestige, Science, money, reshuffles) are mapped by
``v / (v + k)``, which never saturates.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ...core.encoding import ObservationLayout
from .actions import (
    A_GAIN,
    C_DISCARD_RELIC,
    C_EXP_PAY,
    C_KNOW,
    C_PATRON,
    C_PICK_DRAWN,
    C_RELIC,
    MID_TURN,
    NUM_DECISIONS,
    NUM_SPACES,
)
from .view import (
    PENDING_SLOTS,
    REGION_SLOTS,
    decision_args,
    interrupted,
    pending_tasks,
    regions_read,
)

SEAT_FIELDS = (
    "present",
    "reputation",
    "discs_above",
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
    "setup_hand_size",
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
SCORE_FIELDS = ("prestige", "science", "money")
"""Seat counts with no maximum (piece ``seat_scores``): written as ``v / (v + UNBOUNDED_SCALE)``."""
UNBOUNDED_SCALE = 50.0
UNBOUNDED_TABULATED = 1024
UNBOUNDED_TABLE = [v / (v + UNBOUNDED_SCALE) for v in range(UNBOUNDED_TABULATED)]
"""``v / (v + UNBOUNDED_SCALE)`` looked up for the usual values (the same float)."""
MID_TURN_KINDS = tuple(sorted(MID_TURN))
RESOLVED = frozenset((C_RELIC, C_KNOW))
"""Decisions whose arguments ``view.decision_args`` rewrites (others are written as they are)."""
AUTO_CODE = NUM_DECISIONS - A_GAIN
"""Added to an automatic task's kind (100..109) to number it after the 25 decisions."""
TASK_KINDS = NUM_DECISIONS + 10
"""A queued task is written as (kind code + 1, a + 1, b + 1) over (TASK_KINDS, ARG_RANGE x2);
arguments run from -1 (a region still to be read) to ARG_RANGE - 1."""
ARG_RANGE = 64
EXPEDITIONS = 48
PATRONS = 16
TILES = 20


def observation_layout() -> ObservationLayout:
    layout = ObservationLayout(
        [
            ("decision", (NUM_DECISIONS + 1,)),
            ("task_args", (2,)),
            ("interrupts", (len(MID_TURN_KINDS),)),
            ("pending", (PENDING_SLOTS, 3)),
            ("regions_chosen", (REGION_SLOTS,)),
            ("year", (5,)),
            ("mode", (5,)),
            ("seats", (4, len(SEAT_FIELDS))),
            ("seat_scores", (4, len(SCORE_FIELDS))),
            ("seat_relics", (4, 16)),
            ("seat_society", (4, 12)),
            ("seat_played", (4, EXPEDITIONS)),
            ("seat_patrons", (4, PATRONS)),
            ("seat_honored", (4, PATRONS)),
            ("seat_bloomsbury", (4, TILES)),
            ("seat_public_hand", (4, EXPEDITIONS)),
            ("turn_order", (6, 6)),
            ("my_studies", (16,)),
            ("my_setup_hand", (EXPEDITIONS,)),
            ("my_society_offer", (2, 12)),
            ("my_known_tiles", (2, TILES)),
            ("drawn_cards", (EXPEDITIONS,)),
            ("drawn_patrons", (PATRONS,)),
            ("drawn_relics", (16,)),
            ("current", (3 + 4 + 6 + 1 + 6,)),
            ("program", (6, EXPEDITIONS)),
            ("discard_pile", (EXPEDITIONS,)),
            ("box", (EXPEDITIONS,)),
            ("reshuffled", (EXPEDITIONS,)),
            ("deck_sizes", (5,)),
            ("patrons_put_back", (PATRONS,)),
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
    1, 9, 3, 12, 12, 12, 12, 6, 6, 6, 1, 1, 1, 10, 10, 2, 48, 4, 48, 10,
    1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1,
)  # fmt: skip
"""The true maximum of each of ``SEAT_FIELDS`` (hand: every Expedition card)."""
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
    ("deck_sizes", (EXPEDITIONS, PATRONS, 16, 12, PATRONS)),
    ("patrons_put_back", (PATRONS,) * PATRONS),
    ("stack_sizes", (5, 5)),
    ("task_args", (50, 50)),
    ("pending", (TASK_KINDS, ARG_RANGE, ARG_RANGE) * PENDING_SLOTS),
    ("regions_chosen", (4,) * REGION_SLOTS),
)
"""The pieces holding counts, and what their entries are divided by (their true maximum)."""
DIVISORS = np.ones(LAYOUT.size, dtype=np.float32)
for _name, _divisors in COUNTED:
    _stop = LAYOUT.slices[_name].stop
    DIVISORS[_stop - len(_divisors) : _stop] = _divisors
DIVISORS[LAYOUT.slices["automa"].stop - 1] = 3  # the Automa's pawns left
SCORES = START["seat_scores"]
NO_TIES = (0, 0, 0, 0)
"""Discs above each seat's Reputation disc when no two players share a space."""
# The observation is assembled as bytes (0/1 flags and counts below 256), divided by
# ``DIVISORS`` in one numpy pass; the unbounded counts (``seat_scores``) are then written.
# A float32 division of a byte by these divisors rounds exactly as dividing in Python and
# rounding to float32 (a test checks every byte and divisor).


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
    decision = s.decision
    buf[L["decision"] + decision] = 1
    buf[L["year"] + min(s.year, 5) - 1] = 1
    buf[L["mode"] + MODE_INDEX[g.mode]] = 1
    if g.simplified:
        buf[L["mode"] + 4] = 1
    playing = decision < NUM_DECISIONS
    deciding = playing and s.decider == player
    decider = s.decider if playing else -1
    seats, seat_relics = L["seats"], L["seat_relics"]
    seat_society, seat_played = L["seat_society"], L["seat_played"]
    seat_patrons, seat_honored = L["seat_patrons"], L["seat_honored"]
    seat_bloomsbury, seat_public_hand = L["seat_bloomsbury"], L["seat_public_hand"]
    public_hand = s.public_hand
    reps = s.rep
    above = NO_TIES
    if len(set(reps)) < n:  # tied discs: count those sitting on each (``view.stacked_above``)
        times = s.rep_time
        above = [0, 0, 0, 0]
        for q in range(n):
            for p in range(q + 1, n):
                if reps[p] == reps[q]:  # the later arrival sits on top
                    above[q if times[p] > times[q] else p] += 1
    out_values = []
    sides, knowledge, expertise, placed = s.side, s.knowledge, s.expertise, s.placed
    discs, rep_discs, req_discs, hands = s.discs, s.rep_discs, s.req_discs, s.hand
    setup_hands, played, exhibited, penalties = s.setup_hand, s.played, s.exhibited, s.penalties
    claims, bloom_right, bloom_taken = s.claims, s.bloom_right, s.bloom_taken
    prestige, science, money, relics = s.prestige, s.science, s.money, s.relics
    society, patrons, honored, bloom = s.society, s.patrons, s.honored, s.bloom
    for r in range(n):
        q = (player + r) % n
        side = sides[q]
        hand = hands[q]
        b = seats + r * SEAT_WIDTH
        buf[b : b + SEAT_WIDTH] = (
            1, reps[q], above[q], *knowledge[q], *expertise[q], *placed[q], discs[q],
            rep_discs[q], req_discs[q], len(hand), len(setup_hands[q]), len(played[q]),
            exhibited[q], side == 0, side == 1, *penalties[q], *claims[q], *bloom_right[q],
            *bloom_taken[q], decider == q,
        )  # fmt: skip
        out_values += (prestige[q], science[q], money[q])
        b = seat_relics + r * 16
        buf[b : b + 16] = relics[q]
        if society[q] >= 0:
            buf[seat_society + r * 12 + society[q]] = 1
        b = seat_played + r * EXPEDITIONS
        for c in played[q]:
            buf[b + c] = 1
        b = seat_patrons + r * PATRONS
        for x in patrons[q]:
            buf[b + x] = 1
        b = seat_honored + r * PATRONS
        for x in honored[q]:
            buf[b + x] = 1
        b = seat_bloomsbury + r * TILES
        for x in bloom[q]:
            buf[b + x] = 1
        b = seat_public_hand + r * EXPEDITIONS
        if q == player:
            for c in hand:
                buf[b + c] = 1
        elif public_hand:
            for c in hand:
                if public_hand >> c & 1:
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
    seen = s.patron_seen[player]
    if seen and s.patron_known:
        b = L["patrons_put_back"]
        for i, x in enumerate(s.patron_deck[: s.patron_known]):
            if seen >> x & 1:
                buf[b + x] = i + 1
    b = L["stack_sizes"]
    buf[b : b + 2] = (len(s.stacks[0]), len(s.stacks[1]))
    if playing:
        b = L["task_args"]
        task = s.queue[0]
        buf[b : b + 2] = decision_args(s, task) if decision in RESOLVED else task[2:]
        if decision == C_DISCARD_RELIC:  # the only decision that may interrupt another
            cut = interrupted(s)
            if cut >= 0:
                buf[L["interrupts"] + MID_TURN_KINDS.index(cut)] = 1
    b = L["pending"]
    for t in pending_tasks(s):
        kind = t[0]
        buf[b : b + 3] = (kind + (1 if kind < NUM_DECISIONS else 1 + AUTO_CODE), t[2] + 1, t[3] + 1)
        b += 3
    if not s.turn_order:  # set-up: a Society's steps may read the regions chosen
        b = L["regions_chosen"]
        for r in regions_read(s):
            buf[b] = r + 1
            b += 1
    b = L["turn_order"]
    for space, owner in enumerate(s.favor_space):
        if owner >= 0:
            buf[b + space * 6 + rel[owner]] = 1
    b = L["my_studies"]
    for c in s.studies[player]:
        buf[b + c] = 1
    b = L["my_setup_hand"]
    for c in s.setup_hand[player]:
        buf[b + c] = 1
    b = L["my_society_offer"]
    for i, c in enumerate(s.society_offer[player]):
        buf[b + i * 12 + c] = 1
    seen = s.bloom_seen[player] & ~s.bloom_seen[-1]  # not taken since
    if seen:
        b = L["my_known_tiles"]
        box = s.bloom_box
        while seen:  # each tile seen
            low = seen & -seen
            t = low.bit_length() - 1
            buf[b + (TILES if t in box[0] or t in box[1] else 0) + t] = 1
            seen ^= low
    if decision == C_EXP_PAY or (deciding and decision == C_PICK_DRAWN):
        b = L["drawn_cards"]
        for c in s.drawn_cards:
            buf[b + c] = 1
    if deciding and decision == C_PATRON:
        b = L["drawn_patrons"]
        for x in s.drawn_patrons:
            buf[b + x] = 1
    if s.cur[0] >= 0:
        b = L["current"]
        buf[b + s.cur[0]] = buf[b + 3 + s.cur[1]] = buf[b + 7 + s.cur[2] - 1] = 1
        if s.cur[3]:
            buf[b + 13] = 1
        done = s.collections_done
        while done:  # each collection rewarded this turn
            low = done & -done
            buf[b + 13 + low.bit_length()] = 1
            done ^= low
    b = L["drawn_relics"]
    for k in s.drawn_relics:
        buf[b + k] = 1
    b = L["program"]
    for slot, c in enumerate(s.program):
        if c >= 0:
            buf[b + slot * EXPEDITIONS + c] = 1
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
    table = UNBOUNDED_TABLE
    out[SCORES : SCORES + len(out_values)] = [
        table[v] if v < UNBOUNDED_TABULATED else v / (v + UNBOUNDED_SCALE) for v in out_values
    ]
    epoch = s.exp_epoch
    if epoch.count(0) + epoch.count(-1) < EXPEDITIONS:  # a discard pile was reshuffled
        values = np.maximum(np.array(epoch, dtype=np.float32), 0)
        out[RESHUFFLED] = values / (values + 1)


RESHUFFLED = LAYOUT.slices["reshuffled"]
MODE_INDEX = {"solo": 0, "confrontation": 1, "competitive": 2, "standard": 3}
