"""What one Medieval Realms player knows (``view.py``), written as named pieces into a flat float32
vector.

Seats are relative: slot 0 is the observer, 1.. the next players clockwise; unused slots are zero.
Cards are described by what they show (their *face*): a card row of features in the panels, hands
and the pending card, a count per face for realms and the discard pile.  Counts are scaled by true
bounds from the game's data (``game.max_count``, ``game.max_leaders``, copies of a face in the
deck), so no reachable value is ever clipped; tokens, VP and bids, which have loose bounds, use
``log(1 + n) / log(1 + game.max_count)``: exact, and fine-grained where values usually lie."""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import accumulate

import numpy as np

from ...core.encoding import ObservationLayout
from . import actions, components
from .actions import PLACE, PLACE_KINDS
from .components import FUTURE_SIZE, NUM_COLOURS, NUM_LANDS, NUM_TYPES, PANEL_SIZE

SEATS = 5
CARD_PARTS = (
    NUM_TYPES,
    components.NUM_RESOURCES,
    NUM_COLOURS,
    len(components.LEADERS),
    len(components.ISLAND_CONDITIONS) + 1,
)
"""Per card: type (18), shown resource (7), shown colour (10), leader given (3), Island
condition kind (4) and count / the deck's highest count (1); then token options (7)."""
CARD_FEATURES = sum(CARD_PARTS) + components.NUM_RESOURCES
FINAL_PARTS = 3  # end-of-game VP: card effects, resources, Great Persons
SEAT_FIELDS = (
    ("present", 1),
    ("resources", components.NUM_RESOURCES),
    ("vp", 1),
    ("final", FINAL_PARTS),
    ("leaders", len(components.LEADERS)),
    ("buffers", 1),
    ("passed", 1),
    ("placed", 1),
    ("position", SEATS),
    ("types", NUM_TYPES),
    ("colours", NUM_COLOURS),
    ("owed", 1),
)
_SEAT_LAYOUT = ObservationLayout((name, (size,)) for name, size in SEAT_FIELDS)
SEAT_FEATURES = _SEAT_LAYOUT.size
_SPAN = _SEAT_LAYOUT.slices
_SEAT = {name: span.start for name, span in _SPAN.items()}
PLACEMENT_FEATURES = components.NUM_SQUARES + 3 * NUM_LANDS
PLACING_FEATURES = len(PLACE_KINDS) + 1 + NUM_LANDS  # kind, leaders left, lowest spot
AUCTION_FEATURES = 1 + 2 * SEATS + 1  # bid, high bidder, bidders out, tokens committed
ACTOR_DECISIONS = (actions.ACTION, actions.BID, actions.TOKEN_CHOICE, actions.BONUS)
"""Decisions of the action phase, when the player whose turn it is (the actor) matters."""


def observation_layout(num_faces: int) -> ObservationLayout:
    """The pieces; ``num_faces`` is the number of different cards in the game's deck."""
    return ObservationLayout(
        [
            ("round", (actions.NUM_ROUNDS,)),
            ("decision", (len(actions.DECISIONS),)),
            ("decider", (SEATS,)),  # relative seat of the player to decide
            ("actor", (SEATS,)),  # relative seat whose turn of the action phase it is
            ("panel", (PANEL_SIZE, CARD_FEATURES)),  # Current Events squares 1..12
            ("future", (FUTURE_SIZE, CARD_FEATURES)),  # Future Events (face up)
            ("deck_size", (1,)),  # cards left in the deck / deck size
            ("discard", (num_faces,)),  # discarded cards by face / copies of the face
            ("pairs", (SEATS, len(actions.PAIRS))),  # each seat's extra-token pair
            ("seats", (SEATS, SEAT_FEATURES)),
            ("hands", (SEATS, components.HAND_LIMIT, CARD_FEATURES)),
            ("realms", (SEATS, num_faces)),  # cards in play by face / copies of the face
            ("placement", (SEATS, PLACEMENT_FEATURES)),  # own always; others once revealed
            ("placing", (PLACING_FEATURES,)),  # kind, left (public); lowest spot (placer only)
            ("pending_card", (CARD_FEATURES,)),  # the card being auctioned, or giving tokens
            ("auction", (AUCTION_FEATURES,)),
        ]
    )


_SEAT_ORDER = {
    (n, player): np.array([(player + k) % n for k in range(n)], dtype=np.intp)
    for n in range(2, SEATS + 1)
    for player in range(n)
}
_POSITIONS = np.eye(SEATS, dtype=np.float32)


