"""What every ArcheOlogic position keeps (``check_invariants``): time spent as the turns give it,
clues and answers as the layout gives them, one pawn to act."""

from __future__ import annotations

from . import components, quests, solver
from .actions import GAME_OVER, IN_GAME, OUT_OF_TIME, PLACE, QUESTION, START_AXIS, WRONG_GUESS
from .questions import MULTIPLAYER_START_AXIS, NUM_AXES, TRAP_ICONS


def check_invariants(state) -> None:
    g = state.game
    n = g.num_players
    assert len(state.pos) == len(state.spent) == len(state.out) == len(state.checking) == n
    assert g.quest is None or state.quest == g.quest, f"field 'quest': this game's is {g.quest}"
    _check_clues(state)
    guesses = state.guesses
    spent = [0] * n
    for p, _axis, question, surcharge in state.questions:
        spent[p] += int(g.costs[question]) + surcharge
    for p, pids, _checked in guesses:
        spent[p] += solver.GUESS_COST
        assert len(g.prefix_rows(tuple(pids))) == 1, f"field 'guess_pieces': {pids} is no layout"
    assert spent == state.spent, (
        f"field 'spent' is {state.spent}; the turns (questions, surcharges, 4 per guess) "
        f"give {spent}"
    )
    for p in range(n):
        mine = [c for q, _, c in guesses if q == p]
        assert all(mine[:-1]), f"field 'guess_checked': player {p} guessed again unchecked"
        assert g.app or len(mine) <= 1, f"field 'guess_player': player {p} guessed twice (rulebook)"
    # the viewfinder follows the questions (solo: plus one step per trap icon)
    if state.decision == START_AXIS:
        assert g.solo, "field 'decision': only a solo game chooses a start axis"
        assert not state.questions and not guesses, "field 'decision': start_axis after turns"
        assert state.start_axis == -1, "field 'start_axis': chosen, yet the decision is pending"
    elif g.solo:
        assert state.start_axis >= 0, "field 'start_axis': the solo start axis is chosen"
    else:
        assert state.start_axis == MULTIPLAYER_START_AXIS, (
            f"field 'start_axis': a multiplayer game starts on axis {MULTIPLAYER_START_AXIS}"
        )
    v = state.start_axis
    for i, (_p, axis, question, surcharge) in enumerate(state.questions):
        assert surcharge == g.surcharge[v, axis], (
            f"field 'questions'[{i}]: the viewfinder cannot go from axis {v} to {axis} "
            f"for {surcharge}"
        )
        v = axis
        if g.solo:
            steps = int(TRAP_ICONS[question, state.answer(axis, question)])
            v = g.ring[(g.ring_index[v] + steps) % NUM_AXES]
    if state.decision == QUESTION:
        assert state.pending_surcharge == g.surcharge[v, state.viewfinder], (
            f"field 'pending_surcharge': the viewfinder cannot go from axis {v} to "
            f"{state.viewfinder} for {state.pending_surcharge}"
        )
    else:
        assert state.viewfinder == v, f"field 'viewfinder': the questions leave it on {v}"
        assert state.pending_surcharge == 0, "field 'pending_surcharge': no question pending"
    if g.solo:
        _check_solo(state, guesses)
    else:
        _check_track(state, guesses)
    if state.decision == PLACE:
        assert len(state.pieces) < components.NUM_BUILDINGS, "field 'pieces': the guess is complete"
        assert state.checking[state.decider], "field 'checking': the player entering a guess"
        assert len(g.prefix_rows(tuple(state.pieces))) > 0, "field 'pieces': no layout"
    else:
        assert not state.pieces, "field 'pieces': no guess is being entered"


def _check_clues(state) -> None:
    g = state.game
    if g.expert:
        facts = [(c.axis, c.question) for c in state.axis_clues]
        assert len(set(facts)) == len(facts), "field 'axis_clues': the same clue twice"
        for i, c in enumerate(state.axis_clues):
            assert c.question in quests.EXPERT_QUESTIONS, f"field 'axis_clues'[{i}]: question"
            assert c.answer == state.answer(c.axis, c.question), (
                f"field 'axis_clues'[{i}]: the answer on the layout is "
                f"{state.answer(c.axis, c.question)}, not {c.answer}"
            )
    else:
        traps = set(g.layouts.traps(state.layout))
        for i, c in enumerate(state.clues):
            assert (c.cell, c.kind) in traps, f"field 'clues'[{i}]: no such trap in the layout"
        assert len(set(state.clues)) == len(state.clues) <= quests.NUM_QUEST_CLUES, (
            "field 'clues': the same clue twice"
        )


