"""ArcheOlogic saved states and component files: every bad input is refused with an error that
names the field (saved states) or the file, the record and the field (building tiles); the
saved-state mutation fuzz also runs on configurations beyond the conformance ones."""

from __future__ import annotations

import copy
import json
import os
import pickle
from importlib import resources

import numpy as np
import pytest

from digsite.core.engine import CorruptStateError
from digsite.games.archeologic.components import BuildingsFileError, load_buildings
from digsite.games.archeologic.rules import ArcheOlogicGame
from digsite.games.archeologic.saved import FIELDS

from .play import random_action
from .test_saved_state_fuzz import fuzz_saved_states

GUESS = 19


def _played(game: ArcheOlogicGame, seed: int = 3, steps: int = 12, guess: bool = False):
    """A state after ``steps`` random questions, then (``guess``) a whole guess entered."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state(rng)
    for _ in range(steps):
        mask = state.legal_action_mask().copy()
        mask[GUESS] = 0
        state.apply_action(random_action(mask, rng))
    if guess:
        while state.legal_action_mask()[GUESS] == 0:
            state.apply_action(random_action(state.legal_action_mask(), rng))
        state.apply_action(GUESS)
        for _ in range(6):
            state.apply_action(random_action(state.legal_action_mask(), rng))
    return state


@pytest.fixture(scope="module")
def duo():
    game = ArcheOlogicGame(num_players=2, guess_variant="app")
    return game, _played(game, guess=True)


@pytest.fixture(scope="module")
def solo():
    game = ArcheOlogicGame(num_players=1, guess_variant="app")
    return game, _played(game, steps=9)


def _saved(state) -> dict:
    return json.loads(json.dumps(state.to_dict()))


def _refused(game, data, match: str) -> str:
    with pytest.raises(CorruptStateError, match=match) as err:
        game.state_from_dict(data)
    return str(err.value)


def test_saved_form_is_the_declared_fields(duo):
    game, state = duo
    data = _saved(state)
    assert list(data) == ["game", "config", *FIELDS.names]
    assert data["decision"] in ("axis", "question") and len(data["guess_player"]) == 1
    assert all(len(p) == 6 for p in data["guess_pieces"])
    back = game.state_from_dict(data)
    assert back.to_dict() == state.to_dict() and back.guesses == state.guesses
    assert back.clues == state.clues and type(back.clues[0]) is type(state.clues[0])


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda d: d.pop("spent"), "'spent' is a required property"),
        (lambda d: d.update(extra=1), r"unknown field\(s\) \['extra'\]"),
        (lambda d: d.update(game="mykerinos"), "not of 'archeologic'"),
        (lambda d: d["config"].update(time_limit=99), "made with config"),
        (lambda d: d.update(layout=10**9), "field 'layout' is 1000000000; it must be at most"),
        (lambda d: d.update(layout=2.0), "field 'layout' is 2.0; it must be an integer"),
        (lambda d: d.update(quest=-1), "field 'quest' is -1; it must be at least 0"),
        (lambda d: d.update(decision="bid"), "field 'decision' is 'bid'; it must be one of"),
        (lambda d: d["out"].__setitem__(0, "gone"), r"field 'out'\[0\] is 'gone'"),
        (lambda d: d["checking"].__setitem__(1, 0), r"field 'checking'\[1\] is 0; it must be true"),
        (lambda d: d.update(decider=2), "field 'decider' is 2; it must be at most 1"),
        (lambda d: d.update(pos=[1]), "field 'pos' holds 1 entries; it must hold 2"),
        (lambda d: d["pos"].__setitem__(0, 200), r"field 'pos'\[0\] is 200; it must be at most 86"),
        (lambda d: d.update(pending_surcharge=3), "field 'pending_surcharge' is 3"),
        (lambda d: d.update(clues=[[0, 1]] * 2), "field 'clues' holds 2 entries; it must hold 3"),
        (lambda d: d["clues"][0].__setitem__(1, 0), r"field 'clues'\[0\]\[1\]: the kind is 0"),
        (lambda d: d["clues"][0].__setitem__(1, True), r"field 'clues'\[0\]\[1\] is True"),
        (lambda d: d.update(axis_clues=[[0, 0, 1]]), "field 'axis_clues' holds 1 entries"),
        (lambda d: d["questions"][0].__setitem__(0, 5), r"'questions'\[0\]\[0\]: the player is 5"),
        (lambda d: d["questions"][0].__setitem__(3, 4), r"'questions'\[0\]\[3\]: the surcharge"),
        (
            lambda d: d["questions"][1].__setitem__(2, 9),
            r"'questions'\[1\]\[2\]: the question is 9; it must be at most 8",
        ),
        (
            lambda d: d["questions"].append([0, 0]),
            r"field 'questions'\[\d+\] holds 2 entries; it must hold 4",
        ),
        (lambda d: d["guess_checked"].append(True), "one entry per guess in each"),
        (lambda d: d["guess_pieces"][0].__setitem__(2, 99), r"'guess_pieces'\[0\]\[2\]: placement"),
        (
            lambda d: d["guess_pieces"][0].pop(),
            r"'guess_pieces'\[0\] holds 5 entries; it must hold 6",
        ),
        (lambda d: d.update(pieces=[99]), r"field 'pieces'\[0\]: placement id 99 of building 0"),
    ],
)
def test_malformed_fields_are_named(duo, change, match):
    game, state = duo
    data = _saved(state)
    change(data)
    _refused(game, data, match)


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda d: d["spent"].__setitem__(0, d["spent"][0] + 1), "field 'spent' is"),
        (lambda d: d.update(pos=[d["pos"][1], d["pos"][1]]), "field 'pos': two pawns on one space"),
        (
            lambda d: d.update(viewfinder=(d["viewfinder"] + 5) % 10),
            "field '(viewfinder|pending_surcharge)'",
        ),
        (lambda d: d.update(start_axis=0), "field 'start_axis': a multiplayer game starts on"),
        (lambda d: d.update(winner=0, decision="game_over"), "field 'winner'"),
        (lambda d: d.update(start=[1, 1]), "field 'start': spaces 1..n"),
        (lambda d: d["guess_checked"].__setitem__(0, not d["guess_checked"][0]), "'checking'"),
        (lambda d: d["guess_player"].__setitem__(0, 1 - d["guess_player"][0]), "field 'spent'"),
        (lambda d: d.update(pieces=[0]), "field 'pieces': no guess is being entered"),
        (lambda d: d.update(out=["out of time", "in the game"]), "field 'out'"),
        (lambda d: d.update(out=["eliminated (wrong guess)"] * 2), "app variant eliminates"),
    ],
)
def test_inconsistent_positions_are_named(duo, change, match):
    game, state = duo
    data = _saved(state)
    change(data)
    message = _refused(game, data, match)
    assert message.startswith("saved ArcheOlogic state")


def test_clue_that_is_no_trap_of_the_layout(duo):
    game, state = duo
    data = _saved(state)
    traps = set(map(tuple, game.layouts.traps(state.layout)))
    cell = next(c for c in range(25) if (c, 1) not in traps and (c, 2) not in traps)
    data["clues"][1] = [cell, 1]
    _refused(game, data, r"field 'clues'\[1\]: no such trap in the layout")
    data = _saved(state)
    data["clues"][2] = data["clues"][0]
    _refused(game, data, "field 'clues': the same clue twice")


def test_fixed_quest_and_solo_rules(solo):
    game, state = solo
    data = _saved(state)
    _refused(game, {**data, "start": [1]}, "field 'start': a solo game starts on 0")
    _refused(game, {**data, "pos": [data["pos"][0] + 1]}, "field 'pos': the solo time track")
    _refused(game, {**data, "start_axis": -1}, "field 'start_axis'")
    _refused(game, {**data, "winner": 0, "decision": "game_over"}, "field 'winner'")
    over = {**data, "decision": "game_over", "pending_surcharge": 0}
    _refused(game, over, "field '(decision|viewfinder)'")
    fixed = ArcheOlogicGame(num_players=1, guess_variant="app", quest=12)
    saved = _saved(_played(fixed, steps=4))
    _refused(fixed, {**saved, "quest": 13}, "field 'quest': this game's is 12")
    assert fixed.state_from_dict(saved).to_dict() == saved


def test_expert_clue_rows_are_checked():
    game = ArcheOlogicGame(num_players=2, expert=True, extra_clues=[0, 2])
    data = _saved(_played(game, steps=6))
    assert len(data["axis_clues"]) == 5 and data["clues"] == []
    bad = copy.deepcopy(data)
    bad["axis_clues"][4][2] = 6
    _refused(game, bad, r"field 'axis_clues'\[4\]\[2\]: the answer is 6; it must be at most 5")
    bad = copy.deepcopy(data)
    bad["axis_clues"][1] = bad["axis_clues"][0]
    _refused(game, bad, "field 'axis_clues': the same clue twice")


def test_clone_and_pickle_are_exact(duo):
    game, state = duo
    other = state.clone()
    assert other.to_dict() == state.to_dict()
    other.apply_action(random_action(other.legal_action_mask(), np.random.default_rng(0)))
    assert other.to_dict() != state.to_dict()
    assert game.state_from_dict(_saved(state)).to_dict() == state.to_dict()
    for f in FIELDS.fields:  # lists are copied; tuples (frozen levels) are shared
        if f.depth > f.frozen:
            assert getattr(other, f.name) is not getattr(state, f.name), f.name
    copied = pickle.loads(pickle.dumps(state))
    assert copied.to_dict() == state.to_dict()
    caches = {"_beliefs", "_aids", "_question_record", "game"}
    assert {k: v for k, v in vars(copied).items() if k not in caches} == {
        k: v for k, v in vars(state).items() if k not in caches
    }
    assert copied.guesses == state.guesses and copied.clues == state.clues


# -- component files ---------------------------------------------------------------------------
def _records() -> list[dict]:
    text = resources.files("digsite.games.archeologic").joinpath("data", "buildings.json")
    return json.loads(text.read_text(encoding="utf-8"))["buildings"]


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda r: r.update(id=[]), r"#2 \(id \[\]\): \['id'\]: \[\] is not of type 'string'"),
        (lambda r: r.update(id={}), r"#2 \(id \{\}\): \['id'\]: \{\} is not of type 'string'"),
        (lambda r: r.update(id=""), r"\['id'\]: '' should be non-empty"),
        (lambda r: r.update(boxes="S.RR"), r"\['boxes'\]: 'S.RR' is not of type 'array'"),
        (lambda r: r.update(boxes=["S.", 3]), r"\['boxes'\]\[1\]: 3 is not of type 'string'"),
        (lambda r: r.update(provenance="rumour"), r"\['provenance'\]: 'rumour' is not one of"),
        (lambda r: r.pop("source"), "'source' is a required property"),
        (lambda r: r.update(name=5), r"\['name'\]: 5 is not of type 'string'"),
        (lambda r: r.update(colour="red"), "'colour' was unexpected"),
    ],
)
def test_bad_building_record_names_file_record_and_field(tmp_path, change, match):
    records = _records()
    change(records[2])
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps({"buildings": records}), encoding="utf-8")
    with pytest.raises(BuildingsFileError, match=match) as err:
        load_buildings(path)
    assert str(err.value).startswith(f"{path}, ArcheOlogic building #2")


def test_duplicate_and_undecodable_building_files(tmp_path):
    records = _records()
    records[3]["id"] = records[1]["id"]
    with pytest.raises(BuildingsFileError, match="#3 .*id 'T4' is already the id of .* #1"):
        load_buildings(records)
    path = tmp_path / "latin1.json"
    path.write_bytes('{"buildings": [{"id": "\xe9"}]}'.encode("latin-1"))
    with pytest.raises(BuildingsFileError, match=f"cannot read .*{path.name}"):
        load_buildings(path)


# -- the fuzz beyond the conformance configurations ----------------------------------------------
EXTRA_CONFIGS = [
    {"num_players": 1, "time_limit": 10},
    {"num_players": 1, "guess_variant": "app", "time_limit": 12, "quest": 5},
    {"num_players": 1, "num_clues": 5, "solo_more_clues": True, "expert": True},
    {"num_players": 1, "guess_variant": "app", "consistent_guesses": True, "belief_features": True},
    {"num_players": 2, "time_limit": 10, "ring": list("1A2B3C4D5E")},
    {"num_players": 4, "guess_variant": "app", "time_limit": 14, "extra_clues": [2, 0, 1, 0]},
    {"num_players": 3, "expert": True, "guess_variant": "app", "extra_clues": [0, 2, 1]},
    {"num_players": 2, "num_clues": 5, "quest": 77, "consistent_guesses": True},
]
EXTRA_EXAMPLES = int(os.environ.get("DIGSITE_FUZZ_EXAMPLES", "25"))


@pytest.mark.parametrize("config", EXTRA_CONFIGS, ids=lambda c: "-".join(map(str, c.values())))
def test_mutated_saved_states_in_more_configurations(config):
    fuzz_saved_states(ArcheOlogicGame(**config), EXTRA_EXAMPLES)


def test_solo_app_game_won_by_a_later_guess_is_a_position():
    """Found by the fuzz: the check of a solo win wrongly wanted every earlier guess right."""
    game = ArcheOlogicGame(num_players=1, guess_variant="app")
    state = _played(game, steps=0)
    state.apply_action(0)  # the start axis
    right = [int(x) for x in game.layouts.placements[state.layout]]
    for pids in ([(right[0] + 1) % len(game.layouts.tables[0])] + right[1:], right):
        state.apply_action(GUESS)
        for b, pid in enumerate(pids):
            action = 20 + int(game.pid_to_offset[b][pid])
            if not state.legal_action_mask()[action]:  # that wrong piece fits no layout
                action = random_action(state.legal_action_mask(), np.random.default_rng(b))
            state.apply_action(action)
        if state.is_terminal():
            break
    assert state.winner == 0 and len(state.guesses) == 2
    state.check_invariants()
    assert game.state_from_dict(_saved(state)).to_dict() == state.to_dict()
