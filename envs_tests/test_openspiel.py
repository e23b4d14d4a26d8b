"""The OpenSpiel adapter (``digsite.openspiel``) under OpenSpiel's own checks and bots."""

from __future__ import annotations

import base64
import json
import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from digsite.core.engine import ConfigError, CorruptStateError, IllegalActionError  # noqa: E402
from digsite.envs.registry import ENVIRONMENTS  # noqa: E402
from digsite.games import BUILTIN  # noqa: E402
from digsite.openspiel import (  # noqa: E402
    BYTE_OUTCOMES,
    GAME_NAMES,
    MAX_SAVED_CHARS,
    SEED_BYTES,
    deserialize_game_and_state,
    load_game,
    serialize_game_and_state,
)

from .play import random_action  # noqa: E402


def dealt(game, seed: int):
    """A state of ``game`` past the chance nodes that draw ``seed``."""
    state = game.new_initial_state()
    for byte in seed.to_bytes(SEED_BYTES, "big"):
        assert state.is_chance_node()
        state.apply_action(byte)
    return state


def test_every_game_is_registered_under_its_name():
    registered = set(pyspiel.registered_names())
    assert {f"python_digsite_{e.name}" for e in ENVIRONMENTS} <= registered
    assert set(GAME_NAMES) == {e.name for e in ENVIRONMENTS}


def test_the_deal_is_the_envs_deal_and_the_state_speaks_for_the_engine(case):
    entry, config, module = case
    game = load_game(entry.name, **config)
    seed = 0x01020304
    state = dealt(game, seed)
    env = module.env(**config)
    env.reset(seed=seed)
    assert state.digsite_state.to_dict() == env.unwrapped.game_state.to_dict()
    rng = np.random.default_rng(seed)
    observer = game.make_py_observer()
    while not state.is_terminal():
        inner, player = state.digsite_state, state.current_player()
        assert state.legal_actions() == inner.legal_actions()
        view = json.loads(state.information_state_string(player))
        assert view == inner.view(player)
        buffer = np.zeros(inner.game.observation_size, dtype=np.float32)
        inner.observe(player, buffer)
        assert np.array_equal(np.asarray(state.information_state_tensor(player)), buffer)
        observer.set_from(state, player)
        assert np.array_equal(observer.tensor, buffer)
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(player) == state.information_state_string(player)
        action = random_action(inner.legal_action_mask(), rng)
        assert state.action_to_string(player, action) == inner.action_to_string(action)
        state.apply_action(action)
        if len(state.history()) > SEED_BYTES + 40:
            break
    copy = pickle.loads(pickle.dumps(state))
    assert copy.digsite_state.to_dict() == state.digsite_state.to_dict()
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert restored.digsite_state.to_dict() == state.digsite_state.to_dict()
    assert restored.history() == state.history()


def test_chance_is_a_uniform_byte_of_the_seed():
    state = load_game("mykerinos", num_players=2).new_initial_state()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(BYTE_OUTCOMES))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.information_state_string(0) == ""


def test_bad_parameters_are_refused_by_the_game():
    with pytest.raises(ConfigError, match="num_players"):
        pyspiel.load_game(GAME_NAMES["mykerinos"], {"players": 7})
    with pytest.raises(ConfigError, match="mode"):
        load_game("royal_society", num_players=2, mode="cooperative")


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda e: e.name)
def test_openspiels_ismcts_bot_plays_a_whole_game(entry):
    """OpenSpiel's IS-MCTS bot (its Python one: the C++ bot cannot resample a Python game),
    resampling through the adapter, with random rollouts."""
    game = load_game(entry.name, num_players=2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=np.random.RandomState(0))
    state = dealt(game, seed=7)
    moves = 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        moves += 1
    assert moves <= game.max_game_length()
    assert state.digsite_state.is_terminal()
    assert state.returns() == state.digsite_state.returns()
    assert set(state.returns()) <= {-1.0, 1.0}


def test_the_docs_openspiel_command_runs_verbatim():
    import re
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    page = (root / "docs" / "openspiel.md").read_text()
    (command,) = re.findall(r"^python (training_scripts/openspiel_example\.py .*)$", page, re.M)
    out = subprocess.run(
        [sys.executable, *command.split()], cwd=root, capture_output=True, text=True, check=True
    )
    assert "mean return of IS-MCTS" in out.stdout


# -- saving and loading: our JSON, every field checked, nothing unpickled -------------------------


