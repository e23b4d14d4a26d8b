"""Rebuilding a Mykerinos state from ``to_dict`` data, with checks that name what is wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.data import check_saved_outline
from ...core.engine import CorruptStateError
from .actions import CUBES_PER_COLOUR, DECISIONS, GAME_OVER, NEUTRAL, NUM_SEASONS, ON_TABLE, REMOVED
from .components import NUM_CARDS, NUM_CELLS, VALID, cell_bit, parcels_in_season, region_rows

FIELDS = (
    "game",
    "config",
    "season",
    "first_player",
    "wing_patron",
    "deck",
    "deck_rotated",
    "slots",
    "slot_rotated",
    "slot_state",
    "removed",
    "cells",
    "personal",
    "neutral_stock",
    "general",
    "score",
    "final_bonus",
    "owned",
    "tilted",
    "pass_space",
    "museum",
    "decision",
    "decider",
    "last_turn",
    "turn_patron",
    "chain",
    "survey",
)


def _ints(data: Mapping, key: str, length: int | None, low: int, high: int) -> list[int]:
    value = data[key]
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise CorruptStateError(f"saved Mykerinos state: {key!r} must be a list of {length} ints")
    for x in value:
        if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high:
            raise CorruptStateError(
                f"saved Mykerinos state: {key!r} holds {x!r}; values must be ints in {low}..{high}"
            )
    return list(value)


def _bools(value: Any, key: str) -> list[bool]:
    if not isinstance(value, list) or not all(isinstance(x, bool) for x in value):
        raise CorruptStateError(f"saved Mykerinos state: {key!r} must be a list of true/false")
    return list(value)


def _bool(value: Any, key: str) -> bool:
    return _bools([value], key)[0]


def _int(data: Mapping, key: str, low: int, high: int) -> int:
    return _ints({key: [data[key]]}, key, 1, low, high)[0]


def restore(state, data: Mapping[str, Any]):
    game = state.game
    n = game.num_players
    check_saved_outline(data, FIELDS, "mykerinos")
    config = data["config"]
    if (
        not isinstance(config, Mapping)
        or config.get("num_players") != n
        or config.get("museum_two_rooms") != game.museum.two_rooms
    ):
        raise CorruptStateError(
            f"saved state was made with config {config!r}; this game is {game.config!r}"
        )
    try:
        _restore_fields(state, data, n)
    except CorruptStateError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, ValueError) as err:
        raise CorruptStateError(f"saved Mykerinos state is malformed: {err!r}") from None
    _check_conservation(state)
    return state


def _restore_fields(state, data: Mapping[str, Any], n: int) -> None:
    state.season = _int(data, "season", 1, NUM_SEASONS)
    state.first_player = _int(data, "first_player", 0, n - 1)
    state.wing_patron = _ints(data, "wing_patron", 5, 0, 4)
    if sorted(state.wing_patron) != list(range(5)):
        raise CorruptStateError("saved Mykerinos state: wing_patron must place each patron once")
    state.deck = _ints(data, "deck", None, 0, NUM_CARDS - 1)
    state.deck_rotated = _bools(data["deck_rotated"], "deck_rotated")
    k = parcels_in_season(state.season)
    state.slots = _ints(data, "slots", k, 0, NUM_CARDS - 1)
    state.slot_rotated = _bools(data["slot_rotated"], "slot_rotated")
    state.slot_state = _ints(data, "slot_state", k, REMOVED, n - 1)
    state.removed = _ints(data, "removed", None, 0, NUM_CARDS - 1)
    if len(state.deck_rotated) != len(state.deck) or len(state.slot_rotated) != k:
        raise CorruptStateError("saved Mykerinos state: rotation lists do not match the cards")
    cells = _ints(data, "cells", NUM_CELLS, -1, NEUTRAL)
    state.cubes = [0] * 5
    for cell, owner in enumerate(cells):
        if owner >= 0:
            if owner >= n and owner != NEUTRAL or owner == NEUTRAL and n != 2:
                raise CorruptStateError(f"saved Mykerinos state: cell {cell} has owner {owner}")
            state.cubes[owner] |= cell_bit(cell)
    state.personal = _ints(data, "personal", n, 0, CUBES_PER_COLOUR)
    state.neutral_stock = _ints(data, "neutral_stock", n, 0, CUBES_PER_COLOUR)
    state.general = _ints(data, "general", 5, 0, CUBES_PER_COLOUR)
    state.score = _ints(data, "score", n, 0, 10_000)
    state.final_bonus = _ints(data, "final_bonus", n, 0, 10_000)
    state.owned = [list(x) for x in data["owned"]]
    if len(state.owned) != n:
        raise CorruptStateError("saved Mykerinos state: 'owned' needs one list per player")
    for i in range(n):
        _ints({"owned": state.owned[i]}, "owned", None, 0, NUM_CARDS - 1)
    state.tilted = [_ints({"tilted": t}, "tilted", 5, 0, NUM_CARDS) for t in data["tilted"]]
    state.pass_space = _ints(data, "pass_space", n, 0, n + 1)
    state.museum = _ints(data, "museum", 15, -1, n - 1)
    if data["decision"] not in DECISIONS:
        raise CorruptStateError(f"saved Mykerinos state: decision must be one of {DECISIONS}")
    state.decision = DECISIONS.index(data["decision"])
    state.decider = _int(data, "decider", -1, n - 1)
    if (state.decision == GAME_OVER) != (state.decider == -1):
        raise CorruptStateError(
            "saved Mykerinos state: decider is -1 exactly when the game is over"
        )
    state.last_turn = _bool(data["last_turn"], "last_turn")
    state.turn_patron = _int(data, "turn_patron", -1, 4)
    owner, left, own_anchor, last, pyramid = data["chain"]
    state.chain_owner = _int({"chain owner": owner}, "chain owner", 0, NEUTRAL)
    state.chain_left = _int({"chain cubes": left}, "chain cubes", 0, 3)
    state.chain_own_anchor = _bool(own_anchor, "chain anchor")
    state.chain_last = _int({"chain last cell": last}, "chain last cell", -1, NUM_CELLS - 1)
    state.chain_pyramid = _bool(pyramid, "chain pyramid")
    area, ranked, pos = data["survey"]
    state.survey_area = _int({"survey area": area}, "survey area", 0, 6)
    state.ranked = _ints({"ranked": ranked}, "ranked", None, 0, NEUTRAL)
    state.rank_pos = _int({"rank position": pos}, "rank position", 0, 5)
    state.valid = VALID[region_rows(state.season)]
    state._set_region()
    state.sync_derived()


def _check_conservation(state) -> None:
    n = state.game.num_players
    on_table = [
        c for c, where in zip(state.slots, state.slot_state, strict=True) if where == ON_TABLE
    ]
    seen = state.deck + on_table + state.removed + [c for cards in state.owned for c in cards]
    if sorted(seen) != list(range(NUM_CARDS)):
        raise CorruptStateError(
            "saved Mykerinos state: every card must be exactly once in the deck, the region, "
            "a player's hand or out of the game"
        )
    for s, where in enumerate(state.slot_state):
        card = state.slots[s]
        if (
            where >= 0
            and card not in state.owned[where]
            or where == REMOVED
            and card not in state.removed
        ):
            raise CorruptStateError(f"saved Mykerinos state: parcel slot {s} disagrees with hands")
    for colour in range(n):
        total = (
            state.general[colour]
            + state.personal[colour]
            + state.cubes[colour].bit_count()
            + state.museum.count(colour)
        )
        if total != CUBES_PER_COLOUR:
            raise CorruptStateError(
                f"saved Mykerinos state: player {colour} has {total} cubes in all, not 25"
            )
    if n == 2:
        total = state.general[NEUTRAL] + sum(state.neutral_stock) + state.cubes[NEUTRAL].bit_count()
        if total != CUBES_PER_COLOUR:
            raise CorruptStateError(f"saved Mykerinos state: {total} neutral cubes in all, not 25")
    occupied = 0
    for owner in range(5):
        if occupied & state.cubes[owner]:
            raise CorruptStateError("saved Mykerinos state: two cubes share a cell")
        occupied |= state.cubes[owner]
    if occupied & ~state.valid:
        raise CorruptStateError("saved Mykerinos state: a cube lies outside this season's region")
