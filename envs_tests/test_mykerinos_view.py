"""What a Mykerinos player knows: the view, the observation that encodes it, and the pictures
drawn from it (issue 13: the discarded parcels, cards named by face, the seat render)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from digsite.core.fields import added, replaced, replaced_in
from digsite.core.views import canonical
from digsite.games.mykerinos.actions import (
    NEUTRAL,
    NEUTRAL_CARD,
    NEUTRAL_PASS_SPACE,
    PASS,
    TAKE_LEFT,
)
from digsite.games.mykerinos.rules import MykerinosGame
from digsite.games.mykerinos.text import cubes
from digsite.games.mykerinos.view import cells_of

from .mykerinos_positions import (
    BLUE,
    GREEN,
    RED,
    cell,
    clear_pyramids,
    new_state,
    pass_season,
    put_cubes,
    set_passed,
    turn_of,
)
from .play import observation

TWIN_FACES = (26, 27)
"""Two cards of the shipped deck with one face: Mrs. Blackmore, 3 prestige, pyramids on local
spaces 0 and 4, and 1 and 5 (the first turned round)."""


def same_to_everyone(a, b) -> bool:
    """True if no player can tell ``a`` and ``b`` apart: equal views, observations, pictures."""
    return all(
        canonical(a.view(p)) == canonical(b.view(p))
        and observation(a, p).tobytes() == observation(b, p).tobytes()
        and a.render(p) == b.render(p)
        for p in range(a.game.num_players)
    )


def observations_differ(a, b) -> bool:
    return all(
        observation(a, p).tobytes() != observation(b, p).tobytes()
        for p in range(a.game.num_players)
    )


def exchanged(state, known: int, unseen: int):
    """A copy of ``state`` in which card ``known`` (discarded or owned) and card ``unseen``
    (undealt) trade places."""
    other = state.clone()
    i = other.deck.index(unseen)
    if known in other.removed:
        other.put("removed", replaced(other.removed, other.removed.index(known), unseen))
    else:
        p, hand = next((p, h) for p, h in enumerate(other.owned) if known in h)
        other.put("owned", replaced_in(other.owned, p, hand.index(known), unseen))
    other.deck[i] = known
    other.sync_derived()
    other.check_invariants()
    return other


def unseen_card(state, like: int | None = None, exclude=()) -> int:
    """An undealt card of another face; with ``like``, of the same patron and prestige."""
    cards, faces = state.game.cards, state.game.card_faces
    for c in state.deck:
        if c in exclude:
            continue
        if like is None or (
            (cards[c].patron, cards[c].prestige) == (cards[like].patron, cards[like].prestige)
            and faces[c] != faces[like]
        ):
            return c
    raise LookupError("no such card left in the deck")


def two_player_survey():
    """A 2-player survey of area 1: the neutral ranks 1st, Blue 2nd, Red 3rd; Red chooses the
    parcel the neutral takes."""
    state = new_state(2)
    clear_pyramids(state)
    cells = [cell(1, c) for c in range(1, 7)]
    put_cubes(state, BLUE, cells[:2])
    put_cubes(state, RED, cells[2:3])
    put_cubes(state, NEUTRAL, cells[3:6])
    set_passed(state, [BLUE])
    turn_of(state, RED)
    state.apply_action(PASS)
    assert (state.decision, state.decider) == (NEUTRAL_CARD, RED)
    return state


def two_player_neutral_discard():
    """Season 2 after the survey above, in which Red gave the neutral the left parcel;
    returns (state, that card)."""
    state = two_player_survey()
    taken = state.slots[0]
    state.apply_action(TAKE_LEFT)
    pass_season(state)
    assert state.season == 2 and taken in state.removed
    return state, taken


# -- finding 17: the parcels out of the game ----------------------------------------------------


def test_the_parcels_out_of_the_game_are_known_and_observed():
    """Which parcels left the game (here, one a neutral took) tells what season 4 can still
    bring; the old observation showed only how many cards were undealt."""
    state, taken = two_player_neutral_discard()
    faces = state.game.card_faces
    view = state.view(BLUE)
    assert faces[taken] in view["discarded"] and faces[taken] not in view["unseen"]
    assert len(view["unseen"]) == 36 - 16
    other = exchanged(state, taken, unseen_card(state, exclude=TWIN_FACES))
    assert canonical(other.view(BLUE)) != canonical(view)
    assert observations_differ(state, other)


def test_which_card_of_a_patron_a_player_owns_is_observed():
    """Two parcels of one patron and prestige with different pyramids: which one a player took
    tells which one may still be dealt."""
    state, _ = two_player_neutral_discard()
    owner = BLUE  # ranked 2nd in area 1, Blue took its right parcel
    (card,) = state.owned[owner]
    other = exchanged(state, card, unseen_card(state, like=card, exclude=TWIN_FACES))
    assert state.view(owner)["seats"][owner]["cards"] != other.view(owner)["seats"][owner]["cards"]
    assert observations_differ(state, other)


# -- cards named by face --------------------------------------------------------------------


def _seed_with_twins_undealt() -> int:
    return next(seed for seed in range(100) if set(TWIN_FACES) <= set(new_state(3, seed=seed).deck))


def test_a_card_and_its_twin_turned_round_cannot_be_told_apart():
    """Card 27 is card 26 turned round: laid on the table, nobody can say which it is."""
    state = new_state(3, seed=_seed_with_twins_undealt())
    a, b = TWIN_FACES
    laid = []
    for card, turned in ((a, True), (b, False)):
        other = state.clone()
        i = other.deck.index(card)
        other.deck[i] = other.slots[0]
        other.put("slots", replaced(other.slots, 0, card))
        other.slot_rotated[0] = turned
        other._set_region()
        other.sync_derived()
        other.check_invariants()
        laid.append(other)
    assert cells_of(laid[0].pyramids) == cells_of(laid[1].pyramids)
    assert laid[0].view(BLUE)["parcels"][0]["card"] == a
    assert same_to_everyone(*laid)


def _season_two_with_twins_undealt():
    for seed in range(100):
        state = new_state(3, seed=seed)
        pass_season(state)  # nobody has a cube: every parcel of season 1 leaves the game
        if set(TWIN_FACES) <= set(state.deck):
            return state
    raise LookupError("no seed leaves both twins undealt in season 2")


def test_twin_cards_in_different_places_give_one_view_and_one_observation():
    state = _season_two_with_twins_undealt()
    a, b = TWIN_FACES
    owns = []
    for card in (a, b):
        other = state.clone()  # Green took ``card`` in season 1, instead of the 1st discarded
        gone = other.removed[0]
        other.put("removed", other.removed[1:])
        other.deck[other.deck.index(card)] = gone
        other.put("owned", replaced(other.owned, GREEN, (*other.owned[GREEN], card)))
        other.sync_derived()
        other.put("score", added(other.score, GREEN, other.game.cards[card].prestige))
        other.check_invariants()
        owns.append(other)
    assert owns[0].view(RED)["seats"][GREEN]["cards"] == [a]
    assert same_to_everyone(*owns)


# -- finding 18: the pictures ---------------------------------------------------------------


def test_the_seat_render_is_drawn_from_the_view_alone():
    state = new_state(3)
    view = json.loads(json.dumps(state.view(RED)))
    assert state.game.render_view(view) == state.render(RED)
    assert state.render(RED).splitlines()[0].startswith("Mykerinos, 3 players: what player 1")


@pytest.mark.parametrize("seat", [BLUE, None])
def test_pictures_show_owners_on_pyramids_stocks_markers_and_the_survey(seat):
    state, _ = two_player_neutral_discard()
    pyramid = cells_of(state.pyramids)[0]
    put_cubes(state, RED, [pyramid])
    text = state.render(seat)
    row = next(line for line in text.splitlines() if line.startswith(f"  r{pyramid // 12 + 1} "))
    assert "1P" in row  # Red's cube on a pyramid, not an anonymous mark
    for p in range(2):
        assert f"{state.general[p]} in the general stock" in text
    assert f"neutral: {cubes(state.general[NEUTRAL])} in the general stock" in text
    assert f"disc is on passing space {NEUTRAL_PASS_SPACE}" in text
    assert f"player {state.first_player} (first player" in text
    survey = two_player_survey()
    text = survey.render(seat)
    assert "area 1 (surveyed now)" in text
    assert "surveying area 1, ranking: the neutral, player 0, player 1" in text


def test_the_spectator_picture_says_it_shows_the_undealt_order():
    state = new_state(4)
    lines = state.render().splitlines()
    assert "spectator" in lines[0] and "hidden information" in lines[0]
    assert lines[-1].startswith("undealt parcels, next first: ")
    assert "undealt" not in state.render(BLUE)
    shuffled = state.resample_hidden(BLUE, np.random.default_rng(1))
    assert shuffled.render(BLUE) == state.render(BLUE)
    assert shuffled.render() != state.render()


# -- the view's documentation and its completeness --------------------------------------------


def test_the_documentation_lists_every_view_field_in_order():
    import digsite.games.mykerinos as page

    section = page.__doc__.split("What a player knows\n---")[1].splitlines()
    rules = [i for i, line in enumerate(section) if line.startswith("====")]
    rows = section[rules[1] + 1 : rules[2]]  # the table's body
    documented = [line.split()[0] for line in rows if line and not line[0].isspace()]
    for config in ({"num_players": 2}, {"num_players": 4}):
        state = MykerinosGame(**config).new_initial_state(np.random.default_rng(0))
        assert list(state.view(0)) == documented
