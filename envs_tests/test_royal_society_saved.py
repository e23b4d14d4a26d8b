"""Royal Society saved states and component files: bad input is refused with a clear error
naming the field (issue 14), and the declared fields drive clone and save."""

from __future__ import annotations

import copy
import json
from importlib import resources

import numpy as np
import pytest

from digsite.core.engine import CorruptStateError
from digsite.games.royal_society.actions import A_NEXT_TURN, C_EXP_PAY, C_MAIN
from digsite.games.royal_society.components import ComponentDataError
from digsite.games.royal_society.observation import Observer
from digsite.games.royal_society.rules import RoyalSocietyGame
from digsite.games.royal_society.saved import FIELDS

from .play import random_action


def mid_game(num_players: int = 3, steps: int = 120, seed: int = 3):
    game = RoyalSocietyGame(num_players=num_players)
    rng = np.random.default_rng(seed)
    s = game.new_initial_state(rng)
    for _ in range(steps):
        s.apply_action(random_action(s.legal_action_mask(), rng))
    assert not s.is_terminal()
    return s


def saved(**changes):
    s = mid_game()
    data = s.to_dict()
    data.update(changes)
    return s.game, data


# -- the cases listed in the issue --------------------------------------------------------------
def test_negative_automa_pawns_is_refused_naming_the_field():
    game, data = saved(automa_pawns=-1)
    with pytest.raises(CorruptStateError, match=r"'automa_pawns' is -1; it must be at least 0"):
        game.state_from_dict(data)


def test_negative_placed_entry_is_refused_naming_the_field():
    game, data = saved()
    data["placed"][1][2] = -1
    with pytest.raises(CorruptStateError, match=r"'placed'\[1\]\[2\] is -1; it must be at least 0"):
        game.state_from_dict(data)


def test_negative_task_kind_in_the_queue_is_refused_naming_the_field():
    game, data = saved()
    data["queue"][-1][0] = -1
    with pytest.raises(CorruptStateError, match=r"field 'queue' holds task \[-1, .*unknown kind"):
        game.state_from_dict(data)
    data["queue"][-1][0] = -5
    with pytest.raises(CorruptStateError, match=r"'queue'\[\d+\]\[0\] is -5; it must be at least"):
        game.state_from_dict(data)


def test_task_arguments_and_players_are_checked_per_kind():
    game, data = saved()
    broken = copy.deepcopy(data)
    broken["queue"][-1] = [A_NEXT_TURN, 1, 0, 0]
    with pytest.raises(CorruptStateError, match=r"'queue'.*player must be 0"):
        game.state_from_dict(broken)
    broken = copy.deepcopy(data)
    broken["queue"][-1] = [A_NEXT_TURN, 0, 5, 0]
    with pytest.raises(CorruptStateError, match=r"'queue'.*arguments must be in 0\.\.0"):
        game.state_from_dict(broken)


def test_the_queue_must_end_with_the_years_flow():
    game, data = saved()
    data["queue"].append([C_MAIN, 0, 0, 0])
    with pytest.raises(CorruptStateError, match="'queue': nothing is queued behind"):
        game.state_from_dict(data)


def test_wrong_types_unknown_and_missing_fields_name_the_field():
    game, data = saved()
    for key, value, message in (
        ("rep", [4, "4", 4], r"'rep'\[1\] is '4'; it must be an integer"),
        ("seed", 2.0, r"'seed' is 2.0; it must be an integer"),
        ("decision", "nap", r"'decision' is 'nap'; it must be one of \['setup_side'"),
        ("knowledge", [[13, 0, 0, 0]] * 3, r"'knowledge'\[0\]\[0\] is 13; it must be at most 12"),
        ("studies", [[0]] * 3, r"'studies'\[0\] holds 1 entries; it must hold 2"),
    ):
        broken = dict(data, **{key: value})
        with pytest.raises(CorruptStateError, match=message):
            game.state_from_dict(broken)
    broken = dict(data)
    del broken["cur"]
    with pytest.raises(CorruptStateError, match="cur"):
        game.state_from_dict(broken)
    with pytest.raises(CorruptStateError, match=r"unknown field\(s\) \['extra'\]"):
        game.state_from_dict(dict(data, extra=1))


