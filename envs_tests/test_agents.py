"""Baseline agents on every registered env: they play legal moves, and they are better than
random where they should be."""

from __future__ import annotations

import numpy as np
import pytest

import digsite
from digsite.agents import (
    ISMCTSAgent,
    RandomPolicy,
    agent_rollout,
    choose,
    make_agent,
    random_rollout,
)
from digsite.agents.arena import play_games
from digsite.agents.baselines import search_settings
from digsite.agents.ismcts import Rollout, ScoreMargin, random_move
from digsite.envs.registry import entry
from digsite.envs.registry import make_game as make_game_of
from digsite.games import BUILTIN


def seat_returns(game, agent, games: int) -> list[float]:
    """The agent's return in each game, in seat i % n of game i, the other seats random."""
    opponents = [RandomPolicy(np.random.default_rng(100 + p)) for p in range(1, game.num_players)]
    return [o.return_of(0) for o in play_games(game, [agent, *opponents], games)]


def win_rate(game, agent, games: int) -> float:
    return float(np.mean([r > 0 for r in seat_returns(game, agent, games)]))


def mean_return(game, agent, games: int) -> float:
    return float(np.mean(seat_returns(game, agent, games)))


def test_random_agents_only_play_legal_moves(case):
    entry, config, module = case
    game = entry.load_game_class().from_config(**config)
    agents = [make_agent("random", entry.name, seed=p) for p in range(game.num_players)]
    decisions = []  # the arena's engine raises on an illegal action
    play_games(game, agents, 30, on_action=lambda state, action: decisions.append(action))
    assert len(decisions) >= 30 * 10


HEURISTIC_GAMES = [e for e in BUILTIN if e.heuristic_agent]


@pytest.mark.parametrize("entry", HEURISTIC_GAMES, ids=[e.name for e in HEURISTIC_GAMES])
def test_heuristic_beats_random(entry):
    for config in entry.configs():
        game = entry.load_game_class().from_config(**config)
        rate = win_rate(game, make_agent("heuristic", entry.name), games=60)
        # random would win about 1 / n of its games; demand a clear margin
        assert rate >= 0.8, f"{config}: heuristic won only {rate:.2f}"


@pytest.mark.parametrize("entry", BUILTIN, ids=[e.name for e in BUILTIN])
def test_ismcts_plays_legal_moves_and_is_no_worse_than_random(entry):
    """With random rollouts IS-MCTS cannot solve a deduction game like ArcheOlogic, so the
    generic demand is "legal and not worse than random"; games where it should win say so."""
    if not entry.search_games:
        pytest.skip(f"{entry.name}: random rollouts too long to search here (see its tests)")
    game = entry.load_game_class().from_config(**entry.configs()[0])
    games = entry.search_games
    searched = mean_return(game, ISMCTSAgent(iterations=20, seed=0), games=games)
    random = mean_return(game, RandomPolicy(np.random.default_rng(7)), games=games)
    assert searched >= random


def test_ismcts_beats_random_at_mykerinos():
    game = make_game_of("mykerinos", num_players=2)
    assert win_rate(game, ISMCTSAgent(iterations=30, seed=0), games=6) >= 4 / 6


def test_guided_ismcts_expands_the_guides_move_first():
    """With one iteration the only move searched is the guide's, whatever the move count."""
    game = make_game_of("archeologic", num_players=2)
    state = game.new_initial_state(np.random.default_rng(3))
    guide = make_agent("heuristic", "archeologic")
    for _ in range(8):  # through questions and viewfinder moves
        assert state.legal_action_mask().sum() > 1
        agent = ISMCTSAgent(iterations=1, rollout=random_rollout, guide=guide, seed=0)
        move = choose(agent, state, state.current_player())
        assert move == choose(guide, state, state.current_player())
        state.apply_action(move)


def test_ismcts_with_heuristic_rollouts_solves_archeologic():
    """Unguided, a 20-iteration search over some 50 placements guessed wrong in all of 40
    games; the deduction agent as guide and rollout makes it win against random players."""
    game = make_game_of("archeologic", num_players=2)
    searcher = make_agent("mcts", "archeologic", 0, mcts_iterations=10, mcts_rollout="heuristic")
    assert win_rate(game, searcher, games=4) == 1.0


def test_ismcts_needs_a_budget():
    with pytest.raises(ValueError, match="budget"):
        ISMCTSAgent(iterations=None, seconds=None)


def test_state_agents_sit_in_the_single_seat_env():
    env = digsite.single_seat_env(
        "mykerinos", num_players=3, opponents=make_agent("heuristic", "mykerinos")
    )
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    done = False
    while not done:
        legal = np.flatnonzero(env.action_masks())
        obs, reward, done, _, info = env.step(int(legal[rng.integers(len(legal))]))
    assert reward == -1.0  # a random learner against two heuristic players loses


def test_unknown_agent_kind():
    with pytest.raises(ValueError, match="kinds"):
        make_agent("oracle", "mykerinos")


def test_agent_rollouts_play_the_agent_for_every_seat():
    """A rollout by ArcheOlogic's deduction agent solves the city (random rollouts never do)."""
    game = make_game_of("archeologic", num_players=1)
    rng = np.random.default_rng(0)
    for seed in range(3):
        state = game.new_initial_state(np.random.default_rng(seed))
        agent_rollout(make_agent("heuristic", "archeologic"))(state, rng)
        assert state.is_terminal() and state.returns() == [1.0]
        state = game.new_initial_state(np.random.default_rng(seed))
        random_rollout(state, rng)
        assert state.is_terminal() and state.returns() == [-1.0]


