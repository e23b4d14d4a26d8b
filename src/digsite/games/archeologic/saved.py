"""Saving an ArcheOlogic state as plain JSON data and rebuilding it, with checks that name what
is wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.data import check_saved_outline
from ...core.engine import CorruptStateError
from .actions import DECISIONS, NUM_PLACEMENT_IDS, OUT_NAMES
from .components import NUM_BUILDINGS, NUM_CELLS, ROWS, TRAP_KINDS
from .questions import NUM_AXES, NUM_QUESTIONS
from .quests import EXPERT_QUESTIONS
from .solver import AxisClue, Clue

FIELDS = (
    "game",
    "config",
    "quest",
    "layout",
    "clues",
    "start",
    "positions",
    "time_spent",
    "checking",
    "out",
    "start_axis",
    "viewfinder",
    "decision",
    "to_move",
    "surcharge",
    "pieces",
    "questions",
    "guesses",
    "winner",
)


def save(state) -> dict[str, Any]:
    g = state.game
    return {
        "game": "archeologic",
        "config": g.config,
        "quest": state.quest,
        "layout": state.layout,
        # cell clues [cell, kind]; expert mode: [axis, question, answer]
        "clues": [[c.cell, c.kind] for c in state.clues]
        + [[c.axis, c.question, c.answer] for c in state.axis_clues],
        "start": list(state.start),
        "positions": list(state.pos),
        "time_spent": list(state.spent),
        "checking": list(state.checking),
        "out": [OUT_NAMES[o] for o in state.out],
        "start_axis": state.start_axis,
        "viewfinder": state.viewfinder,
        "decision": DECISIONS[state.phase],
        "to_move": state.actor,
        "surcharge": state.pending_surcharge,
        # placements as (rotation * 25 + anchor), as in the action table
        "pieces": [int(g.pid_to_offset[b][pid]) for b, pid in enumerate(state.pieces)],
        "questions": [list(q) for q in state.questions],
        "guesses": [
            [p, [int(g.pid_to_offset[b][pid]) for b, pid in enumerate(pids)], checked]
            for p, pids, checked in state.guesses
        ],
        "winner": state.winner,
    }


def _fail(msg: str) -> CorruptStateError:
    return CorruptStateError(f"saved ArcheOlogic state: {msg}")


def _int(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(f"{key!r} must be an int in {low}..{high}, got {value!r}")
    return value


def _list(value: Any, key: str, length: int | None = None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "" if length is None else f" of {length}"
        raise _fail(f"{key!r} must be a list{size}, got {value!r}")
    return value


def _ints(value: Any, key: str, length: int | None, low: int, high: int) -> list[int]:
    return [_int(x, key, low, high) for x in _list(value, key, length)]


def _pids(g, offsets: Any, key: str, max_len: int) -> list[int]:
    offsets = _ints(offsets, key, None, 0, NUM_PLACEMENT_IDS - 1)
    if len(offsets) > max_len:
        raise _fail(f"{key!r} has {len(offsets)} pieces; at most {max_len}")
    pids = []
    for b, off in enumerate(offsets):
        pid = int(g.offset_to_pid[b, off])
        if pid < 0:
            raise _fail(f"{key!r}: placement {off} of building {b} is off the Map")
        pids.append(pid)
    return pids


def restore(state, data: Mapping[str, Any]):
    g = state.game
    n = g.num_players
    check_saved_outline(data, FIELDS, "archeologic")
    config = data["config"]
    if isinstance(config, Mapping):  # saved before these options existed
        defaults = {"expert": False, "buildings": None}
        config = {
            **defaults,
            "belief_features": False,
            "consistent_guesses": False,
            "extra_clues": None,
            "solo_more_clues": False,
            **config,
        }
    if config != g.config:
        raise _fail(f"'config' {data['config']!r} is not this game's {g.config!r}")
    state.quest = _int(data["quest"], "quest", 0, 2**63)
    state.layout = _int(data["layout"], "layout", 0, len(g.layouts) - 1)
    clues = []
    axis_clues = []
    for item in _list(data["clues"], "clues", g.clues_drawn):
        if g.expert:
            axis, question, answer = _ints(item, "clues (expert)", 3, 0, 9)
            if question not in EXPERT_QUESTIONS or answer > ROWS:
                raise _fail(
                    f"'clues': {item!r} is not [axis 0-9, question {EXPERT_QUESTIONS}, count 0-5]"
                )
            axis_clues.append(AxisClue(axis, question, answer))
            continue
        cell, kind = _ints(item, "clues", 2, 0, NUM_CELLS - 1)
        if kind not in TRAP_KINDS:
            raise _fail(f"'clues': kind {kind} is not a trap kind {TRAP_KINDS}")
        clues.append(Clue(cell, kind))
    state.clues = tuple(clues)
    state.axis_clues = tuple(axis_clues)
    big = 1 << 30
    state.start = _ints(data["start"], "start", n, 0, n)
    state.pos = _ints(data["positions"], "positions", n, 0, big)
    state.spent = _ints(data["time_spent"], "time_spent", n, 0, big)
    checking = _list(data["checking"], "checking", n)
    if not all(isinstance(x, bool) for x in checking):
        raise _fail(f"'checking' must be a list of true/false, got {checking!r}")
    state.checking = list(checking)
    out = _list(data["out"], "out", n)
    if not all(x in OUT_NAMES for x in out):
        raise _fail(f"'out' entries must be one of {list(OUT_NAMES)}, got {out!r}")
    state.out = [OUT_NAMES.index(x) for x in out]
    state.start_axis = _int(data["start_axis"], "start_axis", -1, NUM_AXES - 1)
    state.viewfinder = _int(data["viewfinder"], "viewfinder", -1, NUM_AXES - 1)
    if data["decision"] not in DECISIONS:
        raise _fail(f"'decision' must be one of {list(DECISIONS)}, got {data['decision']!r}")
    state.phase = DECISIONS.index(data["decision"])
    state.actor = _int(data["to_move"], "to_move", 0, n - 1)
    state.pending_surcharge = _int(data["surcharge"], "surcharge", 0, 2)
    state.pieces = _pids(g, data["pieces"], "pieces", NUM_BUILDINGS - 1)
    questions = []
    for item in _list(data["questions"], "questions"):
        item = _list(item, "questions", 4)
        questions.append(
            (
                _int(item[0], "questions (player)", 0, n - 1),
                _int(item[1], "questions (axis)", 0, NUM_AXES - 1),
                _int(item[2], "questions (question)", 0, NUM_QUESTIONS - 1),
                _int(item[3], "questions (surcharge)", 0, 2),
            )
        )
    state.questions = questions
    guesses = []
    for item in _list(data["guesses"], "guesses"):
        item = _list(item, "guesses", 3)
        player = _int(item[0], "guesses (player)", 0, n - 1)
        pids = _pids(g, item[1], "guesses (pieces)", NUM_BUILDINGS)
        if len(pids) != NUM_BUILDINGS or not isinstance(item[2], bool):
            raise _fail(f"'guesses': {item!r} must be [player, 6 placements, checked]")
        guesses.append((player, tuple(pids), item[2]))
    state.guesses = guesses
    state.winner = _int(data["winner"], "winner", -1, n - 1)
    try:
        state.check_invariants()
    except AssertionError as err:
        raise _fail(f"the position breaks a rule: {err or 'inconsistent fields'}") from None
    except (IndexError, KeyError, ValueError) as err:
        raise _fail(f"inconsistent fields ({err!r})") from None
    return state
