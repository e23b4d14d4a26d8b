"""The conformance checks: what every digsite game, built-in or plugin, must keep.

Each check takes a :class:`~digsite.testing.cases.Case` and raises ``AssertionError`` with a
message naming what is wrong (the view field or observation piece that leaks or is missing, the
saved field taken though broken, the move and position where an invariant broke), or
:class:`CheckSkipped` when an optional library it needs is missing.  :data:`CHECKS` lists them
in the order they run; their budgets (games played, states sampled) are the spec's.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import pickle
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pettingzoo
from gymnasium.utils.env_checker import check_env as gym_check_env
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from ..core import views
from ..core.engine import ConfigError, CorruptStateError, Game, State
from ..core.fields import set_field
from ..core.views import shown
from ..envs.single_seat import SingleSeatEnv
from .cases import Case
from .play import observation, play_random, random_action

Check = Callable[[Case], None]
CHECKS: dict[str, Check] = {}
"""Every check by name, in the order they run."""

API_CYCLES = 300
"""Cycles of PettingZoo's ``api_test`` and ``seed_test``."""
ENV_STEPS = 60
"""Steps of the env checks that play part of a game."""
RESAMPLED_GAMES, RESAMPLES, RESAMPLE_DEPTH = 20, 3, 60
"""Positions of the resampling check (random depths below the bound), and draws per player."""
SAVED_GAMES, SAVE_DEPTH = 10, 80
SAME_SEED_GAMES = 2
SINGLE_SEAT_EPISODES = 5
PIECES_SAMPLED = 100
"""States on which the observation piece with the most distinct values is found."""


class CheckSkipped(Exception):
    """A check that cannot run here: an optional library it needs is not installed."""


def check(function: Check) -> Check:
    CHECKS[function.__name__] = function
    return function


def expect_error(kind: type[Exception], call: Callable[[], Any], what: str, says: str = "") -> None:
    """``call()`` must raise ``kind`` with ``says`` in its message; else an AssertionError
    saying ``what`` was not refused as it should be."""
    try:
        call()
    except kind as err:
        if says not in str(err):
            raise AssertionError(
                f"{what} raised {kind.__name__} not saying {says!r}: {err}"
            ) from err
        return
    except Exception as err:
        raise AssertionError(
            f"{what} raised {type(err).__name__} ({err}), not {kind.__name__}"
        ) from err
    raise AssertionError(f"{what} raised nothing; it should raise {kind.__name__}")


def quiet(call: Callable[[], Any]) -> Any:
    """``call()`` without the warnings and lines PettingZoo's and Gymnasium's checkers print."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        return call()


def saved(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


# -- PettingZoo ------------------------------------------------------------------------------
@check
def api_test(case: Case) -> None:
    """PettingZoo's ``api_test``."""
    from pettingzoo.test import api_test as pettingzoo_api_test

    quiet(lambda: pettingzoo_api_test(case.env(), num_cycles=API_CYCLES))


@check
def seed_test(case: Case) -> None:
    """PettingZoo's ``seed_test``: two envs reset with one seed play alike."""
    from pettingzoo.test import seed_test as pettingzoo_seed_test

    quiet(lambda: pettingzoo_seed_test(case.env, num_cycles=API_CYCLES))


@check
def registered_with_pettingzoo(case: Case) -> None:
    """``pettingzoo.make("aec", "digsite/<game>-v<N>", **config)`` makes the game."""
    env = pettingzoo.make("aec", case.spec.env_id, **case.config)
    env.reset(seed=3)
    made = env.unwrapped.game.config
    assert made == case.env().game.config, f"{case.spec.env_id} made a game of config {made}"
    assert env.unwrapped.metadata["name"] == case.spec.module_name


@check
def spaces_are_stable_and_masks_belong_to_the_mover(case: Case) -> None:
    """Each space is one object; observations lie in them; only the mover has legal actions."""
    env = case.env()
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent), (
            "observation_space(agent) returns a new object each call"
        )
        assert env.action_space(agent) is env.action_space(agent)
    for _ in random_play(env, seed=0, steps=ENV_STEPS):
        for agent in env.agents:
            obs = env.observe(agent)
            assert obs["action_mask"].dtype == np.int8, "the action mask is not int8"
            assert obs["observation"].dtype == np.float32, "the observation is not float32"
            assert env.observation_space(agent).contains(obs), (
                f"{agent}'s observation is outside its observation space"
            )
            mover = agent == env.agent_selection and not (
                env.terminations[agent] or env.truncations[agent]
            )
            assert obs["action_mask"].any() == mover, (
                f"{agent}'s action mask is {'empty' if mover else 'not empty'} though it is "
                f"{'' if mover else 'not '}the agent to move"
            )