class ObservationTables:
    """Everything about one game configuration the encoder needs: the layout, its offsets,
    the card rows and the scales."""

    def __init__(self, game):
        self.layout = observation_layout(len(game.face_cards))
        self.start = {name: s.start for name, s in self.layout.slices.items()}
        self.board_start = self.start["panel"]
        self.board_end = self.layout["discard"].stop
        self.card_rows = card_rows(game)
        self.card_face = np.array(game.card_face, dtype=np.intp)
        self.face_scale = 1.0 / np.array(game.face_copies, dtype=np.float32)
        self.count_code = count_code(game.max_count)
        # a card's contribution to its owner's seat row: its type and colour, scaled
        types, colours = np.array(game.card_type), np.array(game.card_colour)
        ids = np.arange(len(types))
        self.realm_rows = np.zeros((len(ids), NUM_TYPES + NUM_COLOURS), dtype=np.float32)
        self.realm_rows[ids, types] = 1.0 / np.bincount(types)[types]
        self.realm_rows[ids, NUM_TYPES + colours] = 1.0 / np.bincount(colours)[colours]
        self.leader_scale = np.array([1.0 / m for m in game.max_leaders], dtype=np.float32)
        self.buffer_scale = 1.0 / max(1, game.max_buffers)
        kinds = (*game.max_leaders, game.max_buffers)
        spots = (components.NUM_SQUARES, NUM_LANDS, NUM_LANDS, NUM_LANDS)
        self.placement_scale = np.repeat(1.0 / np.maximum(kinds, 1), spots).astype(np.float32)
        self.left_scale = 1.0 / max(kinds)
        self.num_cards = len(game.cards)


def count_code(bound: int) -> np.ndarray:
    """``log(1 + n) / log(1 + bound)`` for n in 0..bound: exact for every count up to the
    bound, and fine-grained for small counts."""
    return (np.log1p(np.arange(bound + 1)) / math.log1p(bound)).astype(np.float32)


def card_rows(game) -> np.ndarray:
    """Feature rows of every card, plus a final zero row for an empty place (index -1).  Two
    cards have the same row exactly when they show the same (the same face)."""
    rows = np.zeros((len(game.cards) + 1, CARD_FEATURES), dtype=np.float32)
    o_res, o_col, o_lead, o_cond, o_opt = accumulate(CARD_PARTS)
    highest = max([card.condition[2] for card in game.cards] + [1])
    for card in game.cards:
        row = rows[card.id]
        row[card.type] = 1.0
        shown = (o_res, card.resource), (o_col, card.colour), (o_lead, game.card_leader[card.id])
        for offset, value in shown:  # (-1: none shown)
            if value >= 0:
                row[offset + value] = 1.0
        kind, what, count = card.condition
        if kind >= 0:
            row[o_cond + kind] = 1.0
            row[o_cond + len(components.ISLAND_CONDITIONS)] = count / highest
            offset = (o_lead, o_col, o_res, -1)[kind]
            if offset >= 0:
                row[offset + what] = 1.0
        for r in card.options:
            row[o_opt + r] = 1.0
    return rows


def observe(state, player: int, out: np.ndarray) -> None:
    """The kept public part (:func:`_public_part`), then what changes at almost every step (the
    turn, the placer's own placement behind the wall, the auction)."""
    game = state.game
    t = game.tables
    s = t.start
    n = game.num_players
    cache = state._obs_cache
    out[:] = _public_part(state, player, cache)
    decision = state.decision
    out[s["round"] + state.round - 1] = 1.0
    out[s["decision"] + decision] = 1.0
    if state.decider >= 0:
        out[s["decider"] + (state.decider - player) % n] = 1.0
    if decision in ACTOR_DECISIONS:
        out[s["actor"] + (state.actor - player) % n] = 1.0
    if decision == PLACE:
        placed = s["seats"] + _SEAT["placed"]
        for k, q in enumerate(_SEAT_ORDER[n, player]):
            if state.placed[q]:
                out[placed + k * SEAT_FEATURES] = 1.0
        o = s["placing"]
        out[o + state.place_kind] = 1.0
        out[o + len(PLACE_KINDS)] = state.place_left * t.left_scale
        if state.decider == player:
            out[o + len(PLACE_KINDS) + 1 + state.place_last] = 1.0
    if not state.revealed:
        o = s["placement"]
        out[o : o + PLACEMENT_FEATURES] = _placement_row(cache, t, state, player)
    auction = state.auction
    card = auction[0] if auction[0] >= 0 else state.choice_card
    if card >= 0:
        o = s["pending_card"]
        out[o : o + CARD_FEATURES] = t.card_rows[card]
    if auction[0] >= 0:
        o = s["auction"]
        code = t.count_code
        out[o] = code[auction[1]]
        if auction[2] >= 0:
            out[o + 1 + (auction[2] - player) % n] = 1.0
        for q in range(n):
            if state.auction_out[q]:
                out[o + 1 + SEATS + (q - player) % n] = 1.0
        out[o + 1 + 2 * SEATS] = code[state.raising]


