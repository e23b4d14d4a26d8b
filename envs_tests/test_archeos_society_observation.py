"""The Archeos Society observation against a plain reference encoder.

The engine's encoder keeps caches and float rows for speed and reads the rules' lists; the
reference below writes every piece of the documented layout from ``state.view(player)`` alone,
one piece at a time, so any cache that goes stale, any rotation that goes wrong, or anything
the observation shows beyond the view shows up as a difference."""

from __future__ import annotations

import numpy as np
import pytest

from digsite.core.fields import replaced, replaced_in
from digsite.games import BUILTIN
from digsite.games.archeos_society.actions import DECISIONS
from digsite.games.archeos_society.components import NUM_COLOURS
from digsite.games.archeos_society.observation import LAYOUT, QUEUE_FEATURES
from digsite.games.archeos_society.view import PHASES, TRAITS

from .archeos_society_positions import new_state
from .play import random_action

CONFIGS = next(e for e in BUILTIN if e.name == "archeos_society").configs()


def counts(kinds: list[int]) -> np.ndarray:
    out = np.zeros(72)
    for k in kinds:
        out[k] += 1
    return out


def reference_observation(game, view: dict) -> np.ndarray:
    n, player = view["num_players"], view["player"]
    scales = game.scales
    obs = np.zeros(LAYOUT.size, dtype=np.float32)
    v = LAYOUT.unpack(obs)
    seats = [(player + s) % n for s in range(n)]  # relative seat -> player
    players = [view["players"][p] for p in seats]
    expedition = view["expedition"]

    hands = v["hands"][6:].reshape(7, 72)
    v["hands"][:n] = [seat["hand_size"] / 10 for seat in players]
    hands[0] = counts(view["hand"]) * scales.card
    for s, seat in enumerate(players):
        hands[1 + s] = counts(seat["known"]) * scales.card
    v["area"][:] = counts(view["area"]) * scales.card
    v["played"][:] = counts(view["played"]) * scales.card
    v["kept"][:] = counts(view["kept"]) * scales.card
    if expedition is not None:
        v["current_expedition"][:] = counts(expedition["cards"]) * scales.card

    tile = view["botanist"]
    for s, (p, seat) in enumerate(zip(seats, players, strict=True)):
        relics = [float(c in seat["relics"]) for c in range(NUM_COLOURS)]
        v["seats"][s] = [
            1.0,
            0.5 + seat["score"] / (2.0 * scales.score),
            seat["linguist"] / scales.linguist,
            *relics,
            sum(seat["professor_tokens"]) / 21,
            float(tile is not None and tile["player"] == p),
            tile["size"] / 10 if tile is not None and tile["player"] == p else 0.0,
        ]
        for target, space in enumerate(seat["vehicles"]):
            v["vehicles"][s, target, space] = 1.0
        grid = np.zeros(20)
        for size, photo in seat["expeditions"]:
            grid[size - 1 + 10 * photo] += 1
        v["expeditions"][s] = grid / scales.expeditions
        for value in seat["professor_tokens"]:
            v["tokens"][value - 1, 1 + s] = 1.0
    for value in range(6):
        if not v["tokens"][value].any():
            v["tokens"][value, 0] = 1.0
    v["roles"][view["roles"]] = 1.0
    for colour, side in enumerate(view["sides"]):
        v["sides"][colour, 2 if side < 0 else side] = 1.0
    v["season"][view["season"] - 1] = 1.0

    v["first_player"][seats.index(view["first_player"])] = 1.0
    if view["monkey_holder"] is not None:
        v["monkey_holder"][seats.index(view["monkey_holder"])] = 1.0
    for q in view["ur_queue"]:
        v["queues"][seats.index(q), 0] = 1.0
    for q, step in view["professor_queue"]:
        v["queues"][seats.index(q), 1 if step > 0 else 2] = 1.0
    assert v["queues"].shape[1] == QUEUE_FEATURES
    v["monkeys"][view["monkeys"]] = 1.0
    v["deck"][:] = [view["deck"] / scales.deck, view["deck_monkey_free"] / scales.deck]
    decision = DECISIONS.index(view["decision"])
    v["decision"][decision] = 1.0
    if view["decider"] is not None:
        v["decider"][seats.index(view["decider"])] = 1.0
    if expedition is not None:
        lead = expedition["leader"]
        v["leader"][lead // NUM_COLOURS] = 1.0
        v["leader"][12 + lead % NUM_COLOURS] = 1.0
        if expedition["trait"] is not None:
            v["trait"][TRAITS.index(expedition["trait"])] = 1.0
        v["context"][:8] = [
            expedition["cap"] / 10,
            expedition["colour_done"],
            expedition["role_done"],
            expedition["cartographer_extra"],
            expedition["linguist_advances"] / scales.artifacts,
            expedition["keep_left"] / 10,
            expedition["patron_draws"] / 10,
            expedition["chichen_itza_draws"] / 10,
        ]
        v["advanced"][expedition["advanced"]] = 1.0
        for i, waiting in enumerate(view["suspended"]):
            v["suspended"][i, waiting["leader"] % NUM_COLOURS] = 1.0
            v["suspended"][i, NUM_COLOURS] = waiting["size"] / 10
    phase = PHASES.index(view["phase"])
    if phase:
        queue = view["professor_queue"]
        step = queue[0][1] if view["decision"] == "professor_move" else 0
        v["context"][8:] = [phase == 1, phase == 2, step > 0, step < 0]
    if view["uluru_vehicle"] is not None:
        v["uluru_vehicle"][view["uluru_vehicle"]] = 1.0
    if view["draft_hand"] is not None:
        v["draft_hand"][view["draft_hand"]] = 1.0
    if view["draft_board"] is not None:
        v["draft_board"][view["draft_board"]] = 1.0
    v["num_players"][n - 2] = 1.0
    return obs


def encoded(state, player: int) -> np.ndarray:
    out = np.full(LAYOUT.size, np.nan, dtype=np.float32)  # every entry must be written
    state.observe(player, out)
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['num_players']}p-{c['setup']}")
def test_encoder_matches_the_reference_over_random_games(config):
    """Every player's view after every action of a random game and a mostly heuristic one
    (which plays role effects, Cartographer chains and Professor moves more), plus clones,
    restored saves and resampled states (whose caches start empty) along the way."""
    from digsite.games.archeos_society.heuristic import ArcheosSocietyHeuristic

    heuristic = ArcheosSocietyHeuristic()
    rng = np.random.default_rng(7)
    compared = 0
    for seed in range(2):
        state = new_state(config["num_players"], config["setup"], seed=seed)
        step = 0
        while True:
            if step % 97 == 50:
                state = state.clone()
            elif step % 97 == 80:
                state = state.game.state_from_dict(state.to_dict())
            states = [state]
            if step % 31 == 5 and not state.is_terminal():
                states.append(state.resample_hidden(state.current_player(), rng))
            for one in states:
                compared += assert_matches_reference(one, f"step {step}")
            if state.is_terminal():
                break
            if seed and rng.random() < 0.8:
                state.apply_action(heuristic.act_in(state, state.current_player()))
            else:
                state.apply_action(random_action(state.legal_action_mask(), rng))
            step += 1
    assert compared > 500


