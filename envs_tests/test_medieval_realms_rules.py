"""Medieval Realms rules that are easy to get wrong, one test each, plus data files, hidden
information and the secret placement."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest

from digsite.core.engine import ConfigError
from digsite.core.fields import added, added_in, replaced, replaced_in
from digsite.games.medieval_realms.actions import (
    ACTION,
    ACTIVATE0,
    BID,
    BID0,
    BONUS,
    GAME_OVER,
    LAND0,
    PASS,
    PLACE,
    PLAY0,
    RESOURCE0,
    SQUARE0,
    TOKEN_CHOICE,
)
from digsite.games.medieval_realms.components import (
    ADMIRAL,
    GENERAL,
    MAYOR,
    DataFileError,
    load_board,
    load_card_types,
    load_deck,
)
from digsite.games.medieval_realms.observation import SEAT_FIELDS
from digsite.games.medieval_realms.rules import MedievalRealmsGame

from .medieval_realms_positions import (
    cards_of,
    give_hand,
    give_realm,
    new_state,
    pick_pairs,
    place,
    place_all_default,
    put_on_panel,
    res,
    set_resources,
    take_card,
    to_action_phase,
)
from .play import observation, play_random

SEAT_FIELDS_AT = [
    (name, sum(size for _, size in SEAT_FIELDS[:i])) for i, (name, _) in enumerate(SEAT_FIELDS)
]
"""Offset of each feature in a seat row."""


def bid_action(state, amount: int) -> int:
    """The action that bids ``amount`` (within ten of the lowest legal bid)."""
    return BID0 + amount - state.lowest_bid()


def action_state(n=4, seed=0):
    state = new_state(n, seed=seed)
    to_action_phase(state)
    return state


# -- starting position ----------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_set_up(n):
    state = new_state(n, seed=n)
    assert sum(c >= 0 for c in state.panel) == 12 and sum(c >= 0 for c in state.future) == 6
    assert len(state.deck) == len(state.game.cards) - 18
    mayors = 6 if n == 2 else 4
    for p in range(n):
        assert state.leaders[p] == (mayors, 1, 1)
        assert state.buffers[p] == (2 if n == 2 else 0)
        assert state.res[p] == tuple(state.game.board.start[n])
    assert sorted(state.turn_order) == list(range(n))
    assert state.decider == state.turn_order[-1], "extra tokens are picked in reverse order"


# -- placement ------------------------------------------------------------------------------
def test_lands_nine_and_ten_only_with_five_players():
    for n, lands in ((4, 8), (5, 10)):
        state = new_state(n, seed=1)
        pick_pairs(state)
        p = state.decider
        for _ in range(4):
            state.apply_action(SQUARE0)
        assert state.place_kind == 1  # the General
        mask = state.legal_action_mask()
        assert [int(mask[LAND0 + i]) for i in range(10)] == [1] * lands + [0] * (10 - lands)
        assert state.decider == p


def test_buffers_avoid_own_military_lands():
    state = new_state(2, seed=2)
    pick_pairs(state)
    p = state.decider
    place(state, p, squares=[1, 1, 1, 1], generals=[2], admirals=[3])
    mask = state.legal_action_mask()
    assert [int(mask[LAND0 + i]) for i in range(8)] == [1, 0, 0, 1, 1, 1, 1, 1]
    state.apply_action(LAND0 + 0)
    state.apply_action(LAND0 + 0)  # both buffers on land 1: allowed
    assert state.buffers_on[p][0] == 2 and state.placed[p]


def test_a_buffer_with_every_land_held_by_ones_army_goes_off_the_map():
    """With Generals and Admirals on all 8 lands, a buffer has no land left: its one action is
    to pass (off the map), which the heuristic plays too (it once looked for the best of no
    lands and failed)."""
    from digsite.games.medieval_realms.heuristic import MedievalRealmsHeuristic

    state = new_state(2, seed=2)
    pick_pairs(state)
    p = state.decider
    kinds = state.game.card_leader
    army = [c for c in state.deck if kinds[c] in (GENERAL, ADMIRAL)][:6]
    for card in army:  # 1 + 1 at the start, 6 more won: 8 military leaders
        give_realm(state, p, card)
        state.put("leaders", added_in(state.leaders, p, kinds[card], 1))
    mayors, generals, admirals = state.leaders[p]
    place(
        state,
        p,
        squares=[1] * (mayors - state.buffers[p]),
        generals=range(1, generals + 1),
        admirals=range(generals + 1, 9),
    )
    assert state.legal_actions() == [PASS]
    state.check_invariants()
    assert MedievalRealmsHeuristic().act_in(state, p) == PASS
    state.apply_action(PASS)
    assert not any(state.buffers_on[p])


def test_a_lone_buffer_wins_nothing_and_blocks():
    state = new_state(2, seed=3)
    pick_pairs(state)
    a = state.decider
    b = 1 - a
    before = list(state.res[b])
    place(state, a, squares=[1] * 4, generals=[5], admirals=[5], buffers=[7, 8])
    place(state, b, squares=[1] * 4, generals=[5], admirals=[6], buffers=[7, 7])
    assert state.land_winner(4) == a  # 3 against 2
    assert state.land_winner(5) == b  # Admiral alone
    assert state.land_winner(6) == -1  # 4 (two buffers) against 2: the buffers win nothing
    assert state.land_winner(7) == -1  # a buffer alone
    reward = state.game.board.lands[5]
    goods = [0] * 7
    goods[res("goods")] = 4 + 2
    assert [x - y for x, y in zip(state.res[b], before, strict=True)] == [
        g + r for g, r in zip(goods, reward, strict=True)
    ]


def test_production_cards_and_extra_goods():
    state = new_state(3, seed=4)
    pick_pairs(state)
    p = state.turn_order[0]
    give_realm(state, p, cards_of(state, "castle")[0])
    scidev = cards_of(state, "scientific_development", resource="gold")[0]
    give_realm(state, p, scidev)
    state.bonus_tokens[p] = state.vp[p] // 5
    before = list(state.res[p])
    place(state, p, squares=[1, 3, 3, 6], generals=[1], admirals=[1])
    place_all_default(state)
    gain = [x - y for x, y in zip(state.res[p], before, strict=True)]
    expected = [0] * 7
    expected[res("goods")] = 1 + 2
    expected[res("culture")] = 2
    expected[res("raw")] = 1
    expected[res("battle")] = 1  # Castle
    expected[res("gold")] = 4  # Scientific Development: 1 per Mayor
    assert gain == expected  # land 1 is tied by every player


def test_placement_is_secret_until_the_walls_come_down():
    state = new_state(4, seed=5)
    pick_pairs(state)
    first = state.decider
    others = [p for p in range(4) if p != first]
    views = {p: observation(state, p).tobytes() for p in others}
    place(state, first, squares=[6, 6, 6, 6], generals=[7], admirals=[8])
    second = state.decider
    for p in others:
        if p != second:
            # only the decider piece may change for the others: compare the placement pieces
            now = observation(state, p)
            then = np.frombuffer(views[p], dtype=np.float32)
            piece = state.game.layout["placement"]
            assert np.array_equal(now[piece], then[piece])
    own = observation(state, first)[state.game.layout["placement"]].reshape(5, -1)
    assert own[0].sum() > 0, "a player sees its own placement"
    place_all_default(state)
    assert state.revealed
    seen = observation(state, second)[state.game.layout["placement"]].reshape(5, -1)
    relative = (first - second) % 4
    most = state.game.max_leaders[MAYOR]
    assert seen[relative][5] == pytest.approx(4 / most)  # four Mayors on square 6, now visible


def test_resample_redraws_committed_placements_only():
    state = new_state(4, seed=6)
    pick_pairs(state)
    first = state.decider
    place(state, first, squares=[6, 6, 6, 6], generals=[7], admirals=[8])
    second = state.decider
    state.apply_action(SQUARE0 + 2)  # the second player is half-way
    rng = np.random.default_rng(0)
    changed = False
    for _ in range(20):
        other = state.resample_hidden(second, rng)
        assert other.squares[second] == state.squares[second]
        assert sum(other.squares[first]) == 4 and sum(other.generals_on[first]) == 1
        changed |= other.squares[first] != state.squares[first]
        other.check_invariants()
        mine = state.resample_hidden(first, rng)
        assert mine.squares[first] == state.squares[first]
        assert mine.squares[second] == state.squares[second], "the mover's placement is kept"
    assert changed


# -- activating cards -----------------------------------------------------------------------
def test_hole_prices_by_row():
    state = action_state(seed=7)
    p = state.decider
    for slot, price in ((0, 1), (4, 2), (8, 3), (11, 3)):
        state2 = state.clone()
        card = cards_of(state2, "market")[0]
        put_on_panel(state2, slot, card)
        set_resources(state2, p, goods=price)
        state2.apply_action(ACTIVATE0 + slot)
        assert state2.res[p][res("goods")] == 0 and card in state2.hand[p]
        state3 = state.clone()
        put_on_panel(state3, slot, card)
        set_resources(state3, p, goods=price - 1)
        assert not state3.legal_action_mask()[ACTIVATE0 + slot]


def _majority_setup(culture: list[int], seed=8):
    state = action_state(seed=seed)
    card = cards_of(state, "art_gallery")[0]
    put_on_panel(state, 0, card)
    for q, k in enumerate(culture):
        set_resources(state, q, culture=k, goods=5)
    return state, card


def test_majority_goes_to_the_most_resources_and_the_activator_pays():
    state, card = _majority_setup([1, 2, 7, 3])
    p = state.decider
    state.apply_action(ACTIVATE0)
    assert card in state.hand[2]
    assert state.res[p][res("goods")] == 4
    assert state.res[2][res("goods")] == 5 or p == 2


def test_majority_skips_a_blocked_player():
    state, card = _majority_setup([1, 2, 7, 3])
    give_hand(state, 2, cards_of(state, "artist")[0])  # violet, like the Art Gallery
    state.apply_action(ACTIVATE0)
    assert card in state.hand[3], "the next-highest takes it"


def test_majority_tie_goes_to_the_activator_then_turn_order():
    state, card = _majority_setup([4, 4, 4, 4])
    p = state.decider
    state.apply_action(ACTIVATE0)
    assert card in state.hand[p]
    state, card = _majority_setup([4, 4, 4, 4])
    p = state.decider
    set_resources(state, p, culture=0)
    state.apply_action(ACTIVATE0)
    assert card in state.hand[state.turn_order[1]]
    # activator tied but blocked: the tied player first along the turn order
    state, card = _majority_setup([4, 4, 4, 4])
    p = state.decider
    give_hand(state, p, cards_of(state, "artist")[0])
    state.apply_action(ACTIVATE0)
    assert card in state.hand[state.turn_order[1]]


def test_majority_nobody_can_take_it_is_discarded():
    state, card = _majority_setup([4, 4, 4, 4])
    artists = cards_of(state, "artist") + cards_of(state, "scientist", colour="violet")
    galleries = [c for c in cards_of(state, "art_gallery") if c != card]
    for q, extra in zip(range(4), artists[:3] + galleries[:1], strict=True):
        give_hand(state, q, extra)
    state.apply_action(ACTIVATE0)
    assert card in state.discard


def test_playing_cards_from_hand_pays_costs():
    state = action_state(seed=9)
    p = state.decider
    war = cards_of(state, "war")[0]
    give_hand(state, p, war)
    set_resources(state, p, battle=5)
    assert not state.legal_action_mask()[PLAY0]  # 6 Battle points with 4 players
    set_resources(state, p, battle=6)
    state.apply_action(PLAY0)
    assert state.res[p][res("battle")] == 0 and war in state.realm[p] and state.vp[p] == 6
    assert state.decision == BONUS and state.decider == p  # 6 VP passes 5


@pytest.mark.parametrize("n,cost", [(2, 7), (3, 7), (4, 6), (5, 5)])
def test_war_cost_by_player_count(n, cost):
    state = new_state(n)
    war = cards_of(state, "war")[0]
    assert state.game.card_cost[war] == (res("battle"), cost)


def test_islands_need_one_more_admiral_each():
    state = action_state(seed=10)
    p = state.decider
    islands = cards_of(state, "island")
    give_realm(state, p, islands[0])
    give_hand(state, p, islands[1])
    assert state.leaders[p][ADMIRAL] == 1
    assert not state.legal_action_mask()[PLAY0], "a second Island needs 2 Admirals"
    state.put("leaders", replaced_in(state.leaders, p, ADMIRAL, 2))
    state._mask = None
    state.apply_action(PLAY0)
    assert state.leaders[p][ADMIRAL] == 2, "Admirals are a requirement, not spent"


def test_vp_track_bonus_tokens():
    state = action_state(seed=11)
    p = state.decider
    state.put("vp", replaced(state.vp, p, 4))
    state.bonus_tokens[p] = 0
    gallery = cards_of(state, "art_gallery")[0]  # 5 VP: 4 -> 9 passes 5 once
    give_hand(state, p, gallery)
    set_resources(state, p, culture=5)
    state.put("vp", replaced(state.vp, p, 4))  # (give_hand does not score)
    state.city_vp[p] = 4  # keep the VP bookkeeping consistent for the check
    state.apply_action(PLAY0)
    assert state.decision == BONUS and state.decider == p
    before = state.res[p][res("gold")]
    state.apply_action(RESOURCE0 + res("gold"))
    assert state.res[p][res("gold")] == before + 1
    assert state.decision == ACTION
    state.check_invariants()
    # two multiples at once: 9 + 6 = 15 passes 10 and 15
    war = cards_of(state, "war")[0]
    give_hand(state, p, war)
    set_resources(state, p, battle=6)
    while state.decider != p:
        state.apply_action(
            PASS if state.decision == ACTION else int(np.flatnonzero(state.legal_action_mask())[0])
        )
    state.apply_action(PLAY0 + state.hand[p].index(war))
    assert state.bonus_queue == (p, p)


def test_end_of_game_points_give_no_track_tokens():
    state = action_state(seed=12)
    p = 0
    for card in cards_of(state, "castle")[:3]:
        give_realm(state, p, card)
    state._final_scoring()
    assert state.final[p][0] == 3 * (2 + 1)  # each Castle: General 2 + Admiral 1
    assert state.bonus_queue == ()
    state.check_invariants()


def test_city_triggers_and_end_of_game():
    state = action_state(seed=13)
    p = state.decider
    city = cards_of(state, "city", colour="blue", resource="science")[0]
    give_realm(state, p, city)
    uni = cards_of(state, "university")[0]
    give_hand(state, p, uni)
    set_resources(state, p, science=4)
    state.apply_action(PLAY0)
    assert state.res[p][res("science")] == 1  # paid 4, the City gave 1 back
    assert state.vp[p] == 1 and state.city_vp[p] == 1
    assert state.leaders[p][MAYOR] == 5
    assert state.end_of_game_vp(p) == 5  # the City: 1 per Mayor


def test_tithe_choice():
    state = action_state(seed=14)
    p = state.decider
    tithe = cards_of(state, "tithe")[0]
    give_hand(state, p, tithe)
    set_resources(state, p, religion=5)
    state.apply_action(PLAY0)
    assert state.decision == TOKEN_CHOICE and state.decider == p
    options = state.game.cards[tithe].options
    mask = state.legal_action_mask()
    assert [r for r in range(7) if mask[RESOURCE0 + r]] == sorted(options)
    before = state.res[p][options[0]]
    state.apply_action(RESOURCE0 + options[0])
    assert state.res[p][options[0]] == before + 4 and state.vp[p] == 2


def test_bidding_rules():
    state = action_state(n=3, seed=15)
    p = state.decider
    territory = cards_of(state, "territory", resource="gold")[0]
    put_on_panel(state, 0, territory)
    set_resources(state, p, battle=4)
    set_resources(state, (p + 1) % 3, battle=2)
    set_resources(state, (p + 2) % 3, battle=9)
    state.put("passed", replaced(state.passed, (p + 2) % 3, True))  # a passed player may still bid
    state.apply_action(ACTIVATE0)
    state.apply_action(bid_action(state, 2))  # p opens with 2
    assert state.decider == (p + 1) % 3
    assert not state.legal_action_mask()[BID0:].any(), "cannot bid more than one holds"
    state.apply_action(PASS)
    assert state.decider == (p + 2) % 3
    state.apply_action(bid_action(state, 5))
    assert state.decider == p, "the passed bidder is skipped for good"
    mask = state.legal_action_mask()
    assert mask[PASS] and not mask[BID0:].any()  # 6 or more: p holds 4
    state.apply_action(PASS)
    w = (p + 2) % 3
    assert territory in state.realm[w]
    assert state.res[w][res("battle")] == 4
    assert state.decision == ACTION


def test_no_auction_without_the_resource():
    state = action_state(seed=16)
    p = state.decider
    put_on_panel(state, 0, cards_of(state, "territory")[0])
    set_resources(state, p, battle=0)
    assert not state.legal_action_mask()[ACTIVATE0]


@pytest.mark.parametrize("n,drop", [(2, 4), (3, 3), (4, 2), (5, 1)])
def test_end_of_round_panel(n, drop):
    state = action_state(n=n, seed=17)
    panel = list(state.panel)
    future = list(state.future)
    deck_top = state.deck[-6:]
    state.put("panel", replaced(state.panel, 5, -1))  # a card activated this round
    state.put("discard", (*state.discard, panel[5]))
    while state.decision == ACTION:
        state.apply_action(PASS)
    kept = [c for i, c in enumerate(panel) if i >= drop and i != 5]
    assert state.panel == tuple((kept + future)[:12])
    assert set(panel[:drop]) <= set(state.discard)
    refill = (kept + future)[12:] + list(reversed(deck_top))
    assert state.future == tuple(refill[:6])
    assert state.round == 2 and state.decision == PLACE


def test_winner_tie_breaks():
    state = action_state(n=3, seed=18)
    state._final_scoring()
    for p in range(3):
        state.put("vp", replaced(state.vp, p, 0))
        state.put("final", replaced(state.final, p, (10, 0, 0)))
    markets = cards_of(state, "market")
    castles = cards_of(state, "castle")
    for card in markets + castles:
        take_card(state, card)
    # equal VP: more cards in the realm wins
    state.put("realm", replaced(state.realm, 1, (*state.realm[1], markets[0])))
    assert state.winners() == [1]
    state.put("realm", replaced(state.realm, 0, (*state.realm[0], markets[1])))
    state.put("realm", replaced(state.realm, 2, (*state.realm[2], castles[0])))
    # one card each: more Castles wins
    assert state.winners() == [2]
    state.put("realm", replaced_in(state.realm, 2, 0, markets[2]))
    # no Castles: more leaders wins
    state.put("leaders", added_in(state.leaders, 0, GENERAL, 1))
    assert state.winners() == [0]
    state.put("leaders", added_in(state.leaders, 0, GENERAL, -1))
    # all equal: the initial player, then the next along the turn order
    assert state.winners() == [state.turn_order[0]]
    state.put("vp", added(state.vp, state.turn_order[0], -1))
    assert state.winners() == [state.turn_order[1]]


def test_returns_and_scores_at_the_end():
    state = new_state(4, seed=19)
    play_random(state, np.random.default_rng(1))
    assert state.decision == GAME_OVER
    winner = state.winners()[0]
    assert state.returns()[winner] == 1.0 and sum(state.returns()) == -2.0
    for p in range(4):
        assert state.scores()[p] == state.vp[p] + sum(state.final[p])
        assert state.final[p][1] == sum(state.res[p]) // 2


# -- configuration and data -----------------------------------------------------------------
def test_bad_config():
    with pytest.raises(ConfigError, match="num_players must be one of 2, 3, 4, 5"):
        MedievalRealmsGame(num_players=6)
    with pytest.raises(ConfigError, match="options are"):
        MedievalRealmsGame.from_config(players=3)


def test_custom_deck_and_bad_data(tmp_path):
    records = json.loads(json.dumps([c.record for c in load_deck()]))
    game = MedievalRealmsGame(num_players=3, deck=records[:40])
    assert len(game.cards) == 40 and game.config["deck"] == records[:40]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"cards": records}))
    assert len(MedievalRealmsGame(deck=str(path)).cards) == len(records)
    bad = [dict(r) for r in records]
    bad[3]["type"] = "dragon"
    with pytest.raises(DataFileError, match="card #3.*dragon"):
        load_deck(bad)
    bad = [dict(r) for r in records]
    del bad[0]["provenance"]
    with pytest.raises(DataFileError, match="provenance"):
        load_deck(bad)
    with pytest.raises(DataFileError, match="at least 18"):
        load_deck(records[:10])
    tithe = next(dict(r) for r in records if r["type"] == "tithe")
    tithe["options"] = ["religion"]
    with pytest.raises(DataFileError, match=r"card #0 \(id 71\): \['options'\]\[0\]: 'religion'"):
        load_deck([tithe] + records[1:])
    with pytest.raises(DataFileError, match="cannot read"):
        load_deck(str(tmp_path / "missing.json"))


def _shipped(filename: str, key: str) -> list[dict]:
    text = resources.files("digsite.games.medieval_realms").joinpath("data", filename)
    return json.loads(text.read_text(encoding="utf-8"))[key]


def test_bad_board_and_card_types():
    board = _shipped("board.json", "board")
    assert load_board(board).min_bid == 1
    with pytest.raises(DataFileError, match="lands are numbered"):
        load_board([r for r in board if r.get("land") != 3])
    per_count = [r for r in board if r["component"] != "starting_resources"]
    per_count += [
        {
            "component": "starting_resources",
            "players": [2],
            "resources": {"gold": 3},
            "provenance": "reconstructed",
        },
        {
            "component": "starting_resources",
            "players": [3, 4, 5],
            "resources": {"goods": 1},
            "provenance": "reconstructed",
        },
    ]
    game = MedievalRealmsGame(num_players=2, board=per_count)
    state = game.new_initial_state(np.random.default_rng(0))
    assert state.res[0] == (0, 0, 0, 0, 3, 0, 0)
    with pytest.raises(DataFileError, match="each of 2-5"):
        load_board(per_count[:-1])
    too_low = [dict(r) for r in board]
    next(r for r in too_low if r["component"] == "minimum_opening_bid")["amount"] = 0
    with pytest.raises(DataFileError, match=r"\['amount'\]: 0 is less than the minimum of 1"):
        load_board(too_low)
    types = _shipped("card_types.json", "card_types")
    assert len(load_card_types(types)) == 18
    with pytest.raises(DataFileError, match="not described"):
        load_card_types(types[1:])
    types[0]["colour"] = "pink"
    with pytest.raises(DataFileError, match="pink"):
        load_card_types(types)


def test_every_data_record_has_provenance():
    for card in load_deck():
        assert card.record["provenance"] in ("rulebook", "public", "reconstructed")


def test_documentation_page_matches_the_spaces():
    from digsite import medieval_realms_v1
    from digsite.games.medieval_realms.actions import NUM_ACTIONS

    doc = medieval_realms_v1.__doc__
    layout = MedievalRealmsGame(num_players=4).layout
    assert f"Discrete({NUM_ACTIONS})" in doc and f"({layout.size},)" in doc
    for name, shape in layout.shapes.items():
        assert f"{name} " in doc and str(shape).replace(" ", "") in doc.replace(" ", ""), name


def test_heuristic_reads_only_public_information():
    """The heuristic's choice is the same in every determinization of what it cannot see."""
    from digsite.games.medieval_realms.heuristic import MedievalRealmsHeuristic

    agent = MedievalRealmsHeuristic()
    rng = np.random.default_rng(3)
    for seed in range(4):
        state = new_state(4, seed=seed)
        while not state.is_terminal():
            p = state.current_player()
            action = agent.act_in(state, p)
            assert state.legal_action_mask()[action]
            if rng.random() < 0.1:
                assert agent.act_in(state.resample_hidden(p, rng), p) == action
            state.apply_action(action)
        state.check_invariants()


