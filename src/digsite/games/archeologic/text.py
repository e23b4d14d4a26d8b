"""ArcheOlogic as text: action names, a seat's picture and the spectator's (with hidden parts)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import actions, quests, solver
from .components import KIND_NAMES, NUM_BUILDINGS, NUM_CELLS, cell_name
from .questions import AXIS_NAMES, answer_to_string, question_name
from .titles import state_title, thresholds, title
from .view import build_view, view_guess_knowledge


def _axis_text(state, axis: int) -> str:
    if state.decision == actions.START_AXIS:
        return f"start the viewfinder on {AXIS_NAMES[axis]}"
    if state.decision == actions.AXIS and state.viewfinder >= 0:
        extra = int(state.game.surcharge[state.viewfinder, axis])
        return f"viewfinder to {AXIS_NAMES[axis]} (+{extra} time)"
    return f"axis {AXIS_NAMES[axis]}"


def _question_text(state, question: int) -> str:
    g = state.game
    where = f" on {AXIS_NAMES[state.viewfinder]}" if state.viewfinder >= 0 else ""
    name = question_name(question, g.layouts.buildings)
    return f"ask {name}{where} ({int(g.costs[question])} time)"


def _placed(what: str, offset: int) -> str:
    """A building at a placement offset (``rotation * 25 + anchor``)."""
    rotation, anchor = divmod(offset, NUM_CELLS)
    return f"{what} turned {rotation}/{actions.NUM_ROTATIONS} at {cell_name(anchor)}"


def _place_text(state, offset: int) -> str:
    entering = state.decision == actions.PLACE
    what = state.game.layouts.buildings[len(state.pieces)].id if entering else "building"
    return f"place {_placed(what, offset)}"


action_to_string = actions.ACTIONS.describer(
    {
        "axis": _axis_text,
        "question": _question_text,
        "guess": lambda state, _: f"I think I've found it! ({solver.GUESS_COST} time)",
        "place": _place_text,
    }
)
action_seen_by = actions.ACTIONS.seen_by(
    action_to_string, {actions.PLACE: lambda state, _: "enter a building of the guess (secret)"}
)
"""How a player sees a move: "The question you chose is public information that you must say
out loud", the viewfinder's axis and the guess announced too; the layout entered is not."""


def _rules(g) -> str:
    """The game's options, as both pictures give them in their headings."""
    players = "solo" if g.solo else f"{g.num_players} players"
    expert = "expert " if g.expert else ""
    return (
        f"({players}, {g.guess_variant} guesses, {g.num_clues} {expert}clues, "
        f"time limit {g.time_limit})"
    )


def _clue_lines(clues, expert_clues, viewfinder: int | None) -> list[str]:
    """The starting clues a picture knows (``(cell, kind)`` pairs, expert ones), the viewfinder."""
    shown = [f"{cell_name(cell)} {KIND_NAMES[kind]}" for cell, kind in clues]
    shown += [quests.axis_clue_string(c) for c in expert_clues]
    where = AXIS_NAMES[viewfinder] if viewfinder is not None else "(not placed yet)"
    return ["Starting clues: " + ", ".join(shown), f"Viewfinder: {where}"]


def _seat_text(g, seat: Mapping[str, Any]) -> str:
    """Where a seat is on the track (its time, solo), its side of the screen, whether it is out."""
    side = "Checking" if seat["checking"] else "Searching"
    status = "" if seat["out"] == actions.OUT_NAMES[actions.IN_GAME] else f" - {seat['out']}"
    where = f"time {seat['time_spent']}" if g.solo else f"space {seat['position']}"
    return f"{where}, {side}{status}"


def _decision_lines(g, v: Mapping[str, Any]) -> list[str]:
    """Who won, or who decides what (and which building is entered)."""
    if v["to_move"] is None:
        won = "the City stays unmapped" if v["winner"] is None else f"player_{v['winner']} wins"
        return [f"Game over: {won}."]
    lines = [actions.DECISIONS.asking(v["decision"], v["to_move"])]
    if (k := v["pieces_entered"]) is not None:
        lines.append(f"  entering {g.layouts.buildings[k].id} ({k + 1} of {NUM_BUILDINGS})")
    return lines


