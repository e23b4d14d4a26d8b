"""The conformance suite: every registered env, every configuration, no per-game code."""

from __future__ import annotations

import json
import pickle
import warnings

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from digsite.core.engine import ConfigError, CorruptStateError
from digsite.core.views import (
    ViewIndex,
    canonical,
    follow_up_leak,
    move_text_leak,
    sample_states,
)

from .play import observation, play_random, random_action


def make_game(entry, config):
    return entry.load_game_class().from_config(**config)


def test_api_test(case):
    entry, config, module = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(module.env(**config), num_cycles=300)


def test_seed_test(case):
    entry, config, module = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: module.env(**config), num_cycles=300)


def test_registered_with_pettingzoo(case):
    entry, config, module = case
    env = pettingzoo.make("aec", entry.env_id, **config)
    env.reset(seed=3)
    assert env.unwrapped.game.config == module.env(**config).game.config
    assert env.unwrapped.metadata["name"] == entry.module_name


def test_spaces_are_stable_and_masks_belong_to_the_mover(case):
    entry, config, module = case
    env = module.env(**config)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
    for _ in range(60):
        if not env.agents:
            break
        for agent in env.agents:
            obs = env.observe(agent)
            assert obs["action_mask"].dtype == np.int8
            assert obs["observation"].dtype == np.float32
            assert env.observation_space(agent).contains(obs)
            assert obs["action_mask"].any() == (
                agent == env.agent_selection
                and not (env.terminations[agent] or env.truncations[agent])
            )
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else random_action(obs["action_mask"], rng))


def test_global_state_is_every_seats_observation_then_the_secret(case):
    """PettingZoo's ``state()``: in ``state_space``, each seat's observation in seat order,
    then what no player knows; also through the AEC-to-parallel conversion."""
    entry, config, module = case
    env = module.env(**config)
    raw = env.unwrapped
    with pytest.raises(AttributeError, match="reset"):
        raw.state()
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    size, n = raw.game.observation_size, raw.game.num_players
    for _ in range(30):
        state = raw.state()
        assert raw.state_space.contains(state)
        for player, agent in enumerate(raw.possible_agents):
            seat_part = state[player * size : (player + 1) * size]
            assert np.array_equal(seat_part, env.observe(agent)["observation"])
        secret = state[n * size :]
        assert len(secret) == raw.game.secret_size
        if raw.game.secret_size:
            other = raw.game_state.resample_hidden(0, np.random.default_rng(2))
            if other.to_dict() != raw.game_state.to_dict():
                buffer = np.empty_like(secret)
                other.observe_secret(buffer)
                assert not np.array_equal(buffer, secret), "the secret shows what is hidden"
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(random_action(obs["action_mask"], rng))
    parallel = turn_based_aec_to_parallel(module.env(**config))
    parallel.reset(seed=1)
    assert parallel.state_space.contains(parallel.state())


def test_random_games_keep_the_rules(case):
    """Random full games: invariants after every action, every game ends, masks are sane."""
    entry, config, module = case
    game = make_game(entry, config)
    rng = np.random.default_rng(12345)
    buffer = np.empty(game.observation_size, dtype=np.float32)

    def check(state):
        state.check_invariants()
        if len(state.legal_actions()) == 1:  # now and then, the text picture of a position
            assert state.render()
        if state.is_terminal():
            assert not state.legal_action_mask().any()
        else:
            assert 0 <= state.current_player() < game.num_players
        state.observe(state.current_player() if not state.is_terminal() else 0, buffer)
        assert np.all(np.isfinite(buffer)) and buffer.min() >= 0.0 and buffer.max() <= 1.0

    for _ in range(entry.fuzz_games):
        state = game.new_initial_state(rng)
        actions = play_random(state, rng, max_steps=game.max_game_length, check=check)
        assert state.is_terminal(), f"no end after {len(actions)} decisions"
        returns = state.returns()
        assert len(returns) == game.num_players and all(-1.0 <= r <= 1.0 for r in returns)
        for a in range(game.num_actions):
            assert isinstance(state.action_to_string(a), str)
        assert isinstance(state.render(), str)


def test_hidden_information_resampling(case):
    """A player's observation is byte-identical after resample_hidden, and resampling does
    change the hidden parts of the state."""
    entry, config, module = case
    game = make_game(entry, config)
    rng = np.random.default_rng(7)
    changed = 0
    for _ in range(20):
        state = game.new_initial_state(rng)
        play_random(state, rng, max_steps=int(rng.integers(0, 60)))
        if state.is_terminal():
            continue
        for player in range(game.num_players):
            before = observation(state, player).tobytes()
            original = json.dumps(state.to_dict(), sort_keys=True)
            for _ in range(3):
                other = state.resample_hidden(player, rng)
                assert observation(other, player).tobytes() == before
                assert_same_to(player, state, other)
                assert json.dumps(state.to_dict(), sort_keys=True) == original, "state mutated"
                if player == state.current_player():  # others' masks may rest on hidden hands
                    assert (other.legal_action_mask() == state.legal_action_mask()).all()
                changed += json.dumps(other.to_dict(), sort_keys=True) != original
                other.check_invariants()
                play_random(other, rng)  # a resampled state is a playable game
                other.check_invariants()
    assert changed > 0, "resample_hidden never changed anything hidden"


