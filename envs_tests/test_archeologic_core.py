"""ArcheOlogic core: tiles, the layout set, the Archeoscope's answers, deduction and quests."""

from __future__ import annotations

import json

import numpy as np
import pytest

from digsite.games.archeologic.components import (
    EMPTY,
    FIRE,
    NUM_CELLS,
    RISK_FREE,
    SHARP,
    BuildingsFileError,
    cell_name,
    load_buildings,
    normalise,
    parse_cell,
    rotate_clockwise,
)
from digsite.games.archeologic.layouts import get_layouts, layout_to_string
from digsite.games.archeologic.questions import (
    AXIS_NAMES,
    BOX_ANSWERS,
    BOX_CODE,
    DIFFERENT_BUILDINGS,
    EMPTY_ZONES,
    NUM_AXES,
    NUM_QUESTIONS,
    TRAP_ANSWERS,
    TRAP_ICONS,
    TRAPS,
    answer_from_grid,
    answer_table,
    answer_to_string,
    building_question,
    decode_answer,
    num_answers,
    parse_axis,
    question_costs,
    trap_icons,
)
from digsite.games.archeologic.quests import NUM_QUEST_CLUES, Quest, is_identifiable, make_quest
from digsite.games.archeologic.solver import (
    GUESS_COST,
    Belief,
    axis_choices,
    best_question,
    solve,
)

EXPECTED_LAYOUTS = 166_848


@pytest.fixture(scope="module")
def layouts():
    return get_layouts()


@pytest.fixture(scope="module")
def answers(layouts):
    return answer_table(layouts)


def _raw() -> dict:
    from importlib import resources

    text = resources.files("digsite.games.archeologic").joinpath("data", "buildings.json")
    return json.loads(text.read_text(encoding="utf-8"))


# -- components ------------------------------------------------------------------------------
def test_shipped_buildings_and_provenance():
    buildings = load_buildings()
    assert [b.id for b in buildings] == ["L4", "T4", "S4", "O4", "L3", "I3"]
    assert [b.size for b in buildings] == [4, 4, 4, 4, 3, 3]
    assert sum(b.traps[0] for b in buildings) == 4 and sum(b.traps[1] for b in buildings) == 4
    for b in buildings:
        assert b.provenance == "public"
        assert "ArcheOLogicTiles.java" in b.record["source"]
        assert "T" in b.record["source"] and "rulebook" in b.record["source"]
        assert b.record["note"]
    for b in (buildings[0], buildings[2]):
        assert "chirality" in b.record["note"].lower()


def test_cell_names_round_trip():
    assert cell_name(0) == "A1" and cell_name(24) == "E5" and cell_name(13) == "D3"
    assert all(parse_cell(cell_name(c)) == c for c in range(NUM_CELLS))
    with pytest.raises(ValueError, match="not a Map cell"):
        parse_cell("F2")
    assert AXIS_NAMES[parse_axis("c")] == "C" and parse_axis("1") == 5


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda recs: recs[:5], "has 6 buildings"),
        (lambda recs: recs + [{**recs[0], "id": "X4"}], "has 6 buildings"),
        (lambda recs: [{**recs[0], "boxes": ["S.", "..", "RR"]}] + recs[1:], "not connected"),
        (
            lambda recs: [{**recs[0], "boxes": ["SX", "R.", "RR"]}] + recs[1:],
            r"\['boxes'\]\[0\]: 'SX' does not match",
        ),
        (lambda recs: [{**recs[0], "boxes": ["S.", "R", "RR"]}] + recs[1:], "same length"),
        (lambda recs: [{**recs[0], "boxes": ["SRRR"]}] + recs[1:], "at most 3 boxes"),
        (lambda recs: [{**recs[0], "boxes": ["S.", "RR"]}] + recs[1:], "four of 4 boxes"),
        (lambda recs: [{**recs[0], "boxes": ["S.", "F.", "RR"]}] + recs[1:], "8 trap boxes"),
        (lambda recs: [{**recs[0], "boxes": ["R.", "R.", "RR"]}] + recs[1:], "8 trap boxes"),
        (lambda recs: [{k: v for k, v in recs[0].items() if k != "boxes"}] + recs[1:], "boxes"),
        (lambda recs: [{**recs[0], "provenance": "rumour"}] + recs[1:], "provenance"),
        (
            lambda recs: [{**recs[0], "source": ""}] + recs[1:],
            r"\['source'\]: '' should be non-empty",
        ),
        (lambda recs: [recs[0], {**recs[1], "id": "L4"}] + recs[2:], "#1 .*already the id of"),
        (lambda recs: ["L4"] + recs[1:], "#0: the record: 'L4' is not of type 'object'"),
        (lambda recs: {"tiles": recs}, "expected a list"),
    ],
)
def test_malformed_buildings_are_rejected(mutate, message):
    records = [dict(r) for r in _raw()["buildings"]]
    with pytest.raises(BuildingsFileError, match=message):
        load_buildings(mutate(records))