def played(game, seed: int, moves: int):
    """A state of ``game`` after the seed and up to ``moves`` random moves."""
    state = dealt(game, seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(random_action(state.digsite_state.legal_action_mask(), rng))
    return state


def assert_same(one, other):
    assert other.serialize() == one.serialize()
    assert other.history() == one.history() and other.move_number() == one.move_number()
    assert other.current_player() == one.current_player()
    if one.digsite_state is not None:
        assert other.digsite_state.to_dict() == one.digsite_state.to_dict()
        assert other.legal_actions() == one.legal_actions()


def test_serialize_and_deserialize_give_an_equal_state_on_random_positions(case):
    entry, config, _ = case
    game = load_game(entry.name, **config)
    for bytes_drawn in range(SEED_BYTES):  # chance nodes: the seed half drawn
        state = game.new_initial_state()
        for _ in range(bytes_drawn):
            state.apply_action(9)
        assert_same(state, game.deserialize_state(state.serialize()))
    for seed, moves in ((1, 0), (2, 7), (3, 40)):
        state = played(game, seed, moves)
        text = state.serialize()
        assert json.loads(text)["game"] == entry.name
        assert_same(state, game.deserialize_state(text))
        again_game, again = deserialize_game_and_state(serialize_game_and_state(game, state))
        assert again_game.digsite_game.config == game.digsite_game.config
        assert_same(state, again)
        assert_same(state, pickle.loads(pickle.dumps(state)))
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert_same(state, restored)


class Touch:
    """Unpickled, it creates the file ``path`` (a harmless stand-in for any code)."""

    def __init__(self, path):
        self.path = str(path)

    def __reduce__(self):
        return open, (self.path, "w")


def payloads(game, path) -> dict[str, str]:
    """State strings that carry a pickle creating ``path``, in every form a loader might try."""
    pickled = pickle.dumps({"_play": Touch(path)})
    encoded = base64.b64encode(pickled).decode()
    cpp_form = f"history=-1:1,-1:2,-1:3,-1:4\nmove_number=4\n__dict__={encoded}"
    honest = serialize_game_and_state(game, dealt(game, 5))
    return {
        "OpenSpiel's state form": cpp_form,
        "OpenSpiel's game-and-state form": (
            "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
            f"[Game]\n{game}\n[State]\n{cpp_form}\n"
        ),
        "base64": encoded,
        "raw pickle": pickled.decode("latin-1"),
        "inside the JSON": honest.replace('"state":{', f'"state":"{encoded}","x":{{', 1),
        "as the position": json.dumps({**json.loads(honest), "state": {"_play": encoded}}),
    }


def test_a_pickle_payload_never_runs_through_our_loaders(tmp_path):
    game = load_game("mykerinos", num_players=2)
    proof = tmp_path / "proof"
    pickle.loads(pickle.dumps(Touch(proof))).close()
    assert proof.exists(), "the payload is not live: the test would prove nothing"
    marker = tmp_path / "marker"
    for form, text in payloads(game, marker).items():
        with pytest.raises(CorruptStateError):
            game.deserialize_state(text)
        with pytest.raises(CorruptStateError):
            deserialize_game_and_state(text)
        assert not marker.exists(), f"{form}: the payload ran"
    with pytest.raises(CorruptStateError, match="never unpickles"):
        game.deserialize_state(payloads(game, marker)["OpenSpiel's state form"])
    assert not marker.exists()


def saved(game, seed: int = 3, moves: int = 12) -> dict:
    return json.loads(played(game, seed, moves).serialize())


def test_a_state_of_another_game_is_refused():
    royal = load_game("royal_society", num_players=2, mode="competitive")
    mykerinos = load_game("mykerinos", num_players=2)
    text = played(royal, 3, 5).serialize()
    with pytest.raises(CorruptStateError, match="'royal_society', not of this game, 'mykerinos'"):
        mykerinos.deserialize_state(text)
    # OpenSpiel's own path, its game line changed: the pickled JSON is checked against the game
    cpp = pyspiel.serialize_game_and_state(royal, played(royal, 3, 5))
    cpp = cpp.replace(str(royal), str(mykerinos))
    with pytest.raises(CorruptStateError, match="royal_society"):
        pyspiel.deserialize_game_and_state(cpp)


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("config", {"num_players": 3, "museum_two_rooms": 5, "deck": None}, "'num_players' is 3"),
        ("config", {"num_players": 2, "deck": None}, "'museum_two_rooms' is absent there"),
        ("version", 0, "version 0, this game is version 1"),
        ("version", True, "version True"),
        ("game", "archeologic", "'archeologic', not of this game"),
        ("format", "pickle", "format 'pickle'"),
        ("move_number", -5, "move_number -5 is not a non-negative integer"),
        ("move_number", 3, "move_number 3, but its history has 16 moves"),
        ("history", [1, 2, 3, 4], "move_number 16, but its history has 4 moves"),
        ("history", "1,2,3,4", "history is a list"),
        ("state", None, "'state' is null while the seed is drawn"),
        ("state", {"deck": "x"}, "saved Mykerinos state"),
    ],
)
def test_a_tampered_saved_state_is_refused_naming_what_is_wrong(field, value, message):
    game = load_game("mykerinos", num_players=2)
    data = saved(game)
    data[field] = value
    with pytest.raises(CorruptStateError, match=message):
        game.deserialize_state(json.dumps(data))