def test_other_players_cannot_tell_two_placements_apart():
    state = new_state(4, seed=20)
    pick_pairs(state)
    placer = state.decider
    a, b = state.clone(), state.clone()
    place(a, placer, squares=[1, 1, 1, 1], generals=[1], admirals=[1])
    place(b, placer, squares=[2, 4, 5, 6], generals=[7], admirals=[8])
    for q in range(4):
        same = observation(a, q).tobytes() == observation(b, q).tobytes()
        assert same == (q != placer)
    place_all_default(a)
    place_all_default(b)
    assert a.revealed and observation(a, 0).tobytes() != observation(b, 0).tobytes()


def test_the_aec_env_hands_each_bid_to_the_bidder():
    """Out-of-turn decisions: during an auction the env selects each bidder in turn, and only
    that agent's mask is non-zero."""
    from digsite import medieval_realms_v1

    env = medieval_realms_v1.env(num_players=4)
    rng = np.random.default_rng(0)
    bids_seen = 0
    for seed in range(5):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            state = env.unwrapped.game_state
            assert agent == f"player_{state.current_player()}"
            if state.decision == BID:
                bids_seen += 1
                for other in env.agents:
                    assert env.observe(other)["action_mask"].any() == (other == agent)
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
    assert bids_seen > 0


