"""What one player may know, written into a flat float32 vector of named pieces.

Seats are relative (0 = the observer, then the next players clockwise); owners of pieces on the
board are the four relative seats, then the Automa and the neutral colour.  Counts are divided by
a generous maximum and clipped to 1.
"""

from __future__ import annotations

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
    return ObservationLayout(
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


def _rel(owner: int, player: int, n: int) -> int:
    if owner >= 4:
        return owner  # AUTOMA 4, NEUTRAL 5
    return (owner - player) % n


def encode(s, player: int, out: np.ndarray) -> None:
    g = s.game
    L = g.layout.slices
    n = g.num_players
    out.fill(0.0)
    out[L["decision"].start + s.decision] = 1.0
    if s.decision < NUM_DECISIONS and s.queue and s.decider == player:
        t = s.queue[0]
        base = L["task_args"].start
        out[base] = min(1.0, max(t[2], 0) / 50.0)
        out[base + 1] = min(1.0, max(t[3], 0) / 50.0)
    out[L["year"].start + min(s.year, 5) - 1] = 1.0
    mode = ("solo", "confrontation", "competitive", "standard").index(g.mode)
    out[L["mode"].start + mode] = 1.0
    out[L["mode"].start + 4] = float(g.simplified)
    width = len(SEAT_FIELDS)
    seats = L["seats"].start
    for q in range(n):
        r = (q - player) % n
        b = seats + r * width
        row = [
            1.0,
            s.rep[q] / 9,
            min(1.0, s.prestige[q] / 150),
            min(1.0, s.science[q] / 30),
            min(1.0, s.money[q] / 80),
            *(k / 12 for k in s.knowledge[q]),
            *(x / 6 for x in s.expertise[q]),
            *map(float, s.placed[q]),
            s.discs[q] / 10,
            s.rep_discs[q] / 10,
            s.req_discs[q] / 2,
            min(1.0, len(s.hand[q]) / 6),
            min(1.0, len(s.played[q]) / 15),
            min(1.0, s.exhibited[q] / 15),
            float(s.side[q] == 0),
            float(s.side[q] == 1),
            *map(float, s.penalties[q]),
            *(x / 2 for x in s.claims[q]),
            *map(float, s.bloom_right[q]),
            *map(float, s.bloom_taken[q]),
            float(s.decision < NUM_DECISIONS and s.decider == q),
        ]
        out[b : b + width] = row
        b = L["seat_relics"].start + r * 16
        out[b : b + 16] = [min(1.0, x / 6) for x in s.relics[q]]
        if s.society[q] >= 0:
            out[L["seat_society"].start + r * 12 + s.society[q]] = 1.0
        b = L["seat_played"].start + r * 48
        for c in s.played[q]:
            out[b + c] = 1.0
        b = L["seat_patrons"].start + r * 16
        for x in s.patrons[q]:
            out[b + x] = 1.0
        b = L["seat_honored"].start + r * 16
        for x in s.honored[q]:
            out[b + x] = 1.0
        b = L["seat_bloomsbury"].start + r * 20
        for x in s.bloom[q]:
            out[b + x] = 1.0
        b = L["seat_public_hand"].start + r * 48
        for c in s.hand[q]:
            if s.public_hand >> c & 1 or q == player:
                out[b + c] = 1.0
    b = L["turn_order"].start
    for space, owner in enumerate(s.favor_space):
        if owner >= 0:
            out[b + space * 6 + _rel(owner, player, n)] = 1.0
    for c in s.hand[player]:
        out[L["my_hand"].start + c] = 1.0
    for c in s.studies[player]:
        out[L["my_studies"].start + c] = 1.0
    for c in s.setup_hand[player]:
        out[L["my_setup_hand"].start + c] = 1.0
    if s.society[player] < 0:
        for c in s.society_offer[player]:
            out[L["my_society_offer"].start + c] = 1.0
    seen = s.bloom_seen[player]
    b = L["my_known_tiles"].start
    for k in range(2):
        for t in s.stacks[k] + s.bloom_box[k]:
            if seen >> t & 1:
                out[b + k * 20 + t] = 1.0
    if s.decision < NUM_DECISIONS and s.decider == player:
        for c in s.drawn_cards:
            out[L["drawn_cards"].start + c] = 1.0
        for x in s.drawn_patrons:
            out[L["drawn_patrons"].start + x] = 1.0
    for k in s.drawn_relics:
        out[L["drawn_relics"].start + k] = 1.0
    if s.decision < NUM_DECISIONS and s.decider == player and s.cur[0] >= 0:
        b = L["current"].start
        out[b + s.cur[0]] = 1.0
        out[b + 3 + s.cur[1]] = 1.0
        out[b + 7 + s.cur[2] - 1] = 1.0
        out[b + 13] = float(s.cur[3])
    b = L["program"].start
    for slot, c in enumerate(s.program):
        if c >= 0:
            out[b + slot * 48 + c] = 1.0
    for c in s.exp_discard:
        out[L["discard_pile"].start + c] = 1.0
    for c in s.exp_box:
        out[L["box"].start + c] = 1.0
    b = L["deck_sizes"].start
    out[b : b + 5] = [
        len(s.exp_deck) / 48,
        len(s.patron_deck) / 16,
        len(s.study_deck) / 16,
        len(s.society_deck) / 12,
        s.patron_known / 16,
    ]
    b = L["locations"].start
    for loc in range(4):
        for x in s.locations[loc]:
            idx = b + loc * 36 + ((x & 7) - 1) * 6 + _rel(x >> 3, player, n)
            out[idx] = min(1.0, out[idx] + 1 / 3)
    b = L["gallery"].start
    for sp, owner in enumerate(s.gallery):
        out[b + sp * 7 + (_rel(owner, player, n) if owner >= 0 else 6)] = 1.0
    b = L["collection_faces"].start
    for c, face in enumerate(s.faces):
        out[b + c * 24 + face] = 1.0
    b = L["objectives"].start
    for g_, obj in enumerate(s.objectives):
        out[b + g_ * 12 + obj] = 1.0
    b = L["objective_first"].start
    for g_, owner in enumerate(s.rs_left):
        out[b + g_ * 7 + (_rel(owner, player, n) if owner >= 0 else 6)] = 1.0
    b = L["requirements"].start
    out[b + s.requirements[0]] = 1.0
    out[b + 8 + s.requirements[1]] = 1.0
    b = L["bags"].start
    out[b : b + 16] = [x / 6 for x in s.bags]
    b = L["discards"].start
    out[b : b + 16] = [min(1.0, x / 6) for x in s.discards]
    b = L["stack_sizes"].start
    out[b] = len(s.stacks[0]) / 5
    out[b + 1] = len(s.stacks[1]) / 5
    if g.automa:
        b = L["automa"].start
        if s.automa_last >= 0:
            out[b + g.automa_cards[s.automa_last].favor] = 1.0
        for c in s.automa_played:
            out[b + 6 + c] = 1.0
        out[b + 15] = s.automa_pawns / 3
