"""ArcheOlogic expert mode (digsite's own design): starting clues are counts on axes."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest

from digsite.core.engine import ConfigError, CorruptStateError
from digsite.envs.solo import solo_env
from digsite.games.archeologic.actions import AXIS0, QUESTION0
from digsite.games.archeologic.heuristic import DeductionAgent
from digsite.games.archeologic.questions import (
    DIFFERENT_BUILDINGS,
    EMPTY_ZONES,
    MAX_ANSWERS,
    NUM_AXES,
    NUM_QUESTIONS,
    TRAPS,
)
from digsite.games.archeologic.quests import (
    EXPERT_QUESTIONS,
    axis_clue_string,
    expert_clues,
    make_quest,
)
from digsite.games.archeologic.rules import ArcheOlogicGame
from digsite.games.archeologic.solver import solve
from digsite.games.archeologic.titles import MASTER, state_title, titles


def test_expert_clues_are_true_counts_and_vary_between_games_of_one_quest():
    g = ArcheOlogicGame(num_players=3, expert=True, num_clues=4, quest=5)
    seen = set()
    for seed in range(10):
        state = g.new_initial_state(np.random.default_rng(seed))
        assert state.clues == () and len(state.axis_clues) == 4
        assert len({(c.axis, c.question) for c in state.axis_clues}) == 4
        for c in state.axis_clues:
            assert c.question in (DIFFERENT_BUILDINGS, EMPTY_ZONES)
            assert c.answer == state.answer(c.axis, c.question)
        state.check_invariants()
        seen.add(state.axis_clues)
        assert state.layout == make_quest(5).layout  # the card's layout never changes
    assert len(seen) >= 8  # "for one card, the expert clues vary from one game to the other"
    q = make_quest(5)
    assert expert_clues(q, 7, 4) == expert_clues(q, 7, 4)
    assert expert_clues(q, 7, 7)[:4] == expert_clues(q, 7, 4)


def test_expert_clue_wording():
    assert axis_clue_string((2, DIFFERENT_BUILDINGS, 3)) == "column C crosses 3 different buildings"
    assert axis_clue_string((6, EMPTY_ZONES, 1)) == "row 2 holds 1 empty zone"


def test_expert_clues_are_harder_for_the_reference_solver():
    """The rulebook's expert clues are "harder to decipher": with them the reference solver
    needs more time than with the normal clues of the same quests."""
    normal, expert = [], []
    for quest in range(20):
        q = make_quest(quest)
        normal.append(solve(q.layout, q.starting_clues(3)).time)
        expert.append(solve(q.layout, (), axis_clues=expert_clues(q, quest, 3)).time)
    assert np.mean(expert) >= np.mean(normal) + 1.0


def test_initial_belief_is_the_layouts_with_the_same_answers():
    g = ArcheOlogicGame(num_players=2, expert=True)
    table = g.table
    for seed in range(5):
        state = g.new_initial_state(np.random.default_rng(seed))
        same = np.ones(len(g.layouts), dtype=bool)
        for c in state.axis_clues:
            same &= table[c.question, :, c.axis] == c.answer
        expected = np.flatnonzero(same)
        for p in range(2):
            assert np.array_equal(state.belief(p).indices, expected)
        # resampling stays among them and keeps the clues true
        rng = np.random.default_rng(seed)
        for _ in range(5):
            other = state.resample_hidden(0, rng)
            assert other.layout in set(expected.tolist())
            other.check_invariants()


def test_expert_clues_prefilled_in_the_note_sheet_and_flagged():
    """Expert clues are written at their count question (different buildings / empty zones) of
    their axis, and flagged in ``expert_clues`` (20 more values than the normal mode)."""
    normal = ArcheOlogicGame(num_players=1)
    g = ArcheOlogicGame(num_players=1, expert=True)
    assert g.observation_size == normal.observation_size + NUM_AXES * len(EXPERT_QUESTIONS)
    state = g.new_initial_state(np.random.default_rng(3))
    out = np.empty(g.observation_size, dtype=np.float32)
    state.observe(0, out)
    s = g.obs_layout.slices
    assert not out[s["clues"]].any()
    sheet = out[s["answers"]].reshape(-1, NUM_QUESTIONS, MAX_ANSWERS)
    assert sheet.sum() == g.num_clues
    flags = out[s["expert_clues"]].reshape(NUM_AXES, len(EXPERT_QUESTIONS))
    assert flags.sum() == g.num_clues
    for c in state.axis_clues:
        assert c.question != TRAPS  # written at a count question, not the traps question
        assert sheet[c.axis, c.question, c.answer] == 1.0
        assert flags[c.axis, EXPERT_QUESTIONS.index(c.question)] == 1.0


def test_an_expert_clue_and_the_same_question_asked_stay_apart():
    """Asking the question of an expert clue writes the same note, but the view keeps the clue
    and the answer apart (the ``expert_clues`` flags let the observation do the same)."""
    g = ArcheOlogicGame(num_players=1, expert=True, quest=4)
    state = g.new_initial_state(np.random.default_rng(0))
    clue = state.axis_clues[0]
    state.apply_action(AXIS0 + g.ring[(g.ring_index[clue.axis] - 1) % NUM_AXES])
    state.apply_action(AXIS0 + clue.axis)  # the free step
    before = state.view(0)
    state.apply_action(QUESTION0 + clue.question)
    after = state.view(0)
    assert after["answers"] == [list(clue)] and before["answers"] == []
    assert after["expert_clues"] == before["expert_clues"]


def test_deduction_agent_solves_expert_solo_quests_as_master():
    agent = DeductionAgent()
    for quest in range(10):
        g = ArcheOlogicGame(num_players=1, expert=True, quest=quest)
        state = g.new_initial_state(np.random.default_rng(quest))
        while not state.is_terminal():
            state.apply_action(agent.act_in(state, 0))
        assert state.winner == 0
        title, master, _ = state_title(state)
        assert title == MASTER and state.spent[0] == master
        ref = solve(state.layout, (), axis_clues=state.axis_clues)
        assert ref.solved and ref.time == master
    variation = 12345
    clues = expert_clues(make_quest(4), variation, 3)
    master = solve(make_quest(4).layout, (), axis_clues=clues).time
    assert titles(4, 3, expert_variation=variation) == (master, master + 4)


def test_solo_env_expert_option():
    env = solo_env("archeologic", expert=True, quest=2)
    obs, info = env.reset(seed=0)
    assert env.game.expert and env.game.config["expert"] is True
    agent = DeductionAgent()
    done = False
    while not done:
        obs, _, terminated, truncated, info = env.step(agent.act_in(env.game_state, 0))
        done = terminated or truncated
    assert info["solved"] and info["title"] == MASTER
    assert "expert clues" in env.game_state.render()


@pytest.mark.parametrize("bad", ["yes", 1, None, 0.0])
def test_malformed_expert_config_rejected(bad):
    with pytest.raises(ConfigError, match="expert must be True or False"):
        ArcheOlogicGame(num_players=1, expert=bad)
    with pytest.raises(ConfigError, match="expert"):
        ArcheOlogicGame.from_config(num_players=2, expert=bad)
    with pytest.raises(ConfigError):
        ArcheOlogicGame.from_config(num_players=2, expert=True, num_clues=2)
    with pytest.raises(ConfigError):
        ArcheOlogicGame.from_config(num_players=2, expertmode=True)


def test_expert_save_load_round_trip_and_checks():
    g = ArcheOlogicGame(num_players=2, expert=True, guess_variant="app")
    state = g.new_initial_state(np.random.default_rng(11))
    agent = DeductionAgent()
    for _ in range(9):
        state.apply_action(agent.act_in(state, state.current_player()))
    data = json.loads(json.dumps(state.to_dict()))
    assert data["config"]["expert"] is True and data["clues"] == []
    assert all(len(c) == 3 for c in data["axis_clues"])
    copy = g.state_from_dict(data)
    assert copy.to_dict() == state.to_dict() and copy.axis_clues == state.axis_clues
    assert np.array_equal(copy.belief(0).indices, state.belief(0).indices)
    axis, question, answer = data["axis_clues"][0]
    untrue = {**data, "axis_clues": [[axis, question, answer + 1], *data["axis_clues"][1:]]}
    with pytest.raises(CorruptStateError, match="axis_clues"):
        g.state_from_dict(untrue)
    traps = {**data, "axis_clues": [[axis, TRAPS, answer], *data["axis_clues"][1:]]}
    with pytest.raises(CorruptStateError, match=r"'axis_clues'\[0\]\[1\].*question"):
        g.state_from_dict(traps)
    with pytest.raises(CorruptStateError, match="'clues' holds 3 entries; it must hold 0"):
        g.state_from_dict({**data, "clues": [[0, 1]] * g.num_clues})
    with pytest.raises(CorruptStateError, match="config"):
        ArcheOlogicGame(num_players=2, guess_variant="app").state_from_dict(data)


def _mirrored_l4_records() -> list[dict]:
    records = json.loads(
        resources.files("digsite.games.archeologic").joinpath("data/buildings.json").read_text()
    )["buildings"]
    l4 = dict(records[0], boxes=[row[::-1] for row in records[0]["boxes"]], id="J4", name="J")
    return [l4, *records[1:]]


def test_custom_buildings_through_the_game_config(tmp_path):
    """A user with the real tiles passes them in: a mirrored L4 gives 144,512 layouts."""
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps({"buildings": _mirrored_l4_records()}))
    g = ArcheOlogicGame(num_players=1, buildings=str(path), quest=3)
    assert len(g.layouts) == 144_512 and g.layouts.buildings[0].id == "J4"
    assert g.config["buildings"] == str(path)
    assert ArcheOlogicGame.from_config(**g.config).layouts is g.layouts
    state = g.new_initial_state(np.random.default_rng(0))
    agent = DeductionAgent()
    while not state.is_terminal():
        state.apply_action(agent.act_in(state, 0))
    state.check_invariants()
    assert state.winner == 0 and state_title(state)[0] == MASTER
    assert state.action_to_string(12).startswith("ask boxes of J4")
    assert g.state_from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()
    env = solo_env("archeologic", buildings=_mirrored_l4_records(), quest=1)
    env.reset(seed=0)
    assert env.game.layouts is g.layouts


def test_malformed_buildings_config_names_the_problem(tmp_path):
    records = _mirrored_l4_records()
    with pytest.raises(ConfigError, match="buildings.*6 buildings"):
        ArcheOlogicGame(num_players=1, buildings=records[:5])
    with pytest.raises(ConfigError, match="buildings"):
        ArcheOlogicGame(num_players=1, buildings=str(tmp_path / "missing.json"))
