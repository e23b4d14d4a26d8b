"""The solo env's opt-in learning aids: belief features and information shaping.  They must use
only the player's own information, spell the layout out once it is known, and leave the ranking
of policies unchanged (the shaping of an episode sums to a constant)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from digsite.agents import make_agent
from digsite.envs.solo import solo_env
from digsite.games.archeologic.actions import AXIS, AXIS0, GUESS, PLACE0, QUESTION, QUESTION0
from digsite.games.archeologic.components import NUM_BUILDINGS
from digsite.games.archeologic.learning_aids import (
    FEATURE_SIZE,
    SIZE_FEATURES,
    candidate_rows,
    information_potential,
    write_belief_features,
)
from digsite.games.archeologic.questions import NUM_AXES, NUM_QUESTIONS
from digsite.games.archeologic.rules import ArcheOlogicGame
from digsite.games.archeologic.solver import NO_INFORMATION

from .play import play_random


def features(state) -> np.ndarray:
    out = np.empty(FEATURE_SIZE, dtype=np.float32)
    write_belief_features(state, 0, out)
    return out


def test_features_are_blind_to_the_hidden_layout():
    """A state resampled for the player (another layout it cannot rule out) gets the same
    features, and they are a distribution over placements for every building."""
    game = ArcheOlogicGame(num_players=1, guess_variant="app")
    rng = np.random.default_rng(1)
    changed = 0
    for _ in range(15):
        state = game.new_initial_state(rng)
        play_random(state, rng, max_steps=int(rng.integers(0, 25)))
        if state.is_terminal():
            continue
        mine = features(state)
        marginals = mine[:-SIZE_FEATURES].reshape(NUM_BUILDINGS, -1)
        assert np.allclose(marginals.sum(axis=1), 1.0) or not marginals.any()
        for _ in range(3):
            other = state.resample_hidden(0, rng)
            changed += other.layout != state.layout
            assert features(other).tobytes() == mine.tobytes()
    assert changed > 0


def test_once_one_layout_is_left_the_features_spell_it_out():
    """Ask the deduction agent's questions until one layout is possible, then enter the most
    likely placement of each building: that is the quest's layout."""
    env = solo_env("archeologic", belief=True, quest=5)
    obs, _ = env.reset(seed=0)
    agent = make_agent("heuristic", "archeologic")
    while len(env.game_state.belief(0)) > 1:
        sizes = env.game.obs_layout.unpack(obs)["belief_size"]
        possible = len(env.game_state.belief(0))
        assert sizes[2] == sizes[3] == np.float32(1 / possible) < 1
        obs, *_ = env.step(agent.act_in(env.game_state, 0))
    sizes = env.game.obs_layout.unpack(obs)["belief_size"]
    assert sizes[2] == sizes[3] == 1.0  # one layout left: the moment to guess
    assert env.game_state.current_player() == 0 and env.action_masks()[GUESS]
    obs, *_ = env.step(GUESS)
    for _ in range(NUM_BUILDINGS):
        marginals = env.game.obs_layout.unpack(obs)["belief_marginals"]
        building = len(env.game_state.pieces)
        assert marginals[building].max() == 1.0
        obs, reward, terminated, _, info = env.step(PLACE0 + int(marginals[building].argmax()))
    assert terminated and info["solved"]


@pytest.mark.parametrize("variant", ["rulebook", "app"])
def test_shaping_sums_to_a_constant_whatever_the_policy(variant):
    """Return with shaping = return without + k * log2(layouts possible at the start), for a
    solving agent, random players (who fail) and an unmasked action ending the episode."""
    k = 0.5
    deduction = make_agent("heuristic", "archeologic")
    for seed in range(3):
        plain = solo_env("archeologic", guess_variant=variant, quest=seed)
        shaped = solo_env("archeologic", guess_variant=variant, quest=seed, shaping=k)
        for policy in ("deduction", "random", "unmasked"):
            totals = []
            for env in (plain, shaped):
                env.reset(seed=seed)
                start = len(candidate_rows(env.game_state, 0))
                rng = np.random.default_rng(seed)
                total, done, steps = 0.0, False, 0
                while not done:
                    if policy == "deduction":
                        action = deduction.act_in(env.game_state, 0)
                    elif policy == "unmasked" and steps == 2:
                        action = int(np.flatnonzero(~env.action_masks())[0])
                    else:
                        action = int(rng.choice(np.flatnonzero(env.action_masks())))
                    _, reward, terminated, truncated, info = env.step(action)
                    total += reward
                    steps += 1
                    done = terminated or truncated
                totals.append(total)
            assert totals[1] == pytest.approx(totals[0] + k * math.log2(start))