def test_a_position_that_breaks_the_rules_is_refused():
    game, data = saved()
    data["exp_deck"] = data["exp_deck"][1:]  # a card lost
    with pytest.raises(CorruptStateError, match="Expedition cards .*each of the 48 exactly once"):
        game.state_from_dict(data)


def test_the_card_being_organized_is_its_own_field():
    """During an expedition's payment the card is in ``organizing`` (and in no other pile);
    a save that loses it, or names a card with no payment pending, is refused."""
    s = mid_game()
    rng = np.random.default_rng(0)
    while s.decision != C_EXP_PAY:
        s.apply_action(random_action(s.legal_action_mask(), rng))
    data = s.to_dict()
    card = s.queue[0][2]
    assert data["organizing"] == card >= 0
    assert s.game.state_from_dict(data).to_dict() == data
    with pytest.raises(CorruptStateError, match="organizing: the card of the expedition payment"):
        s.game.state_from_dict(dict(data, organizing=-1))
    s.apply_action(random_action(s.legal_action_mask(), rng))
    while s.decision == C_EXP_PAY or any(t[0] == C_EXP_PAY for t in s.queue):
        s.apply_action(random_action(s.legal_action_mask(), rng))
    data = s.to_dict()
    assert data["organizing"] == -1 and any(card in played for played in data["played"])
    with pytest.raises(CorruptStateError, match="organizing: the card of the expedition payment"):
        s.game.state_from_dict(dict(data, organizing=card))


# -- the declaration drives save, load and clone ------------------------------------------------
@pytest.mark.parametrize(
    "config",
    [
        {"num_players": 1},
        {"num_players": 2, "mode": "confrontation"},
        {"num_players": 2, "mode": "competitive"},
        {"num_players": 4},
        {"num_players": 3, "simplified": True},
    ],
)
def test_saved_states_reload_to_themselves(config):
    game = RoyalSocietyGame(**config)
    rng = np.random.default_rng(1)
    s = game.new_initial_state(rng)
    while True:
        data = s.to_dict()
        assert set(data) == {"game", "config", *FIELDS.names}
        assert json.loads(json.dumps(data)) == data
        assert game.state_from_dict(data).to_dict() == data
        if s.is_terminal():
            break
        for _ in range(40):
            if not s.is_terminal():
                s.apply_action(random_action(s.legal_action_mask(), rng))
    assert data["decision"] == "game_over"


def test_clone_is_independent_and_keeps_observations_right():
    s = mid_game()
    size = s.game.observation_size
    before = np.zeros(size, np.float32)
    s.observe(0, before)  # fills the original's cached bytes
    other = s.clone()
    assert other._encoding is None and other._mask is s._mask
    # every mutable list level is copied (rows declared frozen, the queue's tasks, are tuples)
    for name, depth in ((f.name, f.depth - f.frozen) for f in FIELDS.fields):
        if depth:
            assert getattr(other, name) is not getattr(s, name)
            if depth == 2:
                for a, b in zip(getattr(other, name), getattr(s, name), strict=True):
                    assert a is not b
    rng = np.random.default_rng(0)
    for _ in range(15):
        other.apply_action(random_action(other.legal_action_mask(), rng))
    again = np.zeros(size, np.float32)
    s.observe(0, again)
    assert np.array_equal(before, again), "the original's cache is not touched by the copy"
    for p in range(3):
        cached, fresh = np.zeros(size, np.float32), np.zeros(size, np.float32)
        other.observe(p, cached)
        copy_ = other.clone()  # a new Observer writes everything from scratch
        copy_.observe(p, fresh)
        assert np.array_equal(cached, fresh)
        assert isinstance(other._encoding.observers[p], Observer)


def test_a_loaded_state_observes_as_the_original():
    s = mid_game(num_players=1, steps=40)
    loaded = s.game.state_from_dict(s.to_dict())
    size = s.game.observation_size
    a, b = np.zeros(size, np.float32), np.zeros(size, np.float32)
    s.observe(0, a)
    loaded.observe(0, b)
    assert np.array_equal(a, b)


