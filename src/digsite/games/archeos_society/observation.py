"""``view(player)`` written as named pieces into a flat float32 vector, fast (a plain reference
encoder in ``envs_tests/test_archeos_society_observation.py`` writes the same bytes from the rules'
lists).

Seats are relative: seat 0 is the observer, 1.. the next players clockwise.  Every count is divided
by a true maximum of the game's data (``Scales``), so no reachable value saturates; scores are
shifted so that negative ones show."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core.encoding import ObservationLayout
from . import actions, components
from .actions import DRAFT_ROLE, DRAFT_SITE, GAME_OVER, NUM_TARGETS, PROFESSOR_MOVE
from .components import HAND_LIMIT, MAX_SPACES, NUM_COLOURS, NUM_KINDS, NUM_ROLES

SEATS = 6
MAX_SEASONS = 3
NUM_TOKENS = 6
TOKEN_SUM = sum(range(1, NUM_TOKENS + 1))
SEAT_FEATURES = 12
"""In game, score, Linguist track, relics (6), Professor token sum, Botanist tile, the size of
the expedition under it."""
EXPEDITION_FEATURES = 2 * HAND_LIMIT
"""Per seat: expeditions by cards other than Mercenaries (1..10), not / led by a Photographer."""
QUEUE_FEATURES = 3  # Ur expedition to come, Professor advance to come, Professor move back
CONTEXT_FEATURES = 12
MAX_SUSPENDED = HAND_LIMIT - 1
"""Cartographer expeditions waiting for their colour effect: each holds a card of the hand, and
so does the expedition being played."""
SUSPENDED_FEATURES = NUM_COLOURS + 1  # the Cartographer's colour, the size


@dataclass(frozen=True)
class Scales:
    """True maxima of one game's data, by which the observation divides."""

    card: float  # one card in a card-count row: 1 / the most cards of one kind
    deck: float  # cards and monkeys of the largest deck
    expeditions: float  # the most expeditions of one size a player can have in a season
    score: float  # no reachable score is beyond +-score
    linguist: float  # spaces of the Linguist track
    artifacts: float  # artifacts on the Linguist track (free advances of one expedition)


LAYOUT = ObservationLayout(
    [
        # what is known of each hand: its size (per seat), then card counts copied from the
        # state's float rows: the own hand, per seat (own first) the cards known to be there
        ("hands", (SEATS + (1 + SEATS) * NUM_KINDS,)),
        ("area", (NUM_KINDS,)),
        ("played", (NUM_KINDS,)),  # cards in every expedition of the season
        ("kept", (NUM_KINDS,)),  # own Physician choice
        ("current_expedition", (NUM_KINDS,)),
        # public tables, cached until they change
        ("seats", (SEATS, SEAT_FEATURES)),
        ("vehicles", (SEATS, NUM_TARGETS, MAX_SPACES)),
        ("tokens", (NUM_TOKENS, SEATS + 1)),  # Professor token 1..6: the middle, or a seat
        ("roles", (NUM_ROLES,)),
        ("sides", (NUM_COLOURS, 3)),  # compass, advanced, not laid yet (draft)
        ("season", (MAX_SEASONS,)),
        ("expeditions", (SEATS, EXPEDITION_FEATURES)),
        # the turn
        ("first_player", (SEATS,)),
        ("monkey_holder", (SEATS,)),  # who drew the third monkey
        ("queues", (SEATS, QUEUE_FEATURES)),
        ("monkeys", (4,)),  # revealed this season: 0..3
        ("deck", (2,)),  # cards in the deck, of which in the monkey-free top
        ("decision", (len(actions.DECISIONS),)),
        ("decider", (SEATS,)),
        ("leader", (NUM_ROLES + NUM_COLOURS,)),
        ("trait", (2,)),
        ("context", (CONTEXT_FEATURES,)),
        ("advanced", (NUM_TARGETS,)),  # vehicles this expedition advanced
        ("suspended", (MAX_SUSPENDED, SUSPENDED_FEATURES)),
        ("uluru_vehicle", (NUM_TARGETS,)),
        ("draft_hand", (NUM_ROLES,)),
        ("draft_board", (NUM_COLOURS,)),
        ("num_players", (SEATS - 1,)),
    ]
)
_S = {name: s.start for name, s in LAYOUT.slices.items()}
_HAND_SIZES = LAYOUT["hands"].start
_ROWS_START = _HAND_SIZES + SEATS
_ROWS_END = LAYOUT["played"].stop
_ROWS = (_ROWS_END - _ROWS_START) // NUM_KINDS
_PUBLIC = slice(LAYOUT["seats"].start, LAYOUT["expeditions"].stop)
"""The public tables (seats to season) and the expedition rows: cached together by seat."""
_TABLES_SIZE = LAYOUT["season"].stop - _PUBLIC.start
_EXPEDITION_ROWS = slice(_TABLES_SIZE, _PUBLIC.stop - _PUBLIC.start)
_MERC_LOW = components.MERCENARY * NUM_COLOURS
_MERC_HIGH = _MERC_LOW + NUM_COLOURS - 1
_PHOTO_LOW = components.PHOTOGRAPHER * NUM_COLOURS
_PHOTO_HIGH = _PHOTO_LOW + NUM_COLOURS - 1