def test_seats_show_who_has_placed():
    state = new_state(4, seed=21)
    pick_pairs(state)
    placer = state.decider
    place(state, placer, squares=[1] * 4, generals=[1], admirals=[1])
    for q in range(4):
        seats = state.game.layout.unpack(observation(state, q))["seats"]
        placed_feature = dict(SEAT_FIELDS_AT)["placed"]
        expected = [1.0 if (q + k) % 4 == placer else 0.0 for k in range(4)] + [0.0]
        assert seats[:, placed_feature].tolist() == expected


def test_any_territory_gives_five_of_one_chosen_resource():
    state = action_state(n=3, seed=22)
    p = state.decider
    territory = cards_of(state, "territory", resource="any")[0]
    put_on_panel(state, 0, territory)
    set_resources(state, p, battle=3)
    state.apply_action(ACTIVATE0)
    state.apply_action(BID0)  # 1
    while state.decision == BID:
        state.apply_action(PASS)
    assert territory in state.realm[p]
    assert state.decision == TOKEN_CHOICE and state.decider == p
    assert state.legal_action_mask()[RESOURCE0 : RESOURCE0 + 7].all()
    before = state.res[p][res("religion")]
    state.apply_action(RESOURCE0 + res("religion"))
    assert state.res[p][res("religion")] == before + 5
    assert state.res[p][res("battle")] == 2
    assert state.decision == ACTION
    state.check_invariants()
