"""Medieval Realms: what a player knows (``state.view``), the observation that encodes it, the
seat and spectator renders, and the review findings of issue 13 (card identity in realms,
unclipped counts, bids of any size, the 5-player discard, buffer placements that reveal
nothing)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from digsite.core.fields import removed, replaced
from digsite.games.medieval_realms.actions import (
    ACTIVATE0,
    BID,
    BID0,
    BID_MORE,
    LAND0,
    PASS,
    PLACE,
    SQUARE0,
)
from digsite.games.medieval_realms.components import BID_STEPS, GENERAL, RESOURCES

from .medieval_realms_positions import (
    cards_of,
    give_realm,
    new_state,
    pick_pairs,
    place,
    place_all_default,
    put_on_panel,
    set_resources,
    to_action_phase,
)
from .play import observation, play_random, random_action


def action_state(n: int = 4, seed: int = 0):
    state = new_state(n, seed=seed)
    to_action_phase(state)
    return state


def observations(state) -> list[bytes]:
    return [observation(state, q).tobytes() for q in range(state.game.num_players)]


# -- finding 4: every card in every realm is identifiable --------------------------------------
@pytest.mark.parametrize(
    "type_name,shown,a,b",
    [
        ("scientific_development", "resource", "gold", "raw"),  # the resource it produces
        ("scientist", "colour", "blue", "white"),  # the colour a Great Person scores
    ],
)
def test_realm_cards_of_one_type_are_told_apart(type_name, shown, a, b):
    base = action_state(seed=30)
    p = base.decider
    one, other = base.clone(), base.clone()
    give_realm(one, p, cards_of(one, type_name, **{shown: a})[0])
    give_realm(other, p, cards_of(other, type_name, **{shown: b})[0])
    names = [name for name in one.view(p)["seats"][p]["realm"]]
    assert len(names) == 1 and a in names[0]
    for q in range(4):
        assert one.view(q) != other.view(q)
        assert observation(one, q).tobytes() != observation(other, q).tobytes()


def test_island_conditions_are_told_apart():
    base = action_state(seed=31)
    p = base.decider
    islands = cards_of(base, "island")
    one, other = base.clone(), base.clone()
    give_realm(one, p, islands[0])
    give_realm(other, p, islands[1])
    assert one.view(p)["seats"][p]["realm"] != other.view(p)["seats"][p]["realm"]
    assert "if " in one.view(p)["seats"][p]["realm"][0]  # the condition is in the name
    for q in range(4):
        assert observation(one, q).tobytes() != observation(other, q).tobytes()


def test_cards_showing_the_same_are_the_same_to_players():
    """No card id shows: two Castles swapped between a realm and the deck change nothing a
    player can see (views, observations, action texts)."""
    base = action_state(seed=32)
    p = base.decider
    castles = [c for c in cards_of(base, "castle") if c in base.deck]
    one, other = base.clone(), base.clone()
    give_realm(one, p, castles[0])
    give_realm(other, p, castles[1])
    for q in range(4):
        assert one.view(q) == other.view(q)
        assert observation(one, q).tobytes() == observation(other, q).tobytes()
    texts = [one.action_to_string(a) for a in one.legal_actions()]
    assert texts == [other.action_to_string(a) for a in other.legal_actions()]
    assert not any("#" in text for text in texts)


def test_discard_pile_is_in_the_view_and_the_observation():
    base = action_state(seed=33)
    one, other = base.clone(), base.clone()
    wars = [c for c in cards_of(base, "war") if c in base.deck]
    markets = [c for c in cards_of(base, "market") if c in base.deck]
    for state, card in ((one, wars[0]), (other, markets[0])):
        state.put("deck", removed(state.deck, card))
        state.put("discard", (*state.discard, card))
        state.check_invariants()
    assert one.view(0)["discard"] != other.view(0)["discard"]
    assert observations(one) != observations(other)


# -- finding 5: no reachable count saturates --------------------------------------------------
def test_large_resource_and_vp_counts_are_never_clipped():
    base = action_state(seed=34)
    p = base.decider
    seen = set()
    others = sum(base.res[p]) - base.res[p][RESOURCES.index("gold")]
    for amount in (19, 20, 21, 40, 75, base.game.max_tokens - others):
        state = base.clone()
        set_resources(state, p, gold=amount)
        state.check_invariants()
        obs = observation(state, p)
        assert obs.min() >= 0.0 and obs.max() <= 1.0
        seen.add(obs.tobytes())
    assert len(seen) == 6
    vps = set()
    for vp in (99, 100, 101, 150):
        state = base.clone()
        state.put("vp", replaced(state.vp, p, vp))
        vps.add(observation(state, p).tobytes())
    assert len(vps) == 4


def test_the_bounds_are_true_bounds():
    """The data bounds hold in heuristic games (the invariants check them after each move);
    a position beyond them is not a position of the game."""
    from digsite.games.medieval_realms.heuristic import MedievalRealmsHeuristic

    agent = MedievalRealmsHeuristic()
    for n in (2, 5):
        state = new_state(n, seed=35)
        while not state.is_terminal():
            state.apply_action(agent.act_in(state, state.current_player()))
            state.check_invariants()
    state = action_state(seed=36)
    set_resources(state, 0, gold=state.game.max_tokens + 1)
    with pytest.raises(AssertionError, match="too many tokens"):
        state.check_invariants()


# -- finding 6: every legal bid is reachable --------------------------------------------------
def reachable_bids(state) -> set[int]:
    """Every bid the bidder to move can name, through any run of actions."""
    bidder = state.decider
    found = set()
    for action in state.legal_actions():
        if action == PASS:
            continue
        after = state.clone()
        after.apply_action(action)
        if action == BID_MORE:
            assert after.decider == bidder and after.decision == BID
            found |= reachable_bids(after)
        else:
            found.add(after.auction[1])
    return found


def open_auction(holding: int, seed: int = 37):
    state = action_state(n=3, seed=seed)
    p = state.decider
    put_on_panel(state, 0, cards_of(state, "territory", resource="gold")[0])
    set_resources(state, p, battle=holding)
    state.apply_action(ACTIVATE0)
    assert state.decision == BID and state.decider == p
    return state


@pytest.mark.parametrize("holding", [1, 9, 10, 11, 30, 31, 47])
def test_every_bid_up_to_the_holding_is_reachable(holding):
    state = open_auction(holding)
    assert reachable_bids(state) == set(range(1, holding + 1))


def test_a_raise_of_any_size_and_its_text():
    state = open_auction(5)
    state.apply_action(BID0 + 1)  # 2
    q = state.decider
    set_resources(state, q, battle=47)
    assert reachable_bids(state) == set(range(3, 48))
    for _ in range(4):
        state.apply_action(BID_MORE)
    assert state.raising == 4 * BID_STEPS and state.decider == q
    assert not state.legal_action_mask()[PASS], "committed tokens are a raise"
    assert not state.legal_action_mask()[BID_MORE]  # 43 + 10 > 47
    assert state.action_to_string(BID0 + 4) == "bid 47"
    view = state.view(0)["auction"]
    assert view["committed"] == 40 and view["bid"] == 2
    saved = state.game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert saved.raising == 40 and saved.to_dict() == state.to_dict()
    state.apply_action(BID0 + 4)
    assert state.auction[1] == 47 and state.auction[2] == q and state.raising == 0


# -- finding 7: five players discard square 1 -------------------------------------------------
def test_five_players_discard_the_card_on_square_one():
    state = action_state(n=5, seed=38)
    first, second = state.panel[0], state.panel[1]
    while state.decision != PLACE:
        state.apply_action(PASS)
    assert first in state.discard and first not in state.panel
    assert state.panel[0] == second  # the rest slid down one square
    assert state.view(0)["discard"] == [state.game.card_names[first]]


# -- finding 8: the number of decisions reveals nothing hidden --------------------------------
def test_two_players_buffer_placements_are_asked_even_with_no_free_land():
    """Two games differing only in hidden placements (the first placer's army on every land,
    or stacked on one) give the same players to move, step by step, and the same step count."""
    from digsite import medieval_realms_v1

    spread = [SQUARE0] * 4 + [LAND0 + land for land in range(8)] + [PASS, PASS]
    stacked = [SQUARE0] * 4 + [LAND0] * 8 + [LAND0 + 1] * 2
    runs = []
    for plan in (spread, stacked):
        env = medieval_realms_v1.raw_env(num_players=2)
        env.reset(seed=39)
        state = env.unwrapped.game_state
        for p in range(2):  # 4 Generals, 4 Admirals: enough for all 8 lands
            state.put("leaders", replaced(state.leaders, p, (6, 4, 4)))
        while state.decision != PLACE:
            env.step(int(np.flatnonzero(state.legal_action_mask())[0]))
        first = state.decider
        movers = []
        while state.decision == PLACE:
            if state.decider == first:
                action = plan.pop(0)
            else:
                action = int(np.flatnonzero(state.legal_action_mask())[0])
            movers.append(env.agent_selection)
            env.step(action)
        assert not plan and state.revealed
        runs.append((movers, env.num_steps))
    assert runs[0] == runs[1]


def test_a_buffer_with_no_free_land_has_only_the_off_map_action():
    state = new_state(2, seed=40)
    for p in range(2):
        state.put("leaders", replaced(state.leaders, p, (6, 4, 4)))
    pick_pairs(state)
    p = state.decider
    place(state, p, squares=[1] * 4, generals=[1, 2, 3, 4], admirals=[5, 6, 7, 8])
    assert state.decision == PLACE and state.decider == p and state.place_kind == 3
    assert state.legal_actions() == [PASS]
    assert "off the map" in state.action_to_string(PASS)
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert state.placed[p] and sum(state.buffers_on[p]) == 0
    state.check_invariants()


# -- the view and the renders -----------------------------------------------------------------
def test_view_is_plain_canonical_data_naming_seats_absolutely():
    state = new_state(3, seed=41)
    play_random(state, np.random.default_rng(0), max_steps=150)
    for q in range(3):
        view = state.view(q)
        assert view["player"] == q
        assert json.loads(json.dumps(view)) == view
        assert [s["seat"] for s in view["seats"]] == [0, 1, 2]
        assert state.clone().view(q) == view


LOOK_CHANCE = 0.3
CHECK_CHANCE = 0.1


@pytest.mark.parametrize("n", [2, 5])
def test_the_kept_public_part_follows_every_write(n):
    """Each player's kept observation, its public part rewritten only where the fields written
    since its last call are read, equals a copy's written whole (a copy keeps nothing): players
    observe now and then, others in between, through placements, bids and round ends."""
    state = new_state(n, seed=50 + n)
    rng = np.random.default_rng(n)
    while not state.is_terminal():
        if rng.random() < LOOK_CHANCE:
            observation(state, int(rng.integers(n)))
        if rng.random() < CHECK_CHANCE:
            for p in rng.permutation(n):
                assert observation(state, p).tobytes() == observation(state.clone(), p).tobytes()
        state.apply_action(random_action(state.legal_action_mask(), rng))
    for p in range(n):
        assert observation(state, p).tobytes() == observation(state.clone(), p).tobytes()


def test_others_placements_are_hidden_until_the_walls_come_down():
    state = new_state(4, seed=42)
    pick_pairs(state)
    placer = state.decider
    place(state, placer, squares=[6, 6, 6, 6], generals=[7], admirals=[8])
    for q in range(4):
        view = state.view(q)
        shown = view["seats"][placer]["placement"]
        assert (shown is not None) == (q == placer)
        assert view["placing"]["seat"] == state.decider
        assert (view["placing"]["lowest_spot"] is None) == (q != state.decider)
        text = state.render(q)
        assert ("mayors on squares [0, 0, 0, 0, 0, 4]" in text) == (q == placer)
    place_all_default(state)
    for q in range(4):
        placement = state.view(q)["seats"][placer]["placement"]
        assert placement["mayors_on_squares"] == [0, 0, 0, 0, 0, 4]
        assert placement["generals_on_lands"][6] == 1


def test_seat_render_is_drawn_from_the_view_and_the_spectator_says_it_sees_all():
    state = action_state(n=4, seed=43)
    p = state.decider
    assert state.render(p) == state.game.render_view(state.view(p))
    assert "seen by player" in state.render(p).splitlines()[0]
    first = state.render().splitlines()[0]
    assert "spectator" in first and "hidden information" in first
    assert "deck (" in state.render() and "order unknown" in state.render(p)


def test_pending_raise_and_actor_are_shown():
    state = open_auction(25, seed=44)
    activator = state.decider
    state.apply_action(BID0)  # 1
    bidder = state.decider
    for q in range(3):
        view = state.view(q)
        assert view["actor"] == activator and view["to_move"] == bidder
        assert view["auction"]["high_bidder"] == activator
    set_resources(state, bidder, battle=30)
    before = observations(state)
    state.apply_action(BID_MORE)
    assert observations(state) != before  # every player sees the tokens committed
    assert state.view(activator)["auction"]["committed"] == BID_STEPS


def test_generals_count_shows_in_the_view():
    state = action_state(seed=45)
    assert state.view(0)["seats"][1]["leaders"]["general"] == state.leaders[1][GENERAL]
    assert list(state.view(0)["seats"][1]["resources"]) == list(RESOURCES)


# -- the observation holds the whole view: a decoder rebuilds it -------------------------------
def decode_view(game, player: int, obs: np.ndarray) -> dict:
    """The view of ``player`` read back from its observation alone: equal to ``state.view``
    on every sampled state, which proves the observation complete (nothing of the view lost,
    no count clipped)."""
    from digsite.games.medieval_realms.actions import DECISIONS, PAIRS, PLACE_KINDS
    from digsite.games.medieval_realms.components import LEADERS
    from digsite.games.medieval_realms.observation import SEAT_FIELDS

    t = game.tables
    n = game.num_players
    piece = t.layout.unpack(obs)
    face_of_row = {t.card_rows[c].tobytes(): game.card_names[c] for c in game.face_cards}
    code = {float(v): k for k, v in enumerate(t.count_code)}
    at = {}
    offset = 0
    for name, size in SEAT_FIELDS:
        at[name] = slice(offset, offset + size)
        offset += size

    def seat(k: int) -> int:
        return (player + k) % n

    def one_hot(row) -> int | None:
        hits = np.flatnonzero(row)
        assert len(hits) <= 1
        return int(hits[0]) if len(hits) else None

    def card(row) -> str | None:
        return face_of_row[row.tobytes()] if row.any() else None

    def multiset(row) -> list[str]:
        counts = np.rint(row * np.array(game.face_copies)).astype(int)
        return [game.face_names[f] for f, k in enumerate(counts) for _ in range(k)]

    decision = DECISIONS[one_hot(piece["decision"])]
    relative = one_hot(piece["decider"])
    to_move = None if relative is None else seat(relative)
    actor = one_hot(piece["actor"])
    revealed = decision not in ("pick_pair", "place")
    seats = []
    positions = {}
    for k in range(n):
        q = seat(k)
        row = piece["seats"][k]
        positions[one_hot(row[at["position"]])] = q
        pair = one_hot(piece["pairs"][k])
        hand = [card(r) for r in piece["hands"][k] if r.any()]
        placement = None
        if revealed or q == player:
            spots = np.rint(piece["placement"][k] / t.placement_scale).astype(int).tolist()
            lands = game.num_lands
            placement = {
                "mayors_on_squares": spots[:6],
                "generals_on_lands": spots[6 : 6 + lands],
                "admirals_on_lands": spots[16 : 16 + lands],
            }
            buffers = round(float(row[at["buffers"]][0]) / t.buffer_scale)
            if buffers:
                placement["buffers_on_lands"] = spots[26 : 26 + lands]
        leaders = np.rint(row[at["leaders"]] / t.leader_scale).astype(int).tolist()
        seats.append(
            {
                "seat": q,
                "resources": {
                    r: code[float(v)] for r, v in zip(RESOURCES, row[at["resources"]], strict=True)
                },
                "vp": code[float(row[at["vp"]][0])],
                "end_of_game_vp": dict(
                    zip(
                        ("cards", "resources", "great_persons"),
                        [code[float(v)] for v in row[at["final"]]],
                        strict=True,
                    )
                ),
                "leaders": dict(zip(LEADERS, leaders, strict=True)),
                "buffer_mayors": round(float(row[at["buffers"]][0]) / t.buffer_scale),
                "extra_tokens": None if pair is None else [RESOURCES[r] for r in PAIRS[pair]],
                "passed": bool(row[at["passed"]][0]),
                "placed": bool(row[at["placed"]][0]) if decision == "place" else None,
                "turn_position": one_hot(row[at["position"]]),
                "vp_track_tokens_owed": code[float(row[at["owed"]][0])],
                "hand": hand,
                "realm": multiset(piece["realms"][k]),
                "placement": placement,
            }
        )
    seats.sort(key=lambda s: s["seat"])
    placing = None
    if decision == "place":
        row = piece["placing"]
        kinds = len(PLACE_KINDS)
        placing = {
            "seat": to_move,
            "leader": PLACE_KINDS[one_hot(row[:kinds])],
            "left": round(float(row[kinds]) / t.left_scale),
            "lowest_spot": one_hot(row[kinds + 1 :]) if to_move == player else None,
        }
    auction = None
    row = piece["auction"]
    if decision == "bid":
        high = one_hot(row[1:6])
        auction = {
            "card": card(piece["pending_card"]),
            "bid": code[float(row[0])],
            "high_bidder": None if high is None else seat(high),
            "out": sorted(seat(k) for k in np.flatnonzero(row[6:11])),
            "committed": code[float(row[11])],
        }
    return {
        "player": player,
        "round": one_hot(piece["round"]) + 1,
        "decision": decision,
        "to_move": to_move,
        "actor": None if actor is None else seat(actor),
        "revealed": revealed,
        "turn_order": [positions[i] for i in range(n)],
        "current_events": [card(r) for r in piece["panel"]],
        "future_events": [card(r) for r in piece["future"]],
        "deck_size": round(float(piece["deck_size"][0]) * len(game.cards)),
        "discard": multiset(piece["discard"]),
        "seats": seats,
        "placing": placing,
        "auction": auction,
        "token_choice": card(piece["pending_card"]) if decision == "token_choice" else None,
    }


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_observation_decodes_back_to_the_view(n):
    from digsite.core.views import sample_states
    from digsite.games.medieval_realms.heuristic import MedievalRealmsHeuristic
    from digsite.games.medieval_realms.rules import MedievalRealmsGame

    game = MedievalRealmsGame(num_players=n)
    agents = [MedievalRealmsHeuristic()]
    for state in sample_states(game, np.random.default_rng(46), 1500, agents):
        for q in range(n):
            assert decode_view(game, q, observation(state, q)) == state.view(q)


def test_the_move_text_check_catches_a_secret_placement_told_by_name(monkeypatch):
    """``move_text_leak`` (the conformance suite's check) finds a placement behind the wall
    told to the others by its square, in a game that did not declare it secret."""
    from digsite.core.views import move_text_leak
    from digsite.envs.registry import make_game
    from digsite.games.medieval_realms.actions import PLACE
    from digsite.games.medieval_realms.rules import MedievalRealmsState

    state = make_game("medieval_realms", num_players=3).new_initial_state(np.random.default_rng(0))
    rng = np.random.default_rng(0)
    while state.decision != PLACE:
        state.apply_action(int(rng.choice(state.legal_actions())))
    observer = (state.decider + 1) % 3
    other = state.resample_hidden(observer, rng)
    assert move_text_leak(state, other, observer) is None
    monkeypatch.setattr(
        MedievalRealmsState, "action_seen_by", lambda s, a, p: s.action_to_string(a)
    )
    leak = move_text_leak(state, other, observer)
    assert leak is not None and "a secret move is told" in leak