@check
def global_state_is_every_seats_observation_then_the_secret(case: Case) -> None:
    """PettingZoo's ``state()``: in ``state_space``, each seat's observation in seat order,
    then what no player knows; also through the AEC-to-parallel conversion."""
    env = case.env()
    expect_error(AttributeError, env.state, "state() before reset()", "reset")
    size, n = env.game.observation_size, env.game.num_players
    for _, (_, _, term, trunc, _) in random_play(env, seed=1, steps=30):
        state = env.state()
        assert env.state_space.contains(state), "state() is outside state_space"
        for player, agent in enumerate(env.possible_agents):
            seat_part = state[player * size : (player + 1) * size]
            assert np.array_equal(seat_part, env.observe(agent)["observation"]), (
                f"state() does not hold {agent}'s observation in its place"
            )
        secret = state[n * size :]
        assert len(secret) == env.game.secret_size, "state() is not secret_size longer"
        if env.game.secret_size:
            other = env.game_state.resample_hidden(0, np.random.default_rng(2))
            if other.to_dict() != env.game_state.to_dict():
                buffer = np.empty_like(secret)
                other.observe_secret(buffer)
                assert not np.array_equal(buffer, secret), "the secret shows what is hidden"
        if term or trunc:
            break
    parallel = turn_based_aec_to_parallel(case.env())
    parallel.reset(seed=1)
    assert parallel.state_space.contains(parallel.state()), "the parallel env's state()"


# -- the rules -------------------------------------------------------------------------------
@check
def random_games_keep_the_rules(case: Case) -> None:
    """Random full games (``spec.fuzz_games``): the invariants after every action, every game
    ends, masks are sane, observations finite in [0, 1]."""
    game = case.game()
    rng = np.random.default_rng(12345)
    for number in range(case.spec.fuzz_games):
        state = game.new_initial_state(rng)
        start = state.clone()
        actions: list[int] = []
        try:
            while not state.is_terminal() and len(actions) < game.max_game_length:
                actions.append(random_action(state.legal_action_mask(), rng))
                state.apply_action(actions[-1])
                keeps_the_rules(state)
        except AssertionError as err:
            raise AssertionError(
                f"random game {number}, after {last_move(start, actions)}: {err or repr(err)}"
            ) from err
        assert state.is_terminal(), f"no end after {len(actions)} decisions (max_game_length)"
        returns = state.returns()
        assert len(returns) == game.num_players and all(-1.0 <= r <= 1.0 for r in returns), (
            f"returns {returns} are not one per player in [-1, 1]"
        )
        for a in range(game.num_actions):
            assert isinstance(state.action_to_string(a), str), f"action_to_string({a})"
        assert isinstance(state.render(), str)


def keeps_the_rules(state: State) -> None:
    """The checks of every position of the random games."""
    game = state.game
    state.check_invariants()
    if len(state.legal_actions()) == 1:  # now and then, the text picture of a position
        assert state.render(), "render() is empty"
    if state.is_terminal():
        assert not state.legal_action_mask().any(), "a finished game has legal actions"
    else:
        assert 0 <= state.current_player() < game.num_players, "no player to move"
    obs = observation(state, state.current_player() if not state.is_terminal() else 0)
    if not in_unit_range(obs):
        outside = [
            n for n, piece in game.observation_piece_names() if not in_unit_range(obs[piece])
        ]
        raise AssertionError(f"the observation leaves [0, 1] in {shown(outside) or 'no piece'}")


def in_unit_range(values: np.ndarray) -> bool:
    return bool(np.all(np.isfinite(values)) and values.min() >= 0.0 and values.max() <= 1.0)


def last_move(start: State, actions: list[int]) -> str:
    """``actions`` played from ``start``, said by the last: "12 moves (the last: player 1
    'play the 3 of coins')"."""
    state = start.clone()
    for action in actions[:-1]:
        state.apply_action(action)
    last = f"player {state.current_player()} {state.action_to_string(actions[-1])!r}"
    return f"{len(actions)} moves (the last: {last})"


