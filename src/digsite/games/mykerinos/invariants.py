"""What every Mykerinos position keeps (``check_invariants``): cards and cubes conserved, scores
as the cards and the Museum give them, a decision with what it needs."""

from __future__ import annotations

from ...core.engine import TERMINAL
from . import actions, components
from .saved import FIELDS

CHAIN = ("chain_owner", "chain_left", "chain_own_anchor", "chain_last", "chain_pyramid")
SURVEY = ("survey_area", "ranked", "rank_pos")  # (each field's meaning: saved.FIELDS)


def check_invariants(state) -> None:
    check_layout(state)
    _check_cards(state)
    _check_cubes(state)
    _check_museum(state)
    _check_scores(state)
    _check_passing(state)
    d = state.decision
    if d == actions.GAME_OVER:
        _check_game_over(state)
    elif d <= actions.NEUTRAL_ACTION:
        _check_excavations(state)
    else:
        _check_survey(state)
    if d != actions.PLACE:
        FIELDS.check_at_start(state, CHAIN, "no excavation is under way but in decision place")
    if d <= actions.NEUTRAL_ACTION or d == actions.GAME_OVER:
        FIELDS.check_at_start(state, SURVEY, "no area is surveyed now")


def check_layout(state) -> None:
    """The season's region and the deck hold the cards the season has dealt."""
    k = components.parcels_in_season(state.season)
    for name in ("slots", "slot_rotated", "slot_state"):
        assert len(getattr(state, name)) == k, (
            f"{name} holds {len(getattr(state, name))} entries; season {state.season}'s region "
            f"has {k} parcels"
        )
    dealt = sum(components.parcels_in_season(s) for s in range(1, state.season + 1))
    assert len(state.deck) == components.NUM_CARDS - dealt, (
        f"deck holds {len(state.deck)} cards; {dealt} are dealt by season {state.season}, "
        f"so {components.NUM_CARDS - dealt} are left"
    )
    assert len(state.deck_rotated) == len(state.deck), (
        f"deck_rotated holds {len(state.deck_rotated)} entries, one per deck card "
        f"({len(state.deck)})"
    )
    assert sorted(state.wing_patron) == list(range(5)), (
        f"wing_patron {state.wing_patron} must give each wing its own patron 0-4"
    )


