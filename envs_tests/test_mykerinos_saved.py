"""Mykerinos saved states and card files: bad input never gets in (issue 14).

A saved state is checked against the declared fields (``saved.FIELDS``) and then against the
rules (``check_invariants``); a card file against ``data/cards.schema.json`` and the rules across
records.  Each refusal names the field (and for files the file and the record)."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources

import numpy as np
import pytest

from digsite.core.engine import CorruptStateError
from digsite.games.mykerinos.actions import PLACE, SURVEY_CHOICE
from digsite.games.mykerinos.components import DeckFileError
from digsite.games.mykerinos.rules import MykerinosGame
from digsite.games.mykerinos.saved import FIELDS

from .play import random_action


def _state_at(game, decision: int, seed: int = 0):
    """A state of a random game whose pending decision is ``decision``."""
    rng = np.random.default_rng(seed)
    for _ in range(50):
        state = game.new_initial_state(rng)
        while not state.is_terminal():
            if state.decision == decision and state.season >= 2:
                return state
            state.apply_action(random_action(state.legal_action_mask(), rng))
    raise LookupError(f"no random game reached decision {decision}")


@pytest.fixture(scope="module")
def game():
    return MykerinosGame(num_players=3)


@pytest.fixture(scope="module")
def placing(game):
    return _state_at(game, PLACE).to_dict()


def _refused(game, data, message: str) -> str:
    with pytest.raises(CorruptStateError, match=message) as err:
        game.state_from_dict(data)
    return str(err.value)


def test_the_saved_form_is_the_declared_fields_and_loads_back(game, placing):
    assert set(placing) == {"game", "config", *FIELDS.names}
    state = game.state_from_dict(placing)
    assert state.to_dict() == placing
    assert json.loads(json.dumps(placing)) == placing
    other = state.clone()
    other.apply_action(random_action(other.legal_action_mask(), np.random.default_rng(1)))
    assert state.to_dict() == placing  # the clone shares nothing


def test_a_score_the_cards_do_not_give_is_refused(game, placing):
    """Listed case: ``score[1] += 5`` used to load."""
    data = copy.deepcopy(placing)
    data["score"][1] += 5
    message = _refused(game, data, re.escape("score[1] is "))
    assert "the rules say" in message


def test_tilted_one_entry_shorter_is_refused(game, placing):
    """Listed case: ``tilted`` one entry shorter used to load, then raise IndexError."""
    data = copy.deepcopy(placing)
    data["tilted"][1].pop()
    _refused(game, data, re.escape("field 'tilted'[1] holds 4 entries; it must hold 5"))
    data = copy.deepcopy(placing)
    data["tilted"].pop()
    _refused(game, data, re.escape("field 'tilted' holds 2 entries; it must hold 3"))


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(cells=d["cells"][:-1]), "field 'cells' holds 71 entries"),
        (lambda d: d.update(decision="nap"), "field 'decision' is 'nap'; it must be one of"),
        (
            lambda d: d["museum"].__setitem__(0, 3),
            r"field 'museum'\[0\] is 3; it must be at most 2",
        ),
        (lambda d: d.update(last_turn=1), "field 'last_turn' is 1; it must be true or false"),
        (lambda d: d.update(season=2.0), "field 'season' is 2.0; it must be an integer"),
        (lambda d: d.pop("chain_left"), "'chain_left' is a required property"),
        (lambda d: d.update(chain=[0, 0]), r"unknown field\(s\) \['chain'\]"),
        (lambda d: d.update(game="archeologic"), "not of 'mykerinos'"),
        (lambda d: d["config"].update(num_players=4), "made with config"),
        (lambda d: d["personal"].__setitem__(0, d["personal"][0] + 1), "colour 0 has 26 cubes"),
        (lambda d: d["removed"].append(d["deck"][0]), "more than once"),
        (lambda d: d.update(deck=d["deck"][1:]), "deck holds"),
        (lambda d: d.update(chain_left=d["chain_left"] + 1), "chain_left is"),
        (lambda d: d.update(chain_last=5 if d["cells"][5] < 0 else 6), "chain_last"),
        (lambda d: d.update(wing_patron=[0, 0, 1, 2, 3]), "wing_patron"),
        (lambda d: d.update(survey_area=1), "survey_area, ranked, rank_pos are"),
        (lambda d: d.update(pass_space=[0, 2, 0]), r"pass_space \[0, 2, 0\]"),
    ],
)
def test_a_broken_saved_state_is_refused_naming_the_field(game, placing, change, message):
    data = copy.deepcopy(placing)
    change(data)
    _refused(game, data, message)


def test_the_survey_is_checked_against_the_cubes(game):
    data = _state_at(game, SURVEY_CHOICE).to_dict()
    game.state_from_dict(data)
    ranked = copy.deepcopy(data)
    ranked["ranked"] = ranked["ranked"][::-1] + [9]
    _refused(game, ranked, "must be at most 4")
    ranked["ranked"] = [p for p in range(3) if p not in data["ranked"]] or [9]
    _refused(game, ranked, "ranked is")


def test_a_five_room_needs_its_opening_room(game):
    state = game.new_initial_state(np.random.default_rng(0))
    data = state.to_dict()
    data["museum"][5] = 0  # the 5-room of wing 1, with no 2- or 3-room of player 0
    data["general"][0] -= 1
    _refused(game, data, re.escape("museum[5] = 0: player 0 holds the 5-room of wing 1"))


# -- the card file ---------------------------------------------------------------------------


def _shipped_cards() -> dict:
    text = resources.files("digsite.games.mykerinos").joinpath("data", "cards.json").read_text()
    return json.loads(text)


@pytest.mark.parametrize("bad_id", [[], {}, [0]])
def test_an_unhashable_card_id_names_the_file_the_record_and_the_field(tmp_path, bad_id):
    data = _shipped_cards()
    data["cards"][3]["id"] = bad_id
    path = tmp_path / "my_cards.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DeckFileError) as err:
        MykerinosGame(deck=path)
    message = str(err.value)
    assert str(path) in message
    assert "Mykerinos card #3" in message
    assert "['id']" in message and "is not of type 'integer'" in message


def test_an_undecodable_card_file_names_the_file(tmp_path):
    path = tmp_path / "cards.json"
    path.write_bytes(b'{"cards": ["\xff\xfe"]}')
    with pytest.raises(DeckFileError, match=re.escape(str(path))):
        MykerinosGame(deck=path)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda c: c[5].update(prestige="3"), r"#5 \(id 5\): \['prestige'\]: '3' is not of type"),
        (lambda c: c[5].update(pyramids=["P..", "PPX"]), r"\['pyramids'\]\[1\]"),
        (lambda c: c[5].update(colour="red"), "'colour' was unexpected"),
        (lambda c: c[5].pop("patron"), "'patron' is a required property"),
        (lambda c: c[5].update(id=36), r"\['id'\]: 36 is greater than the maximum of 35"),
        (lambda c: c[5].update(provenance="public", source=""), r"\['source'\]"),
    ],
)
def test_a_bad_card_record_names_the_record_and_the_field(change, message):
    data = _shipped_cards()
    change(data["cards"])
    with pytest.raises(DeckFileError, match=message):
        MykerinosGame(deck=data)