# The public part of the observation (panels, discard, Manors, hands, realms, and the
# placements once revealed) changes only when the rules write one of the fields it reads:
# those of ``FIELDS``, frozen (tuples and ints) and written only with the state's ``put``,
# which notes each name in ``state.written`` (the tests refuse any other write).  Its tables
# by absolute seat are kept on the state (``state._obs_cache``) with each player's copy,
# seats turned so that the player comes first.  At each call the parts that read the fields
# written since are rewritten (``written`` is emptied), and each player's copy takes the
# pieces rewritten since its last call.  A step behind the wall writes only placements, which
# the public part hides until the walls come down, and a bid writes none of these fields: both
# leave it as it was.  A copy (``clone``, ``resample_hidden``) starts with nothing kept.


def _write_board(state, cache: dict) -> bool:
    """The board block: both panels, the deck's size and the discard pile by face."""
    t = state.game.tables
    board = cache["board"]
    future = (PANEL_SIZE + FUTURE_SIZE) * CARD_FEATURES  # the end of the two panels' rows
    board[:future] = t.card_rows[[*state.panel, *state.future]].ravel()
    board[future] = len(state.deck) / t.num_cards
    counts = np.bincount(t.card_face[list(state.discard)], minlength=len(t.face_scale))
    board[future + 1 :] = counts * t.face_scale
    return True


def _write_hands(state, cache: dict) -> bool:
    """Each seat's hand whose cards changed, card rows in hand order."""
    rows = state.game.tables.card_rows
    hands, keys = cache["hands"], cache["hand_keys"]
    for p, hand in enumerate(state.hand):
        if hand != keys[p]:
            hands[p] = 0.0
            hands[p, : len(hand)] = rows[list(hand)]
            keys[p] = hand
    return True


def _write_realms(state, cache: dict) -> bool:
    """Each seat's realm whose cards changed: counts by face, and its types and colours (a part
    of its seat row, written next)."""
    t = state.game.tables
    realms, keys, summary = cache["realms"], cache["realm_keys"], cache["realm_summary"]
    for p, realm in enumerate(state.realm):
        if realm != keys[p]:
            keys[p] = realm
            cards = list(realm)
            counts = np.bincount(t.card_face[cards], minlength=len(t.face_scale))
            realms[p] = counts * t.face_scale
            summary[p] = t.realm_rows[cards].sum(axis=0)
    return True


def _write_seats(state, cache: dict) -> bool:
    """Seat rows whose tokens, VP, leaders, pass, turn position, bonus owed or realm changed."""
    t = state.game.tables
    code = t.count_code
    seats, keys, summary = cache["seats"], cache["seat_keys"], cache["realm_summary"]
    turn_order = state.turn_order
    queue = state.bonus_queue
    for p in range(len(seats)):
        raw = (
            state.res[p],
            state.vp[p],
            state.final[p],
            state.leaders[p],
            state.buffers[p],
            state.passed[p],
            turn_order.index(p),
            queue.count(p),
            state.realm[p],  # (its types and colours: ``_write_realms`` has summed them)
        )
        if raw == keys[p]:
            continue
        keys[p] = raw
        row = seats[p]
        row[_SEAT["present"]] = 1.0
        row[_SEAT["resources"] : _SEAT["leaders"]] = code[[*raw[0], raw[1], *raw[2]]]
        row[_SPAN["leaders"]] = np.multiply(state.leaders[p], t.leader_scale)
        row[_SEAT["buffers"]] = state.buffers[p] * t.buffer_scale
        row[_SEAT["passed"]] = float(state.passed[p])
        row[_SPAN["position"]] = _POSITIONS[raw[6]]
        row[_SEAT["types"] : _SEAT["owed"]] = summary[p]
        row[_SEAT["owed"]] = code[raw[7]]
    return True