def _row_order(n: int, player: int) -> np.ndarray:
    """Rows of ``state.planes`` in observation order (the zero row for unused seats)."""
    zero = 2 * n + 2
    known = [n + (player + s) % n for s in range(n)] + [zero] * (SEATS - n)
    return np.array([player, *known, 2 * n, 2 * n + 1], dtype=np.intp)


def _public_order(n: int, player: int) -> np.ndarray:
    """Where each entry of the public part comes from in its absolute-seat version (the last
    index of that version is a zero, for the seats a game does not have)."""
    o = _PUBLIC.start
    size = _PUBLIC.stop - o
    order = np.arange(size, dtype=np.intp)
    relative = np.arange(SEATS)
    seat = np.where(relative < n, (player + relative) % n, -1)  # -1: no such seat
    for name in ("seats", "vehicles", "expeditions"):  # (a row per seat)
        base = _S[name] - o
        width = np.prod(LAYOUT.shapes[name][1:])
        rows = base + seat[:, None] * width + np.arange(width)
        order[base : base + SEATS * width] = np.where(seat[:, None] < 0, size, rows).ravel()
    tokens = _S["tokens"] - o + 1 + (SEATS + 1) * np.arange(NUM_TOKENS)[:, None]
    order[tokens + relative] = np.where(seat < 0, size, tokens + seat)
    return order


_KEYS = [(n, p) for n in range(2, SEATS + 1) for p in range(n)]
_ORDERS = {key: _row_order(*key) for key in _KEYS}
_PUBLIC_ORDERS = {key: _public_order(*key) for key in _KEYS}


