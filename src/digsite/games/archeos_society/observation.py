"""What one Archeos Society player sees, written as named pieces into a flat float32 vector.

Hidden: the other players' hands (except the cards they are publicly known to hold because they
took them from the recruitment area), the deck order and where its monkeys are, another
player's Physician choices in progress, and in the draft the role cards one has not seen.
Seats are relative: seat 0 is the observer, 1.. the next players clockwise.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import ObservationLayout
from .actions import DECISIONS, DRAFT_ROLE, GAME_OVER, NUM_TARGETS, PROFESSOR_MOVE
from .components import (
    HAND_LIMIT,
    MAX_SPACES,
    MERCENARY,
    NUM_COLOURS,
    NUM_KINDS,
    NUM_ROLES,
    PHOTOGRAPHER,
)

SEATS = 6
KIND_SCALE = 4.0  # at most 4 cards of one kind (Students)
CARD = 1.0 / KIND_SCALE
"""One card in a card-count row of the observation (``state.planes`` is kept in this unit)."""
SCORE_SCALE = 150.0
SEAT_FEATURES = 12
EXPEDITION_FEATURES = 12
CONTEXT_FEATURES = 12


def observation_layout() -> ObservationLayout:
    return ObservationLayout(
        [
            # card counts / 4 (at most 4 cards of a kind): copied from the state's float rows
            ("hand", (NUM_KINDS,)),
            ("area", (NUM_KINDS,)),
            ("known_hands", (SEATS - 1, NUM_KINDS)),  # next seats: cards known in their hands
            ("played", (NUM_KINDS,)),  # cards in every expedition of the season
            ("kept", (NUM_KINDS,)),  # own Physician choice in progress
            ("current_expedition", (NUM_KINDS,)),
            # public tables, cached until they change
            ("seats", (SEATS, SEAT_FEATURES)),
            ("vehicles", (SEATS, NUM_TARGETS, MAX_SPACES)),
            ("tokens", (6, SEATS + 1)),  # Professor token 1..6: in the middle, or its seat
            ("roles", (NUM_ROLES,)),
            ("sides", (NUM_COLOURS, 3)),  # compass, advanced, not laid yet (draft)
            ("season", (3,)),
            ("expeditions", (SEATS, EXPEDITION_FEATURES)),
            # the turn
            ("first_player", (SEATS,)),
            ("hand_sizes", (SEATS,)),
            ("monkeys", (4,)),  # revealed this season: 0..3
            ("deck", (2,)),  # cards in the deck / 100, of which in the monkey-free top / 100
            ("decision", (len(DECISIONS),)),
            ("decider", (SEATS,)),
            ("leader", (NUM_ROLES + NUM_COLOURS,)),
            ("trait", (2,)),
            ("context", (CONTEXT_FEATURES,)),
            ("uluru_vehicle", (NUM_TARGETS,)),
            ("draft_hand", (NUM_ROLES,)),
            ("draft_board", (NUM_COLOURS,)),
            ("num_players", (5,)),
        ]
    )


LAYOUT = observation_layout()
_S = {name: s.start for name, s in LAYOUT.slices.items()}
_ROWS_END = LAYOUT["played"].stop
_ROWS = _ROWS_END // NUM_KINDS
_PUBLIC = slice(LAYOUT["seats"].start, LAYOUT["expeditions"].stop)
"""The public tables (seats to season) and the expedition rows: cached together by seat."""
_TABLES_SIZE = LAYOUT["season"].stop - _PUBLIC.start
_EXPEDITION_ROWS = slice(_TABLES_SIZE, _PUBLIC.stop - _PUBLIC.start)
_MERC_LOW, _MERC_HIGH = MERCENARY * NUM_COLOURS, MERCENARY * NUM_COLOURS + NUM_COLOURS - 1
_PHOTO_LOW, _PHOTO_HIGH = PHOTOGRAPHER * NUM_COLOURS, PHOTOGRAPHER * NUM_COLOURS + NUM_COLOURS - 1


def _row_order(n: int, player: int) -> np.ndarray:
    """Rows of ``state.planes`` in observation order (the zero row for unused seats)."""
    zero = 2 * n + 2
    known = [n + (player + s) % n for s in range(1, n)] + [zero] * (SEATS - n)
    return np.array([player, 2 * n, *known, 2 * n + 1], dtype=np.intp)


def _public_order(n: int, player: int) -> np.ndarray:
    """Where each entry of the public part comes from in its absolute-seat version (the last
    index of that version is a zero, for the seats a game does not have)."""
    o = _PUBLIC.start
    size = _PUBLIC.stop - o
    order = np.arange(size, dtype=np.intp)
    seat_pieces = (
        ("seats", SEAT_FEATURES),
        ("vehicles", NUM_TARGETS * MAX_SPACES),
        ("expeditions", EXPEDITION_FEATURES),
    )
    for name, width in seat_pieces:
        base = _S[name] - o
        for s in range(SEATS):
            rel = slice(base + s * width, base + (s + 1) * width)
            if s < n:
                q = (player + s) % n
                order[rel] = np.arange(base + q * width, base + (q + 1) * width)
            else:
                order[rel] = size
    base = _S["tokens"] - o
    for v in range(6):
        for s in range(SEATS):
            at = base + v * (SEATS + 1) + 1 + s
            order[at] = base + v * (SEATS + 1) + 1 + (player + s) % n if s < n else size
    return order


_KEYS = [(n, p) for n in range(2, SEATS + 1) for p in range(n)]
_ORDERS = {key: _row_order(*key) for key in _KEYS}
_PUBLIC_ORDERS = {key: _public_order(*key) for key in _KEYS}


def encode(state, player: int, out: np.ndarray) -> None:
    """Write ``player``'s view of ``state`` into ``out``.

    Card counts are copied from ``state.planes`` (kept in step with the rules' lists, already
    in observation units); the public part comes from a cache by absolute seat (see
    :func:`_public`), rotated to the observer; the turn is written entry by entry into zeros
    through a memoryview (few entries are set; numpy is slow per entry and converts Python
    lists slowly)."""
    n = state.game.num_players
    decision = state.decision
    playing = decision != GAME_OVER
    state.planes.take(_ORDERS[n, player], axis=0, out=out[:_ROWS_END].reshape(_ROWS, NUM_KINDS))
    out[_KEPT:] = 0.0  # the public part is overwritten whole below
    if state.decider == player and state.keep_left:
        kept = out[_KEPT : _KEPT + NUM_KINDS]
        kept[:] = state.kept
        kept *= CARD
    b = memoryview(out)
    lead = state.lead
    if lead >= 0 and playing:
        for k in state.expeditions[state.decider][-1]:
            b[_CURRENT + k] += CARD
    _public(state).take(_PUBLIC_ORDERS[n, player], out=out[_PUBLIC])

    b[_FIRST + (state.first_player - player) % n] = 1.0
    sizes = state.hand_size
    for s in range(n):
        b[_HAND_SIZES + s] = sizes[(player + s) % n] / HAND_LIMIT
    b[_MONKEYS + state.monkeys] = 1.0
    b[_DECK] = min(len(state.deck) / 100.0, 1.0)
    b[_DECK + 1] = min(state.top_left / 100.0, 1.0)
    b[_DECISION + decision] = 1.0
    if playing:
        b[_DECIDER + (state.decider - player) % n] = 1.0
    if lead >= 0 and playing:
        b[_LEADER + lead // NUM_COLOURS] = 1.0
        b[_LEADER + NUM_ROLES + lead % NUM_COLOURS] = 1.0
        if state.trait >= 0:
            b[_TRAIT + state.trait] = 1.0
        c = _CONTEXT
        b[c] = state.cap / HAND_LIMIT
        b[c + 1] = state.colour_done
        b[c + 2] = state.role_done
        b[c + 3] = state.cart_ok
        b[c + 4] = min(state.ling_pending / 4.0, 1.0)
        b[c + 5] = state.keep_left / HAND_LIMIT
        b[c + 6] = min(state.patron_draw / HAND_LIMIT, 1.0)
        b[c + 7] = min(state.chichen_draws / HAND_LIMIT, 1.0)
    if state.phase:
        b[_CONTEXT + 7 + state.phase] = 1.0  # Ur or Professor phase
        if decision == PROFESSOR_MOVE and state.prof_queue:
            b[_CONTEXT + (10 if state.prof_queue[0][1] > 0 else 11)] = 1.0
    if state.uluru_target >= 0:
        b[_ULURU + state.uluru_target] = 1.0
    if decision == DRAFT_ROLE:
        seen = state.draft_seen[player]
        for r in state.draft_hand:
            if player == state.decider or seen[r]:
                b[_DRAFT_HAND + r] = 1.0
    if state.draft_drawn >= 0:
        b[_DRAFT_BOARD + state.draft_drawn] = 1.0
    b[_NUM_PLAYERS + n - 2] = 1.0


_KEPT = _S["kept"]
_CURRENT = _S["current_expedition"]
_FIRST = _S["first_player"]
_HAND_SIZES = _S["hand_sizes"]
_MONKEYS = _S["monkeys"]
_DECK = _S["deck"]
_DECISION = _S["decision"]
_DECIDER = _S["decider"]
_LEADER = _S["leader"]
_TRAIT = _S["trait"]
_CONTEXT = _S["context"]
_ULURU = _S["uluru_vehicle"]
_DRAFT_HAND = _S["draft_hand"]
_DRAFT_BOARD = _S["draft_board"]
_NUM_PLAYERS = _S["num_players"]
assert _KEPT == _ROWS_END  # encode zeroes everything after the copied card rows
assert HAND_LIMIT == 10  # the documented scale of hand sizes and the size cap


def _public(state) -> np.ndarray:
    """The public part by absolute seat, with one zero at the end: the tables are rewritten
    when ``state.version`` changed, the expedition rows when expeditions grew."""
    cache = state._obs_cache
    block = cache.get("public")
    if block is None:
        block = cache["public"] = np.zeros(_PUBLIC.stop - _PUBLIC.start + 1, dtype=np.float32)
    if cache.get("version") != state.version:
        cache["version"] = state.version
        _write_tables(state, block[:_TABLES_SIZE])
    _update_expedition_rows(state, cache, block[_EXPEDITION_ROWS])
    return block


def _write_tables(state, block: np.ndarray) -> None:
    """Seats (score, Linguist track, relics, Professor tokens, Botanist tile), vehicles,
    tokens, roles and sides and season, by absolute seat.  The tables are mostly zeros: the
    few other entries are written one by one through a memoryview (much faster per entry than
    numpy's indexing, or than converting index lists)."""
    n = state.game.num_players
    o = -_PUBLIC.start
    block[:] = 0.0
    b = memoryview(block)
    length = state.game.tables.linguist_length
    holder = state.botanist[0]
    token_sum = [0] * n
    tokens = o + _S["tokens"]
    for v, q in enumerate(state.tokens):
        b[tokens + v * (SEATS + 1) + (0 if q < 0 else 1 + q)] = 1.0
        if q >= 0:
            token_sum[q] += v + 1
    seats, vehicles = o + _S["seats"], o + _S["vehicles"]
    for p in range(n):
        base = seats + p * SEAT_FEATURES
        b[base] = 1.0
        score = state.score[p]
        if score > 0:
            b[base + 1] = min(score / SCORE_SCALE, 1.0)
        b[base + 2] = state.linguist[p] / length
        for c, relic in enumerate(state.relics[p]):
            if relic:
                b[base + 3 + c] = 1.0
        b[base + 9] = token_sum[p] / 21.0
        if holder == p:
            b[base + 10] = 1.0
        vbase = vehicles + p * NUM_TARGETS * MAX_SPACES
        for t, where in enumerate(state.pos[p]):
            b[vbase + t * MAX_SPACES + where] = 1.0
    roles, sides = o + _S["roles"], o + _S["sides"]
    for r in state.roles:
        b[roles + r] = 1.0
    for c, side in enumerate(state.sides):
        b[sides + 3 * c + (2 if side < 0 else side)] = 1.0
    b[o + _S["season"] + state.season - 1] = 1.0


def _update_expedition_rows(state, cache: dict, rows: np.ndarray) -> None:
    """Per absolute seat: expeditions by size 1..10 (/ 4), Mercenaries in them (/ 10),
    expeditions led by a Photographer (/ 5).

    Within a season expeditions only grow at the end (a new one, or a card added to the last
    one): nothing is redone while the count of cards in expeditions stays, and then only the
    rows whose count of expeditions or size of the last one changed; a new season or the end
    of the game (the Mercenaries leave) starts afresh."""
    when = (state.season, state.decision == GAME_OVER)
    cards = sum(state.played)
    found = cache.get("expeditions")
    if found is not None and found[0] == when:
        if found[1] == cards:
            return
        keys = found[2]
    else:
        keys = [None] * SEATS
        rows[:] = 0.0
    cache["expeditions"] = (when, cards, keys)
    for p, exps in enumerate(state.expeditions):
        key = (len(exps), len(exps[-1])) if exps else (0, 0)
        if keys[p] != key:
            keys[p] = key
            base = p * EXPEDITION_FEATURES
            rows[base : base + EXPEDITION_FEATURES] = _expedition_row(exps)


def _expedition_row(exps: list[list[int]]) -> list[float]:
    row = [0.0] * EXPEDITION_FEATURES
    mercs = photo = 0
    for e in exps:
        j = min(len(e), 10) - 1
        if row[j] < 1.0:
            row[j] += 0.25
        for k in e:
            if _MERC_LOW <= k <= _MERC_HIGH:
                mercs += 1
        if _PHOTO_LOW <= e[0] <= _PHOTO_HIGH:
            photo += 1
    row[10] = min(mercs / 10.0, 1.0)
    row[11] = min(photo / 5.0, 1.0)
    return row
