"""Archeos Society: saved states and data files that are not valid are refused, naming what is
wrong (issue 14's cases)."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest

from digsite.core.engine import CorruptStateError
from digsite.games.archeos_society import components
from digsite.games.archeos_society.actions import EFFECTS
from digsite.games.archeos_society.components import (
    COLOURS,
    ROLES,
    SITE_RULES,
    DataError,
    DataFileError,
    load_cards,
    load_scenarios,
    load_sites,
    load_tables,
)
from digsite.games.archeos_society.rules import ArcheosSocietyGame

from .play import random_action


def state_at(decision: int, num_players: int = 3):
    """A saved state of a random game at its first ``decision``, and its game."""
    game = ArcheosSocietyGame(num_players=num_players)
    rng = np.random.default_rng(3)
    state = game.new_initial_state(rng)
    while state.decision != decision:
        state.apply_action(random_action(state.legal_action_mask(), rng))
    return game, state.to_dict()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("score", [0, 0], r"field 'score' holds 2 entries; it must hold 3"),
        ("colour_done", 1, r"field 'colour_done' is 1; it must be true or false"),
        ("decision", "nap", r"field 'decision' is 'nap'; it must be one of \['turn'"),
        ("phase", 0, r"field 'phase' is 0; it must be one of \['play', 'ur', 'professor'\]"),
        ("season", 2.0, r"field 'season' is 2.0; it must be an integer"),
        ("hands", [[11] * 72] * 3, r"field 'hands'\[0\]\[0\] is 11; it must be at most 10"),
        ("tokens", [3, -1, -1, -1, -1, -1], r"field 'tokens'\[0\] is 3; it must be at most 2"),
        ("expeditions", [[[72]], [], []], r"'expeditions'\[0\]\[0\]\[0\] is 72; it must be at"),
    ],
)
def test_a_field_out_of_its_declaration_is_named(field, value, message):
    game, saved = state_at(EFFECTS)
    assert game.state_from_dict(saved).to_dict() == saved
    saved[field] = value
    with pytest.raises(CorruptStateError, match=message):
        game.state_from_dict(saved)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"botanist": [0, -1]}, "the Botanist tile is half placed"),
        ({"lead": 0}, "no expedition"),
        ({"decider": -1}, "decider is -1 when the game is over"),
        ({"roles": [0, 0, 1, 2, 3, 4]}, "roles repeat"),
        ({"prof_queue": [[0, 0]]}, r"a Professor move is \[player, \+1 or -1\]"),
        ({"phase": "ur", "ur_colour": -1}, "the Ur phase needs the Ur board"),
    ],
)
def test_a_position_the_rules_cannot_reach_is_refused(change, message):
    game, saved = state_at(EFFECTS)
    saved.update(change)
    with pytest.raises(CorruptStateError, match=f"not a position of the game: {message}"):
        game.state_from_dict(saved)


def test_a_saved_state_is_plain_json_also_for_a_numpy_player_count():
    game = ArcheosSocietyGame(num_players=np.int64(3))
    state = game.new_initial_state(np.random.default_rng(0))
    saved = json.loads(json.dumps(state.to_dict()))
    assert saved["config"]["num_players"] == 3
    assert game.state_from_dict(saved).to_dict() == saved


def test_a_save_of_the_old_format_is_refused_by_name():
    game, saved = state_at(EFFECTS)
    old = {k: v for k, v in saved.items() if k not in ("ur_queue", "ur_colour")}
    old["ur"] = [[], -1]
    with pytest.raises(CorruptStateError, match="'ur_queue' is a required property"):
        game.state_from_dict(old)


@pytest.mark.parametrize(
    ("filename", "key", "loader", "index", "message"),
    [
        ("scenarios.json", "scenarios", None, 1, "id 'chichen_itza' is already the id of"),
        ("tables.json", "tables", load_tables, 1, "id 'expedition_points' is already the id of"),
        ("cards.json", "cards", load_cards, 9, "id 0 is already the id of card #0"),
        ("sites.json", "sites", load_sites, 3, "is already the id of site #0"),
    ],
)
def test_a_duplicated_id_is_refused(filename, key, loader, index, message):
    """The issue's case: a duplicated scenario or table id silently replaced the first."""
    records = _records(filename, key)
    records[index]["id"] = records[0]["id"]
    with pytest.raises(DataError, match=message):
        if loader is None:
            load_scenarios(records, load_sites())
        else:
            loader(records)


@pytest.mark.parametrize("bad_id", [[], {}, 2.0, True])
def test_a_card_id_is_a_plain_integer(bad_id):
    cards = _records("cards.json", "cards")
    cards[5]["id"] = bad_id
    with pytest.raises(DataFileError, match=r"card #5 .*\['id'\]: .* is not of type 'integer'"):
        load_cards(cards)


@pytest.mark.parametrize(
    ("filename", "key", "loader", "change", "message"),
    [
        ("cards.json", "cards", load_cards, {"role": "wizard"}, r"\['role'\]: 'wizard' is not"),
        ("cards.json", "cards", load_cards, {"colour": None}, r"\['colour'\]: None is not one"),
        ("sites.json", "sites", load_sites, {"side": "back"}, r"\['side'\]: 'back' is not one"),
        ("sites.json", "sites", load_sites, {"thresholds": [1]}, "thresholds needs 6 values"),
        ("sites.json", "sites", load_sites, {"colors": "red"}, "'colors' was unexpected"),
        ("tables.json", "tables", load_tables, {"values": [1]}, r"\['values'\]: \[1\] is too"),
        ("cards.json", "cards", load_cards, {"provenance": "public"}, "'source' is a required"),
    ],
)
def test_a_bad_record_names_its_file_record_and_field(filename, key, loader, change, message):
    records = _records(filename, key)
    records[1].pop("source", None)
    records[1].update(change)
    with pytest.raises(DataFileError, match=message):
        loader(records)


def test_a_file_that_is_not_utf8_is_named(tmp_path):
    path = tmp_path / "cards.json"
    path.write_bytes(b'{"cards": ["\xff\xfe"]}')
    with pytest.raises(DataFileError, match=f"cannot read card file {path}"):
        ArcheosSocietyGame(cards=path)


def test_the_record_schemas_name_what_the_code_knows():
    """The schemas' allowed names are the engine's: a name added to one is added to both."""
    cards = _schema("cards")["properties"]
    assert cards["role"]["enum"] == [*ROLES, "monkey"]
    assert cards["colour"]["enum"] == [*COLOURS, None]
    sites = _schema("sites")["properties"]
    assert sites["colour"]["enum"] == list(COLOURS)
    assert sites["rule"]["enum"] == list(SITE_RULES)
    assert set(components.RULE_VALUES) <= set(sites)
    assert sites["points"]["maxItems"] == components.MAX_SPACES
    assert _schema("tables")["properties"]["id"]["enum"] == list(components.TABLES)
    assert _schema("scenarios")["properties"]["roles"]["items"]["enum"] == list(ROLES)


def _read(filename: str) -> dict:
    text = resources.files("digsite.games.archeos_society").joinpath("data", filename)
    return json.loads(text.read_text(encoding="utf-8"))


def _records(filename: str, key: str) -> list[dict]:
    return _read(filename)[key]


def _schema(kind: str) -> dict:
    return _read(f"{kind}.schema.json")
