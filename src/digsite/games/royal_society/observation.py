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
    # encode writes these pairs of pieces as one block each
    for first, second in (("seats", "seat_relics"), ("bags", "discards")):
        assert layout.slices[first].stop == layout.slices[second].start
    return layout


def _rel(owner: int, player: int, n: int) -> int:
    if owner >= 4:
        return owner  # AUTOMA 4, NEUTRAL 5
    return (owner - player) % n


def encode(s, player: int, out: np.ndarray) -> None:
    """Positions set to 1 are gathered in one list and written with one numpy call."""
    g = s.game
    L = g.starts
    n = g.num_players
    out.fill(0.0)
    seats = L["seats"]
    ones = [L["decision"] + s.decision, L["year"] + min(s.year, 5) - 1]
    deciding = s.decision < NUM_DECISIONS and s.decider == player
    if deciding and s.queue:
        t = s.queue[0]
        base = L["task_args"]
        out[base] = min(1.0, max(t[2], 0) / 50.0)
        out[base + 1] = min(1.0, max(t[3], 0) / 50.0)
    ones.append(L["mode"] + MODE_INDEX[g.mode])
    if g.simplified:
        ones.append(L["mode"] + 4)
    width = len(SEAT_FIELDS)
    block = [0.0] * (4 * width + 4 * 16)  # the "seats" and "seat_relics" pieces, adjacent
    for q in range(n):
        r = (q - player) % n
        know, ex, pen = s.knowledge[q], s.expertise[q], s.penalties[q]
        claims, right, taken, placed = s.claims[q], s.bloom_right[q], s.bloom_taken[q], s.placed[q]
        b = r * width
        block[b : b + width] = (
            1.0, s.rep[q] / 9, min(1.0, s.prestige[q] / 150), min(1.0, s.science[q] / 30),
            min(1.0, s.money[q] / 80), know[0] / 12, know[1] / 12, know[2] / 12, know[3] / 12,
            ex[0] / 6, ex[1] / 6, ex[2] / 6, placed[0], placed[1], placed[2], s.discs[q] / 10,
            s.rep_discs[q] / 10, s.req_discs[q] / 2, min(1.0, len(s.hand[q]) / 6),
            min(1.0, len(s.played[q]) / 15), min(1.0, s.exhibited[q] / 15),
            float(s.side[q] == 0), float(s.side[q] == 1), pen[0], pen[1], pen[2], pen[3],
            claims[0] / 2, claims[1] / 2, claims[2] / 2, right[0], right[1], taken[0], taken[1],
            float(s.decision < NUM_DECISIONS and s.decider == q),
        )  # fmt: skip
        b = 4 * width + r * 16
        block[b : b + 16] = [SIXTHS[x] for x in s.relics[q]]
        if s.society[q] >= 0:
            ones.append(L["seat_society"] + r * 12 + s.society[q])
        b = L["seat_played"] + r * 48
        ones += [b + c for c in s.played[q]]
        b = L["seat_patrons"] + r * 16
        ones += [b + x for x in s.patrons[q]]
        b = L["seat_honored"] + r * 16
        ones += [b + x for x in s.honored[q]]
        b = L["seat_bloomsbury"] + r * 20
        ones += [b + x for x in s.bloom[q]]
        b = L["seat_public_hand"] + r * 48
        if q == player:
            ones += [b + c for c in s.hand[q]]
        else:
            ones += [b + c for c in s.hand[q] if s.public_hand >> c & 1]
    out[seats : seats + len(block)] = block
    b = L["turn_order"]
    for space, owner in enumerate(s.favor_space):
        if owner >= 0:
            ones.append(b + space * 6 + _rel(owner, player, n))
    ones += [L["my_hand"] + c for c in s.hand[player]]
    ones += [L["my_studies"] + c for c in s.studies[player]]
    ones += [L["my_setup_hand"] + c for c in s.setup_hand[player]]
    if s.society[player] < 0:
        ones += [L["my_society_offer"] + c for c in s.society_offer[player]]
    seen = s.bloom_seen[player] & ~s.bloom_seen[-1]  # not taken since
    if seen:
        b = L["my_known_tiles"]
        ones += [b + g.tile_stack[t] * 20 + t for t in range(20) if seen >> t & 1]
    if deciding:
        ones += [L["drawn_cards"] + c for c in s.drawn_cards]
        ones += [L["drawn_patrons"] + x for x in s.drawn_patrons]
        if s.cur[0] >= 0:
            b = L["current"]
            ones += [b + s.cur[0], b + 3 + s.cur[1], b + 7 + s.cur[2] - 1]
            if s.cur[3]:
                ones.append(b + 13)
    ones += [L["drawn_relics"] + k for k in s.drawn_relics]
    b = L["program"]
    ones += [b + slot * 48 + c for slot, c in enumerate(s.program) if c >= 0]
    ones += [L["discard_pile"] + c for c in s.exp_discard]
    ones += [L["box"] + c for c in s.exp_box]
    b = L["deck_sizes"]
    out[b : b + 5] = [
        len(s.exp_deck) / 48,
        len(s.patron_deck) / 16,
        len(s.study_deck) / 16,
        len(s.society_deck) / 12,
        s.patron_known / 16,
    ]
    b = L["locations"]
    counts: dict[int, int] = {}
    for loc in range(4):
        for x in s.locations[loc]:
            idx = b + loc * 36 + ((x & 7) - 1) * 6 + _rel(x >> 3, player, n)
            counts[idx] = counts.get(idx, 0) + 1
    if counts:
        out[list(counts)] = [min(1.0, k / 3) for k in counts.values()]
    b = L["gallery"]
    ones += [
        b + sp * 7 + (_rel(owner, player, n) if owner >= 0 else 6)
        for sp, owner in enumerate(s.gallery)
    ]
    b = L["collection_faces"]
    ones += [b + c * 24 + face for c, face in enumerate(s.faces)]
    b = L["objectives"]
    ones += [b + i * 12 + obj for i, obj in enumerate(s.objectives)]
    b = L["objective_first"]
    ones += [
        b + i * 7 + (_rel(owner, player, n) if owner >= 0 else 6)
        for i, owner in enumerate(s.rs_left)
    ]
    b = L["requirements"]
    ones += [b + s.requirements[0], b + 8 + s.requirements[1]]
    b = L["bags"]  # "bags" and "discards" are adjacent
    out[b : b + 32] = [SIXTHS[x] for x in s.bags] + [SIXTHS[x] for x in s.discards]
    b = L["stack_sizes"]
    out[b] = len(s.stacks[0]) / 5
    out[b + 1] = len(s.stacks[1]) / 5
    if g.automa:
        b = L["automa"]
        if s.automa_last >= 0:
            ones.append(b + g.automa_cards[s.automa_last].favor)
        ones += [b + 6 + c for c in s.automa_played]
        out[b + 15] = s.automa_pawns / 3
    out[ones] = 1.0


MODE_INDEX = {"solo": 0, "confrontation": 1, "competitive": 2, "standard": 3}
SIXTHS = tuple(min(1.0, i / 6) for i in range(16))
"""Relic counts: at most 6 of a kind exist."""
