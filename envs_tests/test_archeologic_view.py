"""ArcheOlogic player views: what each player knows, the learning aids and the deduction agent
reading only that, the new players' extra clues, the rulebook's solo clue count."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

from digsite.core.engine import ConfigError
from digsite.core.views import canonical, sample_states
from digsite.envs.solo import solo_env
from digsite.games.archeologic.actions import AXIS, AXIS0, GUESS, PLACE0, QUESTION0, WRONG_GUESS
from digsite.games.archeologic.components import NUM_BUILDINGS
from digsite.games.archeologic.heuristic import DeductionAgent
from digsite.games.archeologic.learning_aids import (
    FEATURE_SIZE,
    consistent_placement_mask,
    write_belief_features,
)
from digsite.games.archeologic.questions import building_question
from digsite.games.archeologic.quests import make_quest
from digsite.games.archeologic.rules import ArcheOlogicGame
from digsite.games.archeologic.view import belief_from_view

from .play import observation, random_action

REPRO_QUEST = 509590619
BIG = building_question(0)  # 3 time


def features(state, player: int) -> bytes:
    out = np.empty(FEATURE_SIZE, dtype=np.float32)
    write_belief_features(state, player, out)
    return out.tobytes()


def aids_of(state, player: int, agent: DeductionAgent) -> tuple:
    """Everything the aids and the agent derive for ``player``."""
    mask = consistent_placement_mask(state, player).tobytes()
    action = agent.act_in(state, player) if state.current_player() == player else None
    return tuple(state.belief(player).indices), features(state, player), mask, action


def guess_then_checked(variant: str, guessed: int):
    """Quest 509590619, 2 players: player 1 (space 1) enters layout ``guessed``; player 0
    (space 2) asks two big questions, passing player 1, whose guess is then checked wrong."""
    g = ArcheOlogicGame(num_players=2, quest=REPRO_QUEST, guess_variant=variant)
    state = g.new_initial_state(np.random.default_rng(0))
    state.start, state.pos, state.decider = [2, 1], [2, 1], 1
    assert guessed != state.layout
    state.apply_action(GUESS)
    row = g.layouts.placements[guessed]
    for b in range(NUM_BUILDINGS):
        state.apply_action(PLACE0 + int(g.pid_to_offset[b][row[b]]))
    for _ in range(2):
        assert state.current_player() == 0
        axis = g.ring[(g.ring_index[state.viewfinder] + 1) % 10]
        state.apply_action(AXIS0 + axis)
        state.apply_action(QUESTION0 + BIG)
    _, _, checked = state.guesses[0]
    assert checked and (state.out[1] == WRONG_GUESS) == (variant == "rulebook")
    state.check_invariants()
    return state


@pytest.mark.parametrize("variant", ["rulebook", "app"])
def test_another_players_wrong_guess_tells_nothing_about_the_layout(variant):
    """Finding 9.  The rulebook: "If it is not, too bad! You lost and are out of the game"
    (the layout was set "behind your screens"); the app shows the wrong buildings to the
    guesser only.  Either way the others learn only that the guess was wrong, not which layout
    it was: player 0's belief, belief features, consistent-guess mask and the deduction agent's
    move are the same whether player 1 guessed a layout player 0 still holds possible or
    another one.  (The old belief dropped the guessed layout.)"""
    agent = DeductionAgent()
    probe = guess_then_checked(variant, 0)
    possible = [int(i) for i in probe.belief(0).indices if i != probe.layout]
    assert possible, "player 0 must still hold a wrong layout possible"
    outside = next(i for i in range(len(probe.game.layouts)) if i not in probe.belief(0))
    a = guess_then_checked(variant, possible[0])
    b = guess_then_checked(variant, outside)
    assert possible[0] in a.belief(0)
    assert aids_of(a, 0, agent) == aids_of(b, 0, agent)
    assert canonical(a.view(0)) == canonical(b.view(0))
    assert a.render(0) == b.render(0)


def test_own_wrong_rulebook_guess_is_ruled_out_and_a_right_one_known():
    state = guess_then_checked("rulebook", 0)
    assert 0 not in state.belief(1) and state.layout in state.belief(1)
    assert state.view(1)["my_checked_guess"] is not None
    assert state.view(0)["my_checked_guess"] is None


def test_resampling_redraws_another_players_wrong_guess_that_would_be_right():
    """Player 0 cannot rule out the layout player 1 guessed wrong; when a resampled layout is
    that one, player 1's hidden pieces are redrawn so that its guess stays wrong."""
    probe = guess_then_checked("rulebook", 0)
    target = next(int(i) for i in probe.belief(0).indices if i != probe.layout)
    state = guess_then_checked("rulebook", target)
    rng = np.random.default_rng(3)
    hits = 0
    for _ in range(300):
        other = state.resample_hidden(0, rng)
        other.check_invariants()
        assert canonical(other.view(0)) == canonical(state.view(0))
        if other.layout == target:
            hits += 1
            assert not other.guess_is_right(other.guesses[0][1])
    assert hits > 0


