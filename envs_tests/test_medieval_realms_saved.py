"""Medieval Realms: saved states and data files that are not valid are refused, naming what is
wrong (issue 14's cases)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from digsite.core.engine import CorruptStateError
from digsite.games.medieval_realms.actions import PLACE
from digsite.games.medieval_realms.components import (
    DataFileError,
    load_board,
    load_card_types,
    load_deck,
)
from digsite.games.medieval_realms.rules import MedievalRealmsGame

from .play import random_action


def placing_state():
    game = MedievalRealmsGame(num_players=3)
    state = game.new_initial_state(np.random.default_rng(1))
    rng = np.random.default_rng(1)
    while state.decision != PLACE:
        state.apply_action(random_action(state.legal_action_mask(), rng))
    return game, state.to_dict()


def test_a_placer_with_no_leader_left_to_place_is_refused():
    """The issue's case: 'placing' with no leader left loaded and gave a game that never ends."""
    game, saved = placing_state()
    assert game.state_from_dict(saved).to_dict() == saved
    saved["place_left"] = 0
    with pytest.raises(CorruptStateError, match="leader left to place"):
        game.state_from_dict(saved)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("place_left", -1, r"field 'place_left' is -1; it must be at least 0"),
        ("vp", [0, 0], r"field 'vp' holds 2 entries; it must hold 3"),
        ("passed", [0, False, False], r"field 'passed'\[0\] is 0; it must be true or false"),
        ("decision", "nap", r"field 'decision' is 'nap'; it must be one of \['pick_pair'"),
        ("round", 2.0, r"field 'round' is 2.0; it must be an integer"),
        ("hand", [[999], [], []], r"field 'hand'\[0\]\[0\] is 999; it must be at most 83"),
    ],
)
def test_a_field_out_of_its_declaration_is_named(field, value, message):
    game, saved = placing_state()
    saved[field] = value
    with pytest.raises(CorruptStateError, match=message):
        game.state_from_dict(saved)


def test_unknown_and_missing_fields_are_named():
    game, saved = placing_state()
    with pytest.raises(CorruptStateError, match=r"unknown field\(s\) \['extra'\]"):
        game.state_from_dict({**saved, "extra": 1})
    del saved["deck"]
    with pytest.raises(CorruptStateError, match="'deck' is a required property"):
        game.state_from_dict(saved)


def test_great_person_is_a_boolean_not_a_word():
    """The issue's case: great_person "no" was read as True."""
    types = _records("card_types.json", "card_types")
    types[7]["great_person"] = "no"
    with pytest.raises(DataFileError, match=r"card type #7.*\['great_person'\]: 'no' is not of"):
        load_card_types(types)


def test_card_ids_are_unique_and_plain():
    cards = _records("deck.json", "cards")
    for bad_id, message in (
        ([], r"\['id'\]: \[\] is not of type 'integer'"),
        ({}, r"\['id'\]: \{\} is not of type 'integer'"),
        (4, "id 4 is already the id of card #4"),
    ):
        broken = [dict(c) for c in cards]
        broken[9]["id"] = bad_id
        with pytest.raises(DataFileError, match=message):
            load_deck(broken)


def test_board_records_are_checked_by_their_component():
    board = _records("board.json", "board")
    broken = [dict(r) for r in board]
    square = next(i for i, r in enumerate(broken) if r["component"] == "management_square")
    broken[square]["resource"] = "spice"
    with pytest.raises(DataFileError, match=rf"board #{square}: \['resource'\]: 'spice'"):
        load_board(broken)


def test_a_file_that_is_not_utf8_is_named(tmp_path):
    path = tmp_path / "deck.json"
    path.write_bytes(b'{"cards": ["\xff\xfe"]}')
    with pytest.raises(DataFileError, match=f"cannot read card file {path}"):
        MedievalRealmsGame(deck=path)


def _records(filename: str, key: str) -> list[dict]:
    from importlib import resources

    text = resources.files("digsite.games.medieval_realms").joinpath("data", filename)
    return json.loads(text.read_text(encoding="utf-8"))[key]