def _check_cards(state) -> None:
    on_table = [
        c for c, w in zip(state.slots, state.slot_state, strict=True) if w == actions.ON_TABLE
    ]
    everywhere = [*state.deck, *on_table, *state.removed, *(c for o in state.owned for c in o)]
    if sorted(everywhere) != list(range(components.NUM_CARDS)):
        missing = sorted(set(range(components.NUM_CARDS)) - set(everywhere))
        twice = sorted({c for c in everywhere if everywhere.count(c) > 1})
        raise AssertionError(
            "each card is once in deck, slots (on the table), removed or owned: "
            f"missing {missing}, more than once {twice}"
        )
    for s, (card, where) in enumerate(zip(state.slots, state.slot_state, strict=True)):
        if where >= 0:
            assert card in state.owned[where], (
                f"slot_state[{s}] = {where}, but its card {card} is not in owned[{where}]"
            )
        elif where == actions.REMOVED:
            assert card in state.removed, (
                f"slot_state[{s}] = {actions.REMOVED} (out), but its card {card} is not in removed"
            )
    for a in range(len(state.slots) // 2):
        left, right = state.slot_state[2 * a], state.slot_state[2 * a + 1]
        assert left < 0 or left != right, (
            f"slot_state: player {left} took both parcels of area {a}; one each"
        )
    surveyed = sum(components.parcels_in_season(s) // 2 for s in range(1, state.season))
    if state.decision == actions.GAME_OVER:
        surveyed += len(state.slots) // 2
    elif state.decision >= actions.SURVEY_CHOICE:
        surveyed += state.survey_area + 1
    for p, cards in enumerate(state.owned):
        assert len(cards) <= surveyed, (
            f"owned[{p}] holds {len(cards)} parcels; a player takes at most one per area, "
            f"and {surveyed} areas are surveyed"
        )


def _check_cubes(state) -> None:
    n, colours = state.game.num_players, state.game.owners
    cubes = [0] * 5
    for c, owner in enumerate(state.cells):
        if owner >= 0:
            cubes[owner] |= components.CELL_BIT[c]
    assert cubes == state.cubes, "the cube bitboards disagree with cells"
    for colour in sorted(set(range(5)) - set(colours)):
        assert state.general[colour] == actions.CUBES_PER_COLOUR and not cubes[colour], (
            f"general[{colour}] is {state.general[colour]} and cells hold "
            f"{cubes[colour].bit_count()} of its cubes: colour {colour} is not in a "
            f"{n}-player game, its 25 cubes stay in the general stock"
        )
    assert n == 2 or not any(state.neutral_stock), (
        f"neutral_stock {state.neutral_stock}: neutral cubes are held only with 2 players"
    )
    for colour in colours:
        held = sum(state.neutral_stock) if colour == actions.NEUTRAL else state.personal[colour]
        total = (
            state.general[colour] + held + cubes[colour].bit_count() + state.museum.count(colour)
        )
        assert total == actions.CUBES_PER_COLOUR, (
            f"colour {colour} has {total} cubes in general, "
            f"{'neutral_stock' if colour == actions.NEUTRAL else 'personal'}, cells and museum; "
            f"it has {actions.CUBES_PER_COLOUR}"
        )
    occupied = sum(cubes)  # the owners' cells are disjoint: cells holds one owner a space
    assert not occupied & ~state.valid, (
        f"cells: a cube lies outside season {state.season}'s region "
        f"({components.region_rows(state.season)} rows)"
    )


def _check_museum(state) -> None:
    museum = state.game.museum
    for room in range(len(museum.rooms), 15):
        assert state.museum[room] == -1, (
            f"museum[{room}]: room {room} is not in a Museum with {museum.two_rooms} 2-rooms"
        )
    for room in museum.rooms:
        p = state.museum[room]
        if p >= 0 and components.Museum.value(room) == 5:
            opening = [r for r in museum.rooms if room in museum.unlocks(r)]
            assert any(state.museum[r] == p for r in opening), (
                f"museum[{room}] = {p}: player {p} holds the {museum.name(room)} without "
                f"a 2- or 3-room that opens it (rooms {opening})"
            )


def _check_scores(state) -> None:
    cards = state.game.cards
    over = state.decision == actions.GAME_OVER
    for p in range(state.game.num_players):
        counts = components.patron_counts(cards, state.owned[p])
        assert counts == state.patron_count[p], f"player {p}'s cached cards per patron are stale"
        per_wing, series = state.exhibition(p) if over else ((), 0)
        bonus = sum(per_wing) + series
        assert state.final_bonus[p] == bonus, (
            f"final_bonus[{p}] is {state.final_bonus[p]}; the rules say {bonus} "
            + ("(the final exhibition)" if over else "until the game is over")
        )
        expected = sum(cards[c].prestige for c in state.owned[p]) + bonus
        assert state.score[p] == expected, (
            f"score[{p}] is {state.score[p]}; the rules say {expected} (the prestige of "
            f"owned[{p}]{' and the final exhibition' if over else ''})"
        )
        assert all(t <= c for t, c in zip(state.tilted[p], counts, strict=False)), (
            f"tilted[{p}] = {state.tilted[p]}: more cards tilted than owned per patron "
            f"({counts[: components.NO_PATRON]})"
        )


def _check_passing(state) -> None:
    """Players pass onto the lowest free space (the neutral's is 2): passed players hold
    the first spaces.  All have passed in the survey; the discs are back once it is over."""
    n = state.game.num_players
    order = [s for s in range(1, 6) if not (n == 2 and s == actions.NEUTRAL_PASS_SPACE)]
    spaces = sorted(s for s in state.pass_space if s)
    assert spaces == order[: len(spaces)], (
        f"pass_space {state.pass_space}: who passes takes the lowest free space, so "
        f"{len(spaces)} passed players hold spaces {order[: len(spaces)]}"
    )
    if state.decision == actions.GAME_OVER:
        assert not spaces, f"pass_space {state.pass_space}: the discs are back once it is over"
    elif state.decision >= actions.SURVEY_CHOICE:
        assert len(spaces) == n, (
            f"pass_space {state.pass_space}: the survey starts once every player has passed"
        )
    else:
        assert len(spaces) < n, f"pass_space {state.pass_space}: nobody is left to excavate"
        assert state.last_turn == (len(spaces) == n - 1), (
            f"last_turn is {state.last_turn}; it is set exactly when one player has not passed"
        )
    if state.decision > actions.NEUTRAL_ACTION:
        assert not state.last_turn, "last_turn is set only while players excavate"


def _check_game_over(state) -> None:
    assert state.season == actions.NUM_SEASONS, f"season is {state.season}; the game ends after 4"
    assert state.decider == TERMINAL, f"decider is {state.decider}; -1 once the game is over"
    assert actions.ON_TABLE not in state.slot_state, "slot_state: a parcel is left on the table"
    assert not any(state.cubes), "cells: the last survey returns every cube from the region"
    assert not any(any(t) for t in state.tilted), "tilted: the cards are straightened"
    assert state.turn_patron == -1, "turn_patron: no patron once the game is over"


def _check_excavations(state) -> None:
    """Phase 2: the decider is still in the season; what is pending has what it needs."""
    n, p, d = state.game.num_players, state.decider, state.decision
    assert 0 <= p < n, f"decider {p} is not a player"
    assert not state.pass_space[p], f"decider {p} has passed (pass_space) and cannot decide"
    assert actions.ON_TABLE == min(state.slot_state) == max(state.slot_state), (
        f"slot_state {state.slot_state}: every parcel lies on the table (-1) until the survey"
    )
    patron = state.turn_patron
    assert patron < 0 or state.tilted[p][patron] >= 1, (
        f"turn_patron {patron}: player {p} has tilted no card of that patron"
    )
    if d == actions.TURN:
        assert patron == -1, f"turn_patron is {patron}; a turn starts with none (-1)"
    elif d == actions.CHOOSE_AB:
        assert patron in (components.VIOLET, components.LEMON), (
            f"turn_patron is {patron}; A or B follows Lady Violet (0) or Lord Lemon (1)"
        )
        assert state.personal[p] >= 1, f"personal[{p}] is 0: no cube for A or B"
    elif d == actions.BROWN_ROOM:
        assert patron == components.BROWN, f"turn_patron is {patron}; the Museum follows Sir Brown"
        assert state.personal[p] >= 1, f"personal[{p}] is 0: no cube for the Museum"
    elif d == actions.NEUTRAL_ACTION:
        assert n == 2, "decision neutral_action: the neutral plays only with 2 players"
        assert state.neutral_stock[p] >= 1, f"neutral_stock[{p}] is 0: no neutral cube"
    if d == actions.PLACE:
        _check_chain(state)


def _check_chain(state) -> None:
    """The excavation being laid is one of the game's: A (1 cube), B (2, the first next to
    one's own), Mrs. Blackmore (2), Colonel Tangerine (3, next to one's own) or a neutral A
    or B; Lord Lemon allows one cube of his A or B on a pyramid."""
    n, p, owner = state.game.num_players, state.decider, state.chain_owner
    anchor, patron = state.chain_own_anchor, state.turn_patron
    neutral = owner == actions.NEUTRAL
    assert owner == p or (neutral and n == 2), (
        f"chain_owner {owner}: player {p} lays cubes of their own colour or the neutral's"
    )
    if neutral or patron not in (components.BLACKMORE, components.TANGERINE):
        assert patron != components.BROWN or neutral, (
            "turn_patron is Sir Brown, whose action places no cube in the region"
        )
        total = 2 if anchor else 1
    else:
        assert anchor == (patron == components.TANGERINE), (
            f"chain_own_anchor is {anchor}: Colonel Tangerine's chain starts next to one's "
            "own cubes, Mrs. Blackmore's anywhere"
        )
        total = 3 if patron == components.TANGERINE else 2
    assert 1 <= state.chain_left <= total, (
        f"chain_left is {state.chain_left}; this excavation lays {total} cube(s)"
    )
    stock, name = (
        (state.neutral_stock, "neutral_stock") if neutral else (state.personal, "personal")
    )
    assert state.chain_left <= stock[p], (
        f"{name}[{p}] is {stock[p]}: too few cubes for chain_left {state.chain_left}"
    )
    started = state.chain_left < total
    assert (state.chain_last >= 0) == started, (
        f"chain_last is {state.chain_last}: the space of the excavation's previous cube, "
        "-1 before its first"
    )
    assert not started or state.cells[state.chain_last] == owner, (
        f"chain_last {state.chain_last}: the space holds no cube of colour {owner}"
    )
    lemon = patron == components.LEMON and not neutral
    assert lemon or not state.chain_pyramid, (
        "chain_pyramid: only Lord Lemon allows a cube on a pyramid"
    )
    assert started or state.chain_pyramid == lemon, (
        "chain_pyramid: Lord Lemon's pyramid is unused before the first cube"
    )


def _check_survey(state) -> None:
    """Phase 3: the area being surveyed, its ranking and whose choice it is."""
    d, p, a = state.decision, state.decider, state.survey_area
    areas = len(state.slots) // 2
    assert a < areas, f"survey_area is {a}; season {state.season} has {areas} areas"
    assert state.turn_patron == -1, "turn_patron: no patron is appealed to in the survey"
    for s, where in enumerate(state.slot_state):
        assert (where == actions.ON_TABLE) == (s // 2 > a) or s // 2 == a, (
            f"slot_state[{s}] is {where}: the areas before survey_area {a} are closed (no "
            "parcel on the table, -1), the later ones untouched"
        )
    closed = sum(components.AREA_BITS[:a])
    assert not any(c & closed for c in state.cubes), (
        f"cells: an area before survey_area {a} still holds cubes"
    )
    ranked, position, expected = state.ranked, state.rank_pos, state._ranking(a)
    assert ranked == expected, (
        f"ranked is {ranked}; the cubes in area {a} and the passing order rank {expected}"
    )
    assert position < len(ranked), f"rank_pos is {position}; {len(ranked)} owner(s) ranked"
    left = state._area_slots_left()
    assert left, f"slot_state: area {a} has no parcel left to choose"
    chosen = ranked[:position]
    for s in (2 * a, 2 * a + 1):
        where = state.slot_state[s]
        assert where in (actions.ON_TABLE, actions.REMOVED) or where in chosen, (
            f"slot_state[{s}]: player {where} took it before their turn in ranked"
        )
        assert where != actions.REMOVED or actions.NEUTRAL in chosen, (
            f"slot_state[{s}]: only the neutral discards a parcel before the area closes"
        )
    owner = ranked[position]
    if d == actions.NEUTRAL_CARD:
        assert owner == actions.NEUTRAL and position <= 1, (
            f"decision neutral_card, but ranked[{position}] is not a neutral 1st or 2nd"
        )
        assert len(left) == 2, "decision neutral_card: a neutral takes a lone parcel unasked"
        picker = state._neutral_picker(position)
        assert p == picker, f"decider is {p}; player {picker} picks the neutral's card"
    else:
        assert owner == p, f"decider is {p}; ranked[{position}] is player {owner}"
        assert (d == actions.SURVEY_CHOICE) == (position <= 1), (
            f"decision {actions.DECISIONS[d]}: the 1st and 2nd choose (survey_choice), the others "
            "may take a leftover (leftover)"
        )
