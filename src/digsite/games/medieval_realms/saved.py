"""Saving a Medieval Realms state as plain data and rebuilding it, with checks naming what is
wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.data import check_saved_outline
from ...core.engine import CorruptStateError
from .actions import DECISIONS, GAME_OVER, NUM_ROUNDS, PAIRS, PLACE_KINDS
from .components import FUTURE_SIZE, NUM_RESOURCES, NUM_SQUARES, PANEL_SIZE

FIELDS = (
    "game",
    "config",
    "round",
    "decision",
    "decider",
    "turn_order",
    "res",
    "vp",
    "city_vp",
    "bonus_tokens",
    "leaders",
    "buffers",
    "hand",
    "realm",
    "panel",
    "future",
    "deck",
    "discard",
    "pair",
    "passed",
    "placed",
    "squares",
    "generals_on",
    "admirals_on",
    "buffers_on",
    "revealed",
    "placing",
    "actor",
    "auction",
    "auction_out",
    "raising",
    "choice_card",
    "bonus_queue",
    "final",
)
BIG = 1_000_000


def save(state) -> dict[str, Any]:
    def rows(x):
        return [list(r) for r in x]

    return {
        "game": "medieval_realms",
        "config": state.game.config,
        "round": state.round,
        "decision": DECISIONS[state.decision],
        "decider": state.decider,
        "turn_order": list(state.turn_order),
        "res": rows(state.res),
        "vp": list(state.vp),
        "city_vp": list(state.city_vp),
        "bonus_tokens": list(state.bonus_tokens),
        "leaders": rows(state.leaders),
        "buffers": list(state.buffers),
        "hand": rows(state.hand),
        "realm": rows(state.realm),
        "panel": list(state.panel),
        "future": list(state.future),
        "deck": list(state.deck),
        "discard": list(state.discard),
        "pair": list(state.pair),
        "passed": list(state.passed),
        "placed": list(state.placed),
        "squares": rows(state.squares),
        "generals_on": rows(state.generals_on),
        "admirals_on": rows(state.admirals_on),
        "buffers_on": rows(state.buffers_on),
        "revealed": state.revealed,
        "placing": [PLACE_KINDS[state.place_kind], state.place_left, state.place_last],
        "actor": state.actor,
        "auction": list(state.auction),
        "auction_out": list(state.auction_out),
        "raising": state.raising,
        "choice_card": state.choice_card,
        "bonus_queue": list(state.bonus_queue),
        "final": rows(state.final),
    }


def _fail(message: str):
    raise CorruptStateError(f"saved Medieval Realms state: {message}")


def _int(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _fail(f"{key!r} holds {value!r}; it must be an int in {low}..{high}")
    return value


def _ints(value: Any, key: str, length: int | None, low: int, high: int) -> list[int]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        _fail(f"{key!r} must be a list of {length if length is not None else 'some'} ints")
    return [_int(x, key, low, high) for x in value]


def _rows(value: Any, key: str, n: int, length: int | None, low: int, high: int):
    if not isinstance(value, list) or len(value) != n:
        _fail(f"{key!r} must hold one list per player")
    return [_ints(row, key, length, low, high) for row in value]


def _bools(value: Any, key: str, n: int) -> list[bool]:
    if (
        not isinstance(value, list)
        or len(value) != n
        or not all(isinstance(x, bool) for x in value)
    ):
        _fail(f"{key!r} must be a list of {n} true/false values")
    return list(value)


def restore(state, data: Mapping[str, Any]):
    game = state.game
    n = game.num_players
    cards = len(game.cards) - 1
    check_saved_outline(data, FIELDS, "medieval_realms")
    if data["config"] != game.config:
        _fail(f"made with config {data['config']!r}; this game is {game.config!r}")
    s = state
    s.round = _int(data["round"], "round", 1, NUM_ROUNDS)
    if data["decision"] not in DECISIONS:
        _fail(f"'decision' must be one of {DECISIONS}")
    s.decision = DECISIONS.index(data["decision"])
    s.decider = _int(data["decider"], "decider", -1, n - 1)
    if (s.decision == GAME_OVER) != (s.decider == -1):
        _fail("'decider' is -1 exactly when the game is over")
    s.turn_order = _ints(data["turn_order"], "turn_order", n, 0, n - 1)
    s.res = _rows(data["res"], "res", n, NUM_RESOURCES, 0, BIG)
    s.vp = _ints(data["vp"], "vp", n, 0, BIG)
    s.city_vp = _ints(data["city_vp"], "city_vp", n, 0, BIG)
    s.bonus_tokens = _ints(data["bonus_tokens"], "bonus_tokens", n, 0, BIG)
    s.leaders = _rows(data["leaders"], "leaders", n, 3, 0, BIG)
    s.buffers = _ints(data["buffers"], "buffers", n, 0, 2)
    s.hand = _rows(data["hand"], "hand", n, None, 0, cards)
    s.realm = _rows(data["realm"], "realm", n, None, 0, cards)
    s.panel = _ints(data["panel"], "panel", PANEL_SIZE, -1, cards)
    s.future = _ints(data["future"], "future", FUTURE_SIZE, -1, cards)
    s.deck = _ints(data["deck"], "deck", None, 0, cards)
    s.discard = _ints(data["discard"], "discard", None, 0, cards)
    s.pair = _ints(data["pair"], "pair", n, -1, len(PAIRS) - 1)
    s.passed = _bools(data["passed"], "passed", n)
    s.placed = _bools(data["placed"], "placed", n)
    s.squares = _rows(data["squares"], "squares", n, NUM_SQUARES, 0, BIG)
    s.generals_on = _rows(data["generals_on"], "generals_on", n, 10, 0, BIG)
    s.admirals_on = _rows(data["admirals_on"], "admirals_on", n, 10, 0, BIG)
    s.buffers_on = _rows(data["buffers_on"], "buffers_on", n, 10, 0, 2)
    if not isinstance(data["revealed"], bool):
        _fail("'revealed' must be true or false")
    s.revealed = data["revealed"]
    placing = data["placing"]
    if not isinstance(placing, list) or len(placing) != 3 or placing[0] not in PLACE_KINDS:
        _fail(f"'placing' is [kind in {PLACE_KINDS}, leaders left, last spot]")
    s.place_kind = PLACE_KINDS.index(placing[0])
    s.place_left = _int(placing[1], "placing", 0, BIG)
    s.place_last = _int(placing[2], "placing", 0, 9)
    s.actor = _int(data["actor"], "actor", 0, n - 1)
    auction = _ints(data["auction"], "auction", 3, -1, BIG)
    if auction[0] > cards or auction[2] >= n:
        _fail("'auction' is [card or -1, bid, high bidder or -1]")
    s.auction = auction
    s.auction_out = _bools(data["auction_out"], "auction_out", n)
    s.raising = _int(data["raising"], "raising", 0, BIG)
    s.choice_card = _int(data["choice_card"], "choice_card", -1, cards)
    s.bonus_queue = _ints(data["bonus_queue"], "bonus_queue", None, 0, n - 1)
    s.final = _rows(data["final"], "final", n, 3, 0, BIG)
    try:
        s.check_invariants()
        s._mask = None
        mask = s.legal_action_mask()
    except (AssertionError, IndexError, KeyError, TypeError, ValueError) as err:
        _fail(f"the position breaks the rules: {err}")
    if s.decision != GAME_OVER and not mask.any():
        _fail("the player to move has no legal action")
    return s
