"""ArcheOlogic rules scenarios: the rulebook's time-track example, the viewfinder, guesses in
both variants, solo rules, hidden information and the solo Gymnasium env."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest

from digsite.core.engine import ConfigError, IllegalActionError
from digsite.games.archeologic.actions import (
    AXIS,
    AXIS0,
    GUESS,
    IN_GAME,
    OUT_OF_TIME,
    PLACE,
    PLACE0,
    QUESTION0,
    WRONG_GUESS,
)
from digsite.games.archeologic.observation import QUESTIONS_COLUMN, WRONG_OUT
from digsite.games.archeologic.questions import (
    AXIS_NAMES,
    DIFFERENT_BUILDINGS,
    EMPTY_ZONES,
    TRAP_ICONS,
    TRAPS,
    building_question,
    parse_axis,
)
from digsite.games.archeologic.rules import ArcheOlogicGame

from .play import observation, play_random

BIG = building_question(0)  # L4: 3 time
SMALL = building_question(4)  # L3: 2 time


def game(**config):
    return ArcheOlogicGame(quest=config.pop("quest", 7), **config)


def seat(state, starts):
    """Put the pawns on these spaces (the set-up is otherwise random)."""
    state.start = list(starts)
    state.pos = list(starts)
    state.decider = int(np.argmin(starts))
    state.check_invariants()
    return state


def ask(state, axis: str, question: int):
    state.apply_action(AXIS0 + parse_axis(axis))
    state.apply_action(QUESTION0 + question)


def guess_actions(state, layout: int) -> list[int]:
    g = state.game
    row = g.layouts.placements[layout]
    return [PLACE0 + int(g.pid_to_offset[b][row[b]]) for b in range(6)]


def enter_guess(state, layout: int):
    state.apply_action(GUESS)
    for action in guess_actions(state, layout):
        assert state.legal_action_mask()[action]
        state.apply_action(action)


def wrong_layout(state) -> int:
    return (state.layout + 1) % len(state.game.layouts)


# -- time track --------------------------------------------------------------------------------
def test_rulebook_time_track_example():
    """Alex +4, Robin +3, Charlie +2: Charlie, still last, plays again; then Robin."""
    alex, robin, charlie = 0, 1, 2
    state = seat(game(num_players=3).new_initial_state(np.random.default_rng(0)), [1, 2, 3])
    assert state.current_player() == alex and AXIS_NAMES[state.viewfinder] == "1"
    ask(state, "3", BIG)  # one more step (+1) and a big building (3): 4 time
    assert state.spent[alex] == 4 and state.pos[alex] == 7  # spaces 2 and 3 are skipped
    assert state.current_player() == robin
    ask(state, "4", BIG)  # the free step and a big building: 3 time
    assert state.pos[robin] == 6  # 3 counted, 4, 5, 6 (Alex's 7 is not reached)
    assert state.current_player() == charlie
    ask(state, "5", TRAPS)  # free step, traps: 2 time
    assert state.pos[charlie] == 5
    assert state.current_player() == charlie  # still last: another turn right away
    ask(state, "A", DIFFERENT_BUILDINGS)  # free step (5 -> A), 1 time
    assert state.pos[charlie] == 8  # 6 and 7 are taken
    assert state.current_player() == robin
    state.check_invariants()


def test_moving_skips_every_occupied_space():
    state = seat(game(num_players=4).new_initial_state(np.random.default_rng(1)), [1, 2, 3, 4])
    ask(state, "2", DIFFERENT_BUILDINGS)  # 1 time: spaces 2, 3, 4 are taken
    assert state.pos == [5, 2, 3, 4]
    ask(state, "3", EMPTY_ZONES)
    assert state.pos == [5, 6, 3, 4]
    assert len(set(state.pos)) == 4


# -- viewfinder --------------------------------------------------------------------------------
def test_viewfinder_free_step_and_surcharges():
    state = seat(game(num_players=2).new_initial_state(np.random.default_rng(2)), [1, 2])
    v = state.viewfinder
    assert AXIS_NAMES[v] == "1"
    mask = state.legal_action_mask()
    assert mask[AXIS0 : AXIS0 + 10].all() and mask[GUESS]
    g = state.game
    assert g.surcharge[v, parse_axis("2")] == 0  # the free step
    assert g.surcharge[v, parse_axis("3")] == 1  # one more step
    assert g.surcharge[v, parse_axis("1")] == 2 and g.surcharge[v, parse_axis("C")] == 2
    assert "+2" in state.action_to_string(AXIS0 + parse_axis("C"))
    assert "+0" in state.action_to_string(AXIS0 + parse_axis("2"))
    ask(state, "C", SMALL)
    assert state.spent[0] == 2 + 2 and AXIS_NAMES[state.viewfinder] == "C"
    ask(state, "D", SMALL)  # the free step from C
    assert state.spent[1] == 2


def test_solo_trap_icons_move_the_viewfinder():
    g = game(num_players=1)
    state = g.new_initial_state(np.random.default_rng(3))
    assert state.current_player() == 0 and state.legal_action_mask()[AXIS0 : AXIS0 + 10].all()
    moved = 0
    for axis in range(10):
        s = state.clone()
        s.apply_action(AXIS0 + (axis - 1) % 10)  # start axis: the free step then lands on axis
        s.apply_action(AXIS0 + axis)
        assert s.pending_surcharge == 0
        s.apply_action(QUESTION0 + TRAPS)
        icons = int(TRAP_ICONS[TRAPS, s.answer(axis, TRAPS)])
        assert s.viewfinder == (axis + icons) % 10
        assert s.spent[0] == 2 and s.pos[0] == 2 and s.scores() == [-2.0]
        moved += icons > 0
        s.check_invariants()
    assert moved  # some axis of this layout shows trap icons


def test_multiplayer_answers_do_not_move_the_viewfinder():
    state = seat(game(num_players=2).new_initial_state(np.random.default_rng(4)), [1, 2])
    for axis in "2345":
        ask(state, axis, TRAPS)
        assert AXIS_NAMES[state.viewfinder] == axis


# -- guesses -----------------------------------------------------------------------------------
def test_guess_entry_is_masked_to_legal_layouts():
    g = game(num_players=2)
    rng = np.random.default_rng(5)
    for _ in range(20):
        state = seat(g.new_initial_state(rng), [1, 2])
        state.apply_action(GUESS)
        for b in range(6):
            assert state.decision == PLACE and state.checking[0]
            mask = state.legal_action_mask()
            legal = np.flatnonzero(mask)
            assert len(legal) and (legal >= PLACE0).all()
            for a in legal[:: max(1, len(legal) // 5)]:
                prefix = (*state.pieces, int(g.offset_to_pid[b, a - PLACE0]))
                assert len(g.prefix_rows(prefix)) > 0
            illegal = np.flatnonzero(mask == 0)
            before = state.to_dict()
            with pytest.raises(IllegalActionError):
                state.apply_action(int(illegal[-1]))
            assert state.to_dict() == before
            state.apply_action(int(legal[rng.integers(len(legal))]))
        _, pids, checked = state.guesses[-1]
        assert not checked and len(g.prefix_rows(pids)) == 1  # a legal layout
        assert state.spent[0] == 4 and state.pos[0] == 6  # 4 spaces, skipping space 2
        state.check_invariants()


def test_rulebook_wrong_guess_eliminates_when_the_pawn_is_last_again():
    state = seat(game(num_players=3).new_initial_state(np.random.default_rng(6)), [1, 2, 3])
    enter_guess(state, wrong_layout(state))
    assert state.checking[0] and state.out[0] == IN_GAME and state.pos[0] == 7
    assert state.current_player() == 1
    ask(state, "2", BIG)  # player 1: 2 -> 4, 5, 6 (3 is taken)
    ask(state, "3", BIG)  # player 2: 3 -> 4, 5, 8 (6, 7 are taken)
    assert state.current_player() == 1 and state.checking[0]  # player 0 is not last yet
    ask(state, "4", BIG)  # player 1: 6 -> 9, 10, 11: player 0 is last again, and checked
    assert state.out[0] == WRONG_GUESS and not state.checking[0]
    assert state.current_player() == 2 and not state.is_terminal()
    state.check_invariants()
    seats = state.game.obs_layout.unpack(observation(state, 0))["seats"]
    assert seats[0, WRONG_OUT] == 1.0


def test_rulebook_right_guess_wins_when_the_pawn_is_last_again():
    state = seat(game(num_players=2).new_initial_state(np.random.default_rng(7)), [1, 2])
    enter_guess(state, state.layout)
    assert not state.is_terminal() and state.current_player() == 1  # not checked yet
    assert state.pos == [6, 2]
    ask(state, "3", BIG)  # +1 step, 4 time: 2 -> 3, 4, 5, 7; player 0 is last again
    assert state.is_terminal() and state.winner == 0
    assert state.returns() == [1.0, -1.0] and state.scores() == [1.0, 0.0]
    assert "layout was" in state.render()
    assert "layout was" not in state.render(1) and "checked right" in state.render(0)


def test_a_player_left_alone_plays_on_and_nobody_solving_means_everybody_loses():
    state = seat(game(num_players=2).new_initial_state(np.random.default_rng(8)), [1, 2])
    enter_guess(state, wrong_layout(state))
    ask(state, "3", BIG)  # player 0 is last again: checked, wrong, out
    assert state.out[0] == WRONG_GUESS and not state.is_terminal()
    assert state.current_player() == 1  # alone, player 1 goes on
    enter_guess(state, wrong_layout(state))
    assert state.is_terminal() and state.winner == -1
    assert state.returns() == [-1.0, -1.0]


def test_app_variant_feedback_and_an_immediate_extra_turn():
    g = game(num_players=2, guess_variant="app")
    state = seat(g.new_initial_state(np.random.default_rng(9)), [1, 2])
    wrong = wrong_layout(state)
    enter_guess(state, wrong)
    ask(state, "3", BIG)  # player 1 passes player 0: the guess is checked
    assert state.out[0] == IN_GAME and not state.checking[0]
    assert state.current_player() == 0 and state.decision == AXIS  # plays again at once
    _, pids, checked = state.guesses[-1]
    feedback = state.guess_feedback(pids)
    assert checked and not all(feedback)
    obs = g.obs_layout.unpack(observation(state, 0))
    assert obs["feedback_right"].sum() == sum(feedback)
    assert obs["feedback_wrong"].sum() == 6 - sum(feedback)
    other = g.obs_layout.unpack(observation(state, 1))
    assert other["feedback_right"].sum() == other["feedback_wrong"].sum() == 0  # private
    assert all(
        state.belief(0).layouts.placements[i][b] == pids[b] or not feedback[b]
        for i in state.belief(0).indices[:50]
        for b in range(6)
    )
    state.check_invariants()


def test_solo_guesses_are_checked_at_once():
    g = game(num_players=1)
    state = g.new_initial_state(np.random.default_rng(10))
    state.apply_action(AXIS0)
    enter_guess(state, state.layout)
    assert state.is_terminal() and state.returns() == [1.0] and state.scores() == [-4.0]
    state = g.new_initial_state(np.random.default_rng(10))
    state.apply_action(AXIS0)
    enter_guess(state, wrong_layout(state))
    assert state.is_terminal() and state.returns() == [-1.0]  # rulebook: unsolved
    app = game(num_players=1, guess_variant="app").new_initial_state(np.random.default_rng(10))
    app.apply_action(AXIS0)
    enter_guess(app, wrong_layout(app))
    assert not app.is_terminal() and app.decision == AXIS and app.spent == [4]
    enter_guess(app, app.layout)
    assert app.returns() == [1.0] and app.scores() == [-8.0]


def test_time_limit_ends_every_game():
    solo = game(num_players=1, time_limit=10).new_initial_state(np.random.default_rng(11))
    solo.apply_action(AXIS0)
    while not solo.is_terminal():
        ask(solo, AXIS_NAMES[(solo.viewfinder + 1) % 10], BIG)
    assert solo.spent[0] > 10 and solo.returns() == [-1.0]
    state = seat(
        game(num_players=2, time_limit=10).new_initial_state(np.random.default_rng(1)), [1, 2]
    )
    while not state.is_terminal():
        ask(state, AXIS_NAMES[(state.viewfinder + 1) % 10], BIG)
    assert state.out == [OUT_OF_TIME, OUT_OF_TIME] and min(state.pos) > 10
    assert state.returns() == [-1.0, -1.0]


# -- hidden information ------------------------------------------------------------------------
def test_resample_keeps_the_players_belief():
    g = game(num_players=3, quest=None)
    rng = np.random.default_rng(12)
    changed_answers = 0
    for _ in range(5):
        state = g.new_initial_state(rng)
        play_random(state, rng, max_steps=30)
        if state.is_terminal():
            continue
        for player in range(3):
            belief = state.belief(player)
            assert state.layout in belief
            for _ in range(3):
                other = state.resample_hidden(player, rng)
                assert other.layout in belief
                assert observation(other, player).tobytes() == observation(state, player).tobytes()
                mine = [(a, q) for p, a, q, _ in state.questions if p == player]
                assert [other.answer(a, q) for a, q in mine] == [
                    state.answer(a, q) for a, q in mine
                ]
                theirs = [(a, q) for p, a, q, _ in state.questions if p != player]
                changed_answers += [other.answer(a, q) for a, q in theirs] != [
                    state.answer(a, q) for a, q in theirs
                ]
    assert changed_answers > 0


def test_observation_never_shows_other_players_answers():
    g = game(num_players=2)
    state = seat(g.new_initial_state(np.random.default_rng(13)), [1, 2])
    ask(state, "2", BIG)
    obs0 = g.obs_layout.unpack(observation(state, 0))
    obs1 = g.obs_layout.unpack(observation(state, 1))
    assert obs0["answers"].sum() == 1 and obs1["answers"].sum() == 0
    assert obs1["seats"][1, QUESTIONS_COLUMN:].sum() > 0  # the question itself is public


# -- configurations not in the conformance suite -----------------------------------------------
@pytest.mark.parametrize(
    "config",
    [
        {"num_players": 1},
        {"num_players": 2},
        {"num_players": 1, "num_clues": 5, "solo_more_clues": True},
        {"num_players": 3, "num_clues": 4, "extra_clues": [2, 0, 1]},
        {"num_players": 2, "expert": True, "extra_clues": [0, 2]},
    ],
)
def test_rulebook_solo_and_two_player_random_games(config):
    g = ArcheOlogicGame(**config)
    rng = np.random.default_rng(14)
    for _ in range(60):
        state = g.new_initial_state(rng)
        play_random(state, rng, max_steps=g.max_game_length, check=lambda s: s.check_invariants())
        assert state.is_terminal()
        copy = g.state_from_dict(json.loads(json.dumps(state.to_dict())))
        assert copy.to_dict() == state.to_dict()
    state = g.new_initial_state(rng)
    play_random(state, rng, max_steps=5)
    other = state.resample_hidden(0, rng)
    assert observation(other, 0).tobytes() == observation(state, 0).tobytes()


def test_config_errors_list_the_options():
    with pytest.raises(ConfigError, match="options are"):
        ArcheOlogicGame.from_config(players=2)
    for bad in (
        {"num_players": 5},
        {"num_clues": 6},
        {"guess_variant": "x"},
        {"quest": -1},
        {"ring": ["A"] * 10},
        {"time_limit": 2},
    ):
        with pytest.raises(ConfigError):
            ArcheOlogicGame.from_config(**bad)
    g = ArcheOlogicGame.from_config(ring=list("12345ABCDE"))
    assert g.config["ring"] == list("12345ABCDE") and g.surcharge[parse_axis("5"), 0] == 0


# -- solo Gymnasium env ------------------------------------------------------------------------
def test_solo_env_make_and_checkers():
    import gymnasium
    from gymnasium.utils.env_checker import check_env
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    import digsite  # noqa: F401  (registers the id)

    env = gymnasium.make("digsite/ArcheOlogicSolo-v2", guess_variant="app", max_time=30)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped, skip_render_check=True)
        sb3_check_env(env.unwrapped)
    obs, info = env.reset(seed=0)
    assert obs.shape == env.observation_space.shape and info["time"] == 0
    rng = np.random.default_rng(0)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(env.unwrapped.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
        total += reward
        done = terminated or truncated
    limit = env.unwrapped.game.time_limit
    if truncated:  # max_time reached first: only the time spent so far
        assert total == -info["time"] and info["time"] >= 30
    else:  # random guesses never solve: the failure costs the whole clock
        assert terminated and not info["solved"] and total == -(limit + 1)


def test_solo_env_failing_early_is_no_shortcut():
    """A wrong guess at once returns the same as running out the clock: -(time_limit + 1)."""
    from digsite.envs.solo import solo_env

    env = solo_env("archeologic", quest=3)
    env.reset(seed=0)
    total = env.step(AXIS0)[1] + env.step(GUESS)[1]
    done = False
    while not done:  # the first legal layout: not the quest's
        first_legal = int(np.flatnonzero(env.action_masks())[0])
        _, reward, terminated, truncated, info = env.step(first_legal)
        total += reward
        done = terminated or truncated
    assert terminated and not info["solved"] and info["time"] == 4
    assert total == -(env.game.time_limit + 1) == -61


def test_solo_env_rewards_a_solution_and_survives_unmasked_actions():
    from digsite.envs.solo import solo_env

    env = solo_env("archeologic", quest=3)
    env.reset(seed=0)
    rewards = [env.step(AXIS0)[1]]
    env.step(GUESS)
    for action in guess_actions(env.game_state, env.game_state.layout):
        obs, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
    assert terminated and info["solved"] and sum(rewards) == 20.0 - 4
    for mode in ("end", "random"):
        env = solo_env("archeologic", illegal_action=mode)
        for episode in range(3):
            env.reset(seed=episode)
            done = False
            while not done:
                _, reward, terminated, truncated, info = env.step(env.action_space.sample())
                done = terminated or truncated
            if mode == "end" and info.get("illegal_action"):
                assert reward < 0 and not info["solved"]
