"""Saving an Archeos Society state to plain JSON-able data and rebuilding it with checks that
name what is wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.data import check_saved_outline
from ...core.engine import CorruptStateError
from .actions import (
    ADD,
    DECISIONS,
    DRAFT_SITE,
    EFFECTS,
    FREE_ADVANCE,
    GAME_OVER,
    KEEP,
    NUM_TARGETS,
    PROFESSOR_MOVE,
    TRAIT,
    ULURU,
)
from .components import HAND_LIMIT, MONKEY, NUM_COLOURS, NUM_KINDS, NUM_ROLES

FIELDS = (
    "game",
    "config",
    "seed",
    "chance",
    "roles",
    "sides",
    "season",
    "first_player",
    "deck",
    "top_left",
    "monkeys",
    "monkey_holder",
    "hands",
    "known",
    "area",
    "discard",
    "expeditions",
    "botanist",
    "pos",
    "linguist",
    "relics",
    "tokens",
    "score",
    "ledger",
    "decision",
    "decider",
    "phase",
    "expedition",
    "kept",
    "suspended",
    "ur",
    "professor_queue",
    "draft",
)
_EXPEDITION = (
    "lead",
    "trait",
    "cap",
    "colour_done",
    "role_done",
    "cart_ok",
    "ling_pending",
    "keep_left",
    "patron_draw",
    "chichen_draws",
    "uluru_target",
    "at",
    "moved",
)


def save(state) -> dict[str, Any]:
    return {
        "game": "archeos_society",
        "config": state.game.config,
        "seed": state.seed,
        "chance": state.chance,
        "roles": list(state.roles),
        "sides": list(state.sides),
        "season": state.season,
        "first_player": state.first_player,
        "deck": list(state.deck),
        "top_left": state.top_left,
        "monkeys": state.monkeys,
        "monkey_holder": state.monkey_holder,
        "hands": [list(h) for h in state.hands],
        "known": [list(h) for h in state.known],
        "area": list(state.area),
        "discard": list(state.discard),
        "expeditions": [[list(e) for e in exps] for exps in state.expeditions],
        "botanist": list(state.botanist),
        "pos": [list(p) for p in state.pos],
        "linguist": list(state.linguist),
        "relics": [list(r) for r in state.relics],
        "tokens": list(state.tokens),
        "score": list(state.score),
        "ledger": [list(x) for x in state.ledger],
        "decision": DECISIONS[state.decision],
        "decider": state.decider,
        "phase": state.phase,
        "expedition": [_plain(getattr(state, k)) for k in _EXPEDITION],
        "kept": list(state.kept),
        "suspended": [list(x) for x in state.suspended],
        "ur": [list(state.ur_queue), state.ur_colour],
        "professor_queue": [list(x) for x in state.prof_queue],
        "draft": [
            list(state.draft_hand),
            list(state.draft_aside),
            [list(x) for x in state.draft_seen],
            list(state.draft_boards),
            state.draft_drawn,
        ],
    }


def _plain(value):
    return int(value) if isinstance(value, bool) else value


def _fail(message: str):
    raise CorruptStateError(f"saved Archeos Society state: {message}")


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _fail(f"{what} is {value!r}; it must be an int in {low}..{high}")
    return value


def _ints(value: Any, what: str, length: int | None, low: int, high: int) -> list[int]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        _fail(f"{what} must be a list of {length if length is not None else 'some'} ints")
    return [_int(x, what, low, high) for x in value]


def _rows(value: Any, what: str, rows: int, length: int | None, low: int, high: int):
    if not isinstance(value, list) or len(value) != rows:
        _fail(f"{what} must be a list of {rows} lists")
    return [_ints(x, what, length, low, high) for x in value]


def restore(state, data: Mapping[str, Any]):
    game = state.game
    check_saved_outline(data, FIELDS, "archeos_society")
    if data["config"] != game.config:
        _fail(f"it was made with config {data['config']!r}; this game is {game.config!r}")
    try:
        _restore_fields(state, data)
    except CorruptStateError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, ValueError) as err:
        _fail(f"malformed ({err!r})")
    try:
        state.check_invariants()
        mask = state.legal_action_mask()
    except (AssertionError, IndexError, KeyError, TypeError, ValueError) as err:
        _fail(f"it is not a position of the game ({err})")
    if state.decision != GAME_OVER and not mask.any():
        _fail("the player to move would have no legal action")
    return state


def _restore_fields(state, data: Mapping[str, Any]) -> None:
    game = state.game
    n = game.num_players
    big = (1 << 62) - 1
    state.seed = _int(data["seed"], "seed", 0, big)
    state.chance = _int(data["chance"], "chance", 0, big)
    state.roles = _ints(data["roles"], "roles", None, 0, NUM_ROLES - 1)
    if len(set(state.roles)) != len(state.roles) or len(state.roles) > 6:
        _fail("roles must be at most 6 different roles")
    state.sides = _ints(data["sides"], "sides", NUM_COLOURS, -1, 1)
    state.season = _int(data["season"], "season", 1, game.num_seasons)
    state.first_player = _int(data["first_player"], "first_player", 0, n - 1)
    state.deck = _ints(data["deck"], "deck", None, 0, MONKEY)
    state.top_left = _int(data["top_left"], "top_left", 0, len(state.deck))
    state.monkeys = _int(data["monkeys"], "monkeys", 0, 3)
    state.monkey_holder = _int(data["monkey_holder"], "monkey_holder", -1, n - 1)
    state.hands = _rows(data["hands"], "hands", n, NUM_KINDS, 0, HAND_LIMIT)
    state.hand_size = [sum(h) for h in state.hands]
    state.known = _rows(data["known"], "known", n, NUM_KINDS, 0, HAND_LIMIT)
    state.area = _ints(data["area"], "area", NUM_KINDS, 0, 200)
    state.area_size = sum(state.area)
    state.discard = _ints(data["discard"], "discard", NUM_KINDS, 0, 200)
    exps = data["expeditions"]
    if not isinstance(exps, list) or len(exps) != n:
        _fail("expeditions must hold one list per player")
    state.expeditions = []
    for e in exps:
        if not isinstance(e, list):
            _fail("each player's expeditions are a list of lists of card kinds")
        state.expeditions.append([_ints(x, "expedition", None, 0, NUM_KINDS - 1) for x in e])
    state.botanist = _ints(data["botanist"], "botanist", 2, -1, 200)
    holder, index = state.botanist
    if (
        (holder < 0) != (index < 0)
        or holder >= n
        or (holder >= 0 and index >= len(state.expeditions[holder]))
    ):
        _fail("the Botanist tile lies on an expedition that does not exist")
    state.pos = _rows(data["pos"], "pos", n, NUM_TARGETS, 0, 20)
    state.linguist = _ints(data["linguist"], "linguist", n, 0, game.tables.linguist_length)
    state.relics = _rows(data["relics"], "relics", n, NUM_COLOURS, 0, 1)
    state.tokens = _ints(data["tokens"], "tokens", 6, -1, n - 1)
    state.score = _ints(data["score"], "score", n, -10_000, 10_000)
    state.ledger = _rows(data["ledger"], "ledger", n, 7, -10_000, 10_000)
    if data["decision"] not in DECISIONS:
        _fail(f"decision must be one of {DECISIONS}")
    state.decision = DECISIONS.index(data["decision"])
    state.decider = _int(data["decider"], "decider", -1, n - 1)
    if (state.decision == GAME_OVER) != (state.decider == -1):
        _fail("decider is -1 exactly when the game is over")
    state.phase = _int(data["phase"], "phase", 0, 2)
    values = data["expedition"]
    if not isinstance(values, list) or len(values) != len(_EXPEDITION):
        _fail(f"expedition must list {_EXPEDITION}")
    lows = (-1, -1, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0)
    highs = (
        NUM_KINDS - 1,
        1,
        HAND_LIMIT,
        1,
        1,
        1,
        20,
        HAND_LIMIT,
        HAND_LIMIT,
        HAND_LIMIT,
        NUM_TARGETS - 1,
        200,
        (1 << NUM_TARGETS) - 1,
    )
    for name, value, low, high in zip(_EXPEDITION, values, lows, highs, strict=True):
        v = _int(value, f"expedition {name}", low, high)
        setattr(state, name, bool(v) if high == 1 and low == 0 else v)
    state.kept = _ints(data["kept"], "kept", NUM_KINDS, 0, HAND_LIMIT)
    suspended = data["suspended"]
    if not isinstance(suspended, list):
        _fail("suspended is a list of [leader, expedition index]")
    state.suspended = [_ints(x, "suspended", 2, 0, 200) for x in suspended]
    own = state.expeditions[state.decider] if state.decider >= 0 else []
    if any(i >= len(own) or own[i][0] != lead for lead, i in state.suspended):
        _fail("a suspended Cartographer expedition must be one of the player to move's")
    if any(state.kept[k] > state.hands[max(state.decider, 0)][k] for k in range(NUM_KINDS)):
        _fail("kept cards must be in the hand of the player to move")
    ur = data["ur"]
    if not isinstance(ur, list) or len(ur) != 2:
        _fail("ur is [queue, colour]")
    state.ur_queue = _ints(ur[0], "ur queue", None, 0, n - 1)
    state.ur_colour = _int(ur[1], "ur colour", -1, NUM_COLOURS - 1)
    queue = data["professor_queue"]
    if not isinstance(queue, list):
        _fail("professor_queue is a list of [player, +1 or -1]")
    state.prof_queue = [_ints(x, "professor_queue", 2, -1, n - 1) for x in queue]
    if any(p < 0 or s == 0 for p, s in state.prof_queue):
        _fail("professor_queue entries are [player, +1 or -1]")
    draft = data["draft"]
    if not isinstance(draft, list) or len(draft) != 5:
        _fail("draft is [hand, aside, seen, boards, drawn]")
    state.draft_hand = _ints(draft[0], "draft hand", None, 0, NUM_ROLES - 1)
    state.draft_aside = _ints(draft[1], "draft aside", None, 0, NUM_ROLES - 1)
    state.draft_seen = _rows(draft[2], "draft seen", n, NUM_ROLES, 0, 1)
    state.draft_boards = _ints(draft[3], "draft boards", None, 0, NUM_COLOURS - 1)
    state.draft_drawn = _int(draft[4], "draft drawn", -1, NUM_COLOURS - 1)
    drafting = state.decision in (DECISIONS.index("draft_role"), DRAFT_SITE)
    if not drafting and (len(state.roles) != 6 or -1 in state.sides):
        _fail("outside the draft a game has 6 roles and every board laid")
    d = state.decision
    if d in (TRAIT, ADD, EFFECTS, FREE_ADVANCE, KEEP) and (
        state.lead < 0
        or not state.expeditions[state.decider]
        or state.at >= len(state.expeditions[state.decider])
        or state.expeditions[state.decider][state.at][0] != state.lead
    ):
        _fail("an expedition decision needs the expedition being played and its leader")
    if d == ULURU and state.uluru_target < 0:
        _fail("an Uluru decision needs the vehicle that advanced")
    if d == PROFESSOR_MOVE and (not state.prof_queue or state.prof_queue[0][0] != state.decider):
        _fail("a Professor move needs the queue of moves, starting with the player to move")
    if d == DRAFT_SITE and state.draft_drawn < 0:
        _fail("placing a site board needs the board drawn")
    if state.ur_colour < 0 and state.phase == 1:
        _fail("the Ur phase needs the Ur board")
    state.sync_played()
    state.sync_planes()
    state._mask = None