def test_what_follows_a_move_shows_nothing_hidden(case):
    """In positions a player cannot tell apart (a state and its resampling for that player),
    the same move is followed by the same decision for the same player, unless the rules
    reveal something then (``game.revelations``): a step that comes or not, or another player
    asked, depending on a hidden hand would tell that player what the hand holds."""
    entry, config, module = case
    game = make_game(entry, config)
    agents = [entry.load_heuristic()] if entry.heuristic_agent else []
    rng = np.random.default_rng(31)
    for state in sample_states(game, rng, entry.follow_up_states, agents):
        if state.is_terminal():
            continue
        for player in range(game.num_players):
            other = state.resample_hidden(player, rng)
            both = np.flatnonzero(state.legal_action_mask() & other.legal_action_mask())
            for action in both.tolist():
                leak = follow_up_leak(state, other, player, action)
                assert leak is None, leak


def test_each_player_reads_the_moves_as_it_sees_them(case):
    """What a player reads of another's move (``action_seen_by``, the record's seat view and
    terminal play) names a move it sees and tells nothing it does not see."""
    entry, config, module = case
    game = make_game(entry, config)
    agents = [entry.load_heuristic()] if entry.heuristic_agent else []
    rng = np.random.default_rng(41)
    for state in sample_states(game, rng, entry.follow_up_states // 4, agents):
        if state.is_terminal():
            continue
        for player in range(game.num_players):
            leak = move_text_leak(state, state.resample_hidden(player, rng), player)
            assert leak is None, leak


def test_resampling_for_no_player_is_refused(case):
    entry, config, module = case
    game = make_game(entry, config)
    state = game.new_initial_state(np.random.default_rng(0))
    for player in (-1, game.num_players, True, 0.0):
        with pytest.raises(ValueError, match="players are 0.."):
            state.resample_hidden(player, np.random.default_rng(0))


def assert_same_to(player, state, other):
    """Nothing the env shows ``player`` differs between two states ``player`` cannot tell apart
    (a state and its resampling for ``player``): view, seat picture, mover, returns, and the
    mover's action texts."""
    assert canonical(other.view(player)) == canonical(state.view(player))
    assert other.render(player) == state.render(player)
    assert other.current_player() == state.current_player()
    assert other.returns() == state.returns()
    if player == state.current_player():
        texts = [state.action_to_string(a) for a in state.legal_actions()]
        assert [other.action_to_string(a) for a in other.legal_actions()] == texts


def test_views_are_complete_and_exact(case):
    """Over thousands of states of random and heuristic play, observations and views are
    one-to-one: two different views never give the same observation (complete), and one view
    always gives the same observation, mask, mover and action texts (exact).  The same check
    fails on a deliberately incomplete observation: the piece with the most distinct values
    blanked."""
    entry, config, module = case
    game = make_game(entry, config)
    agents = [entry.load_heuristic()] if entry.heuristic_agent else []
    blank = most_varied_piece(game, agents)
    index, blanked = ViewIndex(), ViewIndex(blank=blank)
    caught = None
    buffer = np.empty(game.observation_size, dtype=np.float32)
    for state in sample_states(game, np.random.default_rng(21), entry.view_states, agents):
        for player in range(game.num_players):
            state.observe(player, buffer)
            text = canonical(state.view(player))
            index.add(text, player, state, buffer)
            if caught is None:
                try:
                    blanked.add(text, player, state, buffer)
                except AssertionError as err:
                    caught = str(err)
    assert caught is not None and "the views differ in" in caught, (
        f"blanking {blank} went unnoticed"
    )


def most_varied_piece(game, agents) -> slice:
    """The observation piece with the most distinct values over a few sampled states."""
    values: dict[str, set[bytes]] = {name: set() for name, _ in game.observation_piece_names()}
    pieces = dict(game.observation_piece_names())
    for state in sample_states(game, np.random.default_rng(22), 100, agents):
        for player in range(game.num_players):
            obs = observation(state, player)
            for name, piece in pieces.items():
                values[name].add(obs[piece].tobytes())
    return pieces[max(values, key=lambda name: len(values[name]))]


def test_serialization_round_trip(case):
    entry, config, module = case
    game = make_game(entry, config)
    rng = np.random.default_rng(11)
    for _ in range(10):
        state = game.new_initial_state(rng)
        play_random(state, rng, max_steps=int(rng.integers(0, 80)))
        data = json.loads(json.dumps(state.to_dict()))
        copy = game.state_from_dict(data)
        assert copy.to_dict() == state.to_dict()
        for p in range(game.num_players):
            assert observation(copy, p).tobytes() == observation(state, p).tobytes()
        assert (copy.legal_action_mask() == state.legal_action_mask()).all()
        seed = int(rng.integers(1 << 30))
        a1 = play_random(state, np.random.default_rng(seed))
        a2 = play_random(copy, np.random.default_rng(seed))
        assert a1 == a2 and state.to_dict() == copy.to_dict()


def test_clone_is_independent(case):
    entry, config, module = case
    game = make_game(entry, config)
    rng = np.random.default_rng(5)
    state = game.new_initial_state(rng)
    play_random(state, rng, max_steps=10)
    before = state.to_dict()
    other = state.clone()
    play_random(other, rng)
    assert state.to_dict() == before


def test_corrupt_saved_states_are_rejected(case):
    entry, config, module = case
    game = make_game(entry, config)
    state = game.new_initial_state(np.random.default_rng(0))
    data = state.to_dict()
    with pytest.raises(CorruptStateError):
        game.state_from_dict("not a state")
    for key in data:
        broken = dict(data)
        del broken[key]
        with pytest.raises(CorruptStateError):
            game.state_from_dict(broken)
        broken = dict(data)
        broken[key] = "garbage"
        with pytest.raises(CorruptStateError):
            game.state_from_dict(broken)


def test_illegal_actions_are_rejected_and_change_nothing(case):
    entry, config, module = case
    env = module.env(**config)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(40):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        before = env.unwrapped.game_state.to_dict()
        illegal = np.flatnonzero(obs["action_mask"] == 0)
        for bad in [int(illegal[0]), -1, env.game.num_actions, None, 1.5]:
            with pytest.raises(ValueError):
                env.step(bad)
            assert env.unwrapped.game_state.to_dict() == before
        env.step(random_action(obs["action_mask"], rng))


def test_unknown_config_is_an_error(case):
    entry, config, module = case
    with pytest.raises(ConfigError, match="options are"):
        module.env(**config, no_such_option=1)


def test_pickle_mid_game(case):
    entry, config, module = case
    env = module.env(**config)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(10):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(random_action(obs["action_mask"], rng))
    copy = pickle.loads(pickle.dumps(env))
    while env.agents:
        obs, reward, term, trunc, _ = env.last()
        obs2, reward2, term2, trunc2, _ = copy.last()
        assert np.array_equal(obs["observation"], obs2["observation"])
        assert (reward, term, trunc) == (reward2, term2, trunc2)
        action = None if term or trunc else random_action(obs["action_mask"], rng)
        env.step(action)
        copy.step(action)
    assert not copy.agents


def test_max_cycles_truncates(case):
    entry, config, module = case
    env = module.env(**config, max_cycles=2)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    n = len(env.possible_agents)
    steps, truncated = 0, set()
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if trunc:
            truncated.add(agent)
        env.step(None if term or trunc else random_action(obs["action_mask"], rng))
        steps += 1
    assert steps == 2 * n + n  # 2 cycles of live steps, then one dead step per agent
    assert truncated == set(env.possible_agents)


def test_render_ansi(case):
    """The env's picture is the spectator's and says so; each seat has its own picture."""
    entry, config, module = case
    env = module.env(**config, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text
    assert "spectator" in text.splitlines()[0].lower()
    for player in range(env.game.num_players):
        seat = env.unwrapped.game_state.render(player)
        assert isinstance(seat, str) and seat and seat != text


def test_env_shows_nothing_else_before_the_end(case):
    """Rewards stay 0 and infos empty until the game ends: neither can carry hidden
    information to an agent."""
    entry, config, module = case
    env = module.env(**config)
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    for _agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert reward == 0.0 and info == {}
        assert all(r == 0.0 for r in env.rewards.values())
        assert all(i == {} for i in env.infos.values())
        env.step(random_action(obs["action_mask"], rng))


def test_single_seat_env_passes_checkers(case):
    from gymnasium.utils.env_checker import check_env as gym_check_env
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    import digsite

    entry, config, module = case
    env = digsite.single_seat_env(entry.name, **config)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gym_check_env(env, skip_render_check=True)
        sb3_check_env(env)


def test_single_seat_env_reward_is_the_learners_and_unmasked_actions_never_crash(case):
    import digsite

    entry, config, module = case
    for mode in ("end", "random"):
        env = digsite.single_seat_env(entry.name, illegal_action=mode, **config)
        for episode in range(5):
            obs, info = env.reset(seed=episode)
            done = False
            while not done:
                obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
                done = terminated or truncated
            if info.get("illegal_action") and mode == "end":
                assert reward == -1.0
            else:
                assert reward == env.game_state.returns()[env.seat]
        # with masks the episode reaches the real end of the game
        obs, info = env.reset(seed=99)
        rng = np.random.default_rng(0)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(
                random_action(env.action_masks().astype(np.int8), rng)
            )
            done = terminated or truncated
        state = env.game_state
        assert state.is_terminal() and reward == state.returns()[info.get("seat", env.seat)]