def test_a_history_that_does_not_reach_the_position_is_refused():
    game = load_game("mykerinos", num_players=2)
    data = saved(game)
    data["history"][0] ^= 1  # another seed: another deal
    with pytest.raises(CorruptStateError, match="history"):
        game.deserialize_state(json.dumps(data))
    data = saved(game)
    data["history"][-1] = 10**6
    with pytest.raises(CorruptStateError, match=r"history\[15\] = 1000000 is not an action"):
        game.deserialize_state(json.dumps(data))
    data = saved(game)
    mask = dealt(game, 3).digsite_state.legal_action_mask()
    data["history"][SEED_BYTES] = illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(CorruptStateError, match=rf"history\[4\] = {illegal} cannot be played"):
        game.deserialize_state(json.dumps(data))


def test_openspiels_own_lines_must_agree_with_the_saved_state():
    game = load_game("mykerinos", num_players=2)
    text = pyspiel.serialize_game_and_state(game, played(game, 3, 12))
    for line, tampered in (("move_number=16", "move_number=-5"), ("-1:", "0:")):
        assert line in text
        with pytest.raises(CorruptStateError, match="disagree"):
            pyspiel.deserialize_game_and_state(text.replace(line, tampered, 1))


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "not JSON"),
        ("[1, 2]", "a JSON object, not list"),
        ('{"format": NaN}', "NaN is not JSON"),
        ("[" * 100_000 + "]" * 100_000, "not JSON"),
        (" " * (MAX_SAVED_CHARS + 1), "more than the"),
        ('{"format": "digsite-openspiel-state"}', "fields missing"),
    ],
    ids=["empty", "list", "nan", "deep", "long", "fields"],
)
def test_malformed_text_is_refused(text, message):
    game = load_game("mykerinos", num_players=2)
    with pytest.raises(CorruptStateError, match=message):
        game.deserialize_state(text)
    with pytest.raises(CorruptStateError):
        deserialize_game_and_state(text)


def test_a_resampled_state_has_no_saved_form_but_clones():
    game = load_game("mykerinos", num_players=2)
    state = played(game, 3, 5)
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    with pytest.raises(ValueError, match="resample_from_infostate"):
        other.serialize()
    assert other.clone().history() == state.history()


# -- chance outcomes and players ------------------------------------------------------------------


@pytest.mark.parametrize("bytes_drawn", [0, SEED_BYTES - 1])
@pytest.mark.parametrize("outcome", [-5, BYTE_OUTCOMES, 300])
def test_a_chance_outcome_that_is_not_one_is_refused_and_changes_nothing(bytes_drawn, outcome):
    game = load_game("mykerinos", num_players=2)
    state = game.new_initial_state()
    for _ in range(bytes_drawn):
        state.apply_action(7)
    before = state.serialize()
    with pytest.raises(IllegalActionError, match=f"chance outcome {outcome} .* 0..255"):
        state.apply_action(outcome)
    assert state.serialize() == before and state.is_chance_node()
    assert len(state.history()) == state.move_number() == bytes_drawn
    with pytest.raises(IllegalActionError, match="chance outcome"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, outcome)


@pytest.mark.parametrize("player", [-1, 2, 7, True, 1.0])
def test_an_invalid_player_is_refused_naming_the_players(player):
    game = load_game("mykerinos", num_players=2)
    state = played(game, 3, 4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    observer = game.make_py_observer()
    calls = [
        lambda: state.information_state_string(player),
        lambda: state.observation_string(player),
        lambda: state.information_state_tensor(player),
        lambda: state.observation_tensor(player),
        lambda: state.resample_from_infostate(player, sampler),
        lambda: observer.set_from(state, player),
        lambda: observer.string_from(state, player),
        lambda: game.new_initial_state().information_state_string(player),
    ]
    if type(player) is int and player >= 0:  # -1 is OpenSpiel's chance player there
        calls.append(lambda: state.action_to_string(player, 0))
    for call in calls:
        with pytest.raises(ValueError, match=r"players are 0\.\.1"):
            call()


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda e: e.name)
def test_the_engines_resample_hidden_refuses_an_invalid_player(entry):
    state = (
        entry.load_game_class()
        .from_config(num_players=2)
        .new_initial_state(np.random.default_rng(0))
    )
    for player in (-1, 2, True):
        with pytest.raises(ValueError, match=r"players are 0\.\.1"):
            state.resample_hidden(player, np.random.default_rng(1))
    assert state.resample_hidden(np.int64(1), np.random.default_rng(1)).game is state.game