@check
def same_seed_same_game(case: Case) -> None:
    """Determinism: the same seed and the same actions give the same states, observations and
    returns (no global random state)."""
    game = case.game()
    for seed in range(SAME_SEED_GAMES):
        one = game.new_initial_state(np.random.default_rng(seed))
        two = game.new_initial_state(np.random.default_rng(seed))
        assert saved(one) == saved(two), f"seed {seed} sets up two different games"
        rng = np.random.default_rng(seed)
        steps = 0
        while not one.is_terminal():
            player = one.current_player()
            assert np.array_equal(observation(one, player), observation(two, player)), (
                f"seed {seed}: player {player}'s observations differ after {steps} moves"
            )
            action = random_action(one.legal_action_mask(), rng)
            one.apply_action(action)
            two.apply_action(action)
            steps += 1
        assert saved(one) == saved(two), f"seed {seed}: the same moves end in different states"
        assert one.returns() == two.returns(), f"seed {seed}: the returns differ"


# -- a player's information ------------------------------------------------------------------
def difference_to(player: int, state: State, other: State) -> str | None:
    """What the env shows ``player`` differently in two positions it cannot tell apart
    (``other`` a resampling of ``state`` for ``player``); None if nothing."""
    view, seen = state.view(player), other.view(player)
    if views.canonical(view) != views.canonical(seen):
        fields = views.view_differences(view, seen) or ["the type of a value"]
        return (
            f"resample_hidden({player}) changed what player {player} knows: its view differs in "
            f"{shown(fields)} (the view shows what player {player} cannot know, or "
            "resample_hidden redraws what that player has seen)"
        )
    pieces = views.piece_differences(
        state.game, observation(state, player), observation(other, player)
    )
    if pieces:
        return (
            f"player {player}'s observation differs in {shown(pieces)} between two positions it "
            f"cannot tell apart (a position and its resample_hidden({player})), though its view "
            "is the same: the observation shows what the player cannot know"
        )
    if other.render(player) != state.render(player):
        return f"player {player}'s seat picture (render({player})) shows what its view does not"
    if other.current_player() != state.current_player():
        return f"the player to move depends on what player {player} cannot know"
    if other.returns() != state.returns():
        return f"the returns depend on what player {player} cannot know"
    if player == state.current_player():
        if not np.array_equal(other.legal_action_mask(), state.legal_action_mask()):
            return f"player {player}'s legal actions depend on what it cannot know"
        texts = [state.action_to_string(a) for a in state.legal_actions()]
        if [other.action_to_string(a) for a in other.legal_actions()] != texts:
            return f"player {player}'s action texts tell what it cannot know"
    return None


@check
def hidden_information_resampling(case: Case) -> None:
    """Every player's view, observation, picture, mover, returns and (as the mover) legal
    actions and their texts are the same after ``resample_hidden``; resampling leaves the
    state untouched, gives playable positions and does change hidden parts."""
    game = case.game()
    rng = np.random.default_rng(7)
    changed = 0
    for _ in range(RESAMPLED_GAMES):
        state = game.new_initial_state(rng)
        play_random(state, rng, max_steps=int(rng.integers(0, RESAMPLE_DEPTH)))
        if state.is_terminal():
            continue
        for player in range(game.num_players):
            original = saved(state)
            for _ in range(RESAMPLES):
                other = state.resample_hidden(player, rng)
                leak = difference_to(player, state, other)
                assert leak is None, leak
                assert saved(state) == original, "resample_hidden changed the state it was given"
                changed += saved(other) != original
                other.check_invariants()
                play_random(other, rng)  # a resampled state is a playable game
                other.check_invariants()
    assert changed > 0, "resample_hidden never changed anything hidden"


def resampled(case: Case, seed: int, count: int) -> Iterator[tuple[State, int, State]]:
    """Sampled positions not over, each player, and the position resampled for that player."""
    game = case.game()
    rng = np.random.default_rng(seed)
    for state in views.sample_states(game, rng, count, case.agents()):
        if not state.is_terminal():
            for player in range(game.num_players):
                yield state, player, state.resample_hidden(player, rng)