def render_spectator(state) -> str:
    """The spectator's picture: it shows hidden information (the quest number, every starting
    clue with the new players' extras, and the layout once the game is over)."""
    g = state.game
    v = build_view(state, 0)  # for its public fields only
    lines = [
        "Spectator's picture (shows hidden information: the quest and, at the end, the layout)",
        f"ArcheOlogic quest {state.quest} {_rules(g)}",
    ]
    lines += _clue_lines(state.clues, state.axis_clues, v["viewfinder"])
    lines += [f"  player_{p}: {_seat_text(g, seat)}" for p, seat in enumerate(v["seats"])]
    if state.questions:
        lines.append("Questions asked:")
        for p, axis, q, extra in state.questions:
            lines.append(
                f"  player_{p}: {question_name(q, g.layouts.buildings)} on {AXIS_NAMES[axis]}"
                f" ({int(g.costs[q]) + extra} time)"
            )
    if state.guesses:
        lines.append(f"Guesses made: {len(state.guesses)}")
    lines += _decision_lines(g, v)
    if state.decision == actions.GAME_OVER:
        if g.solo:  # the title earned (see :mod:`.titles`), with the quest's two thresholds
            lines.append(_title_line(*state_title(state), state.spent[0]))
        lines += ["The layout was:", g.layouts.to_string(state.layout)]
    return "\n".join(lines)


def _pieces(g, placements, sep: str = ", ") -> str:
    """Buildings at placement offsets, from ``(building, offset)`` pairs."""
    return sep.join(_placed(g.layouts.buildings[b].id, off) for b, off in placements)


def render_view(g, view: Mapping[str, Any]) -> str:
    me = view["player"]
    lines = [f"player_{me}'s picture of ArcheOlogic {_rules(g)}"]
    lines += _clue_lines(view["clues"], view["expert_clues"], view["viewfinder"])
    for p, seat in enumerate(view["seats"]):
        extra = f", {seat['extra_clues']} extra clue(s)" if seat["extra_clues"] else ""
        lines.append(
            f"  player_{p}{' (you)' if p == me else ''}: {_seat_text(g, seat)}, "
            f"{seat['guesses']} guess(es){extra}"
        )
        for axis, q, count in seat["questions"]:
            times = f" x{count}" if count > 1 else ""
            lines.append(
                f"    asked {question_name(q, g.layouts.buildings)} on {AXIS_NAMES[axis]}{times}"
            )
    if view["answers"]:
        lines.append("Your answers:")
        for axis, q, code in view["answers"]:
            lines.append(
                f"  {AXIS_NAMES[axis]} {question_name(q, g.layouts.buildings)}: "
                f"{answer_to_string(q, code)}"
            )
    if view["my_guess"]:
        lines.append(f"Your guess: {_pieces(g, enumerate(view['my_guess']))}")
    if view.get("my_checked_guess"):
        verdict = "right" if view["winner"] == me else "wrong"
        checked = _pieces(g, enumerate(view["my_checked_guess"]))
        lines.append(f"Your guess, checked {verdict}: {checked}")
    for key, word in (("feedback_right", "right (green)"), ("feedback_wrong", "wrong (red)")):
        if view.get(key):
            lines.append(f"Known {word}: {_pieces(g, view[key], '; ')}")
    lines += _decision_lines(g, view)
    if view["surcharge"] is not None:  # asking a question: never with a building entered
        lines.append(f"  viewfinder surcharge paid: +{view['surcharge']}")
    if view["to_move"] is None and g.solo:
        lines.append(_solo_title_from_view(g, view))
    return "\n".join(lines)


def _solo_title_from_view(g, view: Mapping[str, Any]) -> str:
    """The title line of a finished solo game from the view: once solved, the player knows the
    layout (its right guess), so the thresholds follow from it and the clues."""
    time = view["seats"][0]["time_spent"]
    if view["winner"] != 0:
        return f"Title: no title (unsolved), time {time}"
    pids = tuple(pid for _, pid in view_guess_knowledge(g, view)[0])  # known right: all six
    layout = int(g.prefix_rows(pids)[0])
    master, seasoned = thresholds(layout, view["clues"], g.ring, view["expert_clues"], g.layouts)
    return _title_line(title(True, time, master, seasoned), master, seasoned, time)


def _title_line(earned: str | None, master: int, seasoned: int, time: int) -> str:
    shown = f"{earned} Archaeologist" if earned else "no title (unsolved)"
    return (
        f"Title: {shown}, time {time} "
        f"(Master <= {master}, Seasoned <= {seasoned}, Apprentice if solved)"
    )