def _check_solo(state, guesses: list) -> None:
    g = state.game
    over = state.decision == GAME_OVER
    assert tuple(state.start) == (0,), "field 'start': a solo game starts on 0"
    assert state.pos == state.spent, "field 'pos': the solo time track is the time spent"
    assert all(checked for _, _, checked in guesses), "field 'guess_checked': solo checks"
    wrong = [not state.guess_is_right(pids) for _, pids, _ in guesses]
    if state.winner == 0:
        assert over and guesses and all(wrong[:-1]) and not wrong[-1], (
            "field 'winner': the solo game is won by its last guess, right"
        )
    else:
        assert all(wrong), "field 'winner': a right guess wins the solo game"
        if over:
            assert state.spent[0] > g.time_limit or (not g.app and guesses), (
                "field 'decision': a solo game ends solved, by a wrong guess (rulebook) or "
                "past the time limit"
            )
        else:
            assert state.spent[0] <= g.time_limit, "field 'spent': past the time limit"
            assert g.app or not guesses, "field 'decision': a wrong guess ends the solo game"
    assert state.checking[0] == (state.decision == PLACE), "field 'checking'"


def _check_track(state, guesses: list) -> None:
    g = state.game
    n = g.num_players
    over = state.decision == GAME_OVER
    assert sorted(state.start) == list(range(1, n + 1)), "field 'start': spaces 1..n"
    active = [p for p in range(n) if state.out[p] == IN_GAME]
    positions = [state.pos[p] for p in active]
    assert len(set(positions)) == len(positions), "field 'pos': two pawns on one space"
    for p in range(n):
        assert state.pos[p] - state.start[p] >= state.spent[p], (
            f"field 'pos': pawn {p} moved less than its time spent"
        )
        pending = [c for q, _, c in guesses if q == p and not c]
        checked = [pids for q, pids, c in guesses if q == p and c]
        if state.out[p] == OUT_OF_TIME:
            assert state.pos[p] > g.time_limit, f"field 'out': pawn {p} is not out of time"
        if state.out[p] == WRONG_GUESS:
            assert not g.app, "field 'out': the app variant eliminates nobody for a guess"
            assert checked and not state.guess_is_right(checked[-1]), (
                f"field 'out': player {p} made no wrong guess"
            )
        elif not g.app and checked and not state.guess_is_right(checked[-1]):
            raise AssertionError(f"field 'out': player {p} guessed wrong (rulebook): eliminated")
        if state.decision == PLACE and p == state.decider:
            assert not pending, "field 'guess_checked': a guess entered while entering one"
        else:
            assert state.checking[p] == bool(pending), (
                f"field 'checking': pawn {p} {'has' if pending else 'has no'} guess to check"
            )
        if state.out[p] == IN_GAME and not state.checking[p] and p != state.winner:
            assert state.pos[p] <= g.time_limit, f"field 'out': pawn {p} is out of time"
    for q, pids, checked in guesses:
        if checked and state.guess_is_right(pids):
            assert over and state.winner == q, f"field 'winner': player {q} guessed right"
    if over and state.winner >= 0:
        assert state.out[state.winner] == IN_GAME, "field 'winner': an eliminated player"
        mine = [pids for q, pids, c in guesses if q == state.winner and c]
        assert mine and state.guess_is_right(mine[-1]), (
            "field 'winner': the winner's last checked guess is right"
        )
    elif over:
        assert not active, "field 'decision': the game ended while a player was still in"
    else:
        assert state.winner == -1, "field 'winner': the game is not over"
        assert active, "field 'decision': nobody is left in the game"
        assert state.decider in active, "field 'decider': a pawn out of the game"
        assert state.pos[state.decider] == min(positions), "field 'decider': the last pawn acts"
        assert min(positions) <= g.time_limit, "field 'pos': the pawn to act is out of time"
        assert not state.checking[state.decider] or state.decision == PLACE, (
            "field 'checking': the last pawn's guess is checked before it acts"
        )