def assert_matches_reference(state, where: str = "") -> int:
    """Every player's observation against the reference; the number compared."""
    for p in range(state.game.num_players):
        expected = reference_observation(state.game, state.view(p))
        got = encoded(state, p)
        assert got.tobytes() == expected.tobytes(), (
            f"{where}, player {p}: pieces differ: "
            f"{[k for k, s in LAYOUT.slices.items() if (got[s] != expected[s]).any()]}"
        )
    return state.game.num_players


# -- what the observation shows that it used to lose ---------------------------------------
def seat_scores(state, player: int = 0) -> np.ndarray:
    return LAYOUT.unpack(encoded(state, player))["seats"][:, 1]


def with_score(state, score: int):
    other = state.clone()
    other.put("score", replaced(other.score, 0, score))
    other.ledger[0][0] = score  # the Botanist line: keeps the invariants
    other.check_invariants()
    return other


def test_negative_and_large_scores_stay_distinct():
    """A score of -2 used to show as 0 and every score above 150 as 150 (issue 16)."""
    state = new_state(4, "tantallon_castle")
    bound = int(state.game.scales.score)
    values = [-bound, -2, 0, 2, 150, 151, 300, bound]
    shown = [float(seat_scores(with_score(state, v))[0]) for v in values]
    assert shown == sorted(shown) and len(set(shown)) == len(values)
    assert shown[0] >= 0.0 and shown[-1] <= 1.0
    assert shown[values.index(0)] == 0.5