def test_ismcts_with_heuristic_rollouts_plays_legal_moves():
    """(Heuristic rollouts cost far more than random ones: 30 iterations beat random at 2-player
    Mykerinos in 4 games of 4, but take half a minute a game, too long for the suite.)"""
    game = make_game_of("mykerinos", num_players=2)
    state = game.new_initial_state(np.random.default_rng(0))
    agent = make_agent("mcts", "mykerinos", seed=0, mcts_iterations=3, mcts_rollout="heuristic")
    for _ in range(12):
        action = agent.act_in(state, state.current_player())
        assert state.legal_action_mask()[action]
        state.apply_action(action)
    with pytest.raises(ValueError, match="rollouts"):
        make_agent("mcts", "mykerinos", mcts_rollout="oracle")


class SealedRoot:
    """A root position that lets the search read only what its player knows: its legal moves
    (its own observation has them) and ``resample_hidden(player)``; anything else fails."""

    def __init__(self, state, player: int):
        self._state, self._player = state, player

    def legal_actions(self) -> list[int]:
        return self._state.legal_actions()

    def resample_hidden(self, player: int, rng):
        assert player == self._player, "the search resampled for another player"
        return self._state.resample_hidden(player, rng)

    def __getattr__(self, name: str):
        raise AssertionError(f"the search read the root's {name}")


@pytest.mark.parametrize("entry", BUILTIN, ids=[e.name for e in BUILTIN])
def test_the_search_reads_the_root_only_through_resample_hidden(entry):
    """The guided search (projected scores, heuristic rollouts and guide) on sealed roots
    through a heuristic game: it plays, and exactly as it does on the open root."""
    game = make_game_of(entry.name, num_players=2)
    state = game.new_initial_state(np.random.default_rng(5))
    heuristic = make_agent("heuristic", entry.name)
    searched = 0
    while not state.is_terminal() and searched < 3:
        player = state.current_player()
        if len(state.legal_actions()) > 1:
            sealed = make_agent("mcts", entry.name, seed=1, mcts_iterations=3)
            open_ = make_agent("mcts", entry.name, seed=1, mcts_iterations=3)
            move = sealed.act_in(SealedRoot(state, player), player)
            assert move == open_.act_in(state, player)
            searched += 1
        state.apply_action(heuristic.act_in(state, player))
    assert searched == 3


def test_the_search_is_deterministic_under_a_seed():
    game = make_game_of("mykerinos", num_players=2)

    def moves() -> list[int]:
        played = []
        searcher = make_agent("mcts", "mykerinos", seed=3, mcts_iterations=4)
        play_games(
            game,
            [searcher, make_agent("heuristic", "mykerinos")],
            1,
            seed=2,
            on_action=lambda state, action: played.append(action),
        )
        return played

    assert moves() == moves()


def test_the_guided_search_beats_the_heuristic_at_mykerinos_on_a_small_budget():
    """Its game's defaults (rollouts of 30 decisions valued by the projected prestige) with
    8 iterations; the plain search with the same budget loses to the heuristic."""
    game = make_game_of("mykerinos", num_players=2)
    heuristic = make_agent("heuristic", "mykerinos")
    guided = make_agent("mcts", "mykerinos", seed=0, mcts_iterations=8)
    outcomes = play_games(game, [guided, heuristic], 4)
    assert sum(o.return_of(0) > 0 for o in outcomes) >= 3
    plain = make_agent("mcts", "mykerinos", seed=0, mcts_iterations=8, mcts_rollout="random")
    outcomes = play_games(game, [plain, heuristic], 4)
    assert sum(o.return_of(0) > 0 for o in outcomes) <= 1


def test_rollouts_stop_at_their_horizon():
    game = make_game_of("mykerinos", num_players=2)
    state = game.new_initial_state(np.random.default_rng(0))
    played = []
    policy = lambda state, rng: played.append(random_move(state, rng)) or played[-1]  # noqa: E731
    Rollout(policy, horizon=7)(state, np.random.default_rng(0))
    assert len(played) == 7 and not state.is_terminal()
    Rollout(policy)(state, np.random.default_rng(0))
    assert state.is_terminal()


def test_score_margins_rank_players_as_their_scores_do():
    game = make_game_of("mykerinos", num_players=3)
    state = game.new_initial_state(np.random.default_rng(0))
    scores = [30.0, 10.0, 25.0]
    values = ScoreMargin(10.0, scores=lambda s: scores)(state)
    assert list(np.argsort(values)) == list(np.argsort(scores))
    assert values[0] == pytest.approx(np.tanh(0.5)) and values[1] == pytest.approx(np.tanh(-2))
    random_rollout(state, np.random.default_rng(0))  # at the end: the returns, blended
    end = ScoreMargin(10.0, blend=0.5)(state)
    for value, ret in zip(end, state.returns(), strict=True):
        assert np.sign(value) == ret and -1 <= value <= 1


def test_search_settings_default_per_game_and_override():
    assert search_settings("mykerinos") == entry("mykerinos").search
    assert search_settings("mykerinos", iterations=7).iterations == 7
    assert search_settings("mykerinos", rollout="random").rollout == "random"
    agent = make_agent("mcts", "mykerinos")
    assert agent.iterations == entry("mykerinos").search.iterations
    assert agent.guide is not None and isinstance(agent.evaluate, ScoreMargin)
    assert make_agent("mcts", "mykerinos", mcts_rollout="random").guide is None