def test_buildings_error_names_the_file_and_record(tmp_path):
    data = _raw()
    data["buildings"][3]["boxes"] = ["RF", "..", "RS"]
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BuildingsFileError) as err:
        load_buildings(path)
    assert str(path) in str(err.value) and "#3 (id 'O4')" in str(err.value)
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(BuildingsFileError, match="cannot read"):
        load_buildings(tmp_path / "broken.json")
    assert load_buildings(_raw()) == load_buildings()


# -- layouts ---------------------------------------------------------------------------------
def test_layout_count(layouts):
    assert len(layouts) == EXPECTED_LAYOUTS


def test_every_layout_is_complete(layouts):
    assert ((layouts.building == EMPTY).sum(axis=1) == 3).all()
    assert ((layouts.kind != EMPTY).sum(axis=1) == 22).all()
    assert ((layouts.kind == FIRE).sum(axis=1) == 4).all()
    assert ((layouts.kind == SHARP).sum(axis=1) == 4).all()
    for b in layouts.buildings:
        assert ((layouts.building == b.index).sum(axis=1) == b.size).all()
    assert ((layouts.building == EMPTY) == (layouts.kind == EMPTY)).all()
    # Each layout once: the placement rows are distinct and sorted.
    keys = layouts.placements.astype(np.int64) @ (64 ** np.arange(5, -1, -1))
    assert (np.diff(keys) > 0).all()


def test_buildings_are_rotated_never_mirrored(layouts):
    l4 = layouts.buildings[0]
    table = layouts.tables[0]
    shapes = set()
    for pid in range(len(table)):
        r, c = np.divmod(table.cells[pid].astype(int), 5)
        boxes = list(zip(r.tolist(), c.tolist(), table.kinds[pid].tolist(), strict=True))
        shapes.add(normalise(boxes))
    assert shapes == {shape for _, shape in l4.rotations}
    assert len(shapes) == 4
    mirrored = normalise([(r, -c, k) for r, c, k in l4.boxes])
    assert all(rotate_clockwise(mirrored, t) not in shapes for t in range(4))
    # Even ignoring the kinds, no placement covers the mirror image (a J) of the L.
    outline = {frozenset((r, c) for r, c, _ in s) for s in shapes}
    mirror_outlines = {
        frozenset((r, c) for r, c, _ in rotate_clockwise(mirrored, t)) for t in range(4)
    }
    assert not outline & mirror_outlines


def test_symmetric_rotations_are_counted_once():
    recs = [dict(r) for r in _raw()["buildings"]]
    recs[3] = {**recs[3], "boxes": ["RF", "FR"]}  # O4 with its traps on a diagonal
    recs[1] = {**recs[1], "boxes": ["R.", "RS", "S."]}  # keeps 4 Fire and 4 Sharp in all
    buildings = load_buildings(recs)
    assert [t for t, _ in buildings[3].rotations] == [0, 1]
    other = get_layouts(buildings)
    assert len(other.tables[3]) == 2 * 16
    grids = other.building.astype(np.int16) * 3 + other.kind
    assert len(np.unique(grids, axis=0)) == len(other)  # no layout counted twice


def test_pieces_round_trip(layouts):
    rng = np.random.default_rng(1)
    for i in rng.integers(len(layouts), size=200).tolist():
        pieces = layouts.pieces(i)
        assert layouts.index_of(pieces) == i
        assert layouts.index_of(list(reversed(pieces))) == i
        grid = np.full(NUM_CELLS, EMPTY)
        for b, rotation, anchor in pieces:
            shape = rotate_clockwise(layouts.buildings[b].boxes, rotation)
            for r, c, k in shape:
                assert grid[anchor + r * 5 + c] == EMPTY
                grid[anchor + r * 5 + c] = k
        assert (grid == layouts.kind[i]).all()
    pieces = list(layouts.pieces(0))
    assert layouts.index_of(pieces[:5]) == -1
    assert layouts.index_of(pieces[:5] + [pieces[0]]) == -1
    moved = pieces[:5] + [(5, pieces[5].rotation, pieces[0].anchor)]
    assert layouts.index_of(moved) == -1  # overlaps the L4, or is off the Map
    assert layouts.placement_id(0, 0, 24) == -1