def _write_pairs(state, cache: dict) -> bool:
    pairs = cache["pairs"]
    pairs[:] = 0.0
    for p, pair in enumerate(state.pair):
        if pair >= 0:
            pairs[p, pair] = 1.0
    return True


def _write_placements(state, cache: dict) -> bool:
    """The placements, public once revealed (None before); False if that hides them still."""
    if not state.revealed:
        shown, cache["placement"] = cache["placement"], None
        return shown is not None
    t = state.game.tables
    rows = [_placement_row(cache, t, state, q) for q in range(state.game.num_players)]
    cache["placement"] = np.array(rows)
    return True


PARTS = (
    (("panel", "future", "deck", "discard"), _write_board, "board"),
    (("hand",), _write_hands, "hands"),
    (("realm",), _write_realms, "realms"),
    (
        (
            "realm",
            "res",
            "vp",
            "final",
            "leaders",
            "buffers",
            "passed",
            "turn_order",
            "bonus_queue",
        ),
        _write_seats,
        "seats",
    ),
    (("pair",), _write_pairs, "pairs"),
    (
        ("revealed", "squares", "generals_on", "admirals_on", "buffers_on"),
        _write_placements,
        "placement",
    ),
)
"""The parts of the public part: the fields each is written from (all of them: a writer reads
nothing else of the state, in the order given), its writer, which returns whether what it
shows may have changed, and the piece it writes."""
FIELDS = tuple(dict.fromkeys(name for names, _, _ in PARTS for name in names))
"""Every field the public part reads: frozen in ``saved.FIELDS``, the state's ``PUT``."""
PIECES = tuple(piece for _, _, piece in PARTS)


@lru_cache(maxsize=256)
def _work(written: frozenset[str]) -> tuple[tuple, ...]:
    """The (writer, piece) of each part that reads a field ``written``, in order."""
    return tuple((write, piece) for names, write, piece in PARTS if not written.isdisjoint(names))


def _new_tables(state, cache: dict) -> None:
    """Every public table by absolute seat, written whole (a new state or copy)."""
    game = state.game
    t = game.tables
    n = game.num_players
    cache["board"] = np.empty(t.board_end - t.board_start, dtype=np.float32)
    for name in ("hands", "realms", "seats", "pairs"):  # the seat tables, a row per player
        cache[name] = np.zeros((n, *t.layout.shapes[name][1:]), dtype=np.float32)
    for name in ("hand_keys", "realm_keys", "seat_keys"):  # what each seat's row shows
        cache[name] = [None] * n
    cache["realm_summary"] = np.zeros((n, NUM_TYPES + NUM_COLOURS), dtype=np.float32)
    cache["placement"] = None
    cache["players"] = {}
    """Per player: its public part and the pieces rewritten since its last call."""
    for _, write, _ in PARTS:
        write(state, cache)


def _public_part(state, player: int, cache: dict) -> np.ndarray:
    """``player``'s public part, brought up to date (see above)."""
    written = state.written
    if not cache:
        _new_tables(state, cache)
        written.clear()
    elif written:
        rewritten = {piece for write, piece in _work(frozenset(written)) if write(state, cache)}
        written.clear()
        if rewritten:
            for kept in cache["players"].values():
                kept[1].update(rewritten)
    kept = cache["players"].get(player)
    if kept is None:
        part = np.zeros(state.game.tables.layout.size, dtype=np.float32)
        _turned(state, player, cache, part, PIECES)
        kept = cache["players"][player] = (part, set())
    elif kept[1]:
        _turned(state, player, cache, kept[0], kept[1])
        kept[1].clear()
    return kept[0]


def _turned(state, player: int, cache: dict, out: np.ndarray, pieces) -> None:
    t = state.game.tables
    s = t.start
    order = _SEAT_ORDER[state.game.num_players, player]
    for name in pieces:
        table = cache[name]
        if name == "board":
            out[t.board_start : t.board_end] = table
        elif table is None:  # the placements behind the wall
            out[t.layout.slices[name]] = 0.0
        else:
            out[s[name] : s[name] + table.size] = table[order].ravel()


def _placement_row(cache: dict, tables: ObservationTables, state, q: int) -> np.ndarray:
    """``q``'s leaders on the squares and lands, scaled (one row kept per placement)."""
    key = state.squares[q] + state.generals_on[q] + state.admirals_on[q] + state.buffers_on[q]
    rows = cache.setdefault("placement_rows", {})
    row = rows.get(key)
    if row is None:
        row = rows[key] = np.multiply(key, tables.placement_scale, dtype=np.float32)
    return row
