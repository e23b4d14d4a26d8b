"""ArcheOlogic's DeductionAgent (legal, blind to the hidden layout, solves solo quests) and the
solo titles."""

from __future__ import annotations

import numpy as np
import pytest

from digsite.agents import RandomPolicy, choose, make_agent
from digsite.games.archeologic.actions import GUESS, PLACE0, QUESTION0
from digsite.games.archeologic.heuristic import DeductionAgent
from digsite.games.archeologic.quests import make_quest
from digsite.games.archeologic.rules import ArcheOlogicGame
from digsite.games.archeologic.solver import solve
from digsite.games.archeologic.titles import (
    APPRENTICE,
    MASTER,
    SEASONED,
    SEASONED_MARGIN,
    state_title,
    title,
    titles,
)

CONFIGS = [
    {"num_players": 1},
    {"num_players": 1, "guess_variant": "app", "num_clues": 4, "solo_more_clues": True},
    {"num_players": 2},
    {"num_players": 3, "guess_variant": "app"},
    {"num_players": 4, "num_clues": 5},
]


def play_with_checks(game, seed, agent_seat, rng_seed, check_blind=False):
    """Play the agent in ``agent_seat`` against random players; check every action is legal and,
    optionally, that a state resampled for the agent's player gets the same action."""
    agent = DeductionAgent()
    agents = [RandomPolicy(np.random.default_rng(rng_seed + p)) for p in range(game.num_players)]
    agents[agent_seat] = agent
    state = game.new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed)
    checked = 0
    while not state.is_terminal():
        player = state.current_player()
        action = choose(agents[player], state, player)
        assert state.legal_action_mask()[action], f"{state.action_to_string(action)} is masked"
        if check_blind and player == agent_seat:
            for _ in range(2):
                other = state.resample_hidden(player, rng)
                assert agent.act_in(other, player) == action
                checked += other.layout != state.layout
        state.apply_action(action)
    return state, checked


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(map(str, c.values())))
def test_agent_plays_only_legal_actions_and_wins(config):
    game = ArcheOlogicGame(**config)
    for i in range(8):
        state, _ = play_with_checks(game, seed=i, agent_seat=i % game.num_players, rng_seed=50 + i)
        assert state.returns()[i % game.num_players] > 0


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(map(str, c.values())))
def test_agent_never_reads_the_hidden_layout(config):
    """States that differ only in the hidden layout (drawn from the agent's own belief) get the
    same action at every decision."""
    game = ArcheOlogicGame(**config)
    differing = 0
    for i in range(3):
        _, checked = play_with_checks(game, i, i % game.num_players, 10 + i, check_blind=True)
        differing += checked
    assert differing > 0, "resampling never changed the layout: the check proved nothing"


def test_agent_is_deterministic_and_the_heuristic_of_archeologic():
    assert isinstance(make_agent("heuristic", "archeologic"), DeductionAgent)
    game = ArcheOlogicGame(num_players=2)
    a, _ = play_with_checks(game, seed=3, agent_seat=0, rng_seed=1)
    b, _ = play_with_checks(game, seed=3, agent_seat=0, rng_seed=1)
    assert a.questions == b.questions and a.guesses == b.guesses
    with pytest.raises(TypeError, match="act_in"):
        DeductionAgent()(np.zeros(3), np.ones(3))


def solo_game(quest, num_clues=3, guess_variant="rulebook"):
    game = ArcheOlogicGame(
        num_players=1,
        quest=quest,
        num_clues=num_clues,
        guess_variant=guess_variant,
        solo_more_clues=num_clues != 3,
    )
    state = game.new_initial_state(np.random.default_rng(quest))
    agent = DeductionAgent()
    while not state.is_terminal():
        state.apply_action(agent.act_in(state, 0))
    return state


@pytest.mark.parametrize("num_clues", [3, 5])
def test_agent_solves_every_solo_quest_as_fast_as_the_solver(num_clues):
    for quest in range(20 if num_clues == 3 else 5):
        state = solo_game(quest, num_clues)
        q = make_quest(quest)
        reference = solve(q.layout, q.starting_clues(num_clues))
        assert state.winner == 0 and len(state.guesses) == 1, f"quest {quest} unsolved"
        assert state.spent[0] == reference.time
        assert state_title(state)[0] == MASTER


def test_titles_thresholds():
    q = make_quest(7)
    reference = solve(q.layout, q.starting_clues(3))
    master, seasoned = titles(7, 3)
    assert (master, seasoned) == (reference.time, reference.time + SEASONED_MARGIN)
    assert titles(7, 5)[0] <= titles(7, 3)[0] + SEASONED_MARGIN  # more clues, not much slower
    assert title(True, master, master, seasoned) == MASTER
    assert title(True, master + 1, master, seasoned) == SEASONED
    assert title(True, seasoned, master, seasoned) == SEASONED
    assert title(True, seasoned + 1, master, seasoned) == APPRENTICE
    assert title(False, 1, master, seasoned) is None


def test_slow_solve_is_apprentice_and_unsolved_has_no_title():
    """Play the solver's questions after some wasted ones: solved, but too slow for Seasoned."""
    game = ArcheOlogicGame(num_players=1, quest=3, guess_variant="app")
    state = game.new_initial_state(np.random.default_rng(0))
    master, seasoned = titles(3, 3)
    state.apply_action(0)  # start axis A
    while state.spent[0] <= seasoned:  # waste time on a question, whatever it says
        state.apply_action(0 + int(np.flatnonzero(state.legal_action_mask()[:10])[0]))
        state.apply_action(QUESTION0)
    agent = DeductionAgent()
    while not state.is_terminal():
        state.apply_action(agent.act_in(state, 0))
    assert state.winner == 0 and state.spent[0] > seasoned
    assert state_title(state) == (APPRENTICE, master, seasoned)
    assert "Apprentice Archaeologist" in state.render()

    lost = ArcheOlogicGame(num_players=1, quest=3).new_initial_state(np.random.default_rng(0))
    lost.apply_action(0)
    lost.apply_action(GUESS)
    while not lost.is_terminal():  # enter the first legal layout: almost surely wrong
        lost.apply_action(int(np.flatnonzero(lost.legal_action_mask())[0]))
    assert lost.winner == -1 and state_title(lost)[0] is None
    assert "no title" in lost.render()


def test_solo_env_final_info_has_the_title():
    import gymnasium

    import digsite  # noqa: F401  (registers the env)

    env = gymnasium.make("digsite/ArcheOlogicSolo-v2", quest=11, render_mode="ansi")
    env.reset(seed=0)
    agent = DeductionAgent()
    done = False
    while not done:
        assert "Title" not in env.render()
        _, _, terminated, truncated, info = env.step(agent.act_in(env.unwrapped.game_state, 0))
        done = terminated or truncated
        assert ("title" in info) == done
    master, seasoned = titles(11, 3)
    assert info["title"] == MASTER and info["solved"]
    assert (info["master_time"], info["seasoned_time"]) == (master, seasoned)
    assert info["score"] == info["time"] == master
    assert "Title: Master Archaeologist" in env.render()

    env.reset(seed=0)
    _, _, terminated, _, info = env.step(PLACE0)  # masked: ends the episode unsolved
    assert terminated and info["illegal_action"] and info["title"] is None
    assert info["master_time"] is None and info["score"] == 0