def test_layout_picture(layouts):
    text = layout_to_string(7)
    lines = text.splitlines()
    assert lines[0].split() == list("ABCDE") and len(lines) == 6
    assert text.count(".") == 3
    assert text.count("f") == 4 and text.count("s") == 4
    assert layouts.to_string(7) == text


# -- questions and answers -------------------------------------------------------------------
def test_answer_codes_decode(layouts):
    assert len(BOX_ANSWERS) == 20 and BOX_ANSWERS[0] == (0, 0, 0)
    assert answer_to_string(building_question(1), BOX_CODE[1, 1, 0]) == "Risk-free + Fire"
    assert answer_to_string(TRAPS, TRAP_ANSWERS.index((2, 1))) == "2 Fire, 1 Sharp"
    assert answer_to_string(EMPTY_ZONES, 1) == "1 empty zone"
    assert trap_icons(building_question(0), BOX_CODE[1, 1, 1]) == 2
    assert trap_icons(TRAPS, TRAP_ANSWERS.index((2, 1))) == 3
    assert trap_icons(DIFFERENT_BUILDINGS, 4) == 0
    for q in range(NUM_QUESTIONS):
        for code in range(num_answers(q)):
            assert TRAP_ICONS[q, code] == trap_icons(q, code)
            decode_answer(q, code)
        with pytest.raises(ValueError):
            decode_answer(q, num_answers(q))
    assert question_costs(layouts.buildings).tolist() == [1, 1, 3, 3, 3, 3, 2, 2, 2]


def test_answer_table_matches_brute_force(layouts, answers):
    assert answers.shape == (NUM_QUESTIONS, EXPECTED_LAYOUTS, NUM_AXES)
    rng = np.random.default_rng(2)
    picks = rng.integers(len(layouts), size=300).tolist()
    for i in picks:
        building, kind = layouts.building[i].tolist(), layouts.kind[i].tolist()
        got = [[answer_from_grid(building, kind, q, a) for a in range(10)] for q in range(9)]
        assert (answers[:, i, :] == np.array(got)).all(), layouts.to_string(i)
    for q in range(NUM_QUESTIONS):
        assert answers[q].max() < num_answers(q)