def test_score_bound_holds_with_room_over_long_random_games():
    """The score's scale is a true bound (checked by the invariants every step) and far above
    what play reaches."""
    rng = np.random.default_rng(3)
    for setup in ("uluru", "tantallon_castle"):
        state = new_state(6, setup, seed=3)
        while not state.is_terminal():
            state.apply_action(random_action(state.legal_action_mask(), rng))
        state.check_invariants()
        assert max(abs(s) for s in state.score) < state.game.scales.score / 4


def test_the_physician_choice_stays_visible_to_its_player_only():
    """Kept cards were shown only while the choice went on, not once it was over."""
    from digsite.games.archeos_society.actions import EFFECTS, KEEP, USE_ROLE

    from .archeos_society_positions import arrange, card, cards, play_expedition

    state = new_state(2, "tantallon_castle")
    hand = cards("red physician", "red guide", "blue guide", "green guide", "yellow professor")
    arrange(state, hands={0: hand, 1: cards("red curator")})
    play_expedition(state, hand[0], "colour", [hand[1]])
    state.apply_action(USE_ROLE)
    assert state.decision == KEEP
    one, other = state.clone(), state.clone()
    one.apply_action(card("blue guide"))
    one.apply_action(card("green guide"))
    other.apply_action(card("blue guide"))
    other.apply_action(card("yellow professor"))
    assert one.decision == other.decision == EFFECTS and one.keep_left == 0
    assert one.view(0)["kept"] == sorted(cards("blue guide", "green guide"))
    assert encoded(one, 0).tobytes() != encoded(other, 0).tobytes()
    assert one.view(1) == other.view(1)
    assert one.view(1)["kept"] == []
    assert encoded(one, 1).tobytes() == encoded(other, 1).tobytes()


def test_own_cards_the_others_know_about_are_shown():
    """What the others know of one's hand (cards taken from the area) is public: it shows."""
    from digsite.games.archeos_society.actions import TAKE0

    from .archeos_society_positions import arrange, card, cards

    state = new_state(3)
    arrange(state, hands={0: cards("red guide"), 1: [], 2: []}, area=cards("blue guide"))
    drawn = state.clone()
    drawn.hands[0][card("red guide")] -= 1
    drawn.hands[0][card("blue guide")] += 1
    drawn.area[card("blue guide")] -= 1
    drawn.area[card("red guide")] += 1
    drawn.sync_planes()
    state.apply_action(TAKE0 + card("blue guide"))
    drawn.apply_action(TAKE0 + card("red guide"))
    # the same hand (red and blue guide), the same area; only what the others know differs
    assert state.view(0)["hand"] == drawn.view(0)["hand"]
    assert state.view(0)["players"][0]["known"] == [card("blue guide")]
    assert encoded(state, 0).tobytes() != encoded(drawn, 0).tobytes()