@pytest.mark.parametrize(
    "config",
    [
        {"num_players": 1},
        {"num_players": 1, "guess_variant": "app"},
        {"num_players": 2, "guess_variant": "app", "consistent_guesses": True},
        {"num_players": 3, "extra_clues": [2, 0, 1]},
        {"num_players": 2, "expert": True, "extra_clues": [1, 0]},
    ],
)
def test_aids_and_agent_read_only_the_players_knowledge(config):
    """Over sampled states (terminal ones included): the belief holds the layout and equals
    the belief rebuilt from the view alone; and for each player, a state resampled for it
    (everything it does not know redrawn) gives the same belief, features, consistent-guess
    mask, agent move, view and seat picture."""
    g = ArcheOlogicGame(**config)
    agent = DeductionAgent()
    rng = np.random.default_rng(5)
    changed = 0
    for state in sample_states(g, np.random.default_rng(4), 300, [agent]):
        for p in range(g.num_players):
            belief = state.belief(p)
            assert state.layout in belief
            view = state.view(p)
            assert tuple(belief_from_view(g, view).indices) == tuple(belief.indices)
            mine = aids_of(state, p, agent)
            other = state.resample_hidden(p, rng)
            changed += other.layout != state.layout
            assert aids_of(other, p, agent) == mine
            assert canonical(other.view(p)) == canonical(view)
            assert other.render(p) == state.render(p)
            assert observation(other, p).tobytes() == observation(state, p).tobytes()
    assert changed > 0


def test_kept_records_and_beliefs_equal_those_built_from_nothing():
    """Each player's record (the slow part of its observation) and belief, kept on the state
    with the fields they were built from, equal those of the state unpickled (which keeps
    nothing): at every step of random games, in copies, and after questions changed by hand
    (one taken back, asked again, another asked instead)."""
    g = ArcheOlogicGame(num_players=2, guess_variant="app", belief_features=True)
    rng = np.random.default_rng(3)

    def check(state) -> None:
        fresh = pickle.loads(pickle.dumps(state))
        for p in range(2):
            assert observation(state, p).tobytes() == observation(fresh, p).tobytes()
            assert tuple(state.belief(p).indices) == tuple(fresh.belief(p).indices)

    for _ in range(3):
        state = g.new_initial_state(rng)
        while not state.is_terminal():
            check(state)
            copy = state.clone()
            state.apply_action(random_action(state.legal_action_mask(), rng))
            check(copy)
        asked = state.questions
        state.put("questions", asked[:-1])
        check(state)
        state.put("questions", asked)
        check(state)
        state.put("questions", ((1 - asked[0][0], *asked[0][1:]), *asked[1:]))
        check(state)


LOOK_CHANCE = 0.5
CHECK_CHANCE = 0.2
COPY_CHANCE = 0.1


@pytest.mark.parametrize("belief_features", [False, True])
def test_a_write_one_player_took_is_seen_by_the_others(belief_features):
    """The state notes the fields written in one set, emptied by whichever kept record or
    belief looks first: one player observing (or reading its belief) now and then, others
    looking in between, still sees every write, in the state and in its copies."""
    n = 3
    g = ArcheOlogicGame(num_players=n, guess_variant="app", belief_features=belief_features)
    rng = np.random.default_rng(11)

    def check(state) -> None:
        fresh = pickle.loads(pickle.dumps(state))
        for p in rng.permutation(n):
            assert observation(state, p).tobytes() == observation(fresh, p).tobytes()
            assert tuple(state.belief(p).indices) == tuple(fresh.belief(p).indices)

    for _ in range(4):
        state = g.new_initial_state(rng)
        while not state.is_terminal():
            p = int(rng.integers(n))
            if rng.random() < LOOK_CHANCE:
                observation(state, p)
            else:
                state.belief(p)
            if rng.random() < CHECK_CHANCE:
                check(state)
            state.apply_action(random_action(state.legal_action_mask(), rng))
            if rng.random() < COPY_CHANCE:  # (a copy of what was just written)
                state = state.clone()
        check(state)


def test_resampling_a_finished_solo_game_works():
    """A solved solo game (rulebook variant): the old belief treated the player's own right
    guess as wrong, so it was empty and resampling raised."""
    g = ArcheOlogicGame(num_players=1, quest=3)
    state = g.new_initial_state(np.random.default_rng(0))
    agent = DeductionAgent()
    while not state.is_terminal():
        state.apply_action(agent.act_in(state, 0))
    assert state.winner == 0 and len(state.belief(0)) == 1
    other = state.resample_hidden(0, np.random.default_rng(1))
    assert other.layout == state.layout
    assert "Title:" in state.render(0) and "Archaeologist" in state.render(0)