@check
def what_follows_a_move_shows_nothing_hidden(case: Case) -> None:
    """In positions a player cannot tell apart (a state and its resampling for that player),
    the same move is followed by the same decision for the same player, unless the rules
    reveal something then (``game.revelations``): a step that comes or not, or another player
    asked, depending on a hidden hand would tell that player what the hand holds."""
    for state, player, other in resampled(case, 31, case.spec.follow_up_states):
        both = np.flatnonzero(state.legal_action_mask() & other.legal_action_mask())
        for action in both.tolist():
            leak = views.follow_up_leak(state, other, player, action)
            assert leak is None, leak


@check
def each_player_reads_the_moves_as_it_sees_them(case: Case) -> None:
    """What a player reads of another's move (``action_seen_by``, the record's seat view and
    terminal play) names a move it sees and tells nothing it does not see."""
    for state, player, other in resampled(case, 41, case.spec.follow_up_states // 4):
        leak = views.move_text_leak(state, other, player)
        assert leak is None, leak


@check
def resampling_for_no_player_is_refused(case: Case) -> None:
    """``resample_hidden`` for an index that is no player raises ``ValueError``."""
    game = case.game()
    state = game.new_initial_state(np.random.default_rng(0))
    for player in (-1, game.num_players, True, 0.0):
        expect_error(
            ValueError,
            lambda p=player: state.resample_hidden(p, np.random.default_rng(0)),
            f"resample_hidden({player!r})",
            "players are 0..",
        )


@check
def views_are_complete_and_exact(case: Case) -> None:
    """Over thousands of states of random and heuristic play (``spec.view_states``),
    observations and views are one-to-one: two different views never give the same observation
    (complete: the observation forgets nothing the player knows), and one view always gives the
    same observation, mask, mover and action texts (exact: it shows nothing else).  The same
    check must fail on a deliberately incomplete observation: the piece with the most distinct
    values blanked."""
    game = case.game()
    agents = case.agents()
    blank = most_varied_piece(game, agents)
    index, blanked = views.ViewIndex(), views.ViewIndex(blank=blank)
    caught = None
    buffer = np.empty(game.observation_size, dtype=np.float32)
    for state in views.sample_states(
        game, np.random.default_rng(21), case.spec.view_states, agents
    ):
        for player in range(game.num_players):
            state.observe(player, buffer)
            text = views.canonical(state.view(player))
            index.add(text, player, state, buffer)
            if caught is None and blank is not None:
                try:
                    blanked.add(text, player, state, buffer)
                except AssertionError as err:
                    caught = str(err)
    if blank is not None:
        assert caught is not None and "the views differ in" in caught, (
            f"blanking the observation's {blank} went unnoticed: the states sampled are too "
            "alike (play more varied games) or the views leave out what that piece encodes"
        )


def most_varied_piece(game: Game, agents: list[Any]) -> slice | None:
    """The observation piece with the most distinct values over a few sampled states (None
    for a game that names no pieces)."""
    pieces = dict(game.observation_piece_names())
    if not pieces:
        return None
    values: dict[str, set[bytes]] = {name: set() for name in pieces}
    for state in views.sample_states(game, np.random.default_rng(22), PIECES_SAMPLED, agents):
        for player in range(game.num_players):
            obs = observation(state, player)
            for name, piece in pieces.items():
                values[name].add(obs[piece].tobytes())
    return pieces[max(values, key=lambda name: len(values[name]))]


# -- saving and loading ----------------------------------------------------------------------
@check
def serialization_round_trip(case: Case) -> None:
    """``to_dict`` through JSON and ``state_from_dict`` give an equal state, with the same
    observations and legal actions, that plays on as the original does."""
    game = case.game()
    rng = np.random.default_rng(11)
    for _ in range(SAVED_GAMES):
        state = game.new_initial_state(rng)
        play_random(state, rng, max_steps=int(rng.integers(0, SAVE_DEPTH)))
        data = json.loads(json.dumps(state.to_dict()))
        copy = game.state_from_dict(data)
        lost = [k for k in data if copy.to_dict().get(k) != data[k]]
        assert not lost, f"a loaded state saves its fields {shown(lost)} differently"
        for p in range(game.num_players):
            pieces = views.piece_differences(game, observation(copy, p), observation(state, p))
            assert not pieces, (
                f"a loaded state gives player {p} another observation (pieces {shown(pieces)}): "
                "the observation reads something to_dict does not save"
            )
        assert (copy.legal_action_mask() == state.legal_action_mask()).all(), (
            "a loaded state has other legal actions"
        )
        seed = int(rng.integers(1 << 30))
        a1 = play_random(state, np.random.default_rng(seed))
        a2 = play_random(copy, np.random.default_rng(seed))
        assert a1 == a2 and state.to_dict() == copy.to_dict(), (
            "a loaded state plays on differently (its chance or a field is not saved)"
        )


@check
def clone_is_independent(case: Case) -> None:
    """Playing a clone on leaves the original as it was."""
    rng = np.random.default_rng(5)
    state = case.game().new_initial_state(rng)
    play_random(state, rng, max_steps=10)
    before = state.to_dict()
    play_random(state.clone(), rng)
    changed = [k for k in before if state.to_dict()[k] != before[k]]
    assert not changed, f"playing a clone changed the original's {shown(changed)}"


KEPT_OBSERVED_SHARES = (1.0, 0.05)
"""How often the kept-observation games observe: at every step (as an env does), and now and
then (what a state keeps must not rely on seeing every step)."""
KEPT_COMPARED_SHARE = 0.04
"""The share of steps also compared with a reloaded state (a checked load costs milliseconds)."""


@check
def kept_observations_equal_fresh_ones(case: Case) -> None:
    """What a state keeps between observations never goes stale: in random games, observed at
    every step or now and then, each player's observation equals that of the same position
    loaded from its saved data, which keeps nothing."""
    game = case.game()
    rng = np.random.default_rng(21)
    for share in KEPT_OBSERVED_SHARES:
        state = game.new_initial_state(rng)
        for steps in itertools.count():
            end = state.is_terminal()
            if end or rng.random() < share:
                compare = end or rng.random() < KEPT_COMPARED_SHARE / share
                fresh = game.state_from_dict(state.to_dict()) if compare else None
                seats = rng.permutation(game.num_players) if compare else [state.current_player()]
                for p in map(int, seats):
                    kept = observation(state, p)
                    if fresh is not None:
                        expected = observation(fresh, p)
                        assert kept.tobytes() == expected.tobytes(), (
                            f"after {steps} random steps (observed at a share {share} of "
                            f"them), player {p}'s kept observation differs from a fresh one "
                            f"in pieces {shown(views.piece_differences(game, kept, expected))}"
                        )
            if end:
                break
            state.apply_action(random_action(state.legal_action_mask(), rng))


HAND_CHANGE_DEPTHS = (6, 40)
"""Random moves before the fields are changed by hand (the set-up's caches, then a game's)."""


@check
def a_field_changed_by_hand_shows_in_the_next_observation(case: Case) -> None:
    """Each declared field changed by hand (in place when it is a list) shows in every
    player's next observation, whatever the state keeps between calls, exactly as a clone made
    after the change encodes it.  The state is told only through ``note_change``."""
    game = case.game()
    rng = np.random.default_rng(8)
    players = range(game.num_players)
    fields = getattr(game.new_initial_state(rng), "FIELDS", None)
    if fields is None:  # a state that declares no fields keeps nothing derived from them
        return
    checked = set()
    for steps in HAND_CHANGE_DEPTHS:
        position = game.new_initial_state(rng)
        play_random(position, rng, max_steps=steps)
        for field in fields.fields:
            state = position.clone()
            for p in players:  # what the state keeps, if anything, is written
                observation(state, p)
            if not change_by_hand(state, field):
                continue
            getattr(state, "note_change", lambda name: None)(field.name)
            try:
                expected = [observation(state.clone(), p).tobytes() for p in players]
            except (IndexError, KeyError, ValueError):  # not a position the encoder can write
                continue
            seen = [observation(state, p).tobytes() for p in players]
            assert seen == expected, (
                f"field {field.name!r} changed by hand did not show in the next observation"
            )
            checked.add(field.name)
    assert len(checked) >= len(fields.fields) // 2, f"only {shown(sorted(checked))} were checked"


def change_by_hand(state: State, field: Any) -> bool:
    """Change one value of ``field``: an item of its innermost list, in place (a frozen row
    replaced by a changed row, a frozen field by a changed copy: its first number changed), or
    the field itself if it is one value.  False if it holds no number."""
    high = len(field.names) - 1 if field.names else field.high
    high = high(state.game) if callable(high) else high

    def changed(value: Any) -> Any:
        """``value`` with its first number changed; None if it holds none."""
        if isinstance(value, tuple):  # frozen (a named tuple stays one)
            for i, item in enumerate(value):
                new = changed(item)
                if new is not None:
                    row = (*value[:i], new, *value[i + 1 :])
                    return value._make(row) if hasattr(value, "_make") else row
            return None
        if isinstance(value, bool):
            return not value
        return value + 1 if high is None or value < high else value - 1

    value, lists = getattr(state, field.name), field.depth - field.frozen
    found = first_item(value, lists) if lists else ([value], 0)
    if found is None:
        return False
    holder, key = found
    new = changed(holder[key])
    if new is not None:
        holder[key] = new
        if not lists:  # the field itself (one value), not an item of a list it holds
            set_field(state, field.name, new)
    return new is not None


def first_item(value: list, depth: int) -> tuple[list, int] | None:
    """The first list ``depth`` levels down ``value`` that holds an item, and its middle index
    (None if every such list is empty)."""
    if depth == 1:
        return (value, len(value) // 2) if value else None
    return next(filter(None, (first_item(item, depth - 1) for item in value)), None)


@check
def corrupt_saved_states_are_rejected(case: Case) -> None:
    """``state_from_dict`` raises ``CorruptStateError`` for what is not a saved state, and for
    a saved state missing any field or holding garbage in it."""
    game = case.game()
    data = game.new_initial_state(np.random.default_rng(0)).to_dict()
    load = game.state_from_dict
    expect_error(CorruptStateError, lambda: load("not a state"), "state_from_dict('not a state')")
    for key in data:
        broken = {k: v for k, v in data.items() if k != key}
        expect_error(CorruptStateError, lambda b=broken: load(b), f"a saved state without {key!r}")
        broken = {**data, key: "garbage"}
        expect_error(
            CorruptStateError, lambda b=broken: load(b), f"a saved state with {key!r} = 'garbage'"
        )


# -- the env ---------------------------------------------------------------------------------
WHOLE_GAME = 2**63
"""``random_play``'s default number of steps, PettingZoo's own bound of ``agent_iter``: no game
is that long, so the play goes on to the end."""


def random_play(env, seed: int, steps: int = WHOLE_GAME) -> Iterator[tuple[str, tuple]]:
    """Reset ``env`` with ``seed`` and play up to ``steps`` random legal moves (drawn from
    ``seed`` too; a finished agent's dead step) while an agent is left, yielding the agent to
    act and its ``env.last()`` before each."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter(steps):
        yield agent, (last := env.last())
        obs, _, term, trunc, _ = last
        env.step(None if term or trunc else random_action(obs["action_mask"], rng))


@check
def illegal_actions_are_rejected_and_change_nothing(case: Case) -> None:
    """An illegal, out-of-range or malformed action raises ``ValueError`` and changes nothing."""
    env = case.env()
    for _, (obs, _, term, trunc, _) in random_play(env, seed=2, steps=40):
        if term or trunc:
            break
        before = env.unwrapped.game_state.to_dict()
        illegal = np.flatnonzero(obs["action_mask"] == 0)
        for bad in [int(illegal[0]), -1, env.game.num_actions, None, 1.5]:
            expect_error(ValueError, lambda b=bad: env.step(b), f"step({bad!r})")
            changed = [k for k, v in env.unwrapped.game_state.to_dict().items() if before[k] != v]
            assert not changed, f"the refused step({bad!r}) changed {shown(changed)}"


@check
def unknown_config_is_an_error(case: Case) -> None:
    """An unknown option raises ``ConfigError`` listing the options."""
    expect_error(
        ConfigError, lambda: case.env(no_such_option=1), "env(no_such_option=1)", "options are"
    )


@check
def pickle_mid_game(case: Case) -> None:
    """A pickled env mid-game plays on exactly as the original."""
    env = case.env()
    for _, (_, _, term, trunc, _) in random_play(env, seed=4, steps=10):
        if term or trunc:
            break
    copy = pickle.loads(pickle.dumps(env))
    rng = np.random.default_rng(4)
    while env.agents:
        obs, reward, term, trunc, _ = env.last()
        obs2, reward2, term2, trunc2, _ = copy.last()
        assert np.array_equal(obs["observation"], obs2["observation"]), "observations differ"
        assert (reward, term, trunc) == (reward2, term2, trunc2), "rewards or ends differ"
        action = None if term or trunc else random_action(obs["action_mask"], rng)
        env.step(action)
        copy.step(action)
    assert not copy.agents, "the copy goes on after the original's end"


@check
def max_cycles_truncates(case: Case) -> None:
    """``max_cycles=2``: two cycles of live steps, then every agent truncated."""
    env = case.env(max_cycles=2)
    n = len(env.possible_agents)
    played = [(agent, trunc) for agent, (_, _, _, trunc, _) in random_play(env, seed=0)]
    truncated = {agent for agent, trunc in played if trunc}
    steps = len(played)
    assert steps == 2 * n + n, f"{steps} steps: 2 cycles of live steps, then one dead step each"
    assert truncated == set(env.possible_agents), "not every agent was truncated"


@check
def render_ansi(case: Case) -> None:
    """The env's picture is the spectator's and says so; each seat has its own picture."""
    env = case.env(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text, "render() gives no text"
    assert "spectator" in text.splitlines()[0].lower(), (
        "the first line of render_spectator() does not say it is the spectator's"
    )
    for player in range(env.game.num_players):
        seat = env.unwrapped.game_state.render(player)
        assert isinstance(seat, str) and seat, f"render({player}) gives no text"
        assert seat != text, f"render({player}) is the spectator's picture"


@check
def env_shows_nothing_else_before_the_end(case: Case) -> None:
    """Rewards stay 0 and infos empty until the game ends: neither can carry hidden
    information to an agent."""
    env = case.env()
    for _, (_, reward, term, trunc, info) in random_play(env, seed=6):
        if not (term or trunc):
            assert reward == 0.0 and info == {}, "a reward or info before the end"
            assert all(r == 0.0 for r in env.rewards.values()), "a reward before the end"
            assert all(i == {} for i in env.infos.values()), "an info before the end"


# -- one seat as a Gymnasium env -------------------------------------------------------------
@check
def single_seat_env_passes_checkers(case: Case) -> None:
    """One seat against random players passes Gymnasium's ``check_env`` and, when installed,
    stable-baselines3's."""
    env = SingleSeatEnv(case.game())
    quiet(lambda: gym_check_env(env, skip_render_check=True))
    try:
        from stable_baselines3.common.env_checker import check_env as sb3_check_env
    except ImportError:
        return
    quiet(lambda: sb3_check_env(env))


@check
def single_seat_env_reward_is_the_learners_and_unmasked_actions_never_crash(case: Case) -> None:
    """Unmasked random actions end the episode (``end``) or are replaced (``random``), never
    crash; the reward is the learner's return."""
    for mode in ("end", "random"):
        env = SingleSeatEnv(case.game(), illegal_action=mode)
        for episode in range(SINGLE_SEAT_EPISODES):
            env.reset(seed=episode)
            terminated = truncated = False
            while not (terminated or truncated):
                _, reward, terminated, truncated, info = env.step(env.action_space.sample())
            if info.get("illegal_action") and mode == "end":
                assert reward == -1.0, "an illegal action does not end with reward -1"
            else:
                assert reward == env.game_state.returns()[env.seat], "the reward is not the return"
        # with masks the episode reaches the real end of the game
        env.reset(seed=99)
        rng = np.random.default_rng(0)
        terminated = truncated = False
        while not (terminated or truncated):
            action = random_action(env.action_masks(), rng)
            _, reward, terminated, truncated, info = env.step(action)
        state = env.game_state
        assert state.is_terminal(), "a masked episode ends before the game"
        assert reward == state.returns()[info.get("seat", env.seat)], "the reward is not the return"


# -- OpenSpiel -------------------------------------------------------------------------------
@check
def openspiel_random_simulations(case: Case) -> None:
    """OpenSpiel's ``random_sim_test`` with serialization (when ``open_spiel`` is installed)."""
    try:
        import pyspiel
    except ImportError:
        raise CheckSkipped("open_spiel is not installed") from None
    from ..openspiel import load_game

    game = load_game(case.spec.name, **case.config)
    assert game.num_players() == case.game().num_players, "OpenSpiel's number of players"
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