def observe(state, player: int, out: np.ndarray) -> None:
    """Card counts are copied from ``state.planes`` (kept in step with the rules' lists, already in
    observation units); the public part comes from a cache by absolute seat (see :func:`_public`),
    rotated to the observer; the turn is written entry by entry into zeros through a memoryview (few
    entries are set; numpy is slow per entry and converts Python lists slowly)."""
    game = state.game
    scales = game.scales
    n = game.num_players
    decision = state.decision
    playing = decision != GAME_OVER
    rows = out[_ROWS_START:_ROWS_END].reshape(_ROWS, NUM_KINDS)
    state.planes.take(_ORDERS[n, player], axis=0, out=rows)
    out[_S["kept"] :] = 0.0  # the public part is overwritten whole below
    b = memoryview(out)
    sizes = state.hand_size
    for s in range(SEATS):
        b[_HAND_SIZES + s] = sizes[(player + s) % n] / HAND_LIMIT if s < n else 0.0
    _public(state).take(_PUBLIC_ORDERS[n, player], out=out[_PUBLIC])

    b[_S["first_player"] + (state.first_player - player) % n] = 1.0
    if state.monkey_holder >= 0:
        b[_S["monkey_holder"] + (state.monkey_holder - player) % n] = 1.0
    for q in state.ur_queue:
        b[_S["queues"] + (q - player) % n * QUEUE_FEATURES] = 1.0
    for q, step in state.prof_queue:
        b[_S["queues"] + (q - player) % n * QUEUE_FEATURES + (1 if step > 0 else 2)] = 1.0
    b[_S["monkeys"] + state.monkeys] = 1.0
    b[_S["deck"]] = len(state.deck) / scales.deck
    b[_S["deck"] + 1] = state.top_left / scales.deck
    b[_S["decision"] + decision] = 1.0
    lead = state.lead
    decider = state.decider
    if playing:
        b[_S["decider"] + (decider - player) % n] = 1.0
    if lead >= 0 and playing:
        card = scales.card
        if decider == player and any(state.kept):
            kept = out[LAYOUT["kept"]]
            kept[:] = state.kept
            kept *= card
        for k in state.expeditions[decider][state.at]:
            b[_S["current_expedition"] + k] += card
        b[_S["leader"] + lead // NUM_COLOURS] = 1.0
        b[_S["leader"] + NUM_ROLES + lead % NUM_COLOURS] = 1.0
        if state.trait >= 0:
            b[_S["trait"] + state.trait] = 1.0
        c = _S["context"]
        b[c] = state.cap / HAND_LIMIT
        b[c + 1] = state.colour_done
        b[c + 2] = state.role_done
        b[c + 3] = state.cart_ok
        b[c + 4] = state.ling_pending / scales.artifacts
        b[c + 5] = state.keep_left / HAND_LIMIT
        b[c + 6] = state.patron_draw / HAND_LIMIT
        b[c + 7] = state.chichen_draws / HAND_LIMIT
        if moved := state.moved:
            for t in range(NUM_TARGETS):
                if moved >> t & 1:
                    b[_S["advanced"] + t] = 1.0
        if state.suspended:
            exps = state.expeditions[decider]
            for i, (kind, index) in enumerate(state.suspended):
                base = _S["suspended"] + i * SUSPENDED_FEATURES
                b[base + kind % NUM_COLOURS] = 1.0
                b[base + NUM_COLOURS] = len(exps[index]) / HAND_LIMIT
    if state.phase:
        b[_S["context"] + 7 + state.phase] = 1.0  # Ur or Professor phase
        if decision == PROFESSOR_MOVE:
            b[_S["context"] + (10 if state.prof_queue[0][1] > 0 else 11)] = 1.0
    if state.uluru_target >= 0:
        b[_S["uluru_vehicle"] + state.uluru_target] = 1.0
    if decision == DRAFT_ROLE:
        seen = state.draft_seen[player]
        for r in state.draft_hand:
            if player == decider or seen[r]:
                b[_S["draft_hand"] + r] = 1.0
    elif decision == DRAFT_SITE:
        b[_S["draft_board"] + state.draft_drawn] = 1.0
    b[_S["num_players"] + n - 2] = 1.0


assert _S["kept"] == _ROWS_END  # observe zeroes everything after the copied card rows


FIELDS = ("score", "linguist", "relics", "tokens", "botanist", "pos", "roles", "sides", "season")
"""The fields the public tables are written from (and, each call, the size of the expedition
under the Botanist tile): frozen in ``saved.FIELDS``, the state's ``PUT``."""
_BOTANIST0 = _S["seats"] - _PUBLIC.start + SEAT_FEATURES - 1
"""Seat 0's size of the expedition under its Botanist tile (its row's last) in the public block."""


def _public(state) -> np.ndarray:
    """The public part by absolute seat, with one zero at the end: the tables are rewritten
    when a field of ``FIELDS`` was written since they were (``state.written``, emptied here:
    one block serves every observer), the expedition rows when expeditions grew."""
    cache = state._obs_cache
    block = cache.get("public")
    written = state.written
    if block is None or written:
        if block is None:
            block = cache["public"] = np.zeros(_PUBLIC.stop - _PUBLIC.start + 1, dtype=np.float32)
        _write_tables(state, block[:_TABLES_SIZE])
        written.clear()
    holder, index = state.botanist
    if holder >= 0:
        block[_BOTANIST0 + holder * SEAT_FEATURES] = (
            len(state.expeditions[holder][index]) / HAND_LIMIT
        )
    _update_expedition_rows(state, cache, block[_EXPEDITION_ROWS])
    return block


def _write_tables(state, block: np.ndarray) -> None:
    """Seats (score, Linguist track, relics, Professor tokens, Botanist tile), vehicles,
    tokens, roles and sides and season, by absolute seat.  The tables are mostly zeros: the
    few other entries are written one by one through a memoryview (much faster per entry than
    numpy's indexing, or than converting index lists)."""
    game = state.game
    scales = game.scales
    n = game.num_players
    o = -_PUBLIC.start
    block[:] = 0.0
    b = memoryview(block)
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
        b[base + 1] = 0.5 + state.score[p] / (2.0 * scales.score)
        b[base + 2] = state.linguist[p] / scales.linguist
        for c, relic in enumerate(state.relics[p]):
            if relic:
                b[base + 3 + c] = 1.0
        b[base + 9] = token_sum[p] / TOKEN_SUM
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
    """Per absolute seat: the count of expeditions of each (cards other than Mercenaries,
    led by a Photographer) pair.

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
    scale = state.game.scales.expeditions
    for p, exps in enumerate(state.expeditions):
        key = (len(exps), len(exps[-1])) if exps else (0, 0)
        if keys[p] != key:
            keys[p] = key
            base = p * EXPEDITION_FEATURES
            rows[base : base + EXPEDITION_FEATURES] = _expedition_row(exps, scale)


def _expedition_row(exps: list[list[int]], scale: float) -> list[float]:
    counts = [0] * EXPEDITION_FEATURES
    for e in exps:
        size = 0
        for k in e:
            if not _MERC_LOW <= k <= _MERC_HIGH:
                size += 1
        counts[size - 1 + HAND_LIMIT * (_PHOTO_LOW <= e[0] <= _PHOTO_HIGH)] += 1
    return [c / scale for c in counts]