def test_rulebook_t_building_on_column_c(layouts, answers):
    """Rulebook: the T on column C may answer nothing, Fire + the central Risk-free box, or Fire
    alone.  Those are possible; the Fire + Risk-free answer only arises with the central box;
    and the opposite trap reading (a Sharp stem) could not give it."""
    t = next(b.index for b in layouts.buildings if b.id == "T4")
    column_c = AXIS_NAMES.index("C")
    codes = answers[building_question(t), :, column_c]
    seen = {BOX_ANSWERS[c] for c in np.unique(codes).tolist()}
    nothing, fire_and_risk_free, fire = (0, 0, 0), (1, 1, 0), (0, 1, 0)
    assert {nothing, fire_and_risk_free, fire} <= seen
    # The rulebook lists examples, not all answers: the other T boxes can be on C as well.
    assert seen == {nothing, fire_and_risk_free, fire, (1, 0, 0), (0, 0, 1), (2, 0, 1)}
    assert (0, 0, 1) in seen and (1, 0, 1) not in seen  # no "Sharp + Risk-free" with these data
    rows = np.flatnonzero(codes == BOX_CODE[fire_and_risk_free])
    t_cells = layouts.building[rows] == t
    on_c = np.zeros(NUM_CELLS, dtype=bool)
    on_c[[r * 5 + 2 for r in range(5)]] = True
    for row, mine in zip(rows[:500].tolist(), t_cells[:500], strict=True):
        cells = np.flatnonzero(mine & on_c)
        risk_free = [c for c in cells if layouts.kind[row, c] == RISK_FREE]
        assert len(risk_free) == 1
        r, c = divmod(int(risk_free[0]), 5)
        neighbours = [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        assert sum(0 <= y < 5 and 0 <= x < 5 and mine[y * 5 + x] for y, x in neighbours) == 3


# -- solver ----------------------------------------------------------------------------------
def test_axis_choices():
    anywhere = tuple((axis, 2) for axis in (8, 9, 0, 1, 2, 3, 4, 5))
    assert axis_choices(5) == ((6, 0), (7, 1)) + anywhere  # from "1": "2" free, "3" for +1
    ring = (0, 5, 1, 6, 2, 7, 3, 8, 4, 9)
    assert axis_choices(9, ring, moves=((1, 0),)) == ((0, 0),)
    assert axis_choices(9, ring, moves=((1, 0), (2, 1))) == ((0, 0), (5, 1))


def test_belief_filters_keep_the_true_layout(layouts, answers):
    rng = np.random.default_rng(3)
    for number in range(10):
        quest = make_quest(number)
        truth = quest.layout
        belief = Belief.full(layouts)
        for clue in quest.starting_clues(5):
            smaller = belief.with_clue(*clue)
            assert truth in smaller and len(smaller) <= len(belief)
            belief = smaller
        expected = np.ones(len(layouts), dtype=bool)
        for cell, kind in quest.starting_clues(5):
            expected &= layouts.kind[:, cell] == kind
        assert (belief.indices == np.flatnonzero(expected)).all()
        for _ in range(6):
            q, a = int(rng.integers(NUM_QUESTIONS)), int(rng.integers(NUM_AXES))
            belief = belief.with_answer(a, q, int(answers[q, truth, a]))
            assert truth in belief
    with pytest.raises(ValueError, match="trap kind"):
        Belief.full(layouts).with_clue(3, RISK_FREE)


def test_best_question_prefers_information_per_time(layouts):
    full = Belief.full(layouts)
    choices = axis_choices(5)
    choice = best_question(full, choices)
    costs = question_costs(layouts.buildings)
    assert choice is not None
    assert choice.time == costs[choice.question] + dict(choices)[choice.axis]
    gains = full.information()
    assert gains.shape == (NUM_QUESTIONS, NUM_AXES) and (gains >= 0).all()
    assert choice.gain == pytest.approx(gains[choice.question, choice.axis])
    scores = [gains[q, a] / (costs[q] + s) for a, s in choices for q in range(NUM_QUESTIONS)]
    assert choice.score == pytest.approx(max(scores))
    # Against a direct entropy computation on one question.
    codes = answer_table(layouts)[choice.question, :, choice.axis]
    p = np.bincount(codes) / len(codes)
    p = p[p > 0]
    assert choice.gain == pytest.approx(-(p * np.log2(p)).sum())
    single = Belief(layouts, np.array([123], dtype=np.int32))
    assert best_question(single, axis_choices(0)) is None


def test_solve_twenty_quests(layouts, answers):
    for number in range(20):
        quest = make_quest(number)
        result = solve(quest.layout, quest.starting_clues(), None, solo=True)
        assert result.solved and result.remaining == 1
        assert result.turns[-1].remaining == 1
        assert result.time == sum(t.time for t in result.turns) + GUESS_COST
        belief = Belief.from_clues(quest.starting_clues(), layouts)
        for turn in result.turns:
            assert turn.answer == answers[turn.question, quest.layout, turn.axis]
            belief = belief.with_answer(turn.axis, turn.question, turn.answer)
            assert len(belief) == turn.remaining
            # Solo: one extra clockwise step per trap icon seen.
            steps = trap_icons(turn.question, turn.answer)
            assert turn.viewfinder == (turn.axis + steps) % NUM_AXES
        assert belief.indices.tolist() == [quest.layout]
    multi = solve(make_quest(0).layout, make_quest(0).starting_clues(), None, solo=False)
    assert multi.solved and all(t.viewfinder == t.axis for t in multi.turns)


# -- quests ----------------------------------------------------------------------------------
def test_quests_are_deterministic_and_identifiable(layouts, answers):
    quests = [make_quest(n) for n in range(15)]
    assert quests == [make_quest(n) for n in range(15)]
    assert len({q.layout for q in quests}) == len(quests)
    for quest in quests:
        clues = quest.clues
        assert len(clues) == NUM_QUEST_CLUES and len({c.cell for c in clues}) == NUM_QUEST_CLUES
        assert set(clues) <= set(layouts.traps(quest.layout))
        assert is_identifiable(quest.layout, quest.starting_clues(), layouts)
        belief = Belief.from_clues(quest.starting_clues(), layouts)
        mine = answers[:, quest.layout, :]
        twins = [i for i in belief.indices.tolist() if (answers[:, i, :] == mine).all()]
        assert twins == [quest.layout]
        assert Quest.from_dict(json.loads(json.dumps(quest.to_dict()))) == quest
    assert not is_identifiable(quests[0].layout, quests[1].starting_clues(), layouts)
    with pytest.raises(ValueError, match="not a trap"):
        Quest.from_dict({**quests[0].to_dict(), "layout": quests[1].layout})
    with pytest.raises(ValueError, match="non-negative"):
        make_quest(-1)