# -- component files ----------------------------------------------------------------------------
def shipped(filename: str, key: str) -> list[dict]:
    folder = resources.files("digsite.games.royal_society").joinpath("data")
    return json.loads(folder.joinpath(filename).read_text(encoding="utf-8"))[key]


def broken(filename: str, key: str, i: int, **changes) -> list[dict]:
    records = copy.deepcopy(shipped(filename, key))
    records[i].update(changes)
    return records


@pytest.mark.parametrize(
    "option, filename, key, i, changes, message",
    [
        ("expeditions", "expeditions.json", "expeditions", 3, {"cost": "5"}, r"\['cost'\]"),
        ("expeditions", "expeditions.json", "expeditions", 4, {"region": "europe"}, "europe"),
        ("patrons", "patrons.json", "patrons", 2, {"relic": {"kind": "x"}}, r"\['relic'\]"),
        ("patrons", "patrons.json", "patrons", 2, {"penalty": 9}, r"\['penalty'\]"),
        ("collections", "collections.json", "collections", 1, {"size": 4}, r"\['size'\]"),
        ("studies", "studies.json", "studies", 5, {"science": [1, -1]}, r"\['science'\]\[1\]"),
        (
            "studies",
            "studies.json",
            "studies",
            5,
            {"objectives": [[{"flag": "gold"}], [{"type": "excavation"}]]},
            r"\['objectives'\]\[0\]\[0\]\['flag'\]",
        ),
        ("automa", "automa.json", "automa", 6, {"favor": 0}, r"\['favor'\]"),
        (
            "automa",
            "automa.json",
            "automa",
            6,
            {"years": [{"action": "location", "location": "port"}] * 5},
            r"\['years'\]\[0\].*'section' is a required property",
        ),
        ("society_boards", "society_boards.json", "boards", 3, {"colour": "green"}, "colour"),
        ("society_boards", "society_boards.json", "boards", 3, {"side": "C"}, r"\['side'\]"),
        (
            "society_boards",
            "society_boards.json",
            "boards",
            1,
            {"explorers": [{"skill": "luck"}] * 3},
            r"\['explorers'\]\[0\]\['skill'\]",
        ),
        ("expeditions", "expeditions.json", "expeditions", 0, {"provenance": "public"}, "source"),
    ],
)
def test_a_bad_record_names_the_file_the_record_and_the_field(
    option, filename, key, i, changes, message
):
    records = broken(filename, key, i, **changes)
    with pytest.raises(ComponentDataError, match=rf"#{i} \(id {i}\): .*{message}"):
        RoyalSocietyGame(num_players=3, **{option: records})


def test_board_colour_and_side_must_match_the_record():
    records = broken("society_boards.json", "boards", 3, side="A")  # blue A twice
    with pytest.raises(ComponentDataError, match=r"record 3: \['colour'\], \['side'\].*blue"):
        RoyalSocietyGame(num_players=3, society_boards=records)


@pytest.mark.parametrize("bad_id", [[], {}, "1", 1.5])
def test_unhashable_or_wrong_ids_are_a_clear_error(tmp_path, bad_id):
    records = broken("patrons.json", "patrons", 1, id=bad_id)
    path = tmp_path / "my_patrons.json"
    path.write_text(json.dumps({"patrons": records}), encoding="utf-8")
    with pytest.raises(ComponentDataError, match=r"my_patrons\.json, patron #1 .*\['id'\]"):
        RoyalSocietyGame(num_players=3, patrons=str(path))


def test_duplicate_ids_and_undecodable_files_are_refused(tmp_path):
    records = broken("studies.json", "studies", 2, id=1)
    with pytest.raises(ComponentDataError, match=r"study card #2 \(id 1\): id 1 is already"):
        RoyalSocietyGame(num_players=3, studies=records)
    path = tmp_path / "automa.json"
    path.write_bytes(b'{"automa": ["\xff"]}')
    with pytest.raises(ComponentDataError, match=r"cannot read Automa card file .*automa\.json"):
        RoyalSocietyGame(num_players=1, automa=str(path))