def test_shaping_pays_for_information_and_charges_doomed_pieces():
    env = solo_env("archeologic", quest=7, shaping=1.0)
    env.reset(seed=0)
    agent = make_agent("heuristic", "archeologic")
    before = len(candidate_rows(env.game_state, 0))
    while True:  # the agent's first question (after the start axis and viewfinder choices)
        asked = len(env.game_state.questions)
        spent = env.game_state.spent[0]
        action = agent.act_in(env.game_state, 0)
        _, reward, *_ = env.step(action)
        if len(env.game_state.questions) > asked:
            break
        before = len(candidate_rows(env.game_state, 0))
    after = len(candidate_rows(env.game_state, 0))
    assert after < before
    cost = env.game_state.spent[0] - spent
    assert reward == pytest.approx(-cost + math.log2(before / after))

    env.step(GUESS)
    possible = candidate_rows(env.game_state, 0)
    pid_to_offset = env.game.pid_to_offset[0]
    offsets = set(pid_to_offset[possible[:, 0]].tolist())
    legal = np.flatnonzero(env.action_masks()) - PLACE0
    doomed = next(int(o) for o in legal if int(o) not in offsets)
    potential = information_potential(env.game_state, 0)
    _, reward, *_ = env.step(PLACE0 + doomed)
    assert information_potential(env.game_state, 0) == -math.log2(len(env.game.layouts)) - 1
    gained = information_potential(env.game_state, 0) - potential
    assert reward == pytest.approx(gained) and reward < -1


def test_learning_aid_options_are_checked():
    with pytest.raises(ValueError, match="belief"):
        solo_env("archeologic", belief=1)
    with pytest.raises(ValueError, match="shaping"):
        solo_env("archeologic", shaping=-1)
    env = solo_env("archeologic", belief=True)
    plain = solo_env("archeologic")
    assert env.observation_space.shape == (plain.game.observation_size + FEATURE_SIZE,)
    assert env.game.config["belief_features"] and not plain.game.config["belief_features"]


def test_consistent_guesses_enter_only_possible_layouts():
    """With the aid, every placement offered extends the pieces to a layout the player cannot
    rule out; once one layout is left the guess is forced and right; random play solves some
    solo games (without the aid it never does)."""
    game = ArcheOlogicGame(num_players=1, consistent_guesses=True)
    rng = np.random.default_rng(3)
    solved = 0
    for _ in range(40):
        state = game.new_initial_state(rng)
        while not state.is_terminal():
            mask = state.legal_action_mask()
            if len(state.pieces) or mask[PLACE0:].any():
                possible = candidate_rows(state, 0)
                building = len(state.pieces)
                offered = set((np.flatnonzero(mask[PLACE0:])).tolist())
                expected = set(game.pid_to_offset[building][possible[:, building]].tolist())
                assert offered == expected and len(possible) > 0
                assert (mask[PLACE0:].sum() == 1) == (len(set(possible[:, building])) == 1)
            state.apply_action(int(rng.choice(np.flatnonzero(mask))))
        solved += state.winner == 0
    assert 2 <= solved < 40

    state = game.new_initial_state(np.random.default_rng(0))
    agent = make_agent("heuristic", "archeologic")
    while len(state.belief(0)) > 1:
        state.apply_action(agent.act_in(state, 0))
    state.apply_action(GUESS)
    while not state.is_terminal():  # one legal placement each time: the layout's
        legal = np.flatnonzero(state.legal_action_mask())
        assert len(legal) == 1
        state.apply_action(int(legal[0]))
    assert state.winner == 0


