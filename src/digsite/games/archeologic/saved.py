"""The fields of an ArcheOlogic state (see :mod:`digsite.core.fields`), saved as they are held;
below, ``n`` is the number of players and ``k`` the starting clues drawn (``num_clues`` plus the
most extra clues of a seat).  A placement id is a row of the building's placement table
(``game.layouts.tables[building]``): every rotation and anchor where the tile fits on the Map.  The
fields a player's kept record and belief are built from (``observation.KNOWLEDGE``: the layout, the
starting clues, the questions and the guesses) are frozen, written with ``put``, which tells the
kept records and beliefs."""

from __future__ import annotations

from ...core.engine import CorruptStateError
from ...core.fields import Field, StateFields, last_player, players
from . import actions, solver, spec
from .components import NUM_BUILDINGS, NUM_CELLS, ROWS, TRAP_KINDS
from .questions import NUM_AXES, NUM_QUESTIONS

MAX_QUEST = (1 << 63) - 1
"""Any non-negative quest number a numpy seed takes (a random one is below 2**31)."""
MAX_PLACEMENTS = actions.NUM_PLACEMENT_IDS
"""More placements than any tile has (4 rotations at most, one anchor per cell at most)."""


def _track(game) -> int:
    """No pawn passes the time limit by more than a move (3 + 2 surcharge, or 4 for a guess)
    and the occupied spaces it skips (n - 1): below the observation's scale (limit + 12)."""
    return game.time_limit + 5 + game.num_players - 1


FIELDS = StateFields(
    spec.SPEC,
    (
        # the quest number: it drew the layout and the clues (informative once a state's
        # hidden part is redrawn by resample_hidden)
        Field("quest", low=0, high=MAX_QUEST),
        Field("layout", low=0, high=lambda g: len(g.layouts) - 1),  # hidden: game.layouts[i]
        # k rows [cell, kind] (kind 1 = Fire, 2 = Sharp); none in expert mode
        Field("clues", (lambda g: 0 if g.expert else g.clues_drawn, 2), 0, NUM_CELLS - 1, frozen=2),
        # expert mode: k rows [axis, question, answer] (question 0 or 1)
        Field(
            "axis_clues", (lambda g: g.clues_drawn if g.expert else 0, 3), 0, NUM_AXES - 1, frozen=2
        ),
        Field("start", shape=(players,), low=0, high=players, frozen=1),  # space 1..n; solo 0
        Field("pos", shape=(players,), low=0, high=_track),  # pawn's space (solo: time spent)
        Field("spent", shape=(players,), low=0, high=_track),  # questions, surcharges, 4/guess
        Field("checking", shape=(players,), kind=bool),  # the pawn shows its Checking side
        Field("out", shape=(players,), names=actions.OUT_NAMES),
        Field("start_axis", low=-1, high=NUM_AXES - 1, start=-1),  # -1 before the solo start
        Field("viewfinder", low=-1, high=NUM_AXES - 1, start=-1),  # -1 before the solo start
        Field("decision", names=actions.DECISIONS),
        Field("decider", low=0, high=last_player),
        Field("pending_surcharge", low=0, high=2),  # paid for the question being chosen
        # the guess being entered: one placement id per building entered so far
        Field("pieces", shape=(None,), low=0, high=MAX_PLACEMENTS - 1, frozen=1),
        # rows [player, axis, question, surcharge], in the order asked
        Field("questions", shape=(None, 4), low=0, high=NUM_AXES - 1, frozen=2),
        Field("guess_player", shape=(None,), low=0, high=last_player, frozen=1),  # per guess
        # per guess, its 6 placement ids (one per building, in building order)
        Field("guess_pieces", (None, NUM_BUILDINGS), 0, MAX_PLACEMENTS - 1, frozen=2),
        Field("guess_checked", shape=(None,), kind=bool, frozen=1),
        Field("winner", low=-1, high=last_player, start=-1),  # the winning seat, or -1
    ),
)


def _fail(field: str, msg: str) -> CorruptStateError:
    return CorruptStateError(f"saved ArcheOlogic state: field {field}: {msg}")


def _row(field: str, i: int, row: tuple, names: tuple[str, ...], highs: tuple[int, ...]) -> None:
    for j, (name, value, high) in enumerate(zip(names, row, highs, strict=True)):
        if value > high:
            raise _fail(f"{field!r}[{i}][{j}]", f"the {name} is {value}; it must be at most {high}")


def _placements(state, field: str, pids: tuple[int, ...] | list[int]) -> None:
    """Each placement id is a row of its building's placement table."""
    tables = state.game.layouts.tables
    if len(pids) > NUM_BUILDINGS:
        raise _fail(repr(field), f"{len(pids)} pieces; a guess has {NUM_BUILDINGS} buildings")
    for b, pid in enumerate(pids):
        if pid >= len(tables[b]):
            raise _fail(
                f"{field}[{b}]",
                f"placement id {pid} of building {b}; it has {len(tables[b])} placements",
            )


def derive(state) -> None:
    """After loading: check the records inside the row fields (each column its own range) and
    make them the engine's tuples (``Clue``, ``AxisClue``); nothing else is cached."""
    for i, row in enumerate(state.clues):
        if row[1] not in TRAP_KINDS:
            raise _fail(f"'clues'[{i}][1]", f"the kind is {row[1]}; it must be one of {TRAP_KINDS}")
    state.put("clues", tuple(solver.Clue(*row) for row in state.clues))
    for i, row in enumerate(state.axis_clues):  # (an expert clue's question is 0 or 1)
        _row("axis_clues", i, row, ("axis", "question", "answer"), (NUM_AXES - 1, 1, ROWS))
    state.put("axis_clues", tuple(solver.AxisClue(*row) for row in state.axis_clues))
    columns = ("player", "axis", "question", "surcharge")
    highs = (state.game.num_players - 1, NUM_AXES - 1, NUM_QUESTIONS - 1, 2)
    for i, row in enumerate(state.questions):
        _row("questions", i, row, columns, highs)
    guesses = ("guess_player", "guess_pieces", "guess_checked")
    counts = {name: len(getattr(state, name)) for name in guesses}
    if len(set(counts.values())) > 1:
        raise _fail(", ".join(map(repr, guesses)), f"one entry per guess in each, got {counts}")
    for i, pids in enumerate(state.guess_pieces):
        _placements(state, f"'guess_pieces'[{i}]", pids)
    _placements(state, "'pieces'", state.pieces)