# -- finding 10: the rulebook's solo uses 3 clues ---------------------------------------------
def test_solo_uses_three_clues_unless_the_variant_is_asked():
    """The rulebook's solo set-up: "Write down the 3 Starting clues"."""
    solo = ArcheOlogicGame(num_players=1)
    assert len(solo.new_initial_state(np.random.default_rng(0)).clues) == 3
    for clues in (4, 5):
        with pytest.raises(ConfigError, match="solo_more_clues"):
            ArcheOlogicGame(num_players=1, num_clues=clues)
        with pytest.raises(ValueError, match="solo_more_clues"):
            solo_env("archeologic", num_clues=clues)
        g = ArcheOlogicGame(num_players=1, num_clues=clues, solo_more_clues=True)
        assert len(g.new_initial_state(np.random.default_rng(0)).clues) == clues
        env = solo_env("archeologic", num_clues=clues, solo_more_clues=True)
        env.reset(seed=0)
        assert len(env.game_state.clues) == clues
    assert (
        len(ArcheOlogicGame(num_players=1).new_initial_state(np.random.default_rng(0)).clues) == 3
    )
    with pytest.raises(ConfigError, match="solo variant"):
        ArcheOlogicGame(num_players=2, solo_more_clues=True)


# -- finding 11: one or two more clues for new players ---------------------------------------
def test_new_players_get_the_next_clues_of_the_wheel_privately():
    """The rulebook: "You can give new Archaelogists one or two more clues to help them and
    level the playing field": player 1 gets the quest's clues 4-5 on top of the 3 everybody
    has; they are private (the others know only how many), and its belief is narrower."""
    g = ArcheOlogicGame(num_players=2, quest=11, extra_clues=[0, 2])
    state = g.new_initial_state(np.random.default_rng(0))
    quest = make_quest(11)
    assert state.known_clues(0)[0] == quest.starting_clues(3)
    assert state.known_clues(1)[0] == quest.starting_clues(5)
    v0, v1 = state.view(0), state.view(1)
    assert len(v0["clues"]) == 3 and len(v1["clues"]) == 5
    assert v0["seats"][1]["extra_clues"] == 2 and v1["seats"][0]["extra_clues"] == 0
    assert set(state.belief(1).indices) < set(state.belief(0).indices)
    assert observation(state, 1)[g.obs_layout["clues"]].sum() == 5
    assert observation(state, 0)[g.obs_layout["clues"]].sum() == 3
    # resampling for player 0 redraws player 1's extra clues on the new layout
    rng = np.random.default_rng(1)
    moved = 0
    for _ in range(20):
        other = state.resample_hidden(0, rng)
        other.check_invariants()
        moved += other.clues[3:] != state.clues[3:]
        assert other.clues[:3] == state.clues[:3]
    assert moved > 0
    copy = g.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy.to_dict() == state.to_dict()


def test_extra_clues_in_expert_mode_are_the_next_expert_clues():
    g = ArcheOlogicGame(num_players=2, expert=True, extra_clues=[1, 0])
    state = g.new_initial_state(np.random.default_rng(2))
    assert len(state.view(0)["expert_clues"]) == 4 and len(state.view(1)["expert_clues"]) == 3
    assert state.known_clues(1)[1] == state.axis_clues[:3]


@pytest.mark.parametrize(
    "bad",
    [
        {"num_players": 2, "extra_clues": [3, 0]},
        {"num_players": 2, "extra_clues": [1]},
        {"num_players": 2, "extra_clues": "12"},
        {"num_players": 2, "extra_clues": [True, 0]},
        {"num_players": 1, "extra_clues": [1]},
    ],
)
def test_bad_extra_clues_are_rejected(bad):
    with pytest.raises(ConfigError, match="extra_clues"):
        ArcheOlogicGame(**bad)


def test_the_seat_picture_shows_only_the_view():
    """The seat picture never names the quest (its number gives the layout) nor the layout."""
    g = ArcheOlogicGame(num_players=2, quest=9)
    state = g.new_initial_state(np.random.default_rng(0))
    assert state.decision == AXIS
    assert "quest 9" in state.render() and "quest" not in state.render(0)
    assert state.render(0).startswith("player_0's picture")
    assert state.render().startswith("Spectator's picture (shows hidden information")


def test_the_solo_env_names_the_quest_only_once_the_episode_is_over():
    """The quest number regenerates the hidden layout, so ``reset``'s info holds nothing that
    tells one episode from another (time 0, unsolved); the number comes with the last step."""
    env = solo_env("archeologic")
    quests = set()
    for seed in range(5):
        _, info = env.reset(seed=seed)
        assert info == {"time": 0, "solved": False}
        quests.add(env.game_state.quest)
    assert len(quests) == 5
    rng = np.random.default_rng(0)
    done = False
    while not done:
        legal = np.flatnonzero(env.action_masks())
        _, _, terminated, truncated, info = env.step(int(rng.choice(legal)))
        done = terminated or truncated
        assert ("quest" in info) == done
    assert info["quest"] == env.game_state.quest