@pytest.mark.parametrize("num_players", [1, 2])
def test_informative_questions_offer_only_what_teaches_something(num_players):
    """With the aid, every question offered has an answer the decider does not know yet, every
    axis offered has such a question, the guess stays open, and the masks are blind to the
    hidden layout; so random play never asks one question twice on one axis.  The deduction
    agent plays the same game with the aid as without."""
    game = ArcheOlogicGame(num_players=num_players, informative_questions=True, quest=7)
    rng = np.random.default_rng(num_players)
    for _ in range(6):
        state = game.new_initial_state(rng)
        asked, axis = set(), None
        while not state.is_terminal():
            mask = state.legal_action_mask()
            player = state.current_player()
            useful = state.belief(player).informative()
            assert np.array_equal(useful, state.belief(player).information() > NO_INFORMATION)
            if state.decision == AXIS:
                assert mask[GUESS]
                offered = np.flatnonzero(mask[AXIS0 : AXIS0 + NUM_AXES])
                assert all(useful[:, a].any() for a in offered)
            elif state.decision == QUESTION:
                offered = np.flatnonzero(mask[QUESTION0 : QUESTION0 + NUM_QUESTIONS])
                assert len(offered) and all(useful[offered, state.viewfinder])
                axis = state.viewfinder
            for _ in range(2):
                other = state.resample_hidden(player, rng)
                assert np.array_equal(other.legal_action_mask(), mask)
            action = int(rng.choice(np.flatnonzero(mask)))
            if state.decision == QUESTION:
                assert (player, axis, action) not in asked
                asked.add((player, axis, action))
            state.apply_action(action)
    agent = make_agent("heuristic", "archeologic")
    for aided in (game, ArcheOlogicGame(num_players=num_players, quest=7)):
        state = aided.new_initial_state(np.random.default_rng(0))
        moves = []
        while not state.is_terminal():
            moves.append(agent.act_in(state, state.current_player()))
            state.apply_action(moves[-1])
        if aided is game:
            aided_moves = moves
    assert moves == aided_moves


def test_aid_options_are_checked_and_saved():
    with pytest.raises(ValueError, match="consistent_guesses"):
        ArcheOlogicGame(num_players=1, consistent_guesses="yes")
    game = ArcheOlogicGame(
        num_players=2, consistent_guesses=True, belief_features=True, informative_questions=True
    )
    assert game.config["informative_questions"]
    assert solo_env("archeologic", informative_questions=True).game.informative_questions
    state = game.new_initial_state(np.random.default_rng(0))
    assert game.state_from_dict(state.to_dict()).to_dict() == state.to_dict()
    plain = ArcheOlogicGame(num_players=2)
    with pytest.raises(ValueError, match="config"):
        plain.state_from_dict(state.to_dict())


def test_a_resampled_guess_that_fits_no_candidate_can_still_be_finished():
    """Resampled for another player, the guesser's half-entered pieces may fit none of its new
    candidates: the mask then falls back to every legal completion (search plays on)."""
    game = ArcheOlogicGame(num_players=2, guess_variant="app", consistent_guesses=True)
    rng = np.random.default_rng(4)
    fallbacks = 0
    for _ in range(30):
        state = game.new_initial_state(rng)
        while not state.is_terminal() and len(state.pieces) < 2:
            state.apply_action(int(rng.choice(np.flatnonzero(state.legal_action_mask()))))
        if state.is_terminal():
            continue
        guesser = state.current_player()
        for _ in range(10):
            other = state.resample_hidden(1 - guesser, rng)
            if len(candidate_rows(other, guesser)) == 0:
                fallbacks += 1
                mask = other.legal_action_mask()
                assert (mask == game.placement_mask(tuple(other.pieces))).all() and mask.any()
    assert fallbacks > 0