def test_seat_picture_reads_the_view_and_hides_the_other_hands():
    from .archeos_society_positions import arrange, cards

    state = new_state(2)
    arrange(state, hands={0: cards("red guide"), 1: cards("purple student")})
    mine, theirs = state.render(0), state.render(1)
    assert mine == state.game.render_view(state.view(0))
    assert "red Guide" in mine and "purple Student" not in mine
    assert "purple Student" in theirs and "red Guide" not in theirs
    spectator = state.render()
    assert "spectator" in spectator.splitlines()[0] and "purple Student" in spectator


def test_reference_holds_through_the_rare_decisions():
    """Suspended Cartographer expeditions, advanced vehicles, the Professor and Ur queues and
    the third monkey's holder, checked against the reference step by step."""
    from digsite.games.archeos_society.actions import (
        DRAW,
        EXTRA,
        PROFESSOR_MOVE,
        STOP,
        TARGET0,
        TOKEN0,
        TRAIT_COLOUR,
        UR,
        USE_ROLE,
    )
    from digsite.games.archeos_society.components import MONKEY

    from .archeos_society_positions import arrange, cards, refresh

    red, blue = 0, 2
    state = new_state(3, "rapa_nui")
    hand = cards("red cartographer", "red linguist", "red pilot", "red professor")
    arrange(state, hands={0: hand, 1: cards("green pilot"), 2: cards("blue pilot")})
    state.put("pos", replaced_in(state.pos, 2, blue, 2))
    refresh(state)
    script = [hand[0], TRAIT_COLOUR, hand[1], hand[2], STOP, USE_ROLE]
    script += [hand[3], TRAIT_COLOUR, TARGET0 + red, TOKEN0, TARGET0 + red]
    for action in script:
        state.apply_action(action)
        assert_matches_reference(state, f"after {state.action_to_string(action)}")
        if state.decision == EXTRA:
            assert state.view(1)["suspended"] == [{"leader": hand[0], "size": 3}]
    assert state.pos[0][red] == 2 and state.tokens[0] == 0
    # the third monkey: player 1 draws it; Professor sums 1, 0, 0
    state.monkeys = 2
    state.deck = [k for k in state.deck if k != MONKEY] + [MONKEY]
    state.top_left = 0
    refresh(state)
    state.apply_action(DRAW)
    assert state.decision == PROFESSOR_MOVE and state.view(0)["monkey_holder"] == 1
    assert state.view(0)["professor_queue"] == [[0, 1], [1, -1], [2, -1]]
    while state.decision == PROFESSOR_MOVE:
        assert_matches_reference(state, "Professor moves")
        state.apply_action(state.legal_actions()[0])
    assert_matches_reference(state, "season 2")

    state = new_state(4, "ur")
    colours = ("red", "green", "blue", "yellow")
    arrange(state, hands={p: cards(f"{c} pilot", f"{c} botanist") for p, c in enumerate(colours)})
    # a larger Ur cap for player 2
    state.put("pos", replaced_in(state.pos, 2, 4, 2))
    state.monkeys = 2
    state.deck = [k for k in state.deck if k != MONKEY] + [MONKEY]
    state.top_left = 0
    refresh(state)
    state.apply_action(DRAW)  # player 0 draws the third monkey
    assert state.decision == UR and state.view(1)["ur_queue"] == [1, 2, 3]
    while state.decision == UR:
        assert_matches_reference(state, "Ur")
        state.apply_action(STOP)
    assert_matches_reference(state, "after Ur")


def test_the_documentation_lists_every_view_field():
    """The "What a player knows" section of the package documentation names every key."""
    import re

    import digsite.games.archeos_society as package

    doc = package.__doc__
    section = doc[doc.index("What a player knows") : doc.index("Observation layout")]
    documented = set(re.findall(r"\b[a-z_]+\b", section))
    state = new_state(3, "rapa_nui")
    view = state.view(0)
    assert set(view) <= documented
    assert set(view["players"][0]) <= documented
    state.apply_action(next(a for a in state.legal_actions() if a < 72))  # lead
    assert set(state.view(0)["expedition"]) <= documented
